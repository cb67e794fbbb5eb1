package world

import (
	"math"
	"math/bits"
)

// The exact share of a target's silhouette that can be seen.
//
// The sight lines of a check form a one-parameter family: line s, for s in
// [-1, 1], ends at the middle of the slice of the target's footprint at
// offset s*et along the perpendicular to the sight line (et is the
// footprint's half-width seen from the observer) and starts at the
// observer's centre (or, with FromFootprint, at the matching slice of its
// own footprint). The sample lines are s = (2k+1)/n - 1. The visible
// fraction is the measure of the offsets whose line reaches the target,
// weighted by how much of the target's height each line sees, divided by
// the silhouette's width.
//
// Along s, what a line meets only changes where the line passes a corner of
// a feature, where an end of the line crosses a feature's edge, or where an
// end's path bends (a corner of a rectangular base). Those offsets cut
// [-1, 1] into intervals on each of which every line crosses the same edges
// of the same features; one line inside an interval (a sample line when one
// lies there, else its middle) speaks for all of it. That is exact for flat
// terrain (every crossing hides its line completely or not at all). With
// heights, the hidden share of a line varies along an interval, with kinks
// where it reaches nothing or everything; it is integrated by three-point
// Gauss-Legendre quadrature on halves (of halves) until they agree to 1e-4.

// lineFamily is the family of sight lines of one check.
type lineFamily struct {
	fo, ft     frame
	perp, dir  Vec
	eo, et     float64
	from       Vec
	knots      [10]float64 // offsets where an end's path bends, sorted
	nk         int
	pieces     [9]linePiece // the ends' straight paths between knots
	minX, minY float64      // bounding box of every line
	maxX, maxY float64
	// A cone holding every line, in coordinates along dir and perp from
	// the observer's centre: x in [x0, x1], |y| <= y0 + slope*max(x, 0).
	x0, x1, y0, slope float64
	cone              bool
}

// linePiece is the family between two knots: line u in [0, 1] runs from
// a0 + da*u to b0 + db*u.
type linePiece struct{ a0, b0, da, db Vec }

// meets reports whether a circle (centre p, radius r) may touch a line of
// the family (false only when it surely does not).
func (f *lineFamily) meets(p Vec, r float64) bool {
	if p.X+r < f.minX || p.X-r > f.maxX || p.Y+r < f.minY || p.Y-r > f.maxY {
		return false
	}
	if !f.cone {
		return true
	}
	rel := p.Sub(f.from)
	x, y := rel.Dot(f.dir), math.Abs(rel.Dot(f.perp))
	return x+r >= f.x0 && x-r <= f.x1 && y-r <= f.y0+f.slope*(max(x, 0)+r)
}

func (f *lineFamily) ends(s float64) (a, b Vec) {
	a = f.from
	if f.eo > 0 {
		a = sliceMid(&f.fo, f.perp, f.dir, s*f.eo)
	}
	return a, sliceMid(&f.ft, f.perp, f.dir, s*f.et)
}

// setup prepares the family; ext is the target's extent on perp and eo the
// observer's (0: every line starts at from.Pos).
func (f *lineFamily) setup(from, to Base, perp, dir Vec, eo, et float64) {
	*f = lineFamily{fo: from.frame(), ft: to.frame(), perp: perp, dir: dir, eo: eo, et: et, from: from.Pos}
	f.knots[0], f.knots[1], f.nk = -1, 1, 2
	add := func(fr *frame, ext float64) {
		if !fr.rect || ext <= 0 {
			return
		}
		for _, c := range fr.corners() {
			if s := c.Sub(fr.c).Dot(perp) / ext; s > -1+1e-9 && s < 1-1e-9 {
				f.knots[f.nk] = s
				f.nk++
			}
		}
	}
	add(&f.ft, et)
	if eo > 0 {
		add(&f.fo, eo)
	}
	sortFloats(f.knots[:f.nk])
	// a(u) = a0 + da*u, b(u) = b0 + db*u for u in [0, 1] on each piece,
	// read from two points inside it (at a silhouette's very edge the slice
	// is a single corner, which sliceMid does not return).
	for k := 0; k+1 < f.nk; k++ {
		s0, s1 := f.knots[k], f.knots[k+1]
		aq, bq := f.ends(s0 + (s1-s0)/4)
		a3, b3 := f.ends(s0 + 3*(s1-s0)/4)
		da, db := a3.Sub(aq).Scale(2), b3.Sub(bq).Scale(2)
		f.pieces[k] = linePiece{a0: aq.Sub(da.Scale(0.25)), b0: bq.Sub(db.Scale(0.25)), da: da, db: db}
	}
	f.minX, f.minY = math.Inf(1), math.Inf(1)
	f.maxX, f.maxY = math.Inf(-1), math.Inf(-1)
	grow := func(p Vec, r float64) {
		f.minX, f.minY = min(f.minX, p.X-r), min(f.minY, p.Y-r)
		f.maxX, f.maxY = max(f.maxX, p.X+r), max(f.maxY, p.Y+r)
	}
	rt, ro := f.ft.boundR(), 0.0
	if eo > 0 {
		ro = f.fo.boundR()
	}
	grow(to.Pos, rt)
	grow(from.Pos, ro)
	// Every line runs from a point within ro of the observer's centre
	// (|y| <= eo) to one within rt of the target's (|y| <= et).
	if l := to.Pos.Sub(from.Pos).Dot(dir); l-rt > ro+Eps {
		f.cone = true
		f.x0, f.x1 = -ro, l+rt
		if eo > 0 {
			f.y0 = max(eo, et)
		} else {
			f.slope = et / (l - rt)
		}
	}
}

