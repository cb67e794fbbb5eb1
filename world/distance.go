package world

import (
	"math"
	"strconv"
)

// Measurement is an edge-to-edge distance with the two points it was taken
// between, so the UI can draw the ruler. FromPt lies on (or in) the first
// footprint and ToPt on (or in) the second; when the footprints overlap or
// touch, Dist is 0 and FromPt == ToPt is a point they share.
type Measurement struct {
	Dist   float64
	FromPt Vec
	ToPt   Vec
}

// String gives the distance as a ruler label, e.g. "12.3 cm" ("in contact"
// for 0).
func (m Measurement) String() string {
	if m.Dist <= Eps {
		return "in contact"
	}
	return strconv.FormatFloat(m.Dist, 'f', 1, 64) + " cm"
}

// frame is a footprint in its own axes: u points to the base's right (across
// its facing), v points to its rear (against the facing). Local coordinates of
// a table point p are ((p-c)·u, (p-c)·v). A circle only uses c and r.
type frame struct {
	c      Vec
	u, v   Vec
	hw, hh float64
	r      float64
	rect   bool
}

func (b Base) frame() frame {
	if b.Foot.Shape != Rect {
		return frame{c: b.Pos, r: b.Foot.Radius}
	}
	s, c := sincosDeg(b.Facing)
	return frame{c: b.Pos, u: Vec{c, s}, v: Vec{-s, c}, hw: b.Foot.W / 2, hh: b.Foot.H / 2, rect: true}
}

// shrunk returns the footprint made smaller by d on every side (never below
// zero size). Movement uses it so that touching is not entering.
func (f frame) shrunk(d float64) frame {
	if f.rect {
		f.hw = max(0, f.hw-d)
		f.hh = max(0, f.hh-d)
	} else {
		f.r = max(0, f.r-d)
	}
	return f
}

// corners returns a rect's corners clockwise from front-left.
func (f *frame) corners() [4]Vec {
	ux := f.u.Scale(f.hw)
	vx := f.v.Scale(f.hh)
	return [4]Vec{
		f.c.Sub(ux).Sub(vx), // front-left: -u, -v
		f.c.Add(ux).Sub(vx), // front-right
		f.c.Add(ux).Add(vx), // rear-right
		f.c.Sub(ux).Add(vx), // rear-left
	}
}

// closest returns the point of the footprint (interior included) closest to p.
func (f *frame) closest(p Vec) Vec {
	d := p.Sub(f.c)
	if !f.rect {
		l := d.Len()
		if l <= f.r {
			return p
		}
		return f.c.Add(d.Scale(f.r / l))
	}
	x := clamp(d.Dot(f.u), -f.hw, f.hw)
	y := clamp(d.Dot(f.v), -f.hh, f.hh)
	return f.c.Add(f.u.Scale(x)).Add(f.v.Scale(y))
}

// pointDist is the distance from p to the footprint (0 inside).
func (f *frame) pointDist(p Vec) float64 {
	d := p.Sub(f.c)
	if !f.rect {
		return max(0, d.Len()-f.r)
	}
	x := max(0, math.Abs(d.Dot(f.u))-f.hw)
	y := max(0, math.Abs(d.Dot(f.v))-f.hh)
	return math.Sqrt(x*x + y*y)
}

// rectDist2 is the squared distance from p to a rect footprint.
func (f *frame) rectDist2(p Vec) float64 {
	dx, dy := p.X-f.c.X, p.Y-f.c.Y
	x := max(0, math.Abs(dx*f.u.X+dy*f.u.Y)-f.hw)
	y := max(0, math.Abs(dx*f.v.X+dy*f.v.Y)-f.hh)
	return x*x + y*y
}

