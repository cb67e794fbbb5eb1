package rules

import (
	"testing"
)

// BenchmarkClone: a titan battle state (10 titans, a 200-event log).
// Target: under 20 us.
func BenchmarkClone(b *testing.B) {
	s := titanState(10, 200)
	b.ReportAllocs()
	for b.Loop() {
		_ = s.Clone()
	}
}

func BenchmarkHash(b *testing.B) {
	s := titanState(10, 200)
	b.ReportAllocs()
	for b.Loop() {
		_ = s.Hash()
	}
}

// BenchmarkSubmitTrivial: one command that only logs a note, through the
// whole gate (checks, validate, clone, apply, settle, hash, record).
func BenchmarkSubmitTrivial(b *testing.B) {
	e, err := New(duel{}, duelState(1, 3), Config{})
	if err != nil {
		b.Fatal(err)
	}
	c := &noteCmd{By: e.State().Pending.Side, Text: "hello"}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.Submit(c); err != nil {
			b.Fatal(err)
		}
	}
}

func save200(b *testing.B) []byte {
	st := duelState(9, 1000)
	st.Options = map[string]string{"turns": "50"}
	e, err := New(duel{}, st, Config{Scenario: "1000"})
	if err != nil {
		b.Fatal(err)
	}
	if n := playFirst(b, e, 200); n != 200 {
		b.Fatalf("game lasted %d commands", n)
	}
	data, err := e.Save()
	if err != nil {
		b.Fatal(err)
	}
	return data
}

// BenchmarkReplay200: load a 200-command save (parse, rebuild, replay with
// a hash check per command).
func BenchmarkReplay200(b *testing.B) {
	data := save200(b)
	reg := mustRegistry(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Load(data, reg, duelBuild, Config{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSeededDice(b *testing.B) {
	d := NewSeededDice(1, 1)
	r := Roll{Sides: 6}
	for b.Loop() {
		_ = d.Roll(r, 4)
	}
}

// BenchmarkOddsVolley: the exact distribution of damaging hits from a
// Vulcan Mega-bolter sized volley (8 dice to hit, then a damage die per
// hit), the kind of preview the UI computes on hover.
func BenchmarkOddsVolley(b *testing.B) {
	for b.Loop() {
		_ = Successes(8, 6, 4).Then(func(h int) Dist { return Successes(h, 6, 4) })
	}
}
