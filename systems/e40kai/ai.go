// Package e40kai holds Epic 40,000's computer players: the candidate
// generator that fills E40K's continuous choices (a detachment's moves
// and assault moves) with concrete commands, the one-ply Greedy baseline,
// the evaluation and search domain for the shared search (ai/search), the
// search player AI and the scripted opponent. It is E40K's side of the
// controller seam; the generic layers reach it only through game.System
// (systems/e40ksys).
package e40kai

import (
	"context"
	"errors"
	"time"

	"github.com/auspex/auspex/ai/player"
	"github.com/auspex/auspex/ai/search"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/e40k"
)

// Domain is E40K for the shared search (search.Domain): the macro-actions
// are Legal's discrete choices (orders, initiative, volleys with their
// targets, passes, rallies, the ruleset's suggested advance and charge)
// and, for each move or assault template, the first MovesPerDetachment of
// the candidate generator's moves; positions are scored by Evaluator.
// A detachment on assault orders is held to them (commitAssaults,
// mustCharge): where it can close with the enemy its moves that do not
// and its pass are not offered, and in the assault phase, where it can
// reach base contact, only its charges are. Of a detachment's orders
// only the one orderWorth prices highest is offered (bestOrders: orders
// move nothing, so the search alone cannot tell them apart).
type Domain struct {
	RS   *e40k.Ruleset
	Sim  *rules.Simulator
	Eval Evaluator
	// MovesPerDetachment caps the move candidates per template (0: 4).
	MovesPerDetachment int
}

// Actions implements search.Domain.
func (d Domain) Actions(s *rules.State, side string) ([]search.Action, error) {
	choices, err := d.Sim.Legal(s, side)
	if err != nil {
		return nil, err
	}
	per := d.MovesPerDetachment
	if per <= 0 {
		per = 4
	}
	// Each template is filled with its candidates first (a detachment on
	// assault orders keeps those that close with the enemy, one on march
	// orders its full marches), so that
	// commitAssaults weighs every move a detachment may make.
	var flat []rules.Choice
	var lead []string
	for _, c := range choices {
		unit := ""
		if len(c.Units) > 0 {
			unit = leadUnit(s, c)
		}
		if c.Continuous == "" {
			flat, lead = append(flat, c), append(lead, unit)
			continue
		}
		cands, err := Candidates(context.Background(), d.RS, s, side, c)
		if err != nil {
			continue
		}
		cands = keepClosing(d.RS, s, side, e40k.ActingFor(c.Cmd), cands)
		cands = keepMarching(d.RS, s, side, e40k.ActingFor(c.Cmd), cands)
		// The cap keeps the first few, but never drops a charge: the
		// charges come after it when the first few are not charges.
		for i, cc := range cands {
			ac, ok := cc.Cmd.(*e40k.AssaultCmd)
			if i >= per && !(ok && onAssaultOrders(s, ac.Detachment) && charges(d.RS, s, side, ac)) {
				continue
			}
			flat, lead = append(flat, cc), append(lead, unit)
		}
	}
	keep := commitAssaults(d.RS, s, side, flat)
	for i, k := range commitMarches(d.RS, s, side, flat) {
		keep[i] = keep[i] && k
	}
	mustCharge(d.RS, s, side, flat, keep)
	if s.Pending != nil && s.Pending.Kind == e40k.KindOrders {
		for i, k := range bestOrders(d.RS, d.Eval, s, side, flat) {
			keep[i] = keep[i] && k
		}
	}
	var out []search.Action
	for i, c := range flat {
		if !keep[i] {
			continue
		}
		a := search.Action{Cmd: c.Cmd, Text: c.Text, Unit: lead[i]}
		switch x := c.Cmd.(type) {
		case *e40k.FireCmd:
			if x.Titan != "" {
				a.Targets = append(a.Targets, x.Titan)
			}
			for _, u := range members(s, x.Target) {
				a.Targets = append(a.Targets, u.ID)
			}
		case *e40k.MissionCmd:
			for _, u := range members(s, x.Target) {
				a.Targets = append(a.Targets, u.ID)
			}
		case *e40k.TitanFireCmd:
			for _, sh := range x.Shots {
				if s.Unit(sh.Target) != nil {
					a.Targets = append(a.Targets, sh.Target)
				}
				for _, u := range members(s, sh.Target) {
					a.Targets = append(a.Targets, u.ID)
				}
			}
		}
		out = append(out, a)
	}
	return out, nil
}

// leadUnit is the unit a choice is filed under for scripts and
// explanations: the detachment's HQ when it has one in play, else the
// choice's first unit that belongs to the detachment, else its first.
func leadUnit(s *rules.State, c rules.Choice) string {
	det := ""
	switch x := c.Cmd.(type) {
	case *e40k.MoveCmd:
		det = x.Detachment
	case *e40k.AssaultCmd:
		det = x.Detachment
	case *e40k.FireCmd:
		det = x.Detachment
	case *e40k.OrdersCmd:
		det = x.Detachment
	case *e40k.PassCmd:
		det = x.Detachment
	case *e40k.RallyCmd:
		det = x.Detachment
	case *e40k.MissionCmd:
		return firstUnitOf(s, x.Detachment, c)
	case *e40k.InterceptCmd:
		if x.Interceptor != "" {
			return firstUnitOf(s, x.Interceptor, c)
		}
	case *e40k.EmbarkCmd:
		return x.Unit
	case *e40k.DisembarkCmd:
		return x.Transport
	}
	if det != "" {
		ms := members(s, det)
		for _, u := range ms {
			if u.Markers.Value(e40k.MarkHQ) > 0 {
				return u.ID
			}
		}
		if len(ms) > 0 {
			return ms[0].ID
		}
	}
	if len(c.Units) > 0 {
		return c.Units[0]
	}
	return ""
}

// Evaluate implements search.Domain.
func (d Domain) Evaluate(s *rules.State, side string) search.Score { return d.Eval.Evaluate(s, side) }

// AI is E40K's search player: the shared search (ai/search) over the
// Domain's macro-actions against the opponent's best replies, within
// Budget per decision (the caller's deadline, if sooner, wins). It
// decides on its side's view only and rolls its own dice, and explains
// each decision (game.Reasoner).
type AI struct {
	// Budget is the time per decision (0: one second).
	Budget time.Duration
	// Search tunes the search (zero: its defaults; the seed is the
	// player's own).
	Search search.Config
	// Weights tune the evaluation (zero: DefaultWeights).
	Weights Weights
}

// player is the shared search player over E40K's domain.
func (a AI) player() player.Searcher {
	w := a.Weights
	if w == (Weights{}) {
		w = DefaultWeights()
	}
	return player.Searcher{Name: "e40k ai", Budget: a.Budget, Search: a.Search, Domain: domainFor(w)}
}

// domainFor builds E40K's search domain for a controller's view, scored
// with weights w. Errors: a view of another system's game.
func domainFor(w Weights) func(game.View) (search.Domain, error) {
	return func(v game.View) (search.Domain, error) {
		rs, ok := v.Ruleset.(*e40k.Ruleset)
		if !ok {
			return nil, errors.New("not an E40K game")
		}
		return Domain{RS: rs, Sim: v.Sim, Eval: Evaluator{RS: rs, W: w}}, nil
	}
}

// Decide implements game.Controller.
func (a AI) Decide(ctx context.Context, v game.View) (rules.Command, error) {
	return a.player().Decide(ctx, v)
}

// DecideWhy implements game.Reasoner (player.Searcher).
func (a AI) DecideWhy(ctx context.Context, v game.View) (rules.Command, *game.Why, error) {
	return a.player().DecideWhy(ctx, v)
}
