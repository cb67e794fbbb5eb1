package e2e

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/auspex/auspex/render/app"
	"github.com/auspex/auspex/rules/atii"
)

// missionSeed is typed into the start screen's seed field.
const missionSeed = "7351"

// cardOf maps each side to the name of its secret objective card, read
// from a replayed save: the rules log each draw as a secret message
// naming the card, its type and its force level.
func cardOf(t *testing.T, o *Outcome) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, e := range o.Log {
		if e.Data["secret"] != "objective" {
			continue
		}
		// "red draws a secret divided objective: Scatter the Lines
		// (stand-in) (force level 3: 2500 points)".
		_, rest, ok := strings.Cut(e.Text, "draws a secret ")
		if !ok {
			continue
		}
		_, rest, ok = strings.Cut(rest, " objective: ")
		name, _, ok2 := strings.Cut(rest, " (force level ")
		if !ok || !ok2 {
			t.Fatalf("objective draw %q: no card name before the force level", e.Text)
		}
		found := false
		for _, c := range atii.StandInObjectives() {
			if c.Name == name {
				found = true
			}
		}
		if !found {
			t.Fatalf("objective draw %q: %q is no card of the stand-in deck", e.Text, name)
		}
		out[e.Side] = name
	}
	if len(out) != 2 {
		t.Fatalf("the replayed game should draw one objective card per side, got %v", out)
	}
	return out
}

// shown is the visible part of a card name: the panels wrap lines, so the
// dumps' strings are joined with spaces before searching, and the
// "(stand-in)" mark is left out.
func shown(card string) string { return strings.TrimSuffix(card, " (stand-in)") }

