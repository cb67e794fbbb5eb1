package scenarios

import (
	"math"
	"sort"

	"github.com/auspex/auspex/world"
)

// AreaOp is the kind of an area: a primitive shape or a combination.
type AreaOp string

// Area shapes and combinations.
const (
	AreaCircle       AreaOp = "circle"
	AreaRect         AreaOp = "rect"
	AreaPolygon      AreaOp = "polygon"
	AreaBand         AreaOp = "band"
	AreaUnion        AreaOp = "union"
	AreaDifference   AreaOp = "difference"
	AreaIntersection AreaOp = "intersection"
)

// maxOutlineVerts bounds the seam removal in Outline (quadratic in the
// number of piece vertices).
const maxOutlineVerts = 3000

// maxPieces bounds the drawing pieces of one area (hostile files).
const maxPieces = 5000

// circleSegments is how finely circles are drawn (their Contains is exact).
const circleSegments = 48

// Area is a region of the table in cm: a circle, a (rotated) rectangle, a
// polygon, a band along a table edge, or a union, difference (first minus
// the rest) or intersection of areas. Contains is exact; Polygons gives
// filled pieces for drawing, clipped to the table.
type Area struct {
	Op AreaOp
	// Center and Radius describe a circle.
	Center world.Vec
	Radius float64
	// Poly is the outline of a rect, polygon or band (clockwise on the
	// table or not; both are accepted).
	Poly []world.Vec
	// Parts are the operands of union, difference and intersection.
	Parts []*Area
	// Line and Col locate the area in the scenario file.
	Line, Col int

	table   world.Table
	pieces  [][]world.Vec
	outline [][2]world.Vec
}

// Contains reports whether p lies in the area and on the table (boundary
// points count as inside, within world.Eps).
func (a *Area) Contains(p world.Vec) bool {
	if a == nil || !a.table.Contains(p) {
		return false
	}
	return a.contains(p)
}

func (a *Area) contains(p world.Vec) bool {
	switch a.Op {
	case AreaCircle:
		return p.Dist(a.Center) <= a.Radius+world.Eps
	case AreaRect, AreaPolygon, AreaBand:
		return world.PointInPolygon(p, a.Poly) || onBoundary(p, a.Poly)
	case AreaUnion:
		for _, c := range a.Parts {
			if c.contains(p) {
				return true
			}
		}
		return false
	case AreaIntersection:
		for _, c := range a.Parts {
			if !c.contains(p) {
				return false
			}
		}
		return len(a.Parts) > 0
	case AreaDifference:
		if len(a.Parts) == 0 || !a.Parts[0].contains(p) {
			return false
		}
		for _, c := range a.Parts[1:] {
			if c.contains(p) && !onEdgeOf(c, p) {
				return false
			}
		}
		return true
	}
	return false
}

// onEdgeOf reports whether p is on the boundary of a primitive area (a
// subtracted area's boundary stays part of the difference).
func onEdgeOf(a *Area, p world.Vec) bool {
	switch a.Op {
	case AreaCircle:
		return math.Abs(p.Dist(a.Center)-a.Radius) <= world.Eps
	case AreaRect, AreaPolygon, AreaBand:
		return onBoundary(p, a.Poly)
	}
	return false
}

func onBoundary(p world.Vec, poly []world.Vec) bool {
	n := len(poly)
	for i := 0; i < n; i++ {
		a, b := poly[i], poly[(i+1)%n]
		if world.SegmentDistance(p, a, b) <= world.Eps {
			return true
		}
	}
	return false
}

// Polygons returns filled pieces whose union is the area, clipped to the
// table: fill them all in one colour to draw the area. Pieces of a
// combination may share internal edges (seams), so stroke the border with
// Outline, not with the pieces' edges.
func (a *Area) Polygons() [][]world.Vec {
	if a == nil {
		return nil
	}
	return a.pieces
}

// Outline returns the border of the area as segments (each a pair of
// points): the pieces' edges with the internal seams between pieces
// removed. Draw it over the filled Polygons.
func (a *Area) Outline() [][2]world.Vec {
	if a == nil {
		return nil
	}
	return a.outline
}

// inPieces reports whether p is inside one of the drawn pieces (the drawn
// shape, whose circles are polygons, rather than the exact area).
func (a *Area) inPieces(p world.Vec) bool {
	for _, pc := range a.pieces {
		if world.PointInPolygon(p, pc) {
			return true
		}
	}
	return false
}

