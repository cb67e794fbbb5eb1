package atiiai

import (
	"context"
	"errors"

	"github.com/auspex/auspex/ai/player"
	"github.com/auspex/auspex/ai/script"
	"github.com/auspex/auspex/ai/search"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/scenarios"
)

// Scripted is ATII's scripted opponent: the shared script (ai/script)
// choosing among the Domain's actions, with triggers judged by the
// ruleset (atii.Ruleset.TriggerHolds). Convert turns the scenario's
// triggers into ATII's. A Scripted remembers each patrol's waypoint, so
// one value plays one side of one game.
type Scripted struct {
	Plan    *script.Plan
	Convert func(*scenarios.Trigger) *atii.Trigger

	shared *player.Scripted
}

// player is the shared scripted player over ATII's domain and judge.
func (c *Scripted) player() *player.Scripted {
	if c.shared == nil {
		c.shared = &player.Scripted{Name: "atii script", Plan: c.Plan,
			Domain: func(v game.View) (search.Domain, error) {
				rs, ok := v.Ruleset.(*atii.Ruleset)
				if !ok {
					return nil, errors.New("not an ATII game")
				}
				return Domain{RS: rs, Sim: v.Sim, Eval: Evaluator{RS: rs, W: DefaultWeights()}}, nil
			},
			Judge: func(v game.View) (script.Judge, error) {
				rs, ok := v.Ruleset.(*atii.Ruleset)
				if !ok || c.Convert == nil {
					return nil, errors.New("not an ATII game, or no trigger converter")
				}
				return judge{rs: rs, conv: c.Convert}, nil
			}}
	}
	return c.shared
}

// Decide implements game.Controller.
func (c *Scripted) Decide(ctx context.Context, v game.View) (rules.Command, error) {
	return c.player().Decide(ctx, v)
}

// DecideWhy implements game.Reasoner (player.Scripted).
func (c *Scripted) DecideWhy(ctx context.Context, v game.View) (rules.Command, *game.Why, error) {
	return c.player().DecideWhy(ctx, v)
}

// judge evaluates scenario triggers with the ATII ruleset.
type judge struct {
	rs   *atii.Ruleset
	conv func(*scenarios.Trigger) *atii.Trigger
}

func (j judge) Holds(s *rules.State, t *scenarios.Trigger) (bool, error) {
	return j.rs.TriggerHolds(s, j.conv(t))
}
