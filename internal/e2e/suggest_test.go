package e2e

import (
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/auspex/auspex/render/app"
)

// TestSuggestedMoveThroughTheWindow starts `auspex play
// bundled:titan-duel --control red=human,blue=greedy` and, at red's
// first movement decision, clicks the first suggested move in the side
// panel (the system's move candidates, listed after the titan's hold):
// the path is drafted, not played; Enter then plays it, and the game
// saved with Ctrl+S shows, by `auspex replay --json`, red's titan where
// the drafted path ended.
func TestSuggestedMoveThroughTheWindow(t *testing.T) {
	w := Start(t, "bundled:titan-duel", "--control", "red=human,blue=greedy", "--seed", aiSeed)
	w.Wait("the game", func(d *app.DebugDump) bool { return d.Screen == "play" && d.Play != nil })
	var at *app.DebugDump
	for i := 0; i < 40 && at == nil; i++ {
		d := w.settle()
		p := d.Play
		if p.Over || p.Turn >= 3 {
			w.Failf("red never reached its move (turn %d)", p.Turn)
		}
		if p.Step == "movement" && p.Decider == "red" && len(p.Playable) > 0 {
			at = d
			break
		}
		w.byHand(d)
	}
	if at == nil {
		w.Failf("red never reached its move")
	}
	var sugg *app.DumpButton
	for i := range at.Buttons {
		if b := &at.Buttons[i]; b.Kind == "play" && strings.Contains(b.Label, "suggested:") {
			sugg = b
			break
		}
	}
	if sugg == nil {
		w.Failf("no suggested move in the panel: %s", Summary(at))
	}
	x, y := sugg.Center()
	w.Click(x, y)
	d := w.Wait("the drafted suggestion", func(d *app.DebugDump) bool { return d.Play != nil && (len(d.Play.Draft) > 0 || d.Play.MsgErr) })
	if d.Play.MsgErr || d.Play.Commands != at.Play.Commands {
		w.Failf("clicking %q: %q, %d commands (want the path drafted, nothing played)", sugg.Label, d.Play.Msg, d.Play.Commands-at.Play.Commands)
	}
	end := d.Play.Draft[len(d.Play.Draft)-1]
	w.Key("Return")
	w.Wait("the move", func(d *app.DebugDump) bool { return d.Play != nil && d.Play.Commands > at.Play.Commands })
	path := filepath.Join(w.Dir(), "after-suggestion.json")
	w.Save(path)
	o := Replay(t, path)
	i := o.unitIndex(at.Play.Playable[0])
	if i < 0 {
		t.Fatalf("no %s in the save", at.Play.Playable[0])
	}
	u := o.Units[i]
	if math.Hypot(u.Pos.X-end.X, u.Pos.Y-end.Y) > 0.01 {
		t.Errorf("%s ended at (%.2f, %.2f), the drafted suggestion at (%.2f, %.2f)", u.ID, u.Pos.X, u.Pos.Y, end.X, end.Y)
	}
}
