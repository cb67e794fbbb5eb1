package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/auspex/auspex/render/app"
)

// e40kHuman and e40kComputer are the sides of
// scenarios/bundled/e40k-combined-arms.yaml: the test plays the Space
// Marines by hand against the greedy computer's Orks (and their Gargant).
const (
	e40kHuman    = "marines"
	e40kComputer = "orks"
	// e40kSeed fixes the dice, so every run plays the same battle.
	e40kSeed = "7"
	// e40kStep is how far (cm) each drag takes a detachment toward the
	// enemy: inside every marine stand's Speed on assault orders (10 cm),
	// so the rules accept the whole block's move (E40K-ORD-1).
	e40kStep = 8.0
)

// e40kLog records what the test did by hand, for the checks at the end.
type e40kLog struct {
	// orders are the detachments given orders (by the selected stand).
	orders int
	// drags are the stands dragged (each drags its whole detachment),
	// with where the stand stood and where the drag let go (cm).
	drags []e40kDrag
	// fires counts the fire commands played after clicking an enemy stand;
	// aimed are the enemy stands clicked for them, in order.
	fires int
	aimed []string
	// assaults counts the assault moves played by A (the rules'
	// suggested assault moves drafted) then Enter.
	assaults int
	passes   int
	rallies  int
	actions  []string
}

// e40kDrag is one dragged detachment move: the stand pressed, where it
// stood and where the pointer let go (cm), and the stand whose drafted
// move the window showed after the release and where that move ended.
type e40kDrag struct {
	turn      int
	stand     string
	from, to  [2]float64
	shownUnit string
	shown     [2]float64
	// alive are the stands on the table, not destroyed, at the drag.
	alive []string
}

func (l *e40kLog) note(format string, args ...any) {
	l.actions = append(l.actions, fmt.Sprintf(format, args...))
}

// TestE40KBattleByHand plays the whole bundled E40K combined-arms battle
// (five turns or until an army breaks) through the built binary with real
// X input only: the Space Marines are human, the Orks the greedy computer.
// Orders are given by clicking the panel's first order button and by the
// digit keys (E40K-ORD-1), the initiative by F (E40K-INI-1), every move by
// pressing on a stand of the acting detachment and dragging it toward the
// enemy (the whole detachment follows, same offset) then Enter, fire by
// clicking the nearest enemy stand then Enter (a second click on the same
// stand for the first shot), assault moves by A (the rules' suggestion)
// then Enter, rally tests by Enter (E40K-BRK-1), and H passes what is
// left (overwatch, bombardment and snap fire windows, fire out of range). At the end the game is saved with Ctrl+S and read back
// with `auspex replay --json`: the save must verify, hold the orders, the
// dragged moves and the fire commands made by hand, and replay to the
// window's turn, result and stand positions. The whole game takes about
// 70 s (the greedy computer answers at once); the screenshots of the
// first drag, the first aim and the end screen go to AUSPEX_E2E_SHOTS
// when it is set (play-e40k-*.png).
func TestE40KBattleByHand(t *testing.T) {
	w := Start(t, "bundled:e40k-combined-arms", "--control", e40kHuman+"=human,"+e40kComputer+"=greedy", "--seed", e40kSeed)
	lg := &e40kLog{}
	for i := 0; i < 400; i++ {
		d := w.settle()
		if d.Play.Over {
			break
		}
		p := d.Play
		if p.Decider != e40kHuman || p.Mode != "turn" {
			w.Failf("the window waits on %s in mode %s, but only %s is human", p.Decider, p.Mode, e40kHuman)
		}
		switch p.Pending {
		case "orders":
			e40kOrders(w, d, lg)
		case "initiative":
			w.mustPlay("going first (F)", func() { w.Key("f") })
			lg.note("T%d first", p.Turn)
		case "move":
			e40kMove(w, d, lg)
		case "fire":
			e40kFire(w, d, lg)
		case "assault":
			e40kAssault(w, d, lg)
		case "rally":
			// A broken detachment that may rally takes its test by
			// Enter (E40K-BRK-1); the window must play it.
			w.mustPlay("the rally test (Enter)", func() { w.Key("Return") })
			lg.rallies++
			lg.note("T%d rally", p.Turn)
		default: // overwatch, bombard, snap fire: passed
			e40kPass(w, d, lg, p.Pending)
		}
	}
	d := w.Wait("the end screen", func(d *app.DebugDump) bool { return d.Play != nil && d.Play.Over })
	w.DocShot("play-e40k-end")
	t.Logf("by hand: %s", strings.Join(lg.actions, "; "))
	t.Logf("result: %s %s after turn %d", d.Play.Winner, d.Play.Result, d.Play.Turn)
	if !d.Contains("Game over") || !d.Contains("Result:") {
		w.Failf("the end screen should say the game is over and give the result: %s", texts(d, "hud"))
	}
	save := filepath.Join(w.Dir(), "e40k.json")
	w.Save(save)
	o := Replay(t, save)
	e40kCheckReplay(t, w, d, o, save, lg)
}

