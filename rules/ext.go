package rules

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
)

// ExtValue is a ruleset's typed value kept in State.Ext or Unit.Ext (a
// titan's damage, the game's progress). Values are stored as Go values and
// turned into JSON only when a state is saved or marshalled.
//
// A stored value is immutable: Clone shares it between states, so a
// ruleset replaces a value (ExtData.Set) and never edits one in place; to
// change it, take a copy with CloneExt, edit the copy and store that.
type ExtValue interface {
	// CloneExt returns a deep copy the caller may edit (an immutable
	// value may return itself).
	CloneExt() ExtValue
	// HashExt writes the value into a position hash. Equal values must
	// write equal input (map entries in any order: see PosHasher).
	HashExt(h *PosHasher)
	// MarshalJSON returns the value's canonical JSON, byte for byte what
	// encoding/json produces for it: the replay hash (State.Hash) digests
	// these bytes, and saves written before values were typed hold them.
	MarshalJSON() ([]byte, error)
}

// ExtCodec is implemented by a ruleset whose Ext values have typed forms.
// The engine calls it when a game starts (New, and so Load and Rebase) to
// turn every value still in JSON form (RawExt: a state read with
// encoding/json, or built by hand) into the ruleset's type for its key.
// DecodeExt returns RawExt(raw) for keys it does not type; its errors are
// the ruleset's, for JSON that does not fit the key's type.
type ExtCodec interface {
	DecodeExt(key string, raw []byte) (ExtValue, error)
}

// RawExt is an Ext value kept as JSON: what encoding/json decodes into a
// State, and what SetExt stores for a value that is not an ExtValue. The
// bytes are immutable (clones share them).
type RawExt []byte

// CloneExt implements ExtValue: the bytes are immutable, so it returns r.
func (r RawExt) CloneExt() ExtValue { return r }

// HashExt implements ExtValue: the bytes.
func (r RawExt) HashExt(h *PosHasher) { h.Bytes(r) }

// MarshalJSON implements ExtValue: the bytes as they are ("null" when
// empty).
func (r RawExt) MarshalJSON() ([]byte, error) {
	if len(r) == 0 {
		return []byte("null"), nil
	}
	return r, nil
}

// canonicalJSON returns v's JSON for the replay hash; a value that fails
// to encode gives its error text, so that the hash stays a pure function
// of the state.
func canonicalJSON(v ExtValue) []byte {
	if v == nil {
		return []byte("null")
	}
	b, err := v.MarshalJSON()
	if err != nil {
		return []byte("error: " + err.Error())
	}
	return b
}

// DecodeExt turns every RawExt value of s (game and units) into c's typed
// value for its key. Errors name the unit and key.
func (s *State) DecodeExt(c ExtCodec) error {
	var err error
	if s.Ext, err = decodeExtData(s.Ext, c); err != nil {
		return fmt.Errorf("ext: %w", err)
	}
	for i := range s.Units {
		if s.Units[i].Ext, err = decodeExtData(s.Units[i].Ext, c); err != nil {
			return fmt.Errorf("unit %s ext: %w", s.Units[i].ID, err)
		}
	}
	return nil
}

// decodeExtData returns m with its RawExt values typed: m itself when
// there are none, else a copy (lists are copy-on-write).
func decodeExtData(m ExtData, c ExtCodec) (ExtData, error) {
	copied := false
	for i := range m {
		raw, ok := m[i].Val.(RawExt)
		if !ok {
			continue
		}
		v, err := c.DecodeExt(m[i].Key, raw)
		if err != nil {
			return m, fmt.Errorf("%q: %w", m[i].Key, err)
		}
		if v == nil {
			continue
		}
		if !copied {
			m, copied = slices.Clone(m), true
		}
		m[i].Val = v
	}
	return m, nil
}

// GetExt reads the ruleset data stored under key into v (a pointer). A
// typed value of v's element type (or a pointer to one) is copied
// (CloneExt); anything else goes through its JSON. It reports whether the key was present; a decoding
// error names the key.
func (s *State) GetExt(key string, v any) (bool, error) { return getExt(s.Ext, key, v) }

// SetExt stores v under key: an ExtValue (or a value whose pointer is
// one) as a copy (CloneExt), any other value as its JSON (RawExt).
func (s *State) SetExt(key string, v any) error { return setExt(&s.Ext, key, v) }

// GetExt reads the unit's ruleset data stored under key into v, as
// State.GetExt.
func (u *Unit) GetExt(key string, v any) (bool, error) { return getExt(u.Ext, key, v) }

// SetExt stores v under key on the unit, as State.SetExt.
func (u *Unit) SetExt(key string, v any) error { return setExt(&u.Ext, key, v) }

func getExt(m ExtData, key string, v any) (bool, error) {
	stored, ok := m.Get(key)
	if !ok {
		return false, nil
	}
	if _, raw := stored.(RawExt); !raw && stored != nil {
		dst := reflect.ValueOf(v)
		if dst.Kind() == reflect.Pointer && !dst.IsNil() {
			src := reflect.ValueOf(stored.CloneExt())
			if src.Kind() == reflect.Pointer && !src.Type().AssignableTo(dst.Elem().Type()) {
				src = src.Elem()
			}
			if src.Type().AssignableTo(dst.Elem().Type()) {
				dst.Elem().Set(src)
				return true, nil
			}
		}
	}
	if err := json.Unmarshal(canonicalJSON(stored), v); err != nil {
		return true, fmt.Errorf("ext %q: %w", key, err)
	}
	return true, nil
}

func setExt(m *ExtData, key string, v any) error {
	if x, ok := v.(ExtValue); ok && x != nil {
		m.Set(key, x.CloneExt())
		return nil
	}
	if v != nil {
		// A value whose pointer is the ExtValue (the usual form).
		p := reflect.New(reflect.TypeOf(v))
		p.Elem().Set(reflect.ValueOf(v))
		if x, ok := p.Interface().(ExtValue); ok {
			m.Set(key, x.CloneExt())
			return nil
		}
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("ext %q: %w", key, err)
	}
	m.Set(key, RawExt(raw))
	return nil
}

// unmarshalExt reads a JSON object of Ext values as RawExt (the ruleset
// types them: State.DecodeExt).
func unmarshalExt(p *ExtData, data []byte) error {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		return err
	}
	out := make(ExtData, 0, len(m))
	for k, v := range m {
		out = append(out, Pair[ExtValue]{Key: k, Val: RawExt(v)})
	}
	*p = sortPairs(out)
	return nil
}