// depth is how far p lies inside the footprint (negative outside).
func (f *frame) depth(p Vec) float64 {
	d := p.Sub(f.c)
	if !f.rect {
		return f.r - d.Len()
	}
	x, y := math.Abs(d.Dot(f.u)), math.Abs(d.Dot(f.v))
	if x <= f.hw && y <= f.hh {
		return min(f.hw-x, f.hh-y)
	}
	ox, oy := max(0, x-f.hw), max(0, y-f.hh)
	return -math.Sqrt(ox*ox + oy*oy)
}

// extent is the half-length of the footprint's projection on unit axis n.
func (f *frame) extent(n Vec) float64 {
	if !f.rect {
		return f.r
	}
	return f.hw*math.Abs(n.Dot(f.u)) + f.hh*math.Abs(n.Dot(f.v))
}

func clamp(x, lo, hi float64) float64 {
	if x < lo {
		return lo
	}
	if x > hi {
		return hi
	}
	return x
}

// Distance is the edge-to-edge distance between two bases' footprints: the
// length of the shortest line from any point of one to any point of the
// other. It is 0 when they touch or overlap. Rectangles are rotated by their
// facing. Distance(a, b) == Distance(b, a) (within rounding for two
// rectangles).
func Distance(a, b Base) float64 {
	// Small enough to be inlined, so that the bases are not passed in
	// eighteen registers only to be stored again.
	return baseDist(&a, &b)
}

func baseDist(a, b *Base) float64 {
	ra, rb := a.Foot.Shape == Rect, b.Foot.Shape == Rect
	switch {
	case !ra && !rb:
		return max(0, a.Pos.Dist(b.Pos)-a.Foot.Radius-b.Foot.Radius)
	case !ra:
		return circleRectDist(a.Pos, a.Foot.Radius, *b)
	case !rb:
		return circleRectDist(b.Pos, b.Foot.Radius, *a)
	}
	// The same arithmetic as frame and rectRectDist, without building
	// the frames.
	fa, fb := a.Facing, b.Facing
	if !(math.Abs(fa) < 1e15 && math.Abs(fb) < 1e15) {
		fa, fb = math.Mod(fa, 360), math.Mod(fb, 360) // as sincosDeg does
	}
	return rectPairDist(a, b, fa, fb)
}

// rectPairDist is rectRectDistUV for rect bases a and b, with fa and fb
// their facings (less whole turns from 1e15 degrees up): sincosDeg's sines
// and cosines, its steps written out here. The bases come by pointer so
// that nothing but the sines and cosines is held in registers meanwhile.
func rectPairDist(a, b *Base, fa, fb float64) float64 {
	xa, qa := quarterTurns(fa)
	sa, ca := quadrant(sinPoly(xa), cosPoly(xa), qa)
	xb, qb := quarterTurns(fb)
	sb, cb := quadrant(sinPoly(xb), cosPoly(xb), qb)
	return rectRectDistUV(b.Pos.X-a.Pos.X, b.Pos.Y-a.Pos.Y, ca, sa, cb, sb,
		a.Foot.W/2, a.Foot.H/2, b.Foot.W/2, b.Foot.H/2)
}

// circleRectDist is the distance from the circle of radius r about p to the
// rect base b: frame's and pointDist's arithmetic, without the frame.
func circleRectDist(p Vec, r float64, b Base) float64 {
	s, c := sincosDeg(b.Facing)
	dx, dy := p.X-b.Pos.X, p.Y-b.Pos.Y
	x := max(0, math.Abs(dx*c+dy*s)-b.Foot.W/2)
	y := max(0, math.Abs(dx*-s+dy*c)-b.Foot.H/2)
	return max(0, math.Sqrt(x*x+y*y)-r)
}

func frameDist(fa, fb *frame) float64 {
	switch {
	case !fa.rect && !fb.rect:
		return max(0, fa.c.Dist(fb.c)-fa.r-fb.r)
	case !fa.rect:
		return max(0, fb.pointDist(fa.c)-fa.r)
	case !fb.rect:
		return max(0, fa.pointDist(fb.c)-fb.r)
	}
	return rectRectDist(fa, fb)
}

