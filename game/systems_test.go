package game

import "github.com/auspex/auspex/systems/atiisys"

// testSystems is the registry the package's tests play with: ATII, the
// one system whose scenarios are bundled today.
var testSystems = mustSystems(atiisys.New())

func mustSystems(ss ...System) *Systems {
	r, err := NewSystems(ss...)
	if err != nil {
		panic(err)
	}
	return r
}
