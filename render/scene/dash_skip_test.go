package scene

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/auspex/auspex/world"
)

// With every gap bridged the walk skips whole cycles of the pattern; it
// must yield the same stretches (to rounding) as walking the same bridged
// pattern dash by dash, for patterns of odd and even length, open and
// closed lines (a long line of the woods' dot pattern is the case that
// made huge scenes slow).
func TestDashWalkSkipsBridgedCycles(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	collect := func(w *DashWalk) [][2]world.Vec {
		var out [][2]world.Vec
		for a, b, ok := w.Next(); ok; a, b, ok = w.Next() {
			out = append(out, [2]world.Vec{a, b})
		}
		return out
	}
	skipped := 0
	for trial := 0; trial < 300; trial++ {
		n := 2 + rng.IntN(4)
		pts := make([]world.Vec, n)
		for i := range pts {
			pts[i] = world.Vec{X: rng.Float64() * 400, Y: rng.Float64() * 400}
		}
		dash := [][]float64{{0.012, 1.188}, {0.5, 0.3, 0.2}, {1, 0.4, 0.2, 0.4}}[trial%3]
		closed := trial%2 == 0
		var fast, slow DashWalk
		fast.Reset(pts, closed, dash, 1.25)
		slow.Reset(pts, closed, dash, 1.25)
		if fast.cycle > 0 {
			skipped++
		}
		slow.cycle = 0
		got, want := collect(&fast), collect(&slow)
		if len(got) != len(want) {
			t.Fatalf("trial %d: %d stretches with skipping, %d without", trial, len(got), len(want))
		}
		for i := range got {
			for k := 0; k < 2; k++ {
				if d := got[i][k].Dist(want[i][k]); d > 1e-6 || math.IsNaN(d) {
					t.Fatalf("trial %d: stretch %d = %v, without skipping %v", trial, i, got[i], want[i])
				}
			}
		}
	}
	if skipped != 300 {
		t.Fatalf("only %d of 300 walks could skip cycles", skipped)
	}
}
