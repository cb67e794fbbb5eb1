package world

import (
	"math"
	"math/bits"
)

// Crossing is one stretch of a traced segment a->b inside one terrain
// feature: the segment is inside Features[Feature] for parameters TIn..TOut
// (0 = a, 1 = b). A segment that starts inside a feature has TIn == 0; one
// that ends inside has TOut == 1. A non-convex feature can give several
// crossings for one segment. Stretches shorter than Eps cm, and stretches that
// only run along a feature's boundary (within Eps), are not crossings:
// touching terrain is not entering it.
type Crossing struct {
	Feature   int
	TIn, TOut float64
}

// Len is the length in cm of the crossing on a segment segLen cm long.
func (c Crossing) Len(segLen float64) float64 { return (c.TOut - c.TIn) * segLen }

// terrainIndex answers "which features might segment ab meet" with one
// memory look-up. The table (and any terrain hanging off it) is cut into a
// grid of about 160 square cells. For every ordered pair of cells (A, B) a
// bit mask (one bit per feature) lists the features that some segment from a
// point of A to a point of B could meet: a feature is listed when its
// bounding circle comes within half a cell diagonal of the segment between
// the two cells' centres. A trace clips its segment to the grid, looks up the
// pair of its end cells, and tests only the listed features exactly, each
// after a bounding-circle early-out. Nothing in a trace allocates.
type terrainIndex struct {
	x0, y0, x1, y1 float64 // grid box (table cm)
	inv            float64 // cells per cm
	nx, ny, nc     int     // cells per axis and in all
	words          int     // uint64 words per mask (64 features each)
	pair           []uint64
	geo            []featGeom
}

// featGeom is a feature's polygon prepared for tracing: the points with the
// first one repeated at the end, its bounding box and bounding circle.
type featGeom struct {
	pts                    []Vec // closed: pts[n] == pts[0]
	minX, minY, maxX, maxY float64
	c                      Vec
	r                      float64
}

// Grid sizing: about targetCells cells, and at most maxPairWords mask words
// in the pair table (so at most 512 KiB).
const (
	targetCells  = 160
	maxPairWords = 1 << 16
)

func buildIndex(t Table, fs []Feature) *terrainIndex {
	ix := &terrainIndex{}
	minX, minY, maxX, maxY := 0.0, 0.0, t.W, t.H
	ix.geo = make([]featGeom, len(fs))
	npts := 0
	for _, f := range fs {
		npts += len(f.Poly) + 1
	}
	all := make([]Vec, 0, npts) // one block: the features' points stay together in memory
	for i, f := range fs {
		g := &ix.geo[i]
		start := len(all)
		all = append(all, f.Poly...)
		all = append(all, f.Poly[0])
		g.pts = all[start:len(all):len(all)]
		g.minX, g.minY = math.Inf(1), math.Inf(1)
		g.maxX, g.maxY = math.Inf(-1), math.Inf(-1)
		for _, p := range f.Poly {
			g.minX, g.maxX = min(g.minX, p.X), max(g.maxX, p.X)
			g.minY, g.maxY = min(g.minY, p.Y), max(g.maxY, p.Y)
		}
		g.c = Vec{(g.minX + g.maxX) / 2, (g.minY + g.maxY) / 2}
		for _, p := range f.Poly {
			g.r = max(g.r, p.Dist(g.c))
		}
		g.r += Eps
		minX, minY = min(minX, g.minX), min(minY, g.minY)
		maxX, maxY = max(maxX, g.maxX), max(maxY, g.maxY)
	}
	const margin = 1e-3 // cm
	ix.x0, ix.y0 = minX-margin, minY-margin
	ix.x1, ix.y1 = maxX+margin, maxY+margin
	w, h := ix.x1-ix.x0, ix.y1-ix.y0
	ix.words = max(1, (len(fs)+63)/64)
	cells := targetCells
	for cells*cells*ix.words > maxPairWords && cells > 4 {
		cells /= 2
	}
	cell := math.Sqrt(w * h / float64(cells))
	for {
		ix.nx = max(1, int(math.Ceil(w/cell)))
		ix.ny = max(1, int(math.Ceil(h/cell)))
		if ix.nx*ix.ny*ix.nx*ix.ny*ix.words <= maxPairWords {
			break
		}
		cell *= 1.25
	}
	ix.inv = 1 / cell
	ix.nc = ix.nx * ix.ny
	ix.pair = make([]uint64, ix.nc*ix.nc*ix.words)
	centre := func(c int) Vec {
		return Vec{ix.x0 + (float64(c%ix.nx)+0.5)*cell, ix.y0 + (float64(c/ix.nx)+0.5)*cell}
	}
	slack := cell*math.Sqrt2/2 + margin
	for f := range ix.geo {
		g := &ix.geo[f]
		reach := g.r + slack
		bit := uint64(1) << (uint(f) % 64)
		for ca := 0; ca < ix.nc; ca++ {
			pa := centre(ca)
			row := ix.pair[ca*ix.nc*ix.words+f/64:]
			for cb := 0; cb < ix.nc; cb++ {
				if d, _ := segDist(g.c, pa, centre(cb)); d <= reach {
					row[cb*ix.words] |= bit
				}
			}
		}
	}
	return ix
}

