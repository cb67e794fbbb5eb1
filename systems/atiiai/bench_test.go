package atiiai_test

import (
	"context"
	"testing"
	"time"

	"github.com/auspex/auspex/ai/search"
	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/systems/atiiai"
	"github.com/auspex/auspex/systems/atiisys"
	"github.com/auspex/auspex/world"
)

// BenchmarkMoveCandidates fills the first move template of the ten-titan
// battlegroup (every candidate validated on the state).
func BenchmarkMoveCandidates(b *testing.B) {
	g := newGame(b, "titan-battlegroup", 3)
	tmpl, side := greedyUntil(b, g, atii.CmdMove)
	st := g.State()
	b.ReportAllocs()
	for b.Loop() {
		if c, err := g.Candidates(context.Background(), st, side, tmpl); err != nil || len(c) == 0 {
			b.Fatal(err)
		}
	}
}

// BenchmarkEvaluateInContact scores the duel with the two Reavers in base
// contact, with and without the melee term (its close combat odds are
// the extra cost).
func BenchmarkEvaluateInContact(b *testing.B) {
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		b.Fatal(err)
	}
	scn, err := scenarios.LoadBundled("titan-duel", cat)
	if err != nil {
		b.Fatal(err)
	}
	rs, err := atiisys.NewRuleset(scn)
	if err != nil {
		b.Fatal(err)
	}
	st, err := atiisys.BuildState(scn, rs, 1, nil)
	if err != nil {
		b.Fatal(err)
	}
	e, err := rules.New(rs, st, rules.Config{})
	if err != nil {
		b.Fatal(err)
	}
	s := e.Snapshot()
	red, blue := duelPair(s)
	s.Unit(red).Pos, s.Unit(red).Facing = world.Vec{X: 60, Y: 40}, 180
	s.Unit(blue).Pos, s.Unit(blue).Facing = world.Vec{X: 60, Y: 45}, 0
	for _, melee := range []float64{0, 1} {
		w := atiiai.DefaultWeights()
		w.Melee = melee
		ev := atiiai.Evaluator{RS: rs, W: w, Goals: atiiai.BuildGoals(rs, s)}
		name := "melee"
		if melee == 0 {
			name = "no-melee"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				ev.Evaluate(s, "red")
			}
		})
	}
}

// BenchmarkGreedyShooting is greedy's first shooting decision of the
// battlegroup (seed 3, greedy on both sides up to it): every offered
// shot of every titan that may fire priced with the exact outcome odds.
func BenchmarkGreedyShooting(b *testing.B) {
	g := newGame(b, "titan-battlegroup", 3)
	for i := 0; i < 400 && !g.State().Over; i++ {
		if g.State().Step == atii.StepShooting {
			fires := 0
			for _, c := range g.Engine.Legal(g.Engine.Decider()) {
				if c.Name == atii.CmdFire {
					fires++
				}
			}
			if fires > 1 {
				break
			}
		}
		cmd, err := atiiai.Greedy{}.Decide(context.Background(), g.ViewFor(g.Engine.Decider()))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := g.Submit(cmd); err != nil {
			b.Fatal(err)
		}
	}
	if g.State().Step != atii.StepShooting {
		b.Fatal("no shooting decision reached")
	}
	v := g.ViewFor(g.Engine.Decider())
	b.ReportAllocs()
	for b.Loop() {
		if c, err := (atiiai.Greedy{}).Decide(context.Background(), v); err != nil {
			b.Fatal(err)
		} else if _, ok := c.(*atii.FireCmd); !ok {
			b.Fatalf("greedy answered %T, want a fire command", c)
		}
	}
}

// BenchmarkSearchMove300 is the search AI's first movement decision of
// the battlegroup on a budget of 300 positions (one worker, so the
// figure is the search's cost on one core): it gives the rate of
// positions a second that turns a time budget into a node budget
// (docs/ai.md compares 3,000 positions with 300).
func BenchmarkSearchMove300(b *testing.B) {
	g := newGame(b, "titan-battlegroup", 3)
	greedyUntil(b, g, atii.CmdMove)
	v := g.ViewFor(g.Engine.Decider())
	ai := atiiai.AI{Budget: time.Minute, Search: search.Config{MaxNodes: 300, Workers: 1, Seed: 7}}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ai.Decide(context.Background(), v); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(300*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
}

// BenchmarkEvaluateExchange scores the battlegroup at its first movement
// decision and at the start of its second turn (seed 3, greedy up to
// them) without and with the Exchange term (every titan's best volley
// priced with the exact odds is the extra cost).
func BenchmarkEvaluateExchange(b *testing.B) {
	b.Run("turn1", func(b *testing.B) { benchExchange(b, 1) })
	b.Run("turn2", func(b *testing.B) { benchExchange(b, 2) })
}

func benchExchange(b *testing.B, turn int) {
	g := newGame(b, "titan-battlegroup", 3)
	_, side := greedyUntil(b, g, atii.CmdMove)
	for g.State().Turn < turn && !g.State().Over {
		cmd, err := atiiai.Greedy{}.Decide(context.Background(), g.ViewFor(g.Engine.Decider()))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := g.Submit(cmd); err != nil {
			b.Fatal(err)
		}
	}
	side = g.Engine.Decider()
	s := g.State()
	rs := g.Ruleset.(*atii.Ruleset)
	for _, ex := range []float64{0, 0.5} {
		w := atiiai.DefaultWeights()
		w.Exchange = ex
		ev := atiiai.Evaluator{RS: rs, W: w, Goals: atiiai.BuildGoals(rs, s), Memo: atii.NewOutcomeMemo(0)}
		name := "exchange"
		if ex == 0 {
			name = "no-exchange"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				ev.Evaluate(s, side)
			}
		})
	}
}

// BenchmarkEvaluateMission scores the Titan Mission at its first movement
// decision (seed 5: deployment map E, the Western wood between red's
// Reaver and the East relay), where the objective term walks each titan's
// way to every goal round or through the terrain on it (walkCost).
func BenchmarkEvaluateMission(b *testing.B) {
	g := newGame(b, "titan-mission", 5)
	_, side := greedyUntil(b, g, atii.CmdMove)
	s := g.State()
	rs := g.Ruleset.(*atii.Ruleset)
	ev := atiiai.Evaluator{RS: rs, W: atiiai.DefaultWeights(), Goals: atiiai.BuildGoals(rs, s), Memo: atii.NewOutcomeMemo(0)}
	b.ReportAllocs()
	for b.Loop() {
		ev.Evaluate(s, side)
	}
}