// touchesBox reports whether the footprint's bounding circle meets the
// feature's bounding box.
func (f *frame) touchesBox(g *featGeom) bool {
	r := f.boundR()
	return f.c.X+r >= g.minX && f.c.X-r <= g.maxX && f.c.Y+r >= g.minY && f.c.Y-r <= g.maxY
}

// boundR is the radius of a circle about the centre holding the footprint.
func (f *frame) boundR() float64 {
	if f.rect {
		return math.Hypot(f.hw, f.hh)
	}
	return f.r
}

// cuts appends to buf the offsets in (-1, 1) where the lines of the family
// change what they meet of feature g, and returns buf: where a line passes
// one of its corners, where an end's path crosses one of its edges, and
// where a line passes a point at which one of its edges crosses the
// observer's footprint boundary (there a crossing's entry moves out of the
// observer's footprint, and crossEffect stops seeing through it as terrain
// the observer stands in).
func (f *lineFamily) cuts(g *featGeom, buf []float64) []float64 {
	nearT := f.ft.touchesBox(g)
	nearO := f.eo > 0 && f.fo.touchesBox(g)
	inO := f.fo.touchesBox(g) // the observer's footprint may overlap g
	var bx [8]Vec             // where an edge crosses the observer's boundary
	for k := 0; k+1 < f.nk; k++ {
		s0, s1 := f.knots[k], f.knots[k+1]
		if s1-s0 <= 0 {
			continue
		}
		pc := &f.pieces[k]
		a0, b0, da, db := pc.a0, pc.b0, pc.da, pc.db
		a1, b1 := a0.Add(da), b0.Add(db)
		d0, d1 := b0.Sub(a0), db.Sub(da)
		span := s1 - s0
		// through appends the offsets of the lines of the piece through v.
		through := func(v Vec) {
			// cross(d0 + d1 u, v - a0 - da u) = 0, a quadratic in u.
			v0 := v.Sub(a0)
			var roots [2]float64
			nr := 0
			if f.eo == 0 { // a fixed start: linear
				if qb := d1.Cross(v0); qb != 0 {
					roots[0], nr = -d0.Cross(v0)/qb, 1
				}
			} else {
				roots, nr = quadRoots(-d1.Cross(da), d1.Cross(v0)-d0.Cross(da), d0.Cross(v0))
			}
			for _, u := range roots[:nr] {
				if u <= 0 || u >= 1 {
					continue
				}
				a, b := a0.Add(da.Scale(u)), b0.Add(db.Scale(u))
				ab := b.Sub(a)
				l2 := ab.Dot(ab)
				if l2 == 0 {
					continue
				}
				if t := v.Sub(a).Dot(ab) / l2; t < -1e-9 || t > 1+1e-9 {
					continue
				}
				buf = append(buf, s0+u*span)
			}
		}
		for i := 0; i+1 < len(g.pts); i++ {
			v, w := g.pts[i], g.pts[i+1]
			through(v)
			if inO {
				for _, p := range f.fo.boundaryCrossings(v, w, bx[:0]) {
					through(p)
				}
			}
			// An end's path crossing the edge v -> w.
			if nearT {
				if u, ok := segParam(b0, b1, v, w); ok {
					buf = append(buf, s0+u*span)
				}
			}
			if nearO {
				if u, ok := segParam(a0, a1, v, w); ok {
					buf = append(buf, s0+u*span)
				}
			}
		}
	}
	return buf
}