// TestTitanMissionKeepsEachSidesObjectiveSecret plays the bundled titan
// mission hotseat (two human players, secret objectives) from the start
// screen to the debrief with real X input: both sides deploy by clicking
// in the zones of the deployment map the objectives chose (found with the
// ghost base, missionDeploy), then every titan holds until the turn limit. Over every
// frame the window drew (the dump's history), a side's objective card
// name is on screen only while that side decides and is the viewer, never
// during the other side's turn or a handover; each side's player sees its
// own card at least once; and the debrief shows both cards.
func TestTitanMissionKeepsEachSidesObjectiveSecret(t *testing.T) {
	w := Start(t)
	w.Wait("the start screen", func(d *app.DebugDump) bool { return d.Screen == "start" })
	w.ClickButton("start", "Titan Mission")
	d := w.Wait("the mission selected", func(d *app.DebugDump) bool {
		return d.Contains("Two titans a side") && d.Button("start", "[2] Blue battlegroup (2 titans): ") != nil
	})
	// Both sides human.
	for i, side := range []string{"[1] Red battlegroup (2 titans): ", "[2] Blue battlegroup (2 titans): "} {
		w.makeHuman(i+1, side)
	}
	_ = d
	setSeed(w, missionSeed)
	w.Key("Return")
	w.Wait("the game to start", func(d *app.DebugDump) bool { return d.Screen == "play" && d.Play != nil })
	asked := map[string]bool{}
	deployed := 0
	saved := false
	for i := 0; i < 400; i++ {
		d := w.settle()
		p := d.Play
		if p.Over {
			break
		}
		if p.Mode == "handover" {
			w.continueHandover()
			continue
		}
		// Each player looks at their own card once (O asks for it when
		// the window keeps it hidden until asked).
		if !asked[p.Decider] && p.Mode == "turn" {
			asked[p.Decider] = true
			if !d.Contains("Your secret objective") {
				w.Key("o")
			}
			w.Wait(p.Decider+"'s own objective on screen", func(d *app.DebugDump) bool {
				return d.Play != nil && d.Play.Viewer == p.Decider && d.Contains("Your secret objective")
			})
			continue
		}
		if p.Turn == 2 && !saved {
			// Saved with Ctrl+S mid-game: the save replays and verifies.
			saved = true
			path := filepath.Join(w.Dir(), "mission-mid.json")
			w.Save(path)
			if o := Replay(t, path); o.Commands != w.Dump().Play.Commands {
				t.Errorf("the mid-game save replays %d commands, the window played %d", o.Commands, w.Dump().Play.Commands)
			}
			continue
		}
		if p.Pending == "initiative" && p.Step != "initiative" {
			w.mustPlay("choosing the order of the "+p.Step+" (1)", func() { w.Key("1") })
			continue
		}
		switch p.Step {
		case "deploy":
			missionDeploy(w, d)
			deployed++
		case "initiative":
			w.mustPlay("choosing to go first (F)", func() { w.Key("f") })
		case "movement", "shooting", "assault":
			if p.Pending == "fire" || p.Pending == "move" || p.Pending == "assault" || len(p.Playable) > 0 {
				w.hold("holding in the " + p.Step)
			} else {
				w.endStep("ending the " + p.Step)
			}
		case "rally":
			if _, ok := w.played("rolling the repairs (Enter)", func() { w.Key("Return") }); !ok {
				w.endStep("ending the rally")
			}
		default:
			w.endStep("ending the " + p.Step)
		}
	}
	d = w.Wait("the debrief", func(d *app.DebugDump) bool { return d.Play != nil && d.Play.Over })
	if deployed != 4 {
		t.Errorf("%d titans deployed by clicks, want 4", deployed)
	}
	final := filepath.Join(w.Dir(), "mission-final.json")
	w.Save(final)
	o := Replay(t, final)
	if !o.Over {
		t.Errorf("the finished mission replays as not over (turn %d %s)", o.Turn, o.Step)
	}
	cards := cardOf(t, o)
	t.Logf("objective cards: %v", cards)
	debrief := texts(d, "hud")
	all := strings.Join(strings.Split(debrief, " | "), " ")
	for side, c := range cards {
		if !strings.Contains(all, shown(c)) {
			t.Errorf("the debrief does not show %s's objective %q: %s", side, c, debrief)
		}
	}
	// Every frame drawn before the end.
	saw := map[string]bool{}
	leaks := 0
	for _, h := range w.History() {
		if leaks >= 5 {
			break
		}
		if h.Screen != "play" || h.Mode == "over" {
			continue
		}
		joined := strings.Join(h.Texts, " ")
		for side, c := range cards {
			if !strings.Contains(joined, shown(c)) {
				continue
			}
			other := ""
			for s2, c2 := range cards {
				if s2 != side && c2 == c {
					other = s2 // both sides drew the same card
				}
			}
			ok := h.Viewer != "" && h.Viewer == h.Decider && (h.Viewer == side || h.Viewer == other) && h.Mode != "handover"
			if !ok {
				t.Errorf("frame %d (turn %d %s, mode %s, decider %s, viewer %q) shows %s's objective %q",
					h.Seq, h.Turn, h.Step, h.Mode, h.Decider, h.Viewer, side, c)
				leaks++
				break
			}
			if h.Viewer == side {
				saw[side] = true
			}
		}
	}
	for side, c := range cards {
		if !saw[side] {
			t.Errorf("%s's player never saw its own objective %q during its turn", side, c)
		}
	}
}

// missionDeploy places the decider's next titan as a player does: the
// objectives choose the deployment map, so the zone is found by moving the
// pointer over the table until the ghost base says the titan may stand
// there (the label "... press and drag to aim, or click" instead of
// "cannot deploy here"), then clicking. Points near a titan already on the
// table are skipped. The test fails when no point of the table is accepted.
func missionDeploy(w *Win, d *app.DebugDump) {
	w.t.Helper()
	p := d.Play
	me := d.Unit(firstOf(p.Playable))
	if me == nil {
		w.Failf("deployment: no titan of %s to deploy", p.Decider)
	}
	free := func(x, y float64) bool {
		for _, u := range d.Units {
			if u.OnTable && math.Hypot(u.X-x, u.Y-y) < 15 {
				return false
			}
		}
		return true
	}
	accepted := func(d *app.DebugDump) bool {
		return d.Contains("press and drag to aim") && !d.Contains("cannot deploy here")
	}
	for _, y := range []float64{90, 10, 80, 20, 70, 30, 60, 40, 50} {
		for x := 15.0; x <= 135; x += 15 {
			if !free(x, y) {
				continue
			}
			px, py := At(d, x, y)
			w.Move(px, py)
			if _, ok := w.poll(600*time.Millisecond, accepted); !ok {
				continue
			}
			if _, ok := w.played(fmt.Sprintf("deploying %s at %.0f,%.0f cm by a click", me.ID, x, y), func() { w.Click(px, py) }); ok {
				return
			}
		}
	}
	w.Failf("deployment: the ghost of %s was refused everywhere on the table", me.ID)
}
