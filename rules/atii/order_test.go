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
		if _, err := g.Submit(g.Ruleset.Order(winner, true)); err != nil {
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
