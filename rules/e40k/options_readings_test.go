package e40k

import (
	"testing"

	"github.com/auspex/auspex/world"
)

// Orders (digest section 2, "Overwatch (no or 5 cm move ...)"): by
// default a detachment on overwatch does not move; under
// e40k/overwatch-move it may move 5 cm and keeps its overwatch orders.
func TestOverwatchMoveOptionE40KORD1(t *testing.T) {
	inf := Profile{Speed: 10}
	if got := (Options{}).Allowance(&inf, OrderOverwatch, false); got != 0 {
		t.Errorf("default overwatch allowance %v, want 0", got)
	}
	on := Options{ReadingOptions: ReadingOptions{OverwatchMove: true}}
	if got := on.Allowance(&inf, OrderOverwatch, false); got != OverwatchMove {
		t.Errorf("overwatch-move allowance %v, want %v", got, OverwatchMove)
	}
	if got := on.Allowance(&inf, OrderAssault, false); got != 10 {
		t.Errorf("overwatch-move changed assault orders: %v", got)
	}
	r := testRuleset(t)
	for _, c := range []struct {
		opts map[string]string
		ok   bool
	}{{nil, false}, {map[string]string{OptOverwatchMove: "on"}, true}} {
		s := atStep(smallBattle(1, c.opts), StepMovement, KindMove, "imperium", "marines")
		setOrders(s, "marines", OrderOverwatch)
		cmd := &MoveCmd{r: r, By: "imperium", Detachment: "marines", Moves: []UnitMove{{Unit: "m2", To: world.Vec{X: 25, Y: 24}}}}
		if err := cmd.Validate(s); (err == nil) != c.ok {
			t.Errorf("options %v: a 4 cm move on overwatch: %v, want allowed=%v", c.opts, err, c.ok)
		}
		far := &MoveCmd{r: r, By: "imperium", Detachment: "marines", Moves: []UnitMove{{Unit: "m2", To: world.Vec{X: 25, Y: 27}}}}
		if err := far.Validate(s); err == nil {
			t.Errorf("options %v: a 7 cm move on overwatch allowed", c.opts)
		}
	}
}

// Army morale (docs/rules/e40k.md, not in the digest): by default an army
// that has lost half its units fails; under e40k/army-morale-over-half
// only more than half.
func TestArmyMoraleOverHalfOptionE40K(t *testing.T) {
	on := Options{ReadingOptions: ReadingOptions{ArmyMoraleOverHalf: true}}
	for _, c := range []struct {
		start, left int
		o           Options
		want        bool
	}{
		{10, 5, Options{}, true}, {10, 5, on, false}, {10, 4, on, true},
		{9, 5, Options{}, false}, {9, 4, Options{}, true}, {9, 4, on, true}, {0, 0, on, false},
	} {
		if got := c.o.ArmyMoraleFails(c.start, c.left); got != c.want {
			t.Errorf("start %d left %d over-half=%v: %v, want %v", c.start, c.left, c.o.ArmyMoraleOverHalf, got, c.want)
		}
	}
}
