package atii

import (
	"fmt"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/world"
)

// CloseCombatVP is the victory points att's close combat attacks are
// expected to take off def (worth points) in one round (ATII-CC-2,
// ATII-CC-3 through OddsCloseCombat), valued as the mission rules count
// victory points (TitanVictoryPoints: a location's damage level by its
// share; a titan that a Catastrophic result on its legs, head or reactor
// crashes or blows up, in full; a weapon's Catastrophic result passes
// Superficial damage on as the rules do). Each hit is valued against def's state before the round (hits
// that escalate one another and the swiftness order are not modelled),
// so it is an estimate for a player's judgement, not the rules' result.
// Errors: bad combatants.
func CloseCombatVP(att, def Combatant, points int, opts Options) (float64, error) {
	if def.State.Destroyed {
		return 0, nil
	}
	odds, err := OddsCloseCombat(att, def, opts)
	if err != nil {
		return 0, err
	}
	now := TitanVictoryPoints(def.Unit, points, def.State, false, false)
	var total float64
	for _, o := range odds {
		var hits float64
		for n, p := range o.Hits {
			hits += float64(n) * p
		}
		if hits == 0 {
			continue
		}
		var per float64
		for _, lo := range o.PerHit {
			for r, q := range lo.Result {
				if q > 0 && Level(r) != Undamaged {
					per += lo.P * q * (expectedVPAfter(def.Unit, points, def.State, lo.Loc, Level(r), 0) - float64(now))
				}
			}
		}
		total += hits * per
	}
	return total, nil
}

// CloseCombatThreat is CloseCombatVP for titan a striking titan b as they
// stand in s (loadouts, arcs, damage, the charge bonus, the options in
// play), whether or not they are in contact. Errors: an unknown unit or
// profile, bad options.
func (r *Ruleset) CloseCombatThreat(s *rules.State, a, b string) (float64, error) {
	ta, err := r.titan(s, a)
	if err != nil {
		return 0, fmt.Errorf("close combat threat: %w", err)
	}
	tb, err := r.titan(s, b)
	if err != nil {
		return 0, fmt.Errorf("close combat threat: %w", err)
	}
	opts, err := r.options(s)
	if err != nil {
		return 0, fmt.Errorf("close combat threat: %w", err)
	}
	ca, err := r.combatant(ta, tb)
	if err != nil {
		return 0, fmt.Errorf("close combat threat: %w", err)
	}
	cb, err := r.combatant(tb, ta)
	if err != nil {
		return 0, fmt.Errorf("close combat threat: %w", err)
	}
	return CloseCombatVP(ca, cb, tb.prof.Points, opts)
}

// ChargeThreat is CloseCombatThreat for titan a charging titan b in the
// coming assault phase: a ends its charge facing b, so its weapons' arcs
// are read as if it faced b's centre, and it strikes with the charge
// bonus (ATII-CC-3: one more improvised attack). b is read as it stands.
// Errors: CloseCombatThreat's.
func (r *Ruleset) ChargeThreat(s *rules.State, a, b string) (float64, error) {
	ta, err := r.titan(s, a)
	if err != nil {
		return 0, fmt.Errorf("charge threat: %w", err)
	}
	tb, err := r.titan(s, b)
	if err != nil {
		return 0, fmt.Errorf("charge threat: %w", err)
	}
	opts, err := r.options(s)
	if err != nil {
		return 0, fmt.Errorf("charge threat: %w", err)
	}
	ca, err := r.combatant(ta, tb)
	if err != nil {
		return 0, fmt.Errorf("charge threat: %w", err)
	}
	mb, ob := r.base(ta.u), r.base(tb.u)
	mb.Facing = world.Bearing(ob.Pos.Sub(mb.Pos))
	for _, m := range sheet.Of(ta.prof).Mounts {
		in, err := mountSees(m.Arc, mb, ob)
		if err != nil {
			return 0, fmt.Errorf("charge threat: %w", err)
		}
		ca.InArc[m.ID] = in
	}
	ca.Charged = true
	cb, err := r.combatant(tb, ta)
	if err != nil {
		return 0, fmt.Errorf("charge threat: %w", err)
	}
	return CloseCombatVP(ca, cb, tb.prof.Points, opts)
}

// expectedVPAfter is the expected victory points of titan u (worth
// points) in state s after damage result r on loc (applyDamage's
// escalation; legs, head or reactor Catastrophic destroys it; a weapon
// made Catastrophic passes Superficial damage to one of the other
// locations, each as likely).
func expectedVPAfter(u *catalog.Unit, points int, s TitanState, loc string, r Level, depth int) float64 {
	if s.Destroyed || r == Undamaged {
		return float64(TitanVictoryPoints(u, points, s, false, false))
	}
	old := s.Level(loc)
	nl := Escalate(old, r)
	s = s.Clone()
	s.setLevel(loc, nl)
	if nl > old && nl == Catastrophic {
		switch {
		case loc == LocLegs || loc == LocHead || loc == LocReactor:
			s.Destroyed = true
		case loc != LocVSG && mountByID(u, loc) != nil && depth <= 4:
			var others []string
			for _, o := range Locations(u) {
				if o != loc {
					others = append(others, o)
				}
			}
			if len(others) > 0 {
				var sum float64
				for _, o := range others {
					sum += expectedVPAfter(u, points, s, o, Superficial, depth+1)
				}
				return sum / float64(len(others))
			}
		}
	}
	return float64(TitanVictoryPoints(u, points, s, false, false))
}
