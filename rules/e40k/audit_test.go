package e40k

import (
	"reflect"
	"strings"
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

// Tests added by the issue 11 audit (docs/rules/e40k-status.md): rules
// that were implemented but had no test of their own.

// E40K-INI-1: the counters go back into the cup at the end of every turn:
// each turn draws four counters (movement, shooting, the second shooting
// initiative before the war engines, assault) and its first draw is from
// the full cup of 3 counters for the higher rating and 2 for the lower.
func TestCountersBackEachTurnE40KINI1(t *testing.T) {
	e := playRandom(t, 3, map[string]string{OptNoArmyMorale: "on"})
	first := map[int]string{}
	draws := map[int]int{}
	for _, ev := range e.State().Log {
		if ev.Kind != rules.EvRoll || ev.Roll == nil || !strings.HasPrefix(ev.Roll.Purpose, "initiative counter") {
			continue
		}
		if draws[ev.Turn] == 0 {
			first[ev.Turn] = ev.Roll.Purpose
			if ev.Roll.Sides != HigherCounters+LowerCounters {
				t.Errorf("turn %d: first draw from a cup of %d counters, want %d", ev.Turn, ev.Roll.Sides, HigherCounters+LowerCounters)
			}
		}
		draws[ev.Turn]++
	}
	if len(draws) < 2 {
		t.Fatalf("the game drew counters in %d turn(s); the test needs two or more", len(draws))
	}
	for turn, n := range draws {
		if n != 4 {
			t.Errorf("turn %d drew %d counters, want 4", turn, n)
		}
		// smallBattle rates the Imperium 2 and the Orks 1.
		if !strings.Contains(first[turn], "imperium 3, orks 2") {
			t.Errorf("turn %d's first draw: %q, want the full cup (imperium 3, orks 2)", turn, first[turn])
		}
	}
}

// Terrain effects table (digest section 2, terrain): a building is
// impassable to vehicles and war engines, not to infantry.
func TestImpassableTerrainByClassE40K(t *testing.T) {
	r := testRuleset(t) // the building "block" spans x 80..90, y 55..65
	s := atStep(smallBattle(1, nil), StepMovement, KindMove, "imperium", "marines", "armour")
	setOrders(s, "marines", OrderAssault)
	setOrders(s, "armour", OrderAssault)
	s.Unit("m1").Pos = world.Vec{X: 85, Y: 50}
	inf := &MoveCmd{r: r, By: "imperium", Detachment: "marines", Moves: []UnitMove{{Unit: "m1", To: world.Vec{X: 85, Y: 58}}}}
	if err := inf.Validate(s); err != nil {
		t.Errorf("infantry into the building refused: %v", err)
	}
	s.Unit("lr1").Pos = world.Vec{X: 82, Y: 45} // beside m1, clear of it
	veh := &MoveCmd{r: r, By: "imperium", Detachment: "armour", Moves: []UnitMove{{Unit: "lr1", To: world.Vec{X: 82, Y: 60}}}}
	if err := veh.Validate(s); err == nil || !strings.Contains(err.Error(), "impassable") {
		t.Errorf("a vehicle into the building: %v, want an impassable refusal", err)
	}
	s = atStep(smallBattle(1, nil), StepMovement, KindMove, "orks", "gargant")
	setOrders(s, "gargant", OrderAssault)
	s.Unit("garg").Pos = world.Vec{X: 85, Y: 50}
	we := &MoveCmd{r: r, By: "orks", Detachment: "gargant", Moves: []UnitMove{{Unit: "garg", To: world.Vec{X: 85, Y: 58}}}}
	if err := we.Validate(s); err == nil || !strings.Contains(err.Error(), "impassable") {
		t.Errorf("a war engine into the building: %v, want an impassable refusal", err)
	}
}

// Each Epic Remastered rule is a named toggle (REM-WE-1, REM-WE-2,
// REM-WE-3, REM-RES-1 and its Land Raider trial, REM-MIX-1 and its
// reverse order, REM-CC-1, REM-AT-1, REM-MOV-1, REM-ASM-1): the id turns
// on the field the resolution functions and the game read, and nothing
// else (the reverse order implies mixed fire), and it is off by default.
func TestRemasteredTogglesREM(t *testing.T) {
	for _, c := range []struct {
		id   string
		want Options
	}{
		{OptWEAllocation, Options{WEAllocation: true}},
		{OptWESupport, Options{WESupport: true}},
		{OptWESuppression, Options{WESuppression: true}},
		{OptResilient, Options{Resilient: true}},
		{OptLandRaiderTrial, Options{LandRaiderTrial: true}},
		{OptMixedFire, Options{MixedFire: true}},
		{OptMixedFireReverse, Options{MixedFire: true, MixedFireReverse: true}},
		{OptCC2D6, Options{CC2D6: true}},
		{OptATFixed, Options{ATFixed: true}},
		{OptMoveThrough, Options{MoveThrough: true}},
		{OptAssaultMove, Options{AssaultMove: true}},
	} {
		if !strings.HasPrefix(c.id, "remastered/") {
			t.Errorf("%s is not named as a Remastered option", c.id)
		}
		got, err := ParseOptions(map[string]string{c.id: "on"})
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s on: %+v %v, want %+v", c.id, got, err, c.want)
		}
		if got, err := ParseOptions(map[string]string{c.id: "off"}); err != nil || !reflect.DeepEqual(got, Options{}) {
			t.Errorf("%s off: %+v %v", c.id, got, err)
		}
	}
}

