package e2e

import (
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/auspex/auspex/render/app"
)

// duelSeed is typed into the start screen's seed field: seeded dice make
// the whole game the same on every run. With this seed the test's line of
// play damages blue's titan enough in turn 3 that its repair roll leaves a
// real choice of allocations (left arm and a shield, or two shields), and
// small changes of where the drags end (a pixel either way) keep it so.
const duelSeed = "495"

// startDuel opens the start screen, makes both sides of the bundled titan
// duel human, types the seed and starts the game, all with the keyboard
// and mouse.
func startDuel(t *testing.T) *Win {
	w := Start(t)
	d := w.Wait("the start screen", func(d *app.DebugDump) bool { return d.Screen == "start" })
	if !d.Contains("Two Reaver battle titans") {
		w.Failf("the start screen should preselect the titan duel")
	}
	w.makeHuman(2, "[2] Legio Ignatum (1 titan): ")
	setSeed(w, duelSeed)
	w.Key("Return")
	w.Wait("the game to start", func(d *app.DebugDump) bool { return d.Screen == "play" && d.Play != nil })
	return w
}

// setSeed clicks the start screen's seed field, clears it, types seed and
// ends the field with Enter. A key lost under load (the field shows
// something else) is made good by clearing and typing again.
func setSeed(w *Win, seed string) {
	w.t.Helper()
	w.ClickButton("start", "Seed: ")
	w.Wait("the seed field open", func(d *app.DebugDump) bool {
		b := d.Button("start", "Seed: ")
		return b != nil && strings.Contains(b.Label, "|")
	})
	field := func(d *app.DebugDump) string {
		b := d.Button("start", "Seed: ")
		if b == nil {
			return ""
		}
		f, _, _ := strings.Cut(strings.TrimPrefix(b.Label, "Seed: "), " ")
		return f
	}
	for try := 1; ; try++ {
		for i := 0; i < 30 && field(w.Dump()) != "|"; i++ {
			w.Key("BackSpace")
		}
		w.Type(seed)
		if _, ok := w.poll(5*time.Second, func(d *app.DebugDump) bool { return field(d) == seed+"|" }); ok {
			break
		}
		if try == 3 {
			w.Failf("could not type the seed %q: the field shows %q", seed, field(w.Dump()))
		}
	}
	w.Key("Return")
	w.Wait("the seed typed", func(d *app.DebugDump) bool { return field(d) == seed })
}

// duelLog records what the duel did, for the assertions at the end.
type duelLog struct {
	// movedTargets are shots declared by clicking an enemy titan that had
	// moved from its starting place.
	movedTargets int
	charges      int
	repairs      int
	saved        bool
	actions      []string
	// allocations are the repair allocations clicked among several.
	allocations []allocation
}

func (l *duelLog) note(format string, args ...any) {
	l.actions = append(l.actions, fmt.Sprintf(format, args...))
}

