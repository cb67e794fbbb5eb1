package rules

import (
	"math"
	"testing"
)

// TestPCG32ReferenceVector checks the generator against the output of the
// reference pcg32-demo (pcg-c-basic) for initstate 42, initseq 54.
func TestPCG32ReferenceVector(t *testing.T) {
	p := NewPCG32(42, 54)
	want := []uint32{0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e}
	for i, w := range want {
		if got := p.Uint32(); got != w {
			t.Fatalf("output %d: %#08x, want %#08x", i, got, w)
		}
	}
}

func TestUint32nStaysInRangeAndCoversIt(t *testing.T) {
	p := NewStream(1, 1)
	for _, n := range []uint32{1, 2, 3, 6, 10, 20} {
		seen := make([]bool, n)
		for i := 0; i < 2000; i++ {
			v := p.Uint32n(n)
			if v >= n {
				t.Fatalf("Uint32n(%d) = %d", n, v)
			}
			seen[v] = true
		}
		for v, ok := range seen {
			if !ok {
				t.Errorf("Uint32n(%d) never gave %d in 2000 draws", n, v)
			}
		}
	}
	if p.Uint32n(0) != 0 {
		t.Error("Uint32n(0) != 0")
	}
	for i := 0; i < 1000; i++ {
		if f := p.Float64(); f < 0 || f >= 1 {
			t.Fatalf("Float64 = %v", f)
		}
	}
}

func TestStreamsDependOnlyOnSeedAndIndex(t *testing.T) {
	a, b := NewStream(7, 3), NewStream(7, 3)
	for i := 0; i < 100; i++ {
		if a.Uint32() != b.Uint32() {
			t.Fatal("same key, different streams")
		}
	}
	// Neighbouring keys must not give the same first outputs.
	first := map[uint64]bool{}
	for seed := uint64(0); seed < 50; seed++ {
		for idx := uint64(0); idx < 50; idx++ {
			s := NewStream(seed, idx)
			v := uint64(s.Uint32())<<32 | uint64(s.Uint32())
			if first[v] {
				t.Fatalf("streams (%d, %d) and an earlier one start alike", seed, idx)
			}
			first[v] = true
		}
	}
}

// chiSquare compares observed counts against a distribution; it returns the
// statistic and the number of degrees of freedom.
func chiSquare(counts map[int]int, n int, d Dist) (float64, int) {
	chi, df := 0.0, -1
	d.Each(func(v int, p float64) {
		exp := p * float64(n)
		diff := float64(counts[v]) - exp
		chi += diff * diff / exp
		df++
	})
	return chi, df
}

// chiLimit is a generous upper bound for a chi-square statistic with df
// degrees of freedom (mean df, sd sqrt(2 df); 6 sd keeps false failures
// below one in a hundred million while catching any real bias).
func chiLimit(df int) float64 { return float64(df) + 6*math.Sqrt(2*float64(df)) }

// TestSeededDiceMatchExactOdds is the Monte Carlo check of the odds toolkit
// against the real dice: 2D6 sums from one long stream, and the first die
// of many command streams (most commands roll only a few dice, so the start
// of each stream matters most).
func TestSeededDiceMatchExactOdds(t *testing.T) {
	const n = 60000
	two := SumOfDice(2, 6)
	d := NewSeededDice(2026, 1)
	counts := map[int]int{}
	for i := 0; i < n; i++ {
		f := d.Roll(Roll{Sides: 6}, 2)
		counts[f[0]+f[1]]++
	}
	if chi, df := chiSquare(counts, n, two); chi > chiLimit(df) {
		t.Errorf("2D6 from one stream: chi-square %.1f with %d df", chi, df)
	}
	counts = map[int]int{}
	for i := 0; i < n; i++ {
		f := NewSeededDice(77, uint64(i)).Roll(Roll{Sides: 6}, 1)
		counts[f[0]]++
	}
	if chi, df := chiSquare(counts, n, Die(6)); chi > chiLimit(df) {
		t.Errorf("first D6 of %d streams: chi-square %.1f with %d df", n, chi, df)
	}
	// Hits on 4+ with five dice (a binomial): exact vs sampled.
	counts = map[int]int{}
	for i := 0; i < n; i++ {
		hits := 0
		for _, f := range NewSeededDice(5, uint64(i)).Roll(Roll{Sides: 6}, 5) {
			if f >= 4 {
				hits++
			}
		}
		counts[hits]++
	}
	if chi, df := chiSquare(counts, n, Successes(5, 6, 4)); chi > chiLimit(df) {
		t.Errorf("5 dice hitting on 4+: chi-square %.1f with %d df", chi, df)
	}
	// d10 (Epic 3.0 to-hit dice).
	counts = map[int]int{}
	for i := 0; i < n; i++ {
		counts[d.Roll(Roll{Sides: 10}, 1)[0]]++
	}
	if chi, df := chiSquare(counts, n, Die(10)); chi > chiLimit(df) {
		t.Errorf("d10: chi-square %.1f with %d df", chi, df)
	}
}

func TestManualDiceQueue(t *testing.T) {
	m := Scripted(3, 4, 5)
	if got := m.Roll(Roll{Sides: 6, Purpose: "a"}, 2); got[0] != 3 || got[1] != 4 {
		t.Fatalf("got %v", got)
	}
	got := m.Roll(Roll{Sides: 6, Purpose: "b"}, 2)
	if len(got) != 2 || m.Short() == nil || m.Short().N != 2 || m.Short().Have != 1 || m.Short().Purpose != "b" {
		t.Fatalf("short roll: %v %+v", got, m.Short())
	}
	for _, f := range got {
		if f < 1 || f > 6 {
			t.Fatalf("placeholder face %d off the die", f)
		}
	}
	if err := m.Provide(0); err == nil {
		t.Error("face 0 accepted")
	}
	if m.Roll(Roll{Sides: 6}, 0) != nil {
		t.Error("rolling no dice gave faces")
	}
}

func TestRollString(t *testing.T) {
	r := Roll{Purpose: "to hit: Gatling Blaster", Sides: 6, Faces: []int{2, 4, 5, 6}, Target: 4, Mods: []string{"base 4+", "-1 cover"}}
	want := "to hit: Gatling Blaster: 4D6 [2 4 5 6] need 4+ (base 4+, -1 cover)"
	if got := r.String(); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// A roll secret to a side is logged as that side's secret: Side set and
// Data["secret"], which interfaces use to show it to that side only.
func TestSecretRollIsMarked(t *testing.T) {
	s := &State{Turn: 0, Step: "mission"}
	tr := newTray(NewSeededDice(1, 1), s, 1)
	tr.Roll(Roll{Purpose: "red secret objective card", Sides: 9, SecretTo: "red"}, 1)
	tr.Roll(Roll{Purpose: "public roll", Sides: 6}, 1)
	if len(tr.events) != 2 {
		t.Fatalf("events %+v", tr.events)
	}
	if e := tr.events[0]; e.Side != "red" || e.Data["secret"] == "" {
		t.Errorf("secret roll event not marked: %+v", e)
	}
	if e := tr.events[1]; e.Side != "" || e.Data["secret"] != "" {
		t.Errorf("public roll event marked secret: %+v", e)
	}
}
