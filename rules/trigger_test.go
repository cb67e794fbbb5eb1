package rules

import (
	"testing"

	"github.com/auspex/auspex/world"
)

// toyGame is a toy rule system's facts for EvalTrigger: round bases of
// radius 1 cm, a unit marked "waiting" is fielded but not present (still
// to come on), objectives held from within 3 cm of the unit's centre,
// rectangular zones, victory points and damage given outright.
type toyGame struct {
	s               *State
	objectives      map[string]world.Vec
	zones           map[string][4]float64 // x0, y0, x1, y1
	ended, timeUp   bool
	vp              map[string]int
	damaged         map[string]int // id -> share lost, %
	unknownBaseUnit string         // a unit whose base the system cannot give
}

func (g *toyGame) Present(u *Unit) bool {
	return !u.Destroyed && !u.OffTable && u.Markers.Value("waiting") == 0
}
func (g *toyGame) Fielded(u *Unit) bool { return !u.Destroyed && !u.OffTable }
func (g *toyGame) Lost(u *Unit) bool    { return u.Destroyed || u.OffTable }
func (g *toyGame) Base(u *Unit) (world.Base, bool) {
	if u.ID == g.unknownBaseUnit {
		return world.Base{}, false
	}
	return world.Base{ID: u.ID, Pos: u.Pos, Foot: world.Footprint{Shape: world.Circle, Radius: 1}}, true
}
func (g *toyGame) Objective(id string) (world.Vec, bool) { p, ok := g.objectives[id]; return p, ok }
func (g *toyGame) Holding(u *Unit, p world.Vec) bool     { return u.Pos.Dist(p) <= 3 }
func (g *toyGame) InZone(zone string, p world.Vec) bool {
	z, ok := g.zones[zone]
	return ok && p.X >= z[0] && p.Y >= z[1] && p.X <= z[2] && p.Y <= z[3]
}
func (g *toyGame) TurnEnded() bool                 { return g.ended }
func (g *toyGame) TimeUp() bool                    { return g.timeUp }
func (g *toyGame) VP(side string) int              { return g.vp[side] }
func (g *toyGame) Damaged(id string, pct int) bool { return g.damaged[id] >= pct }

// toyTriggerState: red's scout r1 and squad r2/r3 (formation "r-squad")
// against blue's b1, b2 (b2 still to come on) and b3 (destroyed).
func toyTriggerState() (*State, *toyGame) {
	s := &State{Turn: 2, Sides: []Side{{ID: "red"}, {ID: "blue"}},
		Formations: []Formation{{ID: "r-squad", Side: "red"}, {ID: "b-line", Side: "blue"}},
		Units: []Unit{
			{ID: "r1", Side: "red", Pos: world.Vec{X: 10, Y: 10}},
			{ID: "r2", Side: "red", Formation: "r-squad", Pos: world.Vec{X: 50, Y: 10}},
			{ID: "r3", Side: "red", Formation: "r-squad", Pos: world.Vec{X: 60, Y: 10}},
			{ID: "b1", Side: "blue", Formation: "b-line", Pos: world.Vec{X: 10, Y: 20}},
			{ID: "b2", Side: "blue", Formation: "b-line", Pos: world.Vec{X: 50, Y: 13}},
			{ID: "b3", Side: "blue", Formation: "b-line", Pos: world.Vec{X: 90, Y: 90}, Destroyed: true},
		}}
	s.Units[4].Markers.Set("waiting", 1)
	g := &toyGame{s: s,
		objectives: map[string]world.Vec{"hill": {X: 11, Y: 11}, "ford": {X: 10, Y: 18}},
		zones:      map[string][4]float64{"north": {0, 0, 100, 15}},
		vp:         map[string]int{"red": 5, "blue": 3},
		damaged:    map[string]int{"r-squad": 40}}
	return s, g
}

