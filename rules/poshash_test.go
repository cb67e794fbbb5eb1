package rules

import (
	"encoding/json"
	"testing"
)

// TestPositionHash: the position hash ignores the command count and the
// log (equal positions match), survives a JSON round trip and map order,
// and shows every other kind of change that the replay hash shows.
func TestPositionHash(t *testing.T) {
	s := titanState(3, 5)
	h := s.PositionHash()
	c := s.Clone()
	c.Seq += 7
	c.Log = append(c.Log, Message("another way here"))
	if c.PositionHash() != h {
		t.Fatal("the command count or the log changed the position hash")
	}
	if c.Hash() == s.Hash() {
		t.Fatal("the replay hash ignores the command count")
	}
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var back State
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if back.PositionHash() != h {
		t.Fatal("position hash changed over a JSON round trip")
	}
	r := titanState(3, 5)
	r.Units[2].Damage = nil
	for _, k := range []string{"legs", "left-arm", "head"} {
		r.Units[2].Damage = append(r.Units[2].Damage, Pair[string]{k, s.Units[2].Damage.Value(k)})
	}
	r.Units[0].Markers = Counters{}
	s0 := titanState(3, 5)
	s0.Units[0].Markers = nil
	if r.PositionHash() != s0.PositionHash() {
		t.Fatal("position hash depends on map order or nil versus empty")
	}
	seen := map[uint64]string{}
	for name, m := range stateMutations() {
		c := titanState(3, 5)
		m(c)
		ph := c.PositionHash()
		if name == "seq" || name == "log" {
			if ph != h {
				t.Errorf("%s: position hash changed", name)
			}
			continue
		}
		if ph == h {
			t.Errorf("%s: position hash unchanged", name)
		}
		if o, dup := seen[ph]; dup {
			t.Errorf("%s and %s: same position hash", name, o)
		}
		seen[ph] = name
	}
}

// BenchmarkPositionHash: the position hash of the titan battle state
// BenchmarkHash digests.
func BenchmarkPositionHash(b *testing.B) {
	s := titanState(10, 200)
	b.ReportAllocs()
	for b.Loop() {
		_ = s.PositionHash()
	}
}

// TestWordsStringPacksLikeBytes: the loop-free packing of strings into
// words gives the little-endian bytes of every length, and a short string
// never hashes like a longer one with the same first bytes.
func TestWordsStringPacksLikeBytes(t *testing.T) {
	const text = "red-warhound-1-12/left-arm"
	for n := 0; n <= len(text); n++ {
		s := text[:n]
		var want uint64
		tail := s[n-n%8:]
		for i := len(tail) - 1; i >= 0; i-- {
			want = want<<8 | uint64(tail[i])
		}
		if n%8 != 0 || n < 8 {
			if got := shortWord(tail); got != want {
				t.Fatalf("%q: tail word %x, want %x", s, got, want)
			}
		}
		if n > 0 && wordsString(posSeed, s) == wordsString(posSeed, s[:n-1]) {
			t.Fatalf("%q hashes like %q", s, s[:n-1])
		}
	}
	if wordsString(posSeed, "abc") == wordsString(posSeed, "abc\x00") {
		t.Fatal("a trailing zero byte is lost")
	}
}
