package e2e

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/auspex/auspex/render/app"
)

// TestManualDiceFromTheStartScreen ticks manual dice on the start screen
// (M), types the set-up roll the start screen asks for (the initiative,
// 2D6: red 3, blue 5, so blue wins it), then plays turn 1 typing every die
// the game asks for as 4. The save, read back with `auspex replay --json`,
// holds the typed faces: the initiative roll [3 5] and the later rolls all
// 4s.
func TestManualDiceFromTheStartScreen(t *testing.T) {
	w := Start(t)
	w.Wait("the start screen", func(d *app.DebugDump) bool { return d.Screen == "start" && d.Contains("Two Reaver battle titans") })
	w.makeHuman(2, "[2] Legio Ignatum (1 titan): ")
	setSeed(w, duelSeed)
	w.Key("m")
	w.Wait("manual dice ticked", func(d *app.DebugDump) bool { return d.Button("start", "[x] manual dice") != nil })
	w.Key("Return")
	w.Wait("the start screen asking for the set-up dice", func(d *app.DebugDump) bool {
		return d.Screen == "start" && d.Contains("Manual dice")
	})
	w.Type("35")
	d := w.Wait("the game to start", func(d *app.DebugDump) bool { return d.Screen == "play" && d.Play != nil })
	if d.Play.Decider != "blue" {
		w.Failf("blue typed 5 against red's 3 and should decide the order, not %s", d.Play.Decider)
	}
	lg := &duelLog{}
	typed := 0
	for i := 0; i < 100; i++ {
		d = w.settle()
		p := d.Play
		if p.Turn >= 2 || p.Over {
			break
		}
		if p.Mode == "dice" {
			seq := d.Seq
			w.Type("4")
			typed++
			w.Wait("the typed die shown or taken", func(d *app.DebugDump) bool { return d.Seq > seq })
			continue
		}
		if p.Pending == "initiative" && p.Step != "initiative" {
			// The winner of the initiative chooses the order again in the
			// assault phase (ATII-MOV-1): the first listed choice.
			w.mustPlay("choosing the order of the "+p.Step+" (1)", func() { w.Key("1") })
			continue
		}
		switch p.Step {
		case "initiative":
			w.mustPlay("choosing to go first (F)", func() { w.Key("f") })
		case "movement":
			duelMove(w, d, lg)
		case "shooting":
			duelShoot(w, d, lg, map[string][2]float64{})
		case "assault":
			w.hold("holding in the assault")
		default:
			w.endStep("ending the " + p.Step)
		}
	}
	if typed == 0 {
		w.Failf("turn 1 asked for no manual dice (moves and shots: %s)", strings.Join(lg.actions, "; "))
	}
	path := filepath.Join(w.Dir(), "manual.json")
	w.Save(path)
	o := Replay(t, path)
	init, later := false, 0
	for _, e := range o.Log {
		if e.Kind != "roll" {
			continue
		}
		if e.Cmd == 0 && strings.Contains(e.Text, "initiative") {
			init = strings.HasSuffix(e.Text, "2D6 [3 5]")
			if !init {
				t.Errorf("the set-up initiative roll is %q, typed 3 and 5", e.Text)
			}
			continue
		}
		if e.Cmd > 0 {
			later++
			if f := faces(e.Text); len(f) == 0 || strings.Trim(strings.Join(f, ""), "4") != "" {
				t.Errorf("roll %q: every die was typed as 4", e.Text)
			}
		}
	}
	if !init {
		t.Error("the replayed game has no set-up initiative roll")
	}
	if later == 0 {
		t.Errorf("the replayed game has no roll after the start (%d dice typed)", typed)
	}
}

// faces are the die faces of a roll's sentence ("... 2D6 [3 5] ...").
func faces(text string) []string {
	_, rest, ok := strings.Cut(text, "[")
	if !ok {
		return nil
	}
	in, _, _ := strings.Cut(rest, "]")
	return strings.Fields(in)
}
