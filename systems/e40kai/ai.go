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
	"fmt"
	"strings"
	"time"

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
	var out []search.Action
	for _, c := range choices {
		a := search.Action{Cmd: c.Cmd, Text: c.Text}
		if len(c.Units) > 0 {
			a.Unit = leadUnit(s, c)
		}
		switch x := c.Cmd.(type) {
		case *e40k.FireCmd:
			if x.Titan != "" {
				a.Targets = append(a.Targets, x.Titan)
			}
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
		if c.Continuous == "" {
			out = append(out, a)
			continue
		}
		cands, err := Candidates(context.Background(), d.RS, s, side, c)
		if err != nil {
			continue
		}
		for i, cc := range cands {
			if i >= per {
				break
			}
			out = append(out, search.Action{Cmd: cc.Cmd, Text: cc.Text, Unit: a.Unit})
		}
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

// Decide implements game.Controller.
func (a AI) Decide(ctx context.Context, v game.View) (rules.Command, error) {
	cmd, _, err := a.DecideWhy(ctx, v)
	return cmd, err
}

// DecideWhy implements game.Reasoner. A decision with a single action is
// played without searching. Errors: not an E40K game, no state or
// simulator in the view, the search's.
func (a AI) DecideWhy(ctx context.Context, v game.View) (rules.Command, *game.Why, error) {
	rs, ok := v.Ruleset.(*e40k.Ruleset)
	if !ok || v.State == nil || v.Sim == nil {
		return nil, nil, errors.New("e40k ai: needs an E40K game's view with its simulator")
	}
	budget := a.Budget
	if budget <= 0 {
		budget = time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	w := a.Weights
	if w == (Weights{}) {
		w = DefaultWeights()
	}
	dom := Domain{RS: rs, Sim: v.Sim, Eval: Evaluator{RS: rs, W: w}}
	cfg := a.Search
	if cfg.Seed == 0 {
		cfg.Seed = uint64(v.State.Seq)*0x9e3779b97f4a7c15 + 3
	}
	acts, err := dom.Actions(v.State, v.Side)
	if err != nil {
		return nil, nil, fmt.Errorf("e40k ai: %w", err)
	}
	if len(acts) == 1 {
		return acts[0].Cmd, &game.Why{Line: acts[0].Text + " (the only choice)"}, nil
	}
	res, err := search.Search(ctx, v.Sim, dom, v.State, v.Side, cfg)
	if err != nil {
		return nil, nil, fmt.Errorf("e40k ai: %w", err)
	}
	best, ok := res.Best()
	if !ok {
		return nil, nil, errors.New("e40k ai: no action")
	}
	return best.Cmd, explain(res), nil
}

// whyShown is how many candidates an explanation lists.
const whyShown = 5

// explain turns a search result into a game.Why: the line played with
// its main terms, and the top candidates.
func explain(res search.Result) *game.Why {
	w := &game.Why{}
	for i, r := range res.Ranked {
		if i >= whyShown {
			break
		}
		c := game.Considered{Text: r.Text, Value: r.Value, Units: append([]string{r.Unit}, r.Targets...)}
		for _, t := range r.Now.Terms {
			c.Terms = append(c.Terms, game.Term{Name: t.Name, Value: t.Value})
		}
		w.Considered = append(w.Considered, c)
	}
	best := res.Ranked[0]
	var parts []string
	for _, t := range best.Now.Terms {
		if t.Value >= 0.5 || t.Value <= -0.5 {
			parts = append(parts, fmt.Sprintf("%s %+.0f", t.Name, t.Value))
		}
	}
	line := fmt.Sprintf("%s (value %+.0f", best.Text, best.Value)
	if len(parts) > 0 {
		line += ": " + strings.Join(parts, ", ")
	}
	w.Line = line + fmt.Sprintf("; %d decision(s) ahead, %d choices)", res.Depth, len(res.Ranked))
	return w
}
