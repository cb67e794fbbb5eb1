package atiiai

import (
	"cmp"
	"math"
	"slices"

	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/world"
)

// A titan walking straight at a place it makes for wades through any wood
// or rubble on the way: ATII-MOV-4 lets it cover only the total of a D6
// per Man point in dangerous terrain (about 7 cm for a Reaver, whose Speed
// is 20), and impassable terrain stops it (ATII-MOV-5). A player walks
// round. detourAround finds that way round one feature: the shortest path
// round the convex hull of the feature pushed out by the titan's base
// radius and a margin, when it is expected to be quicker than the straight
// walk; detourLeg is how far along it one straight walk gets.

// detourMargin is the clearance (cm) kept between a titan's base and the
// feature it walks round.
const detourMargin = 1.5

// detour is a way round a feature: the corners to walk by, in order, then
// the goal; its length and the feature's name.
type detour struct {
	via     []world.Vec
	length  float64
	feature string
	poly    []world.Vec // the feature's outline
}

// detourAround returns the way round the first feature dangerous or
// impassable for the titan (class, Speed and Man from prof; base radius
// r) that the straight walk from `from` to goal crosses, when it is
// shorter than the straight walk priced at the expected pace in dangerous
// terrain (pace per cm inside; impassable: no straight walk). ok is false
// when the straight walk crosses nothing, going round does not pay, or
// the titan or the goal stands within the pushed-out hull (next to the
// feature: walking round would not help).
func detourAround(rs *atii.Ruleset, prof *catalog.Unit, r float64, from, goal world.Vec) (detour, bool) {
	d, ok, _ := route(rs, prof, r, from, goal)
	return d, ok
}

// route is detourAround and, whether or not there is a way round, the
// cost of the straight walk (straightCost).
func route(rs *atii.Ruleset, prof *catalog.Unit, r float64, from, goal world.Vec) (detour, bool, float64) {
	straight := from.Dist(goal)
	w := rs.World()
	if w == nil || straight < 1 {
		return detour{}, false, straight
	}
	f := firstFeature(rs, prof, r, from, goal)
	if f == nil {
		return detour{}, false, straight
	}
	if rs.Terrain(nil).PassageFor(f.Kind, prof.Class) == world.Impassable {
		straight = math.Inf(1)
	} else {
		straight += (pace(prof) - 1) * insideLength(f.Poly, from, goal, r)
	}
	hull := convexHull(offsetPolygon(f.Poly, r+detourMargin))
	if len(hull) < 3 || inConvex(hull, from) || inConvex(hull, goal) {
		return detour{}, false, straight
	}
	via, length := hullPath(hull, from, goal)
	if len(via) == 0 || length >= straight-1 {
		return detour{}, false, straight
	}
	for _, v := range via {
		if v.X < r || v.Y < r || v.X > w.Table.W-r || v.Y > w.Table.H-r {
			return detour{}, false, straight // the way round leaves the table
		}
	}
	return detour{via: via, length: length, feature: f.Label(), poly: f.Poly}, true, straight
}

// walkCost is how far (cm of Speed) a titan expects to walk from `from`
// to goal: the straight walk with each cm in the first dangerous feature
// crossed priced at its pace (an impassable one: +Inf), or the way round
// that feature when that is shorter (detourAround); only the first
// feature is walked round.
func walkCost(rs *atii.Ruleset, prof *catalog.Unit, r float64, from, goal world.Vec) float64 {
	d, ok, straight := route(rs, prof, r, from, goal)
	if ok {
		return d.length
	}
	return straight
}

// firstFeature is the first feature dangerous or impassable for the
// titan that a straight walk from `from` to goal touches, leaving out one
// it already stands in (nil: none).
func firstFeature(rs *atii.Ruleset, prof *catalog.Unit, r float64, from, goal world.Vec) *world.Feature {
	w := rs.World()
	if w == nil {
		return nil
	}
	terr := rs.Terrain(nil)
	var first *world.Feature
	firstAt := math.Inf(1)
	lo := world.Vec{X: math.Min(from.X, goal.X) - r, Y: math.Min(from.Y, goal.Y) - r}
	hi := world.Vec{X: math.Max(from.X, goal.X) + r, Y: math.Max(from.Y, goal.Y) + r}
	for i := range w.Features {
		f := &w.Features[i]
		p := terr.PassageFor(f.Kind, prof.Class)
		if p != world.Dangerous && p != world.Impassable || !boxesMeet(f.Poly, lo, hi) || world.PointInPolygon(from, f.Poly) {
			continue
		}
		if t, hit := capsuleMeets(f.Poly, from, goal, r); hit && t < firstAt {
			first, firstAt = f, t
		}
	}
	return first
}

