package world

import (
	"fmt"
	"math"
	"testing"
)

// crossedIDs renders crossings as "A[2.0-5.0] B[...]": feature ID and the
// entry and exit distances along the segment in cm.
func crossedIDs(w *World, a, b Vec, cs []Crossing) string {
	l := a.Dist(b)
	s := ""
	for i, c := range cs {
		if i > 0 {
			s += " "
		}
		s += fmt.Sprintf("%s[%.1f-%.1f]", w.Features[c.Feature].ID, c.TIn*l, c.TOut*l)
	}
	return s
}

func TestTraceASCII(t *testing.T) {
	w, p := asciiMap(t, `
		..................
		.a...AAA...BB...b.
		.....AAA...BB.....
		.c...AAA....d.....
		.........e..CCC...
		............CCC.f.
		..g...............
	`, nil)
	tests := []struct {
		from, to rune
		want     string
	}{
		{'a', 'b', "A[3.5-6.5] B[9.5-11.5]"},
		{'b', 'a', "B[3.5-5.5] A[8.5-11.5]"},
		{'c', 'd', "A[3.5-6.5]"},
		{'a', 'c', ""}, // beside A
		{'e', 'f', "C[2.5-5.6]"},
		{'d', 'a', "A[4.6-7.6]"},
		{'g', 'g', ""}, // zero length
	}
	for _, tc := range tests {
		a, b := p[tc.from], p[tc.to]
		got := crossedIDs(w, a, b, w.Trace(a, b, nil))
		if got != tc.want {
			t.Errorf("%c->%c: got %q, want %q", tc.from, tc.to, got, tc.want)
		}
		if tc.from != tc.to {
			if oracle := geomExpect(w, a, b); got != oracle {
				t.Errorf("%c->%c: got %q, slab oracle %q", tc.from, tc.to, got, oracle)
			}
		}
	}
}

// geomExpect computes crossings of axis-aligned rectangle features by slab
// clipping: an independent oracle for rectangles.
func geomExpect(w *World, a, b Vec) string {
	var cs []Crossing
	for i, f := range w.Features {
		x0, y0, x1, y1 := f.Poly[0].X, f.Poly[0].Y, f.Poly[2].X, f.Poly[2].Y
		s, ok := clipSlabs(a.X, b.X-a.X, x0, x1, a.Y, b.Y-a.Y, y0, y1)
		if ok && (s.t1-s.t0)*a.Dist(b) > Eps {
			// Skip stretches along an edge: the middle must be strictly inside.
			m := a.Lerp(b, (s.t0+s.t1)/2)
			if m.X-x0 > Eps && x1-m.X > Eps && m.Y-y0 > Eps && y1-m.Y > Eps {
				cs = append(cs, Crossing{Feature: i, TIn: s.t0, TOut: s.t1})
			}
		}
	}
	sortCrossings(cs)
	return crossedIDs(w, a, b, cs)
}

func TestTraceExactBoundaries(t *testing.T) {
	sq := []Vec{{10, 10}, {20, 10}, {20, 20}, {10, 20}}
	w, err := New(Table{W: 40, H: 40}, []Feature{{ID: "S", Kind: Woods, Poly: sq}})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		a, b     Vec
		n        int
		tin, out float64 // cm along the segment
	}{
		{"through the middle", Vec{0, 15}, Vec{30, 15}, 1, 10, 20},
		{"along the top edge", Vec{0, 10}, Vec{30, 10}, 0, 0, 0},
		{"along the top edge reversed", Vec{30, 10}, Vec{0, 10}, 0, 0, 0},
		{"along the left edge", Vec{10, 0}, Vec{10, 30}, 0, 0, 0},
		{"touching a corner", Vec{0, 20}, Vec{20, 0}, 0, 0, 0}, // x+y=20 touches (10,10)
		{"through a corner diagonally", Vec{0, 0}, Vec{30, 30}, 1, math.Sqrt2 * 10, math.Sqrt2 * 20},
		{"ends on the edge", Vec{0, 15}, Vec{10, 15}, 0, 0, 0},
		{"starts on the edge going in", Vec{10, 15}, Vec{15, 15}, 1, 0, 5},
		{"starts on the edge going out", Vec{10, 15}, Vec{0, 15}, 0, 0, 0},
		{"starts inside", Vec{15, 15}, Vec{30, 15}, 1, 0, 5},
		{"ends inside", Vec{0, 15}, Vec{12, 15}, 1, 10, 12},
		{"wholly inside", Vec{11, 11}, Vec{19, 19}, 1, 0, math.Sqrt2 * 8},
		{"just inside the top edge", Vec{0, 10 + 2e-6}, Vec{30, 10 + 2e-6}, 1, 10, 20},
		{"within Eps of the top edge", Vec{0, 10 + 1e-7}, Vec{30, 10 + 1e-7}, 0, 0, 0},
		{"clips the corner by less than Eps", Vec{0, 10.0000005}, Vec{10.0000005, 0}, 0, 0, 0},
		{"misses", Vec{0, 30}, Vec{30, 30}, 0, 0, 0},
		{"off the table into it", Vec{-50, 15}, Vec{15, 15}, 1, 60, 65},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cs := w.Trace(tc.a, tc.b, nil)
			if len(cs) != tc.n {
				t.Fatalf("got %d crossings %v, want %d", len(cs), cs, tc.n)
			}
			if tc.n == 1 {
				l := tc.a.Dist(tc.b)
				if !near(cs[0].TIn*l, tc.tin, 1e-9) || !near(cs[0].TOut*l, tc.out, 1e-9) {
					t.Errorf("crossing %.9f-%.9f cm, want %.9f-%.9f", cs[0].TIn*l, cs[0].TOut*l, tc.tin, tc.out)
				}
			}
		})
	}
}

