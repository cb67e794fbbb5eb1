package atiisys_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/auspex/auspex/ai/player"
	"github.com/auspex/auspex/ai/search"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/systems/atiiai"
)

// stuck is ATII's domain whose actions below the root never come back
// until released, and ignore the search's deadline (no ActionsContext):
// work in flight that outlasts the budget.
type stuck struct {
	dom     atiiai.Domain
	root    *rules.State
	release chan struct{}
}

func (d stuck) Actions(s *rules.State, side string) ([]search.Action, error) {
	if s != d.root {
		<-d.release
	}
	return d.dom.Actions(s, side)
}

func (d stuck) Evaluate(s *rules.State, side string) search.Score { return d.dom.Evaluate(s, side) }

// TestSearchPlayerAnswersWhileTheSearchIsStuck: when the search is stuck
// past its deadline, the player still answers within its budget with the
// last iteration it completed (one decision deep), not waiting for it.
func TestSearchPlayerAnswersWhileTheSearchIsStuck(t *testing.T) {
	g := start(t, "titan-duel", 4)
	for i := 0; i < 40 && g.State().Step != atii.StepMovement; i++ {
		c, err := atiiai.Greedy{}.Decide(context.Background(), g.ViewFor(g.Engine.Decider()))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Submit(c); err != nil {
			t.Fatal(err)
		}
	}
	release := make(chan struct{})
	defer close(release)
	v := g.ViewFor(g.Engine.Decider())
	p := player.Searcher{Name: "stuck", Budget: 2 * time.Second, Search: search.Config{Samples: 1},
		Domain: func(v game.View) (search.Domain, error) {
			rs := v.Ruleset.(*atii.Ruleset)
			return stuck{dom: atiiai.Domain{RS: rs, Sim: v.Sim, Eval: atiiai.Evaluator{RS: rs, W: atiiai.DefaultWeights()}}, root: v.State, release: release}, nil
		}}
	type answer struct {
		cmd rules.Command
		why *game.Why
		err error
	}
	got := make(chan answer, 1)
	go func() {
		cmd, why, err := p.DecideWhy(context.Background(), v)
		got <- answer{cmd, why, err}
	}()
	select {
	case a := <-got:
		if a.err != nil || a.cmd == nil || a.why == nil {
			t.Fatalf("cmd %v, why %+v, err %v", a.cmd, a.why, a.err)
		}
		if !strings.Contains(a.why.Line, "1 decision ahead") && !strings.Contains(a.why.Line, "no time to weigh") {
			t.Errorf("why %q: want the depth-1 answer", a.why.Line)
		}
		if _, err := g.Submit(a.cmd); err != nil {
			t.Errorf("the answer is refused: %v", err)
		}
	case <-time.After(time.Minute):
		t.Fatal("no answer while the search is stuck")
	}
}
