package atiiai

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
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
// template, the first BaseMoves of the candidate generator's moves
// (advance, straight ahead, cover, face the enemy, the ring) and up to
// TacticalMoves of the tactical end points (tactics.go: an objective, an
// enemy's rear or side, out of enemy arcs, the range bands), topped up
// from the generator to MovesPerTitan; positions are scored by Evaluator.
type Domain struct {
	RS   *atii.Ruleset
	Sim  *rules.Simulator
	Eval Evaluator
	// MovesPerTitan caps the move candidates per template (0: 7);
	// BaseMoves and TacticalMoves cap the two sources (0: 4 and 3;
	// TacticalMoves < 0: none).
	MovesPerTitan, BaseMoves, TacticalMoves int
	// Root is the controller's view when the root's actions should
	// include greedy's choice (RootActions); nil: they do not.
	Root *game.View
}

// RootActions implements search.RootActions: the macro-actions, plus
// what Greedy would play here when it is none of them (its volley picks
// each weapon's target and aim by the exact odds, which Legal's fire
// choices, one target or the nearest for every weapon, do not cover; its
// moves walk to the side's goals and charge only a close combat it
// expects to win). The search then weighs greedy's choice like any other
// and never overlooks it. Only at the root: greedy's own decision costs
// milliseconds.
func (d Domain) RootActions(ctx context.Context, s *rules.State, side string) ([]search.Action, error) {
	acts, err := d.ActionsContext(ctx, s, side)
	if err != nil || d.Root == nil || d.Root.State != s || d.Root.Side != side || len(acts) == 0 {
		return acts, err
	}
	cmd, err := Greedy{}.Decide(ctx, *d.Root)
	if err != nil || cmd == nil {
		return acts, nil // greedy has nothing to add: the search goes on without it
	}
	key, err := json.Marshal(cmd)
	if err != nil {
		return acts, nil
	}
	for _, a := range acts {
		if a.Cmd.Name() != cmd.Name() {
			continue
		}
		if k, err := json.Marshal(a.Cmd); err == nil && bytes.Equal(k, key) {
			return acts, nil // already among them
		}
	}
	return append(acts, greedyAction(cmd)), nil
}

// greedyAction is greedy's command as a search action, with a text.
func greedyAction(cmd rules.Command) search.Action {
	a := search.Action{Cmd: cmd, Text: cmd.Name() + " (greedy's pick)"}
	switch c := cmd.(type) {
	case *atii.FireCmd:
		var b strings.Builder
		b.WriteString(c.Unit + " fires: ")
		for i, sh := range c.Shots {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%s at %s %s", sh.Mount, sh.Target, sh.Aim)
			if !slices.Contains(a.Targets, sh.Target) {
				a.Targets = append(a.Targets, sh.Target)
			}
		}
		b.WriteString(" (each weapon's best target by the exact odds)")
		a.Unit, a.Text = c.Unit, b.String()
	case *atii.MoveCmd:
		a.Unit = c.Unit
		if n := len(c.Path); n > 0 {
			a.Text = fmt.Sprintf("%s: move to (%.1f, %.1f) (greedy's walk)", c.Unit, c.Path[n-1].X, c.Path[n-1].Y)
		}
	case *atii.HoldCmd:
		a.Unit, a.Text = c.Unit, c.Unit+" holds (greedy's pick)"
	}
	return a
}

// LosingShare is how far behind on damage a side must be, as a share of
// its own titans' points, to count as losing (Domain.losing).
const LosingShare = 0.1

// losing reports whether side has taken more damage than it has dealt at
// s by more than LosingShare of its own points (the evaluation's damage
// term): then its move candidates include disengaging (tacticalMoves).
func (d Domain) losing(s *rules.State, side string) bool {
	own := 0.0
	for i := range s.Units {
		if u := &s.Units[i]; u.Side == side {
			if p, err := d.RS.Catalogue().Unit(u.Type); err == nil {
				own += float64(max(p.Points, 1))
			}
		}
	}
	// Only the damage term is read: the others (the exact exchange of
	// fire above all) are not worked out.
	dmgOnly := Evaluator{RS: d.Eval.RS}
	for _, t := range dmgOnly.Evaluate(s, side).Terms {
		if t.Name == "damage" {
			return t.Value < -LosingShare*own
		}
	}
	return false
}

