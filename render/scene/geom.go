package scene

import (
	"cmp"
	"math"
	"slices"
	"sort"

	"github.com/auspex/auspex/world"
)

// CircleSegments is how many straight segments approximate a circle of
// radius rPx pixels so the error stays under a quarter pixel.
func CircleSegments(rPx float64) int {
	if rPx <= 0 || math.IsNaN(rPx) {
		return 8
	}
	n := int(math.Ceil(math.Pi / math.Acos(math.Max(-1, 1-0.25/math.Max(rPx, 0.5)))))
	if n < 8 {
		n = 8
	}
	if n > 256 {
		n = 256
	}
	return n
}

// CirclePoints returns n points on the circle (c, r), starting due north,
// clockwise.
func CirclePoints(c world.Vec, r float64, n int) []world.Vec {
	pts := make([]world.Vec, n)
	for i := range pts {
		pts[i] = c.Add(world.Heading(float64(i) * 360 / float64(n)).Scale(r))
	}
	return pts
}

// WedgePoints returns the outline of a wedge: the centre, then the arc from
// a0 to a1 (clockwise bearings) with segments proportional to its sweep out
// of n per full turn. A sweep of 360 or more returns just the circle.
func WedgePoints(c world.Vec, r, a0, a1 float64, n int) []world.Vec {
	sweep := a1 - a0
	if sweep >= 360-1e-9 {
		return CirclePoints(c, r, n)
	}
	k := int(math.Ceil(float64(n) * sweep / 360))
	if k < 2 {
		k = 2
	}
	pts := make([]world.Vec, 0, k+2)
	pts = append(pts, c)
	for i := 0; i <= k; i++ {
		a := a0 + sweep*float64(i)/float64(k)
		pts = append(pts, c.Add(world.Heading(a).Scale(r)))
	}
	return pts
}

// Dash splits the polyline pts (closed when closed is true) into the "on"
// pieces of the dash pattern (lengths in the same unit as pts). An empty or
// invalid pattern returns the whole line as one piece.
func Dash(pts []world.Vec, closed bool, dash []float64) [][]world.Vec {
	total := dashPeriod(dash)
	if len(dash) == 0 || total <= 0 || len(pts) < 2 {
		if closed && len(pts) > 2 {
			return [][]world.Vec{append(append([]world.Vec(nil), pts...), pts[0])}
		}
		return [][]world.Vec{pts}
	}
	if closed {
		pts = append(append([]world.Vec(nil), pts...), pts[0])
	}
	var out [][]world.Vec
	var cur []world.Vec
	idx, left, on := 0, dash[0], true
	if on {
		cur = []world.Vec{pts[0]}
	}
	for i := 0; i+1 < len(pts); i++ {
		a, b := pts[i], pts[i+1]
		seg := a.Dist(b)
		pos := 0.0
		for seg-pos > left {
			pos += left
			p := a.Lerp(b, pos/seg)
			if on {
				cur = append(cur, p)
				out = append(out, cur)
				cur = nil
			} else {
				cur = []world.Vec{p}
			}
			on = !on
			idx = (idx + 1) % len(dash)
			left = dash[idx]
			if left <= 0 {
				left = 1e-9
			}
		}
		left -= seg - pos
		if on {
			cur = append(cur, b)
		}
	}
	if on && len(cur) > 1 {
		out = append(out, cur)
	}
	return out
}

