package atiiai

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/auspex/auspex/ai/search"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
)

// Domain is ATII for the shared search (search.Domain): the macro-actions
// are Legal's discrete choices (shot declarations, holds, orders, repairs;
// standing shield orders left out) and, for each move or deployment
// template, the best MovesPerTitan of the candidate generator's moves
// (advance, straight ahead, cover, face the enemy, the ring); positions
// are scored by Evaluator.
type Domain struct {
	RS   *atii.Ruleset
	Sim  *rules.Simulator
	Eval Evaluator
	// MovesPerTitan caps the move candidates per template (0: 6).
	MovesPerTitan int
}

// Actions implements search.Domain.
func (d Domain) Actions(s *rules.State, side string) ([]search.Action, error) {
	choices, err := d.Sim.Legal(s, side)
	if err != nil {
		return nil, err
	}
	per := d.MovesPerTitan
	if per <= 0 {
		per = 6
	}
	var out, shields []search.Action
	for _, c := range choices {
		a := search.Action{Cmd: c.Cmd, Text: c.Text}
		if len(c.Units) > 0 {
			a.Unit = c.Units[0]
		}
		if c.Name == atii.CmdFire && len(c.Units) > 1 {
			a.Targets = append([]string(nil), c.Units[1:]...)
		}
		switch {
		case c.Name == atii.CmdShields:
			shields = append(shields, a)
		case c.Continuous != "":
			cands, err := Candidates(context.Background(), d.RS, s, side, c)
			if err != nil {
				continue
			}
			for i, cc := range cands {
				if i >= per {
					break
				}
				ca := search.Action{Cmd: cc.Cmd, Text: cc.Text, Unit: a.Unit}
				if ca.Text == "" {
					ca.Text = c.Text
				}
				out = append(out, ca)
			}
		default:
			out = append(out, a)
		}
	}
	if len(out) == 0 {
		return shields, nil // only standing orders are left: offer them
	}
	return out, nil
}

// Evaluate implements search.Domain.
func (d Domain) Evaluate(s *rules.State, side string) search.Score {
	return d.Eval.Evaluate(s, side)
}

// AI is ATII's search player: the shared search (ai/search) over the
// Domain's macro-actions against the opponent's best replies, within
// Budget per decision (the caller's deadline, if sooner, wins), on every
// core. It decides on its side's view only and rolls its own dice. It
// explains each decision (game.Reasoner): the line played and the best
// candidates with their values.
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
// played without searching. Errors: not an ATII game, no state or
// simulator in the view, the search's.
func (a AI) DecideWhy(ctx context.Context, v game.View) (rules.Command, *game.Why, error) {
	rs, ok := v.Ruleset.(*atii.Ruleset)
	if !ok || v.State == nil || v.Sim == nil {
		return nil, nil, errors.New("atii ai: needs an ATII game's view with its simulator")
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
		cfg.Seed = uint64(v.State.Seq)*0x9e3779b97f4a7c15 + 1
	}
	acts, err := dom.Actions(v.State, v.Side)
	if err != nil {
		return nil, nil, fmt.Errorf("atii ai: %w", err)
	}
	if len(acts) == 1 {
		return acts[0].Cmd, &game.Why{Line: name(v.State, acts[0].Unit) + search.TrimUnit(acts[0].Text, acts[0].Unit) + " (the only choice)"}, nil
	}
	res, err := search.Search(ctx, v.Sim, dom, v.State, v.Side, cfg)
	if err != nil {
		return nil, nil, fmt.Errorf("atii ai: %w", err)
	}
	best, ok := res.Best()
	if !ok {
		return nil, nil, errors.New("atii ai: no action")
	}
	return best.Cmd, explain(v.State, res), nil
}

// whyShown is how many candidates an explanation lists.
const whyShown = 5

// explain turns a search result into a game.Why: the line ("Ignis
// Fidelis: fires ... (value +42: damage +38, threat +4; 2 decisions
// ahead)") and the top candidates.
func explain(s *rules.State, res search.Result) *game.Why {
	w := &game.Why{}
	for i, r := range res.Ranked {
		if i >= whyShown {
			break
		}
		c := game.Considered{Text: name(s, r.Unit) + search.TrimUnit(r.Text, r.Unit), Value: r.Value, Units: append([]string{r.Unit}, r.Targets...)}
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
	line := fmt.Sprintf("%s%s (value %+.0f", name(s, best.Unit), search.TrimUnit(best.Text, best.Unit), best.Value)
	if len(parts) > 0 {
		line += ": " + strings.Join(parts, ", ")
	}
	ahead := "1 decision ahead"
	if res.Depth != 1 {
		ahead = fmt.Sprintf("%d decisions ahead", res.Depth)
	}
	line += fmt.Sprintf("; %s, %d choices)", ahead, len(res.Ranked))
	w.Line = line
	return w
}

// name is a unit's name and ": ", or "" for no unit.
func name(s *rules.State, id string) string {
	if id == "" {
		return ""
	}
	if u := s.Unit(id); u != nil && u.Name != "" {
		return u.Name + ": "
	}
	return id + ": "
}