// TestEvalTriggerKinds evaluates every kind of the trigger grammar
// (docs/scenarios.md, "Triggers") with a toy system's facts: what the
// shared evaluator decides itself (turns, naming by unit or formation,
// counting, sides, combinators) and what it asks the system.
func TestEvalTriggerKinds(t *testing.T) {
	s, g := toyTriggerState()
	cases := []struct {
		name string
		t    *Trigger
		want bool
	}{
		{"nil", nil, false},
		{"unknown kind", &Trigger{Kind: "moon-phase"}, false},
		{"start", &Trigger{Kind: "start"}, true},
		{"turn reached", &Trigger{Kind: "turn", Turn: 2}, true},
		{"turn not reached", &Trigger{Kind: "turn", Turn: 3}, false},
		{"turn-end before the end", &Trigger{Kind: "turn-end", Turn: 1}, false},
		{"turn-limit before time", &Trigger{Kind: "turn-limit"}, false},
		{"destroy-all, blue fights on", &Trigger{Kind: "destroy-all", Side: "blue"}, false},
		{"units-lost 1", &Trigger{Kind: "units-lost", Side: "blue", Count: 1}, true},
		{"units-lost 2", &Trigger{Kind: "units-lost", Side: "blue", Count: 2}, false},
		{"units-lost 0 means 1", &Trigger{Kind: "units-lost", Side: "red"}, false},
		{"unit-destroyed", &Trigger{Kind: "unit-destroyed", Unit: "b3"}, true},
		{"unit-destroyed, alive", &Trigger{Kind: "unit-destroyed", Unit: "b1"}, false},
		{"formation not all destroyed", &Trigger{Kind: "unit-destroyed", Unit: "b-line"}, false},
		{"unit-destroyed, no such unit", &Trigger{Kind: "unit-destroyed", Unit: "ghost"}, false},
		{"broken, not broken", &Trigger{Kind: "broken", Unit: "r2"}, false},
		// r1 holds the hill; the ford has r1 (8 cm) too far, b1 close.
		{"hold-objective", &Trigger{Kind: "hold-objective", Side: "red", Objective: "hill"}, true},
		{"hold-objective, enemy's", &Trigger{Kind: "hold-objective", Side: "red", Objective: "ford"}, false},
		{"objective-lost", &Trigger{Kind: "objective-lost", Side: "red", Objective: "ford"}, true},
		{"hold unknown objective", &Trigger{Kind: "hold-objective", Side: "red", Objective: "moon"}, false},
		{"in-zone 3 red", &Trigger{Kind: "in-zone", Side: "red", Zone: "north", Count: 3}, true},
		// b2 stands in the zone but is not present.
		{"in-zone blue", &Trigger{Kind: "in-zone", Side: "blue", Zone: "north"}, false},
		{"vp", &Trigger{Kind: "vp", Side: "red", Count: 5}, true},
		{"vp short", &Trigger{Kind: "vp", Side: "blue", Count: 4}, false},
		{"vp-lead", &Trigger{Kind: "vp-lead", Side: "red"}, true},
		{"vp-lead behind", &Trigger{Kind: "vp-lead", Side: "blue"}, false},
		// r1 and b1: 10 cm between centres, 8 cm edge to edge.
		{"enemy-within 8", &Trigger{Kind: "enemy-within", Unit: "r1", Distance: 8}, true},
		{"enemy-within 7", &Trigger{Kind: "enemy-within", Unit: "r1", Distance: 7}, false},
		// b2 is 1 cm from r2's edge but not present; b1 is far.
		{"enemy-within, enemy not present", &Trigger{Kind: "enemy-within", Unit: "r-squad", Distance: 5}, false},
		{"damaged 40", &Trigger{Kind: "damaged", Unit: "r-squad", Percent: 40}, true},
		{"damaged 50", &Trigger{Kind: "damaged", Unit: "r-squad", Percent: 50}, false},
		{"all", &Trigger{Kind: "all", Parts: []*Trigger{{Kind: "start"}, {Kind: "vp-lead", Side: "red"}}}, true},
		{"all, one fails", &Trigger{Kind: "all", Parts: []*Trigger{{Kind: "start"}, {Kind: "vp-lead", Side: "blue"}}}, false},
		{"all of none", &Trigger{Kind: "all"}, false},
		{"any", &Trigger{Kind: "any", Parts: []*Trigger{{Kind: "turn", Turn: 9}, {Kind: "unit-destroyed", Unit: "b3"}}}, true},
		{"any of none", &Trigger{Kind: "any"}, false},
		{"not", &Trigger{Kind: "not", Parts: []*Trigger{{Kind: "turn", Turn: 9}}}, true},
		{"not of two", &Trigger{Kind: "not", Parts: []*Trigger{{Kind: "start"}, {Kind: "start"}}}, false},
	}
	for _, c := range cases {
		if got := EvalTrigger(s, c.t, g); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// TestEvalTriggerFollowsTheState: the same triggers change with the
// state and the system's facts (end of turn, time, a formation broken,
// units destroyed or come on, a base the system cannot give).
func TestEvalTriggerFollowsTheState(t *testing.T) {
	s, g := toyTriggerState()
	g.ended, g.timeUp = true, true
	if !EvalTrigger(s, &Trigger{Kind: "turn-end", Turn: 2}, g) || !EvalTrigger(s, &Trigger{Kind: "turn-limit"}, g) {
		t.Error("turn-end / turn-limit at the end of the last turn")
	}
	s.Formation("r-squad").Broken = true
	if !EvalTrigger(s, &Trigger{Kind: "broken", Unit: "r-squad"}, g) || !EvalTrigger(s, &Trigger{Kind: "broken", Unit: "r3"}, g) {
		t.Error("broken formation, by its id or a unit's")
	}
	// b1 destroyed: the ford is no longer blue's; b2, still to come on,
	// keeps blue in the game.
	s.Unit("b1").Destroyed = true
	if EvalTrigger(s, &Trigger{Kind: "objective-lost", Side: "red", Objective: "ford"}, g) {
		t.Error("blue holds the ford with a destroyed unit")
	}
	if EvalTrigger(s, &Trigger{Kind: "destroy-all", Side: "blue"}, g) {
		t.Error("blue destroyed with b2 still to come on")
	}
	s.Unit("b2").Markers.Delete("waiting")
	if !EvalTrigger(s, &Trigger{Kind: "enemy-within", Unit: "r-squad", Distance: 5}, g) {
		t.Error("b2 come on 1 cm from r2's edge")
	}
	g.unknownBaseUnit = "b2"
	if EvalTrigger(s, &Trigger{Kind: "enemy-within", Unit: "r-squad", Distance: 5}, g) {
		t.Error("a unit without a base measured")
	}
	s.Unit("b2").OffTable = true
	if !EvalTrigger(s, &Trigger{Kind: "destroy-all", Side: "blue"}, g) || !EvalTrigger(s, &Trigger{Kind: "units-lost", Side: "blue", Count: 3}, g) {
		t.Error("blue destroyed or gone")
	}
}

// TestVictoryRuleOutcomeKind: a rule's result, else victory for a side
// and a draw for none.
func TestVictoryRuleOutcomeKind(t *testing.T) {
	for _, c := range []struct {
		vr   VictoryRule
		want string
	}{
		{VictoryRule{Side: "red"}, "victory"},
		{VictoryRule{}, "draw"},
		{VictoryRule{Side: "red", Result: "Major Victory"}, "Major Victory"},
	} {
		if got := c.vr.OutcomeKind(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.vr, got, c.want)
		}
	}
}