// boundaryCrossings appends to buf the points where the segment v-w
// crosses the footprint's boundary (a circle's rim, a rectangle's sides).
func (f *frame) boundaryCrossings(v, w Vec, buf []Vec) []Vec {
	e := w.Sub(v)
	if !f.rect {
		// |v + e t - c|^2 = r^2, t in [0, 1].
		q := v.Sub(f.c)
		ts, n := quadRoots(e.Dot(e), 2*q.Dot(e), q.Dot(q)-f.r*f.r)
		for _, t := range ts[:n] {
			if t >= 0 && t <= 1 {
				buf = append(buf, v.Add(e.Scale(t)))
			}
		}
		return buf
	}
	cs := f.corners()
	for i := range cs {
		p, q := cs[i], cs[(i+1)%4]
		d := q.Sub(p)
		den := e.Cross(d)
		if den == 0 {
			continue
		}
		vp := p.Sub(v)
		t, u := vp.Cross(d)/den, vp.Cross(e)/den
		if t >= 0 && t <= 1 && u >= 0 && u <= 1 {
			buf = append(buf, v.Add(e.Scale(t)))
		}
	}
	return buf
}

// quadRoots returns the real roots of a*u^2 + b*u + c and how many there
// are (a linear equation when a is negligible; none reported for an
// identically zero one).
func quadRoots(a, b, c float64) (r [2]float64, n int) {
	scale := max(math.Abs(a), math.Abs(b), math.Abs(c))
	if scale == 0 {
		return r, 0
	}
	if math.Abs(a) <= 1e-12*scale {
		if b == 0 {
			return r, 0
		}
		r[0] = -c / b
		return r, 1
	}
	disc := b*b - 4*a*c
	if disc < 0 {
		return r, 0
	}
	q := -0.5 * (b + math.Copysign(math.Sqrt(disc), b))
	r[0], n = q/a, 1
	if q != 0 {
		r[1], n = c/q, 2
	}
	return r, n
}

// segParam returns u in (0, 1) where segment p0-p1 crosses segment v-w.
func segParam(p0, p1, v, w Vec) (float64, bool) {
	d, e := p1.Sub(p0), w.Sub(v)
	den := d.Cross(e)
	if den == 0 {
		return 0, false
	}
	vp := v.Sub(p0)
	u, t := vp.Cross(e)/den, vp.Cross(d)/den
	if u <= 0 || u >= 1 || t < 0 || t > 1 {
		return 0, false
	}
	return u, true
}

// lineShare is what one sight line sees of the target: the share of the
// target's height hidden by blocking terrain (qb) and by any terrain (qo,
// at least qb), and the feature that hides most of it (-1: none).
type lineShare struct {
	qb, qo float64
	by     int
}

// gauss3 are the nodes (on [-1, 1]) and weights of 3-point Gauss-Legendre.
var gauss3 = [3][2]float64{{-0.7745966692414834, 5.0 / 9}, {0, 8.0 / 9}, {0.7745966692414834, 5.0 / 9}}

