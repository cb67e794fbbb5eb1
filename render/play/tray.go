package play

import (
	"fmt"
	"image/color"
	"strings"
	"time"

	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

// TrayStep is one step of the dice tray: a roll with what it was for, the
// target and modifiers, and the results that followed it (a shield down,
// damage, a close combat strike).
type TrayStep struct {
	// Head is the action the roll belongs to ("red-reaver fires Gatling
	// Blaster at blue-reaver", "close combat: a against b").
	Head string
	// Roll is nil for a step of results only (a close combat summary).
	Roll  *rules.Roll
	Lines []string
	Units []string
}

// Tray is the dice rolled by the last command, shown one step at a time.
type Tray struct {
	Steps []TrayStep
	// At is the step shown.
	At int
	// age is how long the step has been shown (seconds).
	age float64
}

// DefaultTrayDelay is how long a dice step stays before the tray moves on
// by itself (seconds).
const DefaultTrayDelay = 1.4

// Tray is the dice tray shown (nil when none).
func (s *Session) Tray() *Tray { return s.tray }

// traySuspense reports whether the table should still show the state
// before the last command: the tray is open and short of its last dice.
func (s *Session) traySuspense() bool {
	return s.tray != nil && s.pre != nil && s.tray.At < len(s.tray.Steps)-1
}

// buildTray opens the tray on the dice of the log from index from (none
// when the command rolled none).
func (s *Session) buildTray(from int) {
	if steps := s.ui.TraySteps(from); len(steps) > 0 {
		s.tray = &Tray{Steps: steps}
	}
}

// TrayNext shows the next dice step (Space, Enter or a click on the
// tray); after the last step the tray closes.
func (s *Session) TrayNext() {
	if s.tray == nil {
		return
	}
	s.tray.At++
	s.tray.age = 0
	if s.tray.At >= len(s.tray.Steps) {
		s.TrayClose()
	}
}

// TrayClose closes the dice tray (Esc); the dice stay in the log. A
// handover waiting for the tray (ModeTray) follows.
func (s *Session) TrayClose() {
	s.tray = nil
	if s.mode == ModeTray {
		s.mode = ModeHandover
		s.viewer = ""
	}
}

// Tick advances the dice tray by itself after TrayDelay seconds per step,
// and the thinking clock while a computer decides (dt is the frame's
// duration). It reports whether anything drawn changed.
func (s *Session) Tick(dt float64) bool {
	if s.mode == ModeThinking && s.think != nil {
		// The banner shows how long the computer has been thinking
		// (redrawn about every tenth of a second).
		before := int(s.thinkFor * 10)
		s.thinkFor = time.Since(s.thinkStart).Seconds()
		return int(s.thinkFor*10) != before
	}
	if s.tray == nil || s.TrayDelay <= 0 {
		return false
	}
	s.tray.age += dt
	if s.tray.age >= s.TrayDelay {
		s.TrayNext()
		return true
	}
	return false
}

// TrayRect is where the dice tray is drawn: over the dice log (which holds
// the same rolls as history), left of the side panel, so the table and the
// titans the dice are about stay in view.
func (l Layout) TrayRect() scene.Rect {
	w := l.W - l.PanelW()
	bottom := l.H - l.Bottom - l.Px(4)
	tw := minf(w-l.Px(24), l.Px(620))
	return scene.Rect{Min: world.Vec{X: (w - tw) / 2, Y: bottom - l.Px(170)}, Max: world.Vec{X: (w + tw) / 2, Y: bottom}}
}

func minf(a, b float64) float64 {
	if a < b {
		return a
	}
	return b
}

// Die colours of the tray.
var (
	dieGood    = color.NRGBA{60, 170, 80, 255}
	dieBad     = color.NRGBA{190, 60, 50, 255}
	dieNeutral = color.NRGBA{235, 235, 225, 255}
)

// drawTray draws the current dice step: the faces as dice coloured
// against the target, what the roll was for, the modifiers and the
// results. Clicking it shows the next step.
func (s *Session) drawTray(h *hudb) {
	t := s.tray
	if t == nil || t.At >= len(t.Steps) {
		return
	}
	l := h.l
	r := l.TrayRect()
	st := t.Steps[t.At]
	h.rect(r, color.NRGBA{16, 18, 22, 240}, ColGold, l.Px(2))
	h.btns = append(h.btns, Button{Label: "dice tray", R: r, Do: s.TrayNext})
	x := r.Min.X + l.Px(12)
	c := &Column{h: h, X: x, Y: r.Min.Y + l.Px(8), W: r.W() - l.Px(24), MaxY: r.Max.Y - l.Px(22)}
	title := fmt.Sprintf("Dice %d of %d", t.At+1, len(t.Steps))
	if st.Head != "" {
		title += " - " + s.ui.Named(st.Head)
	}
	c.Line(title, l.Px(13), true, ColGold)
	if ro := st.Roll; ro != nil {
		c.Line(s.ui.Named(ro.Purpose), l.Px(13), true, ColText)
		size := l.Px(34)
		dx := x
		y := c.Y + l.Px(4)
		hits := 0
		for _, f := range ro.Faces {
			fill, ink := dieNeutral, color.NRGBA{20, 20, 20, 255}
			if ro.Target > 0 {
				if f >= ro.Target {
					fill, ink = dieGood, color.NRGBA{255, 255, 255, 255}
					hits++
				} else {
					fill, ink = dieBad, color.NRGBA{255, 255, 255, 255}
				}
			}
			if dx+size > r.Max.X-l.Px(12) {
				break
			}
			h.rect(scene.Rect{Min: world.Vec{X: dx, Y: y}, Max: world.Vec{X: dx + size, Y: y + size}}, fill, color.NRGBA{0, 0, 0, 255}, l.Px(1.5))
			lbl := fmt.Sprint(f)
			h.text(dx+size/2-l.TextWidth(lbl, l.Px(18), true)/2, y+size/2, lbl, l.Px(18), true, ink)
			dx += size + l.Px(6)
		}
		c.Y = y + size + l.Px(6)
		need := fmt.Sprintf("%dD%d", len(ro.Faces), ro.Sides)
		if ro.Target > 0 {
			need += fmt.Sprintf(", need %d+: %d succeed, %d fail", ro.Target, hits, len(ro.Faces)-hits)
		} else {
			sum := 0
			for _, f := range ro.Faces {
				sum += f
			}
			if _, total := s.ui.RollNote(ro); len(ro.Faces) > 1 && total {
				need += fmt.Sprintf(", total %d", sum)
			}
		}
		if len(ro.Mods) > 0 {
			need += " (" + strings.Join(ro.Mods, ", ") + ")"
		}
		if ow, _ := s.ui.RollNote(ro); ow != "" {
			need += ": " + ow
		}
		need += s.rollResult(LogEntry{Roll: ro})
		c.Line(need, l.Px(12), false, ColText)
	}
	for _, ln := range st.Lines {
		c.Line("=> "+s.ui.TrayText(ln), l.Px(12), true, ColGold)
	}
	hint := "Space, Enter or click: next   Esc: skip the rest"
	if s.TrayDelay > 0 {
		hint += "   (moves on by itself)"
	}
	// The table shows the state after the command from the last dice on.
	if t.At < len(t.Steps)-1 {
		hint += "   The table shows the outcome at the last dice."
	} else {
		hint += "   The table now shows the outcome."
	}
	h.text(x, r.Max.Y-l.Px(11), hint, l.Px(11), false, ColDim)
}

// Before is the state before the last command (nil before any): the
// system's tray texts replay what happened from it.
func (s *Session) Before() *rules.State { return s.pre }

// Shown is the state the table shows: while the dice tray has not reached
// its last dice, the state before the command (the table does not give
// the dice away), else the current one.
func (s *Session) Shown() *rules.State {
	if s.traySuspense() {
		return s.pre
	}
	return s.State()
}

// ShowDice opens the dice tray on the dice of the log from index from
// (nothing when none were rolled).
func (s *Session) ShowDice(from int) { s.buildTray(from) }
