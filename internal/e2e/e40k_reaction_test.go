package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
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
// with its shooters), attack dice rolled and the outcome on the target
// (hits, stands destroyed, blast markers); it returns the fired event.
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
	outcome := false
	for _, e := range r.events(n, rules.EvMessage) {
		outcome = outcome || (strings.HasPrefix(e.Text, target+": ") && strings.Contains(e.Text, " hit(s), ") && strings.Contains(e.Text, " blast marker(s) placed"))
	}
	if !outcome {
		t.Errorf("command %d (%s's %s) logs no outcome (hits, stands destroyed, blast markers): %q", n, det, mode, r.texts(n))
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
	mobLeft := 0 // the Ork stands on the table when the mob is dragged
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
			mobLeft = 0
			for _, u := range d.Units {
				if u.Side == "orks" && u.OnTable && !u.Destroyed {
					mobLeft++
				}
			}
		case p.Pending == e40k.KindOverwatch:
			if p.Decider != "marines" || d.Selected != "line-hq" {
				w.Failf("the overwatch window is %s's with %q selected; want the marines' line", p.Decider, d.Selected)
			}
			if !d.Contains("overwatch: fire at") {
				w.Failf("the overwatch window does not say so: %s", texts(d, "hud"))
			}
			overwatch = aimAndFire(w, "line-hq", e40kFrontBoy(w, d), "", "play-e40k-overwatch")
		case p.Pending == e40k.KindSpecialRest:
			// The battery's HQ, the rest of a detachment on special
			// orders, moves up to 5 cm rather than go on overwatch (M).
			w.mustPlay("the rest of the battery moves (M)", func() { w.Key("m") })
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
	// The whole mob moves with the dragged warboss: every stand the
	// bombardment left.
	if mc.name != e40k.CmdMove || mc.args.By != "orks" || mc.args.Detachment != "boyz" || len(mc.args.Moves) != mobLeft {
		t.Fatalf("command %d is %s by %s of %s (%d stands); want the Orks' dragged move of the mob (%d stands left)", moved+1, mc.name, mc.args.By, mc.args.Detachment, len(mc.args.Moves), mobLeft)
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
		return d.Play != nil && !d.Play.Dragging && hudHas(d, "stand(s) is legal")
	})
	n := d.Play.Commands
	w.mustPlay("the Orks' dragged move (Enter)", func() { w.Key("Return") })
	return n, [2]float64{tx, ty}
}

// e40kAssaultDrag is one stand dragged by hand in the assault: the stand,
// where it stood, where the drag let go, and where the window drafted it
// (put in base contact).
type e40kAssaultDrag struct {
	stand           string
	from, to, shown [2]float64
}

