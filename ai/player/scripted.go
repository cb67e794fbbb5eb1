package player

import (
	"context"
	"fmt"

	"github.com/auspex/auspex/ai/script"
	"github.com/auspex/auspex/ai/search"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
)

// Scripted is the scripted opponent every rule system shares: the
// scenario's plan for one side (ai/script) choosing among the system's
// actions, with its triggers judged by the system. A Scripted remembers
// each patrol's waypoint, so one value plays one side of one game.
type Scripted struct {
	// Name prefixes errors ("atii script").
	Name string
	Plan *script.Plan
	// Domain builds the system's actions and evaluation for a view;
	// Judge its trigger judge (nil: the ruleset's, script.JudgeOf).
	// Errors: a view of another system.
	Domain func(v game.View) (search.Domain, error)
	Judge  func(v game.View) (script.Judge, error)
}

// judge returns the trigger judge for v: Judge's, else the ruleset's.
func (c *Scripted) judge(v game.View) (script.Judge, error) {
	if c.Judge != nil {
		return c.Judge(v)
	}
	return script.JudgeOf(v.Ruleset)
}

// Decide implements game.Controller.
func (c *Scripted) Decide(ctx context.Context, v game.View) (rules.Command, error) {
	cmd, _, err := c.DecideWhy(ctx, v)
	return cmd, err
}

// DecideWhy implements game.Reasoner: the choice and its one-line reason
// ("Ignis Fidelis: holding Relay; fires ..."). Errors: no state,
// simulator, plan or domain; a ruleset without a trigger judge; the
// system's; the script's.
func (c *Scripted) DecideWhy(ctx context.Context, v game.View) (rules.Command, *game.Why, error) {
	if v.State == nil || v.Sim == nil || c.Plan == nil || c.Domain == nil {
		return nil, nil, fmt.Errorf("%s: needs a view with its state and simulator, a plan and a domain", c.Name)
	}
	dom, err := c.Domain(v)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", c.Name, err)
	}
	j, err := c.judge(v)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", c.Name, err)
	}
	ch, err := c.Plan.Choose(ctx, v.Sim, dom, j, v.State)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", c.Name, err)
	}
	return ch.Action.Cmd, &game.Why{Line: ch.Reason, Considered: []game.Considered{{Text: Named(v.State, ch.Action.Unit, ch.Action.Text), Value: ch.Score,
		Units: append([]string{ch.Action.Unit}, ch.Action.Targets...)}}}, nil
}
