package atiiui

import (
	"fmt"
	"math"

	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/world"
)

// Drag thresholds, in table cm.
const (
	// DragMin is how far the mouse must travel with the button held for a
	// press to count as a drag rather than a click.
	DragMin = 0.8
	// GrabRadius is how close to the path's last point a press must be to
	// drag a new leg from it.
	GrabRadius = 2.0
	// WheelStep is the facing change of one mouse-wheel notch while a move
	// is dragged (degrees).
	WheelStep = 15.0
)

// Kinds of drag.
const (
	dragPath = iota + 1
	dragDeploy
	// dragPoint is a press on the table off the moving titan: the new
	// path point goes where the button is released (where it was
	// pressed when it did not move, as a click).
	dragPoint
)

// dragState is a press-and-drag on the table in progress.
type dragState struct {
	kind int
	// from is where the button went down (the deployment point).
	from world.Vec
	// at is the cursor now; moved is set once it went DragMin from from.
	at    world.Vec
	moved bool
	// hit is the unit under the press (dragPoint: a click on it when the
	// button did not move).
	hit string
}

// legDrag reports whether d draws a path leg to the cursor.
func (d *dragState) legDrag() bool { return d != nil && (d.kind == dragPath || d.kind == dragPoint) }

// Dragging reports whether a press-and-drag on the table is in progress.
func (s *UI) Dragging() bool { return s.drag != nil }

// Path is the drafted path including the leg being dragged (its end
// snapped as snapLeg says): the points after the titan's start.
func (s *UI) Path() []world.Vec {
	if d := s.drag; d.legDrag() && d.moved {
		out := make([]world.Vec, 0, len(s.Draft)+1)
		return append(append(out, s.Draft...), s.snapLeg(d.at))
	}
	return s.Draft
}

// PressTable is the left button going down on the table at p, on unit hit
// ("" for none). Pressing on the selected titan that may move, or near the
// last point of its drafted path, starts dragging a leg of the path;
// pressing elsewhere on the table (or on an enemy) while it may move adds
// a path point where the button is released, so a drag whose press the
// window saw late, with the cursor already off the titan (a slow frame),
// still ends where the button went up; pressing in the deployment step
// starts placing a titan there (dragging then aims it). Anything else is
// a click (ClickTable). A press while a drag is in progress is the same
// press seen again: the drag goes on.
func (s *UI) PressTable(p world.Vec, hit string) {
	if s.drag != nil {
		s.DragTo(p)
		return
	}
	if s.Mode() != play.ModeTurn {
		return
	}
	s.Cursor, s.HasCursor = p, true
	st := s.State()
	switch st.Step {
	case atii.StepMovement, atii.StepAssault:
		if !s.Playable(s.Selected) {
			break
		}
		nearLast := len(s.Draft) > 0 && s.Draft[len(s.Draft)-1].Sub(p).Len() <= GrabRadius
		if !nearLast && hit != s.Selected {
			if u := st.Unit(hit); u == nil || u.Side != s.Decider() {
				s.Result = nil
				s.drag = &dragState{kind: dragPoint, from: p, at: p, hit: hit}
				return
			}
			break
		}
		s.Result = nil
		if !nearLast {
			// Dragging from the titan draws its path anew.
			s.Draft = nil
		}
		s.Facing = nil
		s.drag = &dragState{kind: dragPath, from: p, at: p}
		return
	case atii.StepDeploy:
		if u := st.Unit(hit); u != nil && u.Side == s.Decider() && OnTable(u) {
			break
		}
		s.drag = &dragState{kind: dragDeploy, from: p, at: p}
		return
	}
	s.ClickTable(p, hit)
}

// DragTo moves the dragged point to p (the mouse moved with the button
// held); without a drag it only records the cursor.
func (s *UI) DragTo(p world.Vec) {
	s.Cursor, s.HasCursor = p, true
	d := s.drag
	if d == nil {
		return
	}
	d.at = p
	if !d.moved && p.Sub(d.from).Len() >= DragMin {
		d.moved = true
	}
}

// ReleaseTable is the left button going up at p. A dragged leg becomes a
// point of the path (with the facing set while dragging); a deployment
// press places the titan where the button went down, facing where it was
// dragged (or the default facing when it was only clicked).
func (s *UI) ReleaseTable(p world.Vec) {
	d := s.drag
	if d == nil {
		return
	}
	s.DragTo(p)
	s.drag = nil
	if s.Mode() != play.ModeTurn {
		return
	}
	switch d.kind {
	case dragPoint:
		if !d.moved {
			s.ClickTable(d.from, d.hit)
			return
		}
		fallthrough
	case dragPath:
		if !d.moved {
			return
		}
		if len(s.Draft) >= atii.MaxWaypoints-1 {
			s.Fail(fmt.Errorf("at most %d waypoints", atii.MaxWaypoints))
			return
		}
		if err := s.engagedRefusal(d.at); err != nil {
			s.Fail(err)
			return
		}
		s.Draft = append(s.Draft, s.snapLeg(d.at))
	case dragDeploy:
		if s.State().Step != atii.StepDeploy {
			return
		}
		s.deployAt(d.from, s.dragFacing(d))
	}
}

// CancelDrag drops a drag in progress (Esc while the button is held).
func (s *UI) CancelDrag() { s.drag = nil }

// dragFacing is the facing of a deployment press: towards the cursor once
// dragged, else the default (deployFacing).
func (s *UI) dragFacing(d *dragState) float64 {
	if d.moved {
		return world.NormDeg(world.Bearing(d.at.Sub(d.from)))
	}
	return s.deployFacing(d.from)
}

// Wheel turns the final facing of a dragged move by WheelStep degrees per
// notch (dy > 0 turns clockwise). It reports whether the wheel was used;
// outside a drag it is left to the camera.
func (s *UI) Wheel(dy float64) bool {
	d := s.drag
	if !d.legDrag() || dy == 0 {
		return false
	}
	s.TurnFacing(math.Copysign(WheelStep, dy))
	return true
}