// exactShares computes the visible and seen fractions of the target's
// silhouette (see the comment at the top of this file) and credits each
// feature with the share it hides (FeatureHit.Hidden).
func (c *LOSContext) exactShares(f *lineFamily, rules TerrainRules, opt LOSOptions, hOn bool) (visible, seen, low float64) {
	w := c.w
	cuts := append(c.cuts[:0], f.knots[:f.nk]...)
	c.cand = c.cand[:0]
	if c.famMask && len(c.masks) == w.idx.words {
		// The sample lines' index look-up covered the whole silhouette.
		for wd, m := range c.masks {
			for ; m != 0; m &= m - 1 {
				cuts = c.consider(f, rules, wd*64+bits.TrailingZeros64(m), cuts)
			}
		}
	} else {
		for i := range w.Features {
			cuts = c.consider(f, rules, i, cuts)
		}
	}
	if len(c.cand) == 0 {
		return 1, 1, 0 // nothing in the way
	}
	band := opt.lowBand() - 1e-12
	all := c.cand
	c.reach = c.reach[:0]
	if hOn && !c.noReach {
		c.lowReach(f, rules, opt)
	}
	sortFloats(cuts)
	c.cuts = cuts
	hidden, unseen, lows := 0.0, 0.0, 0.0
	prev := -1.0
	n, k := len(c.lineQ), 0 // sample line k sits at offset (2k+1)/n - 1
	sample := func(k int) float64 { return float64(2*k+1)/float64(n) - 1 }
	merged := false // the interval holds a cut too close to its start to count
	for _, s := range cuts {
		s = min(max(s, -1), 1)
		if s-prev <= 1e-12 {
			merged = merged || s > prev
			continue
		}
		mid, half := (prev+s)/2, (s-prev)/2
		for k < n && sample(k) <= prev+1e-12 {
			k++
		}
		if hOn {
			// Only the candidates whose box meets the interval's corridor
			// can cross its lines, and of those only the ones its lines
			// do not all see over (lowReach) can hide anything: the
			// others are left out of the traces (they add no crossing,
			// or only crossings that hide nothing, so what a line sees
			// is the same), and with none left the lines hide nothing.
			c.cand = c.nearInterval(f, all, c.reach, prev, s, !c.noReach && !merged && s-prev >= minMissWidth)
			merged = false
			if len(c.cand) == 0 {
				prev = s
				continue
			}
		}
		var ls lineShare
		if k < n && sample(k) < s-1e-12 {
			ls = c.lineQ[k] // a sample line inside the interval speaks for it
		} else {
			ls = c.shareAt(f, mid, rules, opt, hOn)
		}
		lowShare := b2f(ls.qo >= band && ls.qo < 1)
		if hOn {
			// What a line hides may vary along the interval (and be nil at
			// its middle): integrate.
			var in shareSum
			if !c.noReach && !merged && s-prev >= minMissWidth && c.constantInterval(f, rules, opt, prev, s) {
				// Every line of the interval sees what its middle one
				// does: the quadrature of that constant, as integrate
				// would reach it (the halves of a constant agree).
				in = constShare(c.shareAt(f, mid, rules, opt, hOn), band)
			} else {
				in = c.integrate(f, rules, opt, band, prev, s, c.gauss(f, rules, opt, band, prev, s), 1, 8)
			}
			ls.qo, ls.qb, lowShare = in.qo, in.qb, in.low
			if ls.by < 0 && ls.qo > 0 {
				ls.by = c.shareAt(f, mid+half/2, rules, opt, hOn).by
			}
		}
		merged = false
		hidden += ls.qo * (s - prev)
		unseen += ls.qb * (s - prev)
		lows += lowShare * (s - prev)
		if ls.by >= 0 && ls.qo > 0 {
			c.hit(ls.by).Hidden += ls.qo * (s - prev) / 2
		}
		prev = s
	}
	c.cand = all
	return 1 - min(1, hidden/2), 1 - min(1, unseen/2), min(1, lows/2)
}

// corridorMargin is how far beyond an interval's corridor a feature's box
// still counts as meeting it: well above the tracer's tolerance (Eps) and
// the rounding of the lines' ends.
const corridorMargin = 4 * Eps

// lowReach fills c.reach, one entry per candidate in c.cand: how long,
// at least, a line of the family must be for the feature to hide any of
// the target from it (+Inf: it may hide some from any line). Only a
// feature lower than the observer's eye, crossed by lines that all start
// at the observer's centre, gets a finite reach. Such a crossing hides
// nothing (hiddenShare: the target is hidden below z = oh - (oh-h)/tOut,
// and z <= -Eps hides nothing) when the line leaves the feature at
// tOut <= (oh-h)/(oh+Eps) of its length. The tracer's tOut lies between
// the projections on the line of two of the polygon's points, so it is at
// most (the farthest point's distance from the start) / (the line's
// length): a line at least reach = that distance / ((oh-h)/(oh+Eps) -
// 1e-9) long sees over the feature whatever the rest of crossEffect says
// (its other outcomes for such a crossing hide nothing either), and the
// feature can be left out of that line's trace without changing what it
// sees. The 1e-9 is far above the rounding of the tracer and of the
// lines' ends.
func (c *LOSContext) lowReach(f *lineFamily, rules TerrainRules, opt LOSOptions) {
	oh := opt.ObserverHeight
	for _, i := range c.cand {
		r := math.Inf(1)
		if f.eo == 0 {
			e := c.effect(rules, i)
			if h := c.featureHeight(e, i); h > 0 && h < oh-2*Eps {
				if lim := (oh-h)/(oh+Eps) - 1e-9; lim > 0 {
					far := 0.0
					for _, p := range c.w.idx.geo[i].pts {
						far = max(far, p.Sub(f.from).Len())
					}
					r = far / lim
				}
			}
		}
		c.reach = append(c.reach, r)
	}
}

// minMissWidth is the narrowest interval whose features nearInterval
// leaves out when its middle line clearly misses them: the sample lines
// of a narrower one come too close to its ends for the rounding of the
// cuts (about 1e-15) to be safely ignored.
const minMissWidth = 1e-9

