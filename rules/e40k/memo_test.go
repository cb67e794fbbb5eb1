package e40k

import (
	"math/rand/v2"
	"testing"

	"github.com/auspex/auspex/world"
)

// The geometry memo answers what the world package answers: a move
// measured among only the blockers near its path, first or again from
// the memo, is legal exactly when world.MeasureMove among every blocker
// says so, for the same reason; a sight line from the memo is blocked
// exactly when world.LOS says so.
func TestGeoMemoAnswersAsTheWorld(t *testing.T) {
	r := testRuleset(t)
	rng := rand.New(rand.NewPCG(3, 5))
	m := &geoMemo{}
	stand := func(x, y float64) world.Base {
		return world.Base{ID: "s", Pos: world.Vec{X: x, Y: y}, Facing: rng.Float64() * 360, Foot: world.Footprint{Shape: world.Rect, W: 4, H: 2}}
	}
	illegal, blocked := 0, 0
	for i := 0; i < 400; i++ {
		var bs []world.Base
		for k := 0; k < 30; k++ {
			b := stand(rng.Float64()*120, rng.Float64()*120)
			b.ID = string(rune('a' + k))
			bs = append(bs, b)
		}
		start := stand(rng.Float64()*120, rng.Float64()*120)
		to := start.Pos.Add(world.Vec{X: rng.Float64()*40 - 20, Y: rng.Float64()*40 - 20})
		want := r.w.MeasureMove(start, []world.Waypoint{{To: to, Facing: start.Facing}}, r.terrain, world.Infantry, world.MoveOptions{Blockers: bs})
		why := ""
		if !want.Legal() {
			why = want.Illegal.Reason
			illegal++
		}
		for pass := 0; pass < 2; pass++ {
			if got := m.measureMove(r.w, r.terrain, world.Infantry, start, to, append([]world.Base(nil), bs...)); got != why {
				t.Fatalf("move %d pass %d: memo says %q, world says %q", i, pass, got, why)
			}
		}
		seen := r.w.LOS(start, bs[0], r.terrain, world.LOSOptions{}).Verdict == world.LOSBlocked
		if seen {
			blocked++
		}
		for pass := 0; pass < 2; pass++ {
			if got := m.blocked(r.w, r.terrain, start, bs[0]); got != seen {
				t.Fatalf("sight %d pass %d: memo says blocked %v, world %v", i, pass, got, seen)
			}
		}
	}
	if illegal < 20 || illegal > 380 || blocked == 0 {
		t.Errorf("a weak sample: %d illegal moves, %d blocked sight lines of 400", illegal, blocked)
	}
}
