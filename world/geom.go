// Package world is Auspex's table geometry: positions and distances in
// centimetres, angles in degrees (0 = table north/up, clockwise), bases with
// footprints and facings, terrain features, and the queries the rules and the
// UI share (distance, line of sight, arcs, movement measurement, spatial
// look-ups). Every query returns an explanation the UI can show.
//
// The package is pure: standard library only, no clock, no randomness, no I/O.
// What a terrain kind means for a ruleset (blocks LOS, cover, dangerous,
// impassable) is supplied by the caller as a TerrainRules table.
//
// Boundaries are decided the same way everywhere:
//
//   - Lengths compare with Eps (1e-6 cm): "within 10 cm" is <= 10+Eps, two
//     bases at distance <= Eps are in contact, and only overlap deeper than
//     Eps is overlap.
//   - Touching terrain is not being in it: a sight line running along a
//     feature's edge, or clipping it for less than Eps, does not cross it;
//     a base enters a feature when its footprint overlaps it by more than
//     Eps; a point within Eps of an outline is in no feature.
//   - Angles compare with ArcEps (1e-10 degrees): a target exactly on an
//     arc's edge line is in the arc, one 1e-9 degrees beyond is out.
//
// Queries (Distance/Measure, Trace, LOS, arcs, MeasureMove, Nearest, Within,
// InArc) never modify the World, so one World can serve many goroutines;
// LOSContext holds per-goroutine scratch buffers.
package world

import "math"

// Eps is the tolerance, in cm, used whenever two lengths are compared so that
// floating-point rounding never flips a rule ("within 10 cm" is <= 10+Eps).
const Eps = 1e-6

// Vec is a point or displacement on the table, in cm. X grows east (right),
// Y grows south (down), matching screen coordinates.
type Vec struct {
	X, Y float64
}

// Add returns v+w.
func (v Vec) Add(w Vec) Vec { return Vec{v.X + w.X, v.Y + w.Y} }

// Sub returns v-w.
func (v Vec) Sub(w Vec) Vec { return Vec{v.X - w.X, v.Y - w.Y} }

// Scale returns v*k.
func (v Vec) Scale(k float64) Vec { return Vec{v.X * k, v.Y * k} }

// Dot returns the dot product.
func (v Vec) Dot(w Vec) float64 { return v.X*w.X + v.Y*w.Y }

// Cross returns the z component of the cross product v x w.
func (v Vec) Cross(w Vec) float64 { return v.X*w.Y - v.Y*w.X }

// Len returns the length of v. (Table lengths never come near overflow, so
// this is a plain square root, much cheaper than math.Hypot.)
func (v Vec) Len() float64 { return math.Sqrt(v.X*v.X + v.Y*v.Y) }

// Dist returns the distance between two points.
func (v Vec) Dist(w Vec) float64 {
	dx, dy := v.X-w.X, v.Y-w.Y
	return math.Sqrt(dx*dx + dy*dy)
}

// Lerp returns the point a fraction t of the way from v to w.
func (v Vec) Lerp(w Vec, t float64) Vec { return Vec{v.X + (w.X-v.X)*t, v.Y + (w.Y-v.Y)*t} }

// Rotate returns v rotated clockwise (on the table, Y down) by deg degrees.
func (v Vec) Rotate(deg float64) Vec {
	s, c := math.Sincos(deg * math.Pi / 180)
	return Vec{v.X*c - v.Y*s, v.X*s + v.Y*c}
}

// Heading is the unit vector for a bearing in degrees: 0 points north (-Y),
// 90 east (+X), clockwise.
func Heading(deg float64) Vec {
	s, c := math.Sincos(deg * math.Pi / 180)
	return Vec{s, -c}
}

// Bearing returns the bearing in degrees [0,360) of the direction d
// (0 = north, clockwise). The zero vector has bearing 0.
func Bearing(d Vec) float64 {
	if d.X == 0 && d.Y == 0 {
		return 0
	}
	b := math.Atan2(d.X, -d.Y) * 180 / math.Pi
	return NormDeg(b)
}

// NormDeg maps any angle to [0,360).
func NormDeg(a float64) float64 {
	a = math.Mod(a, 360)
	if a < 0 {
		a += 360
	}
	if a >= 360 {
		a -= 360
	}
	return a
}

// RelDeg maps any angle to (-180,180]: the signed turn from one bearing to
// another, positive clockwise.
func RelDeg(a float64) float64 {
	a = NormDeg(a)
	if a > 180 {
		a -= 360
	}
	return a
}
