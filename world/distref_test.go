package world

import (
	"math"
	"testing"
)

// The reference code below is distance.go as it was before the rect-rect
// shortcuts (commit 2cb5901), with math.Sincos. Frames, rect-rect Distance
// and Measure now take their sines and cosines from sincosDeg, so they must
// agree with it within refTol; the separating-axis overlap (Overlap,
// movement) must still give the old loop's bits on the same frames.

// refTol is how far, in cm, rect-rect Distance and Measure may be from the
// reference.
const refTol = 1e-9

// nearRef reports whether x is within refTol of the reference y, or both are
// the same non-number.
func nearRef(x, y float64) bool {
	return same(x, y) || math.Abs(x-y) <= refTol || (math.IsNaN(x) && math.IsNaN(y))
}

func nearRefVec(p, q Vec) bool { return nearRef(p.X, q.X) && nearRef(p.Y, q.Y) }

// measureNearRef reports whether Measure's m is the reference's ref within
// refTol, end points included. Where the reference's end points are not
// the only right answer (a tie), m must still be a right answer: FromPt on
// a and ToPt on b within refTol and Dist apart, or, for Dist 0, one point
// in both footprints within Eps (the shared point Measure promises). tie
// counts those cases.
func measureNearRef(a, b Base, m, ref Measurement, tie *int) bool {
	if !nearRef(m.Dist, ref.Dist) {
		return false
	}
	if nearRefVec(m.FromPt, ref.FromPt) && nearRefVec(m.ToPt, ref.ToPt) {
		return true
	}
	if !refMeasureTie(a, b) {
		return false
	}
	*tie++
	fa, fb := a.frame(), b.frame()
	on := refTol
	if m.Dist == 0 { // a shared point: in both within Eps
		on += Eps
		if m.FromPt != m.ToPt {
			return false
		}
	}
	return fa.pointDist(m.FromPt) <= on && fb.pointDist(m.ToPt) <= on &&
		math.Abs(m.FromPt.Dist(m.ToPt)-m.Dist) <= refTol
}

// refMeasureTie reports whether the reference's pick of end points hangs on
// rounding: the bases are within Eps of contact (the shared point is the
// first corner found within Eps of the other base), or two corner pairs of
// the reference's search, at different places, are within 2*refTol of the
// smallest distance.
func refMeasureTie(a, b Base) bool {
	fa, fb := refFrame(a), refFrame(b)
	if refRectSAT(&fa, &fb) >= -2*Eps {
		return true
	}
	ca, cb := fa.corners(), fb.corners()
	var ms [8]Measurement
	for i := 0; i < 4; i++ {
		q := fb.closest(ca[i])
		ms[2*i] = Measurement{ca[i].Dist(q), ca[i], q}
		q = fa.closest(cb[i])
		ms[2*i+1] = Measurement{cb[i].Dist(q), q, cb[i]}
	}
	best := refMeasureRR(a, b)
	for _, m := range ms {
		if m.Dist <= best.Dist+2*refTol && (!nearRefVec(m.FromPt, best.FromPt) || !nearRefVec(m.ToPt, best.ToPt)) {
			return true
		}
	}
	return false
}

func refRectRectDistUV(dx, dy, ca, sa, cb, sb, ahw, ahh, bhw, bhh float64) float64 {
	cx, cy := dx*ca+dy*sa, dx*-sa+dy*ca
	ux, uy := cb*ca+sb*sa, cb*-sa+sb*ca
	vx, vy := -sb*ca+cb*sa, -sb*-sa+cb*ca
	aux, auy, avx, avy := math.Abs(ux), math.Abs(uy), math.Abs(vx), math.Abs(vy)
	bu, bv := cx*ux+cy*uy, cx*vx+cy*vy
	ox := ahw + bhw*aux + bhh*avx - math.Abs(cx)
	oy := ahh + bhw*auy + bhh*avy - math.Abs(cy)
	ou := bhw + ahw*aux + ahh*auy - math.Abs(bu)
	ov := bhh + ahw*avx + ahh*avy - math.Abs(bv)
	if min(ox, oy, ou, ov) >= 0 {
		return 0
	}
	bx1, bx2, by1, by2 := bhw*ux, bhh*vx, bhw*uy, bhh*vy
	ax1, ax2, ay1, ay2 := ahw*ux, ahh*uy, ahw*vx, ahh*vy
	best := refCornerBox(cx-bx1, bx2, cy-by1, by2, ahw, ahh)
	best = min(best, refCornerBox(cx+bx1, bx2, cy+by1, by2, ahw, ahh))
	best = min(best, refCornerBox(-bu-ax1, ax2, -bv-ay1, ay2, bhw, bhh))
	best = min(best, refCornerBox(-bu+ax1, ax2, -bv+ay1, ay2, bhw, bhh))
	return math.Sqrt(best)
}