// cell returns the index of the grid cell holding p (clamped to the grid).
func (ix *terrainIndex) cell(p Vec) int {
	cx := int((p.X - ix.x0) * ix.inv)
	cy := int((p.Y - ix.y0) * ix.inv)
	cx = min(max(cx, 0), ix.nx-1)
	cy = min(max(cy, 0), ix.ny-1)
	return cy*ix.nx + cx
}

// clip cuts segment ab to the grid box (Liang-Barsky). ok is false when the
// segment misses the box, so it cannot meet any feature.
func (ix *terrainIndex) clip(a, b Vec) (Vec, Vec, bool) {
	if a.X >= ix.x0 && a.X <= ix.x1 && a.Y >= ix.y0 && a.Y <= ix.y1 &&
		b.X >= ix.x0 && b.X <= ix.x1 && b.Y >= ix.y0 && b.Y <= ix.y1 {
		return a, b, true
	}
	t0, t1 := 0.0, 1.0
	d := b.Sub(a)
	for _, e := range [4][2]float64{{-d.X, a.X - ix.x0}, {d.X, ix.x1 - a.X}, {-d.Y, a.Y - ix.y0}, {d.Y, ix.y1 - a.Y}} {
		p, q := e[0], e[1]
		if p == 0 {
			if q < 0 {
				return a, b, false
			}
			continue
		}
		r := q / p
		if p < 0 {
			t0 = max(t0, r)
		} else {
			t1 = min(t1, r)
		}
	}
	if t0 > t1 {
		return a, b, false
	}
	return a.Add(d.Scale(t0)), a.Add(d.Scale(t1)), true
}

// candidates returns word w of the mask of features segment ab might meet.
func (ix *terrainIndex) candidates(a, b Vec, w int) uint64 {
	a, b, ok := ix.clip(a, b)
	if !ok {
		return 0
	}
	return ix.pair[(ix.cell(a)*ix.nc+ix.cell(b))*ix.words+w]
}

// Trace follows the straight segment a->b over the terrain and appends to
// buf[:0] every crossing (which feature, entry and exit parameters), sorted
// by entry. It does not allocate when buf has room; pass a reused buffer in
// hot loops. A zero-length segment crosses nothing.
func (w *World) Trace(a, b Vec, buf []Crossing) []Crossing {
	buf = buf[:0]
	d := b.Sub(a)
	l2 := d.Dot(d)
	if l2 == 0 {
		return buf
	}
	ix := w.idx
	ca, cb, ok := ix.clip(a, b)
	if !ok {
		return buf
	}
	pair := ix.pair[(ix.cell(ca)*ix.nc+ix.cell(cb))*ix.words:]
	var tr tracer
	tr.a, tr.b, tr.d, tr.l2, tr.l = a, b, d, l2, math.Sqrt(l2)
	for wd := 0; wd < ix.words; wd++ {
		m := pair[wd]
		for m != 0 {
			f := wd*64 + bits.TrailingZeros64(m)
			m &= m - 1
			g := &ix.geo[f]
			// Bounding circle against the infinite line, then against the ends.
			crx, cry := g.c.X-a.X, g.c.Y-a.Y
			rl := g.r * tr.l
			if c := d.X*cry - d.Y*crx; c > rl || -c > rl {
				continue
			}
			if s := crx*d.X + cry*d.Y; s < -rl || s > l2+rl {
				continue
			}
			buf = tr.feature(g, f, buf)
		}
	}
	if len(buf) > 1 {
		sortCrossings(buf)
	}
	return buf
}

