package rules

import (
	"encoding/binary"
	"math"
	"math/bits"
)

// PositionHash returns a 64-bit digest of the position: everything Hash
// covers except the command count (Seq) and the event log, so the same
// position reached by different command sequences (or by the same ones
// in another order) hashes alike: the key of a search's transposition
// table. Like Hash it is stable across runs and platforms, lists that
// are maps (markers, damage, loadouts, ruleset data, options) hash alike
// in any order, nil and empty alike, and -0 like +0.
//
// It is not the replay hash: saves keep checking Hash, which also covers
// the command count and the log's length. It mixes 8 bytes at a time with
// xxHash64's round function, about ten times faster than Hash.
func (s *State) PositionHash() uint64 {
	h := PosHasher{v: posSeed}
	// Ext values hash through an interface call, which makes the hasher
	// they get escape: one scratch hasher serves every entry.
	scratch := new(PosHasher)
	h.str(s.Ruleset)
	h.strMap(s.Options)
	h.u64(s.Seed)
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
		h.unit(&s.Units[i], scratch)
	}
	if p := s.Pending; p == nil {
		h.bool(false)
	} else {
		h.bool(true)
		h.str(p.Side)
		h.str(p.Kind)
		h.str(p.Prompt)
		h.strs(p.Commands)
		h.strs(p.Units)
	}
	h.bool(s.Over)
	if r := s.Result; r == nil {
		h.bool(false)
	} else {
		h.bool(true)
		h.str(r.Winner)
		h.str(r.Kind)
		h.str(r.Text)
	}
	h.ext(s.Ext, scratch)
	if len(s.Procs) > 0 {
		h.u64(procsDigest(s.Procs))
	}
	return h.final()
}

// xxHash64's primes.
const (
	xxP1    = 11400714785074694791
	xxP2    = 14029467366897019727
	xxP3    = 1609587929392839161
	posSeed = 0x6175737065782d31 // "auspex-1"
)

// PosHasher is a running position hash (xxHash64-style, one round per
// 8-byte word), handed to ExtValue.HashExt. Lists go in with their length
// first (Int(len) then the items). A map, whose order must not matter, is
// hashed entry by entry: each entry into its own NewPosHasher, the
// entries' Sums added, and then Int(len) and U64(total) written.
type PosHasher struct{ v uint64 }

// NewPosHasher returns a fresh hasher, e.g. for one map entry.
func NewPosHasher() PosHasher { return PosHasher{v: posSeed} }

// Sum returns the digest of what was written (avalanched, so that sums of
// similar entries do not cancel).
func (h *PosHasher) Sum() uint64 { return avalanche(h.v) }

// U64 writes x.
func (h *PosHasher) U64(x uint64) { h.v = round(h.v, x) }

// Int writes x.
func (h *PosHasher) Int(x int) { h.v = round(h.v, uint64(x)) }

// Bool writes b.
func (h *PosHasher) Bool(b bool) { h.bool(b) }

// F64 writes x by its bits (-0 as +0).
func (h *PosHasher) F64(x float64) { h.f64(x) }

// Str writes s with its length.
func (h *PosHasher) Str(s string) { h.v = wordsString(h.v, s) }

// Strs writes a list of strings with its length.
func (h *PosHasher) Strs(ss []string) { h.strs(ss) }

// Bytes writes b with its length.
func (h *PosHasher) Bytes(b []byte) { h.v = wordsBytes(h.v, b) }

func round(acc, x uint64) uint64 {
	acc += x * xxP2
	acc = bits.RotateLeft64(acc, 31)
	return acc * xxP1
}

func (h *PosHasher) u64(x uint64) { h.v = round(h.v, x) }

func (h *PosHasher) int(x int) { h.v = round(h.v, uint64(x)) }

func (h *PosHasher) bool(b bool) {
	if b {
		h.v = round(h.v, 1)
	} else {
		h.v = round(h.v, 0)
	}
}

func (h *PosHasher) f64(x float64) {
	if x == 0 {
		x = 0 // -0 and +0 hash alike
	}
	h.v = round(h.v, math.Float64bits(x))
}

func (h *PosHasher) str(s string) { h.v = wordsString(h.v, s) }

func (h *PosHasher) strs(ss []string) {
	h.int(len(ss))
	for _, s := range ss {
		h.str(s)
	}
}

// wordsString mixes s into v. A string shorter than 8 bytes is one round:
// its bytes with the length in the top byte. A longer one is folded 16
// bytes per 128-bit multiply (with its length) into one word, mixed in
// with one round.
func wordsString(v uint64, s string) uint64 {
	n := len(s)
	if n < 8 {
		return round(v, uint64(n)<<56|shortWord(s))
	}
	// Longer strings: 16 bytes per 128-bit multiply (wyhash's folded
	// multiply), the last 8 to 16 bytes overlapping the ones before, the
	// length in.
	x := uint64(n) * xxP3
	rest := s
	for len(rest) > 16 {
		x = mum(x^load64(rest)^xxP1, load64(rest[8:])^xxP2)
		rest = rest[16:]
	}
	a, b := load64(s[n-8:]), load64(s)
	if n > 16 {
		a, b = load64(s[n-16:]), load64(s[n-8:])
	}
	return round(v, mum(x^a^xxP1, b^xxP2))
}

