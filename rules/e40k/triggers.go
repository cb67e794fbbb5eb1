package e40k

import (
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/world"
)

// named reports whether u is the unit id, or a unit of the detachment
// id, a trigger names.
func named(u *rules.Unit, id string) bool { return u.ID == id || u.Formation == id }

// enemyWithin is the scenario trigger enemy-within: an enemy unit on the
// table stands within dist cm (edge to edge) of the unit, or of any unit
// of the detachment, id.
func (j *judge) enemyWithin(id string, dist float64) bool {
	s := j.s
	for i := range s.Units {
		u := &s.Units[i]
		if !named(u, id) || !operational(u) {
			continue
		}
		ub, err := j.r.base(s, u)
		if err != nil {
			continue
		}
		for k := range s.Units {
			o := &s.Units[k]
			if o.Side == u.Side || !operational(o) {
				continue
			}
			if ob, err := j.r.base(s, o); err == nil && world.Distance(ub, ob) <= dist+world.Eps {
				return true
			}
		}
	}
	return false
}

// damaged is the scenario trigger damaged: id has lost at least pct % of
// its worth. A detachment's worth is its stands (the share destroyed or
// gone off the table); a unit destroyed or gone has lost all of it; a
// titan has lost the victory points its ATII damage gives the enemy; a
// war engine or resilient unit the share of its damage capacity lost
// (E40K-WE, REM-RES-1); any other unit still on the table nothing.
func (j *judge) damaged(id string, pct int) bool {
	s := j.s
	if f := s.Formation(id); f != nil {
		n, lost := 0, 0
		for i := range s.Units {
			if u := &s.Units[i]; u.Formation == id {
				n++
				if !operational(u) {
					lost++
				}
			}
		}
		return n > 0 && lost*100 >= pct*n
	}
	u := s.Unit(id)
	switch {
	case u == nil:
		return false
	case !operational(u):
		return true
	}
	if cu, ok := j.r.catalogTitan(u); ok {
		ts, err := atii.TitanOf(u)
		if err != nil || cu.Points <= 0 {
			return false
		}
		return atii.TitanVictoryPoints(cu, cu.Points, ts, false, false)*100 >= pct*cu.Points
	}
	p, err := j.r.Profile(s, u)
	if err != nil || p.DC <= 1 {
		return false
	}
	return u.Markers.Value(MarkDamage)*100 >= pct*p.DC
}
