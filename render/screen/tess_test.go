package screen

import (
	"math"
	"testing"
)

func triArea(xs, ys []float32, t []uint32) float64 {
	s := 0.0
	for i := 0; i+2 < len(t); i += 3 {
		a, b, c := t[i], t[i+1], t[i+2]
		s += math.Abs(float64((xs[b]-xs[a])*(ys[c]-ys[a])-(ys[b]-ys[a])*(xs[c]-xs[a]))) / 2
	}
	return s
}

// Ear clipping covers a concave polygon exactly (the triangles' areas sum
// to the polygon's area), in both windings.
func TestEarClipConcave(t *testing.T) {
	xs := []float32{0, 20, 20, 10, 0}
	ys := []float32{0, 0, 20, 8, 20}
	want := 20*20 - 20*12/2.0
	for _, rev := range []bool{false, true} {
		x, y := append([]float32(nil), xs...), append([]float32(nil), ys...)
		if rev {
			for i, j := 0, len(x)-1; i < j; i, j = i+1, j-1 {
				x[i], x[j] = x[j], x[i]
				y[i], y[j] = y[j], y[i]
			}
		}
		tris := earClip(x, y, nil)
		if len(tris) != 3*3 {
			t.Fatalf("reversed %v: %d indices, want 9", rev, len(tris))
		}
		if got := triArea(x, y, tris); math.Abs(got-want) > 1e-3 {
			t.Fatalf("reversed %v: area %v, want %v", rev, got, want)
		}
	}
}

// polyArea is the unsigned shoelace area.
func polyArea(xs, ys []float32) float64 {
	s := 0.0
	for i := range xs {
		j := (i + 1) % len(xs)
		s += float64(xs[i])*float64(ys[j]) - float64(xs[j])*float64(ys[i])
	}
	return math.Abs(s) / 2
}

// The faster ear clipping (only reflex vertices tested, collinear ones left
// out, the search resumed where the last ear was cut) still covers
// concave outlines exactly: random star polygons with deep notches and a
// 1,000-point circle on whole units (issue 8's huge woods, whose rounding
// leaves many collinear and reflex points) tile their area with no
// overlap, in both windings.
func TestEarClipStarsAndRoundedCircle(t *testing.T) {
	var shapes [][2][]float32
	seed := uint32(7)
	rnd := func() float32 { seed = seed*1664525 + 1013904223; return float32(seed>>8) / (1 << 24) }
	for s := 0; s < 30; s++ {
		n := 5 + s*7
		xs, ys := make([]float32, n), make([]float32, n)
		for i := range xs {
			a := 2 * math.Pi * float64(i) / float64(n)
			r := 20 + 80*rnd()
			xs[i], ys[i] = float32(float64(r)*math.Cos(a)), float32(float64(r)*math.Sin(a))
		}
		shapes = append(shapes, [2][]float32{xs, ys})
	}
	xs, ys := make([]float32, 1000), make([]float32, 1000)
	for i := range xs {
		a := 2 * math.Pi * float64(i) / 1000
		xs[i], ys[i] = float32(math.Round(300*math.Cos(a))), float32(math.Round(300*math.Sin(a)))
	}
	shapes = append(shapes, [2][]float32{xs, ys})
	for k, sh := range shapes {
		for _, rev := range []bool{false, true} {
			x, y := append([]float32(nil), sh[0]...), append([]float32(nil), sh[1]...)
			if rev {
				for i, j := 0, len(x)-1; i < j; i, j = i+1, j-1 {
					x[i], x[j] = x[j], x[i]
					y[i], y[j] = y[j], y[i]
				}
			}
			want := polyArea(x, y)
			tris := earClip(x, y, nil)
			if got := triArea(x, y, tris); math.Abs(got-want) > 1e-4*want {
				t.Fatalf("shape %d reversed %v: triangles cover %v, polygon area %v", k, rev, got, want)
			}
		}
	}
}