// nearInterval returns the features of all (in their order) whose
// bounding box meets the bounding box of the lines of f between offsets
// s0 and s1, with corridorMargin to spare, leaving out those whose reach
// (lowReach, one per feature of all; empty: none) the interval's shortest
// line is at least as long as, and, when byMid is set, those the
// interval's middle line clearly misses (missesClearly). Between two cuts the lines'
// ends run straight along one piece of the family (the cuts hold the
// knots), so every line of the interval lies in the hull of the first and
// the last line, hence in that box; a feature outside it crosses none of
// them. Between two cuts every line also crosses the same edges of each
// candidate (the cuts are where that changes): when the middle line
// crosses none of a feature's, clear of every vertex by more than the
// tracer's tolerance, no line of the interval crosses the feature. The
// ends are read from the piece (ends does not return a
// rectangle's corner at the silhouette's very edge). The slice is
// c.near's buffer.
func (c *LOSContext) nearInterval(f *lineFamily, all []int, reach []float64, s0, s1 float64, byMid bool) []int {
	mid := (s0 + s1) / 2
	a0, b0, a1, b1 := f.intervalEnds(s0, s1)
	minX := min(a0.X, b0.X, a1.X, b1.X) - corridorMargin
	maxX := max(a0.X, b0.X, a1.X, b1.X) + corridorMargin
	minY := min(a0.Y, b0.Y, a1.Y, b1.Y) - corridorMargin
	maxY := max(a0.Y, b0.Y, a1.Y, b1.Y) + corridorMargin
	shortest := -1.0 // not measured yet
	var ma, mb Vec   // the middle line, once read
	midOK := false
	out := c.near[:0]
	for j, i := range all {
		g := &c.w.idx.geo[i]
		if g.maxX < minX || g.minX > maxX || g.maxY < minY || g.minY > maxY {
			continue
		}
		if j < len(reach) && !math.IsInf(reach[j], 1) {
			if shortest < 0 {
				// Every line starts at a (eo == 0) and ends on the
				// segment b0-b1 of the interval.
				shortest = segDistPoint(f.from, b0, b1) * (1 - 1e-9)
			}
			if shortest >= reach[j] {
				continue // every line of the interval sees over it
			}
		}
		if byMid {
			if !midOK {
				ma, mb = f.ends(mid)
				midOK = true
			}
			if missesClearly(g, ma, mb) {
				continue
			}
		}
		out = append(out, i)
	}
	c.near = out
	return out
}

// constShare is gauss of a share every line of an interval has, computed
// as gauss computes it; integrate returns it unchanged (each half is the
// same mean, and (x+x)/2 is x).
func constShare(x lineShare, band float64) shareSum {
	var out shareSum
	for _, g := range gauss3 {
		out.qo += g[1] * x.qo / 2
		out.qb += g[1] * x.qb / 2
		out.low += g[1] * b2f(x.qo >= band && x.qo < 1) / 2
	}
	return out
}

// constMargin is how clear of a feature's edges constantInterval wants
// the lines' ends: well above the tracer's tolerance (Eps).
const constMargin = 4 * Eps

