package rules

import (
	"encoding/binary"
	"fmt"
	"math"
	"slices"
)

// Hash returns a stable 64-bit FNV-1a digest of the game state: the same
// state gives the same hash on every run, platform and Go version (map keys
// are digested entry by entry and combined by addition, so iteration order
// does not matter; floats by their IEEE bits, integers as varints, every
// string and list is length-prefixed). Nil and empty maps or lists hash alike, so a JSON
// round trip (which drops empty fields) keeps the hash.
//
// The event log's content is not hashed, only its length: events are a
// consequence of the state and the commands, and hashing them on every
// command would make saves slow to verify.
func (s *State) Hash() uint64 {
	h := hasher{buf: make([]byte, 0, 512+256*len(s.Units))}
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
		h.counters(sd.Markers)
	}
	h.int(len(s.Formations))
	for i := range s.Formations {
		f := &s.Formations[i]
		h.str(f.ID)
		h.str(f.Side)
		h.str(f.Name)
		h.str(f.Orders)
		h.bool(f.Broken)
		h.counters(f.Markers)
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
	if len(s.Procs) > 0 {
		h.u64(procsDigest(s.Procs))
	}
	h.int(len(s.Log))
	return h.sum()
}

// HashString formats a state hash as the save file stores it: 16 lower-case
// hex digits.
func HashString(h uint64) string { return fmt.Sprintf("%016x", h) }

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// hasher builds the canonical encoding in a buffer; sum runs FNV-1a over it
// in one tight loop.
type hasher struct{ buf []byte }

func (h *hasher) sum() uint64 {
	v := uint64(fnvOffset)
	for _, b := range h.buf {
		v ^= uint64(b)
		v *= fnvPrime
	}
	return v
}

func (h *hasher) u64(x uint64) { h.buf = binary.LittleEndian.AppendUint64(h.buf, x) }

func (h *hasher) int(x int) { h.buf = binary.AppendVarint(h.buf, int64(x)) }

func (h *hasher) f64(x float64) {
	if x == 0 {
		x = 0 // -0 and +0 hash alike
	}
	h.u64(math.Float64bits(x))
}

func (h *hasher) bool(b bool) {
	if b {
		h.buf = append(h.buf, 1)
	} else {
		h.buf = append(h.buf, 0)
	}
}

func (h *hasher) str(s string) {
	h.int(len(s))
	h.buf = append(h.buf, s...)
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
	slices.Sort(keys)
	return keys
}

// Maps are hashed without sorting: each entry is digested on its own
// (FNV-1a over key, separator, value) and the digests are added, which does
// not depend on iteration order; the map's length and the sum go into the
// encoding.

func fnvString(v uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		v ^= uint64(s[i])
		v *= fnvPrime
	}
	return v
}

func fnvU64(v, x uint64) uint64 {
	for i := 0; i < 8; i++ {
		v ^= x & 0xff
		v *= fnvPrime
		x >>= 8
	}
	return v
}

func entry(k string) uint64 {
	v := fnvString(fnvOffset, k)
	v ^= 0xff // keys never contain 0xff in valid UTF-8: separates k from the value
	v *= fnvPrime
	return v
}

func (h *hasher) strMap(m map[string]string) {
	h.int(len(m))
	if len(m) == 0 {
		return
	}
	var sum uint64
	for k, v := range m {
		sum += fnvString(entry(k), v)
	}
	h.u64(sum)
}

func (h *hasher) labels(m Labels) {
	h.int(len(m))
	if len(m) == 0 {
		return
	}
	var sum uint64
	for _, e := range m {
		sum += fnvString(entry(e.Key), e.Val)
	}
	h.u64(sum)
}

func (h *hasher) counters(m Counters) {
	h.int(len(m))
	if len(m) == 0 {
		return
	}
	var sum uint64
	for _, e := range m {
		sum += fnvU64(entry(e.Key), uint64(int64(e.Val)))
	}
	h.u64(sum)
}

func (h *hasher) ext(m ExtData) {
	h.int(len(m))
	if len(m) == 0 {
		return
	}
	var sum uint64
	for _, e := range m {
		sum += fnvBytes(entry(e.Key), canonicalJSON(e.Val))
	}
	h.u64(sum)
}

func fnvBytes(v uint64, b []byte) uint64 {
	for _, c := range b {
		v ^= uint64(c)
		v *= fnvPrime
	}
	return v
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
	h.labels(u.Damage)
	h.int(u.Shields)
	h.counters(u.Markers)
	h.labels(u.Loadout)
	h.str(u.Orders)
	h.bool(u.Activated)
	h.bool(u.Moved)
	h.bool(u.Fired)
	h.f64(u.MovedDist)
	h.bool(u.Destroyed)
	h.bool(u.OffTable)
	h.ext(u.Ext)
}
