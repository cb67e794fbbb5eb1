package scene_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/world"
)

// walkPairs collects every stretch a DashWalk yields.
func walkPairs(pts []world.Vec, closed bool, dash []float64, bridge float64) [][2]world.Vec {
	var w scene.DashWalk
	w.Reset(pts, closed, dash, bridge)
	var out [][2]world.Vec
	for a, b, ok := w.Next(); ok; a, b, ok = w.Next() {
		out = append(out, [2]world.Vec{a, b})
	}
	return out
}

// Without a bridge the walk yields exactly the consecutive point pairs of
// Dash's pieces, in order, for open and closed lines, plain and dashed,
// including invalid patterns and repeated points (both backends stroke
// those pairs, so the pictures cannot change).
func TestDashWalkMatchesDash(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	patterns := [][]float64{nil, {2, 1}, {0.5, 0.5, 3, 1}, {0.01, 1.19}, {-1, 2}, {0, 0}, {1, 0}, {math.NaN(), 1}}
	for trial := 0; trial < 400; trial++ {
		n := 2 + rng.IntN(8)
		pts := make([]world.Vec, n)
		for i := range pts {
			pts[i] = world.Vec{X: float64(rng.IntN(20)), Y: float64(rng.IntN(20))}
		}
		if rng.IntN(4) == 0 {
			pts[n-1] = pts[0] // a repeated point
		}
		for _, closed := range []bool{false, true} {
			for _, dash := range patterns {
				var want [][2]world.Vec
				for _, piece := range scene.Dash(pts, closed, dash) {
					for i := 0; i+1 < len(piece); i++ {
						want = append(want, [2]world.Vec{piece[i], piece[i+1]})
					}
				}
				got := walkPairs(pts, closed, dash, 0)
				if len(got) != len(want) {
					t.Fatalf("pts %v closed %v dash %v: %d stretches, Dash has %d pairs", pts, closed, dash, len(got), len(want))
				}
				for i := range got {
					if got[i] != want[i] {
						t.Fatalf("pts %v closed %v dash %v: stretch %d = %v, Dash has %v", pts, closed, dash, i, got[i], want[i])
					}
				}
			}
		}
	}
}

// A bridge closes gaps shorter than it but not the trailing gap of a line
// that ends while the pattern is off: 0-10 with dashes 2 on, 1 off gives
// 0-8 in one stretch and then 9-10 (the gap at 8-9 is bridged since the
// line goes on, so 0-10 whole); 0-8.5 ends in the gap at 8-9, so the
// drawing stops at 8 exactly as the exact pattern does.
func TestDashWalkBridgesShortGaps(t *testing.T) {
	line := []world.Vec{{X: 0, Y: 0}, {X: 10, Y: 0}}
	got := walkPairs(line, false, []float64{2, 1}, 1.5)
	if len(got) != 1 || got[0][0] != line[0] || got[0][1] != line[1] {
		t.Fatalf("bridged 0-10: %v, want one stretch 0-10", got)
	}
	short := []world.Vec{{X: 0, Y: 0}, {X: 8.5, Y: 0}}
	got = walkPairs(short, false, []float64{2, 1}, 1.5)
	if len(got) != 1 || got[0][1].X != 8 {
		t.Fatalf("bridged 0-8.5: %v, want one stretch 0-8", got)
	}
	// Gaps as long as the bridge stay.
	if got := walkPairs(line, false, []float64{2, 1}, 1); len(got) != 4 {
		t.Fatalf("bridge 1 with gaps of 1: %d stretches, want the 4 dashes", len(got))
	}
	// Across a corner the stretch continues along each segment.
	corner := []world.Vec{{X: 0, Y: 0}, {X: 4, Y: 0}, {X: 4, Y: 4}}
	got = walkPairs(corner, false, []float64{0.1, 0.2}, 0.5)
	if len(got) != 2 || got[0][1] != corner[1] || got[1][0] != corner[1] {
		t.Fatalf("bridged corner: %v, want 0-4 then 4-end", got)
	}
}
