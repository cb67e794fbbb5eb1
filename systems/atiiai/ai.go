package atiiai

import (
	"context"
	"errors"
	"time"

	"github.com/auspex/auspex/ai/player"
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
			cands, err := CandidatesUpTo(context.Background(), d.RS, s, side, c, per)
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

// player is the shared search player over ATII's domain.
func (a AI) player() player.Searcher {
	w := a.Weights
	if w == (Weights{}) {
		w = DefaultWeights()
	}
	return player.Searcher{Name: "atii ai", Budget: a.Budget, Search: a.Search, Domain: domainFor(w)}
}

// domainFor builds ATII's search domain for a controller's view, scored
// with weights w. Errors: a view of another system's game.
func domainFor(w Weights) func(game.View) (search.Domain, error) {
	return func(v game.View) (search.Domain, error) {
		rs, ok := v.Ruleset.(*atii.Ruleset)
		if !ok {
			return nil, errors.New("not an ATII game")
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
