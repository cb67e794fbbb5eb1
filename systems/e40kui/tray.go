package e40kui

import (
	"strings"

	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules"
)

// TraySteps turns the log from index from into dice tray steps: each
// roll with the action it belongs to (the volley, the combat, the
// orders, the rally) and the results that followed it (hits allocated,
// stands destroyed, blast markers, a detachment breaking). Nil when no
// dice were rolled.
func (s *UI) TraySteps(from int) []play.TrayStep {
	lg := s.State().Log
	var steps []play.TrayStep
	head := ""
	// notes are result lines logged after a head but before its first
	// roll (barrage templates, silenced weapons): they go with that roll.
	var notes []string
	fresh := false
	for i := from; i < len(lg); i++ {
		e := lg[i]
		switch {
		case e.Kind == rules.EvDecision:
			continue
		case e.Kind == rules.EvPhase || e.Kind == rules.EvTurn:
			// A new step: its rolls (the rally's blast markers removed,
			// leadership, an initiative draw) are not the last volley's
			// or combat's.
			head, notes, fresh = "", nil, false
			continue
		case e.Roll != nil:
			if h := s.airRollHead(e.Roll.Purpose); h != "" {
				head = h
			}
			if h := initiativeHead(e.Roll.Purpose); h != "" {
				head = h
			}
			r := *e.Roll
			units := r.Units
			if len(units) == 0 {
				units = e.Units
			}
			h := head
			if h == "" {
				h = s.StepName(e.Step)
			}
			steps = append(steps, play.TrayStep{Head: h, Roll: &r, Units: units, Lines: notes})
			notes, fresh = nil, false
		case e.Kind == rules.EvFired:
			head = e.Text
			if k := strings.Index(head, ": "); k > 0 {
				head = head[:k]
			}
			fresh = true
		case combatHead(e.Text):
			head, fresh = e.Text, true
		case fresh && e.Text != "":
			notes = append(notes, s.TrayText(e.Text))
		default:
			if len(steps) > 0 && e.Text != "" {
				steps[len(steps)-1].Lines = append(steps[len(steps)-1].Lines, s.TrayText(e.Text))
			}
		}
	}
	return steps
}

// initiativeHead is the tray's head for the initiative draw and the
// strategy roll-off, which name both sides ("" for other rolls): the
// draw is one die for both sides, its faces split between their counters
// in the cup (E40K-INI-1).
func initiativeHead(purpose string) string {
	switch p := strings.ToLower(purpose); {
	case strings.HasPrefix(p, "initiative counter"):
		return "initiative: one counter drawn for both sides " + purpose[len("initiative counter"):]
	case strings.HasPrefix(p, "strategy roll-off"):
		return "strategy roll-off (equal ratings): each side rolls a die " + purpose[len("strategy roll-off"):]
	}
	return ""
}

// combatHead reports whether a log line opens a close combat or a
// firefight ("firefight: a (4) against b (2)").
func combatHead(text string) bool {
	return (strings.HasPrefix(text, "firefight: ") || strings.HasPrefix(text, "close combat: ")) && strings.Contains(text, " against ")
}

// TrayText names the units and detachments of a result line.
func (s *UI) TrayText(line string) string { return s.Named(line) }

// RollNote explains E40K's rolls in the tray, and whether their sum
// means anything (a result roll, blast markers removed).
func (s *UI) RollNote(r *rules.Roll) (note string, total bool) {
	p := strings.ToLower(r.Purpose)
	if n := airRollNote(p); n != "" {
		return n, false
	}
	switch {
	case strings.Contains(p, "initiative counter"):
		return "one die with a face per counter in the cup: the low faces are the first side's counters", false
	case strings.Contains(p, "roll-off"):
		return "the higher die wins the roll-off", false
	case strings.HasPrefix(p, "attack dice"):
		return "the firepower table's dice: each at the lowest armour or more hits; the attacker allocates hits closest stand first", false
	case strings.HasPrefix(p, "super-heavy"):
		return "one shot: it needs the armour of the stand it is allocated to", false
	case strings.HasPrefix(p, "pulsar"):
		return "a pulsar fires this many anti-tank shots", true
	case strings.HasPrefix(p, "disrupt"):
		return "a disrupt hit places blast markers and destroys nothing", false
	case strings.HasPrefix(p, "mega-cannon") && s.opts().MegaCannonCover:
		return "a stand under the mega-cannon's template: hit at its own armour, terrain bonus included (e40k/mega-cannon-cover)", false
	case strings.HasPrefix(p, "mega-cannon"):
		return "a stand under the mega-cannon's template: hit at its own armour (no cover)", false
	case strings.Contains(p, "counterattack card"):
		return "the Counterattack card (REM-CC-1): this die replaces the lower of the side's two result dice", false
	case strings.HasPrefix(p, "critical damage"):
		return "the war engine's critical damage table (2D6): the total picks the row, its points add to the hit", true
	case strings.HasPrefix(p, "fires breaking out"):
		return "how many fires break out aboard the war engine", true
	case strings.HasPrefix(p, "repairs of critical damage"):
		return "each 4+ repairs one critical effect: fires first, then immobilisation, half speed, weapons", false
	case strings.HasPrefix(p, "catastrophic damage radius"):
		return "how far (cm) the war engine's catastrophic damage reaches", true
	case strings.HasPrefix(p, "catastrophic damage hit"):
		return "a stand caught by the catastrophic damage: hit at its armour or more", false
	case strings.HasPrefix(p, "catastrophic damage"):
		return "the war engine's catastrophic damage table (D6)", false
	case strings.HasPrefix(p, "dangerous terrain"):
		return "a 1 halts the stand where it entered; a second 1 destroys it", false
	case strings.HasPrefix(p, "remove blast markers"):
		return "the die less one is how many blast markers come off", true
	case strings.Contains(p, "result"):
		return "die plus combat bonus: the higher total wins; the margin decides the loser's fate", true
	case strings.Contains(p, "hits"):
		return "each die at the target or more is a hit", false
	case strings.HasPrefix(p, "rally") || strings.Contains(p, "orders") || strings.Contains(p, "leadership"):
		return "a leadership test: the die must beat the detachment's blast markers", false
	}
	return "", r.Target == 0
}
