package e2e

import (
	"fmt"
	"math"
	"regexp"
	"strings"

	"github.com/auspex/auspex/render/app"
)

// Play-mode helpers shared by the game tests: each reads the dump, acts
// with real input and waits for the window to show the result.

// playing is the dump while a game is shown.
func playing(d *app.DebugDump) bool { return d.Play != nil }

// settle waits until a human must act on the table: no computer deciding,
// no dice tray (Escape closes it, as a player would), no file prompt.
// Handovers are left to the caller.
func (w *Win) settle() *app.DebugDump {
	w.t.Helper()
	for i := 0; i < 50; i++ {
		d := w.Wait("a game on screen", playing)
		switch {
		case d.Play.Tray:
			// First: a computer side does not start thinking while the
			// tray shows the last dice (a long assault's dice take
			// many 1.4 s steps, longer still on a loaded machine).
			w.Key("Escape")
			w.Wait("the dice tray to close", func(d *app.DebugDump) bool { return d.Play == nil || !d.Play.Tray })
		case d.Play.Mode == "thinking":
			w.Wait("the computer's decision", func(d *app.DebugDump) bool {
				return d.Play == nil || d.Play.Mode != "thinking" || d.Play.Tray
			})
		default:
			return d
		}
	}
	w.Failf("the window never settled")
	return nil
}

// played runs act and waits until the game has played a command (the
// state's command count went up), the game ended, the command waits for
// manual dice, or the window refused with a message. It returns the dump
// and whether a command was played (or waits for its dice).
func (w *Win) played(what string, act func()) (*app.DebugDump, bool) {
	w.t.Helper()
	before := w.Dump()
	n := before.Play.Commands
	act()
	d := w.Wait(what, func(d *app.DebugDump) bool {
		return d.Play != nil && (d.Play.Commands != n || d.Play.Over || d.Play.Mode == "dice" || (d.Play.MsgErr && d.Play.Msg != before.Play.Msg))
	})
	return d, d.Play.Commands != n || d.Play.Mode == "dice"
}

// mustPlay is played that fails the test when no command was played.
func (w *Win) mustPlay(what string, act func()) *app.DebugDump {
	w.t.Helper()
	d, ok := w.played(what, act)
	if !ok && !d.Play.Over {
		w.Failf("%s: the window played nothing: %q", what, d.Play.Msg)
	}
	return d
}

// dist is the distance between two units' centres (cm).
func dist(a, b *app.DumpUnit) float64 { return math.Hypot(b.X-a.X, b.Y-a.Y) }

// toward is the point d cm from a along the line to b.
func toward(a, b *app.DumpUnit, d float64) (float64, float64) {
	l := dist(a, b)
	return a.X + (b.X-a.X)*d/l, a.Y + (b.Y-a.Y)*d/l
}

// continueHandover dismisses a handover screen with its Continue button.
func (w *Win) continueHandover() *app.DebugDump {
	w.t.Helper()
	w.ClickButton("play", "Continue")
	return w.Wait("the handover to end", func(d *app.DebugDump) bool { return d.Play != nil && d.Play.Mode != "handover" })
}

// endStep clicks the banner's End step button and waits for a command.
func (w *Win) endStep(what string) *app.DebugDump {
	w.t.Helper()
	return w.mustPlay(what, func() { w.ClickButton("play", "End step") })
}

// hold presses H for the selected titan and waits for the command.
func (w *Win) hold(what string) *app.DebugDump {
	w.t.Helper()
	return w.mustPlay(what, func() { w.Key("h") })
}

// texts joins a dump's drawn strings (for messages).
func texts(d *app.DebugDump, where string) string {
	var out []string
	for _, t := range d.Texts {
		if where == "" || t.Where == where {
			out = append(out, t.Text)
		}
	}
	return strings.Join(out, " | ")
}

// describe names a unit with its place for messages.
func describe(u *app.DumpUnit) string {
	return fmt.Sprintf("%s at %.1f,%.1f cm (window %.0f,%.0f)", u.ID, u.X, u.Y, u.WX, u.WY)
}

// dragLeg drags the selected titan's path from its base at (fx, fy) cm to
// (tx, ty) cm and waits for the drawn path. Under Xvfb about one drag in
// ten registers its end at an intermediate pointer position (a press seen
// again mid-drag); such a path is dropped (Escape) and the drag made again,
// up to three times. tol is how far (cm) the path's end may be from the
// target (a charge snaps it into base contact). It returns the dump with
// the path drawn.
func (w *Win) dragLeg(what string, fx, fy, tx, ty, tol float64) *app.DebugDump {
	w.t.Helper()
	var d *app.DebugDump
	for try := 1; ; try++ {
		d = w.Dump()
		x0, y0 := At(d, fx, fy)
		x1, y1 := At(d, tx, ty)
		w.Drag(x0, y0, x1, y1)
		d = w.Wait("the dragged path: "+what, func(d *app.DebugDump) bool {
			return d.Play != nil && !d.Play.Dragging && (len(d.Play.Draft) > 0 || d.Play.MsgErr)
		})
		if len(d.Play.Draft) == 0 {
			w.Failf("%s: dragging from %.1f,%.1f to %.1f,%.1f cm drew no path (%q): a titan must be draggable where it stands", what, fx, fy, tx, ty, d.Play.Msg)
		}
		end := d.Play.Draft[len(d.Play.Draft)-1]
		off := math.Hypot(end.X-tx, end.Y-ty)
		if len(d.Play.Draft) == 1 && off <= tol {
			return d
		}
		if try == 3 {
			w.Failf("%s: three drags to %.1f,%.1f drew %v", what, tx, ty, d.Play.Draft)
		}
		w.t.Logf("%s: the drag drew %v, not one leg to %.1f,%.1f: dropped and dragged again", what, d.Play.Draft, tx, ty)
		w.Key("Escape")
		w.Wait("the dropped path", func(d *app.DebugDump) bool { return d.Play != nil && len(d.Play.Draft) == 0 })
	}
}