// An L-shaped (concave) feature: a line along the inner edge that then
// runs through the interior counts only the interior part.
func TestTraceConcaveAlongEdge(t *testing.T) {
	l := []Vec{{0, 0}, {20, 0}, {20, 10}, {10, 10}, {10, 20}, {0, 20}}
	w, err := New(Table{W: 40, H: 40}, []Feature{{ID: "L", Kind: Ruins, Poly: l}})
	if err != nil {
		t.Fatal(err)
	}
	// y = 10 from x = 30 to x = -5: along the edge (10..20), inside (0..10).
	a, b := Vec{30, 10}, Vec{-5, 10}
	cs := w.Trace(a, b, nil)
	if len(cs) != 1 {
		t.Fatalf("got %v", cs)
	}
	if got := cs[0].Len(a.Dist(b)); !near(got, 10, 1e-9) {
		t.Errorf("inside %.9f cm, want 10", got)
	}
	// Across the notch: in through the tall arm, out across the gap, in
	// again through the wide arm.
	a, b = Vec{5, 25}, Vec{25, 5} // x + y = 30 touches the L only at (10,20) and (20,10)
	if cs := w.Trace(a, b, nil); len(cs) != 0 {
		t.Errorf("x+y=30 passes outside the L: %v", cs)
	}
	a, b = Vec{-5, 20}, Vec{20, -5} // x + y = 15: inside from (0,15) to (15,0)
	if cs := w.Trace(a, b, nil); len(cs) != 1 || !near(cs[0].Len(a.Dist(b)), 15*math.Sqrt2, 1e-9) {
		t.Errorf("x+y=15: %v", cs)
	}
	a, b = Vec{-5, 30}, Vec{30, -5} // x + y = 25: tall arm (5,20)-(10,15), notch, wide arm (15,10)-(20,5)
	if cs := w.Trace(a, b, nil); len(cs) != 2 || !near(cs[0].Len(a.Dist(b)), 5*math.Sqrt2, 1e-9) || !near(cs[1].Len(a.Dist(b)), 5*math.Sqrt2, 1e-9) {
		t.Errorf("x+y=25: %v", cs)
	}
	cs = w.Trace(Vec{2, 30}, Vec{2, -5}, nil) // x = 2 straight up through the tall arm
	if len(cs) != 1 || !near(cs[0].Len(35), 20, 1e-9) {
		t.Errorf("x=2: %v", cs)
	}
	cs = w.Trace(Vec{-5, 15}, Vec{30, 5}, nil)
	total := 0.0
	for _, c := range cs {
		total += c.Len(math.Hypot(35, 10))
	}
	if total <= 0 {
		t.Errorf("expected to cross L, got %v", cs)
	}
}

// The fast trace agrees with the slow reference path and with a trace over
// every feature without the index, on random sight lines over random
// star-shaped terrain.
func TestTraceMatchesReference(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		w := randomWorld(t, seed, 30)
		segs := randSegs(400, seed*7919)
		segs = append(segs, losSegs(400, seed*104729)...)
		// Lines through polygon vertices, the awkward case.
		for i, g := range w.idx.geo {
			segs = append(segs, [2]Vec{g.pts[0].Add(Vec{-20, -7}), g.pts[0].Add(Vec{20, 7})})
			segs = append(segs, [2]Vec{g.pts[1], w.idx.geo[(i+1)%len(w.idx.geo)].pts[2]})
		}
		for _, s := range segs {
			a, b := s[0], s[1]
			got := perFeature(w.Trace(a, b, nil), a.Dist(b))
			d := b.Sub(a)
			tr := tracer{a: a, b: b, d: d, l2: d.Dot(d), l: d.Len()}
			if tr.l2 == 0 {
				continue
			}
			ref := map[int]float64{}
			brute := map[int]float64{}
			var all []Crossing
			for f := range w.idx.geo {
				for _, c := range tr.slowFeature(&w.idx.geo[f], f, nil) {
					ref[f] += c.Len(tr.l)
				}
				for _, c := range tr.feature(&w.idx.geo[f], f, nil) {
					brute[f] += c.Len(tr.l)
					all = append(all, c)
				}
			}
			// The index and Trace's own copy of the usual case change
			// nothing: the same crossings, bit for bit.
			sortCrossings(all)
			if fmt.Sprint(w.Trace(a, b, nil)) != fmt.Sprint(all) {
				t.Fatalf("seed %d, %v->%v: trace %v, every feature %v", seed, a, b, w.Trace(a, b, nil), all)
			}
			for f := range w.idx.geo {
				if !near(got[f], ref[f], 1e-6) || !near(got[f], brute[f], 1e-9) {
					t.Fatalf("seed %d, %v->%v, feature %d: trace %.9f, reference %.9f, unindexed %.9f",
						seed, a, b, f, got[f], ref[f], brute[f])
				}
			}
		}
	}
}

