package atii

import (
	"errors"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

// TriggerHolds evaluates a trigger of the scenario grammar on s, as the
// victory conditions do; scripted opponents use it to switch tasks.
// Errors: no trigger, the game set-up not readable.
func (r *Ruleset) TriggerHolds(s *rules.State, t *Trigger) (bool, error) {
	if t == nil {
		return false, errors.New("atii: no trigger")
	}
	setup, err := r.setup(s)
	if err != nil {
		return false, err
	}
	ev := evaluator{r: r, s: s, setup: &setup}
	return ev.eval(t), nil
}

// matches reports whether u is the unit id, or a unit of the formation
// id, a trigger names.
func matches(u *rules.Unit, id string) bool { return u.ID == id || u.Formation == id }

// enemyWithin: an operational enemy titan stands within dist cm (edge to
// edge) of the unit, or of any operational unit of the formation, id.
func (e *evaluator) enemyWithin(id string, dist float64) bool {
	s := e.s
	for i := range s.Units {
		u := &s.Units[i]
		if !matches(u, id) || !operational(u) || u.Markers.Value(MarkUnplaced) > 0 {
			continue
		}
		ub := e.r.base(u)
		for j := range s.Units {
			o := &s.Units[j]
			if o.Side == u.Side || !operational(o) || o.Markers.Value(MarkUnplaced) > 0 {
				continue
			}
			if world.Distance(ub, e.r.base(o)) <= dist+world.Eps {
				return true
			}
		}
	}
	return false
}

// damaged: the unit, or any unit of the formation, id has lost at least
// pct % of its worth, measured as the victory points its damage gives
// the enemy (TitanVictoryPoints: destroyed 100 %).
func (e *evaluator) damaged(id string, pct int) bool {
	s := e.s
	for i := range s.Units {
		u := &s.Units[i]
		if !matches(u, id) {
			continue
		}
		if u.Destroyed {
			return true
		}
		p, err := e.r.profile(u)
		if err != nil || p.Points <= 0 {
			continue
		}
		ts, err := TitanOf(u)
		if err != nil {
			continue
		}
		if TitanVictoryPoints(p, p.Points, ts, false, false)*100 >= pct*p.Points {
			return true
		}
	}
	return false
}
