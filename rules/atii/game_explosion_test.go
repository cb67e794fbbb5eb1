package atii

import (
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/world"
)

// TestGameReactorExplosion: a Catastrophic reactor result explodes at once
// (damage effects table): 4D6 cm, D6 Str 7 hits on every titan within that
// distance (edge to edge), resolved like shooting hits; titans out of reach
// are untouched, and each explosion is resolved once.
func TestGameReactorExplosion(t *testing.T) {
	cat := fxCatalogue()
	for _, u := range cat.Units {
		u.Base = world.Footprint{Shape: world.Circle, Radius: 2.5}
		u.System, u.Class = catalog.ATII, "titan"
	}
	w, err := world.New(world.Table{W: 120, H: 120}, nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewRuleset(cat, nil, w)
	if err != nil {
		t.Fatal(err)
	}
	s := &rules.State{Sides: []rules.Side{{ID: "red"}, {ID: "blue"}}, Units: []rules.Unit{
		{ID: "a", Side: "red", Type: "reaver", Pos: world.Vec{X: 50, Y: 50}},
		{ID: "b", Side: "blue", Type: "reaver", Pos: world.Vec{X: 60, Y: 50}},
		{ID: "c", Side: "blue", Type: "reaver", Pos: world.Vec{X: 100, Y: 100}},
	}}
	for i := range s.Units {
		if err := r.InitTitan(&s.Units[i]); err != nil {
			t.Fatal(err)
		}
	}
	prof := cat.Units["reaver"]
	if err := putTitan(s.Unit("a"), prof, TitanState{Reactor: Catastrophic, Destroyed: true, Cause: "reactor exploded"}); err != nil {
		t.Fatal(err)
	}
	if err := putTitan(s.Unit("b"), prof, TitanState{ShieldsLost: sheet.Of(prof).VoidShields}); err != nil {
		t.Fatal(err)
	}
	// Radius 4D6 = 8 cm: b (5 cm away) is caught, c is not. One hit on b:
	// location 3 from b's left side, damage 6.
	d := script(t, 2, 2, 2, 2, 1, 3, 6)
	if err := r.resolveExplosions(s, d, Options{}); err != nil {
		t.Fatal(err)
	}
	d.done()
	row, err := HitRowFor(prof, sheet.Side, 3)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := TitanOf(s.Unit("b"))
	if err != nil {
		t.Fatal(err)
	}
	want := ResultFromMargin(6 + ExplosionStr - row.Armour)
	if got := tb.Level(row.Location); got != want {
		t.Errorf("b's %s: got %s, want %s (D6 6 + Str 7 - armour %d)", row.Location, got, want, row.Armour)
	}
	if tc, _ := TitanOf(s.Unit("c")); tc.Level(LocHead) != Undamaged || tc.Level(LocLegs) != Undamaged || s.Unit("c").Shields != sheet.Of(prof).VoidShields {
		t.Error("c is out of reach and must be untouched")
	}
	if s.Unit("a").Markers.Value(MarkExploded) != 1 {
		t.Error("the explosion is marked as resolved")
	}
	// Resolving again rolls nothing.
	if err := r.resolveExplosions(s, script(t), Options{}); err != nil {
		t.Fatal(err)
	}
}
