package e40kai

import (
	"context"
	"errors"
	"fmt"

	"github.com/auspex/auspex/ai/script"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/scenarios"
)

// Scripted is E40K's scripted opponent: the shared script (ai/script)
// choosing among the Domain's actions, each filed under its detachment's
// HQ so that formation tasks apply, with triggers judged by the ruleset
// (e40k.Ruleset.TriggerHolds). Convert turns the scenario's triggers into
// E40K's. A Scripted remembers each patrol's waypoint, so one value plays
// one side of one game.
type Scripted struct {
	Plan    *script.Plan
	Convert func(*scenarios.Trigger) *e40k.Trigger
}

// Decide implements game.Controller.
func (c *Scripted) Decide(ctx context.Context, v game.View) (rules.Command, error) {
	cmd, _, err := c.DecideWhy(ctx, v)
	return cmd, err
}

// DecideWhy implements game.Reasoner: the choice and its one-line reason.
// Errors: not an E40K view, no plan or converter, the script's.
func (c *Scripted) DecideWhy(ctx context.Context, v game.View) (rules.Command, *game.Why, error) {
	rs, ok := v.Ruleset.(*e40k.Ruleset)
	if !ok || v.State == nil || v.Sim == nil || c.Plan == nil || c.Convert == nil {
		return nil, nil, errors.New("e40k script: needs an E40K game's view, a plan and a trigger converter")
	}
	dom := Domain{RS: rs, Sim: v.Sim, Eval: Evaluator{RS: rs, W: DefaultWeights()}}
	ch, err := c.Plan.Choose(ctx, v.Sim, dom, judge{rs: rs, conv: c.Convert}, v.State)
	if err != nil {
		return nil, nil, fmt.Errorf("e40k script: %w", err)
	}
	return ch.Action.Cmd, &game.Why{Line: ch.Reason, Considered: []game.Considered{{Text: ch.Action.Text, Value: ch.Score,
		Units: append([]string{ch.Action.Unit}, ch.Action.Targets...)}}}, nil
}

// judge evaluates scenario triggers with the E40K ruleset.
type judge struct {
	rs   *e40k.Ruleset
	conv func(*scenarios.Trigger) *e40k.Trigger
}

// Holds implements script.Judge.
func (j judge) Holds(s *rules.State, t *scenarios.Trigger) (bool, error) {
	return j.rs.TriggerHolds(s, j.conv(t))
}
