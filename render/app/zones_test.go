package app_test

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/app"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/scenarios"
)

// The window draws a generated mission's deployment map (A-F, from the
// objective cards) as the table's zones, not the titan-mission scenario's
// own zones: every zone drawn is one of the map's.
func TestWindowDrawsTheMissionMapsZones(t *testing.T) {
	cat, err := assets.LoadCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	scn, err := scenarios.LoadBundled("titan-mission", cat)
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.New(scn, game.Config{Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	s := play.New(g, map[string]string{"red": play.Human, "blue": play.Human})
	mv, err := atii.MissionOf(s.State())
	if err != nil || mv.Map == "" {
		t.Fatalf("the mission adopted no map: %+v %v", mv, err)
	}
	h := newHarness(t, app.Options{Play: s})
	h.run(2)
	zs := h.a.SceneInput().Zones
	used := map[string]bool{}
	for _, id := range mv.SideZones {
		used[id] = true
	}
	if len(zs) != len(used) {
		t.Fatalf("%d zones drawn, the sides deploy in %d of map %s", len(zs), len(used), mv.Map)
	}
	for _, z := range zs {
		if !strings.HasPrefix(z.ID, "map-"+mv.Map+":") {
			t.Errorf("zone %s (%q) is not one of map %s's", z.ID, z.Label, mv.Map)
		}
	}
}
