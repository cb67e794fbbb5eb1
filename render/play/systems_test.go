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

// loadATII is Load for the tests: the session's ATII side.
func loadATII(sys *game.Systems, path string, kinds map[string]string, cfg game.Config) (*ATIIUI, error) {
	s, err := Load(sys, path, kinds, cfg)
	if err != nil {
		return nil, err
	}
	return ATIIOf(s), nil
}