// TestE40KAssaultStandByStandByHand makes the Orks' assault moves stand by
// stand with the mouse (REM-ASM-1 unit-by-unit assault moves), answers
// the snap fire window with the out-of-command picket (E40K-CMD-1), and
// sees the close combat that follows, in the built binary. Orders are
// given as in TestE40KBombardAndOverwatchByHand; the moves, the
// bombardment window and the shooting are passed with H. In the assault
// T switches to one stand at a time (the banner says so), then three boyz
// are each pressed and dragged to a point just short of the marine in
// front of them: the window puts each in base contact, and the panel
// judges the moves of one, two, three stands legal before Enter plays
// them. The snap fire window selects the tactical line first: a click on
// a picket stand selects the picket, a click on an Ork stand aims it (the
// preview says it is snap fire), Enter fires, H holds the rest. The save
// made with Ctrl+S must verify and hold the assault command with the
// three dragged stands where the window showed them (and their paths in
// the log), the picket's snap fire with its two out-of-command stands as
// the shooters and its attack dice, and the close combat between the mob
// and the line, fought by the three dragged boyz, with its result dice
// and its result: a winner, and a loser broken with blast markers or its
// separated stands destroyed.
func TestE40KAssaultStandByStandByHand(t *testing.T) {
	w := startWindows(t)
	var drags []e40kAssaultDrag
	assault, snap := -1, -1
	for i := 0; i < 80; i++ {
		d := w.windowsTurn()
		p := d.Play
		if d.Play.Over || (p.Step != e40k.StepAssault && assault >= 0) {
			break
		}
		switch {
		case p.Pending == e40k.KindOrders:
			windowsOrders(w, d)
		case p.Pending == e40k.KindInitiative:
			w.mustPlay("going first (F)", func() { w.Key("f") })
		case p.Pending == e40k.KindAssault && p.Decider == "orks" && assault < 0:
			assault, drags = windowsStandAssault(w, d)
		case p.Pending == e40k.KindSnapFire && snap < 0:
			if p.Decider != "marines" {
				w.Failf("the snap fire window is %s's", p.Decider)
			}
			pk := d.Unit("picket-1")
			w.Click(int(math.Round(pk.WX)), int(math.Round(pk.WY)))
			w.Wait("the click to select the picket", func(d *app.DebugDump) bool { return d.Selected == "picket-1" })
			snap = aimAndFire(w, "picket-1", e40kFrontBoy(w, w.Dump()), "snap fire: the unfired stands' firepower only", "play-e40k-snap-fire")
		case p.Pending == e40k.KindSpecialRest:
			// The battery's HQ, the rest of a detachment on special
			// orders, moves up to 5 cm rather than go on overwatch (M).
			w.mustPlay("the rest of the battery moves (M)", func() { w.Key("m") })
		default:
			w.mustPlay(fmt.Sprintf("passing the %s decision of %s (H)", p.Pending, p.Decider), func() { w.Key("h") })
		}
	}
	if assault < 0 || snap < 0 {
		w.Failf("the Orks' assault (%d) or the snap fire window (%d) never came up", assault, snap)
	}
	w.DocShot("play-e40k-close-combat")
	save := filepath.Join(w.Dir(), "e40k-assault.json")
	w.Save(save)
	r := readWindowsSave(t, save)
	// The assault: one command with the dragged stands, each where the
	// window drafted it, and each stand's path in the log.
	ac := r.cmds[assault]
	if ac.name != e40k.CmdAssault || ac.args.By != "orks" || ac.args.Detachment != "boyz" || len(ac.args.Moves) != len(drags) {
		t.Fatalf("command %d is %s by %s of %s with %d stand moves; want the Orks' assault of the %d stands dragged", assault+1, ac.name, ac.args.By, ac.args.Detachment, len(ac.args.Moves), len(drags))
	}
	for _, dr := range drags {
		var to *struct{ X, Y float64 }
		for i := range ac.args.Moves {
			if ac.args.Moves[i].Unit == dr.stand {
				to = &ac.args.Moves[i].To
			}
		}
		if to == nil {
			t.Errorf("the saved assault does not move the dragged %s", dr.stand)
			continue
		}
		if off := math.Hypot(to.X-dr.shown[0], to.Y-dr.shown[1]); off > 0.01 {
			t.Errorf("%s: the window drafted it at %.2f,%.2f, the save moves it to %.2f,%.2f", dr.stand, dr.shown[0], dr.shown[1], to.X, to.Y)
		}
		if off := math.Hypot(to.X-dr.to[0], to.Y-dr.to[1]); off > e40kSnapSlack {
			t.Errorf("%s: let go at %.2f,%.2f, the save moves it to %.2f,%.2f (%.2f cm off)", dr.stand, dr.to[0], dr.to[1], to.X, to.Y, off)
		}
		path := false
		for _, e := range r.events(assault+1, rules.EvMoved) {
			if len(e.Units) == 1 && e.Units[0] == dr.stand && len(e.Path) >= 2 {
				a, b := e.Path[0], e.Path[len(e.Path)-1]
				path = math.Hypot(a.X-dr.from[0], a.Y-dr.from[1]) < 0.01 && math.Hypot(b.X-to.X, b.Y-to.Y) < 0.01
			}
		}
		if !path {
			t.Errorf("the log has no path of %s from %.1f,%.1f to %.2f,%.2f: %q", dr.stand, dr.from[0], dr.from[1], to.X, to.Y, r.texts(assault+1))
		}
	}
	// The snap fire: the picket's two stands out of command fire.
	ev := r.checkFire(t, snap+1, "marines", "picket", "boyz", "snap fire")
	if strings.Join(ev.Units, ",") != "picket-1,picket-2" {
		t.Errorf("the snap fire's shooters are %v; want the picket's two out-of-command stands", ev.Units)
	}
	out := false
	for _, e := range r.log {
		if e.Cmd <= snap+1 && e.Step == e40k.StepAssaultInit && strings.HasPrefix(e.Text, "picket: 2 unit(s)") && strings.Join(e.Units, ",") == "picket-1,picket-2" {
			out = true
		}
	}
	if !out {
		t.Errorf("the assault phase's command check does not find picket-1 and picket-2 out of command (E40K-CMD-1)")
	}
	// The close combat that follows the assault: its totals, its result
	// dice, and a loser broken with blast markers (or its separated stands
	// destroyed), after the snap fire.
	var combat []string
	result, dice := false, 0
	shot := map[string]bool{}
	for _, e := range r.events(snap+1, rules.EvDestroyed) {
		for _, id := range e.Units {
			shot[id] = true
		}
	}
	for _, e := range r.log {
		if e.Cmd <= snap {
			continue
		}
		switch {
		case e.Roll != nil && strings.HasPrefix(e.Roll.Purpose, "close combat result boyz"):
			dice += len(e.Roll.Faces)
		case strings.HasPrefix(e.Text, "close combat: boyz (") && strings.Contains(e.Text, ") against line ("):
			combat = append(combat, e.Text)
			// The stands that fight are those in base contact: each one
			// dragged there that the snap fire left standing.
			for _, dr := range drags {
				if !slices.Contains(e.Units, dr.stand) && !shot[dr.stand] {
					t.Errorf("%s, dragged into base contact, does not fight in %q (%v)", dr.stand, e.Text, e.Units)
				}
			}
		case strings.HasPrefix(e.Text, "close combat: ") && strings.Contains(e.Text, " wins by ") &&
			(strings.Contains(e.Text, "is broken and takes") || strings.Contains(e.Text, "separated units are destroyed")):
			combat = append(combat, e.Text)
			result = true
		}
	}
	t.Logf("close combat: %q", combat)
	if len(combat) == 0 || !result || dice == 0 {
		t.Errorf("no close combat between the boyz and the line with a result follows the assault (result %v, %d result dice): %q", result, dice, combat)
	}
}