// e40kOrders gives the acting detachment assault orders: the first time
// by clicking the panel's first order button, then by the key 1.
func e40kOrders(w *Win, d *app.DebugDump, lg *e40kLog) {
	w.t.Helper()
	if lg.orders == 0 {
		b := d.Button("play", "1. ")
		if b == nil || !strings.Contains(b.Label, "assault orders") {
			w.Failf("the orders step lists no assault orders button first")
		}
		x, y := b.Center()
		w.mustPlay("clicking "+b.Label, func() { w.Click(x, y) })
		lg.note("T%d clicked %q", d.Play.Turn, b.Label)
	} else {
		w.mustPlay("assault orders (1)", func() { w.Key("1") })
		lg.note("T%d orders by key 1 (%s)", d.Play.Turn, d.Selected)
	}
	lg.orders++
}

// e40kNearest is the enemy stand on the table nearest to u.
func e40kNearest(d *app.DebugDump, u *app.DumpUnit) *app.DumpUnit {
	var best *app.DumpUnit
	for i := range d.Units {
		e := &d.Units[i]
		if e.Side == u.Side || !e.OnTable || e.Destroyed {
			continue
		}
		if best == nil || dist(u, e) < dist(u, best) {
			best = e
		}
	}
	return best
}

// e40kMove drags the selected stand of the acting detachment e40kStep cm
// toward the nearest enemy (the detachment follows) and plays it with
// Enter; it passes (H) when the enemy is already close or the rules
// refuse the move.
func e40kMove(w *Win, d *app.DebugDump, lg *e40kLog) {
	w.t.Helper()
	me := d.Unit(d.Selected)
	if me == nil || me.Side != e40kHuman {
		w.Failf("the move step selects no stand of %s (selected %q)", e40kHuman, d.Selected)
	}
	foe := e40kNearest(d, me)
	if foe == nil || dist(me, foe) < 15 {
		e40kPass(w, d, lg, "move (enemy close)")
		return
	}
	tx, ty := toward(me, foe, e40kStep)
	x0, y0 := At(d, me.X, me.Y)
	x1, y1 := At(d, tx, ty)
	// The player presses on the stand, waits to see it picked up, drags
	// it and lets go once the window shows it under the pointer: the
	// drafted stand (the one pressed, or another of the detachment under
	// the pointer) keeps its offset from the pointer.
	w.DragWatched(x0, y0, x1, y1,
		func(d *app.DebugDump) bool { return d.Play != nil && d.Play.Dragging },
		func(d *app.DebugDump) bool {
			if d.Play == nil || !d.Play.Dragging || len(d.Play.Draft) != 2 {
				return false
			}
			from, to := d.Play.Draft[0], d.Play.Draft[1]
			return math.Hypot(to.X-from.X-(tx-me.X), to.Y-from.Y-(ty-me.Y)) < 0.5
		})
	d = w.Wait("the dragged detachment of "+describe(me), func(d *app.DebugDump) bool {
		return d.Play != nil && !d.Play.Dragging && (len(d.Play.Draft) > 0 || d.Play.MsgErr)
	})
	if len(d.Play.Draft) != 2 {
		w.Failf("dragging %s to %.1f,%.1f drew no move: %q", describe(me), tx, ty, d.Play.Msg)
	}
	shownUnit, shown := d.Selected, d.Play.Draft[1]
	// The live preview: the panel judges the drafted move before Enter.
	if !d.Contains("legal; Enter plays it") && !d.Play.MsgErr {
		w.t.Logf("the drafted move of %s is not judged legal by the panel: %s", me.ID, texts(d, "hud"))
	}
	if len(lg.drags) == 0 {
		if !d.Contains("legal; Enter plays it") {
			w.Failf("the panel does not judge the first dragged move of %s (%s)", me.ID, texts(d, "hud"))
		}
		w.DocShot("play-e40k-drag")
	}
	d, ok := w.played("the dragged move of "+me.ID+" (Enter)", func() { w.Key("Return") })
	if !ok {
		w.t.Logf("the dragged move of %s was refused: %q", me.ID, d.Play.Msg)
		w.Key("Escape")
		e40kPass(w, d, lg, "move refused")
		return
	}
	var alive []string
	for _, u := range d.Units {
		if u.OnTable && !u.Destroyed {
			alive = append(alive, u.ID)
		}
	}
	lg.drags = append(lg.drags, e40kDrag{turn: d.Play.Turn, stand: me.ID, from: [2]float64{me.X, me.Y}, to: [2]float64{tx, ty},
		shownUnit: shownUnit, shown: [2]float64{shown.X, shown.Y}, alive: alive})
	lg.note("T%d dragged %s from %.1f,%.1f to %.1f,%.1f", d.Play.Turn, me.ID, me.X, me.Y, tx, ty)
}

