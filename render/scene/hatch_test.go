package scene

import (
	"math"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/auspex/auspex/world"
)

// hatchBrute is hatchSegments as it was: every line tested against every
// edge.
func hatchBrute(poly []world.Vec, deg, spacing float64) []world.Vec {
	s, c := math.Sincos(deg * math.Pi / 180)
	toUV := func(p world.Vec) (float64, float64) { return p.X*c - p.Y*s, p.X*s + p.Y*c }
	fromUV := func(u, v float64) world.Vec { return world.Vec{X: u*c + v*s, Y: -u*s + v*c} }
	n := len(poly)
	us, vs := make([]float64, n), make([]float64, n)
	vmin, vmax := math.Inf(1), math.Inf(-1)
	for i, p := range poly {
		us[i], vs[i] = toUV(p)
		vmin, vmax = math.Min(vmin, vs[i]), math.Max(vmax, vs[i])
	}
	var out []world.Vec
	for k := math.Ceil(vmin/spacing - 0.5); (k+0.5)*spacing < vmax; k++ {
		v := (k + 0.5) * spacing
		var xs []float64
		for i, j := 0, n-1; i < n; j, i = i, i+1 {
			if (vs[i] > v) != (vs[j] > v) {
				t := (v - vs[i]) / (vs[j] - vs[i])
				xs = append(xs, us[i]+t*(us[j]-us[i]))
			}
		}
		sort.Float64s(xs)
		for i := 0; i+1 < len(xs); i += 2 {
			if xs[i+1]-xs[i] > 1e-9 {
				out = append(out, fromUV(xs[i], v), fromUV(xs[i+1], v))
			}
		}
	}
	return out
}

// The sweep over edges sorted by height (issue 8: a thousand lines times a
// thousand edges per huge polygon, every frame) yields exactly the
// segments of the full scan, for random concave polygons on whole units
// (vertices level with a line included) at several angles.
func TestHatchSweepMatchesFullScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 200; trial++ {
		n := 3 + rng.IntN(40)
		poly := make([]world.Vec, n)
		for i := range poly {
			a := 2 * math.Pi * float64(i) / float64(n)
			r := 5 + rng.Float64()*20
			poly[i] = world.Vec{X: math.Round(r * math.Cos(a)), Y: math.Round(r * math.Sin(a))}
		}
		for _, deg := range []float64{0, 45, 90, 120} {
			spacing := []float64{0.5, 1, 1.2}[trial%3]
			got := hatchSegments(poly, deg, spacing, nil)
			want := hatchBrute(poly, deg, spacing)
			if len(got) != len(want) {
				t.Fatalf("trial %d angle %v: %d points, full scan %d", trial, deg, len(got), len(want))
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("trial %d angle %v: point %d = %v, full scan %v", trial, deg, i, got[i], want[i])
				}
			}
		}
	}
}
