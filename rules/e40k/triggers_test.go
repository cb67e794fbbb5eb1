package e40k

import (
	"testing"

	"github.com/auspex/auspex/world"
)

// TestEnemyWithinAndDamagedTriggers: the scenario triggers scripted
// opponents switch tasks on (docs/scenarios.md) hold in E40K battles as
// they do in ATII: enemy-within measures edge to edge from the unit or any
// unit of the detachment; damaged measures a detachment by the share of
// its stands lost, a war engine by the share of its damage capacity lost
// (E40K-WE), a destroyed unit as 100 %.
func TestEnemyWithinAndDamagedTriggers(t *testing.T) {
	r := testRuleset(t)
	s := smallBattle(1, nil)
	holds := func(tr Trigger) bool {
		t.Helper()
		ok, err := r.TriggerHolds(s, &tr)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	near := Trigger{Kind: "enemy-within", Unit: "marines", Distance: 10}
	if holds(near) {
		t.Error("the boyz stand 75 cm away: no enemy within 10 cm")
	}
	s.Unit("b6").Pos = world.Vec{X: 40, Y: 31} // 11 cm centre to centre from m5, bases of 1 cm radius: 9 cm
	if !holds(near) {
		t.Error("b6 stands 9 cm from m5: an enemy within 10 cm of the detachment")
	}
	if holds(Trigger{Kind: "enemy-within", Unit: "m1", Distance: 10}) {
		t.Error("m1 is 22 cm from b6")
	}
	s.Unit("b6").Destroyed = true
	if holds(near) {
		t.Error("a destroyed enemy is no threat")
	}

	half := Trigger{Kind: "damaged", Unit: "marines", Percent: 40}
	if holds(half) {
		t.Error("no marine lost yet")
	}
	s.Unit("m4").Destroyed, s.Unit("m5").OffTable = true, true
	if !holds(half) || holds(Trigger{Kind: "damaged", Unit: "marines", Percent: 50}) {
		t.Error("2 of 5 stands lost is 40 %, not 50 %")
	}
	if !holds(Trigger{Kind: "damaged", Unit: "m4", Percent: 100}) || holds(Trigger{Kind: "damaged", Unit: "m1", Percent: 1}) {
		t.Error("a destroyed stand has lost all its worth, a whole one none")
	}
	s.Unit("garg").Markers.Set(MarkDamage, 2) // DC 4
	if !holds(Trigger{Kind: "damaged", Unit: "garg", Percent: 50}) || holds(Trigger{Kind: "damaged", Unit: "garg", Percent: 75}) {
		t.Error("a war engine with 2 of 4 DC lost is damaged 50 %, not 75 %")
	}
}
