package world

import (
	"math"
	"strings"
	"testing"
)

func TestParseArc(t *testing.T) {
	tests := []struct {
		code         string
		centre, half float64
	}{
		{"AR", 0, 180}, {"A", 0, 45}, {"F", 0, 90}, {"LA", -45, 45}, {"RA", 45, 45},
		{"LF", -90, 90}, {"RF", 90, 90}, {"R", 180, 45}, {"RF180", 180, 90},
		{"FxF", 0, 45}, {"FxB", 180, 45}, {"FxL", -90, 45}, {"FxR", 90, 45},
		{"SwF", 0, 90}, {"SwB", 180, 90}, {"SwL", -90, 90}, {"SwR", 90, 90},
		{"Tr", 0, 180}, {"TrF", 0, 180}, {" la ", -45, 45}, {"fxf", 0, 45},
	}
	for _, tc := range tests {
		a, err := ParseArc(tc.code)
		if err != nil {
			t.Errorf("%q: %v", tc.code, err)
			continue
		}
		if a.Centre != tc.centre || a.Half != tc.half {
			t.Errorf("%q: centre %v half %v, want %v %v", tc.code, a.Centre, a.Half, tc.centre, tc.half)
		}
	}
	for _, bad := range []string{"", "X", "Fx", "FxQ", "Sw", "LAA"} {
		if _, err := ParseArc(bad); err == nil || !strings.Contains(err.Error(), "unknown fire arc") {
			t.Errorf("%q: err = %v", bad, err)
		}
	}
}

// ATII fire arcs, from the model's centre: targets at every 15 degrees
// around a titan facing 30 degrees.
func TestArcContainsPointATII(t *testing.T) {
	obs := Base{Pos: Vec{50, 50}, Facing: 30}
	// For each arc, the relative bearings (multiples of 15 in (-180,180])
	// that are in, as [lo, hi] ranges.
	tests := []struct {
		code   string
		ranges [][2]float64
	}{
		{"AR", [][2]float64{{-180, 180}}},
		{"A", [][2]float64{{-45, 45}}},
		{"F", [][2]float64{{-90, 90}}},
		{"LA", [][2]float64{{-90, 0}}},
		{"RA", [][2]float64{{0, 90}}},
		{"LF", [][2]float64{{-180, 0}}},
		{"RF", [][2]float64{{0, 180}}},
		{"R", [][2]float64{{-180, -135}, {135, 180}}},
		{"RF180", [][2]float64{{-180, -90}, {90, 180}}},
		{"FxL", [][2]float64{{-135, -45}}},
	}
	for _, tc := range tests {
		a := MustArc(tc.code)
		for rel := -165.0; rel <= 180; rel += 15 {
			want := false
			for _, r := range tc.ranges {
				if rel >= r[0] && rel <= r[1] {
					want = true
				}
			}
			if rel == 180 && tc.ranges[0][0] == -180 {
				want = true
			}
			p := obs.Pos.Add(Heading(obs.Facing + rel).Scale(20))
			if got := a.ContainsPoint(obs, p); got != want {
				t.Errorf("%s: target at %v deg: in=%v, want %v", tc.code, rel, got, want)
			}
			if c := a.Explain(obs, p); c.In != want || math.Abs(RelDeg(c.Relative-rel+1e-9)-1e-9) > 1e-9 {
				t.Errorf("%s: Explain at %v: %+v", tc.code, rel, c)
			}
		}
	}
}

// Exact edges: on the edge line is in; ArcEps (or 1e-9 degrees) beyond is
// out, at any distance and facing.
func TestArcExactEdges(t *testing.T) {
	a := MustArc("A")
	for _, facing := range []float64{0, 30, 45, 90, 137.5, 359} {
		for _, dist := range []float64{0.5, 10, 150} {
			obs := Base{Pos: Vec{90, 60}, Facing: facing}
			for _, side := range []float64{-1, 1} {
				on := obs.Pos.Add(Heading(facing + side*45).Scale(dist))
				if !a.ContainsPoint(obs, on) {
					t.Errorf("facing %v dist %v: on the %+.0f edge is out", facing, dist, side*45)
				}
				beyond := obs.Pos.Add(Heading(facing + side*(45+1e-9)).Scale(dist))
				if a.ContainsPoint(obs, beyond) {
					t.Errorf("facing %v dist %v: 1e-9 deg beyond the %+.0f edge is in", facing, dist, side*45)
				}
				inside := obs.Pos.Add(Heading(facing + side*(45-1e-9)).Scale(dist))
				if !a.ContainsPoint(obs, inside) {
					t.Errorf("facing %v dist %v: 1e-9 deg inside the %+.0f edge is out", facing, dist, side*45)
				}
			}
		}
	}
	// Axis-aligned case with exact coordinates: (10,-10) from a north-facing
	// observer is exactly 45 right.
	obs := Base{Pos: Vec{0, 0}}
	if !a.ContainsPoint(obs, Vec{10, -10}) {
		t.Error("(10,-10) is on the A arc's right edge")
	}
	if a.ContainsPoint(obs, Vec{10 + 1e-9, -10}) {
		t.Error("(10+1e-9,-10) is beyond the A arc's right edge")
	}
	if !a.ContainsPoint(obs, obs.Pos) {
		t.Error("the observer's own centre is in every arc")
	}
}