// movesFor fills move or deploy template c of side at s. Errors: ctx
// done.
func (d Domain) movesFor(ctx context.Context, s *rules.State, side string, c rules.Choice, unit string) ([]search.Action, error) {
	per, base, tact := d.MovesPerTitan, d.BaseMoves, d.TacticalMoves
	if per <= 0 {
		per = 7
	}
	if base <= 0 {
		base = 4
	}
	if tact == 0 {
		tact = 3
	}
	cands, err := CandidatesUpTo(ctx, d.RS, s, side, c, per)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, nil
	}
	var extra []rules.Choice
	if _, ok := c.Cmd.(*atii.MoveCmd); ok && tact > 0 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		extra = tacticalMoves(d.RS, s, side, unit, d.Eval.Goals, d.losing(s, side), tact)
	}
	cands = d.priceDanger(s, cands) // the tactical ones are priced as collected
	picked := append([]rules.Choice(nil), cands[:min(base, len(cands))]...)
	picked = append(picked, extra...)
	for _, cc := range cands[min(base, len(cands)):] {
		if len(picked) >= per {
			break
		}
		picked = append(picked, cc)
	}
	out := make([]search.Action, 0, len(picked))
	for i, cc := range picked {
		if i >= per {
			break
		}
		ca := search.Action{Cmd: cc.Cmd, Text: cc.Text, Unit: unit}
		if ca.Text == "" {
			ca.Text = c.Text
		}
		out = append(out, ca)
	}
	return out, nil
}

// MinComplete is the least chance, from the exact dangerous terrain dice
// (ATII-MOV-4), that a tactical move crossing dangerous terrain gets all
// the way for the AI to consider it: below it the titan would likely stop
// inside the terrain, short of the spot the move was meant for.
const MinComplete = 0.5

// priceDanger says in the text of each move of cs that crosses dangerous
// terrain its chance of getting all the way ("(83 % to get through)").
// The generator's moves are all kept, however unlikely (the search's
// dice samples weigh them); the tactical end points below MinComplete
// are refused where they are collected. Moves the rules cannot price
// are kept as they are.
func (d Domain) priceDanger(s *rules.State, cs []rules.Choice) []rules.Choice {
	for i, c := range cs {
		if mv, ok := c.Cmd.(*atii.MoveCmd); ok {
			if pv, err := d.RS.PlanMove(s, mv); err == nil {
				cs[i].Text += throughText(pv)
			}
		}
	}
	return cs
}

// throughText is " (83 % to get through)" for a move that may stop short
// in dangerous terrain, "" for one sure to get all the way.
func throughText(pv atii.MovePlanView) string {
	if pv.Odds == nil || pv.Odds.Complete >= 1 {
		return ""
	}
	return fmt.Sprintf(" (%.0f %% to get through)", 100*pv.Odds.Complete)
}

// Actions implements search.Domain.
func (d Domain) Actions(s *rules.State, side string) ([]search.Action, error) {
	return d.ActionsContext(context.Background(), s, side)
}

// ActionsContext implements search.ContextActions: Actions, stopping
// with ctx's error when ctx ends while moves are generated.
func (d Domain) ActionsContext(ctx context.Context, s *rules.State, side string) ([]search.Action, error) {
	choices, err := d.Sim.Legal(s, side)
	if err != nil {
		return nil, err
	}
	choices = d.inOrder(s, choices)
	var out, shields []search.Action
	var losing *bool
	for _, c := range choices {
		a := search.Action{Cmd: c.Cmd, Text: c.Text}
		if len(c.Units) > 0 {
			a.Unit = c.Units[0]
		}
		if c.Name == atii.CmdFire && len(c.Units) > 1 {
			a.Targets = append([]string(nil), c.Units[1:]...)
		}
		switch {
		case c.Name == atii.CmdDisengage:
			// Disengaging gives up the titan's shooting and close combat
			// for the turn (ATII's disengage rule), which a search a few
			// decisions deep cannot weigh: it is a choice for a side
			// that is losing (the tactical moves disengage the same way).
			if losing == nil {
				l := d.losing(s, side)
				losing = &l
			}
			if *losing {
				out = append(out, a)
			}
		case c.Name == atii.CmdShields:
			shields = append(shields, a)
		case c.Continuous != "":
			moves, err := d.movesFor(ctx, s, side, c, a.Unit)
			if err != nil {
				return nil, err
			}
			out = append(out, moves...)
		default:
			out = append(out, a)
		}
	}
	if len(out) == 0 {
		return shields, nil // only standing orders are left: offer them
	}
	return out, nil
}