// e40kSnapSlack is how far (cm) a stand's drafted assault move may end
// from where the drag let go: the window puts it in base contact when it
// is let go within e40kui.SnapContact of an enemy base, along its move.
const e40kSnapSlack = 1.5

// windowsStandAssault makes the Orks' assault moves stand by stand: T
// switches to one stand at a time, then boyz-1, boyz-2 and boyz-3 are
// each dragged straight at the marine in front of them and let go 0.4 cm
// short of its base; the window must draft each in base contact (its base
// edge on the marine's), and the panel judge the moves so far legal;
// Enter plays them. It returns the number of commands before the assault
// and the drags.
func windowsStandAssault(w *Win, d *app.DebugDump) (int, []e40kAssaultDrag) {
	w.t.Helper()
	w.Key("t")
	d = w.Wait("one stand at a time (T)", func(d *app.DebugDump) bool { return d.Contains("One stand at a time") })
	var drags []e40kAssaultDrag
	for k, pair := range [][2]string{{"boyz-1", "line-1"}, {"boyz-2", "line-2"}, {"boyz-3", "line-3"}} {
		me, foe := d.Unit(pair[0]), d.Unit(pair[1])
		if me == nil || foe == nil || me.Destroyed || foe.Destroyed {
			w.Failf("%s or %s is gone before the assault", pair[0], pair[1])
		}
		// Both bases are 4 x 2 cm, facing each other: in contact, the
		// centres are 2 cm apart.
		contact := [2]float64{me.X, foe.Y + 2}
		tx, ty := me.X, foe.Y+2+0.4
		x0, y0 := At(d, me.X, me.Y)
		x1, y1 := At(d, tx, ty)
		onLine := func(d *app.DebugDump) bool {
			if d.Play == nil || len(d.Play.Draft) != 2 {
				return false
			}
			to := d.Play.Draft[1]
			return math.Hypot(to.X-contact[0], to.Y-contact[1]) < 0.01
		}
		w.DragWatched(x0, y0, x1, y1,
			func(d *app.DebugDump) bool { return d.Play != nil && d.Play.Dragging && d.Selected == me.ID },
			func(d *app.DebugDump) bool { return d.Play != nil && d.Play.Dragging && onLine(d) })
		legal := fmt.Sprintf("assault move of %d stand(s) is legal", k+1)
		d = w.Wait(fmt.Sprintf("the drafted assault move of %s", me.ID), func(d *app.DebugDump) bool {
			return d.Play != nil && !d.Play.Dragging && d.Selected == me.ID && onLine(d) &&
				(hudHas(d, legal) || hudHas(d, "assault move refused"))
		})
		if !hudHas(d, legal) {
			w.Failf("the panel refuses the assault moves drafted by hand: %s", texts(d, "hud"))
		}
		if !hudHas(d, "in base contact with "+foe.ID) {
			w.Failf("the panel does not say %s ends in base contact with %s: %s", me.ID, foe.ID, texts(d, "hud"))
		}
		if k == 0 {
			w.DocShot("play-e40k-assault-drag")
		}
		drags = append(drags, e40kAssaultDrag{stand: me.ID, from: [2]float64{me.X, me.Y}, to: [2]float64{tx, ty}, shown: [2]float64{d.Play.Draft[1].X, d.Play.Draft[1].Y}})
	}
	n := d.Play.Commands
	w.mustPlay("the assault moves dragged stand by stand (Enter)", func() { w.Key("Return") })
	return n, drags
}

// hudHas reports whether the HUD's texts, read as one text (the panel
// wraps its lines), contain s.
func hudHas(d *app.DebugDump, s string) bool {
	var parts []string
	for _, t := range d.Texts {
		if t.Where == "hud" {
			parts = append(parts, t.Text)
		}
	}
	return strings.Contains(strings.Join(strings.Fields(strings.Join(parts, " ")), " "), s)
}
