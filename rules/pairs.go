package rules

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Pair is one named value of a Pairs list.
type Pair[V any] struct {
	Key string
	Val V
}

// Pairs is a small string-keyed map kept as a slice sorted by key. Unit
// status (damage by location, markers, loadout) uses it instead of Go maps
// because a State holds dozens of these tiny maps and Clone copies all of
// them: a slice copies with one allocation (Clone packs every unit's lists
// into one backing array), a map needs two per map and a rehash. Lookups are
// a linear scan, the fastest choice for the handful of entries a unit has.
//
// It marshals to and from a JSON object. The zero value is empty and ready
// to use. Build literals with the methods (or sorted by key by hand).
type Pairs[V any] []Pair[V]

// Labels maps names to strings (damage levels by location, weapons by mount).
type Labels = Pairs[string]

// Counters maps names to counts (markers, victory points).
type Counters = Pairs[int]

// ExtData maps keys to ruleset values (see State.Ext and ExtValue).
type ExtData = Pairs[ExtValue]

func (p Pairs[V]) find(k string) (int, bool) {
	for i := range p {
		if p[i].Key >= k {
			return i, p[i].Key == k
		}
	}
	return len(p), false
}

// Get returns the value for k and whether it is present.
func (p Pairs[V]) Get(k string) (V, bool) {
	if i, ok := p.find(k); ok {
		return p[i].Val, true
	}
	var zero V
	return zero, false
}

// Value returns the value for k, the zero value when absent.
func (p Pairs[V]) Value(k string) V {
	v, _ := p.Get(k)
	return v
}

// Has reports whether k is present.
func (p Pairs[V]) Has(k string) bool {
	_, ok := p.find(k)
	return ok
}

// Set stores v under k, keeping the keys sorted.
func (p *Pairs[V]) Set(k string, v V) {
	i, ok := p.find(k)
	if ok {
		(*p)[i].Val = v
		return
	}
	*p = slices.Insert(*p, i, Pair[V]{Key: k, Val: v})
}

// Delete removes k if present.
func (p *Pairs[V]) Delete(k string) {
	if i, ok := p.find(k); ok {
		*p = slices.Delete(*p, i, i+1)
	}
}

// Len is the number of entries.
func (p Pairs[V]) Len() int { return len(p) }

// Keys returns the keys in order.
func (p Pairs[V]) Keys() []string {
	out := make([]string, len(p))
	for i := range p {
		out[i] = p[i].Key
	}
	return out
}

// Clone returns a copy (nil when empty).
func (p Pairs[V]) Clone() Pairs[V] {
	if len(p) == 0 {
		return nil
	}
	return slices.Clone(p)
}

// AddCount adds d to the counter k (creating it at 0) and returns the new
// value.
func AddCount(c *Counters, k string, d int) int {
	i, ok := c.find(k)
	if !ok {
		c.Set(k, d)
		return d
	}
	(*c)[i].Val += d
	return (*c)[i].Val
}

// String is "k=v k=v".
func (p Pairs[V]) String() string {
	parts := make([]string, len(p))
	for i, e := range p {
		parts[i] = fmt.Sprintf("%s=%v", e.Key, e.Val)
	}
	return strings.Join(parts, " ")
}

// MarshalJSON writes a JSON object with the keys in order.
func (p Pairs[V]) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, e := range p {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(e.Key)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(e.Val)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", e.Key, err)
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON reads a JSON object (null gives an empty list).
func (p *Pairs[V]) UnmarshalJSON(data []byte) error {
	if x, ok := any(p).(*ExtData); ok {
		return unmarshalExt(x, data)
	}
	var m map[string]V
	if err := json.Unmarshal(data, &m); err != nil {
		return err
	}
	out := make(Pairs[V], 0, len(m))
	for k, v := range m {
		out = append(out, Pair[V]{Key: k, Val: v})
	}
	*p = sortPairs(out)
	return nil
}

// sortPairs sorts p by key (nil when empty).
func sortPairs[V any](p Pairs[V]) Pairs[V] {
	if len(p) == 0 {
		return nil
	}
	slices.SortFunc(p, func(a, b Pair[V]) int { return strings.Compare(a.Key, b.Key) })
	return p
}

// PairsOf builds a sorted Pairs list from a map (nil for an empty map).
func PairsOf[V any](m map[string]V) Pairs[V] {
	if len(m) == 0 {
		return nil
	}
	out := make(Pairs[V], 0, len(m))
	for k, v := range m {
		out = append(out, Pair[V]{Key: k, Val: v})
	}
	slices.SortFunc(out, func(a, b Pair[V]) int { return strings.Compare(a.Key, b.Key) })
	return out
}

// normalize sorts p by key and reports a duplicate key.
func (p Pairs[V]) normalize() error {
	slices.SortStableFunc(p, func(a, b Pair[V]) int { return strings.Compare(a.Key, b.Key) })
	for i := 1; i < len(p); i++ {
		if p[i].Key == p[i-1].Key {
			return fmt.Errorf("key %q appears twice", p[i].Key)
		}
	}
	return nil
}

// normalize sorts every Pairs list of s (a scenario builder may have written
// them in any order) and rejects duplicate keys, naming the owner.
func (s *State) normalize() error {
	for i := range s.Sides {
		if err := s.Sides[i].Markers.normalize(); err != nil {
			return fmt.Errorf("side %s markers: %w", s.Sides[i].ID, err)
		}
	}
	for i := range s.Formations {
		if err := s.Formations[i].Markers.normalize(); err != nil {
			return fmt.Errorf("formation %s markers: %w", s.Formations[i].ID, err)
		}
	}
	for i := range s.Units {
		u := &s.Units[i]
		for name, p := range map[string]interface{ normalize() error }{
			"damage": u.Damage, "markers": u.Markers, "loadout": u.Loadout, "ext": u.Ext,
		} {
			if err := p.normalize(); err != nil {
				return fmt.Errorf("unit %s %s: %w", u.ID, name, err)
			}
		}
	}
	if err := s.Ext.normalize(); err != nil {
		return fmt.Errorf("ext: %w", err)
	}
	return nil
}
