package world

// Sweeping a base along a straight leg: where it first overlaps another
// base, leaves the table or meets a terrain polygon, as spans of the leg's
// parameter (MeasureMove's checks, move.go).

import (
	"math"
	"sort"
)

// rectFirstOverlap solves what firstAbove searches for when both bases
// are rectangles: the first t in [0,1] at which rectangle a, moved by t*d
// without turning, overlaps rectangle o by more than lim (lim > 0). Two
// rectangles overlap by their separating-axis depth, the least over their
// four axes of ea+eb-|centre offset|, when it is positive, so the overlap
// exceeds lim exactly where every axis's does: on each axis an open
// interval of t, found in closed form. ok is false for other shapes.
func rectFirstOverlap(a, o Base, d Vec, lim float64) (t float64, hit, ok bool) {
	if a.Foot.Shape != Rect || o.Foot.Shape != Rect || !(lim > 0) {
		return 0, false, false
	}
	fa, fo := a.frame(), o.frame()
	c := fo.c.Sub(fa.c)
	lo, hi := 0.0, 1.0 // the set so far: [0, hi) or (lo, hi)
	for _, n := range [4]Vec{fa.u, fa.v, fo.u, fo.v} {
		ea := fa.hw*math.Abs(n.Dot(fa.u)) + fa.hh*math.Abs(n.Dot(fa.v))
		eo := fo.hw*math.Abs(n.Dot(fo.u)) + fo.hh*math.Abs(n.Dot(fo.v))
		r := ea + eo - lim // the centres' offset along n must stay below r
		cn, dn := c.Dot(n), d.Dot(n)
		if r <= 0 {
			return 0, false, true
		}
		if dn == 0 {
			if math.Abs(cn) >= r {
				return 0, false, true
			}
			continue
		}
		// |cn - t*dn| < r  <=>  t strictly between (cn-r)/dn and (cn+r)/dn.
		t0, t1 := (cn-r)/dn, (cn+r)/dn
		if t0 > t1 {
			t0, t1 = t1, t0
		}
		lo = max(lo, t0)
		hi = min(hi, t1)
	}
	if lo < hi {
		return lo, true, true // where the overlap first reaches lim
	}
	return 0, false, true
}

// exitBox returns the first parameter at which the segment p0->p1 leaves the
// box [x0,x1]x[y0,y1] (p0 is assumed inside).
func exitBox(p0, p1 Vec, x0, y0, x1, y1 float64) (float64, bool) {
	d := p1.Sub(p0)
	first := math.Inf(1)
	check := func(p, dv, lo, hi float64) {
		if dv < 0 && p+dv < lo {
			first = min(first, (lo-p)/dv)
		}
		if dv > 0 && p+dv > hi {
			first = min(first, (hi-p)/dv)
		}
	}
	check(p0.X, d.X, x0, x1)
	check(p0.Y, d.Y, y0, y1)
	if math.IsInf(first, 1) {
		return 0, false
	}
	return clamp(first, 0, 1), true
}

// firstAbove returns the first t in [0,1] with f(t) > lim, for a concave f
// (such as the penetration depth of a base moving in a straight line into a
// fixed one). f(0) is assumed to be at most lim.
func firstAbove(f func(float64) float64, lim float64) (float64, bool) {
	if f(0) > lim {
		return 0, true
	}
	// Golden-section search for the maximum of the concave f.
	const g = 0.6180339887498949
	lo, hi := 0.0, 1.0
	best, bt := f(1), 1.0
	x1, x2 := hi-g*(hi-lo), lo+g*(hi-lo)
	f1, f2 := f(x1), f(x2)
	for i := 0; i < 80 && hi-lo > 1e-13; i++ {
		if f1 < f2 {
			lo, x1, f1 = x1, x2, f2
			x2 = lo + g*(hi-lo)
			f2 = f(x2)
		} else {
			hi, x2, f2 = x2, x1, f1
			x1 = hi - g*(hi-lo)
			f1 = f(x1)
		}
	}
	for _, c := range [2][2]float64{{x1, f1}, {x2, f2}} {
		if c[1] > best {
			best, bt = c[1], c[0]
		}
	}
	if best <= lim {
		return 0, false
	}
	// Bisect [0, bt] for the crossing.
	a, b := 0.0, bt
	for i := 0; i < 80 && b-a > 1e-14; i++ {
		mid := (a + b) / 2
		if f(mid) > lim {
			b = mid
		} else {
			a = mid
		}
	}
	return b, true
}