// hatchSegments clips parallel lines at angle deg (counter-clockwise from
// the +X axis on screen), spacing apart and anchored to the table origin,
// against poly (even-odd), returning segment end points in pairs.
func hatchSegments(poly []world.Vec, deg, spacing float64, out []world.Vec) []world.Vec {
	if spacing <= 0 || len(poly) < 3 {
		return out
	}
	// Rotate so the lines are horizontal: u along the line, v across it.
	s, c := math.Sincos(deg * math.Pi / 180)
	// Screen Y is down, so "counter-clockwise on screen" flips the sine.
	toUV := func(p world.Vec) (float64, float64) { return p.X*c - p.Y*s, p.X*s + p.Y*c }
	fromUV := func(u, v float64) world.Vec { return world.Vec{X: u*c + v*s, Y: -u*s + v*c} }
	n := len(poly)
	us := make([]float64, n)
	vs := make([]float64, n)
	vmin, vmax := math.Inf(1), math.Inf(-1)
	for i, p := range poly {
		us[i], vs[i] = toUV(p)
		vmin = math.Min(vmin, vs[i])
		vmax = math.Max(vmax, vs[i])
	}
	// Sweep the lines in order of v over the edges sorted by their lower
	// end, keeping only the edges that span the current line: a line then
	// meets its few edges instead of all n (a 1,000-point outline hatched
	// with a thousand lines was a million tests per polygon per frame).
	// Edge e runs from vertex e to vertex e-1 (wrapping), as the full scan
	// did, so every crossing is computed exactly as before.
	lo := func(e int) float64 { return math.Min(vs[e], vs[(e+n-1)%n]) }
	hi := func(e int) float64 { return math.Max(vs[e], vs[(e+n-1)%n]) }
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return cmp.Compare(lo(a), lo(b)) })
	var xs []float64
	var active []int
	next := 0
	for k := math.Ceil(vmin/spacing - 0.5); (k+0.5)*spacing < vmax; k++ {
		v := (k + 0.5) * spacing
		for next < n && lo(order[next]) <= v {
			active = append(active, order[next])
			next++
		}
		kept := active[:0]
		for _, e := range active {
			if hi(e) > v {
				kept = append(kept, e)
			}
		}
		active = kept
		// Crossings in the order of the full scan (by edge index), so the
		// sort below sees the same values.
		sort.Ints(active)
		xs = xs[:0]
		for _, i := range active {
			j := (i + n - 1) % n
			if (vs[i] > v) != (vs[j] > v) {
				t := (v - vs[i]) / (vs[j] - vs[i])
				xs = append(xs, us[i]+t*(us[j]-us[i]))
			}
		}
		sort.Float64s(xs)
		for i := 0; i+1 < len(xs); i += 2 {
			if xs[i+1]-xs[i] > 1e-9 {
				out = append(out, fromUV(xs[i], v), fromUV(xs[i+1], v))
			}
		}
	}
	return out
}

