package e40ksys

import (
	"context"
	"fmt"

	"github.com/auspex/auspex/ai/script"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/systems/e40kai"
)

// NewController implements game.ControllerMaker: "greedy" is E40K's
// one-ply baseline (e40kai.Greedy), "ai" and "ai:SECONDS" its search
// player (e40kai.AI). Errors: a bad time, any other kind
// (game.ErrControllerKind).
func (System) NewController(kind string) (game.Controller, error) {
	if kind == game.KindGreedy {
		return e40kai.Greedy{}, nil
	}
	if budget, ok, err := game.ParseAIKind(kind); ok {
		if err != nil {
			return nil, err
		}
		return e40kai.AI{Budget: budget}, nil
	}
	return nil, fmt.Errorf("%w: Epic 40,000 has no %q player", game.ErrControllerKind, kind)
}

// Candidates implements game.CandidateGenerator with e40kai.Candidates.
// Errors: a ruleset other than E40K's, e40kai's.
func (System) Candidates(ctx context.Context, rs rules.Ruleset, st *rules.State, side string, tmpl rules.Choice) ([]rules.Choice, error) {
	ers, ok := rs.(*e40k.Ruleset)
	if !ok {
		return nil, fmt.Errorf("candidates: ruleset %T is not E40K's", rs)
	}
	return e40kai.Candidates(ctx, ers, st, side, tmpl)
}

// SafeDefault implements game.System: a side whose controller fails
// passes (the detachment does not move, shoot, assault or rally; overwatch
// fire and bombardments are held), gives overwatch orders (the detachment
// stays where it is), and at an initiative choice goes first.
func (System) SafeDefault(_ rules.Ruleset, _ *rules.State, _ string, choices []rules.Choice) rules.Command {
	for _, c := range choices {
		if c.Name == e40k.CmdPass && c.Continuous == "" {
			return c.Cmd
		}
	}
	for _, c := range choices {
		if oc, ok := c.Cmd.(*e40k.OrdersCmd); ok && oc.Order == e40k.OrderOverwatch {
			return c.Cmd
		}
	}
	for _, c := range choices {
		if c.Continuous == "" {
			return c.Cmd
		}
	}
	return nil
}

// NewScript implements game.ScriptMaker: the scenario's tasks for side
// played by e40kai.NewScripted. Errors: the side is unknown.
func (System) NewScript(scn *scenarios.Scenario, side string, seed uint64) (game.Controller, error) {
	p, err := script.NewPlan(scn, side, seed)
	if err != nil {
		return nil, err
	}
	return e40kai.NewScripted(p), nil
}

// Score implements game.Scorer: each side's count of enemy units
// destroyed or gone from the table, the measure E40K's end-of-game
// victory compares (as a share of the enemy army) and army morale reads.
// (The bundled E40K profiles have no points values yet, so
// e40k.Ruleset.Points would be 0 for every side.) Errors: a ruleset other
// than E40K's.
func (System) Score(rs rules.Ruleset, st *rules.State) (map[string]int, error) {
	if _, ok := rs.(*e40k.Ruleset); !ok {
		return nil, fmt.Errorf("score: ruleset %T is not E40K's", rs)
	}
	out := map[string]int{}
	for _, sd := range st.Sides {
		out[sd.ID] = 0
	}
	for i := range st.Units {
		u := &st.Units[i]
		if !u.Destroyed && !u.OffTable {
			continue
		}
		for _, sd := range st.Sides {
			if sd.ID != u.Side {
				out[sd.ID]++
			}
		}
	}
	return out, nil
}
