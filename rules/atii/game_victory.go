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
	exempt, err := r.leftForObjective(s)
	if err != nil {
		return nil, err
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
		v := TitanVictoryPoints(p, p.Points, ts, u.OffTable && !u.Destroyed, exempt[u.ID])
		for _, sd := range s.Sides {
			if sd.ID != u.Side {
				vp[sd.ID] += v
			}
		}
	}
	return vp, nil
}

// leftForObjective lists the titans that left the table as part of their
// side's objective (Break Through: from the enemy's half), which adds no
// victory points for leaving.
func (r *Ruleset) leftForObjective(s *rules.State) (map[string]bool, error) {
	setup, err := r.setup(s)
	if err != nil || setup.Mission == nil {
		return nil, err
	}
	g, err := r.progress(s)
	if err != nil {
		return nil, err
	}
	cards, err := r.cards(s, setup, g)
	if err != nil {
		return nil, err
	}
	board, err := r.objectiveBoard(s, setup, g)
	if err != nil || len(board.Homes) < 2 {
		return nil, err
	}
	out := map[string]bool{}
	for _, t := range board.Titans {
		if t.OffTable && cards[t.Side].Goal == GoalBreakThrough && board.BrokeThrough(t, otherSide(s, t.Side)) {
			out[t.ID] = true
		}
	}
	return out, nil
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
// points are a draw).
//
// Mission games end the same way (the turn limit, or a side with no titan
// left) but ignore the scenario's victory conditions: the rules judge both
// sides' objective cards on the final position (JudgeObjective) and the
// ATII victory chart decides.
func (r *Ruleset) Victory(s *rules.State) *rules.Outcome {
	if s.Turn == 0 {
		return nil
	}
	if _, ok := s.Ext.Get(ExtResult); ok {
		var res rules.Outcome
		if ok, err := s.GetExt(ExtResult, &res); ok && err == nil {
			return &res
		}
	}
	setup, err := setupRef(s)
	if err != nil {
		return nil
	}
	ev := evaluator{r: r, s: s, setup: setup}
	anyLeft := false
	for _, sd := range s.Sides {
		anyLeft = anyLeft || sideOperational(s, sd.ID)
	}
	if !anyLeft {
		return &rules.Outcome{Kind: "draw", Text: "no titan is left on the table; " + ev.vpText()}
	}
	if setup.Mission != nil {
		if !r.gameEnding(s, *setup) {
			return nil
		}
		out, err := r.judgeMission(s)
		if err != nil {
			return &rules.Outcome{Kind: "draw", Text: "mission could not be judged: " + err.Error()}
		}
		return out
	}
	for _, vr := range setup.Victory {
		if !vr.AtEnd && ev.eval(vr.When) {
			return ev.outcome(vr)
		}
	}
	if !r.gameEnding(s, *setup) {
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
	return &rules.Outcome{Winner: vr.Side, Kind: vr.OutcomeKind(), Text: e.vpText()}
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

// eval evaluates a trigger (the kinds of docs/scenarios.md) with the
// shared evaluator.
func (e *evaluator) eval(t *Trigger) bool { return rules.EvalTrigger(e.s, t, e) }

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

// homes works out each side's home point for the objective stand-ins: the
// centre of its deployment zone, else of its titans' starting positions,
// else the middle of the north (first side) or south (second) edge.
func (r *Ruleset) homes(s *rules.State, setup GameSetup) (map[string]Point, error) {
	a, b, err := sideIDs(s)
	if err != nil {
		return nil, err
	}
	out := map[string]Point{}
	t := r.w.Table
	for k, sd := range []string{a, b} {
		if z := setup.SideZones[sd]; z != "" {
			if c, ok := polygonCentroid(setup.Zones[z]); ok {
				out[sd] = Point{c.X, c.Y}
				continue
			}
		}
		var sx, sy float64
		n := 0
		for i := range s.Units {
			u := &s.Units[i]
			if u.Side == sd && u.Markers.Value(MarkUnplaced) == 0 {
				sx, sy, n = sx+u.Pos.X, sy+u.Pos.Y, n+1
			}
		}
		switch {
		case n > 0:
			out[sd] = Point{sx / float64(n), sy / float64(n)}
		case k == 0:
			out[sd] = Point{t.W / 2, 0}
		default:
			out[sd] = Point{t.W / 2, t.H}
		}
	}
	if out[a] == out[b] {
		return nil, fmt.Errorf("mission: %s and %s have the same home point (%.1f, %.1f): give them deployment zones", a, b, out[a].X, out[a].Y)
	}
	return out, nil
}

// objectiveBoard is the position objectives are judged on.
func (r *Ruleset) objectiveBoard(s *rules.State, setup GameSetup, g GameProgress) (ObjectiveBoard, error) {
	b := ObjectiveBoard{Table: r.w.Table, Homes: map[string]world.Vec{}, Markers: setup.Objectives}
	for sd, p := range g.Homes {
		b.Homes[sd] = p.Vec()
	}
	for i := range s.Units {
		u := &s.Units[i]
		if u.Markers.Value(MarkUnplaced) > 0 {
			continue
		}
		p, err := r.profile(u)
		if err != nil {
			return b, err
		}
		b.Titans = append(b.Titans, ObjectiveTitan{ID: u.ID, Side: u.Side, Base: r.base(u), Points: p.Points,
			Operational: operational(u), Destroyed: u.Destroyed, OffTable: u.OffTable && !u.Destroyed})
	}
	return b, nil
}

// cards returns each side's objective card: the card drawn, else the
// stand-in for the type the scenario gives (DefaultObjective).
func (r *Ruleset) cards(s *rules.State, setup GameSetup, g GameProgress) (map[string]ObjectiveCard, error) {
	out := map[string]ObjectiveCard{}
	for _, sd := range s.Sides {
		if c, ok := g.Cards[sd.ID]; ok {
			out[sd.ID] = c
			continue
		}
		if setup.Mission == nil {
			continue
		}
		t, ok := setup.Mission.Objectives[sd.ID]
		if !ok {
			return nil, fmt.Errorf("mission: side %s has neither a card nor an objective type", sd.ID)
		}
		c, err := DefaultObjective(ObjectiveType(t))
		if err != nil {
			return nil, fmt.Errorf("mission: side %s: %w", sd.ID, err)
		}
		out[sd.ID] = c
	}
	return out, nil
}

// judgeMission judges both sides' objectives on the current position
// (JudgeObjective), scores victory points and reads the victory chart for
// each side: the better result wins, equal results are a draw. The text
// reveals both cards and the verdicts.
func (r *Ruleset) judgeMission(s *rules.State) (*rules.Outcome, error) {
	setup, err := r.setup(s)
	if err != nil {
		return nil, err
	}
	g, err := r.progress(s)
	if err != nil {
		return nil, err
	}
	a, b, err := sideIDs(s)
	if err != nil {
		return nil, err
	}
	cards, err := r.cards(s, setup, g)
	if err != nil {
		return nil, err
	}
	board, err := r.objectiveBoard(s, setup, g)
	if err != nil {
		return nil, err
	}
	vp, err := r.VictoryPoints(s)
	if err != nil {
		return nil, err
	}
	got := map[string]bool{}
	var parts []string
	for _, sd := range []string{a, b} {
		ok, why, err := JudgeObjective(cards[sd], sd, otherSide(s, sd), board)
		if err != nil {
			return nil, err
		}
		got[sd] = ok
		verdict := "denied"
		if ok {
			verdict = "achieved"
		}
		parts = append(parts, fmt.Sprintf("%s %s %s (%s)", sd, verdict, cards[sd].Name, why))
	}
	ra := VictoryResult(got[a], vp[a], vp[b], got[b])
	rb := VictoryResult(got[b], vp[b], vp[a], got[a])
	text := fmt.Sprintf("%s; %s: %s (%d VP); %s: %s (%d VP)", strings.Join(parts, "; "), a, ra, vp[a], b, rb, vp[b])
	switch {
	case chartRank(ra) < chartRank(rb):
		return &rules.Outcome{Winner: a, Kind: ra, Text: text}, nil
	case chartRank(rb) < chartRank(ra):
		return &rules.Outcome{Winner: b, Kind: rb, Text: text}, nil
	}
	return &rules.Outcome{Kind: "draw", Text: text}, nil
}
