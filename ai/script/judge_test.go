package script

import (
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/world"
)

// judgedWalkers is the walkers toy ruleset with triggers: the shared
// evaluator over walkers' facts (round bases of 1 cm, every unit on the
// table present, no objectives or zones, no points).
type judgedWalkers struct{ walkers }

func (judgedWalkers) TriggerHolds(s *rules.State, t *rules.Trigger) (bool, error) {
	return rules.EvalTrigger(s, t, walkerFacts{}), nil
}

type walkerFacts struct{}

func (walkerFacts) Present(u *rules.Unit) bool { return !u.Destroyed && !u.OffTable }
func (walkerFacts) Fielded(u *rules.Unit) bool { return !u.Destroyed && !u.OffTable }
func (walkerFacts) Lost(u *rules.Unit) bool    { return u.Destroyed || u.OffTable }
func (walkerFacts) Base(u *rules.Unit) (world.Base, bool) {
	return world.Base{ID: u.ID, Pos: u.Pos, Foot: world.Footprint{Shape: world.Circle, Radius: 1}}, true
}
func (walkerFacts) Objective(string) (world.Vec, bool)  { return world.Vec{}, false }
func (walkerFacts) Holding(*rules.Unit, world.Vec) bool { return false }
func (walkerFacts) InZone(string, world.Vec) bool       { return false }
func (walkerFacts) TurnEnded() bool                     { return false }
func (walkerFacts) TimeUp() bool                        { return false }
func (walkerFacts) VP(string) int                       { return 0 }
func (walkerFacts) Damaged(id string, pct int) bool     { return false }

// TestJudgeOf: a ruleset with TriggerHolds judges the scenario's
// triggers, converted whole (kinds, arguments, nested parts); one without
// is an error, not a judge that never fires.
func TestJudgeOf(t *testing.T) {
	if _, err := JudgeOf(walkers{}); err == nil {
		t.Error("a ruleset without triggers got a judge")
	}
	j, err := JudgeOf(judgedWalkers{})
	if err != nil {
		t.Fatal(err)
	}
	s := &rules.State{Turn: 2, Sides: []rules.Side{{ID: "red"}, {ID: "blue"}}, Units: []rules.Unit{
		{ID: "r1", Side: "red", Formation: "r", Pos: world.Vec{X: 0, Y: 0}},
		{ID: "b1", Side: "blue", Pos: world.Vec{X: 0, Y: 12}},
	}}
	// Turn 2 reached and no enemy within 9 cm of formation r (b1 stands
	// 10 cm from r1's edge).
	tr := &scenarios.Trigger{Kind: "all", Parts: []*scenarios.Trigger{
		{Kind: "turn", Turn: 2},
		{Kind: "not", Parts: []*scenarios.Trigger{{Kind: "enemy-within", Unit: "r", Distance: 9}}},
	}}
	if ok, err := j.Holds(s, tr); err != nil || !ok {
		t.Errorf("turn 2, b1 10 cm off: %v %v", ok, err)
	}
	tr.Parts[1].Parts[0].Distance = 10
	if ok, _ := j.Holds(s, tr); ok {
		t.Error("b1 within 10 cm not seen")
	}
	if ok, _ := j.Holds(s, nil); ok {
		t.Error("a nil trigger holds")
	}
}