// constantInterval reports whether every line of f strictly between
// offsets s0 and s1 (a whole interval between two cuts, its features
// left in c.cand) surely sees the same as its middle line: shareAt gives
// all of them the same share. It holds when the lines all start at the
// observer's centre (eo == 0), sight inside terrain has no length limit
// (InsideSight <= 0, so crossEffect's "within" is the same for every
// crossing), and each feature left is, for every line, crossed once from
// outside the observer's footprint up to the line's end:
//   - the middle line crosses it once, up to its end (TOut 1);
//   - the ends of the interval's lines (the segment of the piece between
//     s0 and s1) all lie inside it, clear of its edges by constMargin, so
//     every line ends inside it, and the cuts (where an end crosses an
//     edge or a line passes a corner) keep what each line crosses the
//     same as the middle line's: one crossing, out at the end;
//   - the observer's centre lies outside it, clear of its edges by the
//     observer's bounding radius and constMargin, so every crossing starts
//     beyond the observer's footprint (crossEffect's first case never
//     applies);
//   - with heights, a feature lower than the eye hides the same share of
//     every line (hiddenShare with tOut 1 reads only the heights), and one
//     at least as tall as the eye and the target hides all of each
//     (hiddenShare is at least (h+Eps)/ht >= 1 for any tIn in (0, 1]);
//     other heights make the share depend on where the line enters.
//
// Then each line's crossings all read the same in crossEffect, in the same
// order, and so does its share.
func (c *LOSContext) constantInterval(f *lineFamily, rules TerrainRules, opt LOSOptions, s0, s1 float64) bool {
	if f.eo != 0 || opt.InsideSight > 0 || len(c.cand) == 0 {
		return false
	}
	_, b0, _, b1 := f.intervalEnds(s0, s1)
	a, b := f.ends((s0 + s1) / 2)
	ab := b.Sub(a)
	l2 := ab.Dot(ab)
	if l2 == 0 {
		return false
	}
	tr := tracer{a: a, b: b, d: ab, l2: l2, l: math.Sqrt(l2)}
	oh, ht := opt.ObserverHeight, opt.TargetHeight
	hOn := !opt.FlatTerrain && oh > 0 && ht > 0
	clearO := f.fo.boundR() + constMargin
	for _, i := range c.cand {
		e := c.effect(rules, i)
		if h := c.featureHeight(e, i); hOn && h > 0 && !(h < oh-Eps) && !(h >= oh && h+Eps-1e-9 >= ht) {
			return false
		}
		g := &c.w.idx.geo[i]
		c.raw = tr.feature(g, i, c.raw[:0])
		if len(c.raw) != 1 || c.raw[0].TOut != 1 {
			return false
		}
		poly := g.pts[:len(g.pts)-1]
		if !PointInPolygon(b0, poly) || !PointInPolygon(b1, poly) || PointInPolygon(a, poly) {
			return false
		}
		for k := 0; k+1 < len(g.pts); k++ {
			v, w := g.pts[k], g.pts[k+1]
			if segmentsIntersect(b0, b1, v, w) {
				return false
			}
			d0, _ := segDist(b0, v, w)
			d1, _ := segDist(b1, v, w)
			d2, _ := segDist(v, b0, b1)
			d3, _ := segDist(w, b0, b1)
			if min(d0, d1, d2, d3) <= constMargin {
				return false
			}
			if da, _ := segDist(a, v, w); da <= clearO {
				return false
			}
		}
	}
	return true
}

// intervalEnds returns the ends of the lines of f at offsets s0 and s1
// (s0 <= s1 within one piece), read from the piece the middle offset
// falls in (nearInterval and the constant-share shortcut share it).
func (f *lineFamily) intervalEnds(s0, s1 float64) (a0, b0, a1, b1 Vec) {
	mid := (s0 + s1) / 2
	k := 0
	for k+2 < f.nk && f.knots[k+1] <= mid {
		k++
	}
	k0, k1 := f.knots[k], f.knots[k+1]
	pc := &f.pieces[k]
	at := func(s float64) (Vec, Vec) {
		u := 0.0
		if k1 > k0 {
			u = min(max((s-k0)/(k1-k0), 0), 1)
		}
		return pc.a0.Add(pc.da.Scale(u)), pc.b0.Add(pc.db.Scale(u))
	}
	a0, b0 = at(s0)
	a1, b1 = at(s1)
	return a0, b0, a1, b1
}

// shareSum is the mean over an interval of the offset of what its lines
// hide: qo and qb as in lineShare, low the share with the legs screened.
type shareSum struct{ qo, qb, low float64 }

// gauss is the three-point Gauss-Legendre mean of the shares over (s0, s1).
func (c *LOSContext) gauss(f *lineFamily, rules TerrainRules, opt LOSOptions, band, s0, s1 float64) shareSum {
	mid, half := (s0+s1)/2, (s1-s0)/2
	var out shareSum
	for _, g := range gauss3 {
		x := c.shareAt(f, mid+g[0]*half, rules, opt, true)
		out.qo += g[1] * x.qo / 2
		out.qb += g[1] * x.qb / 2
		out.low += g[1] * b2f(x.qo >= band && x.qo < 1) / 2
	}
	return out
}

// integrate refines the mean over (s0, s1) by halving, at least minDepth
// times and until the halves agree with the whole (or maxDepth): a line's
// hidden share has kinks where it reaches 0 or 1 or where another feature
// takes over, which a single rule misses.
func (c *LOSContext) integrate(f *lineFamily, rules TerrainRules, opt LOSOptions, band, s0, s1 float64, whole shareSum, minDepth, maxDepth int) shareSum {
	m := (s0 + s1) / 2
	l := c.gauss(f, rules, opt, band, s0, m)
	r := c.gauss(f, rules, opt, band, m, s1)
	both := shareSum{(l.qo + r.qo) / 2, (l.qb + r.qb) / 2, (l.low + r.low) / 2}
	const tol = 1e-4
	if maxDepth <= 0 || minDepth <= 0 && math.Abs(both.qo-whole.qo) < tol && math.Abs(both.qb-whole.qb) < tol && math.Abs(both.low-whole.low) < tol {
		return both
	}
	l = c.integrate(f, rules, opt, band, s0, m, l, minDepth-1, maxDepth-1)
	r = c.integrate(f, rules, opt, band, m, s1, r, minDepth-1, maxDepth-1)
	return shareSum{(l.qo + r.qo) / 2, (l.qb + r.qb) / 2, (l.low + r.low) / 2}
}

