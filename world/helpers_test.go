package world

import (
	"math"
	"testing"
)

// rng is a tiny deterministic generator for tests and benchmarks (the world
// package keeps away from math/rand entirely).
type rng uint64

func (r *rng) next() uint64 {
	x := uint64(*r)
	x ^= x << 13
	x ^= x >> 7
	x ^= x << 17
	*r = rng(x)
	return x
}

// float returns a number in [lo, hi).
func (r *rng) float(lo, hi float64) float64 {
	return lo + (hi-lo)*float64(r.next()>>11)/(1<<53)
}

// starPoly is a simple star-shaped polygon: n points at sorted angles around
// c with radii in [rmin, rmax].
func starPoly(r *rng, c Vec, n int, rmin, rmax float64) []Vec {
	pts := make([]Vec, n)
	for i := range pts {
		a := (float64(i) + r.float(0.1, 0.9)) * 360 / float64(n)
		pts[i] = c.Add(Heading(a).Scale(r.float(rmin, rmax)))
	}
	return pts
}

// rectPoly is a w x h rectangle centred on c, turned by deg.
func rectPoly(c Vec, w, h, deg float64) []Vec {
	b := Base{Pos: c, Facing: deg, Foot: Footprint{Shape: Rect, W: w, H: h}}
	return b.Corners()
}

// benchWorld is the benchmark table from the issue: 180 x 120 cm with 40
// terrain features, mixed like a typical Epic table (about a fifth of it
// covered): 14 buildings (rotated rectangles 3-8 cm), 10 woods (8-point
// blobs 10-20 cm across), 8 ruins (5-6 points, 6-12 cm), 4 hills (10
// points, 16-28 cm), 2 marshes (8 points, 12-20 cm) and 2 fortification
// lines (15 x 2 cm).
func benchWorld(tb testing.TB) *World {
	tb.Helper()
	r := rng(0x9e3779b97f4a7c15)
	var fs []Feature
	add := func(k Kind, poly []Vec) {
		fs = append(fs, Feature{ID: string(k) + "-" + string(rune('a'+len(fs))), Kind: k, Poly: poly})
	}
	at := func() Vec { return Vec{r.float(10, 170), r.float(10, 110)} }
	for i := 0; i < 14; i++ {
		add(Buildings, rectPoly(at(), r.float(3, 8), r.float(3, 8), r.float(0, 90)))
	}
	for i := 0; i < 10; i++ {
		add(Woods, starPoly(&r, at(), 8, 5, 10))
	}
	for i := 0; i < 8; i++ {
		add(Ruins, starPoly(&r, at(), 5+i%2, 3, 6))
	}
	for i := 0; i < 4; i++ {
		add(Hill, starPoly(&r, at(), 10, 8, 14))
	}
	for i := 0; i < 2; i++ {
		add(Marsh, starPoly(&r, at(), 8, 6, 10))
	}
	for i := 0; i < 2; i++ {
		add(Fortification, rectPoly(at(), 15, 2, r.float(0, 180)))
	}
	w, err := New(Table{W: 180, H: 120}, fs)
	if err != nil {
		tb.Fatal(err)
	}
	return w
}

// losSegs returns n sight lines as a game asks for them: from a random
// point on the table, in a random direction, 5 to 90 cm long (the longest
// weapon range in the supported systems), cut at the table edge.
func losSegs(n int, seed uint64) [][2]Vec {
	r := rng(seed)
	out := make([][2]Vec, n)
	t := Table{W: 180, H: 120}
	for i := range out {
		a := Vec{r.float(0, 180), r.float(0, 120)}
		b := a.Add(Heading(r.float(0, 360)).Scale(r.float(5, 90)))
		b.X, b.Y = clamp(b.X, 0, t.W), clamp(b.Y, 0, t.H)
		out[i] = [2]Vec{a, b}
	}
	return out
}

// randSegs returns n random segments between points on the table.
func randSegs(n int, seed uint64) [][2]Vec {
	r := rng(seed)
	out := make([][2]Vec, n)
	for i := range out {
		out[i] = [2]Vec{{r.float(0, 180), r.float(0, 120)}, {r.float(0, 180), r.float(0, 120)}}
	}
	return out
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// asciiMap builds a world from a picture: every character is a 1 x 1 cm
// square of table, row 0 at the top. An upper-case letter marks a terrain
// feature: the feature is the rectangle covering every square with that
// letter (ID and name are the letter; its kind comes from kinds, woods by
// default). A lower-case letter or a digit marks a point at the centre of
// its square, returned in pts. Other characters are open ground.
func asciiMap(tb testing.TB, pic string, kinds map[rune]Kind) (*World, map[rune]Vec) {
	tb.Helper()
	var rows []string
	for _, l := range splitLines(pic) {
		if l != "" {
			rows = append(rows, l)
		}
	}
	type box struct{ x0, y0, x1, y1 int }
	boxes := map[rune]*box{}
	var order []rune
	pts := map[rune]Vec{}
	wdt := 0
	for y, row := range rows {
		wdt = max(wdt, len(row))
		for x, ch := range row {
			switch {
			case ch >= 'A' && ch <= 'Z':
				b := boxes[ch]
				if b == nil {
					b = &box{x, y, x, y}
					boxes[ch] = b
					order = append(order, ch)
				}
				b.x0, b.y0 = min(b.x0, x), min(b.y0, y)
				b.x1, b.y1 = max(b.x1, x), max(b.y1, y)
			case ch >= 'a' && ch <= 'z' || ch >= '0' && ch <= '9':
				pts[ch] = Vec{float64(x) + 0.5, float64(y) + 0.5}
			}
		}
	}
	var fs []Feature
	for _, ch := range order {
		b := boxes[ch]
		k, ok := kinds[ch]
		if !ok {
			k = Woods
		}
		x0, y0, x1, y1 := float64(b.x0), float64(b.y0), float64(b.x1+1), float64(b.y1+1)
		fs = append(fs, Feature{ID: string(ch), Name: string(ch), Kind: k,
			Poly: []Vec{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}})
	}
	w, err := New(Table{W: float64(wdt), H: float64(len(rows))}, fs)
	if err != nil {
		tb.Fatal(err)
	}
	return w, pts
}

func splitLines(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			out = append(out, trimSpaceRight(s[start:i]))
			start = i + 1
		}
	}
	return append(out, trimSpaceRight(s[start:]))
}

func trimSpaceRight(s string) string {
	// Leading tabs from raw strings in indented code are not part of the map.
	for len(s) > 0 && s[0] == '\t' {
		s = s[1:]
	}
	for len(s) > 0 && (s[len(s)-1] == ' ' || s[len(s)-1] == '\t' || s[len(s)-1] == '\r') {
		s = s[:len(s)-1]
	}
	return s
}

// featureIndex finds a feature by ID.
func featureIndex(tb testing.TB, w *World, id string) int {
	tb.Helper()
	for i, f := range w.Features {
		if f.ID == id {
			return i
		}
	}
	tb.Fatalf("no feature %q", id)
	return -1
}
