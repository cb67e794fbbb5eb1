package atii_test

import (
	"github.com/auspex/auspex/systems/atiisys"
	"strings"
	"testing"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/scenarios"
)

// damagedGame starts a Reaver duel whose r1 starts with damage ts and
// plays to the rally decision.
func damagedGame(t *testing.T, seed uint64, ts atii.TitanState) *game.Game {
	t.Helper()
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	scn, err := scenarios.Parse("test.yaml", []byte(scenarioText(
		[]string{"{id: r1, type: reaver, position: {x: 60, y: 20}, facing: 180}"},
		[]string{"{id: b1, type: reaver, position: {x: 60, y: 100}, facing: 0}"}, "")), cat)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := atiisys.NewRuleset(scn)
	if err != nil {
		t.Fatal(err)
	}
	st, err := atiisys.BuildState(scn, rs, seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Unit("r1").SetExt(atii.ExtTitan, ts); err != nil {
		t.Fatal(err)
	}
	e, err := rules.New(rs, st, rules.Config{})
	if err != nil {
		t.Fatal(err)
	}
	g := &game.Game{Scenario: scn, Ruleset: rs, Engine: e}
	holdUntil(t, g, atii.StepRally)
	return g
}

// TestGameREP1AllocateAfterRoll: ATII-REP-1. The repair dice are rolled
// first; the player then allocates the successes, seeing them. Legal lists
// every allocation (grouped), each accepted; nothing is repaired before
// the allocation, and the allocation chosen is what gets repaired. Before
// the fix the player had to set priorities before the roll.
func TestGameREP1AllocateAfterRoll(t *testing.T) {
	for seed := uint64(1); seed < 40; seed++ {
		g := damagedGame(t, seed, atii.TitanState{Head: atii.Major, Legs: atii.Superficial, ShieldsDown: 3})
		before := g.State().Unit("r1")
		if _, err := g.Submit(g.Ruleset.(*atii.Ruleset).Repair("red", "r1")); err != nil {
			t.Fatal(err)
		}
		s := g.State()
		if s.Pending == nil || s.Pending.Kind != atii.KindAllocate {
			continue // every success or none: nothing to choose
		}
		if s.Pending.Side != "red" || s.Pending.Units[0] != "r1" {
			t.Fatalf("the allocation belongs to red's r1: %+v", s.Pending)
		}
		ts, _ := atii.TitanOf(s.Unit("r1"))
		if ts.Head != atii.Major || ts.ShieldsDown != 3 || s.Unit("r1").Shields != before.Shields {
			t.Fatalf("nothing may be repaired before the allocation: %+v", ts)
		}
		var prog atii.GameProgress
		if _, err := s.GetExt(atii.ExtGame, &prog); err != nil || prog.Repair == nil {
			t.Fatalf("no pending repair: %v", err)
		}
		n := prog.Repair.Successes
		ch := g.Engine.Legal("red")
		if len(ch) < 2 {
			t.Fatalf("%d successes over head x2, legs, shield x3: want several allocations, got %+v", n, ch)
		}
		// The allocation with the most shields in it.
		var shields rules.Command
		most := -1
		for _, c := range ch {
			if err := g.Engine.Check(c.Cmd); err != nil {
				t.Errorf("offered %q refused: %v", c.Text, err)
			}
			sys := c.Cmd.(*atii.AllocateCmd).Systems
			if len(sys) != n {
				t.Errorf("%q allocates %d repairs, the roll gave %d", c.Text, len(sys), n)
			}
			if k := strings.Count(strings.Join(sys, " "), atii.RepairShield); k > most {
				shields, most = c.Cmd, k
			}
		}
		// A wrong count and a system with nothing to repair are refused.
		if err := g.Engine.Check(g.Ruleset.(*atii.Ruleset).Allocate("red", "r1", atii.LocReactor)); err == nil {
			t.Error("an allocation of the wrong size or to an undamaged reactor must be refused")
		}
		if _, err := g.Submit(shields); err != nil {
			t.Fatal(err)
		}
		ts, _ = atii.TitanOf(g.State().Unit("r1"))
		sys := shields.(*atii.AllocateCmd).Systems
		wantDown := 3 - strings.Count(strings.Join(sys, " "), atii.RepairShield)
		if ts.ShieldsDown != wantDown {
			t.Errorf("allocated %v: shields down %d, want %d", sys, ts.ShieldsDown, wantDown)
		}
		if legs := strings.Contains(strings.Join(sys, " "), atii.LocLegs); legs != (ts.Legs == atii.Undamaged) {
			t.Errorf("allocated %v: legs now %v", sys, ts.Legs)
		}
		if p := g.State().Pending; p != nil && p.Kind == atii.KindAllocate {
			t.Errorf("still waiting for an allocation: %+v", p)
		}
		return
	}
	t.Fatal("no seed left a choice to make")
}
