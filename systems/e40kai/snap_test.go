package e40kai_test

import (
	"context"
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/systems/e40kai"
)

// The greedy player answers the new snap fire decision (E40K-CMD-1, Q&A
// 8.3) from the offered choices: a snap fire volley when one would destroy
// anything, else it holds fire; both validate.
func TestGreedySnapFireE40KCMD1(t *testing.T) {
	answered := 0
	for seed := uint64(1); seed <= 6 && answered == 0; seed++ {
		g := newGame(t, "e40k-combined-arms", seed, false)
		for i := 0; i < 3000 && !g.State().Over; i++ {
			side := g.Engine.Decider()
			v := g.ViewFor(side)
			cmd, err := e40kai.Greedy{}.Decide(context.Background(), v)
			if err != nil {
				t.Fatal(err)
			}
			if p := v.State.Pending; p != nil && p.Kind == e40k.KindSnapFire {
				if err := g.Engine.Check(cmd); err != nil {
					t.Fatalf("greedy's answer to snap fire does not validate: %v", err)
				}
				switch c := cmd.(type) {
				case *e40k.FireCmd:
					if !inAssaulted(v.Choices, c) {
						t.Errorf("greedy snap fires at %s, not an offered target", c.Target)
					}
				case *e40k.PassCmd:
				default:
					t.Errorf("greedy answers snap fire with %s", cmd.Name())
				}
				answered++
			}
			if _, err := g.Submit(cmd); err != nil {
				t.Fatal(err)
			}
		}
	}
	if answered == 0 {
		t.Fatal("no snap fire decision came up in six greedy games")
	}
}

func inAssaulted(choices []rules.Choice, fc *e40k.FireCmd) bool {
	for _, c := range choices {
		if x, ok := c.Cmd.(*e40k.FireCmd); ok && x.Detachment == fc.Detachment && x.Target == fc.Target {
			return true
		}
	}
	return false
}