// consider adds feature i to the candidates when it may hide part of the
// target from some line of the family, and its cuts to cuts.
func (c *LOSContext) consider(f *lineFamily, rules TerrainRules, i int, cuts []float64) []float64 {
	g := &c.w.idx.geo[i]
	if g.maxX < f.minX || g.minX > f.maxX || g.maxY < f.minY || g.minY > f.maxY || !f.meets(g.c, g.r) {
		return cuts
	}
	if e := c.effect(rules, i); !e.BlocksLOS && !e.Cover {
		return cuts
	}
	c.cand = append(c.cand, i)
	return f.cuts(g, cuts)
}

// shareAt traces line s of the family and reads what it sees.
func (c *LOSContext) shareAt(f *lineFamily, s float64, rules TerrainRules, opt LOSOptions, hOn bool) lineShare {
	a, b := f.ends(s)
	ab := b.Sub(a)
	l2 := ab.Dot(ab)
	length := math.Sqrt(l2)
	c.raw = c.raw[:0]
	if l2 > 0 {
		tr := tracer{a: a, b: b, d: ab, l2: l2, l: length}
		for _, i := range c.cand {
			c.raw = tr.feature(&c.w.idx.geo[i], i, c.raw)
		}
	}
	ln := sightLine{fo: &f.fo, a: a, b: b, length: length}
	ls := lineShare{by: -1}
	for _, x := range c.raw {
		_, qb, qo := c.crossEffect(rules, opt, hOn, x, &ln)
		if qo > ls.qo {
			ls.qo, ls.by = qo, x.Feature
		}
		ls.qb = max(ls.qb, qb)
	}
	return ls
}

// exit is how far from p, along unit direction d, the footprint ends (0
// when p is outside it).
func (f *frame) exit(p, d Vec) float64 {
	rel := p.Sub(f.c)
	if !f.rect {
		// |rel + d t| = r: t = -rel.d + sqrt((rel.d)^2 - |rel|^2 + r^2).
		bd := rel.Dot(d)
		disc := bd*bd - rel.Dot(rel) + f.r*f.r
		if disc < 0 || rel.Dot(rel) > f.r*f.r {
			return 0
		}
		return max(0, -bd+math.Sqrt(disc))
	}
	px, py := rel.Dot(f.u), rel.Dot(f.v)
	if math.Abs(px) > f.hw || math.Abs(py) > f.hh {
		return 0
	}
	t := math.Inf(1)
	slab := func(p, dd, h float64) {
		switch {
		case dd > 1e-12:
			t = min(t, (h-p)/dd)
		case dd < -1e-12:
			t = min(t, (-h-p)/dd)
		}
	}
	slab(px, d.Dot(f.u), f.hw)
	slab(py, d.Dot(f.v), f.hh)
	if math.IsInf(t, 0) {
		return 0
	}
	return max(0, t)
}

// featureHeight is the height of feature f for sight: its own, or else its
// kind's (0: unknown, as tall as anything).
func (c *LOSContext) featureHeight(e *TerrainEffect, f int) float64 {
	if h := c.w.Features[f].Height; h > 0 {
		return h
	}
	return e.Height
}

// sightLine is one line being read, with the observer's footprint.
type sightLine struct {
	fo     *frame
	a, b   Vec
	length float64
}

// inObserver reports whether the point d cm along the line still lies
// within the observer's footprint (the line starts inside it).
func (l *sightLine) inObserver(d float64) bool {
	if d > l.fo.boundR()+Eps || l.length <= 0 {
		return false
	}
	return d <= l.fo.exit(l.a, l.b.Sub(l.a).Scale(1/l.length))+Eps
}

