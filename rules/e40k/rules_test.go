package e40k

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

// atStep puts a hand-built battle at a step with a pending decision.
func atStep(s *rules.State, step, kind, side string, units ...string) *rules.State {
	s.Step = step
	s.Pending = &rules.Decision{Side: side, Kind: kind, Units: units}
	_ = putProgress(s, Progress{Init: -1, First: 0})
	return s
}

func setOrders(s *rules.State, f, order string) { s.Formation(f).Orders = order }

// E40K-CMD-1: a unit more than 30 cm from its HQ is out of command and
// may not move; the others may.
func TestOutOfCommandCannotMoveE40KCMD1(t *testing.T) {
	r := testRuleset(t)
	s := atStep(smallBattle(1, nil), StepMovement, KindMove, "imperium", "marines")
	setOrders(s, "marines", OrderAssault)
	s.Unit("m5").Pos = world.Vec{X: 60, Y: 40} // 40+ cm from m1 at (20, 20)
	if _, err := r.commandCheck(s); err != nil {
		t.Fatal(err)
	}
	if s.Unit("m5").Markers.Value(MarkOutOfCommand) != 1 || s.Unit("m2").Markers.Value(MarkOutOfCommand) != 0 {
		t.Fatal("command check did not mark m5 alone")
	}
	bad := &MoveCmd{r: r, By: "imperium", Detachment: "marines", Moves: []UnitMove{{Unit: "m5", To: world.Vec{X: 60, Y: 35}}}}
	if err := bad.Validate(s); err == nil || !strings.Contains(err.Error(), "out of command") {
		t.Errorf("out-of-command move: %v", err)
	}
	ok := &MoveCmd{r: r, By: "imperium", Detachment: "marines", Moves: []UnitMove{{Unit: "m2", To: world.Vec{X: 25, Y: 28}}}}
	if err := ok.Validate(s); err != nil {
		t.Errorf("in-command move refused: %v", err)
	}
	// A destroyed HQ passes command (E40K-CMD-1).
	r.destroy(s, s.Unit("m1"))
	hq := 0
	for _, u := range members(s, "marines") {
		hq += u.Markers.Value(MarkHQ)
	}
	if hq != 1 {
		t.Errorf("%d HQs after the HQ fell", hq)
	}
}

// Orders allowances (digest section 2 "Orders", E40K-ART-1).
func TestAllowanceByOrdersE40K(t *testing.T) {
	inf := Profile{Speed: 10}
	art := Profile{Speed: 20, Specials: []string{SpecialArtillery}}
	cases := []struct {
		p       Profile
		order   string
		assault bool
		want    float64
	}{
		{inf, OrderAssault, false, 10}, {inf, OrderMarch, false, 30}, {inf, OrderOverwatch, false, 0},
		{inf, OrderSpecial, false, 5}, {art, OrderSpecial, false, 0}, {inf, OrderHold, false, 0},
		{inf, OrderAssault, true, 10},
	}
	for _, c := range cases {
		if got := Allowance(&c.p, c.order, c.assault); got != c.want {
			t.Errorf("%s assault=%v: %v, want %v", c.order, c.assault, got, c.want)
		}
	}
}

// E40K-BM-1, E40K-LD-1: a detachment with blast markers tests leadership
// for its orders; failing, it holds.
func TestOrdersLeadershipE40KBM1(t *testing.T) {
	r := testRuleset(t)
	for _, c := range []struct {
		face int
		want string
	}{{2, OrderHold}, {3, OrderAssault}, {6, OrderAssault}} {
		s := atStep(smallBattle(1, nil), StepOrders, KindOrders, "imperium", "marines", "armour")
		s.Formation("marines").Markers.Set(MarkBlast, 2)
		cmd := &OrdersCmd{r: r, By: "imperium", Detachment: "marines", Order: OrderAssault}
		if err := cmd.Validate(s); err != nil {
			t.Fatal(err)
		}
		if _, err := cmd.Apply(s, rules.Scripted(c.face)); err != nil {
			t.Fatal(err)
		}
		if got := s.Formation("marines").Orders; got != c.want {
			t.Errorf("roll %d with 2 markers: orders %q, want %q", c.face, got, c.want)
		}
	}
	s := atStep(smallBattle(1, nil), StepOrders, KindOrders, "imperium", "marines")
	if err := (&OrdersCmd{r: r, By: "imperium", Detachment: "marines", Order: OrderSpecial}).Validate(s); err == nil {
		t.Error("special orders without artillery accepted")
	}
	if err := (&OrdersCmd{r: r, By: "imperium", Detachment: "marines", Order: "charge"}).Validate(s); err == nil {
		t.Error("unknown order accepted")
	}
}

