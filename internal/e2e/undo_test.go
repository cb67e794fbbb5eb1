package e2e

import (
	"path/filepath"
	"testing"

	"github.com/auspex/auspex/render/app"
)

// TestUndoAgainstTheAIThroughTheWindow starts `auspex play
// bundled:titan-duel --control red=human,blue=ai:0.3` and plays red by
// hand until red has moved and blue's AI has answered with a move of its
// own. Ctrl+Z then takes back both: the window is back at red's move with
// red deciding, blue's AI does not play again, and the game saved with
// Ctrl+S is, by `auspex replay --json`, the game saved just before red's
// move (same commands, every unit where it stood). Before the fix Ctrl+Z
// took back only blue's answer, which the AI played again at once.
func TestUndoAgainstTheAIThroughTheWindow(t *testing.T) {
	w := Start(t, "bundled:titan-duel", "--control", "red=human,blue=ai:0.3", "--seed", aiSeed)
	w.Wait("the game", func(d *app.DebugDump) bool { return d.Screen == "play" && d.Play != nil })
	beforePath := filepath.Join(w.Dir(), "before-red-move.json")
	afterPath := filepath.Join(w.Dir(), "after-undo.json")
	var moveAt *app.DebugDump
	for i := 0; i < 60 && moveAt == nil; i++ {
		d := w.settle()
		p := d.Play
		if p.Over || p.Turn >= 3 {
			w.Failf("red never moved with blue answering by a move (turn %d)", p.Turn)
		}
		if p.Mode != "turn" || p.Decider != "red" {
			w.Failf("red's turn expected, the window is in mode %s for %s", p.Mode, p.Decider)
		}
		if p.Step == "movement" && len(p.Playable) > 0 {
			w.Save(beforePath)
			moveAt = w.Dump()
		}
		w.byHand(d)
	}
	if moveAt == nil {
		w.Failf("red never reached its move")
	}
	// Blue's AI answers (its move); then it is red's decision again.
	d := w.settle()
	if d.Play.Commands != moveAt.Play.Commands+2 || d.Play.Decider != "red" {
		w.Failf("after red's move want blue's one answer and red deciding: %d commands more, %s decides (%s)",
			d.Play.Commands-moveAt.Play.Commands, d.Play.Decider, Summary(d))
	}
	w.Key("ctrl+z")
	d = w.Wait("the undo", func(d *app.DebugDump) bool {
		return d.Play != nil && (d.Play.Msg == "undone" || d.Play.MsgErr)
	})
	if d.Play.MsgErr {
		w.Failf("Ctrl+Z after blue's answer was refused: %q", d.Play.Msg)
	}
	if d.Play.Commands != moveAt.Play.Commands || d.Play.Decider != "red" || d.Play.Mode != "turn" || d.Play.Step != "movement" {
		w.Failf("after Ctrl+Z want red's move again: %s", Summary(d))
	}
	w.Save(afterPath)
	d = w.Dump()
	if d.Play.Mode != "turn" || d.Play.Decider != "red" || d.Play.Commands != moveAt.Play.Commands {
		w.Failf("blue's AI played again after the undo: %s", Summary(d))
	}
	before, after := Replay(t, beforePath), Replay(t, afterPath)
	if after.Commands != before.Commands || after.Step != before.Step || after.Turn != before.Turn {
		t.Errorf("the save after Ctrl+Z has %d commands at T%d %s, the save before red's move %d at T%d %s",
			after.Commands, after.Turn, after.Step, before.Commands, before.Turn, before.Step)
	}
	for i, u := range before.Units {
		if i >= len(after.Units) {
			break
		}
		v := after.Units[i]
		if v.ID != u.ID || v.Pos != u.Pos || v.Facing != u.Facing {
			t.Errorf("after Ctrl+Z %s stands at %v facing %.1f, before red's move %s at %v facing %.1f", v.ID, v.Pos, v.Facing, u.ID, u.Pos, u.Facing)
		}
	}
	if len(after.Units) != len(before.Units) {
		t.Errorf("%d units after, %d before", len(after.Units), len(before.Units))
	}
}