// rectRectDist is the distance between two rects (see rectRectDistUV).
func rectRectDist(fa, fb *frame) float64 {
	return rectRectDistUV(fb.c.X-fa.c.X, fb.c.Y-fa.c.Y, fa.u.X, fa.u.Y, fb.u.X, fb.u.Y, fa.hw, fa.hh, fb.hw, fb.hh)
}

// rectRectDistUV is the distance between rect a (half sizes ahw x ahh, axes
// u = (ca, sa) and v = (-sa, ca)) and rect b (bhw x bhh, axes from cb, sb)
// whose centre is (dx, dy) from a's, worked in a's axes with plain
// arithmetic: the separating-axis test first (0 when they touch or
// overlap), then the nearest of the eight corners of either to the other.
func rectRectDistUV(dx, dy, ca, sa, cb, sb, ahw, ahh, bhw, bhh float64) float64 {
	if ahw > math.MaxFloat64 || ahh > math.MaxFloat64 || bhw > math.MaxFloat64 || bhh > math.MaxFloat64 {
		// An infinite half size, where dpos(-Inf) would be NaN. (Checked
		// first, so that the usual path makes no call.)
		return infRectRectDistUV(dx, dy, ca, sa, cb, sb, ahw, ahh, bhw, bhh)
	}
	cx, cy := dx*ca+dy*sa, dx*-sa+dy*ca // b's centre
	ux, uy := cb*ca+sb*sa, cb*-sa+sb*ca
	// v = (-sb*ca+cb*sa, -sb*-sa+cb*ca) is exactly (-uy, ux): the same
	// products, summed in an order that does not change the result.
	vx, vy := -uy, ux
	aux, auy := math.Abs(ux), math.Abs(uy)
	avx, avy := auy, aux
	// b's centre in b's own axes, seen from a's centre.
	bu, bv := cx*ux+cy*uy, cx*vx+cy*vy
	// Centres farther apart than the four half sizes together (at least
	// the two bounding radii) belong to rects that cannot meet, and the
	// separating-axis test is left out; otherwise it says whether they
	// touch or overlap. (Where rounding could sway the first test the rects
	// are within a hair of touching either way, and the corners give that
	// hair.)
	if r := ahw + ahh + bhw + bhh; !(dx*dx+dy*dy > r*r) {
		ox := ahw + bhw*aux + bhh*avx - math.Abs(cx)
		oy := ahh + bhw*auy + bhh*avy - math.Abs(cy)
		ou := bhw + ahw*aux + ahh*auy - math.Abs(bu)
		ov := bhh + ahw*avx + ahh*avy - math.Abs(bv)
		if ox >= 0 && oy >= 0 && ou >= 0 && ov >= 0 {
			return 0
		}
	}
	// A corner of b in a's axes is (cx ± bhw*ux ± bhh*vx, cy ± bhw*uy ±
	// bhh*vy); one of a in b's axes is (-bu ± ahw*ux ± ahh*uy, -bv ± ahw*vx
	// ± ahh*vy). Multiplying by ±1 is exact, so the products are taken once.
	// boxDist2 gives four times the squared distance; the scaling is
	// exact (short of overflow far beyond any table). b's corners first,
	// then a's, so that fewer numbers are held at once.
	bx1, bx2, by1, by2 := bhw*ux, bhh*vx, bhw*uy, bhh*vy
	best := min(boxDist2(math.Abs(cx-bx1-bx2)-ahw, math.Abs(cy-by1-by2)-ahh),
		boxDist2(math.Abs(cx-bx1+bx2)-ahw, math.Abs(cy-by1+by2)-ahh),
		boxDist2(math.Abs(cx+bx1-bx2)-ahw, math.Abs(cy+by1-by2)-ahh),
		boxDist2(math.Abs(cx+bx1+bx2)-ahw, math.Abs(cy+by1+by2)-ahh))
	ax1, ax2, ay1, ay2 := ahw*ux, ahh*uy, ahw*vx, ahh*vy
	best = min(best, boxDist2(math.Abs(bu+ax1-ax2)-bhw, math.Abs(bv+ay1-ay2)-bhh),
		boxDist2(math.Abs(bu+ax1+ax2)-bhw, math.Abs(bv+ay1+ay2)-bhh),
		boxDist2(math.Abs(bu-ax1-ax2)-bhw, math.Abs(bv-ay1-ay2)-bhh),
		boxDist2(math.Abs(bu-ax1+ax2)-bhw, math.Abs(bv-ay1+ay2)-bhh))
	return math.Sqrt(best * 0.25)
}

