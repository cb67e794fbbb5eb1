package play

import (
	"fmt"
	"image/color"
	"strings"

	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
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

// buildTray turns the log entries from index from into tray steps.
func (s *Session) buildTray(from int) {
	lg := s.State().Log
	var steps []TrayStep
	head := ""
	rolls := 0
	var fight *ccReplay
	for i := from; i < len(lg); i++ {
		e := lg[i]
		if secret, side := secretEvent(e); secret && !s.shows(side) {
			continue
		}
		switch {
		case e.Kind == rules.EvDecision || e.Kind == rules.EvPhase:
			continue
		case e.Roll != nil:
			r := *e.Roll
			units := r.Units
			if len(units) == 0 {
				units = e.Units
			}
			steps = append(steps, TrayStep{Head: head, Roll: &r, Units: units})
			rolls++
		case e.Kind == "fired" || strings.HasPrefix(e.Text, "close combat:") || strings.HasPrefix(e.Text, "close combat (one melee):"):
			head = e.Text
			if i := strings.Index(head, ": "); i > 0 && e.Kind == "fired" {
				head = head[:i]
			}
			fight = nil
			if e.Kind != "fired" && len(e.Units) >= 2 {
				fight = s.replayFight(e.Units)
			}
		default:
			line := e.Text
			if fight != nil && fight.isStrike(e) {
				if sw, ok := fight.swiftness(e); ok {
					line = fmt.Sprintf("swiftness %d: %s", sw, line)
				}
				// Close combat results come after all of its rolls: give
				// them their own step so each strike reads on its own.
				steps = append(steps, TrayStep{Head: "close combat: strikes in swiftness order", Lines: []string{line}, Units: []string{e.Units[0], e.Units[1]}})
				continue
			}
			if fight != nil {
				fight.damage(e)
			}
			if n := len(steps); n > 0 && line != "" {
				steps[n-1].Lines = append(steps[n-1].Lines, line)
			}
		}
	}
	if rolls == 0 {
		return
	}
	s.tray = &Tray{Steps: steps}
}

// ccReplay follows a logged close combat against the rules' strike order
// (atii.CloseCombatOrder) to tell each logged strike's swiftness. A melee
// of three or more titans is one swiftness sequence (ATII-CC-1, ATII-CC-2):
// its strikes are told by the striking weapon's swiftness, looked up from
// the strike orders of every pair of enemy fighters.
type ccReplay struct {
	a, b  string
	slots []atii.CCSlot
	next  int
	// cur is the swiftness of the strike being read; silenced records the
	// mounts put out of action during the fight and at which swiftness.
	cur      int
	silenced map[string]map[string]int
	// melee lists the fighters of a melee of three or more (nil for two),
	// and swift each fighter's weapons' swiftness by weapon name.
	melee []string
	swift map[string]map[string]int
}

// replayFight starts following the close combat of the fighters ids (two
// for a fight, more for a melee). The strike order comes from the state
// before the last command, with the titans where they stand now (a charge
// moved them into contact). It is nil when no order can be built.
func (s *Session) replayFight(ids []string) *ccReplay {
	st := s.pre
	if st == nil {
		st = s.State()
	} else {
		st = st.Clone()
		for i := range st.Units {
			if u := s.State().Unit(st.Units[i].ID); u != nil {
				st.Units[i].Pos, st.Units[i].Facing = u.Pos, u.Facing
			}
		}
	}
	if len(ids) == 2 {
		slots, err := s.rs().CloseCombatOrder(st, ids[0], ids[1])
		if err != nil {
			return nil
		}
		return &ccReplay{a: ids[0], b: ids[1], slots: slots, silenced: map[string]map[string]int{}}
	}
	f := &ccReplay{melee: ids, swift: map[string]map[string]int{}, silenced: map[string]map[string]int{}}
	for i, a := range ids {
		for _, b := range ids[i+1:] {
			ua, ub := st.Unit(a), st.Unit(b)
			if ua == nil || ub == nil || ua.Side == ub.Side {
				continue
			}
			slots, err := s.rs().CloseCombatOrder(st, a, b)
			if err != nil {
				continue
			}
			for _, sl := range slots {
				if f.swift[sl.Attacker] == nil {
					f.swift[sl.Attacker] = map[string]int{}
				}
				f.swift[sl.Attacker][sl.Name] = sl.Swiftness
			}
		}
	}
	return f
}

// isStrike reports whether e is a strike of the fight: a message naming
// two of the combatants, attacker first.
func (f *ccReplay) isStrike(e rules.Event) bool {
	if e.Kind != rules.EvMessage || e.Roll != nil || len(e.Units) != 2 {
		return false
	}
	if f.melee != nil {
		return e.Units[0] != e.Units[1] && hasID(f.melee, e.Units[0]) && hasID(f.melee, e.Units[1])
	}
	return e.Units[0] == f.a && e.Units[1] == f.b || e.Units[0] == f.b && e.Units[1] == f.a
}

// swiftness is the swiftness of the logged strike e (isStrike): in a
// two-titan fight the next matching slot of the strike order; in a melee
// that of the weapon the strike names ("A strikes B with W: ...").
func (f *ccReplay) swiftness(e rules.Event) (int, bool) {
	if f.melee == nil {
		if sl := f.strike(e.Units[0], e.Units[1]); sl != nil {
			return sl.Swiftness, true
		}
		return 0, false
	}
	_, rest, ok := strings.Cut(e.Text, " with ")
	if !ok {
		return 0, false
	}
	name, _, _ := strings.Cut(rest, ": ")
	sw, ok := f.swift[e.Units[0]][name]
	return sw, ok
}

// hasID reports whether ids holds id.
func hasID(ids []string, id string) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

// strike matches the next logged strike of attacker at target to its slot
// (nil when none is left): slots silenced by damage from a swifter blow
// are skipped, as the rules skip them.
func (f *ccReplay) strike(attacker, target string) *atii.CCSlot {
	for k := f.next; k < len(f.slots); k++ {
		sl := f.slots[k]
		if sl.Attacker != attacker || sl.Target != target {
			continue
		}
		if sw, ok := f.silenced[attacker][sl.Mount]; ok && sw > sl.Swiftness {
			continue
		}
		f.next = k + 1
		f.cur = sl.Swiftness
		return &f.slots[k]
	}
	return nil
}

// damage notes a location of a combatant damaged to Superficial or worse
// (its weapon can no longer strike, ATII-CC-2).
func (f *ccReplay) damage(e rules.Event) {
	if e.Kind != rules.EvDamaged || len(e.Units) != 1 {
		return
	}
	var lv atii.Level
	if err := lv.UnmarshalText([]byte(e.Data["level"])); err != nil || lv < atii.Superficial {
		return
	}
	m := f.silenced[e.Units[0]]
	if m == nil {
		m = map[string]int{}
		f.silenced[e.Units[0]] = m
	}
	if _, ok := m[e.Data["location"]]; !ok {
		m[e.Data["location"]] = f.cur
	}
}

// dieOwners says whose die is whose in a roll of one die per side (the
// initiative roll names its sides in order, ATII-INI): "Legio Mortis 4,
// Legio Ignatum 2"; "" for other rolls.
func (s *Session) dieOwners(ro *rules.Roll) string {
	in, ok := strings.CutPrefix(ro.Purpose, "initiative (")
	if !ok {
		return ""
	}
	in, _, _ = strings.Cut(in, ";")
	in = strings.TrimSuffix(in, ")")
	sides := strings.Split(in, ", ")
	if len(sides) != len(ro.Faces) {
		return ""
	}
	var parts []string
	for i, sd := range sides {
		parts = append(parts, fmt.Sprintf("%s %d", s.SideName(strings.TrimSpace(sd)), ro.Faces[i]))
	}
	return strings.Join(parts, ", ")
}

// trayLine rewords a result line for the tray and the dice log: hits in
// the plural, and a repair roll with more
// successes than it needed says so ("3 successes, 1 needed: shield"
// rather than "3 repair(s): shield").
func trayLine(ln string) string {
	if a, b, ok := strings.Cut(ln, " hit(s)"); ok {
		k := strings.LastIndex(a, " ")
		var n int
		if _, err := fmt.Sscan(a[k+1:], &n); err == nil {
			ln = a[:k+1] + plural(n, "hit") + b
		}
	}
	i := strings.Index(ln, " repair(s): ")
	if i < 0 {
		return ln
	}
	j := strings.LastIndex(ln[:i], " ")
	var n int
	if _, err := fmt.Sscan(ln[j+1:i], &n); err != nil {
		return ln
	}
	fixed := ln[i+len(" repair(s): "):]
	used := len(strings.Split(fixed, ", "))
	need := fmt.Sprintf("%s needed", plural(used, "repair"))
	if used == n {
		need = "all needed"
	}
	succ := fmt.Sprintf("%d successes", n)
	if n == 1 {
		succ = "1 success"
	}
	return fmt.Sprintf("%s %s, %s: %s", ln[:j], succ, need, fixed)
}

// traySuspense reports whether the table should still show the state
// before the last command: the tray is open and short of its last dice.
func (s *Session) traySuspense() bool {
	return s.tray != nil && s.pre != nil && s.tray.At < len(s.tray.Steps)-1
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

// Tick advances the dice tray by itself after TrayDelay seconds per step
// (dt is the frame's duration). It reports whether the tray changed.
func (s *Session) Tick(dt float64) bool {
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
	bottom := l.H - l.Bottom - l.px(4)
	tw := minf(w-l.px(24), l.px(620))
	return scene.Rect{Min: world.Vec{X: (w - tw) / 2, Y: bottom - l.px(170)}, Max: world.Vec{X: (w + tw) / 2, Y: bottom}}
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
	h.rect(r, color.NRGBA{16, 18, 22, 240}, colGold, l.px(2))
	h.btns = append(h.btns, Button{Label: "dice tray", R: r, Do: s.TrayNext})
	x := r.Min.X + l.px(12)
	c := &column{h: h, x: x, y: r.Min.Y + l.px(8), w: r.W() - l.px(24), maxY: r.Max.Y - l.px(22)}
	title := fmt.Sprintf("Dice %d of %d", t.At+1, len(t.Steps))
	if st.Head != "" {
		title += " - " + s.named(st.Head)
	}
	c.line(title, l.px(13), true, colGold)
	if ro := st.Roll; ro != nil {
		c.line(s.named(ro.Purpose), l.px(13), true, colText)
		size := l.px(34)
		dx := x
		y := c.y + l.px(4)
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
			if dx+size > r.Max.X-l.px(12) {
				break
			}
			h.rect(scene.Rect{Min: world.Vec{X: dx, Y: y}, Max: world.Vec{X: dx + size, Y: y + size}}, fill, color.NRGBA{0, 0, 0, 255}, l.px(1.5))
			lbl := fmt.Sprint(f)
			h.text(dx+size/2-l.measure(lbl, l.px(18), true)/2, y+size/2, lbl, l.px(18), true, ink)
			dx += size + l.px(6)
		}
		c.y = y + size + l.px(6)
		need := fmt.Sprintf("%dD%d", len(ro.Faces), ro.Sides)
		if ro.Target > 0 {
			need += fmt.Sprintf(", need %d+: %d succeed, %d fail", ro.Target, hits, len(ro.Faces)-hits)
		} else {
			sum := 0
			for _, f := range ro.Faces {
				sum += f
			}
			if len(ro.Faces) > 1 && !strings.Contains(ro.Purpose, "initiative") && !strings.Contains(ro.Purpose, "roll-off") {
				need += fmt.Sprintf(", total %d", sum)
			}
		}
		if len(ro.Mods) > 0 {
			need += " (" + strings.Join(ro.Mods, ", ") + ")"
		}
		if ow := s.dieOwners(ro); ow != "" {
			need += ": " + ow
		}
		c.line(need, l.px(12), false, colText)
	}
	for _, ln := range st.Lines {
		c.line("=> "+s.named(trayLine(ln)), l.px(12), true, colGold)
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
	h.text(x, r.Max.Y-l.px(11), hint, l.px(11), false, colDim)
}