// e40kAssault makes the acting detachment's assault moves: A drafts the
// rules' suggested assault moves (each stand straight at its closest
// enemy, into contact where it can reach) and Enter plays them once the
// panel judges them legal; it passes (H) when there is nothing to
// suggest or the rules refuse it. The close combats and firefights that
// follow are the rules' own.
func e40kAssault(w *Win, d *app.DebugDump, lg *e40kLog) {
	w.t.Helper()
	w.Key("a")
	d = w.Wait("the suggested assault moves", func(d *app.DebugDump) bool {
		return d.Play != nil && (d.Contains("legal; Enter plays it") || d.Contains("refused") || d.Play.MsgErr)
	})
	if !d.Contains("legal; Enter plays it") {
		w.t.Logf("no assault move for %s: %q", d.Selected, d.Play.Msg)
		w.Key("Escape")
		e40kPass(w, d, lg, "assault (nothing suggested)")
		return
	}
	d, ok := w.played("the suggested assault moves of "+d.Selected+" (Enter)", func() { w.Key("Return") })
	if !ok {
		w.t.Logf("the assault moves were refused: %q", d.Play.Msg)
		w.Key("Escape")
		e40kPass(w, d, lg, "assault refused")
		return
	}
	lg.assaults++
	lg.note("T%d assault moves (A, Enter)", d.Play.Turn)
}

// e40kFire aims the acting detachment at the nearest enemy stand by
// clicking it and fires (the first time by clicking it again, then by
// Enter); when the aim is refused (out of range or sight) it passes.
func e40kFire(w *Win, d *app.DebugDump, lg *e40kLog) {
	w.t.Helper()
	me := d.Unit(d.Selected)
	if me == nil || me.Side != e40kHuman {
		w.Failf("the fire step selects no stand of %s (selected %q)", e40kHuman, d.Selected)
	}
	foe := e40kNearest(d, me)
	if foe == nil {
		e40kPass(w, d, lg, "fire (no enemy)")
		return
	}
	prev := d.Play.Msg
	x, y := At(d, foe.X, foe.Y)
	w.Click(x, y)
	d = w.WaitFor(waitFor/4, "aiming "+me.ID+" at "+describe(foe), func(d *app.DebugDump) bool {
		return d.Play != nil && (len(d.Play.Shots) > 0 || (d.Play.MsgErr && d.Play.Msg != prev) || d.Selected == foe.ID)
	})
	if len(d.Play.Shots) == 0 || d.Play.MsgErr {
		w.t.Logf("aiming %s at %s: %q", me.ID, describe(foe), d.Play.Msg)
		e40kPass(w, d, lg, "fire refused")
		return
	}
	// The fire preview from the exact odds (E40K-BM-1): the firepower
	// table's dice, the expected hits and the blast markers.
	if !d.Contains("expected ") || !d.Contains("firepower") {
		w.Failf("aiming %s at %s shows no fire preview: %s", me.ID, describe(foe), texts(d, "hud"))
	}
	if lg.fires == 0 {
		w.DocShot("play-e40k-aim")
	}
	how := "Enter"
	act := func() { w.Key("Return") }
	if lg.fires == 0 {
		how = "a second click"
		act = func() { w.Click(x, y) }
	}
	d, ok := w.played(fmt.Sprintf("firing %s at %s (%s)", me.ID, foe.ID, how), act)
	if !ok {
		w.t.Logf("firing %s at %s refused: %q", me.ID, foe.ID, d.Play.Msg)
		e40kPass(w, d, lg, "fire refused")
		return
	}
	lg.fires++
	lg.aimed = append(lg.aimed, foe.ID)
	lg.note("T%d %s fires at %s (%s)", d.Play.Turn, me.ID, foe.ID, how)
}

