package e40k

import (
	"fmt"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

// Legal implements rules.Ruleset: every concrete choice for the pending
// decision. Moves and assault moves are continuous: they are offered as
// templates with no unit moving (valid as they are: the detachment stays
// put), whose Moves the interface or the AI fills.
func (r *Ruleset) Legal(s *rules.State, side string) []rules.Choice {
	p := s.Pending
	if p == nil || p.Side != side || s.Over {
		return nil
	}
	var out []rules.Choice
	switch p.Kind {
	case KindOrders:
		for _, id := range p.Units {
			for _, o := range []string{OrderAssault, OrderMarch, OrderOverwatch, OrderSpecial} {
				c := &OrdersCmd{r: r, By: side, Detachment: id, Order: o}
				if c.Validate(s) != nil {
					continue
				}
				out = append(out, rules.Choice{Name: CmdOrders, Text: id + ": " + o + " orders", Units: []string{id}, Cmd: c})
			}
		}
	case KindSpecialRest:
		for _, ow := range []bool{false, true} {
			c := &RestCmd{r: r, By: side, Detachment: p.Units[0], Overwatch: ow}
			text := p.Units[0] + ": the rest moves up to 5 cm and fires in the shooting phase"
			if ow {
				text = p.Units[0] + ": the rest goes on overwatch (no move; fires at enemies as they move, misses re-rolled)"
			}
			out = append(out, rules.Choice{Name: CmdRest, Text: text, Units: []string{p.Units[0]}, Cmd: c})
		}
	case KindInitiative:
		out = append(out,
			rules.Choice{Name: CmdInitiative, Text: "go first", Cmd: &InitiativeCmd{r: r, By: side, First: true}},
			rules.Choice{Name: CmdInitiative, Text: "go second", Cmd: &InitiativeCmd{r: r, By: side, First: false}})
	case KindMove:
		var sh suggestShared
		defer func() { r.checks.put(sh.ck) }()
		for _, id := range p.Units {
			out = append(out, rules.Choice{Name: CmdMove, Text: "move " + id, Units: r.unitIDs(s, id),
				Cmd: &MoveCmd{r: r, By: side, Detachment: id}, Continuous: r.allowanceText(s, id, false)})
			if mv := r.suggestMoves(s, id, false, &sh); len(mv) > 0 {
				out = append(out, rules.Choice{Name: CmdMove, Text: id + " advances on the enemy", Units: r.unitIDs(s, id),
					Cmd: &MoveCmd{r: r, By: side, Detachment: id, Moves: mv}})
			}
			out = append(out, rules.Choice{Name: CmdPass, Text: id + " stays put", Units: []string{id}, Cmd: &PassCmd{r: r, By: side, Detachment: id}})
		}
		out = append(out, r.transportChoices(s, side)...)
	case KindMission:
		out = r.missionChoices(s, side)
	case KindCounterattack:
		out = r.counterattackChoices(s, side) // counterattack.go
	case KindIntercept:
		out = r.interceptChoices(s, side)
	case KindLanding:
		out = r.landingChoices(s, side)
	case KindAssault:
		var sh suggestShared
		defer func() { r.checks.put(sh.ck) }()
		for _, id := range p.Units {
			out = append(out, rules.Choice{Name: CmdAssault, Text: "assault with " + id, Units: r.unitIDs(s, id),
				Cmd: &AssaultCmd{r: r, By: side, Detachment: id}, Continuous: r.allowanceText(s, id, true)})
			if mv := r.suggestMoves(s, id, true, &sh); len(mv) > 0 {
				text := id + " charges the closest enemy"
				if !r.reachesEnemy(s, mv, sh.enemies) {
					// No stand gets into base contact: no close combat
					// follows (E40K-CC-1), so it is no charge.
					text = id + " advances on the closest enemy (no stand reaches base contact)"
				}
				out = append(out, rules.Choice{Name: CmdAssault, Text: text, Units: r.unitIDs(s, id),
					Cmd: &AssaultCmd{r: r, By: side, Detachment: id, Moves: mv}})
			}
			out = append(out, rules.Choice{Name: CmdPass, Text: id + " does not assault", Units: []string{id}, Cmd: &PassCmd{r: r, By: side, Detachment: id}})
		}
	case KindTitanMove:
		for _, id := range p.Units {
			out = append(out, r.titanMoveChoices(s, side, id)...)
		}
	case KindFire, KindBombard, KindOverwatch, KindSnapFire:
		out = append(out, r.fireChoices(s, side)...)
		if p.Kind == KindFire {
			for _, id := range p.Units {
				if u := s.Unit(id); u != nil && r.IsTitan(u) {
					out = append(out, r.titanFireChoices(s, side, id)...)
				} else {
					out = append(out, r.titanTargetChoices(s, side, id)...)
				}
			}
			for _, id := range p.Units {
				out = append(out, rules.Choice{Name: CmdPass, Text: id + " does not shoot", Units: []string{id}, Cmd: &PassCmd{r: r, By: side, Detachment: id}})
			}
		} else {
			if p.Kind == KindBombard || p.Kind == KindOverwatch {
				for _, id := range p.Units {
					out = append(out, r.titanTargetChoices(s, side, id)...)
				}
			}
			out = append(out, rules.Choice{Name: CmdPass, Text: "hold fire", Cmd: &PassCmd{r: r, By: side}})
		}
	case KindRally:
		for _, id := range p.Units {
			out = append(out, rules.Choice{Name: CmdRally, Text: "rally " + id, Units: []string{id}, Cmd: &RallyCmd{r: r, By: side, Detachment: id}},
				rules.Choice{Name: CmdPass, Text: id + " stays broken", Units: []string{id}, Cmd: &PassCmd{r: r, By: side, Detachment: id}})
		}
	}
	return out
}

// fireChoices lists every (firer, target) pair that may fire now, with the
// chance of destroying at least one unit.
func (r *Ruleset) fireChoices(s *rules.State, side string) []rules.Choice {
	o, err := r.options(s)
	if err != nil {
		return nil
	}
	mode := fireMode(s)
	g, err := r.progress(s)
	if err != nil {
		return nil
	}
	var out []rules.Choice
	for _, id := range s.Pending.Units {
		for i := range s.Formations {
			t := &s.Formations[i]
			if t.Side == side || !alive(s, t.ID) || (mode == fireOverwatch && t.ID != g.Reaction) || (mode == fireSnap && !inList(g.Assaulted, t.ID)) {
				continue
			}
			plan, err := r.planFire(s, id, t.ID, mode)
			if err != nil {
				continue
			}
			text := fmt.Sprintf("%s fires at %s (firepower %d, %d super-heavy)", id, t.ID, plan.Firepower, len(plan.Weapons))
			if mode == fireSnap {
				text = fmt.Sprintf("%s snap fires at %s (firepower %d)", id, t.ID, plan.Firepower)
			}
			if od, err := plan.Odds(o); err == nil {
				text += fmt.Sprintf(": %s%.0f%% to destroy at least one unit", ApproxWord(od.Approx), 100*od.Destroyed.AtLeast(1))
			}
			out = append(out, rules.Choice{Name: CmdFire, Text: text, Units: append([]string{id, t.ID}, plan.Shooters...),
				Cmd: &FireCmd{r: r, By: side, Detachment: id, Target: t.ID}})
		}
	}
	return out
}

func (r *Ruleset) unitIDs(s *rules.State, det string) []string {
	var out []string
	for _, u := range members(s, det) {
		out = append(out, u.ID)
	}
	return out
}

// allowanceText describes a detachment's move allowances.
func (r *Ruleset) allowanceText(s *rules.State, det string, assault bool) string {
	f := s.Formation(det)
	if f == nil {
		return ""
	}
	text := "moves: each unit in a straight line"
	o, _ := r.options(s)
	for _, u := range members(s, det) {
		p, err := r.Profile(s, u)
		if err != nil {
			continue
		}
		if u.Markers.Value(MarkOutOfCommand) > 0 {
			text += fmt.Sprintf("; %s out of command", u.ID)
			continue
		}
		text += fmt.Sprintf("; %s up to %.0f cm", u.ID, o.Allowance(&p, f.Orders, assault))
	}
	return text
}

// Plan returns the plan of a detachment's shooting at a target as the
// current decision would fire it (for previews). Errors: as planFire.
func (r *Ruleset) Plan(s *rules.State, firer, target string) (*FirePlan, error) {
	return r.planFire(s, firer, target, fireMode(s))
}

// reachesEnemy reports whether one of the moves mv ends its stand in
// base contact with one of the enemy bases.
func (r *Ruleset) reachesEnemy(s *rules.State, mv []UnitMove, enemies []world.Base) bool {
	for _, m := range mv {
		u := s.Unit(m.Unit)
		if u == nil {
			continue
		}
		p, err := r.profile(s, u)
		if err != nil {
			continue
		}
		b := world.Base{ID: u.ID, Pos: m.To, Facing: u.Facing, Foot: p.Base}
		for _, e := range enemies {
			if touching(b, e) {
				return true
			}
		}
	}
	return false
}
