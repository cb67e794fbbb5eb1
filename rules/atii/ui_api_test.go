package atii_test

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/rules/atii"
)

// PlanMove prices a path with the move command's own code (ATII-MOV-4,
// ATII-MOV-5): walking straight into a wood keeps both Man dice, a turn
// first costs one, the odds of the distance reached come with it, and a
// path too long for the titan's Speed is refused with the verdict
// Validate gives and the path still measured for drawing.
func TestPlanMoveIsTheCommandsPricing(t *testing.T) {
	for _, c := range []struct {
		name string
		to   atii.Waypoint
		dice int
	}{
		{"straight", atii.Waypoint{X: 60, Y: 35}, 2},
		{"with a turn", atii.Waypoint{X: 66, Y: 34}, 1},
	} {
		g := newGame(t, scenarioText(
			[]string{"{id: r1, type: reaver, position: {x: 60, y: 20}, facing: 180}"},
			[]string{"{id: b1, type: reaver, position: {x: 60, y: 100}, facing: 0}"},
			"terrain:\n  - {id: wood, kind: woods, rect: {x: 30, y: 28, w: 60, h: 30}}\n"), 31)
		redToMove(t, g)
		v, err := g.Ruleset.(*atii.Ruleset).PlanMove(g.State(), g.Ruleset.(*atii.Ruleset).Move("red", "r1", c.to))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !v.Measured || !v.Check.Dangerous || v.Check.DangerDice != c.dice || v.Odds == nil {
			t.Fatalf("%s: want %d danger dice and odds, got %+v", c.name, c.dice, v.Check)
		}
		if v.Odds.Complete < 0 || v.Odds.Complete > 1 || len(v.Odds.Reach) == 0 {
			t.Errorf("%s: chance to finish %v", c.name, v.Odds.Complete)
		}
		bad := g.Ruleset.(*atii.Ruleset).Move("red", "r1", atii.Waypoint{X: 90, Y: 20}, atii.Waypoint{X: 90, Y: 95})
		v, err = g.Ruleset.(*atii.Ruleset).PlanMove(g.State(), bad)
		if err == nil {
			t.Fatalf("%s: a path into the exclusion must be refused, got %v", c.name, err)
		}
		if verr := bad.Validate(g.State()); verr == nil || verr.Error() != err.Error() {
			t.Errorf("PlanMove says %v, Validate %v", err, verr)
		}
		if !v.Measured || len(v.Report.Segments) == 0 {
			t.Errorf("%s: the refused path should still be measured: %+v", c.name, v.Report)
		}
	}
}

// ShotSetupFor is the fire command's setup: a target in close combat is
// refused by ToHit on it exactly as the declaration is (ATII-SHT-1), and a
// clear shot gives the same to-hit number the command rolls against.
func TestShotSetupForIsTheCommandsSetup(t *testing.T) {
	g := newGame(t, ccScenario(), 2)
	holdUntil(t, g, atii.StepShooting)
	s := g.State()
	opts, err := atii.ParseOptions(s.Options)
	if err != nil {
		t.Fatal(err)
	}
	cc, err := g.Ruleset.(*atii.Ruleset).ShotSetupFor(s, "rw", atii.Shot{Mount: "left-arm", Target: "b1", Aim: atii.AimHigh})
	if err != nil {
		t.Fatal(err)
	}
	if !cc.TargetInCC {
		t.Error("b1 is in close combat")
	}
	if _, err := atii.ToHit(cc, opts); err == nil || !strings.Contains(err.Error(), "close combat") {
		t.Errorf("ToHit on the rules' setup must refuse a target in close combat, got %v", err)
	}
	ok, err := g.Ruleset.(*atii.Ruleset).ShotSetupFor(s, "rw", atii.Shot{Mount: "right-arm", Target: "bw", Aim: atii.AimHigh})
	if err != nil {
		t.Fatal(err)
	}
	if ok.AttackerID != "rw" || ok.TargetID != "bw" || ok.Weapon == nil || ok.Range <= 0 {
		t.Fatalf("setup %+v", ok)
	}
	if _, err := atii.ToHit(ok, opts); err != nil {
		t.Errorf("the fire command accepts this shot; ToHit refuses: %v", err)
	}
	if _, err := g.Ruleset.(*atii.Ruleset).ShotSetupFor(s, "rw", atii.Shot{Mount: "right-arm", Target: "r1"}); err == nil {
		t.Error("a friendly target must be refused")
	}
}

// Every rules option has a readable title for the start screen, never its
// bare id (play-through: "atii/flat-terrain-sight" and
// "atii/initiative-each-phase" were shown as ids).
func TestEveryOptionHasATitle(t *testing.T) {
	for _, o := range atii.OptionList() {
		if ti := atii.OptionTitle(o.ID); ti == o.ID || strings.Contains(ti, "/") {
			t.Errorf("option %s has no readable title: %q", o.ID, ti)
		}
	}
}
