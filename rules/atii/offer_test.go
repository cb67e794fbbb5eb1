package atii_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
)

// TestOverwatchOffersAreProcedureFrames (digest, advanced rules:
// overwatch "may interrupt but not mid-roll"): the offer after an enemy
// move is a ProcOverwatch frame on the engine's procedure stack, returning
// to the movement step and to the decision it interrupted; ATII keeps no
// queue of its own (the game progress holds no interrupts); passing
// returns from the frame and the phase's decision comes back.
func TestOverwatchOffersAreProcedureFrames(t *testing.T) {
	text := scenarioText(
		[]string{"{id: r1, type: reaver, position: {x: 60, y: 20}, facing: 180, loadout: {carapace: turbo-lasers}}"},
		[]string{"{id: b1, type: reaver, position: {x: 60, y: 100}, facing: 0}", "{id: b2, type: reaver, position: {x: 20, y: 100}, facing: 0}"},
		"options: [atii/overwatch]\n")
	g := newGameFrom(t, text, 5, func(st *rules.State) {
		setTitan(t, st, "r1", func(ts *atii.TitanState) { ts.Overwatch = true })
	})
	holdUntil(t, g, atii.StepMovement)
	s := g.State()
	if s.Pending == nil || s.Pending.Side != "blue" {
		t.Fatalf("blue should move first (r1 is on overwatch), got %+v", s.Pending)
	}
	if _, err := g.Submit(g.Ruleset.(*atii.Ruleset).Move("blue", "b1", atii.Waypoint{X: 60, Y: 82})); err != nil {
		t.Fatal(err)
	}
	s = g.State()
	f := s.Proc()
	if f == nil || len(s.Procs) != 1 || f.Proc != atii.ProcOverwatch || f.Side != "red" || f.Units[0] != "r1" {
		t.Fatalf("the offer should be one overwatch frame for red's r1, got %+v", s.Procs)
	}
	if f.Return.Step != atii.StepMovement || f.Return.Pending == nil || f.Return.Pending.Side != "blue" || f.Params.Value("after") != "after b1 moved" {
		t.Errorf("the frame should return to blue's next move in the movement step: %+v", f.Return)
	}
	if s.Pending == nil || s.Pending.Kind != atii.KindOverwatch || s.Pending.Side != "red" || s.Active != "red" {
		t.Errorf("the frame's decision should be pending: %+v", s.Pending)
	}
	v, _ := s.Ext.Get(atii.ExtGame)
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(raw), "interrupt") || strings.Contains(string(raw), "offered") {
		t.Errorf("ATII must keep no interrupt queue of its own: %s", raw)
	}
	if _, err := g.Submit(g.Ruleset.(*atii.Ruleset).Pass("red")); err != nil {
		t.Fatal(err)
	}
	s = g.State()
	if len(s.Procs) != 0 || s.Step != atii.StepMovement || s.Pending == nil || s.Pending.Side != "blue" || s.Pending.Kind != "move" {
		t.Fatalf("after the pass blue's move should be pending again, got stack %d %s %+v", len(s.Procs), s.Step, s.Pending)
	}
}

// TestPostCombatOffersReturnToRally (digest, advanced rules: overwatch
// fire at any point, here after the close combats): the offer made once
// the combats are over is a frame returning to the rally step, so
// answering it moves the game on without a flag remembering the offer.
func TestPostCombatOffersReturnToRally(t *testing.T) {
	text := scenarioText(
		[]string{"{id: r1, type: reaver, position: {x: 60, y: 20}, facing: 180, loadout: {carapace: turbo-lasers}}"},
		[]string{"{id: b1, type: reaver, position: {x: 60, y: 70}, facing: 0}"},
		"options: [atii/overwatch]\n")
	g := newGameFrom(t, text, 19, func(st *rules.State) {
		setTitan(t, st, "r1", func(ts *atii.TitanState) { ts.Overwatch = true })
	})
	holdWhile(t, g, func(s *rules.State) bool { return s.Step != atii.StepCloseCombat })
	s := g.State()
	f := s.Proc()
	if f == nil || f.Proc != atii.ProcOverwatch || f.Side != "red" || f.Return.Step != atii.StepRally {
		t.Fatalf("after the close combats red should hold an offer returning to the rally step, got %s %+v", s.Step, s.Procs)
	}
	if _, err := g.Submit(g.Ruleset.(*atii.Ruleset).Pass("red")); err != nil {
		t.Fatal(err)
	}
	s = g.State()
	if len(s.Procs) != 0 || s.Step == atii.StepCloseCombat {
		t.Fatalf("the pass should return to the rally step and the turn go on, got %s with %d frames", s.Step, len(s.Procs))
	}
	rallied := false
	for _, ev := range s.Log {
		rallied = rallied || strings.Contains(ev.Text, "(rally)") || strings.HasSuffix(ev.Text, ": rally")
	}
	if !rallied {
		t.Error("the rally step should have been entered")
	}
}
