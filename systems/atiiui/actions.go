package atiiui

import (
	"errors"
	"fmt"

	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/world"
)

// TurnFacing rotates the drafted facing by deg (keys [ and ]): the final
// facing of the move being drawn, or the deploy facing.
func (s *UI) TurnFacing(deg float64) {
	st := s.State()
	base := 0.0
	s.Result = nil
	if st.Step == atii.StepDeploy {
		base = s.deployFacing(s.Cursor)
		if d := s.drag; d != nil && d.kind == dragDeploy {
			base = s.dragFacing(d)
			d.moved = false
			d.at = d.from
		}
	} else if u := st.Unit(s.Selected); u != nil {
		base = u.Facing
		if m := s.PreviewMove(); m != nil && m.Report != nil {
			base = m.Report.End.Facing
		}
	}
	if s.Facing != nil {
		base = *s.Facing
	}
	f := world.NormDeg(base + deg)
	s.Facing = &f
}

// UndoWaypoint removes the last waypoint of the drafted move.
func (s *UI) UndoWaypoint() {
	if s.Facing != nil {
		s.Facing = nil
		return
	}
	if n := len(s.Draft); n > 0 {
		s.Draft = s.Draft[:n-1]
	} else if n := len(s.Shots); n > 0 {
		s.Shots = s.Shots[:n-1]
	}
}

// Cancel drops the drafted move or declarations (Esc).
func (s *UI) Cancel() {
	s.ClearDraft()
	s.Result = nil
}

// moveCmd builds the drafted move command.
func (s *UI) moveCmd() *atii.MoveCmd {
	var path []atii.Waypoint
	for _, p := range s.Path() {
		path = append(path, atii.Waypoint{X: p.X, Y: p.Y})
	}
	if s.Facing != nil {
		if len(path) == 0 {
			u := s.State().Unit(s.Selected)
			if u == nil {
				return nil
			}
			path = append(path, atii.Waypoint{X: u.Pos.X, Y: u.Pos.Y})
		}
		path[len(path)-1].Facing = atii.Face(*s.Facing)
	}
	if len(path) == 0 {
		return nil
	}
	return s.rs().Move(s.Decider(), s.Selected, path...)
}

// Commit plays what has been drawn or declared (Enter): the drafted move,
// the declared shots, or the rally repair.
func (s *UI) Commit() {
	if s.Mode() != play.ModeTurn {
		return
	}
	st := s.State()
	switch st.Step {
	case atii.StepMovement, atii.StepAssault:
		c := s.moveCmd()
		if c == nil || !s.Playable(s.Selected) {
			s.Fail(errors.New("draw a path first: drag from your titan or click points on the table (H holds the titan instead)"))
			return
		}
		if m := s.PreviewMove(); m != nil && m.Err != nil {
			s.Fail(m.Err)
			return
		}
		s.Play(c)
	case atii.StepShooting:
		if s.State().Pending != nil && s.State().Pending.Kind != "fire" && len(s.Shots) == 0 {
			s.EndStep()
			return
		}
		if len(s.Shots) == 0 {
			s.Fail(errors.New("declare a target first: pick a weapon (1-9) and click an enemy titan; H holds fire"))
			return
		}
		c := s.rs().Fire(s.Decider(), s.Selected, s.resolvedShots()...)
		if err := s.G.Engine.Check(s.G.Bind(c)); err != nil {
			s.Fail(err)
			return
		}
		s.Play(c)
	case atii.StepRally:
		s.repair()
	default:
		s.EndStep()
	}
}

// repair rolls the selected titan's repair dice; the player then
// allocates the successes from the choices (Allocating). While an
// allocation waits, Enter takes the highlighted group's first allocation
// (AllocationChoices).
func (s *UI) repair() {
	if s.Allocating() {
		ac := s.AllocationChoices()
		if len(ac) == 0 {
			s.Fail(errors.New("no allocation of the repairs is possible"))
			return
		}
		s.Play(ac[0].Cmd)
		return
	}
	id := s.Selected
	if !s.Playable(id) {
		if p := s.State().Pending; p != nil && len(p.Units) > 0 {
			id = p.Units[0]
		}
	}
	if u, prof := s.profile(id); u == nil || prof == nil {
		s.Fail(fmt.Errorf("no titan %q to repair", id))
		return
	}
	s.Play(s.rs().Repair(s.Decider(), id))
}

// Repairable lists what the selected titan could repair in the rally.
func (s *UI) Repairable() []string {
	u, prof := s.profile(s.Selected)
	if u == nil || prof == nil {
		return nil
	}
	ts, err := atii.TitanOf(u)
	if err != nil {
		return nil
	}
	return atii.Repairable(prof, ts)
}

// Choices are the discrete legal choices for the current decision (the
// buttons of the action panel; templates such as moves and deployment
// are left out), then the selected titan's suggested moves when it is
// the one to move (suggestions).
func (s *UI) Choices() []rules.Choice {
	if s.Mode() != play.ModeTurn {
		return nil
	}
	return append(s.discrete(), s.suggestions()...)
}

// discrete are the decision's legal choices that are not templates.
func (s *UI) discrete() []rules.Choice {
	if s.Mode() != play.ModeTurn {
		return nil
	}
	var out []rules.Choice
	for _, c := range s.G.Engine.Legal(s.Decider()) {
		if c.Continuous != "" {
			continue
		}
		out = append(out, c)
	}
	return out
}

