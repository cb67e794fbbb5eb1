package e40k

import (
	"github.com/auspex/auspex/rules"
)

// Snap fire (E40K-CMD-1: units out of command "may still snap fire"; Q&A
// 8.3: snap fire rolls against armour as normal). The seeds do not say
// when it happens; the reading implemented (docs/rules/e40k.md): after a
// player's assault moves and before that player's close combats, the
// other player's detachments may snap fire at a detachment that made
// assault moves, with the units that have not fired this turn, in
// command or not, firepower only (no super-heavy weapons), no re-rolls;
// full firepower, or half under OptSnapFireHalf. Broken and marching
// detachments do not snap fire. Each detachment snap fires once a phase.

// KindSnapFire is the decision to snap fire at assaulting detachments.
const KindSnapFire = "snap-fire"

// stageSnap is the assault step's stage between a player's assault moves
// and its combats.
const stageSnap = "snap"

// snapShooters are the units of f that may snap fire: alive, unfired, with
// firepower, in command or not.
func (r *Ruleset) snapShooters(s *rules.State, f *rules.Formation) []*rules.Unit {
	var out []*rules.Unit
	for _, u := range members(s, f.ID) {
		if u.Fired {
			continue
		}
		p, err := r.Profile(s, u)
		if err != nil || p.Firepower <= 0 {
			continue
		}
		out = append(out, u)
	}
	return out
}

// snapPlan applies OptSnapFireHalf to a snap fire plan.
func (r *Ruleset) snapPlan(s *rules.State, plan *FirePlan) {
	if o, err := r.options(s); err == nil && o.SnapFireHalf {
		plan.Firepower = Half(plan.Firepower)
	}
}

// canSnapFire reports whether detachment f may snap fire at one of the
// detachments that made assault moves.
func (r *Ruleset) canSnapFire(s *rules.State, f *rules.Formation, targets []string) bool {
	if f.Broken || f.Orders == OrderMarch || r.titanFormation(s, f.ID) {
		return false
	}
	for _, t := range targets {
		if _, err := r.planFire(s, f.ID, t, fireSnap); err == nil {
			return true
		}
	}
	return false
}

// snapWindow is the progress key of one player's snap fire window.
func snapWindow(mover string) string { return "snap-window:" + mover }

// snapDone is the progress key of a detachment that snap fired.
func snapDone(det string) string { return "snapped:" + det }

// syncSnap sets the snap fire decision of the assault step, if any
// detachment of the other side may snap fire; it reports whether one is
// pending.
func (r *Ruleset) syncSnap(s *rules.State, g *Progress, mover int) bool {
	opp := 1 - mover
	if len(g.Assaulted) == 0 || g.acted(snapWindow(s.Sides[mover].ID)) {
		return false
	}
	ids := r.detachments(s, opp, func(f *rules.Formation) bool {
		return !g.acted(snapDone(f.ID)) && r.canSnapFire(s, f, g.Assaulted)
	})
	if len(ids) == 0 {
		return false
	}
	r.wait(s, opp, KindSnapFire, "snap fire at a detachment that has made assault moves, or pass", ids, CmdFire, CmdPass)
	return true
}

func inList(xs []string, x string) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

// Snap reports whether the plan is snap fire.
func (p *FirePlan) Snap() bool { return p.Mode == fireSnap }
