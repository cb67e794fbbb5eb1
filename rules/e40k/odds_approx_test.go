package e40k

import (
	"math"
	"testing"
)

// TestLargeVolleyOddsAreEstimated: a volley with more ways of falling than
// maxOddsLeaves (a firepower-30 detachment with three super-heavy weapons,
// which took seconds to enumerate and would stall Legal, whose fire
// choices quote the odds) is estimated from samples and marked Approx;
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
	if !od.Approx {
		t.Fatal("a volley of firepower 30 and three super-heavy weapons should be estimated, not enumerated")
	}
	if p := od.Destroyed.AtLeast(1); p < 0.5 || p > 1+1e-9 {
		t.Errorf("estimated chance to destroy a unit %.3f: implausible for 15+ dice against armour 3-6", p)
	}

	dice, err = AttackDice(12, Open, Options{})
	if err != nil {
		t.Fatal(err)
	}
	mid := Volley{Firepower: 12, Dice: dice, Weapons: []Weapon{at}, SuperHeavies: 1, Targets: ts}
	exact, err := oddsOf(mid, Options{}, math.Inf(1))
	if err != nil {
		t.Fatal(err)
	}
	est, err := oddsOf(mid, Options{}, 0)
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
	again, _ := oddsOf(mid, Options{}, 0)
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
	for b.Loop() {
		if _, err := OddsOf(v, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
