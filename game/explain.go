package game

import (
	"context"

	"github.com/auspex/auspex/rules"
)

// Why explains a computer player's decision: one sentence for the log and
// the candidates it weighed, best first (the window shows them over the
// table when asked "why did it do that?").
type Why struct {
	// Line is the decision in one sentence.
	Line string
	// Considered are the best candidates with their values.
	Considered []Considered
}

// Considered is one candidate a computer player weighed.
type Considered struct {
	// Text says what the candidate does.
	Text string
	// Value is what the player expects of it (higher is better) after
	// looking ahead (the opponent's best replies, the dice averaged).
	Value float64
	// Now is the position's value right after it, before any reply, and
	// Terms its parts (expected damage dealt and taken, objectives...):
	// they add up to Now, not to Value. Now is 0 when there are no Terms.
	Now   float64
	Terms []Term
	// Units are the units it moves or attacks with, then its targets.
	Units []string
}

// Term is one named part of a value.
type Term struct {
	Name  string
	Value float64
}

// Reasoner is a Controller that explains its decisions. DecideAsync and
// PlayWith use DecideWhy when a controller has it; the explanation rides
// in Decision.Why.
type Reasoner interface {
	Controller
	DecideWhy(ctx context.Context, v View) (rules.Command, *Why, error)
}

// decideWhy asks c for its decision and, when it can, its reasons.
func decideWhy(ctx context.Context, c Controller, v View) (rules.Command, *Why, error) {
	if r, ok := c.(Reasoner); ok {
		return r.DecideWhy(ctx, v)
	}
	cmd, err := c.Decide(ctx, v)
	return cmd, nil, err
}