// boxDist2 is four times the squared distance from (x, y) to the box
// [-hw,hw]x[-hh,hh], given tx = |x|-hw and ty = |y|-hh: t+|t| is 2*max(0,
// t) without a branch (NaN for t = -Inf, which only infinite half sizes
// give; rectRectDistUV sends those elsewhere).
func boxDist2(tx, ty float64) float64 {
	qx, qy := dpos(tx), dpos(ty)
	return qx*qx + qy*qy
}

// dpos is 2*max(0, t) for squaring (see boxDist2).
func dpos(t float64) float64 { return t + math.Abs(t) }

// infRectRectDistUV is rectRectDistUV with max in place of dpos, for
// infinite half sizes (invalid footprints, but the answer stays what it
// always was).
func infRectRectDistUV(dx, dy, ca, sa, cb, sb, ahw, ahh, bhw, bhh float64) float64 {
	cx, cy := dx*ca+dy*sa, dx*-sa+dy*ca
	ux, uy := cb*ca+sb*sa, cb*-sa+sb*ca
	vx, vy := -uy, ux
	aux, auy, avx, avy := math.Abs(ux), math.Abs(uy), math.Abs(vx), math.Abs(vy)
	bu, bv := cx*ux+cy*uy, cx*vx+cy*vy
	ox := ahw + bhw*aux + bhh*avx - math.Abs(cx)
	oy := ahh + bhw*auy + bhh*avy - math.Abs(cy)
	ou := bhw + ahw*aux + ahh*auy - math.Abs(bu)
	ov := bhh + ahw*avx + ahh*avy - math.Abs(bv)
	if ox >= 0 && oy >= 0 && ou >= 0 && ov >= 0 {
		return 0
	}
	bx1, bx2, by1, by2 := bhw*ux, bhh*vx, bhw*uy, bhh*vy
	ax1, ax2, ay1, ay2 := ahw*ux, ahh*uy, ahw*vx, ahh*vy
	// a's corners in b's axes are -(bu, bv) ± ...; negated, the set of
	// their distances is the same.
	box := func(x, dx, y, dy, hw, hh float64) float64 {
		q1x, q1y := max(0, math.Abs(x-dx)-hw), max(0, math.Abs(y-dy)-hh)
		q2x, q2y := max(0, math.Abs(x+dx)-hw), max(0, math.Abs(y+dy)-hh)
		return min(q1x*q1x+q1y*q1y, q2x*q2x+q2y*q2y)
	}
	best := box(cx-bx1, bx2, cy-by1, by2, ahw, ahh)
	best = min(best, box(cx+bx1, bx2, cy+by1, by2, ahw, ahh))
	best = min(best, box(bu+ax1, ax2, bv+ay1, ay2, bhw, bhh))
	best = min(best, box(bu-ax1, ax2, bv-ay1, ay2, bhw, bhh))
	return math.Sqrt(best)
}

// pos is max(0, t) for squaring, in three instructions and no branch: t+|t|
// is exactly 2t or +0 and halving is exact, so pos(t)*pos(t) is bit for bit
// max(0, t)*max(0, t) for every t except -Inf, where it is NaN rather than
// 0 (above MaxFloat64/2 it gives +Inf rather than t, whose square is +Inf
// anyway).
func pos(t float64) float64 { return (t + math.Abs(t)) * 0.5 }

