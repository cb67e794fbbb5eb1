package atiisys

import (
	"fmt"

	"github.com/auspex/auspex/game"
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
