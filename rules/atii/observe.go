package atii

import (
	"fmt"

	"github.com/auspex/auspex/rules"
)

// UnknownObjective is the name of the placeholder card a per-side view
// (rules.Observe) holds in place of the other side's secret objective.
const UnknownObjective = "unknown objective (hidden from this side)"

// GoalUnknown is the goal of the UnknownObjective placeholder:
// JudgeObjective judges it not achieved, since the side looking cannot
// know it (a search that wants to guess may put a candidate card in its
// place).
const GoalUnknown = "unknown"

// HiddenObjective is the placeholder for a secret objective card of type
// t. The type stays: the deployment map, which is public, follows from
// the two sides' types, so a side knowing its own type and the map knows
// the other's. Name, force level, text and goal are blanked.
func HiddenObjective(t ObjectiveType) ObjectiveCard {
	return ObjectiveCard{Name: UnknownObjective, Type: t, Goal: GoalUnknown,
		Text: "The other side's secret objective: unknown until the debrief."}
}

// Observe implements rules.Observer: in a view for side, every other
// side's secret objective card (mission generator: "objectives are
// secret") becomes HiddenObjective of its type, and the other sides'
// points limits (secret with the card, since they follow from its force
// level) are removed. Side "" (a spectator) sees no card. The rest of an
// ATII game is open: deployment is on the table, orders are given in the
// open. Errors: the game data does not decode.
func (r *Ruleset) Observe(s *rules.State, side string) error {
	g, err := getProgress(s) // a fresh decode: the view's maps are its own
	if err != nil {
		return fmt.Errorf("atii observe: %w", err)
	}
	if len(g.Cards) == 0 && len(g.Points) == 0 {
		return nil
	}
	for sd, c := range g.Cards {
		if sd != side || side == "" {
			g.Cards[sd] = HiddenObjective(c.Type)
		}
	}
	for sd := range g.Points {
		if sd != side || side == "" {
			delete(g.Points, sd)
		}
	}
	if len(g.Points) == 0 {
		g.Points = nil
	}
	return putProgress(s, g)
}
