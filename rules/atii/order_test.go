package atii_test

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/rules/atii"
)

// TestGameMOV1AssaultOrderChoice: ATII-MOV-1. The initiative winner
// chooses to go first or second at the start of the turn and again at the
// assault phase; with atii/initiative-each-phase also at the shooting
// phase. Before the fix the assault phase reused the turn's order.
func TestGameMOV1AssaultOrderChoice(t *testing.T) {
	for _, each := range []bool{false, true} {
		extra := ""
		if each {
			extra = "options: [" + atii.OptInitiativeEachPhase + "]\n"
		}
		g := newGame(t, scenarioText(
			[]string{"{id: r1, type: reaver, position: {x: 60, y: 20}, facing: 180}"},
			[]string{"{id: b1, type: reaver, position: {x: 60, y: 100}, facing: 0}"}, extra), 5)
		winner := g.State().Pending.Side
		if _, err := g.Submit(g.Ruleset.(*atii.Ruleset).Order(winner, true)); err != nil {
			t.Fatal(err)
		}
		var asked []string
		for i := 0; g.State().Turn == 1; i++ {
			s := g.State()
			if i > 50 || s.Pending == nil {
				t.Fatalf("turn 1 never ends: %+v", s.Pending)
			}
			if s.Pending.Kind == atii.KindInitiative {
				asked = append(asked, s.Step)
				if s.Pending.Side != winner {
					t.Errorf("%s: %s asked for the order, %s won the initiative", s.Step, s.Pending.Side, winner)
				}
				ch := g.Engine.Legal(winner)
				if len(ch) != 2 || !strings.Contains(ch[1].Text, "second in the "+s.Phase+" phase") {
					t.Fatalf("%s: choices %+v", s.Step, ch)
				}
				for _, c := range ch {
					if err := g.Engine.Check(c.Cmd); err != nil {
						t.Errorf("%s: offered %q refused: %v", s.Step, c.Text, err)
					}
				}
				// Go second this time: the other side acts first.
				if _, err := g.Submit(ch[1].Cmd); err != nil {
					t.Fatal(err)
				}
				if p := g.State().Pending; p == nil || p.Side == winner || p.Kind == atii.KindInitiative {
					t.Errorf("%s: after choosing to go second the other side should act first, pending %+v", s.Step, p)
				}
				continue
			}
			var done bool
			for _, c := range g.Engine.Legal(s.Pending.Side) {
				if c.Name == atii.CmdHold || c.Name == atii.CmdRepair {
					if _, err := g.Submit(c.Cmd); err != nil {
						t.Fatal(err)
					}
					done = true
					break
				}
			}
			if !done {
				t.Fatalf("%s: nothing to answer %+v", s.Step, s.Pending)
			}
		}
		want := []string{atii.StepAssault}
		if each {
			want = []string{atii.StepShooting, atii.StepAssault}
		}
		if strings.Join(asked, " ") != strings.Join(want, " ") {
			t.Errorf("option %v: the order was asked at %v, want %v", each, asked, want)
		}
	}
}

// TestGameDisengageDeclaredAtTurnStart: digest section 1 (ending the
// battle): disengaging is declared at the start of the turn, not with a
// move; a disengaging titan has double Speed and may leave the table in
// its movement or its assault move. Before the fix disengaging came with
// the movement-phase move and an assault move could never leave the table.
func TestGameDisengageDeclaredAtTurnStart(t *testing.T) {
	g := newGame(t, scenarioText(
		[]string{"{id: rw, type: warhound, position: {x: 60, y: 30}, facing: 0}", "{id: r2, type: reaver, position: {x: 20, y: 40}, facing: 180}"},
		[]string{"{id: b1, type: reaver, position: {x: 60, y: 100}, facing: 0}"}, ""), 4)
	redToMove(t, g)
	// Red has not acted yet this turn: it may still declare, which costs
	// no activation.
	if _, err := g.Submit(g.Ruleset.(*atii.Ruleset).Disengage("red", "rw")); err != nil {
		t.Fatalf("declaring before red's first titan acts: %v", err)
	}
	ts, _ := atii.TitanOf(g.State().Unit("rw"))
	if !ts.Disengaging || g.State().Pending.Side != "red" || g.State().Step != atii.StepMovement {
		t.Fatalf("disengaging %v, pending %+v", ts.Disengaging, g.State().Pending)
	}
	if _, err := g.Submit(g.Ruleset.(*atii.Ruleset).Hold("red", "r2")); err != nil {
		t.Fatal(err)
	}
	for s := g.State(); s.Pending.Side != "red"; s = g.State() {
		if _, err := g.Submit(g.Ruleset.(*atii.Ruleset).Hold(s.Pending.Side, s.Pending.Units[0])); err != nil {
			t.Fatal(err)
		}
	}
	// One of red's titans has acted: no more declarations this turn, and
	// none on a move.
	if err := g.Engine.Check(g.Ruleset.(*atii.Ruleset).Disengage("red", "r2")); err == nil {
		t.Error("a declaration after the side's first activation must be refused")
	}
	for _, c := range g.Engine.Legal("red") {
		if c.Name == atii.CmdDisengage {
			t.Errorf("Legal still offers %q", c.Text)
		}
	}
	holdUntil(t, g, atii.StepAssault)
	for s := g.State(); s.Pending.Side != "red" || !hasUnit(s.Pending.Units, "rw"); s = g.State() {
		if _, err := g.Submit(g.Ruleset.(*atii.Ruleset).Hold(s.Pending.Side, s.Pending.Units[0])); err != nil {
			t.Fatal(err)
		}
	}
	// The assault move walks the disengaging Warhound off the table.
	if _, err := g.Submit(g.Ruleset.(*atii.Ruleset).Move("red", "rw", atii.Waypoint{X: 60, Y: -5})); err != nil {
		t.Fatalf("a disengaging titan may leave the table in its assault move: %v", err)
	}
	if u := g.State().Unit("rw"); !u.OffTable {
		t.Errorf("rw should have left the table: %+v", u)
	}
}