// mum is the 128-bit product of a and b folded to 64 bits.
func mum(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	return hi ^ lo
}

// load64 reads s's first 8 bytes, little-endian (one load).
func load64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// load32 reads s's first 4 bytes, little-endian.
func load32(s string) uint64 {
	_ = s[3]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24
}

// shortWord packs a string of fewer than 8 bytes little-endian into a
// word without a loop: two overlapping 4-byte loads, or three single bytes.
func shortWord(s string) uint64 {
	switch n := len(s); {
	case n >= 4:
		return load32(s) | load32(s[n-4:])<<(8*(n-4))
	case n > 0:
		return uint64(s[0]) | uint64(s[n/2])<<(8*(n/2)) | uint64(s[n-1])<<(8*(n-1))
	}
	return 0
}

// wordsBytes is wordsString for a byte slice.
func wordsBytes(v uint64, b []byte) uint64 {
	v = round(v, uint64(len(b)))
	for len(b) >= 8 {
		v = round(v, binary.LittleEndian.Uint64(b))
		b = b[8:]
	}
	if len(b) > 0 {
		var t uint64
		for i := len(b) - 1; i >= 0; i-- {
			t = t<<8 | uint64(b[i])
		}
		v = round(v, t)
	}
	return v
}

// avalanche is xxHash64's final mix, applied to each map entry's digest
// before the entries are added (so sums of similar entries do not
// cancel) and to the whole.
func avalanche(v uint64) uint64 {
	v ^= v >> 33
	v *= xxP2
	v ^= v >> 29
	v *= xxP3
	v ^= v >> 32
	return v
}

func (h *PosHasher) final() uint64 { return avalanche(h.v) }

// Map-like lists: each entry is digested on its own and the digests
// added, so the order does not matter (and the entries' rounds do not
// wait for each other).

func (h *PosHasher) strMap(m map[string]string) {
	h.int(len(m))
	var sum uint64
	for k, v := range m {
		sum += avalanche(wordsString(wordsString(posSeed, k), v))
	}
	h.u64(sum)
}

func (h *PosHasher) labels(m Labels) {
	if len(m) == 0 {
		h.int(0)
		return
	}
	h.u64(labelsDigest(m))
}

func labelsDigest(m Labels) uint64 {
	sum := uint64(len(m))
	for _, e := range m {
		sum += avalanche(wordsString(wordsString(posSeed, e.Key), e.Val))
	}
	return sum
}

func (h *PosHasher) counters(m Counters) {
	if len(m) == 0 {
		h.int(0)
		return
	}
	h.u64(countersDigest(m))
}

func countersDigest(m Counters) uint64 {
	sum := uint64(len(m))
	for _, e := range m {
		sum += avalanche(round(wordsString(posSeed, e.Key), uint64(int64(e.Val))))
	}
	return sum
}

func (h *PosHasher) ext(m ExtData, scratch *PosHasher) {
	if len(m) == 0 {
		h.int(0)
		return
	}
	h.u64(extDigest(m, scratch))
}

// extDigest digests each entry (key, then value) through scratch: an
// interface call makes the hasher it gets escape, so one scratch hasher
// serves them all.
func extDigest(m ExtData, scratch *PosHasher) uint64 {
	sum := uint64(len(m))
	for _, e := range m {
		*scratch = PosHasher{v: wordsString(posSeed, e.Key)}
		if e.Val != nil {
			e.Val.HashExt(scratch)
		}
		sum += scratch.Sum()
	}
	return sum
}

// unit writes a unit's fields in order.
func (h *PosHasher) unit(u *Unit, scratch *PosHasher) {
	h.str(u.ID)
	h.str(u.Side)
	h.str(u.Type)
	h.str(u.Name)
	h.str(u.Formation)
	h.f64(u.Pos.X)
	h.f64(u.Pos.Y)
	h.f64(u.Facing)
	h.labels(u.Damage)
	h.u64(uint64(uint32(u.Shields)) | flags(u.Activated, u.Moved, u.Fired, u.Destroyed, u.OffTable)<<32)
	h.counters(u.Markers)
	h.labels(u.Loadout)
	h.str(u.Orders)
	h.f64(u.MovedDist)
	h.ext(u.Ext, scratch)
}

// flags packs booleans into one word, the first in bit 0.
func flags(bs ...bool) uint64 {
	var x uint64
	for i, b := range bs {
		if b {
			x |= 1 << i
		}
	}
	return x
}