// Choose plays choice i of Choices; a suggested move is drafted instead
// (Enter plays it).
func (s *UI) Choose(i int) {
	cs := s.Choices()
	if i < 0 || i >= len(cs) {
		return
	}
	if i >= len(s.discrete()) {
		if mv, ok := cs[i].Cmd.(*atii.MoveCmd); ok {
			s.chooseSuggestion(mv, cs[i].Text)
		}
		return
	}
	if cs[i].Name == atii.CmdHold && !s.confirm("hold", fmt.Sprint(i+1)) {
		// A listed hold throws a drawn path away like H does.
		return
	}
	s.Play(cs[i].Cmd)
}

// EndStep ends the decider's part of the step (E or the End step
// button): the selected titan holds (movement, assault, shooting), the
// rally roll is made, an overwatch offer is passed, or a step's only way
// on is taken. It never answers the initiative (that is a choice of its
// own), and with a drawn path or declared shots it first asks for a
// second press (see confirm). Space never ends a step.
func (s *UI) EndStep() {
	if s.Mode() != play.ModeTurn {
		return
	}
	st := s.State()
	if ChoosingOrder(st) {
		s.Fail(errors.New("choose the order: 1 or F goes first, 2 or S goes second"))
		return
	}
	if !s.confirm("end the step", "E") {
		return
	}
	me := s.Decider()
	cs := s.G.Engine.Legal(me)
	// A hold that would forfeit other titans' activations (a titan out of
	// the Man order, ATII-MOV-1) is never taken by E: that is a choice of
	// its own (its number key, or H on that titan).
	inOrder := func(c rules.Choice) bool {
		return c.Name == atii.CmdHold && len(c.Units) > 0 && len(s.rs().Forfeits(st, c.Units[0])) == 0
	}
	// Prefer the selected titan's hold, then any hold, then a pass.
	for _, want := range []func(rules.Choice) bool{
		func(c rules.Choice) bool { return inOrder(c) && c.Units[0] == s.Selected },
		inOrder,
		func(c rules.Choice) bool { return c.Name == atii.CmdPass },
		func(c rules.Choice) bool { return c.Name == atii.CmdOverwatch && len(c.Units) == 0 },
	} {
		for _, c := range cs {
			if want(c) {
				s.Play(c.Cmd)
				return
			}
		}
	}
	switch st.Step {
	case atii.StepRally:
		s.repair()
		return
	case atii.StepDeploy:
		s.Fail(errors.New("every titan must be deployed: click inside your deployment zone"))
		return
	}
	var discrete []rules.Choice
	for _, c := range cs {
		if c.Continuous == "" {
			discrete = append(discrete, c)
		}
	}
	if len(discrete) == 1 {
		s.Play(discrete[0].Cmd)
		return
	}
	if len(discrete) > 1 {
		s.Fail(errors.New("pick one of the choices: its number key or click it"))
		return
	}
	s.Fail(errors.New("nothing to end here"))
}

// confirm guards an action that would throw away what the player has
// drawn or declared (a path, a facing, declared shots): the first press
// only says so and the second, with no other action between, goes ahead.
// With nothing drafted it goes ahead at once.
func (s *UI) confirm(what, key string) bool {
	if len(s.Draft) == 0 && s.Facing == nil && len(s.Shots) == 0 {
		s.armed = ""
		return true
	}
	if s.armed == what {
		s.armed = ""
		return true
	}
	s.armed = what
	s.Fail(fmt.Errorf("press %s again to %s and drop what you drew or declared (Enter plays it, Esc drops it)", key, what))
	return false
}

// Hold makes the selected titan hold (H): it neither moves nor fires
// this step. With a drawn path or declared shots it asks for a second
// press first.
func (s *UI) Hold() {
	if s.Mode() != play.ModeTurn {
		return
	}
	if st := s.State(); st.Step == atii.StepRally && s.Playable(s.Selected) {
		// Repairs have no hold (ATII-REP-1: the titan rolls its repair
		// dice): say what the keys do instead of the engine's refusal.
		if s.Allocating() {
			s.Fail(errors.New("nothing to hold in the rally phase: pick what the repairs fix (1-9 or click; Enter takes the first)"))
			return
		}
		s.Fail(fmt.Errorf("nothing to hold in the rally phase: Enter (or E) rolls %s's repair dice", s.Name(s.Selected)))
		return
	}
	if s.Playable(s.Selected) {
		if !s.confirm("hold "+s.Name(s.Selected), "H") {
			return
		}
		s.Play(s.rs().Hold(s.Decider(), s.Selected))
		return
	}
	s.EndStep()
}

// ChoosingOrder reports whether the decision is the initiative winner's
// choice to go first or second (the turn's, or the assault phase's).
func ChoosingOrder(st *rules.State) bool {
	return st.Pending != nil && st.Pending.Kind == atii.KindInitiative
}

// ChooseOrder answers the initiative: go first or second.
func (s *UI) ChooseOrder(first bool) {
	if s.Mode() != play.ModeTurn || !ChoosingOrder(s.State()) {
		return
	}
	for _, c := range s.G.Engine.Legal(s.Decider()) {
		if oc, ok := c.Cmd.(*atii.OrderCmd); ok && oc.First == first {
			s.Play(c.Cmd)
			return
		}
	}
}
