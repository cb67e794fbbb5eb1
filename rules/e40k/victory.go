package e40k

import (
	"fmt"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

// ObjectiveRange is how close (edge of base to marker, cm) a unit must be
// to an objective to hold it; a side holds it with a unit that close and
// no enemy unit that close. The seeds give no E40K value [?]; 15 cm matches
// the assault and retreat distances.
const ObjectiveRange = 15.0

// Objective is an objective marker of the scenario.
type Objective struct {
	ID  string    `json:"id"`
	Pos world.Vec `json:"pos"`
}

// Trigger is a scenario trigger (docs/scenarios.md) as the E40K ruleset
// evaluates it: the one every rule system shares.
type Trigger = rules.Trigger

// VictoryRule awards Result to Side ("" a draw) when When holds; AtEnd
// rules are checked only when the game ends.
type VictoryRule = rules.VictoryRule

// judge evaluates scenario triggers on a state.
type judge struct {
	r     *Ruleset
	s     *rules.State
	su    *Setup
	g     *Progress
	ended bool
}

// Points is the points value of the enemy units a side has destroyed (its
// victory points). Units of unknown profile count nothing.
func (r *Ruleset) Points(s *rules.State, side string) int {
	n := 0
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side == side || !u.Destroyed {
			continue
		}
		if p, err := r.Profile(s, u); err == nil {
			n += p.Points
		}
	}
	return n
}

// eval evaluates a trigger with the shared evaluator; unknown kinds never
// hold.
func (j *judge) eval(t *Trigger) bool { return rules.EvalTrigger(j.s, t, j) }

// inZone reports whether p lies in one of the zone's polygons.
func inZone(polys [][]world.Vec, p world.Vec) bool {
	for _, poly := range polys {
		if world.PointInPolygon(p, poly) {
			return true
		}
	}
	return false
}

// ScenarioConditionText is the outcome text of a game ended by one of the
// scenario's own victory rules (the rule is the one awarding the outcome's
// winner and kind; a window says its condition in words).
const ScenarioConditionText = "scenario condition"

func ruleOutcome(vr VictoryRule) *rules.Outcome {
	return &rules.Outcome{Winner: vr.Side, Kind: vr.OutcomeKind(), Text: ScenarioConditionText}
}

// Victory implements rules.Ruleset, in this order: a side with no unit
// left loses (both: a draw); a scenario victory rule that is not kept for
// the end and holds; at the end of a turn, army morale (an army that has
// lost half its units loses, both: a draw; off under
// OptNoArmyMorale); at the end of the last turn the scenario's end rules,
// else the side that destroyed the larger share of the enemy army, else
// more victory points (Points), else a draw.
func (r *Ruleset) Victory(s *rules.State) *rules.Outcome {
	if len(s.Sides) != 2 || s.Step == StepSetup || s.Step == "" {
		return nil
	}
	var left [2]int
	for i := range s.Units {
		u := &s.Units[i]
		if !u.Destroyed && (!u.OffTable || r.inReserve(s, u)) {
			left[sideIndex(s, u.Side)]++
		}
	}
	a, b := s.Sides[0].ID, s.Sides[1].ID
	switch {
	case left[0] == 0 && left[1] == 0:
		return &rules.Outcome{Kind: "draw", Text: "both armies are destroyed"}
	case left[0] == 0:
		return &rules.Outcome{Winner: b, Kind: "victory", Text: a + " has no unit left"}
	case left[1] == 0:
		return &rules.Outcome{Winner: a, Kind: "victory", Text: b + " has no unit left"}
	}
	g, err := r.progress(s)
	if err != nil {
		return nil
	}
	su, err := r.setup(s)
	if err != nil {
		return nil
	}
	j := judge{r: r, s: s, su: &su, g: &g, ended: s.Step == StepRally && g.Stage == stageDone}
	for _, vr := range su.Victory {
		if !vr.AtEnd && j.eval(vr.When) {
			return ruleOutcome(vr)
		}
	}
	if !j.ended {
		return nil
	}
	o, err := r.options(s)
	if err == nil && !o.NoArmyMorale {
		switch {
		case g.MoraleFailed[0] && g.MoraleFailed[1]:
			return &rules.Outcome{Kind: "draw", Text: "both armies' morale fails"}
		case g.MoraleFailed[0]:
			return &rules.Outcome{Winner: b, Kind: "victory", Text: a + "'s army morale fails (half its units lost)"}
		case g.MoraleFailed[1]:
			return &rules.Outcome{Winner: a, Kind: "victory", Text: b + "'s army morale fails (half its units lost)"}
		}
	}
	if !g.TimeUp {
		return nil
	}
	for _, vr := range su.Victory {
		if vr.AtEnd && j.eval(vr.When) {
			return ruleOutcome(vr)
		}
	}
	// Shares destroyed, compared without division: lost_b/start_b vs lost_a/start_a.
	la, lb := g.Start[0]-left[0], g.Start[1]-left[1]
	x, y := lb*g.Start[0], la*g.Start[1]
	switch {
	case x > y:
		return &rules.Outcome{Winner: a, Kind: "victory", Text: fmt.Sprintf("time: %s destroyed %d of %d enemy units", a, lb, g.Start[1])}
	case y > x:
		return &rules.Outcome{Winner: b, Kind: "victory", Text: fmt.Sprintf("time: %s destroyed %d of %d enemy units", b, la, g.Start[0])}
	}
	pa, pb := r.Points(s, a), r.Points(s, b)
	switch {
	case pa > pb:
		return &rules.Outcome{Winner: a, Kind: "victory on points", Text: fmt.Sprintf("time: %d points to %d", pa, pb)}
	case pb > pa:
		return &rules.Outcome{Winner: b, Kind: "victory on points", Text: fmt.Sprintf("time: %d points to %d", pb, pa)}
	}
	return &rules.Outcome{Kind: "draw", Text: "time: equal losses"}
}