// boxesMeet reports whether poly's bounding box meets the box lo-hi.
func boxesMeet(poly []world.Vec, lo, hi world.Vec) bool {
	plo, phi := poly[0], poly[0]
	for _, v := range poly[1:] {
		plo.X, plo.Y = math.Min(plo.X, v.X), math.Min(plo.Y, v.Y)
		phi.X, phi.Y = math.Max(phi.X, v.X), math.Max(phi.Y, v.Y)
	}
	return plo.X <= hi.X && phi.X >= lo.X && plo.Y <= hi.Y && phi.Y >= lo.Y
}

// detourLeg is the end of one straight walk along the detour from `from`,
// at most reach long: the farthest point of the path within reach that
// the base (radius r) walks to in a straight line without touching the
// feature, so that the titan turns once and walks (ATII-MOV-2: a turn
// costs Man points). ok is false when there is none.
func detourLeg(d detour, from world.Vec, r, reach float64) (world.Vec, bool) {
	pts := append([]world.Vec{from}, d.via...)
	// Points every centimetre along the path, up to reach.
	var along []world.Vec
	walked := 0.0
	for i := 1; i < len(pts) && walked < reach; i++ {
		a, b := pts[i-1], pts[i]
		l := a.Dist(b)
		for s := 1.0; s <= l && walked+s <= reach; s++ {
			along = append(along, a.Lerp(b, s/l))
		}
		if walked+l <= reach {
			along = append(along, b)
		} else {
			along = append(along, a.Lerp(b, (reach-walked)/l))
		}
		walked += l
	}
	for k := len(along) - 1; k >= 0; k-- {
		if _, hit := capsuleMeets(d.poly, from, along[k], r); !hit {
			return along[k], true
		}
	}
	return world.Vec{}, false
}

// pace is how many cm of Speed a cm walked in dangerous terrain costs a
// titan, on average: its Speed over the mean total of one D6 per Man point
// (ATII-MOV-4), at least 1.
func pace(prof *catalog.Unit) float64 {
	man := sheet.Of(prof).Man
	if man <= 0 || prof.Speed <= 0 {
		return 1
	}
	return math.Max(1, prof.Speed/(3.5*float64(man)))
}

// hullPath is the shortest path from p to q round the convex polygon
// hull (counter-clockwise in maths axes, both points outside it): to a
// tangent corner seen from p, along the hull, and from a tangent corner
// seen from q. It returns the corners walked by and the whole length.
func hullPath(hull []world.Vec, p, q world.Vec) ([]world.Vec, float64) {
	n := len(hull)
	tp, tq := tangents(hull, p), tangents(hull, q)
	var best []world.Vec
	bestLen := math.Inf(1)
	for _, a := range tp {
		for _, b := range tq {
			for _, dir := range []int{1, -1} {
				length := p.Dist(hull[a])
				via := []world.Vec{hull[a]}
				for i := a; i != b; {
					j := ((i+dir)%n + n) % n
					length += hull[i].Dist(hull[j])
					via = append(via, hull[j])
					i = j
				}
				length += hull[b].Dist(q)
				if length < bestLen {
					best, bestLen = via, length
				}
			}
		}
	}
	return best, bestLen
}

// tangents are the corners of the convex hull where a line from p only
// touches it: both neighbours lie on the same side of the line.
func tangents(hull []world.Vec, p world.Vec) []int {
	n := len(hull)
	var out []int
	for i := range hull {
		v := hull[i].Sub(p)
		s1 := v.Cross(hull[(i+n-1)%n].Sub(p))
		s2 := v.Cross(hull[(i+1)%n].Sub(p))
		if s1 >= 0 && s2 >= 0 || s1 <= 0 && s2 <= 0 {
			out = append(out, i)
		}
	}
	return out
}

// convexHull is the convex hull of pts, counter-clockwise in maths axes
// (Andrew's monotone chain), without repeated or collinear points.
func convexHull(pts []world.Vec) []world.Vec {
	ps := append([]world.Vec(nil), pts...)
	slices.SortFunc(ps, func(a, b world.Vec) int {
		if c := cmp.Compare(a.X, b.X); c != 0 {
			return c
		}
		return cmp.Compare(a.Y, b.Y)
	})
	if len(ps) < 3 {
		return ps
	}
	var h []world.Vec
	for pass := 0; pass < 2; pass++ {
		start := len(h)
		for _, p := range ps {
			for len(h) >= start+2 && h[len(h)-1].Sub(h[len(h)-2]).Cross(p.Sub(h[len(h)-2])) <= 0 {
				h = h[:len(h)-1]
			}
			h = append(h, p)
		}
		h = h[:len(h)-1]
		slices.Reverse(ps)
	}
	return h
}