func perFeature(cs []Crossing, l float64) map[int]float64 {
	m := map[int]float64{}
	for _, c := range cs {
		m[c.Feature] += c.Len(l)
	}
	return m
}

func randomWorld(tb testing.TB, seed uint64, n int) *World {
	tb.Helper()
	r := rng(seed*0x9e3779b97f4a7c15 + 1)
	var fs []Feature
	for i := 0; i < n; i++ {
		c := Vec{r.float(0, 180), r.float(0, 120)}
		fs = append(fs, Feature{ID: fmt.Sprint(i), Kind: Woods, Poly: starPoly(&r, c, 3+int(r.next()%12), 1, 15)})
	}
	// One big wiggly feature with many points (the long path).
	fs = append(fs, Feature{ID: "big", Kind: Hill, Poly: starPoly(&r, Vec{90, 60}, 40, 20, 50)})
	w, err := New(Table{W: 180, H: 120}, fs)
	if err != nil {
		tb.Fatal(err)
	}
	return w
}

func TestTraceDoesNotAllocate(t *testing.T) {
	w := benchWorld(t)
	segs := losSegs(64, 3)
	buf := make([]Crossing, 0, 64)
	allocs := testing.AllocsPerRun(100, func() {
		for _, s := range segs {
			buf = w.Trace(s[0], s[1], buf)
		}
	})
	if allocs != 0 {
		t.Errorf("Trace allocates %.1f times per run", allocs)
	}
}

func TestFeaturesAt(t *testing.T) {
	w, p := asciiMap(t, `
		.AAAA.....
		.AAAA.....
		.AAXXBBB..
		..a.XXBb..
		..........
	`, nil)
	a, x, b := featureIndex(t, w, "A"), featureIndex(t, w, "X"), featureIndex(t, w, "B")
	got := w.FeaturesAt(Vec{4.5, 2.5}, nil)
	if fmt.Sprint(got) != fmt.Sprint([]int{a, x}) {
		t.Errorf("at (4.5,2.5): %v, want [%d %d]", got, a, x)
	}
	if got := w.FeaturesAt(p['a'], nil); len(got) != 0 {
		t.Errorf("at a: %v", got)
	}
	if got := w.FeaturesAt(p['b'], nil); fmt.Sprint(got) != fmt.Sprint([]int{b}) {
		t.Errorf("at b: %v", got)
	}
	if got := w.FeaturesAt(Vec{1, 1}, nil); len(got) != 0 { // on A's edge
		t.Errorf("on the edge: %v", got)
	}
}

// Positions that are not finite numbers (a data file can spell them) give
// an answer, never a panic: a trace crosses nothing, and LOS, distance and
// look-ups return whatever their arithmetic gives.
func TestNonFiniteInputsDoNotPanic(t *testing.T) {
	w := benchWorld(t)
	bad := []float64{math.NaN(), math.Inf(1), math.Inf(-1), 1e300}
	for _, x := range bad {
		for _, s := range [][2]Vec{{{x, 1}, {5, 5}}, {{1, 1}, {x, 5}}, {{1, x}, {-x, 5}}} {
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("%v: panic %v", s, r)
					}
				}()
				if cs := w.Trace(s[0], s[1], nil); len(cs) != 0 && (s[0] != s[0] || s[1] != s[1]) {
					t.Errorf("%v: crossings %v", s, cs)
				}
				a, b := circle(s[0].X, s[0].Y, 2), circle(s[1].X, s[1].Y, 2)
				w.LOS(a, b, atiiTerrain, LOSOptions{})
				b.Foot = Footprint{Shape: Rect, W: 2, H: 3}
				w.LOS(a, b, atiiTerrain, LOSOptions{FromFootprint: true})
				Distance(a, b)
				Measure(b, a)
				w.FeaturesAt(s[0], nil)
			}()
		}
	}
}
