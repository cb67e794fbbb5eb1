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

// terrainIndex answers "which features might segment ab meet" with two
// memory look-ups. The table (and any terrain hanging off it) is cut into a
// grid of about targetCells square cells. For every cell A it keeps:
//
//   - a direction table: for each of angleBins directions (binned by a
//     pseudo-angle, no trigonometry at query time), the bit mask of features
//     that a ray from A's centre in that direction passes within reach of;
//   - a range table: for each ring of distances, the features whose near
//     side is within that distance of A's centre.
//
// "Within reach" grows each feature's bounding circle by half a cell
// diagonal, so every segment starting anywhere in A is covered (a segment
// from a point of A is a parallel shift, by at most that much, of a ray from
// A's centre). A trace clips its segment to the grid, ANDs the mask for its
// start cell, direction and length, and tests only those features exactly,
// each after a bounding-circle early-out. Nothing in a trace allocates, and
// building costs a few operations per cell and feature.
type terrainIndex struct {
	x0, y0, x1, y1 float64 // grid box (table cm)
	size, inv      float64 // cell size (cm) and cells per cm
	nx, ny, nc     int     // cells per axis and in all
	words          int     // uint64 words per mask (64 features each)
	slack          float64 // half a cell diagonal plus margin
	rings          int     // distance rings per cell, ring k: up to (k+1)*cell
	dir            []uint64
	rng            []uint64
	geo            []featGeom
	circ           []bcircle // the features' bounding circles, packed for the trace filter
}

// bcircle is a feature's bounding circle (centre x, y and radius).
type bcircle struct{ x, y, r float64 }

// featGeom is a feature's polygon prepared for tracing: the points with the
// first one repeated at the end, its bounding box and bounding circle.
type featGeom struct {
	pts                    []Vec // closed: pts[n] == pts[0]
	minX, minY, maxX, maxY float64
	c                      Vec
	r                      float64
}

const (
	// targetCells is about how many grid cells the table is cut into.
	targetCells = 400
	// angleBins is the number of direction bins per cell (a power of two).
	angleBins = 64
)

func buildIndex(t Table, fs []Feature) *terrainIndex {
	ix := &terrainIndex{}
	minX, minY, maxX, maxY := 0.0, 0.0, t.W, t.H
	ix.geo = make([]featGeom, len(fs))
	ix.circ = make([]bcircle, len(fs))
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
		ix.circ[i] = bcircle{g.c.X, g.c.Y, g.r}
		minX, minY = min(minX, g.minX), min(minY, g.minY)
		maxX, maxY = max(maxX, g.maxX), max(maxY, g.maxY)
	}
	const margin = 1e-3 // cm
	ix.x0, ix.y0 = minX-margin, minY-margin
	ix.x1, ix.y1 = maxX+margin, maxY+margin
	w, h := ix.x1-ix.x0, ix.y1-ix.y0
	ix.words = max(1, (len(fs)+63)/64)
	ix.size = max(math.Sqrt(w*h/targetCells), max(w, h)/256, 1e-3)
	ix.inv = 1 / ix.size
	ix.nx = max(1, int(math.Ceil(w*ix.inv)))
	ix.ny = max(1, int(math.Ceil(h*ix.inv)))
	ix.nc = ix.nx * ix.ny
	ix.slack = ix.size*math.Sqrt2/2 + margin
	ix.rings = int(math.Hypot(w, h)*ix.inv) + 3
	ix.dir = make([]uint64, ix.nc*angleBins*ix.words)
	ix.rng = make([]uint64, ix.nc*ix.rings*ix.words)
	for c := 0; c < ix.nc; c++ {
		ca := Vec{ix.x0 + (float64(c%ix.nx)+0.5)*ix.size, ix.y0 + (float64(c/ix.nx)+0.5)*ix.size}
		dir := ix.dir[c*angleBins*ix.words:]
		rng := ix.rng[c*ix.rings*ix.words:]
		for f := range ix.geo {
			g := &ix.geo[f]
			word, bit := f/64, uint64(1)<<(uint(f)%64)
			reach := g.r + ix.slack
			rel := g.c.Sub(ca)
			d := math.Sqrt(rel.Dot(rel))
			k := min(max(int((d-reach)*ix.inv), 0), ix.rings-1)
			rng[k*ix.words+word] |= bit // made cumulative below
			if d <= reach*(1+1e-9) {
				for b := 0; b < angleBins; b++ {
					dir[b*ix.words+word] |= bit
				}
				continue
			}
			// Directions whose ray passes within reach of the centre: up
			// to the tangents, at angle a with sin a = reach/d, either side
			// of the direction to it (widened a little for rounding).
			s := min(reach/d*(1+1e-9)+1e-12, 1)
			co := math.Sqrt(1 - s*s)
			u := rel.Scale(1 / d)
			lo := Vec{u.X*co + u.Y*s, u.Y*co - u.X*s} // turned by -a
			hi := Vec{u.X*co - u.Y*s, u.Y*co + u.X*s} // turned by +a
			b0, b1 := angleBin(lo), angleBin(hi)
			for b := b0; ; b = (b + 1) % angleBins {
				dir[b*ix.words+word] |= bit
				if b == b1 {
					break
				}
			}
		}
		for k := 1; k < ix.rings; k++ {
			for wd := 0; wd < ix.words; wd++ {
				rng[k*ix.words+wd] |= rng[(k-1)*ix.words+wd]
			}
		}
	}
	return ix
}