// computeOutline keeps the stretches of piece edges that have the drawn
// area on one side only (tested just off each stretch's midpoint on both
// sides). Edges are first split at other pieces' vertices lying on them, so
// a seam that continues a true border is not kept whole.
func (a *Area) computeOutline() {
	const off = 0.01 // cm
	a.outline = nil
	var verts []world.Vec
	for _, pc := range a.pieces {
		verts = append(verts, pc...)
	}
	if len(a.pieces) > 1 && len(verts) > maxOutlineVerts {
		// Too complex to clean: every piece edge is drawn, seams included.
		for _, pc := range a.pieces {
			for i := range pc {
				a.outline = append(a.outline, [2]world.Vec{pc[i], pc[(i+1)%len(pc)]})
			}
		}
		return
	}
	split := len(a.pieces) > 1
	for _, pc := range a.pieces {
		n := len(pc)
		for i := 0; i < n; i++ {
			p, q := pc[i], pc[(i+1)%n]
			d := q.Sub(p)
			l := d.Len()
			if l <= 1e-9 {
				continue
			}
			ts := []float64{0, 1}
			if split {
				for _, v := range verts {
					t := v.Sub(p).Dot(d) / (l * l)
					if t > 1e-9 && t < 1-1e-9 && world.SegmentDistance(v, p, q) <= 1e-7 {
						ts = append(ts, t)
					}
				}
				sort.Float64s(ts)
			}
			nrm := world.Vec{X: -d.Y / l, Y: d.X / l}.Scale(off)
			for k := 0; k+1 < len(ts); k++ {
				if ts[k+1]-ts[k] <= 1e-9 {
					continue
				}
				a0, a1 := p.Lerp(q, ts[k]), p.Lerp(q, ts[k+1])
				m := a0.Lerp(a1, 0.5)
				if a.inPieces(m.Add(nrm)) && a.inPieces(m.Sub(nrm)) {
					continue
				}
				a.outline = append(a.outline, [2]world.Vec{a0, a1})
			}
		}
	}
}

// Bounds returns the bounding box of the drawn area (min, max corners).
func (a *Area) Bounds() (world.Vec, world.Vec) {
	lo := world.Vec{X: math.Inf(1), Y: math.Inf(1)}
	hi := world.Vec{X: math.Inf(-1), Y: math.Inf(-1)}
	for _, pc := range a.Polygons() {
		for _, p := range pc {
			lo.X, lo.Y = math.Min(lo.X, p.X), math.Min(lo.Y, p.Y)
			hi.X, hi.Y = math.Max(hi.X, p.X), math.Max(hi.Y, p.Y)
		}
	}
	return lo, hi
}

// Centroid is a representative point inside the drawn area (the centre of
// the largest piece), for labels.
func (a *Area) Centroid() world.Vec {
	best, bestA := []world.Vec(nil), -1.0
	for _, pc := range a.Polygons() {
		if ar := math.Abs(world.PolygonArea(pc)); ar > bestA {
			best, bestA = pc, ar
		}
	}
	if best == nil {
		return world.Vec{}
	}
	var c world.Vec
	for _, p := range best {
		c = c.Add(p)
	}
	return c.Scale(1 / float64(len(best)))
}

// Area returns the area in square cm (sum of the drawn pieces).
func (a *Area) Area() float64 {
	s := 0.0
	for _, pc := range a.Polygons() {
		s += math.Abs(world.PolygonArea(pc))
	}
	return s
}

// shapePieces computes the drawing pieces of a primitive or combination.
// clipOK reports false when a combination needs a non-convex clipping
// operand (intersection operands after the first and subtracted areas must
// be convex, see docs/scenarios.md).
func (a *Area) shapePieces() (pieces [][]world.Vec, clipOK bool) {
	switch a.Op {
	case AreaCircle:
		return [][]world.Vec{circlePoly(a.Center, a.Radius, circleSegments)}, true
	case AreaRect, AreaPolygon, AreaBand:
		return [][]world.Vec{a.Poly}, true
	case AreaUnion:
		var out [][]world.Vec
		ok := true
		for _, c := range a.Parts {
			p, cok := c.shapePieces()
			out = append(out, p...)
			ok = ok && cok
		}
		return out, ok
	case AreaIntersection, AreaDifference:
		if len(a.Parts) == 0 {
			return nil, true
		}
		cur, ok := a.Parts[0].shapePieces()
		for _, c := range a.Parts[1:] {
			clips, cok := c.shapePieces()
			ok = ok && cok
			for _, cl := range clips {
				if !isConvex(cl) {
					return nil, false
				}
			}
			if len(cur) > maxPieces {
				return nil, false
			}
			if a.Op == AreaIntersection {
				var next [][]world.Vec
				for _, s := range cur {
					for _, cl := range clips {
						if r := clipConvex(s, cl); len(r) >= 3 {
							next = append(next, r)
						}
						if len(next) > maxPieces {
							return nil, false
						}
					}
				}
				cur = next
			} else {
				for _, cl := range clips {
					var next [][]world.Vec
					for _, s := range cur {
						if !boxesOverlap(s, cl) {
							next = append(next, s)
							continue
						}
						next = append(next, subtractConvex(s, cl)...)
						if len(next) > maxPieces {
							return nil, false
						}
					}
					cur = next
				}
			}
		}
		if len(cur) > maxPieces {
			return nil, false
		}
		return cur, ok
	}
	return nil, true
}

