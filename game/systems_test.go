package game_test

import (
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/systems/atiisys"
)

// testSystems is the registry the package's tests play with: ATII, the
// one system whose scenarios are bundled today.
var testSystems = mustSystems(atiisys.New())

func mustSystems(ss ...game.System) *game.Systems {
	r, err := game.NewSystems(ss...)
	if err != nil {
		panic(err)
	}
	return r
}