// REM-MOV-1: moving through allied units (not war engines) only with the
// option; never through enemies.
func TestMoveThroughREMMOV1(t *testing.T) {
	r := testRuleset(t)
	through := []UnitMove{{Unit: "m1", To: world.Vec{X: 30, Y: 20}}} // m2 at (25, 20) is in the way
	for _, c := range []struct {
		opts map[string]string
		ok   bool
	}{{nil, false}, {map[string]string{OptMoveThrough: "on"}, true}} {
		s := atStep(smallBattle(1, c.opts), StepMovement, KindMove, "imperium", "marines")
		setOrders(s, "marines", OrderAssault)
		s.Unit("m3").Pos = world.Vec{X: 20, Y: 30}
		err := (&MoveCmd{r: r, By: "imperium", Detachment: "marines", Moves: through}).Validate(s)
		if (err == nil) != c.ok {
			t.Errorf("options %v: through an ally: %v", c.opts, err)
		}
	}
	// Never through an enemy, never through an allied war engine.
	s := atStep(smallBattle(1, map[string]string{OptMoveThrough: "on"}), StepMovement, KindMove, "orks", "boyz")
	setOrders(s, "boyz", OrderMarch)
	s.Unit("m1").Pos = world.Vec{X: 20, Y: 85}
	if err := (&MoveCmd{r: r, By: "orks", Detachment: "boyz", Moves: []UnitMove{{Unit: "b1", To: world.Vec{X: 20, Y: 75}}}}).Validate(s); err == nil {
		t.Error("moved through an enemy")
	}
	s = atStep(smallBattle(1, map[string]string{OptMoveThrough: "on"}), StepMovement, KindMove, "orks", "gargant")
	setOrders(s, "gargant", OrderAssault)
	if err := (&MoveCmd{r: r, By: "orks", Detachment: "gargant", Moves: []UnitMove{{Unit: "gb1", To: world.Vec{X: 76, Y: 100}}}}).Validate(s); err == nil {
		t.Error("moved through an allied war engine")
	}
}

// REM-ASM-1 in the game: an assault move away from the closest enemy is
// refused only with the option.
func TestAssaultMoveInGameREMASM1(t *testing.T) {
	r := testRuleset(t)
	for _, c := range []struct {
		opts map[string]string
		ok   bool
	}{{nil, true}, {map[string]string{OptAssaultMove: "on"}, false}} {
		s := atStep(smallBattle(1, c.opts), StepAssault, KindAssault, "orks", "boyz")
		setOrders(s, "boyz", OrderAssault)
		// b1 at (20, 95) moves sideways 8 cm, heading for no enemy.
		err := (&AssaultCmd{r: r, By: "orks", Detachment: "boyz", Moves: []UnitMove{{Unit: "b1", To: world.Vec{X: 12, Y: 95}}}}).Validate(s)
		if (err == nil) != c.ok {
			t.Errorf("options %v: sideways assault move: %v", c.opts, err)
		}
	}
	// Infantry moving into contact may go twice its Speed.
	s := atStep(smallBattle(1, nil), StepAssault, KindAssault, "orks", "boyz")
	setOrders(s, "boyz", OrderAssault)
	s.Unit("m1").Pos = world.Vec{X: 20, Y: 78}
	if err := (&AssaultCmd{r: r, By: "orks", Detachment: "boyz", Moves: []UnitMove{{Unit: "b1", To: world.Vec{X: 20, Y: 80}}}}).Validate(s); err != nil {
		t.Errorf("15 cm into contact refused: %v", err)
	}
	if err := (&AssaultCmd{r: r, By: "orks", Detachment: "boyz", Moves: []UnitMove{{Unit: "b1", To: world.Vec{X: 20, Y: 83}}}}).Validate(s); err == nil {
		t.Error("12 cm without contact accepted (Speed 10)")
	}
}

