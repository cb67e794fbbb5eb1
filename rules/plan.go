package rules

// Planner is implemented by a command whose check works out what applying
// it needs (a move's measured path, a shot's sight lines), so that the
// engine does that work once: it calls Plan instead of Validate on the
// state before the command, and hands the plan to ApplyPlan instead of
// Apply on the copy of that state the command is applied to (equal to it
// but for the command count). Plan must not modify s nor keep pointers
// into it; ApplyPlan must do what Apply does. Validate and Apply stay the
// command's own answer everywhere else (Check, a ruleset's own calls).
type Planner interface {
	Command
	// Plan is Validate returning what ApplyPlan needs.
	Plan(s *State) (any, error)
	// ApplyPlan is Apply given the plan made on the state it was copied
	// from.
	ApplyPlan(s *State, d Dice, plan any) ([]Event, error)
}

// plan runs c's check on s: Plan when c is a Planner, else Validate (the
// plan is then nil).
func plan(c Command, s *State) (any, error) {
	if p, ok := c.(Planner); ok {
		return p.Plan(s)
	}
	return nil, c.Validate(s)
}

// applyPlanned applies c to s with the plan made by plan.
func applyPlanned(c Command, s *State, d Dice, pl any) ([]Event, error) {
	if p, ok := c.(Planner); ok {
		return p.ApplyPlan(s, d, pl)
	}
	return c.Apply(s, d)
}
