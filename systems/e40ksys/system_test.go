package e40ksys_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/auspex/auspex/ai/search"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/systems/e40kai"
	"github.com/auspex/auspex/systems/e40ksys"
	"github.com/auspex/auspex/world"
)

// combinedArms opens the bundled combined-arms scenario.
func combinedArms(t testing.TB) *scenarios.Scenario {
	t.Helper()
	scns, _ := bundledE40K(t)
	for _, s := range scns {
		if s.File == scenarios.BundledPrefix+"e40k-combined-arms" {
			return s
		}
	}
	t.Fatal("no bundled e40k-combined-arms")
	return nil
}

// TestBuildStateE40KCMD1: the state has both sides, one detachment per
// formation, each with exactly one HQ, the HQ being the catalogue's
// commanding unit (E40K-CMD-1), the scenario's set-up and the strategy
// ratings of the armies fielded (E40K-INI-1: Space Marines 5, Orks 3).
func TestBuildStateE40KCMD1(t *testing.T) {
	scn := combinedArms(t)
	g, err := systems(t).New(scn, game.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := g.State()
	if len(s.Sides) != 2 || s.Sides[1].Controller != rules.ControllerScript {
		t.Errorf("sides: %+v", s.Sides)
	}
	if len(s.Formations) != 7 {
		t.Errorf("%d detachments, want 7", len(s.Formations))
	}
	hqs := map[string][]string{}
	for _, u := range s.Units {
		if u.Markers.Value(e40k.MarkHQ) > 0 {
			hqs[u.Formation] = append(hqs[u.Formation], u.ID)
		}
	}
	want := map[string]string{"tactical-detachment": "tactical-hq", "devastator-detachment": "devastator-hq", "armour-detachment": "armour-hq",
		"artillery-detachment": "battery-hq", "boyz-mob": "warboss", "wagon-mob": "wagon-nobz", "gargant-mob": "gargant-nobz"}
	for det, hq := range want {
		if got := hqs[det]; len(got) != 1 || got[0] != hq {
			t.Errorf("%s: HQ %v, want [%s]", det, got, hq)
		}
	}
	su, err := g.Ruleset.(*e40k.Ruleset).SetupOf(s)
	if err != nil {
		t.Fatal(err)
	}
	if su.Ratings["marines"] != 5 || su.Ratings["orks"] != 3 {
		t.Errorf("ratings %v, want marines 5, orks 3", su.Ratings)
	}
	if su.TurnLimit != 5 || len(su.Objectives) != 2 || len(su.Zones) != 2 || len(su.Victory) != 5 {
		t.Errorf("set-up: turn limit %d, %d objectives, %d zones, %d victory rules", su.TurnLimit, len(su.Objectives), len(su.Zones), len(su.Victory))
	}
	if _, err := systems(t).New(scn, game.Config{Seed: 1, Options: map[string]string{"e40k/nonsense": "on"}}); err == nil {
		t.Error("an unknown option override must be refused")
	}
	if _, err := systems(t).New(scn, game.Config{Seed: 1, Options: map[string]string{e40k.OptCC2D6: "maybe"}}); err == nil {
		t.Error("a bad option value must be refused")
	}
}

// TestRatingsMixedForceE40KINI1: a Space Marine force that also fields an
// Imperial Guard unit takes the army's mixed rating (4, not 5).
func TestRatingsMixedForceE40KINI1(t *testing.T) {
	scn := combinedArms(t)
	if r := e40ksys.Ratings(scn); r["marines"] != 5 {
		t.Fatalf("pure marines: %v", r)
	}
	cp := *scn
	var sides []*scenarios.Side
	for _, sd := range scn.Sides {
		c := *sd
		if c.ID == "marines" {
			f := *c.Formations[0]
			f.Units = append(append([]*scenarios.Unit(nil), f.Units...), &scenarios.Unit{ID: "guard", Type: "e40k-leman-russ"})
			c.Formations = append([]*scenarios.Formation{&f}, c.Formations[1:]...)
		}
		sides = append(sides, &c)
	}
	cp.Sides = sides
	if r := e40ksys.Ratings(&cp); r["marines"] != 4 || r["orks"] != 3 {
		t.Errorf("mixed force: %v, want marines 4, orks 3", r)
	}
}

// TestNotE40KRefused: another system's scenario is not E40K's.
func TestNotE40KRefused(t *testing.T) {
	scn := *combinedArms(t)
	scn.System = "atii"
	if e40ksys.New().Plays(&scn) {
		t.Error("plays an ATII scenario")
	}
	if _, err := e40ksys.NewRuleset(&scn); !errors.Is(err, e40ksys.ErrNotE40K) {
		t.Errorf("NewRuleset: %v, want ErrNotE40K", err)
	}
}

// TestSafeDefaultE40K: a failing controller passes where it can, gives
// overwatch orders (its detachment stays put), and the game plays on to
// its end with the failures recorded.
func TestSafeDefaultE40K(t *testing.T) {
	g, err := systems(t).New(combinedArms(t), game.Config{Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	fail := game.ControllerFunc(func(context.Context, game.View) (rules.Command, error) { return nil, errors.New("broken") })
	res, err := g.PlayWith(context.Background(), map[string]game.Controller{"marines": fail, "orks": fail}, game.PlayConfig{Max: 4000})
	if err != nil {
		t.Fatal(err)
	}
	if !g.State().Over || len(res.Failures) != res.Commands {
		t.Fatalf("over %v, %d failures in %d commands", g.State().Over, len(res.Failures), res.Commands)
	}
	for _, f := range res.Failures {
		switch c := f.Default.(type) {
		case *e40k.PassCmd, *e40k.InitiativeCmd:
		case *e40k.OrdersCmd:
			if c.Order != e40k.OrderOverwatch {
				t.Fatalf("safe default orders %q", c.Order)
			}
		default:
			t.Fatalf("safe default %T", f.Default)
		}
	}
	for _, u := range g.State().Units {
		if u.Moved {
			t.Errorf("%s moved under safe defaults", u.ID)
		}
	}
}

// TestScoreCountsUnitsDestroyed: the score is each side's count of enemy
// units destroyed.
func TestScoreCountsUnitsDestroyed(t *testing.T) {
	g, err := systems(t).New(combinedArms(t), game.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	st := g.State().Clone()
	st.Unit("boyz-1").Destroyed = true
	st.Unit("boyz-2").Destroyed = true
	st.Unit("rhino-1").Destroyed = true
	sc, err := e40ksys.New().Score(g.Ruleset, st)
	if err != nil {
		t.Fatal(err)
	}
	if sc["marines"] != 2 || sc["orks"] != 1 {
		t.Errorf("score %v, want marines 2, orks 1", sc)
	}
}

// TestScriptedAndAIPlayE40K: the combined-arms Orks' script (their tasks
// judged by the E40K trigger evaluator) and the search player each play a
// whole game against greedy without a failure.
func TestScriptedAndAIPlayE40K(t *testing.T) {
	if testing.Short() {
		t.Skip("plays two whole games")
	}
	scn := combinedArms(t)
	for _, kind := range []string{game.KindScript, game.KindAI} {
		g, err := systems(t).New(scn, game.Config{Seed: 9, Quiet: true})
		if err != nil {
			t.Fatal(err)
		}
		var orks game.Controller
		if kind == game.KindScript {
			orks, err = g.NewScript("orks")
		} else {
			// A node budget, not a clock: the same play on any machine.
			orks = e40kai.AI{Budget: 5 * time.Second, Search: search.Config{MaxDepth: 2, MaxNodes: 150, Workers: 1}}
		}
		if err != nil {
			t.Fatal(err)
		}
		gr, err := g.NewController(game.KindGreedy)
		if err != nil {
			t.Fatal(err)
		}
		res, err := g.PlayWith(context.Background(), map[string]game.Controller{"marines": gr, "orks": orks}, game.PlayConfig{Max: 3000, Deadline: 20 * time.Second})
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		if !g.State().Over || len(res.Failures) > 0 {
			t.Errorf("%s: over %v after %d commands, failures %v", kind, g.State().Over, res.Commands, res.Failures)
		}
	}
	if _, err := e40ksys.New().NewController("nonsense"); !errors.Is(err, game.ErrControllerKind) {
		t.Errorf("unknown kind: %v", err)
	}
	if _, err := e40ksys.New().NewController("ai:-1"); err == nil {
		t.Error("a bad AI time is accepted")
	}
}

// TestBuildStateTitansSeed002: titans stand in a formation of their own
// with no HQ and with their loadouts (each mount's default), and a Space
// Marine force with titans takes its mixed rating (E40K-INI-1).
func TestBuildStateTitansSeed002(t *testing.T) {
	scns, _ := bundledE40K(t)
	var scn *scenarios.Scenario
	for _, s := range scns {
		if s.File == scenarios.BundledPrefix+"e40k-titans" {
			scn = s
		}
	}
	if scn == nil {
		t.Fatal("no bundled e40k-titans")
	}
	g, err := systems(t).New(scn, game.Config{Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	s := g.State()
	rs := g.Ruleset.(*e40k.Ruleset)
	for _, id := range []string{"hound-alpha", "hound-beta", "reaver-mortis"} {
		u := s.Unit(id)
		if u == nil || !rs.IsTitan(u) || u.Markers.Value(e40k.MarkHQ) != 0 || len(u.Loadout) == 0 {
			t.Errorf("%s: %+v", id, u)
		}
	}
	if u := s.Unit("company-hq"); u == nil || u.Markers.Value(e40k.MarkHQ) != 1 {
		t.Error("company-hq is not the infantry company's HQ")
	}
	su, err := rs.SetupOf(s)
	if err != nil {
		t.Fatal(err)
	}
	if su.Ratings["imperium"] != 4 || su.Ratings["traitors"] != 2 {
		t.Errorf("ratings %v, want imperium 4 (mixed), traitors 2", su.Ratings)
	}
}

// TestArmourBonusFromTerrainTable: the system's ruleset carries the
// terrain table's infantry armour bonus (digest section 2: ruins +1), so
// an Ork Boyz stand (armour 3) in the hive ruins is hit as armour 4 and
// one in the open as armour 3.
func TestArmourBonusFromTerrainTable(t *testing.T) {
	g, err := systems(t).New(combinedArms(t), game.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	st := g.State().Clone()
	x := 82.0
	for _, u := range st.Units {
		if u.Formation == "tactical-detachment" {
			st.Unit(u.ID).Pos = world.Vec{X: x, Y: 38}
			x += 5
		}
	}
	st.Unit("boyz-1").Pos = world.Vec{X: 90, Y: 55}
	st.Unit("boyz-2").Pos = world.Vec{X: 110, Y: 50}
	plan, err := g.Ruleset.(*e40k.Ruleset).Plan(st, "tactical-detachment", "boyz-mob")
	if err != nil {
		t.Fatal(err)
	}
	armour := map[string]int{}
	for _, tg := range plan.Targets {
		armour[tg.ID] = tg.Armour
	}
	if armour["boyz-1"] != 4 || armour["boyz-2"] != 3 {
		t.Errorf("armour in the ruins %d, in the open %d; want 4 and 3", armour["boyz-1"], armour["boyz-2"])
	}
}