// E40K-ART-1: artillery on special orders bombards without line of sight
// and re-rolls no misses; ordinary fire needs sight; broken detachments
// may not fire (E40K-BRK-1).
func TestBombardmentE40KART1(t *testing.T) {
	r := testRuleset(t)
	s := atStep(smallBattle(1, nil), StepMovement, KindBombard, "imperium", "armour")
	setOrders(s, "armour", OrderSpecial)
	// Hide the boyz behind the building (80..90, 55..65) from the
	// whirlwind at (72, 10): put them right behind it.
	for i, id := range []string{"b1", "b2", "b3", "b4", "b5", "b6"} {
		s.Unit(id).Pos = world.Vec{X: 84 + float64(i%2)*3, Y: 70 + float64(i/2)*3}
	}
	plan, err := r.planFire(s, "armour", "boyz", fireBombard)
	if err != nil {
		t.Fatalf("bombardment refused: %v", err)
	}
	if len(plan.Shooters) != 1 || plan.Shooters[0] != "ww" {
		t.Errorf("shooters %v, want the whirlwind alone", plan.Shooters)
	}
	o := Options{}
	tray := rules.Scripted(1, 6) // the barrage shot; then nothing more may be rolled
	if _, err := r.resolveFire(s, tray, plan, o); err != nil {
		t.Fatal(err)
	}
	if tray.Used() != 1 {
		t.Errorf("bombardment rolled %d dice, want 1 (no re-roll of the miss)", tray.Used())
	}
	s.Formation("armour").Broken = true
	if _, err := r.planFire(s, "armour", "boyz", fireBombard); err == nil {
		t.Error("a broken detachment fired")
	}
}

