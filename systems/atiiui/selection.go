package atiiui

import (
	"fmt"

	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/world"
)

// SelectedArcs reports whether the selected titan's weapon arcs belong on
// the table: not in the rally phase (nothing fires) nor on the end
// screen. The window's arcs tool still shows every titan's arcs.
func (s *UI) SelectedArcs() bool {
	return s.Mode() != play.ModeOver && s.State().Step != atii.StepRally
}

// profile returns a unit and its catalogue profile.
func (s *UI) profile(id string) (*rules.Unit, *catalog.Unit) {
	u := s.State().Unit(id)
	if u == nil {
		return nil, nil
	}
	p, err := s.rs().Catalogue().Unit(u.Type)
	if err != nil {
		return u, nil
	}
	return u, p
}

// base is a unit's base on the table now.
func (s *UI) base(u *rules.Unit) world.Base {
	b := world.Base{ID: u.ID, Pos: u.Pos, Facing: u.Facing}
	if p, err := s.rs().Catalogue().Unit(u.Type); err == nil {
		b.Foot = p.Base
	}
	return b
}

// OnTable reports whether a unit is drawn: placed and not off the table.
func OnTable(u *rules.Unit) bool {
	return u.Markers.Value(atii.MarkUnplaced) == 0 && !u.OffTable
}

// selectUnit selects id and resets the per-unit drafts.
func (s *UI) SelectUnit(id string) {
	if s.Selected != id {
		s.ClearDraft()
		s.RepairFirst = ""
	}
	s.Selected = id
	if s.State().Step == atii.StepShooting && s.Playable(id) && s.Weapon == "" {
		if ws := s.Weapons(id); len(ws) > 0 {
			for _, w := range ws {
				if w.Usable == "" {
					s.Weapon = w.Mount
					break
				}
			}
		}
	}
}

// ClickTable is a left click on the table at p, on unit hit ("" for
// none). What it does depends on the step: select a titan, place a
// deploying titan, add a waypoint to the drafted move, or declare the
// chosen weapon at an enemy titan.
func (s *UI) ClickTable(p world.Vec, hit string) {
	if s.Mode() != play.ModeTurn {
		return
	}
	s.Result = nil
	st := s.State()
	me := s.Decider()
	if hit != "" {
		u := st.Unit(hit)
		if u != nil && u.Side == me {
			if st.Step == atii.StepMovement || st.Step == atii.StepAssault {
				if hit == s.Selected && s.Playable(hit) {
					// Clicking the mover again: a turn on the spot to face the
					// cursor is done with the facing keys; ignore.
					return
				}
			}
			s.SelectUnit(hit)
			return
		}
		if u != nil && st.Step == atii.StepShooting && s.Playable(s.Selected) {
			s.declare(hit)
			return
		}
		if st.Step != atii.StepMovement && st.Step != atii.StepAssault {
			s.SelectUnit(hit)
			return
		}
	}
	switch st.Step {
	case atii.StepDeploy:
		s.deployAt(p, s.deployFacing(p))
	case atii.StepMovement, atii.StepAssault:
		if s.Playable(s.Selected) {
			if len(s.Draft) >= atii.MaxWaypoints-1 {
				s.Fail(fmt.Errorf("at most %d waypoints", atii.MaxWaypoints))
				return
			}
			if err := s.engagedRefusal(p); err != nil {
				s.Fail(err)
				return
			}
			s.Draft = append(s.Draft, s.snapLeg(p))
			s.Facing = nil
		}
	}
}
