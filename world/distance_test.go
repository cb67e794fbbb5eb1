package world

import (
	"math"
	"testing"
)

func circle(x, y, r float64) Base {
	return Base{Pos: Vec{x, y}, Foot: Footprint{Shape: Circle, Radius: r}}
}

func rect(x, y, w, h, facing float64) Base {
	return Base{Pos: Vec{x, y}, Facing: facing, Foot: Footprint{Shape: Rect, W: w, H: h}}
}

func TestDistance(t *testing.T) {
	s2 := math.Sqrt2
	tests := []struct {
		name string
		a, b Base
		want float64
	}{
		{"circles apart", circle(0, 0, 1), circle(10, 0, 2), 7},
		{"circles touching", circle(0, 0, 1), circle(3, 0, 2), 0},
		{"circles overlapping", circle(0, 0, 3), circle(1, 1, 3), 0},
		{"circles concentric", circle(5, 5, 1), circle(5, 5, 3), 0},
		{"circles diagonal", circle(0, 0, 1), circle(3, 4, 1), 3},
		{"circle to rect side", circle(0, 0, 1), rect(10, 0, 4, 2, 0), 7},     // rect spans x 8..12
		{"circle to rect end", circle(10, -10, 1), rect(10, 0, 4, 2, 0), 8},   // rect y -1..1
		{"circle to rect corner", circle(15, 5, 1), rect(10, 0, 4, 2, 0), 4},  // corner (12,1): 3-4-5
		{"circle to rotated rect", circle(0, 0, 1), rect(10, 0, 4, 2, 90), 8}, // turned: x 9..11
		{"circle to 45 rect corner", circle(0, 0, 1), rect(10, 0, 2, 2, 45), 10 - s2 - 1},
		{"circle in rect", circle(10, 0, 0.5), rect(10, 0, 4, 2, 30), 0},
		{"rects side by side", rect(0, 0, 2, 2, 0), rect(5, 0, 2, 2, 0), 3},
		{"rects touching", rect(0, 0, 2, 2, 0), rect(2, 0, 2, 2, 0), 0},
		{"rects overlapping", rect(0, 0, 2, 2, 0), rect(1, 1, 2, 2, 30), 0},
		{"rects corner to corner", rect(0, 0, 2, 2, 0), rect(4, 4, 2, 2, 0), math.Hypot(2, 2)},
		{"rect corner to rotated face", rect(0, 0, 2, 2, 45), rect(5, 0, 2, 2, 0), 4 - s2},
		{"rects crossed plus sign", rect(0, 0, 10, 1, 0), rect(0, 0, 1, 10, 0), 0},
		{"rect corner into rect face", rect(0, 0, 2, 2, 45), rect(1+s2-0.5, 0, 2, 2, 0), 0},
		{"rect corner touching rect face", rect(0, 0, 2, 2, 45), rect(1+s2, 0, 2, 2, 0), 0},
		{"rect corner near rect face", rect(0, 0, 2, 2, 45), rect(1+s2+0.25, 0, 2, 2, 0), 0.25},
		{"points", circle(0, 0, 0), circle(3, 4, 0), 5},
		{"point to rect", circle(0, 5, 0), rect(0, 0, 4, 2, 0), 4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, sw := range []bool{false, true} {
				a, b := tc.a, tc.b
				if sw {
					a, b = b, a
				}
				got := Distance(a, b)
				if !near(got, tc.want, 1e-9) {
					t.Errorf("Distance(swapped=%v) = %.12f, want %.12f", sw, got, tc.want)
				}
				m := Measure(a, b)
				if !near(m.Dist, tc.want, 1e-9) {
					t.Errorf("Measure.Dist = %.12f, want %.12f", m.Dist, tc.want)
				}
				checkMeasure(t, a, b, m)
				if got := InContact(a, b); got != (tc.want <= Eps) {
					t.Errorf("InContact = %v", got)
				}
			}
		})
	}
}