// offsetDistance is how far from b's centre, along bearing deg, the point
// lies that is exactly dist cm from the base's edge.
func offsetDistance(b world.Base, deg, dist float64) float64 {
	if b.Foot.Shape == world.Circle {
		return b.Foot.Radius + dist
	}
	dir := world.Heading(deg)
	lo, hi := 0.0, b.Foot.BoundRadius()+dist+1
	for i := 0; i < 40; i++ {
		mid := (lo + hi) / 2
		if b.PointDistance(b.Pos.Add(dir.Scale(mid))) < dist {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

// rangeOutline samples the outline of all points within dist of the base's
// edge between bearings a0 and a1 (absolute, clockwise), every step degrees.
// With a sweep below 360 the base centre is the first point (a wedge).
func rangeOutline(b world.Base, a0, a1, dist, step float64) []world.Vec {
	sweep := a1 - a0
	full := sweep >= 360-1e-9
	if full {
		sweep = 360
	}
	k := int(math.Ceil(sweep / step))
	if k < 2 {
		k = 2
	}
	pts := make([]world.Vec, 0, k+2)
	if !full {
		pts = append(pts, b.Pos)
	}
	last := k
	if full {
		last = k - 1
	}
	for i := 0; i <= last; i++ {
		a := a0 + sweep*float64(i)/float64(k)
		pts = append(pts, b.Pos.Add(world.Heading(a).Scale(offsetDistance(b, a, dist))))
	}
	return pts
}

// footprintOutline is the outline of a base: its corners or a circle.
func footprintOutline(b world.Base, n int) []world.Vec {
	if b.Foot.Shape == world.Rect {
		return b.Corners()
	}
	return CirclePoints(b.Pos, b.Foot.Radius, n)
}

// bbox is the bounding box of pts.
func bbox(pts []world.Vec) Rect {
	r := Rect{Min: world.Vec{X: math.Inf(1), Y: math.Inf(1)}, Max: world.Vec{X: math.Inf(-1), Y: math.Inf(-1)}}
	for _, p := range pts {
		r.Min.X = math.Min(r.Min.X, p.X)
		r.Min.Y = math.Min(r.Min.Y, p.Y)
		r.Max.X = math.Max(r.Max.X, p.X)
		r.Max.Y = math.Max(r.Max.Y, p.Y)
	}
	return r
}

// labelPoint is a point inside poly suitable for a label: the centre of the
// widest horizontal span through the middle of its bounding box.
func labelPoint(poly []world.Vec) world.Vec {
	b := bbox(poly)
	best := world.Vec{X: (b.Min.X + b.Max.X) / 2, Y: (b.Min.Y + b.Max.Y) / 2}
	bestW := -1.0
	for _, f := range []float64{0.5, 0.4, 0.6, 0.3, 0.7} {
		y := b.Min.Y + f*b.H()
		var xs []float64
		n := len(poly)
		for i, j := 0, n-1; i < n; j, i = i, i+1 {
			if (poly[i].Y > y) != (poly[j].Y > y) {
				t := (y - poly[i].Y) / (poly[j].Y - poly[i].Y)
				xs = append(xs, poly[i].X+t*(poly[j].X-poly[i].X))
			}
		}
		sort.Float64s(xs)
		for i := 0; i+1 < len(xs); i += 2 {
			if w := xs[i+1] - xs[i]; w > bestW*1.2 {
				bestW = w
				best = world.Vec{X: (xs[i] + xs[i+1]) / 2, Y: y}
			}
		}
	}
	return best
}

// clipToRect clips the polygon poly to the rectangle r (Sutherland-Hodgman;
// exact for any polygon against a convex clip region, possibly leaving
// zero-width bridges that fill rules ignore).
func clipToRect(poly []world.Vec, r Rect) []world.Vec {
	type edge struct {
		inside func(world.Vec) bool
		cut    func(a, b world.Vec) world.Vec
	}
	atX := func(a, b world.Vec, x float64) world.Vec {
		t := (x - a.X) / (b.X - a.X)
		return world.Vec{X: x, Y: a.Y + t*(b.Y-a.Y)}
	}
	atY := func(a, b world.Vec, y float64) world.Vec {
		t := (y - a.Y) / (b.Y - a.Y)
		return world.Vec{X: a.X + t*(b.X-a.X), Y: y}
	}
	edges := []edge{
		{func(p world.Vec) bool { return p.X >= r.Min.X }, func(a, b world.Vec) world.Vec { return atX(a, b, r.Min.X) }},
		{func(p world.Vec) bool { return p.X <= r.Max.X }, func(a, b world.Vec) world.Vec { return atX(a, b, r.Max.X) }},
		{func(p world.Vec) bool { return p.Y >= r.Min.Y }, func(a, b world.Vec) world.Vec { return atY(a, b, r.Min.Y) }},
		{func(p world.Vec) bool { return p.Y <= r.Max.Y }, func(a, b world.Vec) world.Vec { return atY(a, b, r.Max.Y) }},
	}
	out := poly
	for _, e := range edges {
		if len(out) == 0 {
			return nil
		}
		in := out
		out = make([]world.Vec, 0, len(in)+4)
		for i := range in {
			cur, prev := in[i], in[(i+len(in)-1)%len(in)]
			ci, pi := e.inside(cur), e.inside(prev)
			switch {
			case ci && pi:
				out = append(out, cur)
			case ci && !pi:
				out = append(out, e.cut(prev, cur), cur)
			case !ci && pi:
				out = append(out, e.cut(prev, cur))
			}
		}
	}
	if len(out) < 3 {
		return nil
	}
	return out
}

// within reports whether box lies inside r.
func within(box, r Rect) bool {
	return box.Min.X >= r.Min.X && box.Min.Y >= r.Min.Y && box.Max.X <= r.Max.X && box.Max.Y <= r.Max.Y
}

// outerEdges returns the boundary of an area given as polygons that tile
// it (a union or difference split into pieces), as polylines: an edge is on
// the boundary when, beside its midpoint, one side is in the area and the
// other is not. Edges shared by two pieces are dropped. An edge is first
// split at the other pieces' vertices that lie on it (T-junctions): the
// pieces of a ring (a circle minus a core) share most of an edge whose
// last stretch is the hole's border, and that stretch is kept.
func outerEdges(polys [][]world.Vec) [][]world.Vec {
	inside := func(p world.Vec) bool {
		for _, poly := range polys {
			if len(poly) >= 3 && world.PointInPolygon(p, poly) {
				return true
			}
		}
		return false
	}
	var verts []world.Vec
	if len(polys) > 1 {
		for _, poly := range polys {
			verts = append(verts, poly...)
		}
		if len(verts) > maxSplitVerts {
			verts = nil
		}
	}
	var runs [][]world.Vec
	for _, poly := range polys {
		if len(poly) < 3 {
			continue
		}
		var run []world.Vec
		flush := func() {
			if len(run) > 1 {
				runs = append(runs, run)
			}
			run = nil
		}
		for i := range poly {
			a, b := poly[i], poly[(i+1)%len(poly)]
			for _, sub := range splitAt(a, b, verts) {
				if !outerStretch(sub[0], sub[1], inside) {
					flush()
					continue
				}
				if run == nil {
					run = []world.Vec{sub[0]}
				}
				run = append(run, sub[1])
			}
		}
		flush()
	}
	return runs
}

// maxSplitVerts caps the vertices outerEdges splits edges at (the work is
// edges times vertices); above it edges are tested whole.
const maxSplitVerts = 4000

// splitAt cuts the edge a-b at the points of verts lying on it (within
// 1e-7 cm), in order from a.
func splitAt(a, b world.Vec, verts []world.Vec) [][2]world.Vec {
	d := b.Sub(a)
	l2 := d.Dot(d)
	ts := []float64{0, 1}
	if l2 > 1e-18 {
		for _, v := range verts {
			t := v.Sub(a).Dot(d) / l2
			if t > 1e-9 && t < 1-1e-9 && v.Dist(a.Add(d.Scale(t))) <= 1e-7 {
				ts = append(ts, t)
			}
		}
	}
	sort.Float64s(ts)
	var out [][2]world.Vec
	for k := 0; k+1 < len(ts); k++ {
		if ts[k+1]-ts[k] > 1e-9 {
			out = append(out, [2]world.Vec{a.Lerp(b, ts[k]), a.Lerp(b, ts[k+1])})
		}
	}
	return out
}

// outerStretch reports whether the stretch a-b has the area on one side
// only, voting over five points so a piece that slightly overlaps its
// neighbours (polygonised circles) does not leave a seam.
func outerStretch(a, b world.Vec, inside func(world.Vec) bool) bool {
	d := b.Sub(a)
	l := d.Len()
	if l <= 1e-9 {
		return false
	}
	n := world.Vec{X: -d.Y / l, Y: d.X / l}.Scale(math.Min(1e-3, l/4))
	votes := 0
	for _, t := range []float64{0.1, 0.3, 0.5, 0.7, 0.9} {
		m := a.Lerp(b, t)
		if inside(m.Add(n)) != inside(m.Sub(n)) {
			votes++
		}
	}
	return votes >= 3
}

// chainSegments joins border segments that share end points into
// polylines (in whatever order and direction the segments come), so dash
// patterns run on across the joins instead of restarting on every piece.
func chainSegments(segs [][2]world.Vec) [][]world.Vec {
	const tol = 1e-6
	used := make([]bool, len(segs))
	var runs [][]world.Vec
	for i := range segs {
		if used[i] {
			continue
		}
		used[i] = true
		run := []world.Vec{segs[i][0], segs[i][1]}
		for extended := true; extended; {
			extended = false
			end := run[len(run)-1]
			for j := range segs {
				if used[j] {
					continue
				}
				switch {
				case segs[j][0].Dist(end) <= tol:
					run = append(run, segs[j][1])
				case segs[j][1].Dist(end) <= tol:
					run = append(run, segs[j][0])
				default:
					continue
				}
				used[j] = true
				extended = true
				break
			}
		}
		runs = append(runs, run)
	}
	return runs
}

// AreaPrims draws an area given as pieces that tile it (a zone with a
// hole, such as a ring, comes as many pieces): each piece filled with st's
// Fill and no stroke, then the area's outline (outerEdges) stroked with
// st's Stroke, Width and Dash, so the seams between pieces never show as
// spokes across the area. A single piece is one polygon with st whole.
// Pieces of fewer than 3 points are skipped.
func AreaPrims(polys [][]world.Vec, st Style) []Prim {
	var out []Prim
	if len(polys) == 1 {
		if len(polys[0]) >= 3 {
			out = append(out, Prim{Kind: Polygon, Pts: polys[0], Style: st})
		}
		return out
	}
	fill := Style{Fill: st.Fill}
	for _, p := range polys {
		if len(p) >= 3 {
			out = append(out, Prim{Kind: Polygon, Pts: p, Style: fill})
		}
	}
	if st.Stroke.A == 0 {
		return out
	}
	line := Style{Stroke: st.Stroke, Width: st.Width, Dash: st.Dash}
	// Joined into runs across pieces so dashes run on round the border.
	var segs [][2]world.Vec
	for _, run := range outerEdges(polys) {
		for i := 1; i < len(run); i++ {
			segs = append(segs, [2]world.Vec{run[i-1], run[i]})
		}
	}
	for _, run := range chainSegments(segs) {
		out = append(out, Prim{Kind: Polyline, Pts: run, Style: line})
	}
	return out
}
