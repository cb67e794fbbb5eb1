package atiiui

import (
	"fmt"
	"strings"

	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
)

// TraySteps turns the log entries from index from into tray steps: each
// roll with the action it belongs to and the results that followed it;
// close combat strikes get steps of their own in swiftness order. Nil
// when no dice were rolled.
func (s *UI) TraySteps(from int) []play.TrayStep {
	lg := s.State().Log
	var steps []play.TrayStep
	head := ""
	rolls := 0
	var fight *ccReplay
	// shields are the steps of the void shield rolls of the hits being
	// resolved whose outcome is not read yet: the rules log a volley's
	// rolls first, then an outcome per hit in the same order.
	var shields []int
	for i := from; i < len(lg); i++ {
		e := lg[i]
		if secret, side := s.SecretEvent(e); secret && !s.Shows(side) {
			continue
		}
		switch {
		case e.Kind == rules.EvDecision || e.Kind == rules.EvPhase:
			// A new step: the rolls that follow are not the last
			// action's (the repairs, the initiative after a shot).
			head, fight, shields = "", nil, nil
			continue
		case e.Roll != nil:
			r := *e.Roll
			units := r.Units
			if len(units) == 0 {
				units = e.Units
			}
			h := head
			if h == "" {
				h = rollHead(e.Step, units)
			}
			steps = append(steps, play.TrayStep{Head: h, Roll: &r, Units: units})
			if _, ok := atii.ShieldRollNeed(&r); ok {
				shields = append(shields, len(steps)-1)
			}
			rolls++
		case e.Kind == "fired" || strings.HasPrefix(e.Text, "close combat:") || strings.HasPrefix(e.Text, "close combat (one melee):"):
			head = e.Text
			if i := strings.Index(head, ": "); i > 0 && e.Kind == "fired" {
				head = head[:i]
			}
			fight, shields = nil, nil
			if e.Kind != "fired" && len(e.Units) >= 2 {
				fight = s.replayFight(e.Units)
			}
		case shieldOutcome(e) && len(shields) > 0:
			// Beside the roll it answers.
			steps[shields[0]].Lines = append(steps[shields[0]].Lines, e.Text)
			shields = shields[1:]
		default:
			line := e.Text
			if fight != nil && fight.isStrike(e) {
				if sw, ok := fight.swiftness(e); ok {
					line = fmt.Sprintf("swiftness %d: %s", sw, line)
				}
				// Close combat results come after all of its rolls: give
				// them their own step so each strike reads on its own.
				steps = append(steps, play.TrayStep{Head: "close combat: strikes in swiftness order", Lines: []string{line}, Units: []string{e.Units[0], e.Units[1]}})
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
		return nil
	}
	return steps
}

// rollHead heads a roll that belongs to no shot or fight: the step it
// was rolled in, and whose it is ("Rally phase: red-reaver"; the tray
// names the titans).
func rollHead(step string, units []string) string {
	h := stepName(step)
	if len(units) > 0 {
		h += ": " + strings.Join(units, ", ")
	}
	return h
}

// shieldOutcome reports whether e is the outcome of a hit on a void
// shield: it goes down or holds.
func shieldOutcome(e rules.Event) bool {
	return e.Kind == rules.EvShield || e.Kind == rules.EvMessage && strings.HasPrefix(e.Text, "a void shield of ") && strings.HasSuffix(e.Text, " holds")
}

// RollResult says what a void shield roll did against the total it needed
// (atii.ShieldRollNeed): enough to knock the shield down or not; "" for
// other rolls, whose dice and target say it.
func (s *UI) RollResult(r *rules.Roll) string {
	need, ok := atii.ShieldRollNeed(r)
	if !ok {
		return ""
	}
	sum := 0
	for _, f := range r.Faces {
		sum += f
	}
	if sum >= need {
		return "shield down"
	}
	return "shield holds"
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
func (s *UI) replayFight(ids []string) *ccReplay {
	st := s.Before()
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
func (s *UI) dieOwners(ro *rules.Roll) string {
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

// TrayText rewords a result line (trayLine) and names its titans.
func (s *UI) TrayText(line string) string { return s.named(trayLine(line)) }

// RollNote says whose die is whose in an initiative roll (dieOwners); an
// initiative roll or a roll-off has no meaningful total.
func (s *UI) RollNote(r *rules.Roll) (note string, total bool) {
	return s.dieOwners(r), !strings.Contains(r.Purpose, "initiative") && !strings.Contains(r.Purpose, "roll-off")
}
