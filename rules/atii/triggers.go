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

// The evaluator gives the shared trigger evaluator (rules.EvalTrigger)
// the ATII facts of a state.

// Present implements rules.TriggerGame: the titan is operational (on the
// table, deployed, not destroyed).
func (e *evaluator) Present(u *rules.Unit) bool { return operational(u) }

// Fielded implements rules.TriggerGame: operational or still to be
// deployed.
func (e *evaluator) Fielded(u *rules.Unit) bool {
	return operational(u) || u.Markers.Value(MarkUnplaced) > 0
}

// Lost implements rules.TriggerGame: destroyed or gone off the table.
func (e *evaluator) Lost(u *rules.Unit) bool { return u.Destroyed || u.OffTable }

// Base implements rules.TriggerGame.
func (e *evaluator) Base(u *rules.Unit) (world.Base, bool) { return e.r.base(u), true }

// Objective implements rules.TriggerGame: the scenario's marker.
func (e *evaluator) Objective(id string) (world.Vec, bool) {
	var at *world.Vec
	for _, o := range e.setup.Objectives {
		if o.ID == id {
			v := o.Pos.Vec()
			at = &v
		}
	}
	if at == nil {
		return world.Vec{}, false
	}
	return *at, true
}

// Holding implements rules.TriggerGame: within HoldDistance of the
// marker.
func (e *evaluator) Holding(u *rules.Unit, p world.Vec) bool {
	return world.MeasurePoint(e.r.base(u), p).Dist <= HoldDistance+eps
}

// InZone implements rules.TriggerGame.
func (e *evaluator) InZone(zone string, p world.Vec) bool { return inZone(e.setup.Zones[zone], p) }

// TurnEnded implements rules.TriggerGame.
func (e *evaluator) TurnEnded() bool { return e.s.Step == StepEnd }

// TimeUp implements rules.TriggerGame: the end of the scenario's last
// turn.
func (e *evaluator) TimeUp() bool {
	return e.setup.TurnLimit > 0 && e.s.Step == StepEnd && e.s.Turn >= e.setup.TurnLimit
}

// VP implements rules.TriggerGame.
func (e *evaluator) VP(side string) int { return e.points()[side] }

// Damaged implements rules.TriggerGame: the unit, or any unit of the
// formation, id has lost at least pct % of its worth, measured as the
// victory points its damage gives the enemy (TitanVictoryPoints:
// destroyed 100 %).
func (e *evaluator) Damaged(id string, pct int) bool {
	s := e.s
	for i := range s.Units {
		u := &s.Units[i]
		if !rules.Named(u, id) {
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
