package atiisys

import (
	"context"
	"fmt"

	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/systems/atiiai"
)

// NewController implements game.ControllerMaker: "greedy" is ATII's one-ply
// baseline (atiiai.Greedy). Errors: any other kind (game.ErrControllerKind).
func (System) NewController(kind string) (game.Controller, error) {
	switch kind {
	case game.KindGreedy:
		return atiiai.Greedy{}, nil
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
