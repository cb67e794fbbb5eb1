package rules

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
)

// Hash returns a stable 64-bit FNV-1a digest of the game state: the same
// state gives the same hash on every run, platform and Go version (map keys
// are visited in sorted order, floats by their IEEE bits, every string and
// list is length-prefixed). Nil and empty maps or lists hash alike, so a JSON
// round trip (which drops empty fields) keeps the hash.
//
// The event log's content is not hashed, only its length: events are a
// consequence of the state and the commands, and hashing them on every
// command would make saves slow to verify.
func (s *State) Hash() uint64 {
	h := hasher{v: fnvOffset}
	h.str(s.Ruleset)
	h.strMap(s.Options)
	h.u64(s.Seed)
	h.int(s.Seq)
	h.int(s.Turn)
	h.str(s.Phase)
	h.str(s.Step)
	h.str(s.Active)
	h.int(len(s.Sides))
	for i := range s.Sides {
		sd := &s.Sides[i]
		h.str(sd.ID)
		h.str(sd.Name)
		h.str(sd.Controller)
		h.intMap(sd.Markers)
	}
	h.int(len(s.Formations))
	for i := range s.Formations {
		f := &s.Formations[i]
		h.str(f.ID)
		h.str(f.Side)
		h.str(f.Name)
		h.str(f.Orders)
		h.bool(f.Broken)
		h.intMap(f.Markers)
	}
	h.int(len(s.Units))
	for i := range s.Units {
		h.unit(&s.Units[i])
	}
	if s.Pending == nil {
		h.bool(false)
	} else {
		h.bool(true)
		h.str(s.Pending.Side)
		h.str(s.Pending.Kind)
		h.str(s.Pending.Prompt)
		h.strs(s.Pending.Commands)
		h.strs(s.Pending.Units)
	}
	h.bool(s.Over)
	if s.Result == nil {
		h.bool(false)
	} else {
		h.bool(true)
		h.str(s.Result.Winner)
		h.str(s.Result.Kind)
		h.str(s.Result.Text)
	}
	h.ext(s.Ext)
	h.int(len(s.Log))
	return h.v
}

// HashString formats a state hash as the save file stores it: 16 lower-case
// hex digits.
func HashString(h uint64) string { return fmt.Sprintf("%016x", h) }

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

type hasher struct{ v uint64 }

func (h *hasher) byte(b byte) {
	h.v ^= uint64(b)
	h.v *= fnvPrime
}

func (h *hasher) u64(x uint64) {
	for i := 0; i < 8; i++ {
		h.byte(byte(x >> (8 * i)))
	}
}

func (h *hasher) int(x int) { h.u64(uint64(int64(x))) }

func (h *hasher) f64(x float64) {
	if x == 0 {
		x = 0 // -0 and +0 hash alike
	}
	h.u64(math.Float64bits(x))
}

func (h *hasher) bool(b bool) {
	if b {
		h.byte(1)
	} else {
		h.byte(0)
	}
}

func (h *hasher) str(s string) {
	h.int(len(s))
	for i := 0; i < len(s); i++ {
		h.byte(s[i])
	}
}

func (h *hasher) strs(ss []string) {
	h.int(len(ss))
	for _, s := range ss {
		h.str(s)
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func (h *hasher) strMap(m map[string]string) {
	h.int(len(m))
	if len(m) == 0 {
		return
	}
	for _, k := range sortedKeys(m) {
		h.str(k)
		h.str(m[k])
	}
}

func (h *hasher) intMap(m map[string]int) {
	h.int(len(m))
	if len(m) == 0 {
		return
	}
	for _, k := range sortedKeys(m) {
		h.str(k)
		h.int(m[k])
	}
}

func (h *hasher) ext(m map[string]json.RawMessage) {
	h.int(len(m))
	if len(m) == 0 {
		return
	}
	for _, k := range sortedKeys(m) {
		h.str(k)
		h.str(string(m[k]))
	}
}

func (h *hasher) unit(u *Unit) {
	h.str(u.ID)
	h.str(u.Side)
	h.str(u.Type)
	h.str(u.Name)
	h.str(u.Formation)
	h.f64(u.Pos.X)
	h.f64(u.Pos.Y)
	h.f64(u.Facing)
	h.strMap(u.Damage)
	h.int(u.Shields)
	h.intMap(u.Markers)
	h.strMap(u.Loadout)
	h.str(u.Orders)
	h.bool(u.Activated)
	h.bool(u.Moved)
	h.bool(u.Fired)
	h.f64(u.MovedDist)
	h.bool(u.Destroyed)
	h.bool(u.OffTable)
	h.ext(u.Ext)
}