func sortCrossings(c []Crossing) {
	for i := 1; i < len(c); i++ {
		x := c[i]
		j := i
		for j > 0 && (c[j-1].TIn > x.TIn || (c[j-1].TIn == x.TIn && c[j-1].Feature > x.Feature)) {
			c[j] = c[j-1]
			j--
		}
		c[j] = x
	}
}

// tracer holds one segment prepared for exact polygon tests.
type tracer struct {
	a, b, d Vec
	l2, l   float64
	sv      [17]float64 // scratch: side values of a polygon's points
	ts      [16]float64 // scratch: crossings of the line with a polygon
}

// feature appends the crossings of the segment with one feature.
//
// Exact test: each polygon vertex is classified by the side of the infinite
// line through a and b it lies on, exactly-on counting as the left side (a
// consistent tie-break, so every edge that changes side is one crossing and
// crossings alternate out/in along the line). The crossings, sorted along the
// line, pair into inside intervals, which are clipped to the segment. Only
// when some polygon edge lies along the line (within Eps) does the slow
// midpoint-classifying path run, so that grazing a boundary is not entering.
func (tr *tracer) feature(g *featGeom, f int, buf []Crossing) []Crossing {
	ax, ay, dx, dy := tr.a.X, tr.a.Y, tr.d.X, tr.d.Y
	pts := g.pts
	if len(pts) > 17 {
		return tr.longFeature(g, f, buf)
	}
	// Side of the line for every vertex, as bit masks built from the last
	// vertex down (bit i is vertex i): side (>= 0) and near (within Eps of the
	// line). No data-dependent branches in this loop.
	tol := Eps * tr.l
	var side, nearl uint64
	sv := &tr.sv
	for i := len(pts) - 1; i >= 0; i-- {
		p := pts[i]
		sp := dx*(p.Y-ay) - dy*(p.X-ax)
		sv[i] = sp
		side = side<<1 | uint64(b2i(sp >= 0))
		nearl = nearl<<1 | uint64(b2i(math.Abs(sp) <= tol))
	}
	if nearl&(nearl>>1) != 0 {
		return tr.slowFeature(g, f, buf) // an edge lies along the line
	}
	change := (side ^ (side >> 1)) & (1<<uint(len(pts)-1) - 1) // bit i: edge i -> i+1 crosses
	if change == 0 {
		return buf
	}
	ts := &tr.ts
	n := 0
	for change != 0 {
		i := bits.TrailingZeros64(change)
		change &= change - 1
		p, q := pts[i], pts[i+1]
		sp, sq := sv[i], sv[i+1]
		pd := (p.X-ax)*dx + (p.Y-ay)*dy
		qd := (q.X-ax)*dx + (q.Y-ay)*dy
		ts[n&15] = (sp*qd - sq*pd) / ((sp - sq) * tr.l2)
		n++
	}
	if n == 2 {
		if ts[1] < ts[0] {
			ts[0], ts[1] = ts[1], ts[0]
		}
	} else {
		sortFloats(ts[:n])
	}
	return tr.emit(ts[:n], f, buf)
}

// longFeature is feature's exact test for polygons with many points or many
// crossings of one line: the same rule, with a heap buffer.
func (tr *tracer) longFeature(g *featGeom, f int, buf []Crossing) []Crossing {
	ax, ay, dx, dy := tr.a.X, tr.a.Y, tr.d.X, tr.d.Y
	tol := Eps * tr.l
	var ts []float64
	pts := g.pts
	px, py := pts[0].X-ax, pts[0].Y-ay
	sp := dx*py - dy*px
	for i := 1; i < len(pts); i++ {
		qx, qy := pts[i].X-ax, pts[i].Y-ay
		sq := dx*qy - dy*qx
		if (sp >= 0) != (sq >= 0) {
			pd, qd := px*dx+py*dy, qx*dx+qy*dy
			ts = append(ts, (sp*qd-sq*pd)/((sp-sq)*tr.l2))
		} else if sp <= tol && sp >= -tol && sq <= tol && sq >= -tol {
			return tr.slowFeature(g, f, buf)
		}
		px, py, sp = qx, qy, sq
	}
	sortFloats(ts)
	return tr.emit(ts, f, buf)
}

