package main

import (
	"fmt"

	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/systems/atiisys"
	"github.com/auspex/auspex/systems/atiiui"
	"github.com/auspex/auspex/systems/e40ksys"
	"github.com/auspex/auspex/systems/e40kui"
	"github.com/auspex/auspex/systems/eadata"
)

// shippedSystems registers the rule systems this build plays. It is the
// one place cmd/auspex names a system; everything else receives the
// registry.
func shippedSystems() *game.Systems {
	r, err := game.NewSystems(atiisys.New(), e40ksys.New())
	if err != nil {
		// The list above is fixed at compile time; a failure is a
		// programming error caught by TestShippedSystems.
		panic(fmt.Sprintf("auspex: registering the rule systems: %v", err))
	}
	// EA has a catalogue and no rules yet: its files are read and
	// checked all the same.
	return r.WithReaders(eadata.Reader{})
}

// shippedReaders are the profile readers of the shipped systems: what
// the catalogue is loaded with.
func shippedReaders() catalog.Readers { return shippedSystems().Readers() }

// shippedUIs registers the play UIs of the systems shippedSystems lists.
func shippedUIs() *play.Adapters {
	r, err := play.NewAdapters(atiiui.New(), e40kui.New())
	if err != nil {
		// Fixed at compile time too; caught by TestShippedUIs.
		panic(fmt.Sprintf("auspex: registering the play UIs: %v", err))
	}
	return r
}
