package app_test

import (
	"fmt"

	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/systems/atiisys"
	"github.com/auspex/auspex/systems/atiiui"
)

// testSystems is the registry the package's tests play with (ATII).
var testSystems = func() *game.Systems {
	r, err := game.NewSystems(atiisys.New())
	if err != nil {
		panic(err)
	}
	return r
}()

// testUIs are the play UIs of the tests: ATII's.
var testUIs = func() *play.Adapters {
	r, err := play.NewAdapters(atiiui.New())
	if err != nil {
		panic(err)
	}
	return r
}()

// newPlay is a session on g (an ATII game) with the tests' play UIs.
func newPlay(g *game.Game, kinds map[string]string) *play.Session {
	s, err := testUIs.New(g, kinds)
	if err != nil {
		panic(fmt.Sprintf("a session on an ATII game: %v", err))
	}
	return s
}