// inConvex reports whether p is inside the counter-clockwise convex
// polygon (on its outline counts as outside).
func inConvex(poly []world.Vec, p world.Vec) bool {
	for i := range poly {
		if poly[(i+1)%len(poly)].Sub(poly[i]).Cross(p.Sub(poly[i])) <= 1e-9 {
			return false
		}
	}
	return true
}

// offsetPolygon pushes each corner of poly out by d along the bisector of
// its two edges' outward normals (a mitred offset, capped at 3 d for
// sharp corners).
func offsetPolygon(poly []world.Vec, d float64) []world.Vec {
	n := len(poly)
	sign := 1.0
	if world.PolygonArea(poly) < 0 {
		sign = -1
	}
	out := make([]world.Vec, n)
	for i := range poly {
		prev, cur, next := poly[(i+n-1)%n], poly[i], poly[(i+1)%n]
		n1 := outward(prev, cur, sign)
		n2 := outward(cur, next, sign)
		m := n1.Add(n2)
		if l := m.Len(); l > 1e-9 {
			m = m.Scale(1 / l)
		} else {
			m = n1
		}
		k := 3 * d
		if c := m.Dot(n1); c > 1.0/3 {
			k = d / c
		}
		out[i] = cur.Add(m.Scale(k))
	}
	return out
}

// outward is the unit normal of edge a-b pointing out of a polygon of
// orientation sign (1: counter-clockwise in maths axes).
func outward(a, b world.Vec, sign float64) world.Vec {
	e := b.Sub(a)
	l := e.Len()
	if l < 1e-12 {
		return world.Vec{}
	}
	return world.Vec{X: e.Y / l * sign, Y: -e.X / l * sign}
}

// capsuleMeets reports whether a disc of radius r moved from a to b
// touches poly (overlaps it by more than a hair), and how far along (0 to
// 1) the centre first comes within r of it, roughly.
func capsuleMeets(poly []world.Vec, a, b world.Vec, r float64) (float64, bool) {
	const hair = 1e-6
	best, hit := math.Inf(1), false
	if world.PointInPolygon(a, poly) {
		return 0, true
	}
	ab := b.Sub(a)
	l2 := ab.Dot(ab)
	for i := range poly {
		c, d := poly[i], poly[(i+1)%len(poly)]
		if segSegDist(a, b, c, d) >= r-hair {
			continue
		}
		hit = true
		// where along a-b the edge's nearest point projects
		t := 0.0
		if l2 > 0 {
			mid := c.Add(d).Scale(0.5)
			t = math.Max(0, math.Min(1, mid.Sub(a).Dot(ab)/l2))
			if p, ok := segCross(a, b, c, d); ok {
				t = math.Min(t, p)
			}
		}
		best = math.Min(best, t)
	}
	if !hit && world.PointInPolygon(b, poly) {
		return 1, true
	}
	return best, hit
}

// insideLength is how much of the walk a-b has the base (radius r) on
// poly, sampled every half centimetre.
func insideLength(poly []world.Vec, a, b world.Vec, r float64) float64 {
	l := a.Dist(b)
	steps := int(math.Ceil(l / 0.5))
	if steps == 0 {
		return 0
	}
	in := 0
	for k := 0; k <= steps; k++ {
		p := a.Lerp(b, float64(k)/float64(steps))
		if world.PointInPolygon(p, poly) || pointPolyDist(p, poly) < r {
			in++
		}
	}
	return l * float64(in) / float64(steps+1)
}

// pointPolyDist is the distance from p to poly's outline.
func pointPolyDist(p world.Vec, poly []world.Vec) float64 {
	best := math.Inf(1)
	for i := range poly {
		best = math.Min(best, world.SegmentDistance(p, poly[i], poly[(i+1)%len(poly)]))
	}
	return best
}

// segCross is where along a-b (0 to 1) it crosses c-d, if it does.
func segCross(a, b, c, d world.Vec) (float64, bool) {
	r, s := b.Sub(a), d.Sub(c)
	den := r.Cross(s)
	if math.Abs(den) < 1e-12 {
		return 0, false
	}
	t := c.Sub(a).Cross(s) / den
	u := c.Sub(a).Cross(r) / den
	if t < 0 || t > 1 || u < 0 || u > 1 {
		return 0, false
	}
	return t, true
}

// segSegDist is the distance between segments a-b and c-d.
func segSegDist(a, b, c, d world.Vec) float64 {
	if _, ok := segCross(a, b, c, d); ok {
		return 0
	}
	return math.Min(math.Min(world.SegmentDistance(a, c, d), world.SegmentDistance(b, c, d)),
		math.Min(world.SegmentDistance(c, a, b), world.SegmentDistance(d, a, b)))
}
