package atii

import (
	"math"
	"testing"
)

// ATII-CC-2, ATII-CC-3: CloseCombatVP, the expected victory points one
// round of a's close combat attacks (Chainfist, Powerfist with its tear,
// improvised attacks +1 for charging) takes off b, matches the mean of
// the resolved strikes, each hit valued against b's state before the
// round; and a Catastrophic leg hit counts the whole titan.
func TestCloseCombatVPMatchesStrikes(t *testing.T) {
	a, b := ccPair()
	const points = 500
	want, err := CloseCombatVP(a, b, points, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if want <= 0 {
		t.Fatalf("expected VP %v, want more than 0 against a Powerfist and a Chainfist", want)
	}
	ws, err := CCWeapons(a, Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := newXor(4242)
	before := float64(TitanVictoryPoints(b.Unit, points, b.State, false, false))
	const n = 40000
	var sum, sq float64
	for k := 0; k < n; k++ {
		round := 0.0
		for _, w := range ws {
			ds := b.State.Clone()
			st, err := strikeCC(a, b, w, &ds, Options{}, d)
			if err != nil {
				t.Fatal(err)
			}
			if st.Hits > 0 {
				round += float64(TitanVictoryPoints(b.Unit, points, ds, false, false)) - before
			}
		}
		sum += round
		sq += round * round
	}
	mean := sum / n
	sd := math.Sqrt(sq/n - mean*mean)
	if tol := 5*sd/math.Sqrt(n) + 0.02*want; math.Abs(mean-want) > tol {
		t.Errorf("CloseCombatVP %.2f, strikes average %.2f (tolerance %.2f)", want, mean, tol)
	}
	crashed := b
	crashed.State = TitanState{Legs: Major}
	hurt, err := CloseCombatVP(a, crashed, points, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if hurt <= want {
		t.Errorf("against Major legs (a Major hit crashes it) %.2f, want more than %.2f against undamaged legs", hurt, want)
	}
}
