package e40k

import (
	"testing"

	"github.com/auspex/auspex/rules"
)

// cpuPerOp starts measuring the process's CPU time; the function it
// returns reports it per operation as cpu-ns/op. Call it right before the
// timed loop.
func cpuPerOp(b *testing.B) func() {
	b.ResetTimer()
	start := processCPU()
	return func() {
		if used := processCPU() - start; used > 0 {
			b.ReportMetric(float64(used)/float64(b.N), "cpu-ns/op")
		}
	}
}

// A detachment's exact shooting odds (issue 11 asks for under 100 us):
// firepower 12 in the open (6 dice) and one anti-tank shot at six units
// of two armour values.
func BenchmarkOddsOfDetachment(b *testing.B) {
	ts := unitsAt(4, 4, 4, 6, 6, 4)
	at := Weapon{Name: "lascannon", Kind: ShotAntiTank}
	v := Volley{Firepower: 12, Dice: 6, Weapons: []Weapon{at}, SuperHeavies: 1, Targets: ts}
	b.ReportAllocs()
	defer cpuPerOp(b)()
	for i := 0; i < b.N; i++ {
		if _, err := OddsOf(v, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// A larger detachment's exact shooting odds: firepower 20 in the open
// (10 dice) and two anti-tank shots at eight units of armour 3 to 6. The
// enumeration grows with the dice and the armour values (every way the
// dice fall into the faces that matter is allocated): docs/benchmarks.md
// gives the cost of larger volleys.
func BenchmarkOddsOfLargeDetachment(b *testing.B) {
	ts := unitsAt(3, 4, 4, 5, 5, 6, 6, 4)
	at := Weapon{Name: "lascannon", Kind: ShotAntiTank}
	dice, err := AttackDice(20, Open, Options{})
	if err != nil {
		b.Fatal(err)
	}
	v := Volley{Firepower: 20, Dice: dice, Weapons: []Weapon{at, at}, SuperHeavies: 2, Targets: ts}
	b.ReportAllocs()
	defer cpuPerOp(b)()
	for b.Loop() {
		if _, err := OddsOf(v, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// A random playout of the small test battle to the end (issue 11 asks
// for 50 games a second a core on the combined-arms scenario), the driver
// taking Legal's choices as they are (suggested advances and charges
// included).
func BenchmarkRandomPlayoutLegal(b *testing.B) {
	r := testRuleset(b)
	for i := 0; i < b.N; i++ {
		e, err := rules.New(r, smallBattle(uint64(i+1), nil), rules.Config{Quiet: true})
		if err != nil {
			b.Fatal(err)
		}
		rng := rules.NewStream(uint64(i+1), 77)
		for n := 0; n < 4000 && !e.State().Over; n++ {
			p := e.State().Pending
			if p == nil {
				b.Fatal("stall")
			}
			ch := e.Legal(p.Side)
			if _, err := e.Submit(ch[rng.Uint32n(uint32(len(ch)))].Cmd); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkRandomPlayout is the same with the test driver's own move
// search (fillMoves) on top.
func BenchmarkRandomPlayout(b *testing.B) {
	r := testRuleset(b)
	for i := 0; i < b.N; i++ {
		e, err := rules.New(r, smallBattle(uint64(i+1), nil), rules.Config{Quiet: true})
		if err != nil {
			b.Fatal(err)
		}
		rng := rules.NewStream(uint64(i+1), 77)
		for n := 0; n < 4000 && !e.State().Over; n++ {
			p := e.State().Pending
			if p == nil {
				b.Fatal("stall")
			}
			ch := e.Legal(p.Side)
			c := ch[rng.Uint32n(uint32(len(ch)))].Cmd
			fillMoves(b, e, r, rng, c)
			if _, err := e.Submit(c); err != nil {
				b.Fatal(err)
			}
		}
	}
}