// TestTitanDuelByMouseAndKeyboard plays the bundled titan duel hotseat from
// the start screen to the end screen with real X input only: moves dragged
// from each titan where it stands (ATII-MOV-2), shots declared by clicking
// enemy titans that have moved (ATII-SHT-2), a charge dragged into base
// contact in the assault phase (ATII-CC-1), repairs rolled in the rally
// and, where a roll leaves a choice, the second allocation clicked and
// checked in the replay (ATII-REP-1), a save and reload in the middle (Ctrl+S, Ctrl+O), and the
// outcome read back from the saved game with `auspex replay --json`.
func TestTitanDuelByMouseAndKeyboard(t *testing.T) {
	w := startDuel(t)
	start := map[string][2]float64{}
	for _, u := range w.Dump().Units {
		start[u.ID] = [2]float64{u.X, u.Y}
	}
	lg := &duelLog{}
	lg.note("camera %s", w.Dump().Camera.Map)
	for i := 0; i < 300; i++ {
		d := w.settle()
		if d.Play.Over {
			break
		}
		p := d.Play
		if p.Mode == "handover" {
			w.continueHandover()
			continue
		}
		if p.Mode == "dice" {
			w.Failf("the game asks for manual dice, but the start screen left manual dice off")
		}
		if p.Turn == 3 && p.Step == "movement" && !lg.saved {
			duelSaveAndReload(t, w, lg)
			continue
		}
		if p.Pending == "initiative" && p.Step != "initiative" {
			// The order chosen again in a later phase (ATII-MOV-1): the
			// first listed choice, by its number key.
			w.mustPlay("choosing the order of the "+p.Step+" (1)", func() { w.Key("1") })
			lg.note("T%d %s chooses the %s order", p.Turn, p.Decider, p.Step)
			continue
		}
		switch p.Step {
		case "initiative":
			w.mustPlay("choosing to go first (F)", func() { w.Key("f") })
			lg.note("T%d %s goes first", p.Turn, p.Decider)
		case "movement":
			duelMove(w, d, lg)
		case "shooting":
			duelShoot(w, d, lg, start)
		case "assault":
			duelAssault(w, d, lg)
		case "rally":
			duelRally(w, d, lg)
		default:
			w.endStep("ending the " + p.Step + " step")
			lg.note("T%d %s ends %s", p.Turn, p.Decider, p.Step)
		}
	}
	d := w.Wait("the end screen", func(d *app.DebugDump) bool { return d.Play != nil && d.Play.Over })
	t.Logf("the duel: %s", strings.Join(lg.actions, "; "))
	if !d.Contains("Game over") || !d.Contains("Result: ") {
		w.Failf("the end screen should say the game is over and give the result: %s", texts(d, "hud"))
	}
	final := filepath.Join(w.Dir(), "final.json")
	w.Save(final)
	o := Replay(t, final)
	if !o.Over || o.Result == nil {
		t.Fatalf("the saved finished game replays as not over: turn %d step %s", o.Turn, o.Step)
	}
	if o.Result.Winner != d.Play.Winner || o.Result.Kind != d.Play.Result {
		t.Errorf("replay result %s %q, the window showed %s %q", o.Result.Winner, o.Result.Kind, d.Play.Winner, d.Play.Result)
	}
	for _, u := range d.Units {
		i := o.unitIndex(u.ID)
		if i < 0 {
			t.Errorf("%s is not in the replayed game", u.ID)
			continue
		}
		ru := o.Units[i]
		if math.Hypot(ru.Pos.X-u.X, ru.Pos.Y-u.Y) > 1e-6 {
			t.Errorf("%s: replay puts it at %.2f,%.2f, the window showed %.2f,%.2f", u.ID, ru.Pos.X, ru.Pos.Y, u.X, u.Y)
		}
		if ru.Ext["atii/titan"].Destroyed != u.Destroyed {
			t.Errorf("%s: destroyed %v in the replay, %v in the window", u.ID, ru.Ext["atii/titan"].Destroyed, u.Destroyed)
		}
	}
	if lg.movedTargets == 0 {
		t.Error("no shot was declared at a titan that had moved")
	}
	if !o.HasText("charges into close combat") || lg.charges == 0 {
		t.Error("no charge into close combat was made (ATII-CC-1)")
	}
	if lg.repairs == 0 || !o.HasText("repair(s)") {
		t.Error("no repair was rolled in a rally phase (ATII-REP-1)")
	}
	checkAllocations(t, o, lg.allocations)
	cc := 0
	for _, e := range o.Log {
		if e.Step == "close-combat" && e.Kind == "roll" {
			cc++
		}
	}
	if cc == 0 {
		t.Error("the charge led to no close combat dice (ATII-CC-2)")
	}
	fired := 0
	for _, e := range o.Log {
		if e.Kind == "fired" {
			fired++
		}
	}
	if fired == 0 {
		t.Error("the replayed game has no shots")
	}
}

// duelMove drags the decider's titan from where it stands towards the
// enemy (stopping 11 cm short, outside the 10 cm of ATII-MOV-6) and
// presses Enter; Space must not end the step meanwhile.
func duelMove(w *Win, d *app.DebugDump, lg *duelLog) {
	w.t.Helper()
	p := d.Play
	me, foe := actors(w, d, "movement")
	adv := math.Min(16, dist(me, foe)-5-11)
	tx, ty := toward(me, foe, adv)
	// Not onto another titan's base or wreck: it holds instead (never
	// the case in a duel, where the end stays 16 cm from the only other
	// titan).
	if adv < 2 || crowded(d, me, tx, ty) {
		w.hold("holding " + me.ID + " (too close to move on)")
		lg.note("T%d %s holds", p.Turn, me.ID)
		return
	}
	d = w.dragLeg("moving "+describe(me), me.X, me.Y, tx, ty, 1)
	// Space is for the dice: it must not end the step or drop the path.
	n := d.Play.Commands
	w.Key("space")
	d = w.Dump()
	if d.Play.Commands != n || len(d.Play.Draft) == 0 {
		w.Failf("Space ended the step or dropped the drawn path of %s (commands %d -> %d)", me.ID, n, d.Play.Commands)
	}
	d = w.mustPlay("moving "+me.ID+" along the dragged path (Enter)", func() { w.Key("Return") })
	at := d.Unit(me.ID)
	lg.note("T%d %s moves from %.1f,%.1f to %.1f,%.1f (asked %.1f,%.1f)", p.Turn, me.ID, me.X, me.Y, at.X, at.Y, tx, ty)
}

