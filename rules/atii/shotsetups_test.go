package atii_test

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/auspex/auspex/rules/atii"
)

// ShotSetups lists the shots Legal offers at a shooting decision
// (ATII-SHT-2, ATII-SHT-4: every enemy in arc, range and sight that a
// mount does not automatically miss, high and low aim), each set up as
// ShotSetupFor sets it up; it answers the same in the movement phase,
// where Legal offers no shots.
func TestShotSetupsAreWhatLegalOffers(t *testing.T) {
	g := newGame(t, scenarioText(
		[]string{"{id: r1, type: reaver, position: {x: 50, y: 40}, facing: 180}",
			"{id: r2, type: warhound, position: {x: 75, y: 40}, facing: 180}"},
		[]string{"{id: b1, type: reaver, position: {x: 50, y: 80}, facing: 0}",
			"{id: b2, type: warhound, position: {x: 80, y: 85}, facing: 0}"}, ""), 5)
	rs := g.Ruleset.(*atii.Ruleset)
	type key struct {
		unit string
		shot atii.Shot
	}
	setups := func() map[key]atii.ShotSetup {
		out := map[key]atii.ShotSetup{}
		for _, id := range []string{"r1", "r2", "b1", "b2"} {
			by, err := rs.ShotSetups(g.State(), id)
			if err != nil {
				t.Fatal(err)
			}
			for _, ms := range by {
				for _, su := range ms {
					out[key{id, atii.Shot{Mount: su.Mount, Target: su.TargetID, Aim: su.Aim, PointBlank: su.PointBlank}}] = su
				}
			}
		}
		return out
	}
	redToMove(t, g)
	inMovement := setups()
	if len(inMovement) == 0 {
		t.Fatal("no shots listed in the movement phase")
	}
	holdUntil(t, g, atii.StepShooting)
	listed := setups()
	names := func(m map[key]atii.ShotSetup) []string {
		var out []string
		for k := range m {
			out = append(out, fmt.Sprintf("%s %s>%s %s", k.unit, k.shot.Mount, k.shot.Target, k.shot.Aim))
		}
		slices.Sort(out)
		return out
	}
	if a, b := names(inMovement), names(listed); !slices.Equal(a, b) {
		t.Errorf("the movement phase lists %v, the shooting phase %v", a, b)
	}
	side := g.Engine.Decider()
	offered := map[key]bool{}
	for _, c := range g.Engine.Legal(side) {
		if fc, ok := c.Cmd.(*atii.FireCmd); ok {
			for _, sh := range fc.Shots {
				if sh.Overload == 0 {
					offered[key{fc.Unit, sh}] = true
				}
			}
		}
	}
	if len(offered) == 0 {
		t.Fatalf("%s is offered no shots", side)
	}
	for k := range offered {
		su, ok := listed[k]
		if !ok {
			t.Errorf("Legal offers %s %+v, ShotSetups does not list it", k.unit, k.shot)
			continue
		}
		want, err := rs.ShotSetupFor(g.State(), k.unit, k.shot)
		if err != nil {
			t.Fatal(err)
		}
		if su.Range != want.Range || su.Cover != want.Cover || su.Hit != want.Hit || su.Aim != want.Aim || su.Weapon != want.Weapon {
			t.Errorf("%s %+v: set up as %+v, ShotSetupFor says %+v", k.unit, k.shot, su, want)
		}
	}
	for k := range listed {
		if g.State().Unit(k.unit).Side == side && !offered[k] {
			t.Errorf("ShotSetups lists %s %+v, Legal does not offer it", k.unit, k.shot)
		}
	}
}

// OutcomeMemo gives OddsShotOutcome's figures (ATII-DMG-1 to ATII-DMG-3
// as the outcome odds work them out) for every shot, the first time and
// from the memo; a target with damage or shields down is priced anew, not
// from the undamaged titan's entry; a full memo starts over.
func TestOutcomeMemoGivesTheOutcomeOdds(t *testing.T) {
	g := newGame(t, scenarioText(
		[]string{"{id: r1, type: reaver, position: {x: 50, y: 40}, facing: 180}"},
		[]string{"{id: b1, type: reaver, position: {x: 50, y: 80}, facing: 0}"}, ""), 5)
	rs := g.Ruleset.(*atii.Ruleset)
	opts, err := atii.ParseOptions(g.State().Options)
	if err != nil {
		t.Fatal(err)
	}
	by, err := rs.ShotSetups(g.State(), "r1")
	if err != nil || len(by) == 0 {
		t.Fatalf("r1's shots: %v, %v", by, err)
	}
	memo := atii.NewOutcomeMemo(3)
	check := func(su atii.ShotSetup, what string) atii.OutcomeFigures {
		t.Helper()
		want, err := atii.OddsShotOutcome(su, opts)
		if err != nil {
			t.Fatal(err)
		}
		for round := 0; round < 2; round++ {
			got, err := memo.Figures(su, opts)
			if err != nil {
				t.Fatal(err)
			}
			// (the odds sum over a map: the last bits may differ)
			if math.Abs(got.VPPercent-want.VPPercent) > 1e-9 || math.Abs(got.Destroyed-want.Destroyed) > 1e-9 || math.Abs(got.ShieldsDown-want.ShieldsDown) > 1e-9 {
				t.Errorf("%s %s>%s %s, round %d: memo %+v, odds %+v", what, su.Mount, su.TargetID, su.Aim, round, got, want)
			}
		}
		return atii.OutcomeFigures{VPPercent: want.VPPercent, Destroyed: want.Destroyed, ShieldsDown: want.ShieldsDown}
	}
	var shots int
	for _, ms := range by {
		for _, su := range ms {
			shots++
			fresh := check(su, "undamaged")
			hurt := su
			hurt.TargetState.ShieldsDown = hurt.TargetState.ShieldsUp(hurt.Target)
			hurt.TargetState.Head = atii.Superficial
			if math.Abs(check(hurt, "no shields, head superficial").VPPercent-fresh.VPPercent) < 1e-6 {
				t.Errorf("%s: the damaged target priced like the fresh one", su.Mount)
			}
		}
	}
	if shots < 3 {
		t.Errorf("only %d shots: the memo of 3 never filled", shots)
	}
}
