package e40k

import (
	"math"
	"testing"
)

func faces(fs ...int) []Shot {
	out := make([]Shot, len(fs))
	for i, f := range fs {
		out[i] = Shot{Face: f}
	}
	return out
}

func unitsAt(armours ...int) []Target {
	ts := make([]Target, len(armours))
	for i, a := range armours {
		ts[i] = Target{ID: string(rune('a' + i)), Dist: float64(10 + i), Armour: a, DC: 1}
	}
	return ts
}

// Attacker allocates closest first, one die per unit before a second
// (digest section 2): three hits on five units hit the three closest.
func TestAllocateClosestFirstE40K(t *testing.T) {
	ts := unitsAt(4, 4, 4, 4, 4)
	ts[0].Dist, ts[4].Dist = 50, 1 // "e" is the closest, "a" the furthest
	a, err := Allocate(ts, faces(6, 5, 4), Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, u := range a.Units {
		if u.Destroyed {
			got[u.ID] = true
		}
	}
	if a.Destroyed != 3 || !got["e"] || !got["b"] || !got["c"] || got["a"] {
		t.Errorf("destroyed %v (%d), want b, c, e", got, a.Destroyed)
	}
}

// Wasted dice: a die below the armour of the unit it must go to does
// nothing, and the attacker places dice to destroy the most units.
func TestAllocateWastedDiceE40K(t *testing.T) {
	// Closest unit armour 6, next armour 4; dice 4 and 5 (both hit the
	// lowest armour 4). Each unit takes one die: the 6 survives, the die
	// on it is wasted.
	a, err := Allocate(unitsAt(6, 4), faces(4, 5), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if a.Destroyed != 1 || a.Wasted != 1 || a.Units[0].Destroyed || !a.Units[1].Destroyed {
		t.Errorf("got %+v", a)
	}
	// Dice 6 and 4: the 6 goes to the armour-6 unit, the 4 to the other.
	a, _ = Allocate(unitsAt(6, 4), faces(4, 6), Options{})
	if a.Destroyed != 2 || a.Wasted != 0 {
		t.Errorf("dice 4, 6: got %+v", a)
	}
	// More dice than units: second round goes closest first again.
	a, _ = Allocate(unitsAt(6, 6), faces(5, 5, 6), Options{})
	if a.Destroyed != 1 || len(a.Units[0].Faces) != 2 || len(a.Units[1].Faces) != 1 {
		t.Errorf("second round: %+v", a)
	}
	if _, err := Allocate(unitsAt(4), faces(7), Options{}); err == nil {
		t.Error("face 7 accepted")
	}
}

// REM-RES-1: a resilient unit counts as two units for allocation and dice
// go in pairs that can or cannot hurt it; a Death Ray destroys it.
func TestAllocateResilientREMRES1(t *testing.T) {
	ts := unitsAt(5, 4)
	ts[0].DC = 2 // resilient, closest
	// Two dice: both go to the resilient unit (it counts as two units).
	a, _ := Allocate(ts, faces(5, 6), Options{Resilient: true})
	if !a.Units[0].Destroyed || len(a.Units[1].Faces) != 0 {
		t.Errorf("two hits: %+v", a)
	}
	// Three dice 6, 2-ish (4 hits armour 4 only), 4: resilient takes two.
	// The attacker cannot destroy it (only one die >= 5): it gives it the
	// two dice that cannot hurt it (4, 4) and destroys the other unit? No:
	// only three dice, resilient takes two, the next unit one. Dice 6, 4, 4:
	// resilient gets 4 and 4 (none can hurt it), the armour-4 unit the 6.
	a, _ = Allocate(ts, faces(6, 4, 4), Options{Resilient: true})
	if a.Units[0].DCLost != 0 || !a.Units[1].Destroyed {
		t.Errorf("pairs rule: %+v", a)
	}
	// A Death Ray shot destroys it outright.
	a, _ = Allocate(ts[:1], []Shot{{Face: 6, Kind: ShotDeathRay}}, Options{Resilient: true})
	if !a.Units[0].Destroyed {
		t.Errorf("death ray: %+v", a)
	}
	// Without the option the same unit (DC 1) takes one die.
	plain := unitsAt(5, 4)
	a, _ = Allocate(plain, faces(5, 6), Options{})
	if a.Destroyed != 2 {
		t.Errorf("no option: %+v", a)
	}
}

// REM-WE-1: a war engine counts as remaining DC + shields units; the
// nearest is filled first. Default: one die per round like any unit.
func TestAllocateWarEngineREMWE1(t *testing.T) {
	we := Target{ID: "gargant", Dist: 5, Armour: 5, DC: 3, Shields: 2, WarEngine: true}
	inf := Target{ID: "boyz", Dist: 10, Armour: 3, DC: 1}
	shots := faces(6, 6, 6, 6, 6, 6)
	a, _ := Allocate([]Target{we, inf}, shots, Options{WEAllocation: true})
	// Five dice to the war engine (3 DC + 2 shields), one to the boyz.
	if len(a.Units[0].Faces) != 5 || !a.Units[0].Destroyed || !a.Units[1].Destroyed {
		t.Errorf("REM-WE-1: %+v", a)
	}
	a, _ = Allocate([]Target{we, inf}, shots, Options{})
	// Default: alternate one each: three to the war engine (closest), three
	// to the boyz: two shields and one DC lost.
	if len(a.Units[0].Faces) != 3 || a.Units[0].ShieldsLost != 2 || a.Units[0].DCLost != 1 || a.Units[0].Destroyed {
		t.Errorf("default: %+v", a.Units[0])
	}
}

// REM-MIX-1: firepower and AT first, then the other super-heavy shots on
// what is left; the reverse order under its variant; default together.
func TestResolveMixedFireREMMIX1(t *testing.T) {
	ts := unitsAt(4, 4)
	fp := faces(6)
	dr := []Shot{{Face: 6, Kind: ShotDeathRay}}
	for _, o := range []Options{{}, {MixedFire: true}, {MixedFire: true, MixedFireReverse: true}} {
		a, err := Resolve(ts, fp, dr, o)
		if err != nil {
			t.Fatal(err)
		}
		if a.Destroyed != 2 {
			t.Errorf("%v: destroyed %d, want 2", o.Enabled(), a.Destroyed)
		}
	}
	// With two steps the second step's shots go to the survivors: a
	// firepower die of 3 (wasted on armour 4) on the closest, then the
	// death ray, allocated again closest first, destroys the closest.
	a, _ := Resolve(unitsAt(4, 3), faces(3), dr, Options{MixedFire: true})
	if !a.Units[0].Destroyed || a.Units[1].Destroyed {
		t.Errorf("two steps: %+v", a)
	}
	// Together: the attacker places the 3 on the armour-3 unit and the ray
	// on the other: both destroyed.
	a, _ = Resolve(unitsAt(4, 3), faces(3), dr, Options{})
	if a.Destroyed != 2 {
		t.Errorf("together: %+v", a)
	}
}

// Exact odds of a volley agree with a direct sum: 4 dice at armour 4 on 4
// units of armour 4: destroyed = hits.
func TestOddsOfVolleyE40K(t *testing.T) {
	v := Volley{Firepower: 6, Dice: 4, Targets: unitsAt(4, 4, 4, 4)}
	od, err := OddsOf(v, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for k := 0; k <= 4; k++ {
		if math.Abs(od.Destroyed.P(k)-od.Hits.P(k)) > 1e-12 {
			t.Errorf("P(%d destroyed) %v != P(%d hits) %v", k, od.Destroyed.P(k), k, od.Hits.P(k))
		}
	}
	// Markers: firepower 6 places one marker if any die hits.
	if math.Abs(od.Markers.P(1)-(1-1.0/16)) > 1e-12 {
		t.Errorf("P(1 marker) = %v", od.Markers.P(1))
	}
	// Mixed armour: 2 dice on units of armour 6 (closest) and 4. Both
	// destroyed needs a 6 and a 4+ (allocated well): P = 1/36 + 2*(1/6)(2/6).
	od, _ = OddsOf(Volley{Firepower: 3, Dice: 2, Targets: unitsAt(6, 4)}, Options{})
	want := 1.0/36 + 2*(1.0/6)*(2.0/6)
	if math.Abs(od.Destroyed.P(2)-want) > 1e-12 {
		t.Errorf("P(2) = %v want %v", od.Destroyed.P(2), want)
	}
	if math.Abs(od.Destroyed.Total()-1) > 1e-12 {
		t.Errorf("total %v", od.Destroyed.Total())
	}
	if _, err := OddsOf(Volley{Dice: 100, Targets: unitsAt(4)}, Options{}); err == nil {
		t.Error("100 dice accepted")
	}
}

// Anti-tank shots (REM-AT-1): default needs the target's armour; the
// option fixes 4+.
func TestAntiTankREMAT1(t *testing.T) {
	at := Weapon{Name: "Lascannon", Kind: ShotAntiTank}
	if ShotNeed(at, Options{}) != 0 || ShotNeed(at, Options{ATFixed: true}) != 4 {
		t.Error("AT need")
	}
	tank := unitsAt(6)
	a, _ := Allocate(tank, []Shot{{Face: 4, Kind: ShotAntiTank, Need: ShotNeed(at, Options{})}}, Options{})
	if a.Destroyed != 0 {
		t.Error("AT 4 destroyed armour 6 by default")
	}
	a, _ = Allocate(tank, []Shot{{Face: 4, Kind: ShotAntiTank, Need: ShotNeed(at, Options{ATFixed: true})}}, Options{ATFixed: true})
	if a.Destroyed != 1 {
		t.Error("AT 4 missed armour 6 under REM-AT-1")
	}
	od, _ := OddsOf(Volley{Weapons: []Weapon{at}, SuperHeavies: 1, Targets: tank}, Options{ATFixed: true})
	if math.Abs(od.Destroyed.P(1)-0.5) > 1e-12 {
		t.Errorf("REM-AT-1 odds %v", od.Destroyed.P(1))
	}
	od, _ = OddsOf(Volley{Weapons: []Weapon{at}, SuperHeavies: 1, Targets: tank}, Options{})
	if math.Abs(od.Destroyed.P(1)-1.0/6) > 1e-12 {
		t.Errorf("default AT odds %v", od.Destroyed.P(1))
	}
}

// OddsOf groups faces into ranges that behave alike; enumerating every
// face of every die must give the same distributions (mixed armours, a
// resilient unit, an anti-tank shot and a death ray, with and without
// REM-MIX-1 and REM-AT-1).
func TestOddsOfMatchesEnumerationE40K(t *testing.T) {
	ts := []Target{
		{ID: "a", Dist: 3, Armour: 4, DC: 1},
		{ID: "b", Dist: 5, Armour: 6, DC: 2},
		{ID: "c", Dist: 7, Armour: 3, DC: 1},
		{ID: "w", Dist: 9, Armour: 5, DC: 2, Shields: 1, WarEngine: true},
	}
	ws := []Weapon{{Name: "at", Kind: ShotAntiTank}, {Name: "ray", Kind: ShotDeathRay}}
	for _, o := range []Options{{}, {Resilient: true}, {WEAllocation: true}, {Resilient: true, MixedFire: true}, {ATFixed: true, WEAllocation: true, MixedFire: true, MixedFireReverse: true}} {
		v := Volley{Firepower: 6, Dice: 3, Weapons: ws, SuperHeavies: 2, Targets: ts}
		od, err := OddsOf(v, o)
		if err != nil {
			t.Fatal(err)
		}
		lowest := 3
		var dw [5]float64
		var mw [6]float64
		n := v.Dice + 2
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
			var fp []Shot
			for _, f := range faces[:v.Dice] {
				if f >= lowest {
					fp = append(fp, Shot{Face: f})
				}
			}
			shw := []Shot{{Face: faces[v.Dice], Kind: ShotAntiTank, Need: ShotNeed(ws[0], o)}, {Face: faces[v.Dice+1], Kind: ShotDeathRay}}
			a, err := Resolve(ts, fp, shw, o)
			if err != nil {
				t.Fatal(err)
			}
			hit := false
			for _, s := range shw {
				for k := range ts {
					if s.affects(&ts[k]) {
						hit = true
					}
				}
			}
			p := 1.0
			for range faces {
				p /= 6
			}
			dw[a.Destroyed] += p
			mw[ShootingMarkers(v.Firepower, len(fp) > 0, 2, hit)] += p
		}
		rec(0)
		for k := range dw {
			if math.Abs(dw[k]-od.Destroyed.P(k)) > 1e-12 {
				t.Errorf("%v: P(%d destroyed) enumerated %v, OddsOf %v", o.Enabled(), k, dw[k], od.Destroyed.P(k))
			}
		}
		for k := range mw {
			if math.Abs(mw[k]-od.Markers.P(k)) > 1e-12 {
				t.Errorf("%v: P(%d markers) enumerated %v, OddsOf %v", o.Enabled(), k, mw[k], od.Markers.P(k))
			}
		}
	}
}
