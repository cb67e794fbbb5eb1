package atii

import (
	"fmt"
	"strings"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

// Legal implements rules.Ruleset: what side may do for the pending
// decision. Discrete choices are ready to submit (the order choice, hold,
// a fire command with every weapon at its nearest legal target, repairs in
// the default order, objective claims); moves and deployment are templates
// (Continuous says what to fill in: the path or the position).
func (r *Ruleset) Legal(s *rules.State, side string) []rules.Choice {
	p := s.Pending
	if s.Over || p == nil || p.Side != side {
		return nil
	}
	switch s.Step {
	case StepInitiative:
		return []rules.Choice{
			{Name: CmdOrder, Text: "go first this turn", Cmd: &OrderCmd{By: side, First: true}},
			{Name: CmdOrder, Text: "go second this turn", Cmd: &OrderCmd{By: side, First: false}},
		}
	case StepDeploy:
		return r.legalDeploy(s, side)
	case StepMovement, StepAssault:
		return r.legalMove(s, side)
	case StepShooting:
		return r.legalFire(s, side)
	case StepRally:
		var out []rules.Choice
		for _, id := range p.Units {
			t, err := r.titan(s, id)
			if err != nil {
				continue
			}
			rep := Repairable(t.prof, t.ts)
			out = append(out, rules.Choice{Name: CmdRepair, Units: []string{id}, Cmd: r.Repair(side, id, rep...),
				Text: fmt.Sprintf("roll %d repair dice for %s (can fix: %s)", t.prof.RepairDice, id, strings.Join(rep, ", "))})
		}
		return out
	case StepDebrief:
		return []rules.Choice{
			{Name: CmdObjective, Text: "objective achieved", Cmd: &ObjectiveCmd{By: side, Achieved: true}},
			{Name: CmdObjective, Text: "objective not achieved", Cmd: &ObjectiveCmd{By: side, Achieved: false}},
		}
	}
	return nil
}

func (r *Ruleset) legalDeploy(s *rules.State, side string) []rules.Choice {
	g, err := r.progress(s)
	if err != nil {
		return nil
	}
	setup, err := r.setup(s)
	if err != nil {
		return nil
	}
	next := Movable(g.Order, side, false)
	if len(next) == 0 {
		return nil
	}
	first, err := r.titan(s, next[0])
	if err != nil {
		return nil
	}
	var out []rules.Choice
	for _, id := range next {
		t, err := r.titan(s, id)
		if err != nil || t.prof.Man > first.prof.Man {
			continue
		}
		zone := setup.SideZones[side]
		out = append(out, rules.Choice{Name: CmdDeploy, Units: []string{id}, Cmd: r.Deploy(side, id, t.u.Pos.X, t.u.Pos.Y, t.u.Facing),
			Text:       fmt.Sprintf("deploy %s", id),
			Continuous: fmt.Sprintf("x, y, facing: a position with the whole base inside zone %q, on the table, clear of other titans", zone)})
	}
	return out
}

func (r *Ruleset) legalMove(s *rules.State, side string) []rules.Choice {
	g, err := r.progress(s)
	if err != nil {
		return nil
	}
	opts, err := r.options(s)
	if err != nil {
		return nil
	}
	assault := s.Step == StepAssault
	var out []rules.Choice
	for _, id := range Movable(g.Order, side, assault) {
		t, err := r.titan(s, id)
		if err != nil {
			continue
		}
		note := ""
		if lost := forfeited(g.Order, id, assault); len(lost) > 0 {
			note = " (forfeits " + strings.Join(lost, ", ") + ")"
		}
		sp := Speed(t.prof, t.ts, opts)
		rule := "keep 10 cm from enemy titans"
		if assault {
			rule = "base contact with an enemy titan charges it"
			if len(r.enemiesInContact(s, t.u)) > 0 {
				rule = "in close combat: may only turn"
			}
		}
		out = append(out,
			rules.Choice{Name: CmdMove, Units: []string{id}, Cmd: r.Move(side, id, Waypoint{X: t.u.Pos.X, Y: t.u.Pos.Y}),
				Text: "move " + id + note,
				Continuous: fmt.Sprintf("path: waypoints {x, y[, facing]}; Speed %.0f cm (backwards costs 3 cm per cm), Man %d (one turn of up to 45 degrees per point); %s",
					sp, t.prof.Man, rule)},
			rules.Choice{Name: CmdHold, Units: []string{id}, Cmd: r.Hold(side, id), Text: id + " holds" + note})
	}
	return out
}

func (r *Ruleset) legalFire(s *rules.State, side string) []rules.Choice {
	g, err := r.progress(s)
	if err != nil {
		return nil
	}
	opts, err := r.options(s)
	if err != nil {
		return nil
	}
	var out []rules.Choice
	for _, id := range Movable(g.Order, side, false) {
		t, err := r.titan(s, id)
		if err != nil {
			continue
		}
		shots, probs := r.bestShots(s, t, opts)
		if len(shots) > 0 {
			var parts []string
			for i, sh := range shots {
				parts = append(parts, fmt.Sprintf("%s at %s (%.0f%% a die)", sh.Mount, sh.Target, 100*probs[i]))
			}
			units := []string{id}
			for _, sh := range shots {
				if !hasString(units, sh.Target) {
					units = append(units, sh.Target)
				}
			}
			out = append(out, rules.Choice{Name: CmdFire, Units: units, Cmd: r.Fire(side, id, shots...),
				Text: id + " fires: " + strings.Join(parts, ", ")})
		}
		out = append(out, rules.Choice{Name: CmdHold, Units: []string{id}, Cmd: r.Hold(side, id), Text: id + " holds its fire"})
	}
	return out
}

// MoveToward returns a path for titan id that walks straight toward point
// to, stopping short by keep cm of centre distance, for at most dist cm,
// and optionally turning to face face at the end. Controllers and tests
// use it to fill move templates.
func MoveToward(s *rules.State, id string, to world.Vec, dist float64) []Waypoint {
	u := s.Unit(id)
	if u == nil {
		return nil
	}
	d := to.Sub(u.Pos)
	l := d.Len()
	if l < 1e-9 {
		return []Waypoint{{X: u.Pos.X, Y: u.Pos.Y}}
	}
	if dist > l {
		dist = l
	}
	p := u.Pos.Add(d.Scale(dist / l))
	return []Waypoint{{X: p.X, Y: p.Y}}
}