// duelShoot declares every weapon that can at the enemy titan by clicking
// it where it stands now, then fires (Enter); holds when none can.
func duelShoot(w *Win, d *app.DebugDump, lg *duelLog, start map[string][2]float64) {
	w.t.Helper()
	p := d.Play
	if p.Pending != "fire" {
		w.endStep("passing the shooting offer " + p.Pending)
		return
	}
	me, foe, declared := w.shoot(d, 3)
	moved := math.Hypot(foe.X-start[foe.ID][0], foe.Y-start[foe.ID][1]) > 0.5
	if declared == 0 {
		w.hold("holding fire with " + me.ID)
		lg.note("T%d %s holds fire (out of range or arc)", p.Turn, me.ID)
		return
	}
	if moved {
		lg.movedTargets++
	}
	w.mustPlay("firing "+me.ID+"'s declared weapons (Enter)", func() { w.Key("Return") })
	lg.note("T%d %s fires %d weapons at %s", p.Turn, me.ID, declared, foe.ID)
}

// duelAssault charges the enemy when it is within reach the way a person
// does: a click on the enemy titan (its centre) with the titan selected
// draws the leg, snapped into base contact (ATII-CC-1). When the two
// already touch (a close combat goes on), the click must draw nothing and
// say so, and the titan holds; else, out of reach, it holds.
func duelAssault(w *Win, d *app.DebugDump, lg *duelLog) {
	w.t.Helper()
	p := d.Play
	me, foe := actors(w, d, "assault")
	gap := dist(me, foe) - 5
	if gap < 0.01 {
		clickEngaged(w, d)
		lg.note("T%d %s holds in close combat with %s", p.Turn, me.ID, foe.ID)
		return
	}
	if gap > 14 {
		w.hold("holding " + me.ID + " in the assault phase")
		lg.note("T%d %s holds in the assault (gap %.1f cm)", p.Turn, me.ID, gap)
		return
	}
	shot := ""
	if lg.charges == 0 {
		shot = "play-assault"
	}
	chargeByClick(w, d, shot)
	lg.charges++
	lg.note("T%d %s charges %s", p.Turn, me.ID, foe.ID)
}

// duelRally rolls the repair dice with Enter (ATII-REP-1: the roll comes
// first) and, when the roll leaves the player a real choice (the panel
// lists more than one grouped allocation), clicks the second line: the
// window must play that allocation, which the end of the test checks in
// the replay.
func duelRally(w *Win, d *app.DebugDump, lg *duelLog) {
	w.t.Helper()
	p := d.Play
	if p.Pending == "allocate-repairs" {
		opts := allocationButtons(d)
		if len(opts) == 0 {
			w.Failf("the rally waits for an allocation of the repairs, but the panel lists none")
		}
		pick := 0
		if len(opts) > 1 {
			pick = 1
		}
		label := opts[pick].Label
		if len(opts) > 1 {
			w.DocShot("play-rally-grouped")
		}
		x, y := opts[pick].Center()
		w.mustPlay("allocating the repairs: "+label, func() { w.Click(x, y) })
		sys := allocationSystems(label)
		if len(opts) > 1 {
			lg.allocations = append(lg.allocations, allocation{turn: p.Turn, unit: firstOf(p.Playable), label: label, systems: sys, options: len(opts)})
		}
		lg.note("T%d %s allocates %q (%d options)", p.Turn, p.Decider, label, len(opts))
		return
	}
	d, ok := w.played("rolling the repairs (Enter)", func() { w.Key("Return") })
	if !ok {
		w.endStep("ending the rally")
		return
	}
	lg.repairs++
	lg.note("T%d %s rolls repairs (%s)", p.Turn, p.Decider, d.Play.Pending)
}

// allocation is a repair allocation chosen in the window among several.
type allocation struct {
	turn    int
	unit    string
	label   string
	systems []string
	options int
}

// allocationButtons are the panel's numbered allocation lines ("1. ...
// repairs head, shield x2"), in order.
func allocationButtons(d *app.DebugDump) []app.DumpButton {
	var out []app.DumpButton
	for i := 1; i <= 9; i++ {
		b := d.Button("play", fmt.Sprintf("%d. ", i))
		if b == nil || !strings.Contains(b.Label, " repairs ") {
			break
		}
		out = append(out, *b)
	}
	return out
}

