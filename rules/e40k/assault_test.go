package e40k

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

// REM-WE-2: war engines support close combat with half their DC.
func TestCombatSupportREMWE2(t *testing.T) {
	r := testRuleset(t)
	for _, c := range []struct {
		opts map[string]string
		want int
	}{{nil, 3 + 1 + 1}, {map[string]string{OptWESupport: "on"}, 3 + 1 + 2}} {
		s := smallBattle(1, c.opts)
		o, _ := r.options(s)
		// gb1 fights m1 in contact; gb2 (10 cm away) and the gargant
		// (8 cm away) support.
		s.Unit("m1").Pos = world.Vec{X: 62, Y: 98}
		me, err := r.placedOf(s, "gargant")
		if err != nil {
			t.Fatal(err)
		}
		them, _ := r.placedOf(s, "marines")
		cs, fighters := r.combatSide(s, CloseCombat, me, them, s.Formation("gargant"), o)
		if len(fighters) != 1 || cs.Value != c.want {
			t.Errorf("options %v: value %d with %d fighters, want %d", c.opts, cs.Value, len(fighters), c.want)
		}
	}
}

// E40K-BRK-1: the loser of a close combat breaks, takes blast markers
// equal to the difference and retreats; units ending within 15 cm of the
// enemy are destroyed.
func TestCombatBreaksLoserE40KBRK1(t *testing.T) {
	r := testRuleset(t)
	s := smallBattle(1, nil)
	s.Unit("b1").Pos = world.Vec{X: 20, Y: 22} // in contact with m1
	// Orks: b1 alone (assault 3). Marines: m1 (4) plus m2-m4 within
	// 15 cm supporting (+1 each) = 7, at least twice the orks: +2.
	// Ork roll 6, marine roll 1: 6 against 3, orks win by 3 (Driven
	// Off): orks hit on 3+, marines on 5+. Hit dice: b1 rolls 3, m1 1.
	tray := rules.Scripted(6, 1, 3, 1)
	if _, err := r.combat(s, tray, CloseCombat, "boyz", "marines"); err != nil {
		t.Fatal(err)
	}
	m := s.Formation("marines")
	if !m.Broken || blast(m) != 3 {
		t.Fatalf("marines broken=%v markers=%d", m.Broken, blast(m))
	}
	if !s.Unit("m1").Destroyed {
		t.Error("m1 survived a 3+ hit")
	}
	for _, id := range []string{"m2", "m3", "m4", "m5"} {
		u := s.Unit(id)
		if u.Destroyed {
			continue
		}
		if u.Pos.Y > 20-world.Eps {
			t.Errorf("%s did not retreat (at %v)", id, u.Pos)
		}
	}
}

// REM-ASM-1: war engines that stay still start no combat.
func TestStillWarEnginesREMASM1(t *testing.T) {
	r := testRuleset(t)
	for _, c := range []struct {
		opts   map[string]string
		fights bool
	}{{nil, true}, {map[string]string{OptAssaultMove: "on"}, false}} {
		s := smallBattle(1, c.opts)
		for _, id := range []string{"gb1", "gb2"} {
			s.Unit(id).Destroyed = true
		}
		s.Unit("m1").Pos = world.Vec{X: 70, Y: 96} // touching the gargant
		evs, err := r.fightFor(s, rules.Scripted(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2), "gargant")
		if err != nil {
			t.Fatal(err)
		}
		fought := false
		for _, ev := range evs {
			if strings.Contains(ev.Text, "close combat: gargant") {
				fought = true
			}
		}
		if fought != c.fights {
			t.Errorf("options %v: fought=%v, want %v (%v)", c.opts, fought, c.fights, evs)
		}
	}
}

