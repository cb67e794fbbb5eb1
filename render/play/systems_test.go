package play

import (
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/systems/atiisys"
)

// testSystems is the registry the package's tests play with (ATII).
var testSystems = func() *game.Systems {
	r, err := game.NewSystems(atiisys.New())
	if err != nil {
		panic(err)
	}
	return r
}()