// ContainsBase: any part of the target's footprint in the wedge.
func TestArcContainsBase(t *testing.T) {
	obs := Base{Pos: Vec{0, 0}} // facing north
	a := MustArc("A")           // edges along y = -|x|
	tests := []struct {
		name string
		tgt  Base
		want bool
	}{
		{"centre in", circle(0, -20, 2), true},
		{"centre out, edge reaches across", circle(22, -20, 2), true}, // distance to the line x=-y... (22,-20) is 2/sqrt2=1.41 from the edge
		{"centre out, just clear", circle(20+2*math.Sqrt2+1e-4, -20, 2), false},
		{"touching the edge line", circle(20+2*math.Sqrt2, -20, 2), true},
		{"behind", circle(0, 20, 5), false},
		{"over the observer", circle(0, 3, 5), true},
		{"rect corner pokes in", rect(11, -10.5, 2, 2, 45), true}, // left corner (11-sqrt2, -10.5): |x| 9.59 < 10.5
		{"diamond just out", rect(12, -10, 2, 2, 45), false},      // left corner (10.59, -10) is outside
		{"rect well out", rect(30, -10, 2, 2, 0), false},
		{"long rect across the arc", rect(0, -30, 200, 1, 0), true},
	}
	for _, tc := range tests {
		got := a.ContainsBase(obs, tc.tgt)
		if got != tc.want {
			t.Errorf("%s: ContainsBase = %v, want %v", tc.name, got, tc.want)
		}
	}
	// A diamond whose left corner is exactly on the edge line y = -x.
	d := rect(10+math.Sqrt2, -10, 2, 2, 45)
	if !a.ContainsBase(obs, d) {
		t.Error("diamond touching the edge is in")
	}
	d.Pos.X += 1e-4
	if a.ContainsBase(obs, d) {
		t.Error("diamond 1e-4 cm clear of the edge is out")
	}
}

// ATII-SHT-5: hit location tables by the quadrant the shot comes from.
func TestQuadrantATII(t *testing.T) {
	tgt := Base{Pos: Vec{50, 50}, Facing: 90} // facing east
	tests := []struct {
		rel  float64
		want string
	}{
		{0, QuadFront}, {30, QuadFront}, {45, QuadFront}, {-45, QuadFront},
		{45 + 1e-9, QuadSide}, {-45 - 1e-9, QuadSide}, {90, QuadSide}, {-90, QuadSide},
		{135 - 1e-9, QuadSide}, {135, QuadRear}, {-135, QuadRear}, {180, QuadRear},
	}
	for _, tc := range tests {
		from := tgt.Pos.Add(Heading(tgt.Facing + tc.rel).Scale(37))
		if got := Quadrant(tgt, from); got != tc.want {
			t.Errorf("shot from %v deg: %s, want %s", tc.rel, got, tc.want)
		}
	}
	if got := Quadrant(tgt, Vec{60, 50}); got != QuadFront {
		t.Errorf("from straight ahead (east): %s", got)
	}
	if got := Quadrant(tgt, Vec{40, 40}); got != QuadRear {
		t.Errorf("from the north-west (exactly 135 off): %s", got)
	}
}

func TestArcExplainReason(t *testing.T) {
	obs := Base{Pos: Vec{0, 0}, Facing: 0}
	c := MustArc("LA").Explain(obs, Vec{-10, -10})
	if !c.In || !near(c.Relative, -45, 1e-9) || c.Left != 270 || c.Right != 0 {
		t.Errorf("%+v", c)
	}
	if got, want := c.Reason(), "in arc LA: target at 45.0 deg left; arc covers 90.0 deg left to ahead"; got != want {
		t.Errorf("Reason %q, want %q", got, want)
	}
	c = MustArc("R").Explain(obs, Vec{0, -10})
	if c.In || c.Reason() != "out of arc R: target at ahead; arc covers 135.0 deg right to 135.0 deg left" {
		t.Errorf("%q", c.Reason())
	}
}
