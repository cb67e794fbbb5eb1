package e40k

import (
	"math"
	"math/rand/v2"
	"testing"
)

// randomVolley draws a volley small enough to enumerate: up to 9 units of
// armour 1-7 (distances with ties), up to 7 attack dice and up to 3
// super-heavy weapons of the allocated kinds, some with a fixed score or
// several shots.
func randomVolley(rng *rand.Rand, units int) Volley {
	ts := make([]Target, units)
	for i := range ts {
		ts[i] = Target{ID: string(rune('a' + i)), Dist: float64(rng.IntN(6)), Armour: 1 + rng.IntN(7), DC: rng.IntN(2)}
	}
	kinds := []string{ShotAntiTank, ShotDeathRay, ShotOther, ShotBarrage, ShotHeavy, ShotDistortion}
	var ws []Weapon
	for k := rng.IntN(4); k > 0; k-- {
		w := Weapon{Name: "w", Kind: kinds[rng.IntN(len(kinds))]}
		switch rng.IntN(5) {
		case 0:
			w.FixedTarget = 2 + rng.IntN(5)
		case 1:
			w.Shots = 1 + rng.IntN(2)
		}
		ws = append(ws, w)
	}
	fp := rng.IntN(26)
	return Volley{Firepower: fp, Dice: rng.IntN(8), Weapons: ws, SuperHeavies: len(ws) + rng.IntN(6), Targets: ts}
}

// TestLevelOddsEqualEnumeration: on many random volleys at units of 1 DC
// (closest-first allocation, the lowest-armour rule, anti-tank shots,
// REM-AT-1, Death Rays, blast markers, E40K-BM-1, digest section 2), the
// odds counted level by level equal those of allocating every way the
// dice fall (the enumeration OddsOf used before), under every option that
// changes allocation.
func TestLevelOddsEqualEnumeration(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 40))
	opts := []Options{{}, {ATFixed: true}, {WeaponOptions: WeaponOptions{DeathRay2Plus: true}}, {MixedFire: true}, {MixedFire: true, MixedFireReverse: true, ATFixed: true}, {Resilient: true, WEAllocation: true}}
	applied := 0
	for n := 0; n < 2000; n++ {
		v := randomVolley(rng, 1+rng.IntN(9))
		o := opts[n%len(opts)]
		if !levelOddsApply(v, o) || enumLeaves(v, o) > 3000 {
			continue
		}
		applied++
		got, err := oddsBy(v, o, math.Inf(1), true)
		if err != nil {
			t.Fatal(err)
		}
		want, err := oddsBy(v, o, math.Inf(1), false)
		if err != nil {
			t.Fatal(err)
		}
		if got.Approx || want.Approx {
			t.Fatalf("volley %d: estimated (%v, %v)", n, got.Approx, want.Approx)
		}
		for k := 0; k <= len(v.Targets); k++ {
			if d := math.Abs(got.Destroyed.P(k) - want.Destroyed.P(k)); d > 1e-10 {
				t.Errorf("volley %d %+v %v: P(%d destroyed) by levels %v, enumerated %v", n, v, o.Enabled(), k, got.Destroyed.P(k), want.Destroyed.P(k))
			}
		}
		for k := 0; k <= 6; k++ {
			if d := math.Abs(got.Markers.P(k) - want.Markers.P(k)); d > 1e-10 {
				t.Errorf("volley %d %+v %v: P(%d markers) by levels %v, enumerated %v", n, v, o.Enabled(), k, got.Markers.P(k), want.Markers.P(k))
			}
		}
		if got.Hits.String() != want.Hits.String() {
			t.Errorf("volley %d: hits %v, enumerated %v", n, got.Hits, want.Hits)
		}
	}
	if applied < 400 {
		t.Errorf("only %d volleys counted by levels", applied)
	}
}

// TestLevelOddsApply: war engines, units of 2 DC (REM-RES-1) and the two
// steps of REM-MIX-1 with shots other than anti-tank are left to the
// enumeration.
func TestLevelOddsApply(t *testing.T) {
	at := Weapon{Name: "at", Kind: ShotAntiTank}
	ray := Weapon{Name: "ray", Kind: ShotDeathRay}
	v := Volley{Dice: 3, Weapons: []Weapon{at, ray}, Targets: unitsAt(4, 5)}
	if !levelOddsApply(v, Options{}) || !levelOddsApply(Volley{Dice: 3, Weapons: []Weapon{at}, Targets: unitsAt(4)}, Options{MixedFire: true}) {
		t.Error("units of 1 DC in one allocation step should be counted by levels")
	}
	if levelOddsApply(v, Options{MixedFire: true}) {
		t.Error("REM-MIX-1 with a Death Ray takes two steps")
	}
	res := v
	res.Targets = unitsAt(4, 5)
	res.Targets[1].DC = 2
	if levelOddsApply(res, Options{}) {
		t.Error("a unit of 2 DC")
	}
	we := v
	we.Targets = unitsAt(4, 5)
	we.Targets[0].WarEngine = true
	if levelOddsApply(we, Options{}) {
		t.Error("a war engine")
	}
}

// enumLeaves is how many ways of falling the enumeration walks for v.
func enumLeaves(v Volley, o Options) float64 {
	lowest := 7
	for _, t := range v.Targets {
		lowest = min(lowest, t.Armour)
	}
	return leaves(enumGroups(v, o, lowest))
}

