package atii

import (
	"reflect"
	"testing"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
)

// The shipped catalogue (assets/catalog/atii.yaml, through the loader)
// agrees with the fixtures the rules tests use.
func TestCatalogueMatchesFixtures(t *testing.T) {
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatalf("loading the catalogue: %v", err)
	}
	fx := fxCatalogue()
	for id, want := range fx.Units {
		got, err := cat.Unit(id)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		g, w := *got, *want
		for _, u := range []*catalog.Unit{&g, &w} {
			// A copy of the sheet: the normalising below leaves the
			// catalogue and the fixtures as they are.
			sh := *sheet.Of(u)
			u.Profile = &sh
			// Normalise empty slices so nil and [] compare equal.
			if len(sheet.Of(u).Forbidden) == 0 {
				sheet.Of(u).Forbidden = nil
			}
			if len(sheet.Of(u).ForbiddenKinds) == 0 {
				sheet.Of(u).ForbiddenKinds = nil
			}
			if len(u.Specials) == 0 {
				u.Specials = nil
			}
			ms := append([]sheet.Mount(nil), sheet.Of(u).Mounts...)
			for i := range ms {
				if len(ms[i].Forbidden) == 0 {
					ms[i].Forbidden = nil
				}
				if len(ms[i].ForbiddenKinds) == 0 {
					ms[i].ForbiddenKinds = nil
				}
			}
			sheet.Of(u).Mounts = ms
		}
		if !reflect.DeepEqual(g, w) {
			t.Errorf("unit %s:\n yaml    %+v %+v\n fixture %+v %+v", id, g, g.Profile, w, w.Profile)
		}
	}
	for id, want := range fx.Weapons {
		got, err := cat.Weapon(id)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		g, w := *got, *want
		g.Notes, w.Notes = "", ""
		if len(g.Specials) == 0 {
			g.Specials = nil
		}
		if len(w.Specials) == 0 {
			w.Specials = nil
		}
		if !reflect.DeepEqual(g, w) {
			t.Errorf("weapon %s:\n yaml    %+v\n fixture %+v", id, g, w)
		}
	}
	n := 0
	for _, w := range cat.Weapons {
		if w.System == catalog.ATII {
			n++
		}
	}
	if n != len(fx.Weapons) {
		t.Errorf("catalogue has %d ATII weapons, fixtures %d", n, len(fx.Weapons))
	}
	// Every default loadout is legal, and every hit table covers 0..7.
	for _, id := range []string{"warhound", "reaver", "warlord"} {
		u, _ := cat.Unit(id)
		if _, err := BuildLoadout(cat, u, nil); err != nil {
			t.Errorf("%s default loadout: %v", id, err)
		}
		for _, dir := range []sheet.Direction{sheet.Front, sheet.Side, sheet.Rear} {
			for r := 0; r <= 7; r++ {
				row, err := HitRowFor(u, dir, r)
				if err != nil || row.Min > r || row.Max < r {
					t.Errorf("%s %s roll %d: %+v %v", id, dir, r, row, err)
				}
			}
		}
	}
}
