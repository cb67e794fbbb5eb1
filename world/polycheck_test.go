package world

import (
	"math"
	"math/rand/v2"
	"testing"
)

// bruteCrossing is the all-pairs check firstCrossing replaced.
func bruteCrossing(poly []Vec) (int, int, bool) {
	n := len(poly)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if j == i+1 || (i == 0 && j == n-1) {
				continue
			}
			if segmentsIntersect(poly[i], poly[(i+1)%n], poly[j], poly[(j+1)%n]) {
				return i, j, true
			}
		}
	}
	return 0, 0, false
}

// TestFirstCrossingMatchesAllPairs: the sweep must find exactly the pair
// the all-pairs check found, on random polygons (many self-intersecting,
// many with collinear and touching edges on a coarse grid).
func TestFirstCrossingMatchesAllPairs(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	crossed := 0
	for trial := 0; trial < 20000; trial++ {
		n := 3 + r.IntN(12)
		poly := make([]Vec, n)
		for i := range poly {
			if trial%2 == 0 {
				poly[i] = Vec{X: float64(r.IntN(6)), Y: float64(r.IntN(6))}
			} else {
				poly[i] = Vec{X: r.Float64() * 100, Y: r.Float64() * 100}
			}
		}
		bi, bj, bok := bruteCrossing(poly)
		si, sj, sok := firstCrossing(poly)
		if bok != sok || (bok && (bi != si || bj != sj)) {
			t.Fatalf("%v: sweep (%d,%d,%v), all pairs (%d,%d,%v)", poly, si, sj, sok, bi, bj, bok)
		}
		if bok {
			crossed++
		}
	}
	if crossed < 1000 {
		t.Fatalf("only %d self-intersecting polygons generated", crossed)
	}
}

// BenchmarkValidatePolygon1000 checks a MaxPolygonPoints-sized polygon
// (issue 8 item 6: the all-pairs check made this quadratic).
func BenchmarkValidatePolygon1000(b *testing.B) {
	poly := make([]Vec, 1000)
	for k := range poly {
		a := 2 * math.Pi * float64(k) / 1000
		poly[k] = Vec{X: 700 + 600*math.Cos(a), Y: 700 + 600*math.Sin(a)}
	}
	for b.Loop() {
		if err := ValidatePolygon(poly); err != nil {
			b.Fatal(err)
		}
	}
}
