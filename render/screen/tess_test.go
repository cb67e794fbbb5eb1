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