// emit turns sorted crossings of the infinite line (pairs: in, out) into the
// segment's crossings, dropping stretches no longer than Eps.
func (tr *tracer) emit(ts []float64, f int, buf []Crossing) []Crossing {
	minT := Eps / tr.l
	for i := 0; i+1 < len(ts); i += 2 {
		t0, t1 := ts[i], ts[i+1]
		if t1 <= 0 || t0 >= 1 {
			continue
		}
		t0, t1 = max(t0, 0), min(t1, 1)
		if t1-t0 > minT {
			buf = append(buf, Crossing{Feature: f, TIn: t0, TOut: t1})
		}
	}
	return buf
}

// slowFeature is the exact general path: it cuts the segment at every place
// it meets the polygon's boundary (within Eps) and keeps the pieces whose
// middle is inside the polygon by more than Eps. Adjacent inside pieces merge.
// It allocates and is only used for degenerate alignments (and by tests as
// the reference).
func (tr *tracer) slowFeature(g *featGeom, f int, buf []Crossing) []Crossing {
	cuts := []float64{0, 1}
	pts := g.pts
	poly := pts[:len(pts)-1]
	for i := 0; i+1 < len(pts); i++ {
		p, q := pts[i], pts[i+1]
		if pt, ok := segIntersection(tr.a, tr.b, p, q); ok {
			cuts = append(cuts, pt.Sub(tr.a).Dot(tr.d)/tr.l2)
		}
		for _, v := range [2]Vec{p, q} {
			if dd, t := segDist(v, tr.a, tr.b); dd <= Eps {
				cuts = append(cuts, t)
			}
		}
	}
	sortFloats(cuts)
	minT := Eps / tr.l
	open := false
	var start float64
	for i := 0; i+1 < len(cuts); i++ {
		t0, t1 := clamp(cuts[i], 0, 1), clamp(cuts[i+1], 0, 1)
		if t1-t0 <= 1e-12 {
			continue
		}
		mid := tr.a.Add(tr.d.Scale((t0 + t1) / 2))
		in := PointInPolygon(mid, poly) && !nearOutline(mid, pts, Eps)
		switch {
		case in && !open:
			open, start = true, t0
		case !in && open:
			open = false
			if t0-start > minT {
				buf = append(buf, Crossing{Feature: f, TIn: start, TOut: t0})
			}
		}
	}
	if open && 1-start > minT {
		buf = append(buf, Crossing{Feature: f, TIn: start, TOut: 1})
	}
	return buf
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func sortFloats(x []float64) {
	for i := 1; i < len(x); i++ {
		v := x[i]
		j := i
		for j > 0 && x[j-1] > v {
			x[j] = x[j-1]
			j--
		}
		x[j] = v
	}
}

// FeaturesAt appends to buf[:0] the indexes of the features containing p by
// more than Eps (a point on an outline is in none), in index order.
func (w *World) FeaturesAt(p Vec, buf []int) []int {
	buf = buf[:0]
	ix := w.idx
	c := ix.cell(p)
	for wd := 0; wd < ix.words; wd++ {
		m := ix.pair[(c*ix.nc+c)*ix.words+wd]
		for m != 0 {
			f := wd*64 + bits.TrailingZeros64(m)
			m &= m - 1
			g := &ix.geo[f]
			if p.X <= g.minX || p.X >= g.maxX || p.Y <= g.minY || p.Y >= g.maxY {
				continue
			}
			if PointInPolygon(p, g.pts[:len(g.pts)-1]) && !nearOutline(p, g.pts, Eps) {
				buf = append(buf, f)
			}
		}
	}
	return buf
}

// nearOutline reports whether p is within d of the closed polygon's outline.
func nearOutline(p Vec, pts []Vec, d float64) bool {
	d2 := d * d
	for i := 0; i+1 < len(pts); i++ {
		a, b := pts[i], pts[i+1]
		e := b.Sub(a)
		r := p.Sub(a)
		t := 0.0
		if l2 := e.Dot(e); l2 > 0 {
			t = clamp(r.Dot(e)/l2, 0, 1)
		}
		q := r.Sub(e.Scale(t))
		if q.Dot(q) <= d2 {
			return true
		}
	}
	return false
}
