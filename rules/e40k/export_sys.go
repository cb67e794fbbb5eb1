package e40k

import (
	"fmt"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/world"
)

// This file exports what the system packages (systems/e40ksys,
// systems/e40kai) need from the ruleset: the trigger judge scripted
// opponents use, command binding, and read-only accessors.

// TriggerHolds evaluates a scenario trigger on a state with the same judge
// the victory check uses (hold-objective, in-zone, broken...; kinds the
// E40K judge does not know never hold). A nil trigger never holds.
// Errors: the game's progress or set-up data cannot be read.
func (r *Ruleset) TriggerHolds(s *rules.State, t *Trigger) (bool, error) {
	if t == nil {
		return false, nil
	}
	g, err := r.progress(s)
	if err != nil {
		return false, fmt.Errorf("e40k trigger: %w", err)
	}
	su, err := r.setup(s)
	if err != nil {
		return false, fmt.Errorf("e40k trigger: %w", err)
	}
	j := judge{r: r, s: s, su: &su, g: &g, ended: s.Step == StepRally && g.Stage == stageDone}
	return j.eval(t), nil
}

// HoldsObjective reports whether side holds the objective id on s: a unit
// of side within ObjectiveRange of the marker and no enemy unit that
// close. An unknown objective is not held.
func (r *Ruleset) HoldsObjective(s *rules.State, side, id string) bool {
	ok, err := r.TriggerHolds(s, &Trigger{Kind: "hold-objective", Side: side, Objective: id})
	return err == nil && ok
}

// SetupOf returns the scenario data the state carries (shared: do not
// change it). Errors: undecodable data.
func (r *Ruleset) SetupOf(s *rules.State) (Setup, error) { return r.setup(s) }

// Bind binds an E40K command made as a plain struct outside the ruleset
// (decoded, or built by an interface) to r; other commands come back
// unchanged. It implements game.Binder.
func (r *Ruleset) Bind(c rules.Command) rules.Command {
	switch x := c.(type) {
	case *OrdersCmd:
		y := *x
		y.r = r
		return &y
	case *InitiativeCmd:
		y := *x
		y.r = r
		return &y
	case *MoveCmd:
		y := *x
		y.r = r
		return &y
	case *AssaultCmd:
		y := *x
		y.r = r
		return &y
	case *FireCmd:
		y := *x
		y.r = r
		return &y
	case *PassCmd:
		y := *x
		y.r = r
		return &y
	case *RallyCmd:
		y := *x
		y.r = r
		return &y
	case *RestCmd:
		y := *x
		y.r = r
		return &y
	case *TitanMoveCmd:
		y := *x
		y.r = r
		return &y
	case *TitanFireCmd:
		y := *x
		y.r = r
		return &y
	}
	return c
}

// Catalogue returns the unit catalogue the ruleset reads.
func (r *Ruleset) Catalogue() *catalog.Catalogue { return r.cat }

// World returns the table the ruleset plays on.
func (r *Ruleset) World() *world.World { return r.w }
