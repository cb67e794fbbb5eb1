package e40kai_test

import (
	"context"
	"testing"
	"time"

	"github.com/auspex/auspex/ai/search"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/systems/e40kai"
)

// REM-CC-1's Counterattack card (remastered/counterattack-card, on in the
// bundled Remastered scenario): when the card decision comes up, the
// random player, greedy (which plays the card) and the search AI each
// answer it with a command the engine accepts.
func TestControllersAnswerTheCounterattackCardREMCC1(t *testing.T) {
	for seed := uint64(1); seed <= 8; seed++ {
		g := newGame(t, "e40k-remastered", seed, true)
		for i := 0; i < 3000 && !g.State().Over; i++ {
			side := g.Engine.Decider()
			v := g.ViewFor(side)
			if p := v.State.Pending; p != nil && p.Kind == e40k.KindCounterattack {
				gc, err := e40kai.Greedy{}.Decide(context.Background(), v)
				if err != nil {
					t.Fatal(err)
				}
				if cc, ok := gc.(*e40k.CounterattackCmd); !ok || !cc.Play {
					t.Errorf("greedy answers the card with %#v, want playing it", gc)
				}
				ai := e40kai.AI{Budget: 2 * time.Second, Search: search.Config{MaxDepth: 1, MaxNodes: 40, Workers: 1}}
				ac, err := ai.Decide(context.Background(), v)
				if err != nil {
					t.Fatal(err)
				}
				rc, err := game.Random{Seed: seed}.Decide(context.Background(), v)
				if err != nil {
					t.Fatal(err)
				}
				for _, c := range []rules.Command{gc, ac, rc} {
					if _, ok := c.(*e40k.CounterattackCmd); !ok {
						t.Errorf("answer %T to the card decision", c)
						continue
					}
					if err := g.Engine.Check(c); err != nil {
						t.Errorf("%T's answer to the card does not validate: %v", c, err)
					}
				}
				if _, err := g.Submit(ac); err != nil {
					t.Fatal(err)
				}
				return
			}
			cmd, err := e40kai.Greedy{}.Decide(context.Background(), v)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := g.Submit(cmd); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("no Counterattack card decision in eight greedy games of the Remastered scenario")
}
