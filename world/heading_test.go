package world

import (
	"math"
	"testing"
)

func TestSnapHeading(t *testing.T) {
	tests := []struct {
		heading, facing, tol, want float64
	}{
		{93, 90, 5, 90},
		{86, 90, 5, 90},
		{96, 90, 5, 96},
		{358, 2, 5, 2},          // across north
		{-3, 360, 5, 0},         // normalised
		{271, 90 + 180, 2, 270}, // straight back
		{100, 90, -1, 100},      // no tolerance
		{450, 0, 1, 90},
		{100, 90, math.NaN(), 100},
	}
	for _, tc := range tests {
		if got := SnapHeading(tc.heading, tc.facing, tc.tol); !near(got, tc.want, 1e-12) {
			t.Errorf("SnapHeading(%v, %v, %v) = %v, want %v", tc.heading, tc.facing, tc.tol, got, tc.want)
		}
	}
}

func TestSnapHeadingStep(t *testing.T) {
	tests := []struct{ heading, step, want float64 }{
		{44, 15, 45},
		{37.4, 15, 30},
		{37.5, 15, 45},
		{359, 45, 0},
		{-20, 45, 0},
		{-25, 45, 315},
		{100, 0, 100},
		{100, -5, 100},
		{100, math.Inf(1), 100},
		{100, math.NaN(), 100},
	}
	for _, tc := range tests {
		if got := SnapHeadingStep(tc.heading, tc.step); !near(got, tc.want, 1e-9) {
			t.Errorf("SnapHeadingStep(%v, %v) = %v, want %v", tc.heading, tc.step, got, tc.want)
		}
	}
}

func TestLegTo(t *testing.T) {
	from := Vec{10, 10}
	to := Vec{14, 1} // drawn a little off north-east
	h := SnapHeadingStep(Bearing(to.Sub(from)), 45)
	end := LegTo(from, h, from.Dist(to))
	if !near(h, 0, 1e-12) && !near(h, 45, 1e-12) {
		t.Fatalf("heading %v", h)
	}
	if !near(end.Dist(from), from.Dist(to), 1e-9) || !near(Bearing(end.Sub(from)), h, 1e-9) {
		t.Errorf("LegTo: %v (bearing %v, length %v)", end, Bearing(end.Sub(from)), end.Dist(from))
	}
}

// TurnWords says which way a turn goes (RelDeg's sign: clockwise is
// right) and how far, to the nearest degree.
func TestTurnWords(t *testing.T) {
	for rel, want := range map[float64]string{40: "40 degrees right", -21.4: "21 degrees left", RelDeg(350): "10 degrees left", 179.6: "180 degrees right"} {
		if got := TurnWords(rel); got != want {
			t.Errorf("TurnWords(%v) = %q, want %q", rel, got, want)
		}
	}
}