// crossEffect decides what one crossing does to the sight line ln, whose
// start may lie inside the observer's own footprint. It
// returns the effect and the share of the target's height the crossing
// hides: qb counts towards "not seen" (blocking terrain), qo towards "not
// visible" (any terrain). In order:
//   - terrain that neither blocks nor gives cover: no effect;
//   - blocking terrain the line starts in, or enters within the observer's
//     own footprint (terrain the observer stands in), seen through for at
//     most InsideSight: no effect;
//   - with heights, a feature of known height hides the part of the target
//     below the highest point the feature's top screens (the line from the
//     observer's eye over the feature); none of it: seen over; all of it:
//     blocked (or seen through, when the target stands in it);
//   - blocking terrain the target stands in, within InsideSight: no effect;
//   - otherwise blocking terrain blocks and cover terrain obscures.
func (c *LOSContext) crossEffect(rules TerrainRules, opt LOSOptions, hOn bool, x Crossing, ln *sightLine) (eff CrossEffect, qb, qo float64) {
	e := c.effect(rules, x.Feature)
	if !e.BlocksLOS && !e.Cover {
		return NoEffect, 0, 0
	}
	depth := x.Len(ln.length)
	within := opt.InsideSight >= 0 && (opt.InsideSight == 0 || depth <= opt.InsideSight+Eps)
	if e.BlocksLOS && within && (x.TIn == 0 || ln.inObserver(x.TIn*ln.length)) {
		return SeenThrough, 0, 0
	}
	if h := c.featureHeight(e, x.Feature); hOn && h > 0 {
		q := hiddenShare(opt.ObserverHeight, opt.TargetHeight, h, x.TIn, x.TOut)
		switch {
		case q <= 0:
			return SeenOver, 0, 0
		case q < 1 && e.BlocksLOS:
			return Obscures, q, q
		case q < 1:
			return Obscures, 0, q
		case !e.BlocksLOS:
			return Obscures, 0, 1
		case !(x.TOut == 1 && within):
			return Blocks, 1, 1
		}
	}
	switch {
	case !e.BlocksLOS:
		return Obscures, 0, 1
	case x.TOut == 1 && within:
		return SeenThrough, 0, 0
	}
	return Blocks, 1, 1
}

// hiddenShare is the share of a target ht tall that a feature h tall,
// crossed between line parameters tIn and tOut, hides from an eye oh above
// the table at parameter 0 (the target stands at 1). A point of the target
// at height z is seen when the straight line from the eye to it stays above
// h all the way across the feature.
func hiddenShare(oh, ht, h, tIn, tOut float64) float64 {
	var z float64 // the target is hidden below z
	switch {
	case h < oh-Eps:
		if tOut <= 0 {
			return 0
		}
		z = oh - (oh-h)/tOut
	case tIn <= 0:
		return 1
	default:
		z = oh + (h-oh)/tIn
	}
	return min(1, max(0, (z+Eps)/ht))
}

// segDistPoint is the distance from p to the segment a-b.
func segDistPoint(p, a, b Vec) float64 {
	ab := b.Sub(a)
	l2 := ab.Dot(ab)
	if l2 == 0 {
		return p.Dist(a)
	}
	t := min(max(p.Sub(a).Dot(ab)/l2, 0), 1)
	return p.Dist(a.Add(ab.Scale(t)))
}

// missesClearly reports whether the segment a-b stays out of polygon g by
// more than twice the tracer's tolerance (Eps): every vertex is clear of
// the line through a and b, and either all lie on one side of it or the
// stretch of that line inside the polygon (between its first and last
// edge crossings) lies beyond an end of the segment. False when unsure.
func missesClearly(g *featGeom, a, b Vec) bool {
	d := b.Sub(a)
	l2 := d.Dot(d)
	if l2 == 0 {
		return false
	}
	l := math.Sqrt(l2)
	tol := 2 * Eps * l // on side values, which are distances times l
	pts := g.pts
	n := len(pts) - 1
	left, right := false, false
	for _, p := range pts[:n] {
		sv := d.X*(p.Y-a.Y) - d.Y*(p.X-a.X)
		switch {
		case sv > tol:
			left = true
		case sv < -tol:
			right = true
		default:
			return false
		}
	}
	if !left || !right {
		return true
	}
	tmin, tmax := math.Inf(1), math.Inf(-1)
	for i := 0; i < n; i++ {
		p, q := pts[i], pts[i+1]
		sp := d.X*(p.Y-a.Y) - d.Y*(p.X-a.X)
		sq := d.X*(q.Y-a.Y) - d.Y*(q.X-a.X)
		if (sp > 0) == (sq > 0) {
			continue
		}
		pd := (p.X-a.X)*d.X + (p.Y-a.Y)*d.Y
		qd := (q.X-a.X)*d.X + (q.Y-a.Y)*d.Y
		t := (sp*qd - sq*pd) / ((sp - sq) * l2)
		tmin, tmax = min(tmin, t), max(tmax, t)
	}
	margin := 2 * Eps / l
	return tmax < -margin || tmin > 1+margin
}
