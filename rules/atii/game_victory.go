package atii

import (
	"fmt"
	"strings"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

// HoldDistance is how close (cm, edge of base to the marker) a titan must
// stand to an objective to hold it; a side holds an objective when it has a
// titan that close and the enemy has none.
const HoldDistance = 10

// VictoryPoints scores each side: the victory points of every enemy titan
// (TitanVictoryPoints: destroyed 100 %, damage by location, +10 % for
// leaving the table). Titans still to be deployed score nothing.
func (r *Ruleset) VictoryPoints(s *rules.State) (map[string]int, error) {
	vp := map[string]int{}
	for _, sd := range s.Sides {
		vp[sd.ID] = 0
	}
	for i := range s.Units {
		u := &s.Units[i]
		if u.Markers.Value(MarkUnplaced) > 0 {
			continue
		}
		p, err := r.profile(u)
		if err != nil {
			return nil, err
		}
		ts, err := TitanOf(u)
		if err != nil {
			return nil, err
		}
		v := TitanVictoryPoints(p, p.Points, ts, u.OffTable && !u.Destroyed, false)
		for _, sd := range s.Sides {
			if sd.ID != u.Side {
				vp[sd.ID] += v
			}
		}
	}
	return vp, nil
}

// sideOperational reports whether side still has a titan on the table.
func sideOperational(s *rules.State, side string) bool {
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side == side && (operational(u) || u.Markers.Value(MarkUnplaced) > 0) {
			return true
		}
	}
	return false
}

// gameEnding reports whether the game ends now: at the end of the last
// turn, or as soon as a side has no titan left on the table.
func (r *Ruleset) gameEnding(s *rules.State, setup GameSetup) bool {
	if s.Turn == 0 {
		return false
	}
	for _, sd := range s.Sides {
		if !sideOperational(s, sd.ID) {
			return true
		}
	}
	return setup.TurnLimit > 0 && s.Turn >= setup.TurnLimit && s.Step == StepEnd
}

// Victory implements rules.Ruleset: nil while the game goes on.
//
// When no titan of any side is left on the table the game is a draw.
// The scenario's victory conditions that are not marked at_end are checked
// all the time and end the game when one holds. Otherwise the game ends at
// the end of the turn limit or when a side has no titan left on the table;
// the first at_end condition that holds then gives the result, and without
// one the side with more victory points wins ("victory on points"; equal
// points are a draw). In mission games the sides then declare whether they
// achieved their secret objectives and the ATII victory chart decides
// (ObjectiveCmd).
func (r *Ruleset) Victory(s *rules.State) *rules.Outcome {
	if s.Turn == 0 {
		return nil
	}
	var res rules.Outcome
	if ok, err := s.GetExt(ExtResult, &res); ok && err == nil {
		return &res
	}
	setup, err := r.setup(s)
	if err != nil {
		return nil
	}
	ev := evaluator{r: r, s: s, setup: &setup}
	anyLeft := false
	for _, sd := range s.Sides {
		anyLeft = anyLeft || sideOperational(s, sd.ID)
	}
	if !anyLeft {
		return &rules.Outcome{Kind: "draw", Text: "no titan is left on the table; " + ev.vpText()}
	}
	for _, vr := range setup.Victory {
		if !vr.AtEnd && ev.eval(vr.When) {
			return ev.outcome(vr)
		}
	}
	if setup.Mission != nil || !r.gameEnding(s, setup) {
		return nil
	}
	for _, vr := range setup.Victory {
		if vr.AtEnd && ev.eval(vr.When) {
			return ev.outcome(vr)
		}
	}
	return ev.pointsOutcome()
}

// evaluator evaluates scenario triggers on a state, computing victory
// points only when a trigger needs them.
type evaluator struct {
	r     *Ruleset
	s     *rules.State
	setup *GameSetup
	vp    map[string]int
}

func (e *evaluator) points() map[string]int {
	if e.vp == nil {
		vp, err := e.r.VictoryPoints(e.s)
		if err != nil {
			vp = map[string]int{}
		}
		e.vp = vp
	}
	return e.vp
}

func (e *evaluator) outcome(vr VictoryRule) *rules.Outcome {
	kind := vr.Result
	if kind == "" {
		kind = "victory"
		if vr.Side == "" {
			kind = "draw"
		}
	}
	return &rules.Outcome{Winner: vr.Side, Kind: kind, Text: e.vpText()}
}

func (e *evaluator) vpText() string {
	vp := e.points()
	var parts []string
	for _, sd := range e.s.Sides {
		parts = append(parts, fmt.Sprintf("%s %d VP", sd.ID, vp[sd.ID]))
	}
	return strings.Join(parts, ", ")
}

