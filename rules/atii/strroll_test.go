package atii

import (
	"testing"

	"github.com/auspex/auspex/rules/atii/sheet"
)

// ATII-SHT-7: a hit on a void shield knocks it down on D6 + Str - 8 of 1
// or more (0 too with OptShieldDropOnZero). The logged roll says what its
// dice needed: a single die as its target, any roll as a modifier that
// ShieldRollNeed reads back; and the outcome agrees with that need.
func TestSHT7ShieldRollSaysWhatItNeeds(t *testing.T) {
	u := fxWarhound()
	cases := []struct {
		name   string
		spec   HitSpec
		opts   Options
		faces  []int
		need   int
		target int
	}{
		{"Str 5, a 3 holds", HitSpec{Str: 5, Source: "Gatling Blaster"}, Options{}, []int{3}, 4, 4},
		{"Str 5, a 4 knocks it down", HitSpec{Str: 5, Source: "Gatling Blaster"}, Options{}, []int{4}, 4, 4},
		{"Str 5, drop on 0: a 3 knocks it down", HitSpec{Str: 5, Source: "x"}, Options{ShieldDropOnZero: true}, []int{3}, 3, 3},
		{"Str 9: any die", HitSpec{Str: 9, Source: "x"}, Options{}, []int{1}, 1, 1},
		{"vortex Str 4 + D6: a total of 5 or more", HitSpec{Str: 4, StrDice: DiceExpr{N: 1, Sides: 6}, Source: "Vortex"}, Options{}, []int{2, 2}, 5, 0},
	}
	for _, c := range cases {
		d := script(t, c.faces...)
		o, err := ResolveHits(u, "t", TitanState{}, 1, c.spec, 0, HitContext{Direction: sheet.Front, Side: Left}, c.opts, d)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		d.done()
		if len(d.rolls) != 1 {
			t.Fatalf("%s: %d rolls logged", c.name, len(d.rolls))
		}
		r := d.rolls[0]
		need, ok := ShieldRollNeed(&r)
		if !ok || need != c.need || r.Target != c.target {
			t.Errorf("%s: the roll says need %d (%v), target %d; want %d, %d (%s)", c.name, need, ok, r.Target, c.need, c.target, r.String())
		}
		sum := 0
		for _, f := range r.Faces {
			sum += f
		}
		if down := o.Hits[0].ShieldDown; down != (sum >= need) {
			t.Errorf("%s: dice %v against need %d+, but the shield down is %v", c.name, r.Faces, need, down)
		}
	}
	// A damage roll is not a shield roll.
	d := script(t, 1, 1, 2)
	if _, err := ResolveHits(u, "t", TitanState{ShieldsLost: 4}, 1, HitSpec{Str: 5, Source: "x"}, 0, HitContext{Direction: sheet.Front, Side: Left}, Options{}, d); err != nil {
		t.Fatal(err)
	}
	for _, r := range d.rolls {
		if _, ok := ShieldRollNeed(&r); ok {
			t.Errorf("%q read as a void shield roll", r.Purpose)
		}
	}
}
