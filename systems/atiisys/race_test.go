package atiisys_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/auspex/auspex/ai/search"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/systems/atiiai"
)

// TestSearchAIDecidesOnSeveralCores: one decision of the search player
// with four workers on the same ruleset (run it under -race
// to check the ruleset is safe to share), its explanation listing the
// candidates best first.
func TestSearchAIDecidesOnSeveralCores(t *testing.T) {
	g := start(t, "titan-battlegroup", 4)
	ai := atiiai.AI{Search: search.Config{MaxDepth: 2, Samples: 2, Workers: 4, MaxNodes: 200}}
	for i := 0; i < 40 && g.State().Step != atii.StepMovement; i++ {
		c, err := atiiai.Greedy{}.Decide(context.Background(), g.ViewFor(g.Engine.Decider()))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Submit(c); err != nil {
			t.Fatal(err)
		}
	}
	if g.State().Step != atii.StepMovement {
		t.Fatalf("no movement decision reached (at %s)", g.State().Step)
	}
	side := g.Engine.Decider()
	cmd, why, err := ai.DecideWhy(context.Background(), g.ViewFor(side))
	if err != nil {
		t.Fatal(err)
	}
	if cmd == nil || why == nil || why.Line == "" || len(why.Considered) == 0 {
		t.Fatalf("decision %v, why %+v", cmd, why)
	}
	for i := 1; i < len(why.Considered); i++ {
		if why.Considered[i].Value > why.Considered[0].Value {
			t.Errorf("candidate %d (%v) beats the chosen one (%v)", i, why.Considered[i].Value, why.Considered[0].Value)
		}
	}
	if _, err := g.Submit(cmd); err != nil {
		t.Fatalf("the AI's choice is refused: %v", err)
	}
}

// TestSearchAIOutOfTimePlaysItsFirstCandidate: with no time to search,
// the AI still answers (the domain's first candidate) and says why,
// instead of failing the decision.
func TestSearchAIOutOfTimePlaysItsFirstCandidate(t *testing.T) {
	g := start(t, "titan-battlegroup", 4)
	for i := 0; i < 40 && g.State().Step != atii.StepMovement; i++ {
		c, err := atiiai.Greedy{}.Decide(context.Background(), g.ViewFor(g.Engine.Decider()))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Submit(c); err != nil {
			t.Fatal(err)
		}
	}
	cmd, why, err := atiiai.AI{Budget: time.Nanosecond}.DecideWhy(context.Background(), g.ViewFor(g.Engine.Decider()))
	if err != nil || cmd == nil || why == nil || !strings.Contains(why.Line, "no time to weigh") {
		t.Fatalf("cmd %v, why %+v, err %v", cmd, why, err)
	}
	if _, err := g.Submit(cmd); err != nil {
		t.Fatalf("the fallback is refused: %v", err)
	}
}
