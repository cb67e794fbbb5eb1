package app_test

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/app"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/world"
)

// sightGame is a duel with atii/flat-terrain-sight set to flat.
func sightGame(t *testing.T, flat string) *play.Session {
	t.Helper()
	g, err := testSystems.New(loadDuel(t), game.Config{Seed: 1, Options: map[string]string{atii.OptFlatTerrainSight: flat}})
	if err != nil {
		t.Fatal(err)
	}
	return newPlay(g, map[string]string{"red": play.Human, "blue": play.Human})
}

// shotLOS is the rules' sight verdict for a shot from red to blue with the
// game's options (atii.MeasureShotWith, ATII-SHT-2).
func shotLOS(t *testing.T, s *play.Session) world.LOSVerdict {
	t.Helper()
	st := s.State()
	opts, err := atii.ParseOptions(st.Options)
	if err != nil {
		t.Fatal(err)
	}
	cat := s.G.Ruleset.(*atii.Ruleset).Catalogue()
	base := func(id string) world.Base {
		u := st.Unit(id)
		p, err := cat.Unit(u.Type)
		if err != nil {
			t.Fatal(err)
		}
		return world.Base{ID: u.ID, Pos: u.Pos, Facing: u.Facing, Foot: p.Base}
	}
	geo, err := atii.MeasureShotWith(s.G.Ruleset.(*atii.Ruleset).World(), s.G.Ruleset.Terrain(st), "A", base("red-reaver"), base("blue-reaver"), opts)
	if err != nil {
		t.Fatal(err)
	}
	return geo.LOS
}

// The window's line-of-sight tool in a game reads sight as the game's
// rules do: with atii/flat-terrain-sight on, terrain hides titans whatever
// their height; off, titans see over lower terrain. For a placement where
// the two readings differ, the tool's verdict between the two titans is
// the rules' verdict for a shot between them, under each reading.
func TestSightToolFollowsTheGamesSightOption(t *testing.T) {
	flat, tall := sightGame(t, "on"), sightGame(t, "off")
	red := tall.State().Unit("red-reaver").Pos
	var at world.Vec
	found := false
	for y := 5.0; y <= 115 && !found; y += 5 {
		for x := 5.0; x <= 115 && !found; x += 5 {
			p := world.Vec{X: x, Y: y}
			if p.Sub(red).Len() < 15 {
				continue
			}
			flat.State().Unit("blue-reaver").Pos = p
			tall.State().Unit("blue-reaver").Pos = p
			if shotLOS(t, flat) != shotLOS(t, tall) {
				at, found = p, true
			}
		}
	}
	if !found {
		t.Fatal("no placement of blue where the two sight readings differ")
	}
	for _, s := range []*play.Session{flat, tall} {
		s.State().Unit("blue-reaver").Pos = at
		want := shotLOS(t, s)
		h := newHarness(t, app.Options{Play: s})
		h.run(2)
		h.in.Key(ebiten.KeyL)
		h.flush()
		h.clickAt(red)
		h.clickAt(at)
		los := h.a.LOS()
		if los == nil {
			t.Fatal("the sight tool measured nothing")
		}
		if los.Result.Verdict != want {
			t.Errorf("flat-terrain-sight %s: the tool says %v (%s), the rules decide %v for a shot from red to blue at %v",
				s.State().Options[atii.OptFlatTerrainSight], los.Result.Verdict, los.Reason, want, at)
		}
	}
}
