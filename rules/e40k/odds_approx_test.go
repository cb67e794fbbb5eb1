package e40k

import (
	"math"
	"testing"
)

// TestLargeVolleyOddsAreEstimated: a volley that OddsOf cannot count by
// levels (here a resilient unit, REM-RES-1) with more ways of falling than
// maxOddsLeaves is estimated from samples and marked Approx; at units of
// 1 DC the same firepower-30 volley with three super-heavy weapons (which
// took seconds to enumerate) is exact, and the estimate agrees with it;
// the estimate of a volley small enough to enumerate agrees with the exact
// odds (digest section 2: firepower table, closest-first allocation).
func TestLargeVolleyOddsAreEstimated(t *testing.T) {
	ts := unitsAt(3, 4, 4, 5, 5, 6, 6, 4)
	at := Weapon{Name: "lascannon", Kind: ShotAntiTank}
	dice, err := AttackDice(30, Open, Options{})
	if err != nil {
		t.Fatal(err)
	}
	big := Volley{Firepower: 30, Dice: dice, Weapons: []Weapon{at, at, at}, SuperHeavies: 3, Targets: ts}
	od, err := OddsOf(big, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if od.Approx {
		t.Fatal("a volley at units of 1 DC should be counted exactly")
	}
	if p := od.Destroyed.AtLeast(1); p < 0.5 || p > 1+1e-9 {
		t.Errorf("chance to destroy a unit %.3f: implausible for 15+ dice against armour 3-6", p)
	}
	est, err := oddsBy(big, Options{}, 0, false)
	if err != nil {
		t.Fatal(err)
	}
	for k := 1; k <= 6; k++ {
		if d := math.Abs(od.Destroyed.AtLeast(k) - est.Destroyed.AtLeast(k)); d > 0.05 {
			t.Errorf("at least %d destroyed: exact %.3f, estimate %.3f", k, od.Destroyed.AtLeast(k), est.Destroyed.AtLeast(k))
		}
	}
	res := big
	res.Targets = unitsAt(3, 4, 4, 5, 5, 6, 6, 4)
	res.Targets[0].DC = 2
	od, err = OddsOf(res, Options{Resilient: true})
	if err != nil {
		t.Fatal(err)
	}
	if !od.Approx {
		t.Fatal("a volley of firepower 30 and three super-heavy weapons at a resilient unit should be estimated, not enumerated")
	}

	dice, err = AttackDice(12, Open, Options{})
	if err != nil {
		t.Fatal(err)
	}
	mid := Volley{Firepower: 12, Dice: dice, Weapons: []Weapon{at}, SuperHeavies: 1, Targets: ts}
	exact, err := oddsBy(mid, Options{}, math.Inf(1), false)
	if err != nil {
		t.Fatal(err)
	}
	est, err = oddsBy(mid, Options{}, 0, false)
	if err != nil {
		t.Fatal(err)
	}
	if exact.Approx || !est.Approx {
		t.Fatalf("Approx: exact %v, estimate %v", exact.Approx, est.Approx)
	}
	for k := 1; k <= 4; k++ {
		if d := math.Abs(exact.Destroyed.AtLeast(k) - est.Destroyed.AtLeast(k)); d > 0.05 {
			t.Errorf("at least %d destroyed: exact %.3f, estimate %.3f", k, exact.Destroyed.AtLeast(k), est.Destroyed.AtLeast(k))
		}
		if d := math.Abs(exact.Markers.AtLeast(k) - est.Markers.AtLeast(k)); d > 0.05 {
			t.Errorf("at least %d markers: exact %.3f, estimate %.3f", k, exact.Markers.AtLeast(k), est.Markers.AtLeast(k))
		}
	}
	again, _ := oddsBy(mid, Options{}, 0, false)
	if again.Destroyed.AtLeast(1) != est.Destroyed.AtLeast(1) {
		t.Error("the same volley should get the same estimate")
	}
}

// BenchmarkOddsOfHugeDetachment: the volley that took seconds to enumerate.
func BenchmarkOddsOfHugeDetachment(b *testing.B) {
	ts := unitsAt(3, 4, 4, 5, 5, 6, 6, 4)
	at := Weapon{Name: "lascannon", Kind: ShotAntiTank}
	dice, err := AttackDice(30, Open, Options{})
	if err != nil {
		b.Fatal(err)
	}
	v := Volley{Firepower: 30, Dice: dice, Weapons: []Weapon{at, at, at}, SuperHeavies: 3, Targets: ts}
	defer cpuPerOp(b)()
	for b.Loop() {
		if _, err := OddsOf(v, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