// makeHuman presses side number n on the start screen until the side's
// button (whose label starts with prefix) says human: a click cycles a
// side through human, its script, the AI at three speeds and the basic
// computer.
func (w *Win) makeHuman(n int, prefix string) {
	w.t.Helper()
	for i := 0; i < 8; i++ {
		d := w.Wait("the side's button", func(d *app.DebugDump) bool { return d.Button("start", prefix) != nil })
		before := d.Button("start", prefix).Label
		if before == prefix+"human" {
			return
		}
		w.Key(fmt.Sprint(n))
		w.Wait("the side's player to change", func(d *app.DebugDump) bool {
			b := d.Button("start", prefix)
			return b != nil && b.Label != before
		})
	}
	w.Failf("%s never became human", prefix)
}

// nearestEnemy is the operational enemy titan on the table nearest to me
// (nil when none).
func nearestEnemy(d *app.DebugDump, me *app.DumpUnit) *app.DumpUnit {
	var best *app.DumpUnit
	for i := range d.Units {
		u := &d.Units[i]
		if u.Side == me.Side || !u.OnTable || u.Destroyed {
			continue
		}
		if best == nil || dist(me, u) < dist(me, best) {
			best = u
		}
	}
	return best
}

// declareShots declares the selected titan me's weapons, one number key
// each, at foe by clicking it where it stands, and returns how many shots
// were declared (a refusal that names foe is not one). mounts is how many
// weapons me carries; 0 takes the number the side panel lists.
func (w *Win) declareShots(me, foe *app.DumpUnit, mounts int) int {
	w.t.Helper()
	if mounts == 0 {
		mounts = weaponCount(w.Dump())
	}
	declared := 0
	for k := 1; k <= mounts; k++ {
		w.Key(fmt.Sprint(k))
		d := w.Dump()
		if d.Play.MsgErr && strings.Contains(d.Play.Msg, "cannot fire:") {
			continue // this weapon cannot fire at all this turn
		}
		before, weapon, prev := len(d.Play.Shots), d.Play.Weapon, d.Play.Msg
		// A refusal names the target (by id or name) and why.
		refused := func(d *app.DebugDump) bool {
			m := d.Play.Msg
			return d.Play.MsgErr && m != prev && strings.Contains(m, "cannot fire at ") && (strings.Contains(m, foe.ID) || strings.Contains(m, foe.Name))
		}
		x, y := At(d, foe.X, foe.Y)
		w.Click(x, y)
		d = w.WaitFor(waitFor/4, fmt.Sprintf("%s's weapon %d (%s) declared at %s, or refused with the reason", me.ID, k, weapon, describe(foe)), func(d *app.DebugDump) bool {
			return d.Play != nil && (len(d.Play.Shots) > before || refused(d) || d.Selected == foe.ID)
		})
		if d.Selected == foe.ID {
			w.Failf("clicking %s selected it instead of declaring %s's weapon %d at it", describe(foe), me.ID, k)
		}
		if len(d.Play.Shots) > before {
			declared++
		}
	}
	return declared
}

// shoot selects the decider's titan that may fire (a click on it, when it
// is not selected) and declares its weapons at the nearest enemy titan
// (declareShots, with mounts); it returns the titan, its target and the
// shots declared. Firing them (Enter) or holding is the caller's.
func (w *Win) shoot(d *app.DebugDump, mounts int) (me, foe *app.DumpUnit, declared int) {
	w.t.Helper()
	me, foe = actors(w, d, "shooting")
	if d.Selected != me.ID {
		x, y := At(d, me.X, me.Y)
		w.Click(x, y)
		w.Wait("selecting "+me.ID, func(d *app.DebugDump) bool { return d.Selected == me.ID })
	}
	return me, foe, w.declareShots(me, foe, mounts)
}

// weaponNumber reads a weapon line of the side panel ("1. left-arm: ..."
// or, the weapon chosen, "> 2. right-arm: ...").
var weaponNumber = regexp.MustCompile(`^(?:> )?(\d)\. [a-z -]+: `)

// weaponCount is how many weapons the side panel of d lists for the
// selected titan: the numbered lines under its "Weapons" heading (0 when
// there is none).
func weaponCount(d *app.DebugDump) int {
	var head *app.DumpText
	for i := range d.Texts {
		if d.Texts[i].Text == "Weapons" {
			head = &d.Texts[i]
		}
	}
	n := 0
	for _, t := range d.Texts {
		if head == nil || t.X != head.X || t.Y <= head.Y {
			continue
		}
		if m := weaponNumber.FindStringSubmatch(t.Text); m != nil && int(m[1][0]-'0') > n {
			n = int(m[1][0] - '0')
		}
	}
	return n
}

// crowded reports whether a titan's base at (x, y) cm would come within
// 11 cm (centre to centre: two large bases and a margin) of a titan other
// than me, wrecks included.
func crowded(d *app.DebugDump, me *app.DumpUnit, x, y float64) bool {
	for i := range d.Units {
		u := &d.Units[i]
		if u.ID != me.ID && u.OnTable && math.Hypot(u.X-x, u.Y-y) < 11 {
			return true
		}
	}
	return false
}