// e40kPass passes the acting detachment (or the window) with H.
func e40kPass(w *Win, d *app.DebugDump, lg *e40kLog, why string) {
	w.t.Helper()
	w.mustPlay("passing ("+why+", H)", func() { w.Key("h") })
	lg.passes++
	lg.note("T%d pass %s", d.Play.Turn, why)
}

// e40kReplayed is the part of `auspex replay --json` the E40K checks need
// beyond Outcome: each stand's detachment.
type e40kReplayed struct {
	Units []struct {
		ID        string `json:"id"`
		Formation string `json:"formation"`
		Pos       struct{ X, Y float64 }
	} `json:"units"`
}

// e40kSaved is the save file's command list.
type e40kSaved struct {
	Commands []struct {
		Cmd  string          `json:"cmd"`
		Args json.RawMessage `json:"args"`
	} `json:"commands"`
}

// e40kCmdArgs are the arguments of the E40K commands the checks read.
type e40kCmdArgs struct {
	By         string `json:"by"`
	Detachment string `json:"detachment"`
	Order      string `json:"order"`
	Target     string `json:"target"`
	Titan      string `json:"titan"`
	Moves      []struct {
		Unit string
		To   struct{ X, Y float64 }
	} `json:"moves"`
}

// e40kCheckReplay checks the saved game against what was done by hand and
// what the window showed at the end.
func e40kCheckReplay(t *testing.T, w *Win, d *app.DebugDump, o *Outcome, save string, lg *e40kLog) {
	t.Helper()
	if o.Turn != d.Play.Turn || !o.Over || o.Result == nil {
		t.Fatalf("the save replays to turn %d (over %v), the window ended at turn %d", o.Turn, o.Over, d.Play.Turn)
	}
	if o.Result.Winner != d.Play.Winner || o.Result.Kind != d.Play.Result {
		t.Errorf("replay result %s %q, the window showed %s %q", o.Result.Winner, o.Result.Kind, d.Play.Winner, d.Play.Result)
	}
	var stdout bytes.Buffer
	cmd := exec.Command(binary(t), "replay", "--json", save)
	cmd.Stdout = &stdout
	if err := cmd.Run(); err != nil {
		t.Fatalf("auspex replay --json %s: %v", save, err)
	}
	var rep e40kReplayed
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	formation := map[string]string{}
	for _, u := range rep.Units {
		formation[u.ID] = u.Formation
	}
	data, err := os.ReadFile(save)
	if err != nil {
		t.Fatal(err)
	}
	var sv e40kSaved
	if err := json.Unmarshal(data, &sv); err != nil {
		t.Fatalf("the save %s: %v", save, err)
	}
	if len(sv.Commands) != o.Commands || o.Commands != d.Play.Commands {
		t.Errorf("the save holds %d commands, the replay %d, the window showed %d", len(sv.Commands), o.Commands, d.Play.Commands)
	}
	count := map[string]int{}
	var moves, fires []e40kCmdArgs
	for i, c := range sv.Commands {
		var a e40kCmdArgs
		if err := json.Unmarshal(c.Args, &a); err != nil {
			t.Fatalf("command %d (%s) args: %v", i, c.Cmd, err)
		}
		if a.By != e40kHuman {
			continue
		}
		count[c.Cmd]++
		switch c.Cmd {
		case "move":
			moves = append(moves, a)
		case "fire":
			fires = append(fires, a)
		}
	}
	t.Logf("%s's commands in the save: %v", e40kHuman, count)
	if count["orders"] != lg.orders || lg.orders == 0 {
		t.Errorf("the save holds %d orders commands of %s, %d were given by hand", count["orders"], e40kHuman, lg.orders)
	}
	if count["initiative"] == 0 {
		t.Error("no initiative command of " + e40kHuman + " in the save (E40K-INI-1)")
	}
	if len(fires) != lg.fires || lg.fires == 0 {
		t.Errorf("the save holds %d fire commands of %s, %d were made by clicking enemy stands", len(fires), e40kHuman, lg.fires)
	}
	// Each fire command aims at the clicked stand's detachment, or at the
	// clicked stand itself when it is a titan (the Gargant).
	for i, f := range fires {
		if i >= len(lg.aimed) {
			break
		}
		clicked := lg.aimed[i]
		if f.Titan != clicked && (f.Titan != "" || f.Target != formation[clicked]) {
			t.Errorf("fire %d: %s clicked %s (of %s), the save fires at target %q titan %q", i+1, f.Detachment, clicked, formation[clicked], f.Target, f.Titan)
		}
	}
	if len(moves) != len(lg.drags) || len(lg.drags) == 0 {
		t.Fatalf("the save holds %d move commands of %s, %d were dragged", len(moves), e40kHuman, len(lg.drags))
	}
	if count["assault"] != lg.assaults {
		t.Errorf("the save holds %d assault commands of %s, %d assault moves were played by A and Enter", count["assault"], e40kHuman, lg.assaults)
	}
	if lg.assaults == 0 {
		t.Errorf("no assault move was played by hand (every assault step passed)")
	}
	if count["rally"] != lg.rallies {
		t.Errorf("the save holds %d rally commands of %s, %d rally tests were taken by Enter", count["rally"], e40kHuman, lg.rallies)
	}
	// Each dragged move is a move command of the dragged stand's
	// detachment that takes that stand where the pointer let go (within a
	// few mm: the window rounds the drag to whole pixels, 1 px ~ 3 mm),
	// and the stand the window showed after the release exactly where the
	// window showed it.
	moved := map[string]bool{}
	for i, dr := range lg.drags {
		m := moves[i]
		if m.Detachment != formation[dr.stand] {
			t.Errorf("drag %d of %s (detachment %s) saved as a move of %s", i+1, dr.stand, formation[dr.stand], m.Detachment)
		}
		found := false
		for _, um := range m.Moves {
			moved[um.Unit] = true
			if um.Unit == dr.stand {
				found = true
				if off := math.Hypot(um.To.X-dr.to[0], um.To.Y-dr.to[1]); off > 0.5 {
					t.Errorf("turn %d: %s dragged to %.1f,%.1f, the saved move sends it to %.2f,%.2f (%.2f cm off)", dr.turn, dr.stand, dr.to[0], dr.to[1], um.To.X, um.To.Y, off)
				}
			}
			if um.Unit == dr.shownUnit {
				if off := math.Hypot(um.To.X-dr.shown[0], um.To.Y-dr.shown[1]); off > 0.01 {
					t.Errorf("turn %d: the window showed the move of %s ending at %.2f,%.2f, the save sends it to %.2f,%.2f", dr.turn, dr.shownUnit, dr.shown[0], dr.shown[1], um.To.X, um.To.Y)
				}
			}
		}
		if !found {
			t.Errorf("turn %d: the saved move of %s does not move the dragged stand %s", dr.turn, m.Detachment, dr.stand)
		}
		left := 0
		for _, id := range dr.alive {
			if formation[id] == m.Detachment {
				left++
			}
		}
		if len(m.Moves) < min(2, left) {
			t.Errorf("turn %d: dragging %s moved %d stand(s) of %s (%d on the table): the detachment should follow", dr.turn, dr.stand, len(m.Moves), m.Detachment, left)
		}
	}
	// The replayed stands stand where the window showed them at the end.
	var ids []string
	for id := range moved {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		u := d.Unit(id)
		i := o.unitIndex(id)
		if u == nil || i < 0 {
			t.Errorf("the moved stand %s is missing from the window (%v) or the replay (%d)", id, u != nil, i)
			continue
		}
		if u.Destroyed {
			continue
		}
		ru := o.Units[i]
		if off := math.Hypot(ru.Pos.X-u.X, ru.Pos.Y-u.Y); off > 0.3 {
			t.Errorf("%s: the replay puts it at %.2f,%.2f, the window at %.2f,%.2f", id, ru.Pos.X, ru.Pos.Y, u.X, u.Y)
		}
	}
	if lg.rallies == 0 {
		// The dice decide whether a marine detachment is ever broken;
		// TestE40KRallyByHand plays a rally by hand every time.
		t.Logf("no marine detachment was offered a rally test in this battle")
	}
}