// angleBin is the direction bin of d: its pseudo-angle (which grows with
// the true angle, 0 to 4 round the circle) scaled to angleBins.
func angleBin(d Vec) int {
	if d.X == 0 && d.Y == 0 {
		return 0
	}
	p := d.X / (math.Abs(d.X) + math.Abs(d.Y))
	// Both halves of the circle worked out and one picked, so that the
	// sign of d.Y (a coin toss in a trace) takes no branch.
	b, south := int((1-p)*(angleBins/4)), int((3+p)*(angleBins/4))
	if d.Y < 0 {
		b = south
	}
	return min(max(b, 0), angleBins-1) // (NaN directions land in bin 0)
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

// lookup returns the index offsets into dir and rng for the (non-empty)
// segment ab, already clipped to the grid.
func (ix *terrainIndex) lookup(a, b Vec) (int, int) {
	c := ix.cell(a)
	d := b.Sub(a)
	k := min(max(int((math.Sqrt(d.Dot(d))+ix.slack)*ix.inv), 0), ix.rings-1)
	return (c*angleBins + angleBin(d)) * ix.words, (c*ix.rings + k) * ix.words
}

// Trace follows the straight segment a->b over the terrain and appends to
// buf[:0] every crossing (which feature, entry and exit parameters), sorted
// by entry. It does not allocate when buf has room; pass a reused buffer in
// hot loops. A zero-length segment, or one with a coordinate that is not a
// finite number, crosses nothing.
func (w *World) Trace(a, b Vec, buf []Crossing) []Crossing {
	buf = buf[:0]
	dx, dy := b.X-a.X, b.Y-a.Y
	l2 := dx*dx + dy*dy
	if !(l2 > 0 && l2 <= math.MaxFloat64) {
		return buf
	}
	ix := w.idx
	l := math.Sqrt(l2)
	var di, ri int
	if a.X >= ix.x0 && a.X <= ix.x1 && a.Y >= ix.y0 && a.Y <= ix.y1 &&
		b.X >= ix.x0 && b.X <= ix.x1 && b.Y >= ix.y0 && b.Y <= ix.y1 {
		// On the grid (the usual case): lookup's sums, with the length
		// already known.
		k := min(int((l+ix.slack)*ix.inv), ix.rings-1)
		c := ix.cell(a)
		di, ri = (c*angleBins+angleBin(Vec{dx, dy}))*ix.words, (c*ix.rings+k)*ix.words
	} else {
		ca, cb, ok := ix.clip(a, b)
		if !ok || ca == cb {
			return buf
		}
		di, ri = ix.lookup(ca, cb)
	}
	ax, ay := a.X, a.Y
	tol1 := math.Float64bits(Eps*l) + 1
	for wd := 0; wd < ix.words; wd++ {
		m := ix.dir[di+wd] & ix.rng[ri+wd]
		circ := ix.circ[wd*64:]
		// Bounding circles against the line and its ends, without
		// branches: the line's distance from the centre is |c|/l, and the
		// centre's projection s/l2 must lie within r/l of [0, 1], so the
		// feature may be met only when c*c - rl*rl and (s+rl)*(s-l2-rl)
		// are both negative (r's Eps margin dwarfs their rounding). The
		// survivors' bits go into pass.
		var pass uint64
		for mm := m; mm != 0; mm &= mm - 1 {
			i := bits.TrailingZeros64(mm)
			g := &circ[i]
			crx, cry := g.x-ax, g.y-ay
			rl := g.r * l
			c := dx*cry - dy*crx
			s := crx*dx + cry*dy
			in := math.Float64bits(c*c-rl*rl) & math.Float64bits((s+rl)*(s-l2-rl))
			pass |= in >> 63 << uint(i)
		}
		geo := ix.geo[wd*64:]
		for pass != 0 {
			i := bits.TrailingZeros64(pass)
			pass &= pass - 1
			// feature, with its usual case (two crossings) written out.
			pts := geo[i].pts
			n := len(pts) - 1
			if n <= maxFastPoints {
				right, nearest := rightSides(pts[:n], ax, ay, dx, dy)
				right |= (right & 1) << uint(n)
				change := (right ^ (right >> 1)) & (1<<uint(n) - 1)
				rest := change & (change - 1)
				if nearest >= tol1 && rest != 0 && rest&(rest-1) == 0 {
					j := bits.TrailingZeros64(rest)
					k := bits.TrailingZeros64(change)
					p, q := pts[k], pts[k+1]
					sp := dx*(p.Y-ay) - dy*(p.X-ax)
					sq := dx*(q.Y-ay) - dy*(q.X-ax)
					pd := (p.X-ax)*dx + (p.Y-ay)*dy
					qd := (q.X-ax)*dx + (q.Y-ay)*dy
					ta := (sp*qd - sq*pd) / ((sp - sq) * l2)
					p, q = pts[j], pts[j+1]
					sp = dx*(p.Y-ay) - dy*(p.X-ax)
					sq = dx*(q.Y-ay) - dy*(q.X-ax)
					pd = (p.X-ax)*dx + (p.Y-ay)*dy
					qd = (q.X-ax)*dx + (q.Y-ay)*dy
					tb := (sp*qd - sq*pd) / ((sp - sq) * l2)
					t0, t1 := min(ta, tb), max(ta, tb) // clamped as in traceFan
					if !(t0 > 0) {
						t0 = 0
					}
					if !(t1 < 1) {
						t1 = 1
					}
					if (t1-t0)*l > Eps {
						buf = append(buf, Crossing{Feature: wd*64 + i, TIn: t0, TOut: t1})
					}
					continue
				}
				if nearest >= tol1 && change == 0 {
					continue
				}
			}
			tr := tracer{a: a, b: b, d: Vec{dx, dy}, l2: l2, l: l}
			buf = tr.feature(&geo[i], wd*64+i, buf)
		}
	}
	if len(buf) > 1 {
		sortCrossings(buf)
	}
	return buf
}

// fanMask ORs into masks (one word per 64 features) the candidates of every
// segment from a to a point within the directions of lo and hi (the fan
// turning clockwise from lo to hi, less than a half turn) and at most maxLen
// long. It reports false when a is off the grid (callers then trace line by
// line).
func (ix *terrainIndex) fanMask(a, lo, hi Vec, maxLen float64, masks []uint64) bool {
	if !(a.X >= ix.x0 && a.X <= ix.x1 && a.Y >= ix.y0 && a.Y <= ix.y1 && maxLen <= math.MaxFloat64) ||
		lo == (Vec{}) || hi == (Vec{}) {
		return false
	}
	c := ix.cell(a)
	k := min(max(int((maxLen+ix.slack)*ix.inv), 0), ix.rings-1)
	b0, b1 := angleBin(lo), angleBin(hi)
	if lo.Cross(hi) < 0 { // bins grow clockwise on the table (Y down)
		b0, b1 = b1, b0
	}
	for wd := range masks {
		masks[wd] = 0
	}
	for b := b0; ; b = (b + 1) % angleBins {
		row := ix.dir[(c*angleBins+b)*ix.words:]
		for wd := range masks {
			masks[wd] |= row[wd]
		}
		if b == b1 {
			break
		}
	}
	rng := ix.rng[(c*ix.rings+k)*ix.words:]
	for wd := range masks {
		masks[wd] &= rng[wd]
	}
	return true
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

// maxFastPoints is the most points a polygon can have for the fast exact
// test (larger ones take longFeature, whose tie rules differ slightly at
// vertices exactly on the line).
const maxFastPoints = 16

// tracer holds one segment prepared for exact polygon tests.
type tracer struct {
	a, b, d Vec
	l2, l   float64
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
//
// The side value s of a point is the same expression everywhere (see
// cross). Its bits give both tests at once: the sign bit says "right of the
// line" (-0 is on the line, so onLine puts it back on the left), and, with
// the sign cleared, the bits of |s| compare as integers exactly as |s|
// compares with tol.
func (tr *tracer) feature(g *featGeom, f int, buf []Crossing) []Crossing {
	pts := g.pts
	n := len(pts) - 1
	if n > maxFastPoints {
		return tr.longFeature(g, f, buf)
	}
	ax, ay, dx, dy := tr.a.X, tr.a.Y, tr.d.X, tr.d.Y
	tol1 := math.Float64bits(Eps*tr.l) + 1
	right, near := sides(pts[:n], ax, ay, dx, dy, tol1)
	if near != 0 {
		right = tr.onLine(pts, near, right)
	}
	right |= (right & 1) << uint(n)
	near |= (near & 1) << uint(n)
	change := (right ^ (right >> 1)) & (1<<uint(n) - 1) // bit i: edge i -> i+1 crosses
	if near&(near>>1) != 0 {
		return tr.slowFeature(g, f, buf) // see finish
	}
	if change == 0 {
		return buf
	}
	rest := change & (change - 1)
	if rest&(rest-1) != 0 { // more than two crossings
		return tr.finish(g, f, right, near, nil, nil, buf)
	}
	// The usual case: two crossings (cross, written out).
	i := bits.TrailingZeros64(change)
	j := bits.TrailingZeros64(rest)
	p, q := pts[i], pts[i+1]
	sp := dx*(p.Y-ay) - dy*(p.X-ax)
	sq := dx*(q.Y-ay) - dy*(q.X-ax)
	pd := (p.X-ax)*dx + (p.Y-ay)*dy
	qd := (q.X-ax)*dx + (q.Y-ay)*dy
	ta := (sp*qd - sq*pd) / ((sp - sq) * tr.l2)
	p, q = pts[j], pts[j+1]
	sp = dx*(p.Y-ay) - dy*(p.X-ax)
	sq = dx*(q.Y-ay) - dy*(q.X-ax)
	pd = (p.X-ax)*dx + (p.Y-ay)*dy
	qd = (q.X-ax)*dx + (q.Y-ay)*dy
	tb := (sp*qd - sq*pd) / ((sp - sq) * tr.l2)
	t0, t1 := max(min(ta, tb), 0), min(max(ta, tb), 1)
	if (t1-t0)*tr.l > Eps {
		buf = append(buf, Crossing{Feature: f, TIn: t0, TOut: t1})
	}
	return buf
}

// sides returns the masks of the points (at most 64) strictly right of the
// line through a with direction d (bit i: the sign bit of point i's side
// value) and within tol of it (|s| < tol1 as integers, where tol1 is one
// more than the bits of tol, so the difference borrows into the sign bit).
// Both are shifted in from the top. It is kept out of line so that its
// loop has the registers to itself.
//
//go:noinline
func sides(pts []Vec, ax, ay, dx, dy float64, tol1 uint64) (right, near uint64) {
	const sign = 1 << 63
	for _, p := range pts {
		sb := math.Float64bits(dx*(p.Y-ay) - dy*(p.X-ax))
		right = right>>1 | sb&sign
		near = near>>1 | (sb&^sign-tol1)&sign
	}
	sh := uint(64 - len(pts))
	return right >> sh, near >> sh
}

// rightSides is sides when only the right mask is wanted: instead of the
// mask of points near the line it returns the bits of the smallest |s|, so
// the caller can tell that no point is within tol of the line (and so no
// side value is -0, which would have put a point on the line to the right)
// before trusting the mask.
//
//go:noinline
func rightSides(pts []Vec, ax, ay, dx, dy float64) (right, nearest uint64) {
	nearest = math.MaxUint64
	for i, p := range pts {
		sb := math.Float64bits(dx*(p.Y-ay) - dy*(p.X-ax))
		right |= sb >> 63 << uint(i&63)
		nearest = min(nearest, sb<<1>>1)
	}
	return right, nearest
}

// onLine clears, in the mask right, the bits of the points in near whose
// side value is exactly zero (-0 has its sign bit set but is on the line).
func (tr *tracer) onLine(pts []Vec, near, right uint64) uint64 {
	ax, ay, dx, dy := tr.a.X, tr.a.Y, tr.d.X, tr.d.Y
	for m := near; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		if p := pts[i]; dx*(p.Y-ay)-dy*(p.X-ax) == 0 {
			right &^= 1 << uint(i)
		}
	}
	return right
}

// featureRel is feature for a polygon whose points, less the segment's
// start, are given in rx, ry (shared by a fan of segments from one point;
// n+1 entries, the last repeating the first).
func (tr *tracer) featureRel(g *featGeom, f int, rx, ry []float64, buf []Crossing) []Crossing {
	dx, dy := tr.d.X, tr.d.Y
	tolBits := math.Float64bits(Eps*tr.l) << 1
	n := len(rx) - 1
	ry = ry[:len(rx)]
	var right, near uint64
	for i := n - 1; i >= 0; i-- {
		s := dx*ry[i] - dy*rx[i]
		sb := math.Float64bits(s)
		right = right<<1 | sb>>63
		if sb<<1 <= tolBits {
			near |= 1 << uint(i)
			if s == 0 {
				right &^= 1
			}
		}
	}
	return tr.finish(g, f, right|(right&1)<<uint(n), near|(near&1)<<uint(n), rx, ry, buf)
}

// finish completes feature's exact test from the mask of points right of
// the line (bit i: point i, for the closed polygon's n+1 points) and the
// mask of points within Eps of it. rx, ry are the points less the
// segment's start when featureRel has them (nil otherwise).
func (tr *tracer) finish(g *featGeom, f int, right, near uint64, rx, ry []float64, buf []Crossing) []Crossing {
	if near&(near>>1) != 0 {
		// A whole edge lies along the line (within Eps): the slow path
		// makes sure running along it is not entering.
		return tr.slowFeature(g, f, buf)
	}
	pts := g.pts
	change := (right ^ (right >> 1)) & (1<<uint(len(pts)-1) - 1) // bit i: edge i -> i+1 crosses
	if change == 0 {
		return buf
	}
	i := bits.TrailingZeros64(change)
	change &= change - 1
	j := bits.TrailingZeros64(change) // there is always an even number
	change &= change - 1
	var ta, tb float64
	if rx != nil {
		ta, tb = tr.crossRel(rx, ry, i), tr.crossRel(rx, ry, j)
	} else {
		ta, tb = tr.cross(pts[i], pts[i+1]), tr.cross(pts[j], pts[j+1])
	}
	if change == 0 { // the usual case, with as few branches as possible
		t0, t1 := max(min(ta, tb), 0), min(max(ta, tb), 1)
		if (t1-t0)*tr.l > Eps {
			buf = append(buf, Crossing{Feature: f, TIn: t0, TOut: t1})
		}
		return buf
	}
	return tr.moreCrossings(pts, f, ta, tb, change, buf)
}

// cross is the parameter along the segment where it crosses the line
// through edge pq (whose points lie on opposite sides of it). The side
// values are computed exactly as in feature and featureRel.
func (tr *tracer) cross(p, q Vec) float64 {
	ax, ay, dx, dy := tr.a.X, tr.a.Y, tr.d.X, tr.d.Y
	sp := dx*(p.Y-ay) - dy*(p.X-ax)
	sq := dx*(q.Y-ay) - dy*(q.X-ax)
	pd := (p.X-ax)*dx + (p.Y-ay)*dy
	qd := (q.X-ax)*dx + (q.Y-ay)*dy
	return (sp*qd - sq*pd) / ((sp - sq) * tr.l2)
}

// crossRel is cross for edge i of a polygon given less the segment's start
// (the same numbers: rx[i] is p.X-ax).
func (tr *tracer) crossRel(rx, ry []float64, i int) float64 {
	dx, dy := tr.d.X, tr.d.Y
	px, py, qx, qy := rx[i], ry[i], rx[i+1], ry[i+1]
	sp := dx*py - dy*px
	sq := dx*qy - dy*qx
	pd := px*dx + py*dy
	qd := qx*dx + qy*dy
	return (sp*qd - sq*pd) / ((sp - sq) * tr.l2)
}

// moreCrossings handles a line crossing a polygon's outline more than twice.
func (tr *tracer) moreCrossings(pts []Vec, f int, ta, tb float64, change uint64, buf []Crossing) []Crossing {
	var ts [16]float64
	ts[0], ts[1] = ta, tb
	n := 2
	for change != 0 && n < len(ts) {
		i := bits.TrailingZeros64(change)
		change &= change - 1
		ts[n] = tr.cross(pts[i], pts[i+1])
		n++
	}
	sortFloats(ts[:n])
	return tr.emit(ts[:n], f, buf)
}

// fanScratch holds buffers for traceFan (and LOS's prepared lines).
type fanScratch struct {
	rx, ry [maxFastPoints + 1]float64
	trs    []tracer
}

// traceFan traces the segments trs (prepared as in Trace: a is b less d, l2
// is d·d and l its square root), all from one point (a fan: every end in
// front of it and the ends ordered across it, so the lines turn one way and
// span less than a half turn), against the candidates in masks, appending
// line k's crossings, sorted, to out[k][:0]. It reports false, having done
// nothing, when the lines are not so ordered (callers then trace line by
// line).
//
// Each candidate is first tested against the whole fan, and its points are
// taken relative to a once for all the lines. Then the side of every point
// is worked out for the first and last lines: a point well to the same side
// of both (by more than Eps plus any rounding) is to that side of every
// line between them, and not within Eps of any (a line turning through
// less than a half turn crosses the point's direction at most once, and
// its distance from the point is smallest at one end), so only the other
// points need working out line by line. Often there are none, and every
// line crosses the same two edges. The side values that are worked out use
// the same expression as feature, so the crossings are the same numbers as
// tracing each line on its own.
func (w *World) traceFan(trs []tracer, masks []uint64, out [][]Crossing, sc *fanScratch) bool {
	n := len(trs)
	a := trs[0].a
	maxL, minL := 0.0, math.Inf(1)
	for k := range trs {
		maxL, minL = max(maxL, trs[k].l), min(minL, trs[k].l)
	}
	if !(minL > 0) {
		return false
	}
	// The turn from each line to the next: one way throughout, each by a
	// margin far above the rounding of the test.
	turn := trs[0].d.Cross(trs[n-1].d)
	for k := 0; k+1 < n; k++ {
		c := trs[k].d.Cross(trs[k+1].d)
		if !(c*turn > 0 && math.Abs(c) > 1e-12*trs[k].l*trs[k+1].l) {
			return false
		}
	}
	for k := range out[:n] {
		out[k] = out[k][:0]
	}
	first, last := &trs[0], &trs[n-1]
	ix := w.idx
	for wd, m := range masks {
		for m != 0 {
			f := wd*64 + bits.TrailingZeros64(m)
			m &= m - 1
			g := &ix.circ[f]
			relx, rely := g.x-a.X, g.y-a.Y
			// Outside the fan: wholly beyond the same side of both edge
			// lines, or out of reach along it.
			s0 := first.d.X*rely - first.d.Y*relx
			s1 := last.d.X*rely - last.d.Y*relx
			if (s0 > g.r*first.l && s1 > g.r*last.l) || (s0 < -g.r*first.l && s1 < -g.r*last.l) {
				continue
			}
			dist := math.Sqrt(relx*relx + rely*rely)
			if dist-g.r > maxL {
				continue
			}
			geo := &ix.geo[f]
			pts := geo.pts
			np := len(pts) - 1
			if np > maxFastPoints {
				for k := range trs {
					out[k] = trs[k].feature(geo, f, out[k])
				}
				continue
			}
			rx, ry := sc.rx[:np+1], sc.ry[:np+1]
			for i, p := range pts {
				rx[i], ry[i] = p.X-a.X, p.Y-a.Y
			}
			// e bounds the rounding of a side value here (its points are
			// within dist+r of a, its lines at most maxL long).
			e := 1e-15 * maxL * (dist + g.r)
			t0 := first.l*(Eps*(1+1e-9)+e/minL) + e
			t1 := last.l*(Eps*(1+1e-9)+e/minL) + e
			rightAll, open := fanSides(rx[:np], ry[:np], first.d.X, first.d.Y, last.d.X, last.d.Y, t0, t1)
			// With no open points every line crosses the same edges.
			var change, right uint64
			if open == 0 {
				right = rightAll | (rightAll&1)<<uint(np)
				if change = (right ^ (right >> 1)) & (1<<uint(np) - 1); change == 0 {
					continue
				}
			}
			for k := range trs {
				tr := &trs[k]
				dx, dy, l, l2 := tr.d.X, tr.d.Y, tr.l, tr.l2
				rl := g.r * l
				s := relx*dx + rely*dy
				if open != 0 {
					c := dx*rely - dy*relx
					if b2i(c*c <= rl*rl)&b2i((s+rl)*(s-l2-rl) <= 0) == 0 {
						continue
					}
					// featureRel for the open points only.
					tol := Eps * l
					var near uint64
					right = rightAll
					for mo := open; mo != 0; mo &= mo - 1 {
						i := bits.TrailingZeros64(mo)
						sv := dx*ry[i] - dy*rx[i]
						if sv < 0 {
							right |= 1 << uint(i)
						}
						if math.Abs(sv) <= tol {
							near |= 1 << uint(i)
						}
					}
					right |= (right & 1) << uint(np)
					near |= (near & 1) << uint(np)
					change = (right ^ (right >> 1)) & (1<<uint(np) - 1)
					if near&(near>>1) != 0 {
						out[k] = tr.slowFeature(geo, f, out[k])
						continue
					}
				} else if (s+rl)*(s-l2-rl) > 0 {
					continue // wholly before the start or beyond the end
				}
				rest := change & (change - 1)
				if change == 0 {
					continue
				}
				if rest&(rest-1) != 0 {
					out[k] = tr.finish(geo, f, right, 0, rx, ry, out[k])
					continue
				}
				// The two crossings: crossRel written out, and the clamps
				// max(min(ta, tb), 0) and min(max(ta, tb), 1) with the
				// clamping as branches (usually not taken; no NaN can
				// arise, as the side values of a crossed edge differ).
				i, j := bits.TrailingZeros64(change)&(maxFastPoints-1), bits.TrailingZeros64(rest)&(maxFastPoints-1)
				px, py, qx, qy := sc.rx[i], sc.ry[i], sc.rx[i+1], sc.ry[i+1]
				sp, sq := dx*py-dy*px, dx*qy-dy*qx
				pd, qd := px*dx+py*dy, qx*dx+qy*dy
				ta := (sp*qd - sq*pd) / ((sp - sq) * l2)
				px, py, qx, qy = sc.rx[j], sc.ry[j], sc.rx[j+1], sc.ry[j+1]
				sp, sq = dx*py-dy*px, dx*qy-dy*qx
				pd, qd = px*dx+py*dy, qx*dx+qy*dy
				tb := (sp*qd - sq*pd) / ((sp - sq) * l2)
				t0, t1 := min(ta, tb), max(ta, tb)
				if !(t0 > 0) {
					t0 = 0
				}
				if !(t1 < 1) {
					t1 = 1
				}
				if (t1-t0)*l > Eps {
					out[k] = append(out[k], Crossing{Feature: f, TIn: t0, TOut: t1})
				}
			}
		}
	}
	for k := range out[:n] {
		if len(out[k]) > 1 {
			sortCrossings(out[k])
		}
	}
	return true
}

// fanSides classifies points (less the fan's start) against the first and
// last lines of a fan, with directions (ax, ay) and (bx, by): bit i of
// right is set when point i is right of both by more than ta and tb, bit i
// of open when it is not that far to the same side of both. (The sign of
// a difference of two numbers is exactly the sign of their true
// difference, so the sign bits of ta-sa and sa+ta say sa > ta and sa < -ta.)
//
//go:noinline
func fanSides(rx, ry []float64, ax, ay, bx, by, ta, tb float64) (right, open uint64) {
	const sign = 1 << 63
	ry = ry[:len(rx)]
	var far uint64
	for i, x := range rx {
		y := ry[i]
		sa, sb := ax*y-ay*x, bx*y-by*x
		l := math.Float64bits(ta-sa) & math.Float64bits(tb-sb)
		r := math.Float64bits(sa+ta) & math.Float64bits(sb+tb)
		right = right>>1 | r&sign
		far = far>>1 | (l|r)&sign
	}
	sh := uint(64 - len(rx))
	return right >> sh, ^far >> sh
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
	for i := 0; i+1 < len(ts); i += 2 {
		t0, t1 := ts[i], ts[i+1]
		if t1 <= 0 || t0 >= 1 {
			continue
		}
		t0, t1 = max(t0, 0), min(t1, 1)
		if (t1-t0)*tr.l > Eps {
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
		m := ix.rng[c*ix.rings*ix.words+wd]
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
