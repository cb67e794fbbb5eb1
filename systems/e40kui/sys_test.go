package e40kui

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/systems/e40ksys"
	"github.com/auspex/auspex/world"
)

// testSystems are the systems the tests build games with: E40K's own
// (systems/e40ksys).
func testSystems(t testing.TB) *game.Systems {
	t.Helper()
	sys, err := game.NewSystems(e40ksys.New())
	if err != nil {
		t.Fatal(err)
	}
	return sys
}

// newUI starts the bundled E40K showcase with both sides human.
func newUI(t testing.TB, seed uint64) *UI {
	t.Helper()
	return newUIWith(t, seed, nil)
}

// newUIWith is newUI with rules options.
func newUIWith(t testing.TB, seed uint64, options map[string]string) *UI {
	t.Helper()
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	scn, err := scenarios.LoadBundled("e40k-combined-arms", cat)
	if err != nil {
		t.Fatal(err)
	}
	g, err := testSystems(t).New(scn, game.Config{Seed: seed, Options: options})
	if err != nil {
		t.Fatal(err)
	}
	uis, err := play.NewAdapters(New())
	if err != nil {
		t.Fatal(err)
	}
	s, err := uis.New(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	u := Of(s)
	if u == nil {
		t.Fatal("no E40K UI")
	}
	return u
}

// hudText is every text of the play HUD.
func hudText(s *UI) string {
	prims, _ := s.HUD(play.Layout{W: 1400, H: 900, DSF: 1, Top: 38, Bottom: 24})
	var b strings.Builder
	for _, p := range prims {
		if p.Kind == scene.Text {
			b.WriteString(p.Text)
			b.WriteByte(' ')
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// posOf is a unit's position now.
func posOf(t testing.TB, s *UI, id string) world.Vec {
	t.Helper()
	u := s.State().Unit(id)
	if u == nil {
		t.Fatalf("no unit %s", id)
	}
	return u.Pos
}
