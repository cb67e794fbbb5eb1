package scene_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/auspex/auspex/render/sample"
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

// Simplify drops the points of a finely sampled circle that lie within the
// tolerance of a chord, keeps every point of a coarse one, and never moves
// the line by more than the tolerance (checked at every original point).
func TestSimplifyWithinTolerance(t *testing.T) {
	circle := make([]world.Vec, 1000)
	for i := range circle {
		a := 2 * math.Pi * float64(i) / 1000
		circle[i] = world.Vec{X: math.Round(600 * math.Cos(a)), Y: math.Round(600 * math.Sin(a))}
	}
	const tol = 0.5 // cm: a quarter pixel at 0.5 px/cm
	got := scene.Simplify(nil, circle, true, tol)
	if len(got) > 400 || len(got) < 20 { // whole-cm rounding keeps a zigzag of half a cm
		t.Fatalf("1000-point circle of radius 600 at tolerance %v: %d points", tol, len(got))
	}
	// Every original point lies within tol of the simplified outline.
	for _, p := range circle {
		best := math.Inf(1)
		for i := range got {
			a, b := got[i], got[(i+1)%len(got)]
			best = math.Min(best, segDist(p, a, b))
		}
		if best > tol+1e-9 {
			t.Fatalf("point %v is %v from the simplified outline, tolerance %v", p, best, tol)
		}
	}
	coarse := []world.Vec{{X: 0, Y: 0}, {X: 10, Y: 0}, {X: 10, Y: 10}, {X: 0, Y: 10}}
	if got := scene.Simplify(nil, coarse, true, tol); len(got) != 4 {
		t.Fatalf("a square lost corners: %v", got)
	}
	open := []world.Vec{{X: 0, Y: 0}, {X: 1, Y: 0.01}, {X: 2, Y: 0}, {X: 3, Y: 5}}
	if got := scene.Simplify(nil, open, false, tol); len(got) != 3 || got[2] != open[3] {
		t.Fatalf("open line: %v, want the middle point of the straight run dropped and both ends kept", got)
	}
}

// segDist is the distance from p to the segment a-b.
func segDist(p, a, b world.Vec) float64 {
	d := b.Sub(a)
	l2 := d.X*d.X + d.Y*d.Y
	t := 0.0
	if l2 > 0 {
		t = math.Max(0, math.Min(1, ((p.X-a.X)*d.X+(p.Y-a.Y)*d.Y)/l2))
	}
	return p.Dist(a.Lerp(b, t))
}

// SkipTo passes whole periods without yielding them: the stretches after
// the skip are the same (to rounding) as the full walk's from there on.
func TestDashWalkSkipTo(t *testing.T) {
	line := []world.Vec{{X: 0, Y: 0}, {X: 1000, Y: 0}}
	dash := []float64{0.3, 0.9, 0.5} // odd: the state repeats every 3.4
	all := walkPairs(line, false, dash, 0)
	var w scene.DashWalk
	w.Reset(line, false, dash, 0)
	w.SkipTo(500)
	var rest [][2]world.Vec
	for a, b, ok := w.Next(); ok; a, b, ok = w.Next() {
		rest = append(rest, [2]world.Vec{a, b})
	}
	if len(rest) == 0 || rest[0][0].X > 500 || rest[0][0].X < 500-3.4-0.9 {
		t.Fatalf("after SkipTo(500) the walk starts with %v, want a stretch within a period before 500", rest)
	}
	tail := all[len(all)-len(rest):]
	for k := range rest {
		for e := 0; e < 2; e++ {
			if math.Abs(rest[k][e].X-tail[k][e].X) > 1e-6 || rest[k][e].Y != 0 {
				t.Fatalf("stretch %d after the skip is %v, the full walk has %v", k, rest[k], tail[k])
			}
		}
	}
}

// BenchmarkBuildMaxPolygons builds the scene of the largest terrain a
// scenario may hold (66 overlapping 1,000-point woods with their dot
// pattern) at the window's fitted scale; the window does this every
// frame.
func BenchmarkBuildMaxPolygons(b *testing.B) {
	in := sample.MaxPolygons()
	b.ReportAllocs()
	for b.Loop() {
		scene.Build(in, scene.View{Scale: 0.5, Grid: true})
	}
}
