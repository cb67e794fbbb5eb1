package e40kui

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/world"
)

// testSys is a test-only E40K game.System (systems/e40ksys is built on
// another branch): the ruleset with the E40K terrain table, the state from
// a scenario's sides and detachments (first unit HQ, ratings rolled off).
type testSys struct{}

func (testSys) ID() string   { return e40k.RulesetID }
func (testSys) Name() string { return "Epic 40,000 (test)" }
func (testSys) Plays(scn *scenarios.Scenario) bool {
	return scn != nil && scn.System == catalog.E40K
}

func (testSys) NewRuleset(scn *scenarios.Scenario) (rules.Ruleset, error) {
	table, err := assets.LoadTerrainTable(string(catalog.E40K))
	if err != nil {
		return nil, err
	}
	return e40k.NewRuleset(scn.Catalogue, table.Rules(), scn.World)
}

func (testSys) BuildState(scn *scenarios.Scenario, rs rules.Ruleset, seed uint64, overrides map[string]string) (*rules.State, error) {
	if len(scn.Sides) != 2 {
		return nil, errors.New("two sides")
	}
	st := &rules.State{Ruleset: e40k.RulesetID, Seed: seed, Options: map[string]string{}}
	for _, o := range scn.Options {
		st.Options[o] = "on"
	}
	for k, v := range overrides {
		st.Options[k] = v
	}
	for _, sd := range scn.Sides {
		st.Sides = append(st.Sides, rules.Side{ID: sd.ID, Name: sd.Name, Controller: rules.ControllerHuman})
		for _, f := range sd.Formations {
			st.Formations = append(st.Formations, rules.Formation{ID: f.ID, Side: sd.ID, Name: f.Name})
			for i, u := range f.Units {
				ru := rules.Unit{ID: u.ID, Side: sd.ID, Type: u.Type, Name: u.Name, Formation: f.ID, Pos: u.Pos, Facing: u.Facing}
				if i == 0 {
					ru.Markers.Set(e40k.MarkHQ, 1)
				}
				st.Units = append(st.Units, ru)
			}
		}
	}
	su := e40k.Setup{TurnLimit: scn.TurnLimit}
	for _, o := range scn.Objectives {
		su.Objectives = append(su.Objectives, e40k.Objective{ID: o.ID, Pos: o.Pos})
	}
	if err := e40k.SetSetup(st, su); err != nil {
		return nil, err
	}
	return st, nil
}

func (testSys) SafeDefault(rs rules.Ruleset, st *rules.State, side string, choices []rules.Choice) rules.Command {
	for _, c := range choices {
		if c.Name == e40k.CmdPass {
			return c.Cmd
		}
	}
	return nil
}

// newUI starts the bundled E40K showcase with both sides human.
func newUI(t testing.TB, seed uint64) *UI {
	t.Helper()
	return newUIWith(t, seed, nil)
}

// newUIWith is newUI with rules options.
func newUIWith(t testing.TB, seed uint64, options map[string]string) *UI {
	t.Helper()
	cat, err := assets.LoadCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	scn, err := scenarios.LoadBundled("e40k-combined-arms", cat)
	if err != nil {
		t.Fatal(err)
	}
	sys, err := game.NewSystems(testSys{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := sys.New(scn, game.Config{Seed: seed, Options: options})
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

var _ = fmt.Sprint