// inOrder drops the moves and holds of titans that would act out of
// order (ATII-MOV-1: starting one forfeits the activation of each titan of
// the side that should have gone first) while some titan may act without
// forfeiting any: a forfeit throws away a titan's move for the phase, a
// loss the evaluation cannot see within the search's horizon (the AI
// kept moving its Warhounds first and left its Warlord and Reavers
// standing for whole games). The other choices are kept as they are.
func (d Domain) inOrder(s *rules.State, choices []rules.Choice) []rules.Choice {
	if s.Step != atii.StepMovement && s.Step != atii.StepAssault {
		return choices
	}
	costly := map[string]bool{}
	free := false
	for _, c := range choices {
		if (c.Name != atii.CmdMove && c.Name != atii.CmdHold) || len(c.Units) == 0 {
			continue
		}
		id := c.Units[0]
		if _, seen := costly[id]; !seen {
			costly[id] = len(d.RS.Forfeits(s, id)) > 0
		}
		free = free || !costly[id]
	}
	if !free {
		return choices
	}
	out := make([]rules.Choice, 0, len(choices))
	for _, c := range choices {
		if (c.Name == atii.CmdMove || c.Name == atii.CmdHold) && len(c.Units) > 0 && costly[c.Units[0]] {
			continue
		}
		out = append(out, c)
	}
	return out
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
	// Search tunes the search (zero: its defaults, but MaxDepth
	// DefaultMaxDepth with Widen and ReplySamples DefaultReplySamples;
	// the seed is the player's own).
	Search search.Config
	// Weights tune the evaluation (zero: DefaultWeights).
	Weights Weights
	// MovesPerTitan caps the move candidates per titan (0: the Domain's
	// default, 7).
	MovesPerTitan int
}

// DefaultMaxDepth is how many decisions ahead the ATII AI looks by
// default: its own action and the opponent's best reply. Spare time goes
// into more dice samples (search.Config.Widen) rather than deeper lines:
// against greedy on the battlegroup, the search five or six decisions
// deep that a second bought on this machine won 3 and 4 of 10 games,
// where one or two decisions deep it won 6 to 8 of 10 (docs/ai.md).
const DefaultMaxDepth = 2

// DefaultReplySamples is how many dice samples the ATII AI averages each
// reply over (search.Config.ReplySamples): with one, the opponent's reply
// was judged by the dice it would roll, as if it knew them, and the AI
// shied from shots a lucky answer would punish. Against greedy on the
// battlegroup at 6,000 positions a decision, three won more games and
// more victory points than one over the same 20 games (docs/ai.md).
const DefaultReplySamples = 3

// player is the shared search player over ATII's domain.
func (a AI) player() player.Searcher {
	w := a.Weights
	if w == (Weights{}) {
		w = DefaultWeights()
	}
	cfg := a.Search
	if cfg.MaxDepth == 0 {
		cfg.MaxDepth, cfg.Widen = DefaultMaxDepth, true
	}
	if cfg.ReplySamples == 0 {
		cfg.ReplySamples = DefaultReplySamples
	}
	return player.Searcher{Name: "atii ai", Budget: a.Budget, Search: cfg, Domain: domainFor(w, true, true, a.MovesPerTitan)}
}

// domainFor builds ATII's search domain for a controller's view, scored
// with weights w; with goals, the view's victory goals (BuildGoals) are
// scored and sought (a scripted opponent's goals are its tasks instead);
// with greedyRoot, the root's actions include greedy's choice
// (Domain.RootActions); moves is Domain.MovesPerTitan.
// Errors: a view of another system's game.
func domainFor(w Weights, goals, greedyRoot bool, moves int) func(game.View) (search.Domain, error) {
	return func(v game.View) (search.Domain, error) {
		rs, ok := v.Ruleset.(*atii.Ruleset)
		if !ok {
			return nil, errors.New("not an ATII game")
		}
		ev := Evaluator{RS: rs, W: w}
		if w.Exchange != 0 {
			ev.Memo = atii.NewOutcomeMemo(0)
		}
		if goals && v.State != nil {
			ev.Goals = BuildGoals(rs, v.State)
		}
		d := Domain{RS: rs, Sim: v.Sim, Eval: ev, MovesPerTitan: moves}
		if greedyRoot {
			d.Root = &v
		}
		return d, nil
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
