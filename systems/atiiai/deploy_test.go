package atiiai_test

import (
	"context"
	"math"
	"testing"

	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/systems/atiiai"
	"github.com/auspex/auspex/world"
)

// TestGreedyDeploysFacingTheEnemy: in a mission where titans are deployed
// in play (deployment: both roll, lowest sets up first, alternate, lowest
// Man first), every titan Greedy places faces the enemy's titans rather
// than its own table edge: the enemy's centre lies within 90 degrees of
// its facing once both sides are down. (A titan deployed with the
// scenario's default facing 0 in the northern zone turned its back on
// the enemy and could not shoot in the first turn.)
func TestGreedyDeploysFacingTheEnemy(t *testing.T) {
	for _, seed := range []uint64{3, 7, 11} {
		g := newGame(t, "titan-mission", seed)
		for i := 0; i < 40 && g.State().Step == atii.StepDeploy; i++ {
			cmd, err := atiiai.Greedy{}.Decide(context.Background(), g.ViewFor(g.Engine.Decider()))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := g.Submit(cmd); err != nil {
				t.Fatal(err)
			}
		}
		st := g.State()
		if st.Step == atii.StepDeploy {
			t.Fatalf("seed %d: deployment did not end", seed)
		}
		for _, u := range st.Units {
			var c world.Vec
			n := 0
			for _, e := range st.Units {
				if e.Side != u.Side {
					c, n = c.Add(e.Pos), n+1
				}
			}
			c = c.Scale(1 / float64(n))
			off := math.Abs(world.NormDeg(world.Bearing(c.Sub(u.Pos))-u.Facing+180) - 180)
			if off > 90 {
				t.Errorf("seed %d: %s at %.0f,%.0f faces %.0f, the enemy's centre %.0f,%.0f is %.0f degrees off its facing",
					seed, u.ID, u.Pos.X, u.Pos.Y, u.Facing, c.X, c.Y, off)
			}
		}
	}
}
