package world

import (
	"math"
	"strconv"
)

// Helpers for drawing a move leg by hand: the UI snaps the heading of the
// leg being drawn so that a titan's "straight ahead" or "straight back"
// (MoveOptions.BackTolerance) is easy to hit, or to round bearings. All
// angles are bearings in degrees (0 north, clockwise, see Bearing).

// SnapHeading returns facing, normalised to [0, 360), when heading is
// within tol degrees of it, and heading normalised otherwise. Snap to
// straight back with SnapHeading(h, facing+180, tol). A tolerance that is
// negative or not a number snaps nothing.
func SnapHeading(heading, facing, tol float64) float64 {
	if math.Abs(RelDeg(heading-facing)) <= tol {
		return NormDeg(facing)
	}
	return NormDeg(heading)
}

// SnapHeadingStep rounds heading to the nearest multiple of step degrees
// (halves away from zero), in [0, 360). A step that is not a positive
// finite number leaves the heading as it is (normalised).
func SnapHeadingStep(heading, step float64) float64 {
	if !(step > 0) || math.IsInf(step, 0) {
		return NormDeg(heading)
	}
	return NormDeg(math.Round(heading/step) * step)
}

// LegTo returns the point reached from from by walking dist cm on the
// bearing heading: with SnapHeading, the end of a snapped leg keeping the
// length drawn (dist = from.Dist(to)).
func LegTo(from Vec, heading, dist float64) Vec {
	return from.Add(Heading(heading).Scale(dist))
}

// TurnWords says a turn of rel degrees (as RelDeg gives it: positive
// clockwise) in words, to the nearest degree: "40 degrees left".
func TurnWords(rel float64) string {
	way := "right"
	if rel < 0 {
		way = "left"
	}
	return strconv.FormatFloat(math.Abs(rel), 'f', 0, 64) + " degrees " + way
}