// sweepPoly returns the parameter spans of the leg p0->p1 over which the
// footprint f (at p0, moved along the leg, not turning) shares a point with
// polygon g: where its centre is inside g, or it meets one of g's edges.
// Spans are merged and sorted.
func sweepPoly(f *frame, p0, p1 Vec, g *featGeom, fi int) []span {
	var out []span
	d := p1.Sub(p0)
	l2 := d.Dot(d)
	if l2 > 0 {
		tr := tracer{a: p0, b: p1, d: d, l2: l2, l: math.Sqrt(l2)}
		for _, c := range tr.feature(g, fi, nil) {
			out = append(out, span{c.TIn, c.TOut})
		}
	} else if PointInPolygon(p0, g.pts[:len(g.pts)-1]) {
		out = append(out, span{0, 1})
	}
	var hex []Vec
	reach := math.Hypot(f.hw, f.hh) + Eps // a rect's farthest point from its centre
	for i := 0; i+1 < len(g.pts); i++ {
		a, b := g.pts[i], g.pts[i+1]
		var s span
		var ok bool
		if f.rect {
			if segsApart(p0, p1, a, b, reach) {
				continue // the footprint never comes near this edge
			}
			hex = edgeRectHull(hex[:0], f, a, b)
			s, ok = clipConvex(p0, d, hex)
		} else {
			s, ok = clipCapsule(p0, d, a, b, f.r)
		}
		if ok {
			out = append(out, s)
		}
	}
	return mergeSpans(out)
}

// segsApart reports whether segments p0p1 and ab stay more than r apart.
func segsApart(p0, p1, a, b Vec, r float64) bool {
	d1, d2 := orient(a, b, p0), orient(a, b, p1)
	d3, d4 := orient(p0, p1, a), orient(p0, p1, b)
	if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) {
		return false // they cross
	}
	// Not crossing: the nearest points include an end of one of them.
	da, _ := segDist(a, p0, p1)
	db, _ := segDist(b, p0, p1)
	dp, _ := segDist(p0, a, b)
	dq, _ := segDist(p1, a, b)
	return min(da, db, dp, dq) > r
}

func mergeSpans(s []span) []span {
	if len(s) < 2 {
		return s
	}
	sort.Slice(s, func(i, j int) bool { return s[i].t0 < s[j].t0 })
	out := s[:1]
	for _, x := range s[1:] {
		last := &out[len(out)-1]
		if x.t0 <= last.t1+1e-12 {
			last.t1 = max(last.t1, x.t1)
		} else {
			out = append(out, x)
		}
	}
	return out
}

// clipCapsule returns the span of p0 + t*d, t in [0,1], within r of segment
// ab (closed).
func clipCapsule(p0, d, a, b Vec, r float64) (span, bool) {
	lo, hi := math.Inf(1), math.Inf(-1)
	add := func(s span, ok bool) {
		if ok {
			lo, hi = min(lo, s.t0), max(hi, s.t1)
		}
	}
	add(clipDisk(p0, d, a, r))
	add(clipDisk(p0, d, b, r))
	e := b.Sub(a)
	if l := e.Len(); l > 0 {
		u := e.Scale(1 / l)
		n := Vec{-u.Y, u.X}
		// Rectangle: along in [0, l], across in [-r, r].
		rel := p0.Sub(a)
		add(clipSlabs(rel.Dot(u), d.Dot(u), 0, l, rel.Dot(n), d.Dot(n), -r, r))
	}
	if lo > hi {
		return span{}, false
	}
	return span{lo, hi}, true
}

// clipDisk returns the span of p0 + t*d, t in [0,1], within r of c.
func clipDisk(p0, d, c Vec, r float64) (span, bool) {
	rel := p0.Sub(c)
	a := d.Dot(d)
	b := 2 * rel.Dot(d)
	cc := rel.Dot(rel) - r*r
	if a == 0 {
		if cc <= 0 {
			return span{0, 1}, true
		}
		return span{}, false
	}
	disc := b*b - 4*a*cc
	if disc < 0 {
		return span{}, false
	}
	sq := math.Sqrt(disc)
	t0, t1 := (-b-sq)/(2*a), (-b+sq)/(2*a)
	t0, t1 = max(t0, 0), min(t1, 1)
	if t0 > t1 {
		return span{}, false
	}
	return span{t0, t1}, true
}

