package game_test

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/scenarios"
)

// TestLegalFireNearestHittable checks the fire choices Legal offers
// against the rules computed the slow way: the first declaration has every
// mount fire at the nearest enemy it can hit (ATII-SHT-2 arc and sight,
// ATII-SHT-4 range; ties go to the first in the state's order), and a
// mount left out has no enemy it can hit; each declaration focused on one
// enemy (aimed high or, where cover does not hide the legs, low:
// ATII-SHT-3) is accepted as it is and has a weapon at that enemy.
// Positions come from random games of titan-battlegroup.
func TestLegalFireNearestHittable(t *testing.T) {
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	scn, err := scenarios.Open(scenarios.BundledPrefix+"titan-battlegroup", cat)
	if err != nil {
		t.Fatal(err)
	}
	checked, focused := 0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		g, err := testSystems.New(scn, game.Config{Seed: seed, Catalogue: cat, Quiet: true})
		if err != nil {
			t.Fatal(err)
		}
		err = playRandomGame(g, benchPlayout, seed, func(g *game.Game, side string) bool {
			for _, c := range g.Engine.Legal(side) {
				f, ok := c.Cmd.(*atii.FireCmd)
				if !ok {
					continue
				}
				if !strings.Contains(c.Text, " focuses on ") {
					checkFireChoice(t, g, f)
					checked++
					continue
				}
				// A focused declaration: concrete, accepted as it is, and
				// at least one weapon at the focused enemy.
				focus := strings.Fields(strings.SplitN(c.Text, " focuses on ", 2)[1])[0]
				if err := g.Engine.Check(c.Cmd); err != nil {
					t.Errorf("%s: refused: %v", c.Text, err)
				}
				at := false
				for _, sh := range f.Shots {
					at = at || sh.Target == focus
				}
				if !at {
					t.Errorf("%s: no weapon at %s", c.Text, focus)
				}
				focused++
			}
			return false
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if checked < 20 || focused < 20 {
		t.Fatalf("only %d fire choices and %d focused ones checked", checked, focused)
	}
}

// checkFireChoice compares one offered fire command with the slow rule.
func checkFireChoice(t *testing.T, g *game.Game, f *atii.FireCmd) {
	t.Helper()
	s, rs := g.State(), g.Ruleset.(*atii.Ruleset)
	opts, err := atii.ParseOptions(s.Options)
	if err != nil {
		t.Fatal(err)
	}
	u := s.Unit(f.Unit)
	prof, err := rs.Catalogue().Unit(u.Type)
	if err != nil {
		t.Fatal(err)
	}
	ts, err := atii.TitanOf(u)
	if err != nil {
		t.Fatal(err)
	}
	chosen := map[string]string{}
	for _, sh := range f.Shots {
		chosen[sh.Mount] = sh.Target
	}
	for _, m := range sheet.Of(prof).Mounts {
		wid, _ := u.Loadout.Get(m.ID)
		w, err := rs.Catalogue().Weapon(wid)
		if err != nil || w.Kind == catalog.CloseCombat || atii.CanFire(prof, ts, m.ID, w) != nil {
			continue
		}
		want, bestD := "", -1.0
		for i := range s.Units {
			o := &s.Units[i]
			if o.Side == u.Side || o.Destroyed || o.OffTable || o.Markers.Value(atii.MarkUnplaced) > 0 {
				continue
			}
			setup, err := rs.ShotSetupFor(s, u.ID, atii.Shot{Mount: m.ID, Target: o.ID, Aim: atii.AimHigh})
			if err != nil {
				continue
			}
			if opts.PointBlank && setup.CCOpponent && setup.Range <= atii.PointBlankRange+1e-9 {
				setup.PointBlank = true
			}
			th, err := atii.ToHit(setup, opts)
			if err == nil && !th.AutoMiss && (bestD < 0 || setup.Range < bestD) {
				want, bestD = o.ID, setup.Range
			}
		}
		if got := chosen[m.ID]; got != want {
			t.Errorf("turn %d: %s's %s fires at %q, the nearest it can hit is %q", s.Turn, u.ID, m.ID, got, want)
		}
	}
}

// TestLegalAtReportsBadState: LegalAt on a clone whose titan data does
// not decode says so (Legal only returned fewer choices), and on the
// untouched state it answers without error, like the engine's Legal.
func TestLegalAtReportsBadState(t *testing.T) {
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	scn, err := scenarios.Open(scenarios.BundledPrefix+"titan-battlegroup", cat)
	if err != nil {
		t.Fatal(err)
	}
	g, err := testSystems.New(scn, game.Config{Seed: 17, Catalogue: cat})
	if err != nil {
		t.Fatal(err)
	}
	side := ""
	if err := playRandomGame(g, benchPlayout, 17, func(g *game.Game, s string) bool {
		side = s
		return len(fireChoices(g, s)) > 0
	}); err != nil {
		t.Fatal(err)
	}
	s := g.State()
	good, err := g.Engine.LegalAt(s, side)
	if err != nil || len(good) != len(g.Engine.Legal(side)) {
		t.Fatalf("LegalAt the current state: %d choices, %v", len(good), err)
	}
	bad := s.Clone()
	for i := range bad.Units {
		if bad.Units[i].Side == side {
			bad.Units[i].Ext.Set(atii.ExtTitan, rules.RawExt(`{"damage": 7`))
		}
	}
	if _, err := g.Engine.LegalAt(bad, side); err == nil || !strings.Contains(err.Error(), atii.ExtTitan) {
		t.Fatalf("LegalAt a state with broken titan data: %v, want an error naming %s", err, atii.ExtTitan)
	}
}
