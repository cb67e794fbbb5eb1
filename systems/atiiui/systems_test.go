package atiiui

import (
	"fmt"

	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/play"
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

// testUIs are the play UIs of the tests: ATII's.
var testUIs = func() *play.Adapters {
	r, err := play.NewAdapters(New())
	if err != nil {
		panic(err)
	}
	return r
}()

// newUI is a session on g with ATII's UI, which the tests drive.
func newUI(g *game.Game, kinds map[string]string) *UI {
	s, err := testUIs.New(g, kinds)
	if err != nil {
		panic(fmt.Sprintf("a session on an ATII game: %v", err))
	}
	return Of(s)
}

// loadATII is play's Load for the tests: the session's ATII side.
func loadATII(sys *game.Systems, path string, kinds map[string]string, cfg game.Config) (*UI, error) {
	s, err := testUIs.Load(sys, path, kinds, cfg)
	if err != nil {
		return nil, err
	}
	return Of(s), nil
}