// rectSAT returns the smallest overlap of the two rects' projections over
// the four separating axes: negative when they are apart, 0 when they touch,
// and the penetration depth when they overlap.
func rectSAT(fa, fb *frame) float64 {
	// The loop over the axes fa.u, fa.v, fb.u, fb.v written out.
	dx, dy := fb.c.X-fa.c.X, fb.c.Y-fa.c.Y
	return min(satAxis(fa, fb, dx, dy, fa.u), satAxis(fa, fb, dx, dy, fa.v),
		satAxis(fa, fb, dx, dy, fb.u), satAxis(fa, fb, dx, dy, fb.v))
}

// rectsMeet is rectSAT(fa, fb) >= 0, stopping at the first separating axis.
func rectsMeet(fa, fb *frame) bool {
	dx, dy := fb.c.X-fa.c.X, fb.c.Y-fa.c.Y
	return satAxis(fa, fb, dx, dy, fa.u) >= 0 && satAxis(fa, fb, dx, dy, fa.v) >= 0 &&
		satAxis(fa, fb, dx, dy, fb.u) >= 0 && satAxis(fa, fb, dx, dy, fb.v) >= 0
}

// satAxis is the overlap of the two rects' projections on the unit axis n
// (centres (dx, dy) apart): extent's and Dot's arithmetic, in their order.
func satAxis(fa, fb *frame, dx, dy float64, n Vec) float64 {
	ea := fa.hw*math.Abs(n.X*fa.u.X+n.Y*fa.u.Y) + fa.hh*math.Abs(n.X*fa.v.X+n.Y*fa.v.Y)
	eb := fb.hw*math.Abs(n.X*fb.u.X+n.Y*fb.u.Y) + fb.hh*math.Abs(n.X*fb.v.X+n.Y*fb.v.Y)
	return ea + eb - math.Abs(dx*n.X+dy*n.Y)
}

// penetration is how deeply two footprints overlap (the smallest move that
// separates them), 0 when they touch and negative when they are apart.
func penetration(fa, fb *frame) float64 {
	switch {
	case !fa.rect && !fb.rect:
		return fa.r + fb.r - fa.c.Dist(fb.c)
	case !fa.rect:
		return fb.depth(fa.c) + fa.r
	case !fb.rect:
		return fa.depth(fb.c) + fb.r
	}
	if o := rectSAT(fa, fb); o >= 0 {
		return o
	}
	return -frameDist(fa, fb)
}

// Overlap reports whether two footprints overlap by more than Eps. Bases that
// merely touch (base-to-base contact) do not overlap.
func Overlap(a, b Base) bool {
	fa, fb := a.frame(), b.frame()
	return penetration(&fa, &fb) > Eps
}

// InContact reports whether two footprints touch or overlap: their edge to
// edge distance is at most Eps.
func InContact(a, b Base) bool { return Distance(a, b) <= Eps }

// Measure is Distance with the two closest points, FromPt on a and ToPt on
// b. When the footprints touch or overlap both points are the same point,
// which lies in both footprints (within Eps).
func Measure(a, b Base) Measurement {
	var fa, fb frame
	fa.set(&a)
	fb.set(&b)
	return frameMeasure(&fa, &fb)
}

// set makes f the frame of b (b.frame() built in place, the same numbers).
func (f *frame) set(b *Base) {
	if b.Foot.Shape != Rect {
		*f = frame{c: b.Pos, r: b.Foot.Radius}
		return
	}
	s, c := sincosDeg(b.Facing)
	f.c, f.u, f.v = b.Pos, Vec{c, s}, Vec{-s, c}
	f.hw, f.hh, f.r, f.rect = b.Foot.W/2, b.Foot.H/2, 0, true
}

