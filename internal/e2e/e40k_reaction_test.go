package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/auspex/auspex/render/app"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/e40k"
)

// The reaction windows of E40K answered by hand in the built binary, on
// testdata/e40k-windows.yaml: both sides human, the test plays both. The
// Space Marines' tactical line goes on overwatch, their Whirlwind battery
// on special orders, their picket (two stands out of command) on
// overwatch; the Ork boyz on assault orders.

// e40kWindowsSeed fixes the dice of both tests.
const e40kWindowsSeed = "1"

// e40kWindowsOrders are each detachment's orders in the window tests: the
// stand clicked to select the detachment and the order key pressed.
var e40kWindowsOrders = map[string]struct{ stand, key, order string }{
	"line":    {"line-hq", "w", e40k.OrderOverwatch},
	"battery": {"battery-hq", "s", e40k.OrderSpecial},
	"picket":  {"picket-hq", "w", e40k.OrderOverwatch},
	"boyz":    {"warboss", "a", e40k.OrderAssault},
}

// startWindows opens the window scenario with both sides human.
func startWindows(t *testing.T) *Win {
	t.Helper()
	path, err := filepath.Abs(filepath.Join("testdata", "e40k-windows.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	return Start(t, path, "--control", "marines=human,orks=human", "--seed", e40kWindowsSeed)
}

// windowsTurn waits for the next human decision (past a handover) and
// returns its dump.
func (w *Win) windowsTurn() *app.DebugDump {
	w.t.Helper()
	for i := 0; i < 5; i++ {
		d := w.settle()
		if d.Play.Mode != "handover" {
			return d
		}
		w.continueHandover()
	}
	w.Failf("the window keeps handing over")
	return nil
}

// windowsOrders gives the first detachment waiting for orders its orders
// in e40kWindowsOrders: a click on its HQ stand selects it, the order key
// gives them.
func windowsOrders(w *Win, d *app.DebugDump) {
	w.t.Helper()
	if len(d.Play.Playable) == 0 {
		w.Failf("the orders step lists no detachment")
	}
	det := d.Play.Playable[0]
	o, ok := e40kWindowsOrders[det]
	if !ok {
		w.Failf("no orders planned for %s", det)
	}
	u := d.Unit(o.stand)
	if u == nil {
		w.Failf("no stand %s on screen", o.stand)
	}
	w.Click(int(math.Round(u.WX)), int(math.Round(u.WY)))
	w.Wait("the click to select "+o.stand, func(d *app.DebugDump) bool { return d.Selected == o.stand })
	w.mustPlay(fmt.Sprintf("%s orders for %s (%s)", o.order, det, strings.ToUpper(o.key)), func() { w.Key(o.key) })
}

// aimAndFire clicks the enemy stand foe to aim the selected detachment
// (the selection must be firer's stand), waits for the fire preview
// (which must contain want), saves a documentation screenshot as shot,
// and fires with Enter. It returns the number of commands before the
// fire.
func aimAndFire(w *Win, firer, foe, want, shot string) int {
	w.t.Helper()
	d := w.Dump()
	if d.Selected != firer {
		w.Failf("the window selects %q, not %s", d.Selected, firer)
	}
	u := d.Unit(foe)
	if u == nil || u.Destroyed {
		w.Failf("no enemy stand %s to aim at", foe)
	}
	w.Click(int(math.Round(u.WX)), int(math.Round(u.WY)))
	d = w.Wait("the fire preview at "+foe, func(d *app.DebugDump) bool {
		return d.Play != nil && (d.Contains("firepower") || d.Play.MsgErr)
	})
	if d.Play.MsgErr || !d.Contains("expected ") {
		w.Failf("aiming %s at %s shows no fire preview: %q %s", firer, foe, d.Play.Msg, texts(d, "hud"))
	}
	if want != "" && !d.Contains(want) {
		w.Failf("the fire preview of %s at %s does not say %q: %s", firer, foe, want, texts(d, "hud"))
	}
	w.DocShot(shot)
	n := d.Play.Commands
	w.mustPlay("firing "+firer+" at "+foe+" (Enter)", func() { w.Key("Return") })
	return n
}

// windowsEvent is one event of a replayed save with the fields the window
// checks read.
type windowsEvent struct {
	Kind  string      `json:"kind"`
	Cmd   int         `json:"cmd"`
	Step  string      `json:"step"`
	Units []string    `json:"units"`
	Text  string      `json:"text"`
	Roll  *rules.Roll `json:"roll"`
	Path  []struct{ X, Y float64 }
}

// windowsReplay is the save's commands and its replayed log (`auspex
// replay --json`, which must verify).
type windowsReplay struct {
	cmds []struct {
		name string
		args e40kCmdArgs
	}
	log []windowsEvent
}

// readWindowsSave reads the save at path and its replay.
func readWindowsSave(t *testing.T, path string) *windowsReplay {
	t.Helper()
	o := Replay(t, path)
	var stdout bytes.Buffer
	cmd := exec.Command(binary(t), "replay", "--json", path)
	cmd.Stdout = &stdout
	if err := cmd.Run(); err != nil {
		t.Fatalf("auspex replay --json %s: %v", path, err)
	}
	var rep struct {
		Log []windowsEvent `json:"log"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var sv e40kSaved
	if err := json.Unmarshal(data, &sv); err != nil {
		t.Fatalf("the save %s: %v", path, err)
	}
	if len(sv.Commands) != o.Commands {
		t.Fatalf("the save holds %d commands, its replay %d", len(sv.Commands), o.Commands)
	}
	r := &windowsReplay{log: rep.Log}
	for i, c := range sv.Commands {
		var a e40kCmdArgs
		if err := json.Unmarshal(c.Args, &a); err != nil {
			t.Fatalf("command %d (%s): %v", i+1, c.Cmd, err)
		}
		r.cmds = append(r.cmds, struct {
			name string
			args e40kCmdArgs
		}{c.Cmd, a})
	}
	return r
}

// events are the log events of command n (1-based) of kind ("" for any).
func (r *windowsReplay) events(n int, kind string) []windowsEvent {
	var out []windowsEvent
	for _, e := range r.log {
		if e.Cmd == n && (kind == "" || e.Kind == kind) {
			out = append(out, e)
		}
	}
	return out
}

// checkFire checks that command n (1-based) of the save is side's fire of
// det at target, that its log has the volley in mode (the fired event
// with its shooters) and attack dice rolled; it returns the fired event.
func (r *windowsReplay) checkFire(t *testing.T, n int, side, det, target, mode string) windowsEvent {
	t.Helper()
	if n < 1 || n > len(r.cmds) {
		t.Fatalf("no command %d in the save (%d commands)", n, len(r.cmds))
	}
	c := r.cmds[n-1]
	if c.name != e40k.CmdFire || c.args.By != side || c.args.Detachment != det || c.args.Target != target {
		t.Fatalf("command %d is %s by %s of %s at %q; want %s's fire of %s at %s", n, c.name, c.args.By, c.args.Detachment, c.args.Target, side, det, target)
	}
	var fired *windowsEvent
	for _, e := range r.events(n, rules.EvFired) {
		if strings.HasPrefix(e.Text, det+" fires at "+target+" ("+mode+")") {
			fired = &e
		}
	}
	if fired == nil {
		t.Fatalf("command %d (%s's fire) logs no %s volley at %s: %q", n, det, mode, target, r.texts(n))
	}
	dice := 0
	for _, e := range r.events(n, rules.EvRoll) {
		if e.Roll != nil && strings.HasPrefix(e.Roll.Purpose, "attack dice: "+det) && len(e.Roll.Faces) > 0 {
			dice += len(e.Roll.Faces)
		}
	}
	if dice == 0 {
		t.Errorf("command %d (%s's %s) rolled no attack dice: %q", n, det, mode, r.texts(n))
	}
	return *fired
}

// texts are the log sentences of command n.
func (r *windowsReplay) texts(n int) []string {
	var out []string
	for _, e := range r.events(n, "") {
		if e.Roll != nil {
			out = append(out, fmt.Sprintf("%s %v", e.Roll.Purpose, e.Roll.Faces))
		} else {
			out = append(out, e.Text)
		}
	}
	return out
}

// TestE40KBombardAndOverwatchByHand answers the preparatory bombardment
// and the overwatch windows by hand in the built binary (E40K-ART-1,
// E40K-ORD-1). Orders are given by clicking each detachment's HQ and its
// order key (W overwatch, S special, A assault), the initiative by F, the
// marines' moves passed with H. At the start of the Orks' movement the
// window offers the Whirlwind battery (special orders) a bombardment: a
// click on an Ork stand aims it, the preview shows the barrage, Enter
// fires. The Orks' move is dragged (the mob follows its warboss) and
// played with Enter; the tactical line on overwatch is then offered its
// fire at the mob that moved: a click aims, Enter fires. The save made
// with Ctrl+S must verify and hold both fire commands, each with its
// volley logged in its mode (bombardment, overwatch) and its attack dice.
func TestE40KBombardAndOverwatchByHand(t *testing.T) {
	w := startWindows(t)
	bombard, overwatch, moved := -1, -1, -1
	var movedTo [2]float64
	for i := 0; i < 60 && overwatch < 0; i++ {
		d := w.windowsTurn()
		p := d.Play
		switch {
		case p.Pending == e40k.KindOrders:
			windowsOrders(w, d)
		case p.Pending == e40k.KindInitiative:
			w.mustPlay("going first (F)", func() { w.Key("f") })
		case p.Pending == e40k.KindBombard && bombard < 0:
			if p.Decider != "marines" || d.Selected != "battery-hq" {
				w.Failf("the bombardment window is %s's with %q selected; want the marines' battery", p.Decider, d.Selected)
			}
			if !d.Contains("preparatory bombardment") {
				w.Failf("the bombardment window does not say so: %s", texts(d, "hud"))
			}
			bombard = aimAndFire(w, "battery-hq", e40kFrontBoy(w, d), "barrage template", "play-e40k-bombard")
		case p.Pending == e40k.KindMove && p.Decider == "orks" && moved < 0:
			moved, movedTo = windowsOrkMove(w, d)
		case p.Pending == e40k.KindOverwatch:
			if p.Decider != "marines" || d.Selected != "line-hq" {
				w.Failf("the overwatch window is %s's with %q selected; want the marines' line", p.Decider, d.Selected)
			}
			if !d.Contains("overwatch: fire at") {
				w.Failf("the overwatch window does not say so: %s", texts(d, "hud"))
			}
			overwatch = aimAndFire(w, "line-hq", e40kFrontBoy(w, d), "", "play-e40k-overwatch")
		default:
			w.mustPlay(fmt.Sprintf("passing the %s decision of %s (H)", p.Pending, p.Decider), func() { w.Key("h") })
		}
	}
	if bombard < 0 || overwatch < 0 {
		w.Failf("the bombardment (%d) or the overwatch window (%d) never came up", bombard, overwatch)
	}
	save := filepath.Join(w.Dir(), "e40k-windows.json")
	w.Save(save)
	r := readWindowsSave(t, save)
	r.checkFire(t, bombard+1, "marines", "battery", "boyz", "bombardment")
	// The dragged move is the Orks' move command before the overwatch.
	mc := r.cmds[moved]
	if mc.name != e40k.CmdMove || mc.args.By != "orks" || mc.args.Detachment != "boyz" || len(mc.args.Moves) < 2 {
		t.Fatalf("command %d is %s by %s of %s (%d stands); want the Orks' dragged move of the mob", moved+1, mc.name, mc.args.By, mc.args.Detachment, len(mc.args.Moves))
	}
	found := false
	for _, m := range mc.args.Moves {
		if m.Unit == "warboss" {
			found = true
			if off := math.Hypot(m.To.X-movedTo[0], m.To.Y-movedTo[1]); off > 0.5 {
				t.Errorf("the warboss was dragged to %.1f,%.1f, the save moves it to %.2f,%.2f", movedTo[0], movedTo[1], m.To.X, m.To.Y)
			}
		}
	}
	if !found {
		t.Errorf("the saved move of the mob does not move the dragged warboss")
	}
	if overwatch != moved+1 {
		t.Errorf("the overwatch fire is command %d, not the one right after the Orks' move (%d)", overwatch+1, moved+1)
	}
	ev := r.checkFire(t, overwatch+1, "marines", "line", "boyz", "overwatch")
	if len(ev.Units) == 0 {
		t.Errorf("the overwatch volley names no shooter: %+v", ev)
	}
}

// e40kFrontBoy is the living Ork boyz stand nearest the marines' line
// (the warboss when no boy is left).
func e40kFrontBoy(w *Win, d *app.DebugDump) string {
	w.t.Helper()
	best := ""
	for _, id := range []string{"boyz-2", "boyz-3", "boyz-1", "boyz-4", "warboss"} {
		if u := d.Unit(id); u != nil && u.OnTable && !u.Destroyed {
			best = id
			break
		}
	}
	if best == "" {
		w.Failf("no Ork stand left")
	}
	return best
}

// windowsOrkMove drags the warboss 5 cm toward the marines (the mob
// follows it) and plays the move with Enter. It returns the number of
// commands before the move and where the drag let go (cm).
func windowsOrkMove(w *Win, d *app.DebugDump) (int, [2]float64) {
	w.t.Helper()
	me := d.Unit("warboss")
	if me == nil || me.Destroyed {
		w.Failf("no warboss to drag")
	}
	tx, ty := me.X, me.Y-5
	x0, y0 := At(d, me.X, me.Y)
	x1, y1 := At(d, tx, ty)
	w.DragWatched(x0, y0, x1, y1,
		func(d *app.DebugDump) bool { return d.Play != nil && d.Play.Dragging },
		func(d *app.DebugDump) bool {
			if d.Play == nil || !d.Play.Dragging || len(d.Play.Draft) != 2 {
				return false
			}
			from, to := d.Play.Draft[0], d.Play.Draft[1]
			return math.Hypot(to.X-from.X-(tx-me.X), to.Y-from.Y-(ty-me.Y)) < 0.5
		})
	d = w.Wait("the dragged mob", func(d *app.DebugDump) bool {
		return d.Play != nil && !d.Play.Dragging && d.Contains("stand(s) is legal")
	})
	n := d.Play.Commands
	w.mustPlay("the Orks' dragged move (Enter)", func() { w.Key("Return") })
	return n, [2]float64{tx, ty}
}
