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
// because a State holds dozens of these tiny maps and Clone copies every
// unit: a slice header copies for free, a map needs two allocations and a
// rehash. Lookups are a linear scan, the fastest choice for the handful of
// entries a unit has.
//
// A list is copy-on-write: the methods never edit its backing array in
// place (Set, Delete and AddCount build a new one), so State.Clone shares
// every unit's lists instead of copying them. Do not write entries by
// index, append to a list, nor sort one in place.
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

// Set stores v under k, keeping the keys sorted. It builds a new backing
// array (copy-on-write).
func (p *Pairs[V]) Set(k string, v V) {
	i, ok := p.find(k)
	if ok {
		n := slices.Clone(*p)
		n[i].Val = v
		*p = n
		return
	}
	n := make(Pairs[V], 0, len(*p)+1)
	n = append(n, (*p)[:i]...)
	n = append(n, Pair[V]{Key: k, Val: v})
	*p = append(n, (*p)[i:]...)
}

// Delete removes k if present, into a new backing array (copy-on-write).
func (p *Pairs[V]) Delete(k string) {
	if i, ok := p.find(k); ok {
		if len(*p) == 1 {
			*p = nil
			return
		}
		n := make(Pairs[V], 0, len(*p)-1)
		n = append(n, (*p)[:i]...)
		*p = append(n, (*p)[i+1:]...)
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
	v := (*c)[i].Val + d
	c.Set(k, v)
	return v
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

// normalized returns p sorted by key (p itself when it is, a sorted copy
// when not: lists are copy-on-write) and reports a duplicate key.
func (p Pairs[V]) normalized() (Pairs[V], error) {
	for i := 1; i < len(p); i++ {
		if p[i-1].Key >= p[i].Key {
			p = slices.Clone(p)
			slices.SortStableFunc(p, func(a, b Pair[V]) int { return strings.Compare(a.Key, b.Key) })
			break
		}
	}
	for i := 1; i < len(p); i++ {
		if p[i].Key == p[i-1].Key {
			return p, fmt.Errorf("key %q appears twice", p[i].Key)
		}
	}
	return p, nil
}

// normalize sorts every Pairs list of s (a scenario builder may have written
// them in any order) and rejects duplicate keys, naming the owner.
func (s *State) normalize() error {
	var err error
	for i := range s.Sides {
		if s.Sides[i].Markers, err = s.Sides[i].Markers.normalized(); err != nil {
			return fmt.Errorf("side %s markers: %w", s.Sides[i].ID, err)
		}
	}
	for i := range s.Formations {
		if s.Formations[i].Markers, err = s.Formations[i].Markers.normalized(); err != nil {
			return fmt.Errorf("formation %s markers: %w", s.Formations[i].ID, err)
		}
	}
	for i := range s.Units {
		u := &s.Units[i]
		if u.Damage, err = u.Damage.normalized(); err != nil {
			return fmt.Errorf("unit %s damage: %w", u.ID, err)
		}
		if u.Markers, err = u.Markers.normalized(); err != nil {
			return fmt.Errorf("unit %s markers: %w", u.ID, err)
		}
		if u.Loadout, err = u.Loadout.normalized(); err != nil {
			return fmt.Errorf("unit %s loadout: %w", u.ID, err)
		}
		if u.Ext, err = u.Ext.normalized(); err != nil {
			return fmt.Errorf("unit %s ext: %w", u.ID, err)
		}
	}
	if s.Ext, err = s.Ext.normalized(); err != nil {
		return fmt.Errorf("ext: %w", err)
	}
	return nil
}
