package atii

import (
	"testing"

	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/world"
)

// ATII-MOV-2: the Man a move's turns use, split by leg for previews. A
// sideways step at 100 degrees turns the rear to it (80 degrees, 2 Man); a
// pivot to a waypoint's facing and the turn to face the next leg at the
// same spot are one turn (45 + 90 = 135 degrees, 3 Man).
func TestLegTurnManATII(t *testing.T) {
	w, err := world.New(world.Table{W: 100, H: 100}, nil)
	if err != nil {
		t.Fatal(err)
	}
	start := world.Base{Pos: world.Vec{X: 50, Y: 50}, Foot: world.Footprint{Shape: world.Circle, Radius: 2.5}}
	p0 := world.LegTo(start.Pos, 100, 5)
	p1 := world.LegTo(p0, 280, 5)
	p2 := world.LegTo(p1, 55, 5)
	path := []world.Waypoint{{To: p0}, {To: p1, Facing: 325, Turn: true}, {To: p2}, {To: p2, Facing: 0, Turn: true}}
	rep := w.MeasureMove(start, path, nil, world.Titan, world.MoveOptions{FaceMovement: true})
	per, final := LegTurnMan(&rep)
	want := []int{2, 0, 3, 0}
	for i := range want {
		if i >= len(per) || per[i] != want[i] {
			t.Fatalf("per leg %v, want %v (legs %+v)", per, want, rep.Legs)
		}
	}
	if final != 2 { // 55 -> 0: 55 degrees
		t.Errorf("final %d, want 2", final)
	}
	u := fxReaver()
	sheet.Of(u).Man, u.Speed = 9, 30
	c, err := CheckMove(u, TitanState{}, planFromReport(&rep, false, false), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if c.ManForTurns != 2+3+2 {
		t.Errorf("CheckMove prices %d Man, the legs %v + %d", c.ManForTurns, per, final)
	}
}