// E40K-BRK-1: a broken detachment fights close combats at half its
// assault value (supports included); E40K-CC-6: a marching detachment
// firefights at half its firepower. Halving rounds down (Q&A 8.3).
func TestBrokenAndMarchingHalvedInCombatE40KBRK1(t *testing.T) {
	r := testRuleset(t)
	value := func(kind string, broken bool, orders string) int {
		s := smallBattle(1, nil)
		s.Unit("b1").Pos = world.Vec{X: 20, Y: 22} // in contact with m1
		if kind == Firefight {
			s.Unit("b1").Pos = world.Vec{X: 20, Y: 32} // 10 cm from m1, 15+ from m5
		}
		f := s.Formation("marines")
		f.Broken, f.Orders = broken, orders
		o, err := r.options(s)
		if err != nil {
			t.Fatal(err)
		}
		pm, err := r.placedOf(s, "marines")
		if err != nil {
			t.Fatal(err)
		}
		pb, err := r.placedOf(s, "boyz")
		if err != nil {
			t.Fatal(err)
		}
		cs, _ := r.combatSide(s, kind, pm, pb, f, o)
		return cs.Value
	}
	// Close combat: m1 in contact (assault 4) and m2-m4 within 15 cm
	// supporting (+1 each; m5 is 18 cm away): 7, broken 3.
	if v := value(CloseCombat, false, OrderAssault); v != 7 {
		t.Errorf("close combat value %d, want 7", v)
	}
	if v := value(CloseCombat, true, OrderBroken); v != 3 {
		t.Errorf("broken close combat value %d, want 3", v)
	}
	// Firefight: firepower 1 of each marine within 15 cm of b1 (bases
	// edge to edge: m1-m3 10, 11, 12.4 cm; m4, m5 beyond): 3, marching
	// or broken 1.
	if v := value(Firefight, false, OrderAssault); v != 3 {
		t.Errorf("firefight value %d, want 3", v)
	}
	if v := value(Firefight, false, OrderMarch); v != 1 {
		t.Errorf("marching firefight value %d, want 1", v)
	}
	if v := value(Firefight, true, OrderBroken); v != 1 {
		t.Errorf("broken firefight value %d, want 1", v)
	}
}

// War engine repairs in the rally phase (digest section 2, rally step):
// a D6 per point of damage and per shield down, each 4+ repairs one,
// damage first; the shields come back up.
func TestWarEngineShieldRepairsE40K(t *testing.T) {
	r := testRuleset(t)
	s := smallBattle(1, nil)
	s.Step = StepRally
	if err := putProgress(s, Progress{Start: [2]int{8, 9}, Stage: stageRepairs}); err != nil {
		t.Fatal(err)
	}
	g := s.Unit("garg") // DC 4, 2 shields
	g.Markers.Set(MarkDamage, 1)
	g.Markers.Set(MarkShieldsDown, 2)
	g.Shields = 0
	tray := rules.Scripted(4, 5, 1) // two repairs: the damage, then one shield
	for i := 0; i < 20; i++ {
		_, did, err := r.autoRally(s, tray)
		if err != nil {
			t.Fatal(err)
		}
		if !did {
			break
		}
	}
	if tray.Used() != 3 {
		t.Errorf("rolled %d repair dice, want 3 (1 damage + 2 shields down)", tray.Used())
	}
	if g.Markers.Value(MarkDamage) != 0 || g.Markers.Value(MarkShieldsDown) != 1 || g.Shields != 1 {
		t.Errorf("after repairs 4, 5, 1: damage %d, shields down %d, shields %d; want 0, 1, 1",
			g.Markers.Value(MarkDamage), g.Markers.Value(MarkShieldsDown), g.Shields)
	}
}

// Orders and shooting (digest section 2, orders): a detachment on assault
// orders shoots at half firepower, rounded down (Q&A 8.3); on overwatch at
// full firepower; on march orders it may not shoot at all.
func TestOrdersAndFirepowerE40K(t *testing.T) {
	r := testRuleset(t)
	fp := func(order string) (int, bool) {
		s := atStep(smallBattle(1, nil), StepShooting, KindFire, "imperium", "marines")
		setOrders(s, "marines", order)
		for i := 1; i <= 6; i++ {
			s.Unit("b" + string(rune('0'+i))).Pos.Y = 40 // 20 cm from the marines
		}
		can := r.canShoot(s, s.Formation("marines"), false)
		plan, err := r.Plan(s, "marines", "boyz")
		if err != nil {
			return -1, can
		}
		return plan.Firepower, can
	}
	if got, can := fp(OrderOverwatch); got != 5 || !can {
		t.Errorf("overwatch: firepower %d (may shoot %v), want 5 marines' 5", got, can)
	}
	if got, can := fp(OrderAssault); got != 2 || !can {
		t.Errorf("assault orders: firepower %d (may shoot %v), want half of 5 = 2", got, can)
	}
	if _, can := fp(OrderMarch); can {
		t.Error("a marching detachment may shoot")
	}
}