func frameMeasure(fa, fb *frame) Measurement {
	switch {
	case !fa.rect && !fb.rect:
		d := fb.c.Sub(fa.c)
		l := d.Len()
		if l == 0 {
			return Measurement{0, fa.c, fa.c}
		}
		u := d.Scale(1 / l)
		if l <= fa.r+fb.r {
			lo := max(l-fb.r, -fa.r)
			hi := min(fa.r, l+fb.r)
			p := fa.c.Add(u.Scale((lo + hi) / 2))
			return Measurement{0, p, p}
		}
		return Measurement{l - fa.r - fb.r, fa.c.Add(u.Scale(fa.r)), fb.c.Sub(u.Scale(fb.r))}
	case !fa.rect:
		m := circleRectMeasure(fa, fb)
		return m
	case !fb.rect:
		m := circleRectMeasure(fb, fa)
		m.FromPt, m.ToPt = m.ToPt, m.FromPt
		return m
	}
	ca, cb := fa.corners(), fb.corners()
	if rectsMeet(fa, fb) {
		p := rectSharedPoint(fa, fb, ca, cb)
		return Measurement{0, p, p}
	}
	// Only corners whose rough squared distance (rectDist2's arithmetic,
	// with no closest point built) is within a hair of the smallest can be
	// the nearest; the others are skipped. The hair is far above the
	// rounding of either way of working, so the pick is the full loop's,
	// ties included (they are taken in the same order). Any NaN keeps them
	// all.
	var rough [8]float64
	for i := 0; i < 4; i++ {
		dx, dy := ca[i].X-fb.c.X, ca[i].Y-fb.c.Y
		x := pos(math.Abs(dx*fb.u.X+dy*fb.u.Y) - fb.hw)
		y := pos(math.Abs(dx*fb.v.X+dy*fb.v.Y) - fb.hh)
		rough[2*i] = x*x + y*y
		dx, dy = cb[i].X-fa.c.X, cb[i].Y-fa.c.Y
		x = pos(math.Abs(dx*fa.u.X+dy*fa.u.Y) - fa.hw)
		y = pos(math.Abs(dx*fa.v.X+dy*fa.v.Y) - fa.hh)
		rough[2*i+1] = x*x + y*y
	}
	m := min(rough[0], rough[1], rough[2], rough[3], rough[4], rough[5], rough[6], rough[7])
	tol := 1e-9 * (1 + math.Abs(fa.c.X) + math.Abs(fa.c.Y) + math.Abs(fb.c.X) + math.Abs(fb.c.Y) +
		fa.hw + fa.hh + fb.hw + fb.hh)
	lim := math.Sqrt(m) + tol
	lim *= lim
	best := Measurement{Dist: math.Inf(1)}
	for i := 0; i < 4; i++ {
		if !(rough[2*i] > lim) {
			q := fb.closest(ca[i])
			if d := ca[i].Dist(q); d < best.Dist {
				best = Measurement{d, ca[i], q}
			}
		}
		if !(rough[2*i+1] > lim) {
			q := fa.closest(cb[i])
			if d := cb[i].Dist(q); d < best.Dist {
				best = Measurement{d, q, cb[i]}
			}
		}
	}
	return best
}

// circleRectMeasure measures circle c to rect r (FromPt on the circle).
func circleRectMeasure(c, r *frame) Measurement {
	q := r.closest(c.c)
	d := q.Sub(c.c)
	l := d.Len()
	if l <= c.r {
		// The closest point of the rect is inside the circle: shared point.
		return Measurement{0, q, q}
	}
	return Measurement{l - c.r, c.c.Add(d.Scale(c.r / l)), q}
}

