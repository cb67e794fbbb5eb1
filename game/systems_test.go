package game_test

import (
	"reflect"
	"testing"

	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/systems/atiisys"
	"github.com/auspex/auspex/systems/e40ksys"
	"github.com/auspex/auspex/systems/eadata"
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

// TestSystemsReaders: the registry collects the profile readers of its
// systems (E40K brings the ATII sheets of the titans it fields), adds
// those of data-only systems without changing the original, and loads the
// catalogue with them.
func TestSystemsReaders(t *testing.T) {
	r := mustSystems(atiisys.New(), e40ksys.New())
	if got := r.Readers().Systems(); !reflect.DeepEqual(got, []catalog.System{catalog.ATII, catalog.E40K}) {
		t.Errorf("readers = %v", got)
	}
	withEA := r.WithReaders(eadata.Reader{})
	if got := withEA.Readers().Systems(); len(got) != 3 || len(r.Readers()) != 2 || len(withEA.List()) != 2 {
		t.Errorf("with EA: %v; the original has %d", got, len(r.Readers()))
	}
	cat, err := withEA.Catalogue()
	if err != nil {
		t.Fatal(err)
	}
	if cat.Units["ea-tactical-marines"] == nil || cat.Units["warlord"] == nil || cat.Units["e40k-rhino"] == nil {
		t.Error("the catalogue lacks a system's units")
	}
	cat, err = testSystems.Catalogue()
	if err != nil {
		t.Fatal(err)
	}
	for id, u := range cat.Units {
		if u.System != catalog.ATII {
			t.Errorf("an ATII-only build loaded %s unit %s", u.System, id)
		}
	}
}
