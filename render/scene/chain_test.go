package scene

import (
	"testing"

	"github.com/auspex/auspex/world"
)

// TestChainSegments: a square border handed over as four segments, out of
// order and one reversed, comes back as one closed polyline; a separate
// ring stays a second run.
func TestChainSegments(t *testing.T) {
	v := func(x, y float64) world.Vec { return world.Vec{X: x, Y: y} }
	segs := [][2]world.Vec{
		{v(10, 0), v(10, 10)},
		{v(0, 0), v(10, 0)},
		{v(0, 10), v(10, 10)}, // reversed
		{v(0, 10), v(0, 0)},
		{v(50, 50), v(60, 50)},
	}
	runs := chainSegments(segs)
	if len(runs) != 2 {
		t.Fatalf("got %d runs, want 2: %v", len(runs), runs)
	}
	if len(runs[0]) != 5 || runs[0][0] != runs[0][4] {
		t.Fatalf("square not closed into one run: %v", runs[0])
	}
	if len(runs[1]) != 2 {
		t.Fatalf("second run %v", runs[1])
	}
}

// TestZoneUsesGivenOutline: a two-piece zone with an exact outline strokes
// that outline (the hole of a ring included), not a guess from the pieces.
func TestZoneUsesGivenOutline(t *testing.T) {
	v := func(x, y float64) world.Vec { return world.Vec{X: x, Y: y} }
	in := &Input{Table: world.Table{W: 100, H: 100}, Zones: []Zone{{
		ID:      "ring",
		Polys:   [][]world.Vec{{v(0, 0), v(50, 0), v(50, 50), v(0, 50)}, {v(50, 0), v(100, 0), v(100, 50), v(50, 50)}},
		Outline: [][2]world.Vec{{v(0, 0), v(100, 0)}, {v(100, 0), v(100, 50)}, {v(100, 50), v(0, 50)}, {v(0, 50), v(0, 0)}},
	}}}
	sc := Build(in, View{Scale: 4, Layers: AllLayers})
	lines := 0
	for _, p := range sc.Layers[LayerZones] {
		if p.Kind == Polyline && p.ID == "zone:ring" {
			lines++
			if len(p.Pts) != 5 {
				t.Errorf("outline run has %d points, want the closed 5", len(p.Pts))
			}
		}
	}
	if lines != 1 {
		t.Fatalf("want one outline polyline, got %d", lines)
	}
}