// Overwatch fire re-rolls misses once.
func TestOverwatchRerollE40K(t *testing.T) {
	r := testRuleset(t)
	s := atStep(smallBattle(1, nil), StepMovement, KindOverwatch, "imperium", "marines")
	setOrders(s, "marines", OrderOverwatch)
	for i, id := range []string{"b1", "b2", "b3", "b4", "b5", "b6"} {
		s.Unit(id).Pos = world.Vec{X: 20 + 5*float64(i), Y: 40}
	}
	plan, err := r.planFire(s, "marines", "boyz", fireOverwatch)
	if err != nil {
		t.Fatal(err)
	}
	// Firepower 5 in the open: 3 dice; 1, 2, 5 (one hit vs armour 3),
	// then the two misses again: 4, 1.
	tray := rules.Scripted(1, 2, 5, 4, 1)
	evs, err := r.resolveFire(s, tray, plan, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if tray.Used() != 5 {
		t.Errorf("used %d dice, want 5", tray.Used())
	}
	dead := 0
	for _, id := range []string{"b1", "b2", "b3", "b4", "b5", "b6"} {
		if s.Unit(id).Destroyed {
			dead++
		}
	}
	if dead != 2 || blast(s.Formation("boyz")) != 1 {
		t.Errorf("%d destroyed, %d markers (events %v)", dead, blast(s.Formation("boyz")), evs)
	}
}

// The firer's blast markers reduce its firepower (E40K-BM-1), and a
// marching target is shot on the marching column.
func TestFireSuppressionAndMarchingE40KBM1(t *testing.T) {
	r := testRuleset(t)
	s := atStep(smallBattle(1, nil), StepShooting, KindFire, "imperium", "marines")
	for i, id := range []string{"b1", "b2", "b3", "b4", "b5", "b6"} {
		s.Unit(id).Pos = world.Vec{X: 20 + 5*float64(i), Y: 40}
	}
	s.Formation("boyz").Orders = OrderMarch
	s.Formation("marines").Markers.Set(MarkBlast, 1)
	plan, err := r.planFire(s, "marines", "boyz", fireNormal)
	if err != nil {
		t.Fatal(err)
	}
	if plan.Situation != Marching || plan.Firepower != 5 {
		t.Fatalf("plan %+v", plan)
	}
	// 5 - 1 marker = 4 firepower, marching column: 3 dice.
	tray := rules.Scripted(1, 1, 1)
	if _, err := r.resolveFire(s, tray, plan, Options{}); err != nil {
		t.Fatal(err)
	}
	if tray.Used() != 3 {
		t.Errorf("rolled %d dice, want 3", tray.Used())
	}
	// Firepower 5, no hit: no blast marker.
	if blast(s.Formation("boyz")) != 0 {
		t.Errorf("markers %d", blast(s.Formation("boyz")))
	}
}

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

// REM-RES-1 and the Land Raider trial profile.
func TestLandRaiderTrialREMRES1(t *testing.T) {
	cat := testCatalogue()
	lr := cat.Units["t-land-raider"]
	p, err := FromCatalog(cat, lr, Options{})
	if err != nil || p.DC != 1 || len(p.SuperHeavy) != 1 || p.SuperHeavy[0].FixedTarget != 0 || p.Range != 30 {
		t.Fatalf("default %+v %v", p, err)
	}
	p, _ = FromCatalog(cat, lr, Options{Resilient: true})
	if p.DC != 2 {
		t.Errorf("resilient DC %d", p.DC)
	}
	p, _ = FromCatalog(cat, lr, Options{LandRaiderTrial: true})
	if p.DC != 2 || p.Points != 54 || len(p.SuperHeavy) != 1 || p.SuperHeavy[0].FixedTarget != 4 || !p.Has(SpecialResilient) {
		t.Errorf("trial %+v", p)
	}
	if _, err := FromCatalog(cat, nil, Options{}); err == nil {
		t.Error("nil unit accepted")
	}
	bad := *lr
	bad.DefaultArms = []string{"nope"}
	if _, err := FromCatalog(cat, &bad, Options{}); err == nil {
		t.Error("unknown weapon accepted")
	}
}

// Army morale and the victory conditions.
func TestVictoryE40K(t *testing.T) {
	if !ArmyMoraleFails(9, 4) || ArmyMoraleFails(9, 5) || ArmyMoraleFails(0, 0) {
		t.Error("army morale threshold")
	}
	r := testRuleset(t)
	s := smallBattle(1, nil)
	s.Step = StepRally
	g := Progress{Start: [2]int{8, 9}, Stage: stageDone}
	g.MoraleFailed[1] = true
	_ = putProgress(s, g)
	if out := r.Victory(s); out == nil || out.Winner != "imperium" {
		t.Errorf("morale: %+v", out)
	}
	s.Options = map[string]string{OptNoArmyMorale: "on"}
	if out := r.Victory(s); out != nil {
		t.Errorf("no army morale option: %+v", out)
	}
	for i := range s.Units {
		if s.Units[i].Side == "orks" {
			s.Units[i].Destroyed = true
		}
	}
	if out := r.Victory(s); out == nil || out.Winner != "imperium" {
		t.Errorf("annihilation: %+v", out)
	}
}

// Options: ids, defaults, parsing.
func TestOptionsE40K(t *testing.T) {
	want := []string{OptFPRowsFloor, OptNoArmyMorale, OptWEAllocation, OptWESupport, OptWESuppression, OptResilient, OptLandRaiderTrial,
		OptMixedFire, OptMixedFireReverse, OptCC2D6, OptATFixed, OptMoveThrough, OptAssaultMove}
	got := map[string]bool{}
	for _, o := range RulesOptions() {
		if o.Default != "off" {
			t.Errorf("%s defaults to %s", o.Name, o.Default)
		}
		got[o.Name] = true
	}
	for _, id := range want {
		if !got[id] {
			t.Errorf("option %s missing", id)
		}
	}
	o, err := ParseOptions(map[string]string{OptMixedFireReverse: "on"})
	if err != nil || !o.MixedFire {
		t.Errorf("reverse implies mixed fire: %+v %v", o, err)
	}
	if _, err := ParseOptions(map[string]string{"e40k/nope": "on"}); err == nil {
		t.Error("unknown option accepted")
	}
	if _, err := ParseOptions(map[string]string{OptCC2D6: "maybe"}); err == nil {
		t.Error("bad value accepted")
	}
}

// E40K-CC-2: at most two attacking units in base contact with one enemy
// unit.
func TestTwoAttackersPerUnitE40KCC2(t *testing.T) {
	r := testRuleset(t)
	s := atStep(smallBattle(1, nil), StepAssault, KindAssault, "orks", "boyz")
	setOrders(s, "boyz", OrderAssault)
	s.Unit("m1").Pos = world.Vec{X: 30, Y: 80}
	// b1, b2 touch m1 from the left and right; b3 may not touch it too.
	for id, x := range map[string]float64{"b1": 22, "b2": 38, "b3": 30} {
		s.Unit(id).Pos = world.Vec{X: x, Y: 90}
	}
	moves := []UnitMove{{Unit: "b1", To: world.Vec{X: 28, Y: 80}}, {Unit: "b2", To: world.Vec{X: 32, Y: 80}}}
	if err := (&AssaultCmd{r: r, By: "orks", Detachment: "boyz", Moves: moves}).Validate(s); err != nil {
		t.Fatalf("two attackers refused: %v", err)
	}
	third := append(moves, UnitMove{Unit: "b3", To: world.Vec{X: 30, Y: 82}})
	if err := (&AssaultCmd{r: r, By: "orks", Detachment: "boyz", Moves: third}).Validate(s); err == nil || !strings.Contains(err.Error(), "E40K-CC-2") {
		t.Errorf("third attacker: %v", err)
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

// Terrain armour bonus for infantry (digest section 2, terrain table), as
// data given to NewRulesetWith.
func TestArmourBonusE40K(t *testing.T) {
	r, err := NewRulesetWith(testCatalogue(), testTerrain(), testWorld(t), Tables{ArmourBonus: map[world.Kind]int{world.Woods: 1}})
	if err != nil {
		t.Fatal(err)
	}
	s := atStep(smallBattle(1, nil), StepShooting, KindFire, "imperium", "marines")
	s.Unit("b1").Pos = world.Vec{X: 30, Y: 57} // in the wood (20..40, 50..65)
	s.Unit("b2").Pos = world.Vec{X: 25, Y: 45}
	plan, err := r.planFire(s, "marines", "boyz", fireNormal)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, tg := range plan.Targets {
		got[tg.ID] = tg.Armour
	}
	if got["b1"] != 4 || got["b2"] != 3 {
		t.Errorf("armours %v", got)
	}
	if _, err := NewRulesetWith(nil, nil, nil, Tables{}); err == nil {
		t.Error("no catalogue accepted")
	}
}

// SuggestMoves: a charge brings boyz 12 cm away into base contact (twice
// Speed into contact), at most two on each marine (E40K-CC-2), and the
// result validates, with and without REM-ASM-1.
func TestSuggestChargeE40K(t *testing.T) {
	r := testRuleset(t)
	for _, opts := range []map[string]string{nil, {OptAssaultMove: "on"}} {
		s := atStep(smallBattle(1, opts), StepAssault, KindAssault, "orks", "boyz")
		setOrders(s, "boyz", OrderAssault)
		for i, id := range []string{"b1", "b2", "b3", "b4", "b5", "b6"} {
			s.Unit(id).Pos = world.Vec{X: 20 + 5*float64(i), Y: 34}
		}
		mv := r.SuggestMoves(s, "boyz", true)
		cmd := &AssaultCmd{r: r, By: "orks", Detachment: "boyz", Moves: mv}
		if err := cmd.Validate(s); err != nil {
			t.Fatalf("%v: suggestion does not validate: %v", opts, err)
		}
		if _, err := cmd.Apply(s, rules.Scripted()); err != nil {
			t.Fatal(err)
		}
		touching := 0
		for _, id := range []string{"b1", "b2", "b3", "b4", "b5", "b6"} {
			b := stand(s.Unit(id).Pos.X, s.Unit(id).Pos.Y)
			for _, m := range []string{"m1", "m2", "m3", "m4", "m5"} {
				if world.InContact(b, stand(s.Unit(m).Pos.X, s.Unit(m).Pos.Y)) {
					touching++
					break
				}
			}
		}
		if touching < 5 {
			t.Errorf("%v: %d of 6 boyz reached contact (moves %v)", opts, touching, mv)
		}
	}
}

// Scenario victory conditions with the trigger grammar of
// docs/scenarios.md: an immediate rule, a rule kept for the end, the
// default at the turn limit.
func TestScenarioVictoryE40K(t *testing.T) {
	r := testRuleset(t)
	end := func(s *rules.State, timeUp bool) {
		s.Step = StepRally
		_ = putProgress(s, Progress{Start: [2]int{8, 9}, Stage: stageDone, TimeUp: timeUp})
	}
	s := smallBattle(1, map[string]string{OptNoArmyMorale: "on"})
	var su Setup
	_, _ = s.GetExt(ExtSetup, &su)
	su.Objectives = []Objective{{ID: "relay", Pos: world.Vec{X: 60, Y: 60}}}
	su.Victory = []VictoryRule{
		{Side: "orks", Result: "Major victory", When: &Trigger{Kind: "broken", Unit: "marines"}},
		{Side: "imperium", Result: "Minor victory", AtEnd: true, When: &Trigger{Kind: "hold-objective", Side: "imperium", Objective: "relay"}},
	}
	if err := SetSetup(s, su); err != nil {
		t.Fatal(err)
	}
	end(s, false)
	if out := r.Victory(s); out != nil {
		t.Fatalf("nothing should be decided yet: %+v", out)
	}
	s.Unit("m1").Pos = world.Vec{X: 60, Y: 70} // 9 cm from the relay
	if out := r.Victory(s); out != nil {
		t.Fatalf("the end rule fired before the end: %+v", out)
	}
	end(s, true)
	if out := r.Victory(s); out == nil || out.Winner != "imperium" || out.Kind != "Minor victory" {
		t.Errorf("hold at the end: %+v", out)
	}
	s.Unit("b1").Pos = world.Vec{X: 60, Y: 50} // contested
	if out := r.Victory(s); out == nil || out.Kind != "draw" {
		t.Errorf("contested, equal losses: %+v", out)
	}
	s.Formation("marines").Broken = true
	if out := r.Victory(s); out == nil || out.Winner != "orks" || out.Kind != "Major victory" {
		t.Errorf("broken marines: %+v", out)
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

// Dangerous terrain (digest section 2, terrain): a 1 halts the unit where
// it entered, a second 1 is a hit (destroys a tank, one DC off a war
// engine).
func TestDangerousTerrainE40K(t *testing.T) {
	r := testRuleset(t)
	for _, c := range []struct {
		faces     []int
		halted    bool
		destroyed bool
	}{{[]int{2}, false, false}, {[]int{1, 3}, true, false}, {[]int{1, 1}, true, true}} {
		s := atStep(smallBattle(1, nil), StepMovement, KindMove, "imperium", "armour")
		setOrders(s, "armour", OrderAssault)
		s.Unit("lr1").Pos = world.Vec{X: 30, Y: 40} // the wood spans y 50..65
		to := world.Vec{X: 30, Y: 60}
		evs, _, err := r.applyMoves(s, rules.Scripted(c.faces...), "armour", []UnitMove{{Unit: "lr1", To: to}}, false)
		if err != nil {
			t.Fatal(err)
		}
		u := s.Unit("lr1")
		if halted := u.Pos.Y < 50; halted != c.halted || u.Destroyed != c.destroyed {
			t.Errorf("faces %v: at %v destroyed=%v (events %v)", c.faces, u.Pos, u.Destroyed, evs)
		}
	}
	s := atStep(smallBattle(1, nil), StepMovement, KindMove, "orks", "gargant")
	setOrders(s, "gargant", OrderAssault)
	s.Unit("garg").Pos = world.Vec{X: 30, Y: 42}
	if _, _, err := r.applyMoves(s, rules.Scripted(1, 1), "gargant", []UnitMove{{Unit: "garg", To: world.Vec{X: 30, Y: 52}}}, false); err != nil {
		t.Fatal(err)
	}
	if g := s.Unit("garg"); g.Destroyed || g.Markers.Value(MarkDamage) != 1 {
		t.Errorf("gargant: destroyed=%v damage=%d", g.Destroyed, g.Markers.Value(MarkDamage))
	}
}

// Roads (digest section 2, terrain): +5 cm when the whole move is on road.
func TestRoadBonusE40K(t *testing.T) {
	w, err := world.New(world.Table{W: 120, H: 120}, []world.Feature{
		{ID: "road", Kind: world.Road, Poly: []world.Vec{{X: 55, Y: 0}, {X: 75, Y: 0}, {X: 75, Y: 120}, {X: 55, Y: 120}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewRuleset(testCatalogue(), testTerrain(), w)
	if err != nil {
		t.Fatal(err)
	}
	s := atStep(smallBattle(1, nil), StepMovement, KindMove, "imperium", "armour")
	setOrders(s, "armour", OrderAssault)
	on := &MoveCmd{r: r, By: "imperium", Detachment: "armour", Moves: []UnitMove{{Unit: "lr1", To: world.Vec{X: 60, Y: 44}}}}
	if err := on.Validate(s); err != nil {
		t.Errorf("29 cm on road (Speed 25 + 5) refused: %v", err)
	}
	far := &MoveCmd{r: r, By: "imperium", Detachment: "armour", Moves: []UnitMove{{Unit: "lr1", To: world.Vec{X: 60, Y: 46}}}}
	if err := far.Validate(s); err == nil {
		t.Error("31 cm on road accepted")
	}
	off := &MoveCmd{r: r, By: "imperium", Detachment: "armour", Moves: []UnitMove{{Unit: "lr1", To: world.Vec{X: 40, Y: 36}}}}
	if err := off.Validate(s); err == nil {
		t.Error("29 cm leaving the road accepted")
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