// The rally phase in seed 001's order: blast markers off (D6-1), rally
// tests for broken detachments, war engine repairs (4+ each), then the
// end of the turn.
func TestRallyPhaseOrderE40K(t *testing.T) {
	r := testRuleset(t)
	s := smallBattle(1, nil)
	s.Step = StepRally
	_ = putProgress(s, Progress{Start: [2]int{8, 9}})
	m := s.Formation("marines")
	m.Broken, m.Orders = true, OrderBroken
	m.Markers.Set(MarkBlast, 3)
	g := s.Unit("garg")
	g.Markers.Set(MarkDamage, 2)
	tray := rules.Scripted(3, 5, 4, 2) // remove 2 markers; rally 5 > 1; repairs 4 (fixed), 2
	if _, err := r.beginRally(s, tray); err != nil {
		t.Fatal(err)
	}
	auto := func() {
		for i := 0; i < 20; i++ {
			_, did, err := r.autoRally(s, tray)
			if err != nil {
				t.Fatal(err)
			}
			if !did {
				return
			}
		}
		t.Fatal("autoRally never settles")
	}
	auto()
	if blast(m) != 1 || s.Pending == nil || s.Pending.Kind != KindRally {
		t.Fatalf("after markers: %d markers, pending %+v", blast(m), s.Pending)
	}
	if g.Markers.Value(MarkDamage) != 2 {
		t.Fatal("repairs came before the rally tests")
	}
	if _, err := (&RallyCmd{r: r, By: "imperium", Detachment: "marines"}).Apply(s, tray); err != nil {
		t.Fatal(err)
	}
	if m.Broken {
		t.Fatal("marines did not rally on a 5 with 1 marker")
	}
	auto()
	if g.Markers.Value(MarkDamage) != 1 {
		t.Errorf("gargant damage %d after repairs 4 and 2, want 1", g.Markers.Value(MarkDamage))
	}
	prog, _ := r.progress(s)
	if prog.Stage != stageDone || !r.noPending(s) {
		t.Errorf("rally did not finish: stage %q", prog.Stage)
	}
	if tray.Used() != 4 {
		t.Errorf("used %d dice, want 4", tray.Used())
	}
}

// E40K-CMD-1: separated units that lose a combat are destroyed without
// breaking the detachment; when the main body loses, separated units that
// did not fight stay where they are.
func TestSeparatedUnitsE40KCMD1(t *testing.T) {
	r := testRuleset(t)
	s := smallBattle(1, nil)
	// m5 wanders off and is caught by b1; the rest of the marines are far.
	s.Unit("m5").Pos = world.Vec{X: 80, Y: 60}
	s.Unit("b1").Pos = world.Vec{X: 80, Y: 62}
	if _, err := r.commandCheck(s); err != nil {
		t.Fatal(err)
	}
	if s.Unit("m5").Markers.Value(MarkOutOfCommand) == 0 {
		t.Fatal("m5 should be out of command")
	}
	// Orks 6 vs marines 1: the orks win; hit dice miss.
	if _, err := r.combat(s, rules.Scripted(6, 1, 1, 1), CloseCombat, "boyz", "marines"); err != nil {
		t.Fatal(err)
	}
	m := s.Formation("marines")
	if !s.Unit("m5").Destroyed || m.Broken || blast(m) != 0 {
		t.Errorf("m5 destroyed=%v, marines broken=%v markers=%d", s.Unit("m5").Destroyed, m.Broken, blast(m))
	}
	// Main body loses: a separated unit that did not fight stays put.
	s = smallBattle(1, nil)
	s.Unit("m5").Pos = world.Vec{X: 100, Y: 20}
	s.Unit("b1").Pos = world.Vec{X: 20, Y: 22}
	if _, err := r.commandCheck(s); err != nil {
		t.Fatal(err)
	}
	if _, err := r.combat(s, rules.Scripted(6, 1, 1, 1), CloseCombat, "boyz", "marines"); err != nil {
		t.Fatal(err)
	}
	if !s.Formation("marines").Broken || s.Unit("m5").Pos != (world.Vec{X: 100, Y: 20}) || s.Unit("m5").Destroyed {
		t.Errorf("main body broken=%v, m5 at %v destroyed=%v", s.Formation("marines").Broken, s.Unit("m5").Pos, s.Unit("m5").Destroyed)
	}
}