// TestOddsWithAnEmptyFirstStep: under REM-MIX-1 a volley whose first step
// has no dice (no firepower and no anti-tank shot; or, reversed, no other
// super-heavy shot) is allocated in the second step alone. The odds equal
// resolving every way the dice fall (the enumeration once reused the
// previous way's destroyed units when a step had no dice).
func TestOddsWithAnEmptyFirstStep(t *testing.T) {
	ts := unitsAt(4, 5, 3)
	other := Weapon{Name: "battlecannon", Kind: ShotOther}
	at := Weapon{Name: "lascannon", Kind: ShotAntiTank}
	for _, c := range []struct {
		v Volley
		o Options
	}{
		{Volley{Firepower: 0, Dice: 0, Weapons: []Weapon{other, other}, SuperHeavies: 2, Targets: ts}, Options{MixedFire: true}},
		{Volley{Firepower: 4, Dice: 2, Weapons: []Weapon{at}, SuperHeavies: 1, Targets: ts}, Options{MixedFire: true, MixedFireReverse: true}},
	} {
		v, o := c.v, c.o
		n := v.Dice + len(v.Weapons)
		var dw [4]float64
		faces := make([]int, n)
		var rec func(i int)
		rec = func(i int) {
			if i < n {
				for f := 1; f <= 6; f++ {
					faces[i] = f
					rec(i + 1)
				}
				return
			}
			var fp, shw []Shot
			for _, f := range faces[:v.Dice] {
				if f >= 3 {
					fp = append(fp, Shot{Face: f})
				}
			}
			for k, w := range v.Weapons {
				shw = append(shw, Shot{Face: faces[v.Dice+k], Kind: w.Kind, Need: ShotNeed(w, o)})
			}
			a, err := Resolve(ts, fp, shw, o)
			if err != nil {
				t.Fatal(err)
			}
			dw[a.Destroyed] += math.Pow(6, -float64(n))
		}
		rec(0)
		for _, levels := range []bool{true, false} {
			od, err := oddsBy(v, o, math.Inf(1), levels)
			if err != nil {
				t.Fatal(err)
			}
			for k := range dw {
				if math.Abs(dw[k]-od.Destroyed.P(k)) > 1e-12 {
					t.Errorf("%v (levels %v): P(%d destroyed) %v, resolving each way %v", o.Enabled(), levels, k, od.Destroyed.P(k), dw[k])
				}
			}
		}
	}
}

// TestOverwatchRerollOdds: overwatch orders re-roll the attack dice that
// miss (DIGEST section 2, orders), so each die hits with 1-(1-p)^2 and
// the odds of units destroyed and blast markers follow: by levels and
// by enumeration alike, and as a count of the resolution's own dice
// (every way two rolls of each die fall, the second only for a miss).
func TestOverwatchRerollOdds(t *testing.T) {
	// Two dice needing 3+: 2 x 8/9 = 1.78 expected hits (1.33 without).
	v := Volley{Firepower: 3, Dice: 2, Targets: []Target{{ID: "a", Armour: 3, Dist: 5}, {ID: "b", Armour: 5, Dist: 9}}, Reroll: true}
	od, err := OddsOf(v, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if m := od.Hits.Mean(); math.Abs(m-16.0/9) > 1e-12 {
		t.Fatalf("expected hits with the re-roll %v, want 16/9", m)
	}
	// The resolution's dice: each die's first roll, and its second roll
	// when the first missed (faces under 3), all 36 x 36 ways for two dice.
	dw := make([]float64, 3)
	res := newResolver(v.Targets, Options{}, false)
	for a := 0; a < 36; a++ {
		for b := 0; b < 36; b++ {
			var hits []Shot
			skip, ways := false, 1.0
			for _, w := range []int{a, b} {
				first, second := w/6+1, w%6+1
				face := first
				switch {
				case first < 3:
					face = second
				case second != 1:
					skip = true // no second roll: count the way once (second 1)...
				default:
					ways *= 6 // ...standing for all six
				}
				if face >= 3 {
					hits = append(hits, Shot{Face: face})
				}
			}
			if skip {
				continue
			}
			r, err := res.resolve(hits, nil)
			if err != nil {
				t.Fatal(err)
			}
			dw[r.Destroyed] += ways / (36 * 36)
		}
	}
	for k := range dw {
		if d := math.Abs(od.Destroyed.P(k) - dw[k]); d > 1e-12 {
			t.Errorf("P(%d destroyed) %v, counted %v", k, od.Destroyed.P(k), dw[k])
		}
	}
	// By levels and by enumeration, over random volleys.
	rng := rand.New(rand.NewPCG(12, 41))
	for n := 0; n < 600; n++ {
		v := randomVolley(rng, 1+rng.IntN(7))
		v.Reroll = true
		if !levelOddsApply(v, Options{}) || enumLeaves(v, Options{}) > 3000 {
			continue
		}
		got, err := oddsBy(v, Options{}, math.Inf(1), true)
		if err != nil {
			t.Fatal(err)
		}
		want, err := oddsBy(v, Options{}, math.Inf(1), false)
		if err != nil {
			t.Fatal(err)
		}
		for k := 0; k <= len(v.Targets); k++ {
			if d := math.Abs(got.Destroyed.P(k) - want.Destroyed.P(k)); d > 1e-10 {
				t.Fatalf("volley %d %+v: P(%d destroyed) by levels %v, enumerated %v", n, v, k, got.Destroyed.P(k), want.Destroyed.P(k))
			}
		}
		plain := v
		plain.Reroll = false
		po, err := OddsOf(plain, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if v.Dice > 0 && got.Hits.Mean() <= po.Hits.Mean() {
			t.Fatalf("volley %d: the re-roll does not add hits (%v, without %v)", n, got.Hits.Mean(), po.Hits.Mean())
		}
	}
}