// checkMeasure: the ruler ends lie on (in) their footprints and are Dist apart.
func checkMeasure(t *testing.T, a, b Base, m Measurement) {
	t.Helper()
	if d := a.PointDistance(m.FromPt); d > 1e-9 {
		t.Errorf("FromPt %v is %.3g cm outside a", m.FromPt, d)
	}
	if d := b.PointDistance(m.ToPt); d > 1e-9 {
		t.Errorf("ToPt %v is %.3g cm outside b", m.ToPt, d)
	}
	if d := m.FromPt.Dist(m.ToPt); !near(d, m.Dist, 1e-9) {
		t.Errorf("ruler is %.12f long, Dist %.12f", d, m.Dist)
	}
}

func TestOverlap(t *testing.T) {
	tests := []struct {
		name string
		a, b Base
		want bool
	}{
		{"circles in contact", circle(0, 0, 1), circle(3, 0, 2), false},
		{"circles overlap by 1e-3", circle(0, 0, 1), circle(2.999, 0, 2), true},
		{"circles overlap by half Eps", circle(0, 0, 1), circle(3-Eps/2, 0, 2), false},
		{"rects in contact", rect(0, 0, 2, 2, 0), rect(2, 0, 2, 2, 0), false},
		{"rects overlap", rect(0, 0, 2, 2, 0), rect(1.9, 0, 2, 2, 0), true},
		{"rect and circle in contact", rect(0, 0, 2, 2, 0), circle(2, 0, 1), false},
		{"circle inside rect", rect(0, 0, 4, 4, 10), circle(0, 0, 1), true},
		{"apart", rect(0, 0, 2, 2, 0), circle(5, 5, 1), false},
	}
	for _, tc := range tests {
		if got := Overlap(tc.a, tc.b); got != tc.want {
			t.Errorf("%s: Overlap = %v, want %v", tc.name, got, tc.want)
		}
		if got := Overlap(tc.b, tc.a); got != tc.want {
			t.Errorf("%s swapped: Overlap = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestMeasurePoint(t *testing.T) {
	b := rect(10, 10, 4, 2, 90) // turned: x 9..11, y 8..12
	m := MeasurePoint(b, Vec{20, 10})
	if !near(m.Dist, 9, 1e-9) || m.FromPt.Dist(Vec{11, 10}) > 1e-9 || m.ToPt != (Vec{20, 10}) {
		t.Errorf("got %+v", m)
	}
	if d := b.PointDistance(Vec{20, 10}); !near(d, m.Dist, 1e-12) {
		t.Errorf("PointDistance %v != Measure %v", d, m.Dist)
	}
}

// randBase draws a circle or rotated rectangle base.
func randBase(r *rng) Base {
	p := Vec{r.float(0, 40), r.float(0, 40)}
	if r.next()%2 == 0 {
		return Base{Pos: p, Foot: Footprint{Shape: Circle, Radius: r.float(0.2, 6)}}
	}
	return Base{Pos: p, Facing: r.float(0, 360), Foot: Footprint{Shape: Rect, W: r.float(0.2, 10), H: r.float(0.2, 10)}}
}

// Property: Distance is symmetric, never negative, 0 exactly when sampled
// points of the footprints meet, never more than any sampled point pair,
// and close to the best sampled pair; Measure agrees.
func TestDistanceProperties(t *testing.T) {
	r := rng(42)
	for i := 0; i < 3000; i++ {
		a, b := randBase(&r), randBase(&r)
		d := Distance(a, b)
		if d < 0 || !near(d, Distance(b, a), 1e-9) {
			t.Fatalf("%+v %+v: d=%v, swapped %v", a, b, d, Distance(b, a))
		}
		m := Measure(a, b)
		if !near(m.Dist, d, 1e-9) {
			t.Fatalf("Measure %v != Distance %v", m.Dist, d)
		}
		checkMeasure(t, a, b, m)
		// Sample both outlines: no pair may be closer than d, and the
		// closest pair found approaches d.
		best := math.Inf(1)
		pa, pb := outline(a, 720), outline(b, 720)
		for _, p := range pa {
			best = min(best, b.PointDistance(p))
		}
		for _, p := range pb {
			best = min(best, a.PointDistance(p))
		}
		if best < d-1e-9 {
			t.Fatalf("%+v %+v: sampled points %.9f apart, Distance %.9f", a, b, best, d)
		}
		if d > 0 && best > d+0.05 {
			t.Fatalf("%+v %+v: Distance %.9f but nearest sampled %.9f", a, b, d, best)
		}
		// Triangle sanity through a third base: d(a,c) <= d(a,b) + size(b) + d(b,c).
		c := randBase(&r)
		if Distance(a, c) > Distance(a, b)+2*b.Foot.BoundRadius()+Distance(b, c)+1e-9 {
			t.Fatalf("triangle sanity fails for %+v %+v %+v", a, b, c)
		}
	}
}

// outline samples n points around a footprint's edge.
func outline(b Base, n int) []Vec {
	out := make([]Vec, 0, n)
	if b.Foot.Shape == Circle {
		for i := 0; i < n; i++ {
			out = append(out, b.Pos.Add(Heading(float64(i)*360/float64(n)).Scale(b.Foot.Radius)))
		}
		return out
	}
	cs := b.Corners()
	for i := 0; i < n; i++ {
		s := float64(i) * 4 / float64(n)
		k := int(s)
		out = append(out, cs[k].Lerp(cs[(k+1)%4], s-float64(k)))
	}
	return out
}

func FuzzDistanceSymmetry(f *testing.F) {
	f.Add(0.0, 0.0, 1.0, 0.0, 5.0, 3.0, 2.0, 1.0, 30.0, false, true)
	f.Add(1.0, 2.0, 3.0, 45.0, 2.0, 2.0, 3.0, 3.0, 0.0, true, true)
	f.Fuzz(func(t *testing.T, ax, ay, as, af, bx, by, bs, bt, bf float64, ar, br bool) {
		mk := func(x, y, s, s2, f float64, isRect bool) (Base, bool) {
			for _, v := range []float64{x, y, s, s2, f} {
				if math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > 1e4 {
					return Base{}, false
				}
			}
			s, s2 = math.Abs(s), math.Abs(s2)
			if isRect {
				return rect(x, y, s, s2, f), true
			}
			return circle(x, y, s), true
		}
		a, ok1 := mk(ax, ay, as, as/2+0.1, af, ar)
		b, ok2 := mk(bx, by, bs, bt, bf, br)
		if !ok1 || !ok2 {
			return
		}
		d1, d2 := Distance(a, b), Distance(b, a)
		if d1 < 0 || math.IsNaN(d1) || math.Abs(d1-d2) > 1e-9*(1+d1) {
			t.Fatalf("Distance not symmetric: %v vs %v", d1, d2)
		}
		if d3 := a.Pos.Dist(b.Pos); d1 > d3+1e-9*(1+d3) {
			t.Fatalf("edge distance %v exceeds centre distance %v", d1, d3)
		}
	})
}

func TestMeasurementString(t *testing.T) {
	if got := Measure(circle(0, 0, 1), circle(13.34, 0, 1)).String(); got != "11.3 cm" {
		t.Errorf("%q", got)
	}
	if got := Measure(circle(0, 0, 1), circle(2, 0, 1)).String(); got != "in contact" {
		t.Errorf("%q", got)
	}
}

func TestSegmentDistance(t *testing.T) {
	a, b := Vec{X: 0, Y: 0}, Vec{X: 10, Y: 0}
	for _, c := range []struct {
		p    Vec
		want float64
	}{
		{Vec{X: 5, Y: 3}, 3},   // beside the middle
		{Vec{X: -3, Y: 4}, 5},  // past an end: to the end
		{Vec{X: 13, Y: -4}, 5}, // past the other
		{Vec{X: 7, Y: 0}, 0},   // on it
	} {
		if got := SegmentDistance(c.p, a, b); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("SegmentDistance(%v) = %v, want %v", c.p, got, c.want)
		}
	}
	if got := SegmentDistance(Vec{X: 3, Y: 4}, a, a); math.Abs(got-5) > 1e-12 {
		t.Errorf("a point segment: %v, want 5", got)
	}
}
