package atii_test

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
)

// TestGameMOV1DestroyedLeaveOrder: ATII-MOV-1, ATII-SHT-1. A titan shot
// down before its activation in the shooting phase leaves the activation
// order: it is no longer in the pending decision, Legal offers nothing for
// it, and every choice Legal offers is accepted. Before the fix the dead
// titan stayed in the order, Legal offered "holds its fire" for it and
// Validate refused it (the game froze when it was the side's last).
func TestGameMOV1DestroyedLeaveOrder(t *testing.T) {
	g := newGame(t, scenarioText(
		[]string{"{id: r1, type: warlord, position: {x: 60, y: 40}, facing: 180}"},
		[]string{
			"{id: bw1, type: warhound, position: {x: 60, y: 62}, facing: 0}",
			"{id: bw2, type: warhound, position: {x: 100, y: 110}, facing: 0}",
		}, ""), 3)
	holdUntil(t, g, atii.StepShooting)
	for s := g.State(); s.Pending.Side == "blue"; s = g.State() {
		if !hasUnit(s.Pending.Units, "bw2") {
			t.Fatalf("blue would have to act with bw1 first: %+v", s.Pending)
		}
		if _, err := g.Submit(g.Ruleset.(*atii.Ruleset).Hold("blue", "bw2")); err != nil {
			t.Fatal(err)
		}
	}
	s := g.State()
	var fire rules.Command
	for _, c := range g.Engine.Legal("red") {
		if c.Name == atii.CmdFire {
			fire = c.Cmd
		}
	}
	if fire == nil {
		t.Fatalf("red has no shot: %+v", g.Engine.Legal("red"))
	}
	// Look for dice that destroy bw1 with this volley.
	for seed := uint64(1); seed < 3000; seed++ {
		n, _, err := g.Engine.Preview(s, fire, rules.NewSeededDice(seed, 1))
		if err != nil {
			t.Fatal(err)
		}
		if !n.Unit("bw1").Destroyed || n.Over {
			continue
		}
		if n.Step == atii.StepShooting && n.Pending != nil && hasUnit(n.Pending.Units, "bw1") {
			t.Errorf("destroyed bw1 still waits to fire: %+v", n.Pending)
		}
		side := ""
		if n.Pending != nil {
			side = n.Pending.Side
		}
		for _, c := range g.Ruleset.Legal(n, side) {
			if hasUnit(c.Units[:1], "bw1") {
				t.Errorf("Legal offers %q for a destroyed titan", c.Text)
			}
			if c.Continuous == "" {
				if err := g.Ruleset.(*atii.Ruleset).Bind(c.Cmd).Validate(n); err != nil {
					t.Errorf("Legal offers %q, Validate refuses it: %v", c.Text, err)
				}
			}
		}
		return
	}
	t.Fatal("no seed destroyed bw1 in one volley")
}

// TestGameCC1OneMelee: ATII-CC-1. A Reaver in base contact with two enemy
// Warhounds fights one melee: its improvised attacks are rolled and
// strike once for the turn, not once per enemy.
func TestGameCC1OneMelee(t *testing.T) {
	g := newGame(t, scenarioText(
		[]string{"{id: r1, type: reaver, position: {x: 60, y: 60}, facing: 180}"},
		[]string{
			"{id: b1, type: warhound, position: {x: 60, y: 64.5}, facing: 0}",
			"{id: b2, type: warhound, position: {x: 60, y: 55.5}, facing: 180}",
		}, ""), 7)
	start := len(g.State().Log)
	holdWhile(t, g, func(s *rules.State) bool { return s.Turn == 1 })
	s := g.State()
	melee, strikes := 0, 0
	for _, ev := range s.Log[start:] {
		if ev.Turn != 1 {
			continue
		}
		if ev.Text == "close combat (one melee): b1, b2, r1" {
			melee++
		}
		if strings.HasPrefix(ev.Text, "r1 strikes") {
			strikes++
		}
		if strings.HasPrefix(ev.Text, "close combat: ") {
			t.Errorf("the fight was split into pairs: %q", ev.Text)
		}
	}
	if melee != 1 {
		t.Errorf("want one melee of the three titans in turn 1, got %d", melee)
	}
	if strikes != 1 {
		t.Errorf("r1 has only improvised attacks: they strike once in the melee, got %d strikes", strikes)
	}
}
