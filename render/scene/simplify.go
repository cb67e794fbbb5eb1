package scene

import (
	"math"

	"github.com/auspex/auspex/world"
)

// Simplify appends to dst the points of the polyline pts (closed: the
// outline of a polygon) without the ones whose removal moves the line by
// no more than tol (same unit as pts), and returns dst. It walks the line
// once, stretching each chord from the last kept point as far as every
// skipped point stays within tol of it (at most 64 points at a time, so
// the cost stays linear). The first point is always kept, and so is the
// last of an open line. Backends use it with a fraction of a pixel, so a
// 1,000-point outline seen small costs a few dozen segments and looks the
// same.
func Simplify(dst, pts []world.Vec, closed bool, tol float64) []world.Vec {
	n := len(pts)
	if n < 3 || !(tol > 0) {
		return append(dst, pts...)
	}
	at := func(i int) world.Vec {
		if i == n {
			return pts[0]
		}
		return pts[i]
	}
	last := n - 1
	if closed {
		last = n // back to the first point, which is not repeated
	}
	const window = 64
	dst = append(dst, pts[0])
	anchor := 0
	for j := 2; j <= last; j++ {
		a, b := at(anchor), at(j)
		d := b.Sub(a)
		l := math.Hypot(d.X, d.Y)
		fits := j-anchor <= window
		for k := anchor + 1; k < j && fits; k++ {
			p := at(k).Sub(a)
			var off float64
			if l < 1e-12 {
				off = math.Hypot(p.X, p.Y)
			} else {
				off = math.Abs(d.X*p.Y-d.Y*p.X) / l
			}
			fits = off <= tol
		}
		if !fits {
			anchor = j - 1
			dst = append(dst, at(anchor))
		}
	}
	if !closed {
		dst = append(dst, pts[n-1])
	}
	return dst
}