func refCornerBox(x, dx, y, dy, hw, hh float64) float64 {
	q1x, q1y := max(0, math.Abs(x-dx)-hw), max(0, math.Abs(y-dy)-hh)
	q2x, q2y := max(0, math.Abs(x+dx)-hw), max(0, math.Abs(y+dy)-hh)
	return min(q1x*q1x+q1y*q1y, q2x*q2x+q2y*q2y)
}

// refFrame is Base.frame as it was, with math.Sincos.
func refFrame(b Base) frame {
	if b.Foot.Shape != Rect {
		return frame{c: b.Pos, r: b.Foot.Radius}
	}
	s, c := math.Sincos(b.Facing * math.Pi / 180)
	return frame{c: b.Pos, u: Vec{c, s}, v: Vec{-s, c}, hw: b.Foot.W / 2, hh: b.Foot.H / 2, rect: true}
}

func refDistanceRR(a, b Base) float64 {
	sa, ca := math.Sincos(a.Facing * math.Pi / 180)
	sb, cb := math.Sincos(b.Facing * math.Pi / 180)
	return refRectRectDistUV(b.Pos.X-a.Pos.X, b.Pos.Y-a.Pos.Y, ca, sa, cb, sb,
		a.Foot.W/2, a.Foot.H/2, b.Foot.W/2, b.Foot.H/2)
}

func refRectSAT(fa, fb *frame) float64 {
	d := fb.c.Sub(fa.c)
	m := math.Inf(1)
	for _, n := range [4]Vec{fa.u, fa.v, fb.u, fb.v} {
		m = min(m, fa.extent(n)+fb.extent(n)-math.Abs(d.Dot(n)))
	}
	return m
}

func refMeasureRR(a, b Base) Measurement {
	fa, fb := refFrame(a), refFrame(b)
	ca, cb := fa.corners(), fb.corners()
	if refRectSAT(&fa, &fb) >= 0 {
		p := rectSharedPoint(&fa, &fb, ca, cb)
		return Measurement{0, p, p}
	}
	best := Measurement{Dist: math.Inf(1)}
	for i := 0; i < 4; i++ {
		q := fb.closest(ca[i])
		if d := ca[i].Dist(q); d < best.Dist {
			best = Measurement{d, ca[i], q}
		}
		q = fa.closest(cb[i])
		if d := cb[i].Dist(q); d < best.Dist {
			best = Measurement{d, q, cb[i]}
		}
	}
	return best
}

// rrCase draws two rect bases that are apart, touching (edge to edge or
// corner to edge, exactly or within a hair), overlapping, parallel (so two
// corners tie), tiny, huge or far off.
func rrCase(r *rng) (Base, Base) {
	scale := []float64{1e-6, 1e-2, 1, 1, 1, 1, 100, 1e4}[r.next()%8]
	off := Vec{}
	if r.next()%4 == 0 {
		off = Vec{r.float(-1e6, 1e6), r.float(-1e6, 1e6)}
	}
	face := func() float64 {
		switch r.next() % 4 {
		case 0:
			return float64(r.next()%8) * 45
		case 1:
			return r.float(-720, 720)
		}
		return r.float(0, 360)
	}
	a := Base{Pos: off.Add(Vec{r.float(0, 60), r.float(0, 60)}), Facing: face(),
		Foot: Footprint{Shape: Rect, W: scale * r.float(0.1, 8), H: scale * r.float(0.1, 8)}}
	b := Base{Facing: face(), Foot: Footprint{Shape: Rect, W: scale * r.float(0.1, 8), H: scale * r.float(0.1, 8)}}
	if r.next()%3 == 0 {
		b.Facing = a.Facing + float64(r.next()%4)*90 // parallel edges
	}
	hair := []float64{0, 0, Eps, -Eps, 1e-9, -1e-9, 1e-13, -1e-13, 1, r.float(-1, 20)}[r.next()%10] * max(1, scale)
	switch r.next() % 3 {
	case 0: // anywhere
		b.Pos = a.Pos.Add(Vec{r.float(-30, 30), r.float(-30, 30)}.Scale(max(1, scale)))
	case 1: // b's centre along a direction, at a's extent plus b's plus a hair
		fa, fb := a.frame(), b.frame()
		n := Heading(face())
		if r.next()%2 == 0 {
			n = fa.u
		}
		b.Pos = a.Pos.Add(n.Scale(fa.extent(n) + fb.extent(n) + hair))
	default: // a corner of b on an edge of a, or near it
		fa := a.frame()
		k := b.Corners()[r.next()%4] // b is still centred on the origin
		edge := fa.corners()
		i := r.next() % 4
		p := edge[i].Lerp(edge[(i+1)%4], r.float(0, 1))
		out := p.Sub(a.Pos)
		if l := out.Len(); l > 0 {
			out = out.Scale(hair / l)
		}
		b.Pos = p.Add(out).Sub(k) // b's corner k at p, moved out by hair
	}
	return a, b
}