// clipSlabs returns the span of t in [0,1] where x0+t*dx is in [xlo,xhi] and
// y0+t*dy is in [ylo,yhi].
func clipSlabs(x0, dx, xlo, xhi, y0, dy, ylo, yhi float64) (span, bool) {
	lo, hi := 0.0, 1.0
	for _, s := range [2][4]float64{{x0, dx, xlo, xhi}, {y0, dy, ylo, yhi}} {
		p, dv, a, b := s[0], s[1], s[2], s[3]
		if dv == 0 {
			if p < a || p > b {
				return span{}, false
			}
			continue
		}
		ta, tb := (a-p)/dv, (b-p)/dv
		lo, hi = max(lo, min(ta, tb)), min(hi, max(ta, tb))
	}
	if lo > hi {
		return span{}, false
	}
	return span{lo, hi}, true
}

// edgeRectHull appends the convex hull (clockwise on the table) of segment
// ab grown by the rectangle f (centred on the origin): the set of centres at
// which the rectangle meets the segment.
func edgeRectHull(dst []Vec, f *frame, a, b Vec) []Vec {
	var pts [8]Vec
	cs := [4]Vec{
		f.u.Scale(-f.hw).Add(f.v.Scale(-f.hh)), f.u.Scale(f.hw).Add(f.v.Scale(-f.hh)),
		f.u.Scale(f.hw).Add(f.v.Scale(f.hh)), f.u.Scale(-f.hw).Add(f.v.Scale(f.hh)),
	}
	for i, c := range cs {
		pts[i] = a.Add(c)
		pts[4+i] = b.Add(c)
	}
	return convexHull(dst, pts[:])
}

// convexHull appends the convex hull of pts (monotone chain) to dst.
func convexHull(dst []Vec, pts []Vec) []Vec {
	for i := 1; i < len(pts); i++ { // insertion sort by x, then y (a handful of points)
		for j := i; j > 0 && (pts[j].X < pts[j-1].X || (pts[j].X == pts[j-1].X && pts[j].Y < pts[j-1].Y)); j-- {
			pts[j], pts[j-1] = pts[j-1], pts[j]
		}
	}
	start := len(dst)
	for _, p := range pts { // lower hull
		for len(dst)-start >= 2 && orient(dst[len(dst)-2], dst[len(dst)-1], p) <= 0 {
			dst = dst[:len(dst)-1]
		}
		dst = append(dst, p)
	}
	lower := len(dst)
	for i := len(pts) - 2; i >= 0; i-- { // upper hull
		p := pts[i]
		for len(dst)-lower >= 1 && orient(dst[len(dst)-2], dst[len(dst)-1], p) <= 0 {
			dst = dst[:len(dst)-1]
		}
		dst = append(dst, p)
	}
	return dst[:len(dst)-1]
}

// clipConvex returns the span of p0 + t*d, t in [0,1], inside the convex
// polygon hull (Cyrus-Beck; either winding).
func clipConvex(p0, d Vec, hull []Vec) (span, bool) {
	n := len(hull)
	if n < 3 {
		return span{}, false
	}
	sign := 1.0
	if PolygonArea(hull) < 0 {
		sign = -1
	}
	lo, hi := 0.0, 1.0
	for i := 0; i < n; i++ {
		a, b := hull[i], hull[(i+1)%n]
		// Inside is where sign*orient(a, b, p) >= 0.
		e := b.Sub(a)
		num := sign * e.Cross(p0.Sub(a)) // value at t=0
		den := sign * e.Cross(d)         // change per unit t
		if den == 0 {
			if num < 0 {
				return span{}, false
			}
			continue
		}
		t := -num / den
		if den > 0 {
			lo = max(lo, t)
		} else {
			hi = min(hi, t)
		}
	}
	if lo > hi {
		return span{}, false
	}
	return span{lo, hi}, true
}