func boxesOverlap(a, b []world.Vec) bool {
	box := func(ps []world.Vec) (lo, hi world.Vec) {
		lo, hi = ps[0], ps[0]
		for _, p := range ps[1:] {
			lo.X, lo.Y = math.Min(lo.X, p.X), math.Min(lo.Y, p.Y)
			hi.X, hi.Y = math.Max(hi.X, p.X), math.Max(hi.Y, p.Y)
		}
		return
	}
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	alo, ahi := box(a)
	blo, bhi := box(b)
	return alo.X < bhi.X && blo.X < ahi.X && alo.Y < bhi.Y && blo.Y < ahi.Y
}

func circlePoly(c world.Vec, r float64, n int) []world.Vec {
	out := make([]world.Vec, n)
	for i := range out {
		out[i] = c.Add(world.Heading(360 * float64(i) / float64(n)).Scale(r))
	}
	return out
}

func rectPoly(x, y, w, h, rot float64) []world.Vec {
	c := world.Vec{X: x + w/2, Y: y + h/2}
	local := []world.Vec{{X: -w / 2, Y: -h / 2}, {X: w / 2, Y: -h / 2}, {X: w / 2, Y: h / 2}, {X: -w / 2, Y: h / 2}}
	out := make([]world.Vec, 4)
	for i, p := range local {
		out[i] = c.Add(p.Rotate(rot))
	}
	return out
}

// isConvex reports whether poly is convex (collinear points allowed).
func isConvex(poly []world.Vec) bool {
	n := len(poly)
	if n < 3 {
		return false
	}
	sign := 0.0
	for i := 0; i < n; i++ {
		a, b, c := poly[i], poly[(i+1)%n], poly[(i+2)%n]
		cr := b.Sub(a).Cross(c.Sub(b))
		if math.Abs(cr) <= 1e-9 {
			continue
		}
		if sign == 0 {
			sign = cr
		} else if (cr > 0) != (sign > 0) {
			return false
		}
	}
	return sign != 0
}

// clipHalf keeps the part of subject on the inner side of the directed line
// a->b, where inner is the side with orientation sign s (+1 or -1).
func clipHalf(subject []world.Vec, a, b world.Vec, s float64) []world.Vec {
	if len(subject) == 0 {
		return nil
	}
	side := func(p world.Vec) float64 { return s * b.Sub(a).Cross(p.Sub(a)) }
	var out []world.Vec
	n := len(subject)
	for i := 0; i < n; i++ {
		p, q := subject[i], subject[(i+1)%n]
		sp, sq := side(p), side(q)
		if sp >= 0 {
			out = append(out, p)
		}
		if (sp >= 0) != (sq >= 0) {
			t := sp / (sp - sq)
			out = append(out, p.Lerp(q, t))
		}
	}
	return dedupe(out)
}

func orientation(poly []world.Vec) float64 {
	if world.PolygonArea(poly) >= 0 {
		return 1
	}
	return -1
}

// clipConvex intersects subject (any simple polygon) with a convex clip
// polygon (Sutherland-Hodgman).
func clipConvex(subject, clip []world.Vec) []world.Vec {
	s := orientation(clip)
	out := subject
	n := len(clip)
	for i := 0; i < n && len(out) > 0; i++ {
		out = clipHalf(out, clip[i], clip[(i+1)%n], s)
	}
	if len(out) < 3 || math.Abs(world.PolygonArea(out)) <= 1e-9 {
		return nil
	}
	return out
}

// subtractConvex returns pieces covering subject minus the convex clip: for
// each clip edge i, the part of subject outside edge i and inside edges
// 0..i-1 (disjoint pieces).
func subtractConvex(subject, clip []world.Vec) [][]world.Vec {
	s := orientation(clip)
	var out [][]world.Vec
	rest := subject
	n := len(clip)
	for i := 0; i < n && len(rest) > 0; i++ {
		a, b := clip[i], clip[(i+1)%n]
		if outside := clipHalf(rest, a, b, -s); len(outside) >= 3 && math.Abs(world.PolygonArea(outside)) > 1e-9 {
			out = append(out, outside)
		}
		rest = clipHalf(rest, a, b, s)
	}
	return out
}

func dedupe(ps []world.Vec) []world.Vec {
	var out []world.Vec
	for _, p := range ps {
		if len(out) > 0 && out[len(out)-1].Dist(p) <= 1e-9 {
			continue
		}
		out = append(out, p)
	}
	if len(out) > 1 && out[0].Dist(out[len(out)-1]) <= 1e-9 {
		out = out[:len(out)-1]
	}
	return out
}

// finish computes the drawing pieces clipped to the table.
func (a *Area) finish(t world.Table) bool {
	a.setTable(t)
	pieces, ok := a.shapePieces()
	tab := []world.Vec{{X: 0, Y: 0}, {X: t.W, Y: 0}, {X: t.W, Y: t.H}, {X: 0, Y: t.H}}
	a.pieces = nil
	for _, p := range pieces {
		if c := clipConvex(p, tab); len(c) >= 3 {
			a.pieces = append(a.pieces, c)
		}
	}
	a.computeOutline()
	return ok
}

func (a *Area) setTable(t world.Table) {
	a.table = t
	for _, c := range a.Parts {
		c.setTable(t)
	}
}