func (e *evaluator) pointsOutcome() *rules.Outcome {
	vp := e.points()
	best, second := "", ""
	for _, sd := range e.s.Sides {
		switch {
		case best == "" || vp[sd.ID] > vp[best]:
			best, second = sd.ID, best
		case second == "" || vp[sd.ID] > vp[second]:
			second = sd.ID
		}
	}
	if second != "" && vp[best] == vp[second] {
		return &rules.Outcome{Kind: "draw", Text: e.vpText()}
	}
	return &rules.Outcome{Winner: best, Kind: "victory on points", Text: e.vpText()}
}

// holds reports whether side holds objective id.
func (e *evaluator) holds(side, id string) bool {
	var at *world.Vec
	for _, o := range e.setup.Objectives {
		if o.ID == id {
			v := o.Pos.Vec()
			at = &v
		}
	}
	if at == nil {
		return false
	}
	own, enemy := false, false
	for i := range e.s.Units {
		u := &e.s.Units[i]
		if !operational(u) {
			continue
		}
		if world.MeasurePoint(e.r.base(u), *at).Dist <= HoldDistance+eps {
			if u.Side == side {
				own = true
			} else {
				enemy = true
			}
		}
	}
	return own && !enemy
}

// eval evaluates a trigger (the kinds of docs/scenarios.md).
func (e *evaluator) eval(t *Trigger) bool {
	if t == nil {
		return false
	}
	s := e.s
	switch t.Kind {
	case "start":
		return true
	case "turn":
		return s.Turn >= t.Turn
	case "turn-end":
		return s.Step == StepEnd && s.Turn >= t.Turn
	case "turn-limit":
		return e.setup.TurnLimit > 0 && s.Step == StepEnd && s.Turn >= e.setup.TurnLimit
	case "destroy-all":
		return !sideOperational(s, t.Side)
	case "units-lost":
		n := 0
		for i := range s.Units {
			if u := &s.Units[i]; u.Side == t.Side && (u.Destroyed || u.OffTable) {
				n++
			}
		}
		return n >= max(1, t.Count)
	case "unit-destroyed":
		found := false
		for i := range s.Units {
			u := &s.Units[i]
			if u.ID == t.Unit || u.Formation == t.Unit {
				found = true
				if !u.Destroyed {
					return false
				}
			}
		}
		return found
	case "broken":
		return false
	case "hold-objective":
		return e.holds(t.Side, t.Objective)
	case "objective-lost":
		return e.holds(otherSide(s, t.Side), t.Objective)
	case "in-zone":
		n := 0
		for i := range s.Units {
			u := &s.Units[i]
			if u.Side == t.Side && operational(u) && inZone(e.setup.Zones[t.Zone], u.Pos) {
				n++
			}
		}
		return n >= max(1, t.Count)
	case "vp":
		return e.points()[t.Side] >= t.Count
	case "vp-lead":
		vp := e.points()
		for _, sd := range s.Sides {
			if sd.ID != t.Side && vp[sd.ID] >= vp[t.Side] {
				return false
			}
		}
		return true
	case "all":
		for _, p := range t.Parts {
			if !e.eval(p) {
				return false
			}
		}
		return len(t.Parts) > 0
	case "any":
		for _, p := range t.Parts {
			if e.eval(p) {
				return true
			}
		}
		return false
	case "not":
		return len(t.Parts) == 1 && !e.eval(t.Parts[0])
	}
	return false
}

// chartRank orders the victory chart's results, best first.
func chartRank(res string) int {
	order := []string{"Heroic Victory", "Major Victory", "Minor Victory", "Stand-off", "Heroic Defeat", "Minor Defeat", "Major Defeat", "Total Defeat"}
	for i, r := range order {
		if r == res {
			return i
		}
	}
	return 8
}

// missionOutcome reads the victory chart for both sides from their
// declared objectives and victory points; the side with the better result
// wins, equal results are a draw.
func missionOutcome(s *rules.State, g GameProgress) (*rules.Outcome, string) {
	a, b := s.Sides[0].ID, s.Sides[1].ID
	va, vb := s.Sides[0].Markers.Value(MarkVP), s.Sides[1].Markers.Value(MarkVP)
	ra := VictoryResult(g.Claims[a], va, vb, g.Claims[b])
	rb := VictoryResult(g.Claims[b], vb, va, g.Claims[a])
	text := fmt.Sprintf("%s: %s (%d VP); %s: %s (%d VP)", a, ra, va, b, rb, vb)
	switch {
	case chartRank(ra) < chartRank(rb):
		return &rules.Outcome{Winner: a, Kind: ra, Text: text}, "victory chart: " + text
	case chartRank(rb) < chartRank(ra):
		return &rules.Outcome{Winner: b, Kind: rb, Text: text}, "victory chart: " + text
	}
	return &rules.Outcome{Kind: "draw", Text: text}, "victory chart: " + text
}