// allocationSystems expands a grouped allocation label ("2. Ignatum
// repairs head x2, shield") into its systems, sorted ("head", "head",
// "shield").
func allocationSystems(label string) []string {
	_, list, _ := strings.Cut(label, " repairs ")
	var out []string
	for _, part := range strings.Split(list, ", ") {
		name, n := part, 1
		if i := strings.LastIndex(part, " x"); i > 0 {
			if k, err := strconv.Atoi(part[i+2:]); err == nil {
				name, n = part[:i], k
			}
		}
		for j := 0; j < n; j++ {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// checkAllocations asserts that every allocation chosen among several in
// the window is the one the replayed game applied: the repair event of
// that turn lists the same systems (ATII-REP-1).
func checkAllocations(t *testing.T, o *Outcome, allocs []allocation) {
	t.Helper()
	if len(allocs) == 0 {
		t.Fatal("no repair roll left a choice of allocations: the seed never exercised the allocation after the dice (ATII-REP-1)")
	}
	for _, a := range allocs {
		found := false
		for _, e := range o.Log {
			rep, ok := e.Data["repaired"]
			if !ok || e.Turn != a.turn || e.Step != "rally" || firstOf(e.Units) != a.unit {
				continue
			}
			got := strings.Split(rep, ",")
			sort.Strings(got)
			if strings.Join(got, ",") == strings.Join(a.systems, ",") {
				found = true
			} else {
				t.Logf("turn %d repair event %q (not the chosen %v)", a.turn, e.Text, a.systems)
			}
		}
		if !found {
			t.Errorf("turn %d: the window offered %d allocations for %s and %q was clicked, but the replay applied no repair of %v to it", a.turn, a.options, a.unit, a.label, a.systems)
		}
	}
}

// duelSaveAndReload saves the game (Ctrl+S), checks the save with
// `auspex replay --json` against the window, plays on one command, loads
// the save (Ctrl+O) and checks the game is back where it was saved.
func duelSaveAndReload(t *testing.T, w *Win, lg *duelLog) {
	t.Helper()
	lg.saved = true
	path := filepath.Join(w.Dir(), "mid-game.json")
	before := w.Dump()
	w.Save(path)
	o := Replay(t, path)
	if o.Commands != before.Play.Commands || o.Turn != before.Play.Turn || o.Step != before.Play.Step {
		t.Errorf("the mid-game save replays to %d commands, turn %d %s; the window showed %d, turn %d %s",
			o.Commands, o.Turn, o.Step, before.Play.Commands, before.Play.Turn, before.Play.Step)
	}
	for _, u := range before.Units {
		if i := o.unitIndex(u.ID); i < 0 || math.Hypot(o.Units[i].Pos.X-u.X, o.Units[i].Pos.Y-u.Y) > 1e-6 {
			t.Errorf("%s: the save does not put it where the window showed it (%.2f,%.2f)", u.ID, u.X, u.Y)
		}
	}
	// Play on: the titan holds, or the step ends.
	w.settle()
	if _, ok := w.played("one more command before reloading", func() { w.Key("h") }); !ok {
		w.endStep("one more command before reloading")
	}
	w.settle()
	w.Load(path)
	d := w.Wait("the reloaded game", func(d *app.DebugDump) bool { return d.Play != nil && d.Play.Commands == before.Play.Commands })
	if d.Play.Turn != before.Play.Turn || d.Play.Step != before.Play.Step || d.Play.Decider != before.Play.Decider {
		w.Failf("the reloaded game is at turn %d %s (%s), saved at turn %d %s (%s)", d.Play.Turn, d.Play.Step, d.Play.Decider, before.Play.Turn, before.Play.Step, before.Play.Decider)
	}
	for _, u := range before.Units {
		if r := d.Unit(u.ID); r == nil || math.Hypot(r.X-u.X, r.Y-u.Y) > 1e-6 {
			w.Failf("%s is not back where it was saved (%.2f,%.2f)", u.ID, u.X, u.Y)
		}
	}
	lg.note("T%d saved and reloaded at %d commands", d.Play.Turn, d.Play.Commands)
}

// actors are the decider's titan that may act and the nearest enemy
// titan (the only one in a duel); the test fails when either is missing.
func actors(w *Win, d *app.DebugDump, step string) (me, foe *app.DumpUnit) {
	w.t.Helper()
	me = d.Unit(firstOf(d.Play.Playable))
	if me != nil {
		foe = nearestEnemy(d, me)
	}
	if me == nil || foe == nil {
		w.Failf("%s: no titan of %s may act (%v), or no enemy titan on the table", step, d.Play.Decider, d.Play.Playable)
	}
	return me, foe
}

// firstOf is the first id of a list ("" when empty).
func firstOf(ids []string) string {
	if len(ids) == 0 {
		return ""
	}
	return ids[0]
}
