package atii

import (
	"testing"

	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/world"
)

// ATII-SHT-5 quadrants and ATII-SHT-2 fire arcs from base positions.
func TestSHT5QuadrantsAndArcs(t *testing.T) {
	for rel, want := range map[float64]sheet.Direction{0: sheet.Front, 44: sheet.Front, -44: sheet.Front, 45: sheet.Side, 90: sheet.Side, -120: sheet.Side, 135: sheet.Side, 136: sheet.Rear, 180: sheet.Rear, -170: sheet.Rear} {
		if got := Quadrant(rel); got != want {
			t.Errorf("Quadrant(%v) = %s, want %s", rel, got, want)
		}
	}
	cases := []struct {
		arc string
		rel float64
		in  bool
	}{
		{"AR", 180, true}, {"A", 45, true}, {"A", 46, false}, {"F", -90, true}, {"F", 91, false},
		{"LA", -60, true}, {"LA", 10, false}, {"RA", 60, true}, {"RA", -10, false},
		{"LF", -170, true}, {"LF", 20, false}, {"RF", 170, true}, {"R", 140, true}, {"R", 100, false},
		{"RF180", 95, true}, {"RF180", 80, false},
	}
	for _, c := range cases {
		got, err := InArc(c.arc, c.rel)
		if err != nil || got != c.in {
			t.Errorf("InArc(%s, %v) = %v %v, want %v", c.arc, c.rel, got, err, c.in)
		}
	}
	if _, err := InArc("X", 0); err == nil {
		t.Errorf("unknown arc accepted")
	}
	// Firer 30 cm east of a target facing north: the shot comes from the
	// target's right side; the firer faces west so the target is dead ahead.
	foot := world.Footprint{Shape: world.Circle, Radius: 2.5}
	tg := world.Base{ID: "t", Pos: world.Vec{X: 0, Y: 0}, Facing: 0, Foot: foot}
	fr := world.Base{ID: "f", Pos: world.Vec{X: 35, Y: 0}, Facing: 270, Foot: foot}
	g := MeasureBases(fr, tg)
	if g.Hit.Direction != sheet.Side || g.Hit.Side != Right || g.FirerRel > 1e-9 || g.FirerRel < -1e-9 {
		t.Errorf("geometry %+v", g)
	}
	near(t, "range", g.Range, 30, 1e-9)
}
