package e40k

import (
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/world"
)

// The judge gives the shared trigger evaluator (rules.EvalTrigger) the
// E40K facts of a state.

// Present implements rules.TriggerGame: neither destroyed nor off the
// table.
func (j *judge) Present(u *rules.Unit) bool { return operational(u) }

// Fielded implements rules.TriggerGame: on the table (a side whose units
// are all destroyed, gone or in reserve is destroyed).
func (j *judge) Fielded(u *rules.Unit) bool { return operational(u) }

// Lost implements rules.TriggerGame: destroyed, or off the table other
// than in reserve (stands aboard a transport are not lost).
func (j *judge) Lost(u *rules.Unit) bool {
	return u.Destroyed || (u.OffTable && !j.r.inReserve(j.s, u))
}

// Base implements rules.TriggerGame.
func (j *judge) Base(u *rules.Unit) (world.Base, bool) {
	b, err := j.r.base(j.s, u)
	return b, err == nil
}

// Objective implements rules.TriggerGame: the scenario's marker.
func (j *judge) Objective(id string) (world.Vec, bool) {
	for _, o := range j.su.Objectives {
		if o.ID == id {
			return o.Pos, true
		}
	}
	return world.Vec{}, false
}

// Holding implements rules.TriggerGame: within ObjectiveRange of the
// marker (edge of base).
func (j *judge) Holding(u *rules.Unit, p world.Vec) bool {
	b, err := j.r.base(j.s, u)
	return err == nil && b.PointDistance(p) <= ObjectiveRange+world.Eps
}

// InZone implements rules.TriggerGame.
func (j *judge) InZone(zone string, p world.Vec) bool { return inZone(j.su.Zones[zone], p) }

// TurnEnded implements rules.TriggerGame: the end phase of the turn is
// over.
func (j *judge) TurnEnded() bool { return j.ended }

// TimeUp implements rules.TriggerGame: the last turn is over.
func (j *judge) TimeUp() bool { return j.g.TimeUp }

// VP implements rules.TriggerGame: the points of the enemy units side
// has destroyed (Points).
func (j *judge) VP(side string) int { return j.r.Points(j.s, side) }

// Damaged implements rules.TriggerGame (the trigger damaged): id has
// lost at least pct % of its worth. A detachment's worth is its stands
// (the share destroyed or gone off the table); a unit destroyed or gone
// has lost all of it; a titan has lost the victory points its ATII damage gives the enemy; a
// war engine or resilient unit the share of its damage capacity lost
// (E40K-WE, REM-RES-1); any other unit still on the table nothing.
func (j *judge) Damaged(id string, pct int) bool {
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
