package atiisys

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/auspex/auspex/ai/script"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/systems/atiiai"
)

// NewController implements game.ControllerMaker: "greedy" is ATII's one-ply
// baseline (atiiai.Greedy), "ai" and "ai:SECONDS" its search player
// (atiiai.AI). Errors: a bad time, any other kind (game.ErrControllerKind).
func (System) NewController(kind string) (game.Controller, error) {
	switch kind {
	case game.KindGreedy:
		return atiiai.Greedy{}, nil
	}
	if budget, ok, err := game.ParseAIKind(kind); ok {
		if err != nil {
			return nil, err
		}
		return atiiai.AI{Budget: budget}, nil
	}
	return nil, fmt.Errorf("%w: Adeptus Titanicus II has no %q player", game.ErrControllerKind, kind)
}

// Candidates implements game.CandidateGenerator with
// atiiai.Candidates. Errors: a ruleset other than ATII's, atiiai's.
func (System) Candidates(ctx context.Context, rs rules.Ruleset, st *rules.State, side string, tmpl rules.Choice) ([]rules.Choice, error) {
	ars, ok := rs.(*atii.Ruleset)
	if !ok {
		return nil, fmt.Errorf("candidates: ruleset %T is not ATII's", rs)
	}
	return atiiai.Candidates(ctx, ars, st, side, tmpl)
}

// SafeDefault implements game.System: a titan that fails to decide holds
// (movement, assault, shooting: ATII-MOV-1's activation ends), overwatch
// fire is passed (the advanced rule's pass), any other decision takes its
// first discrete choice that is not a shield order (go first, no titan on
// overwatch, the offered repairs), and a titan to deploy stands on the
// first deployment candidate.
func (System) SafeDefault(rs rules.Ruleset, st *rules.State, side string, choices []rules.Choice) rules.Command {
	for _, name := range []string{atii.CmdHold, atii.CmdPass} {
		for _, c := range choices {
			if c.Name == name && c.Continuous == "" {
				return c.Cmd
			}
		}
	}
	for _, c := range choices {
		if c.Continuous == "" && c.Name != atii.CmdShields {
			return c.Cmd
		}
	}
	ars, ok := rs.(*atii.Ruleset)
	if !ok {
		return nil
	}
	for _, c := range choices {
		if cands, err := atiiai.Candidates(context.Background(), ars, st, side, c); err == nil && len(cands) > 0 {
			return cands[0].Cmd
		}
	}
	return nil
}

// NewScript implements game.ScriptMaker: the scenario's tasks for side
// played by atiiai.NewScripted. Errors: the side is unknown.
func (System) NewScript(scn *scenarios.Scenario, side string, seed uint64) (game.Controller, error) {
	p, err := script.NewPlan(scn, side, seed)
	if err != nil {
		return nil, err
	}
	return atiiai.NewScripted(p), nil
}

// Score implements game.Scorer: each side's victory points (ATII-VIC-1).
func (System) Score(rs rules.Ruleset, st *rules.State) (map[string]int, error) {
	ars, ok := rs.(*atii.Ruleset)
	if !ok {
		return nil, fmt.Errorf("score: ruleset %T is not ATII's", rs)
	}
	return ars.VictoryPoints(st)
}

// Sample implements game.Sampler with atiiai.Sample. Errors: a ruleset
// other than ATII's, atiiai's.
func (System) Sample(ctx context.Context, rs rules.Ruleset, st *rules.State, side string, tmpl rules.Choice, rng *rand.Rand) (rules.Choice, bool, error) {
	ars, ok := rs.(*atii.Ruleset)
	if !ok {
		return rules.Choice{}, false, fmt.Errorf("sample: ruleset %T is not ATII's", rs)
	}
	return atiiai.Sample(ctx, ars, st, side, tmpl, rng)
}