// rectSharedPoint finds a point in both of two touching or overlapping rects.
func rectSharedPoint(fa, fb *frame, ca, cb [4]Vec) Vec {
	for _, p := range ca {
		if fb.pointDist(p) <= Eps {
			return p
		}
	}
	for _, p := range cb {
		if fa.pointDist(p) <= Eps {
			return p
		}
	}
	for i := 0; i < 4; i++ {
		for j := 0; j < 4; j++ {
			if p, ok := segIntersection(ca[i], ca[(i+1)%4], cb[j], cb[(j+1)%4]); ok {
				return p
			}
		}
	}
	// Touching within rounding but no exact crossing: the closest corner pair.
	return fb.closest(fa.c).Lerp(fa.closest(fb.c), 0.5)
}

// segIntersection returns the crossing point of segments ab and cd when they
// cross (including touching).
func segIntersection(a, b, c, d Vec) (Vec, bool) {
	r, s := b.Sub(a), d.Sub(c)
	den := r.Cross(s)
	if den == 0 {
		return Vec{}, false
	}
	t := c.Sub(a).Cross(s) / den
	u := c.Sub(a).Cross(r) / den
	const z = 1e-12
	if t < -z || t > 1+z || u < -z || u > 1+z {
		return Vec{}, false
	}
	return a.Add(r.Scale(t)), true
}

// MeasurePoint measures from a base's edge to a point: Dist is
// b.PointDistance(p), FromPt the closest point of the footprint, ToPt is p.
func MeasurePoint(b Base, p Vec) Measurement {
	f := b.frame()
	q := f.closest(p)
	return Measurement{q.Dist(p), q, p}
}

// segDist returns the distance from p to segment ab and the parameter of the
// closest point.
func segDist(p, a, b Vec) (float64, float64) {
	d := b.Sub(a)
	l2 := d.Dot(d)
	t := 0.0
	if l2 > 0 {
		t = clamp(p.Sub(a).Dot(d)/l2, 0, 1)
	}
	return p.Dist(a.Add(d.Scale(t))), t
}

// SegmentDistance is the distance from p to the segment a-b.
func SegmentDistance(p, a, b Vec) float64 {
	d, _ := segDist(p, a, b)
	return d
}

// segFrameDist is the distance from segment ab to the footprint (0 when they
// meet).
func segFrameDist(f *frame, a, b Vec) float64 {
	if !f.rect {
		d, _ := segDist(f.c, a, b)
		return max(0, d-f.r)
	}
	// In the rect's own axes the rect is the box [-hw,hw]x[-hh,hh].
	la := Vec{a.Sub(f.c).Dot(f.u), a.Sub(f.c).Dot(f.v)}
	lb := Vec{b.Sub(f.c).Dot(f.u), b.Sub(f.c).Dot(f.v)}
	if segHitsBox(la, lb, f.hw, f.hh) {
		return 0
	}
	box := func(p Vec) float64 {
		x, y := max(0, math.Abs(p.X)-f.hw), max(0, math.Abs(p.Y)-f.hh)
		return math.Sqrt(x*x + y*y)
	}
	best := min(box(la), box(lb))
	for _, c := range [4]Vec{{-f.hw, -f.hh}, {f.hw, -f.hh}, {f.hw, f.hh}, {-f.hw, f.hh}} {
		if d, _ := segDist(c, la, lb); d < best {
			best = d
		}
	}
	return best
}

// segHitsBox reports whether segment ab meets the box [-hw,hw]x[-hh,hh]
// (Liang-Barsky clipping).
func segHitsBox(a, b Vec, hw, hh float64) bool {
	t0, t1 := 0.0, 1.0
	d := b.Sub(a)
	clip := func(p, q float64) bool {
		if p == 0 {
			return q >= 0
		}
		r := q / p
		if p < 0 {
			if r > t1 {
				return false
			}
			if r > t0 {
				t0 = r
			}
		} else {
			if r < t0 {
				return false
			}
			if r < t1 {
				t1 = r
			}
		}
		return true
	}
	return clip(-d.X, a.X+hw) && clip(d.X, hw-a.X) && clip(-d.Y, a.Y+hh) && clip(d.Y, hh-a.Y)
}