func same(x, y float64) bool { return math.Float64bits(x) == math.Float64bits(y) }

func sameVec(p, q Vec) bool { return same(p.X, q.X) && same(p.Y, q.Y) }

// On half a million boundary-hugging pairs, rect-rect Distance and Measure
// are within refTol of the code before the shortcuts (Measure's points
// too, unless the reference's pick is a tie), Distance is symmetric within
// refTol and exactly 0 for rects that overlap by more than refTol, and
// rectSAT and rectsMeet give bit for bit the old loop's results on the
// same frames.
func TestRectRectMatchesReference(t *testing.T) {
	r := rng(11)
	n := 500_000
	if testing.Short() {
		n = 50_000
	}
	bad, zero, ties := 0, 0, 0
	fail := func(i int, a, b Base, what string, got, want any) {
		bad++
		if bad <= 10 {
			t.Errorf("case %d: a %+v b %+v: %s = %v, reference %v", i, a, b, what, got, want)
		}
	}
	for i := 0; i < n; i++ {
		a, b := rrCase(&r)
		if got, want := Distance(a, b), refDistanceRR(a, b); !nearRef(got, want) {
			fail(i, a, b, "Distance", got, want)
		} else if back := Distance(b, a); !nearRef(back, got) {
			fail(i, a, b, "Distance(b, a)", back, got)
		} else if ra, rb := refFrame(a), refFrame(b); refRectSAT(&ra, &rb) > refTol && got != 0 {
			fail(i, a, b, "Distance of overlapping rects", got, 0.0)
		} else if want == 0 {
			zero++
		}
		got, want := Measure(a, b), refMeasureRR(a, b)
		if !measureNearRef(a, b, got, want, &ties) {
			fail(i, a, b, "Measure", got, want)
		}
		fa, fb := a.frame(), b.frame()
		if got, want := rectSAT(&fa, &fb), refRectSAT(&fa, &fb); !same(got, want) {
			fail(i, a, b, "rectSAT", got, want)
		}
		if got, want := rectsMeet(&fa, &fb), refRectSAT(&fa, &fb) >= 0; got != want {
			fail(i, a, b, "rectsMeet", got, want)
		}
	}
	if bad > 0 {
		t.Errorf("%d differences in %d cases", bad, n)
	}
	// Ties are the pairs built to touch or to have parallel edges; most
	// cases must still be compared point for point.
	t.Logf("%d of %d Measure cases were ties", ties, n)
	if ties > n/4 {
		t.Errorf("%d of %d Measure cases were ties", ties, n)
	}
	if zero < n/10 || zero > n*9/10 {
		t.Errorf("unbalanced cases: %d of %d in contact", zero, n)
	}
}

// Non-finite and huge sizes, positions and facings give the reference's
// results too. The reference gets the facings with whole turns taken off
// (math.Mod is exact): its product facing*Pi/180 keeps nothing of a facing
// of 1e300 degrees, while sincosDeg takes the turns off exactly.
func TestRectRectNonFiniteMatchesReference(t *testing.T) {
	for _, x := range []float64{math.NaN(), math.Inf(1), math.Inf(-1), 1e300, -0.0} {
		pairs := [][2]Base{
			{rect(x, 0, 2, 2, 0), rect(10, 0, 2, 2, 30)},
			{rect(0, 0, x, 2, 0), rect(10, 0, 2, 2, 30)},
			{rect(0, 0, 2, 2, x), rect(10, 0, 2, 2, 30)},
			{rect(0, 0, 2, 2, 0), rect(10, x, 2, 2, 30)},
			{rect(0, 0, 2, 2, 0), rect(10, 0, 2, x, 30)},
		}
		for _, p := range pairs {
			ra, rb := p[0], p[1]
			ra.Facing, rb.Facing = math.Mod(ra.Facing, 360), math.Mod(rb.Facing, 360)
			if got, want := Distance(p[0], p[1]), refDistanceRR(ra, rb); !nearRef(got, want) {
				t.Errorf("x=%v: Distance %v, reference %v", x, got, want)
			}
			got, want := Measure(p[0], p[1]), refMeasureRR(ra, rb)
			if !nearRef(got.Dist, want.Dist) || !nearRefVec(got.FromPt, want.FromPt) || !nearRefVec(got.ToPt, want.ToPt) {
				t.Errorf("x=%v: Measure %+v, reference %+v", x, got, want)
			}
		}
	}
}
