package e40k

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

// E40K-ART-1: artillery on special orders bombards without line of sight
// and re-rolls no misses; ordinary fire needs sight; broken detachments
// may not fire (E40K-BRK-1).
func TestBombardmentE40KART1(t *testing.T) {
	r := testRuleset(t)
	s := atStep(smallBattle(1, nil), StepMovement, KindBombard, "imperium", "armour")
	setOrders(s, "armour", OrderSpecial)
	// Out of range (the whirlwind's 90 cm): the refusal says range, not
	// sight, which a bombardment does not need.
	for i, id := range []string{"b1", "b2", "b3", "b4", "b5", "b6"} {
		s.Unit(id).Pos = world.Vec{X: 160 + float64(i%2)*3, Y: 105 + float64(i/2)*3}
	}
	if _, err := r.planFire(s, "armour", "boyz", fireBombard); err == nil || !strings.Contains(err.Error(), "in range (a bombardment needs no line of sight)") {
		t.Errorf("bombardment out of range: %v", err)
	}
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

// Hit allocation is logged unit by unit for the dice tray.
func TestAllocationEventsE40K(t *testing.T) {
	a, err := Allocate(unitsAt(6, 4), faces(4, 5), Options{})
	if err != nil {
		t.Fatal(err)
	}
	evs := allocationEvents("orks", a)
	if len(evs) != 2 || evs[0].Kind != EvAllocated || evs[0].Text != "a takes dice 5: no effect" || evs[1].Text != "b takes dice 4: destroyed" {
		t.Errorf("events %+v", evs)
	}
}

// A detachment with no firepower left is not offered a fire that can do
// nothing: one boy in range on assault orders has firepower 1, halved
// to 0 (digest section 2: assault orders, half firepower; Q&A 8.3: round
// down); two in range with two blast markers roll no dice and place no
// marker (E40K-BM-1). With a third boy in range the halved volley (1)
// is offered again.
func TestNoFireWithoutFirepowerE40KBM1(t *testing.T) {
	r := testRuleset(t)
	offered := func(s *rules.State) *rules.Choice {
		for _, c := range r.Legal(s, "orks") {
			if fc, ok := c.Cmd.(*FireCmd); ok && fc.Detachment == "boyz" && fc.Target == "marines" {
				return &c
			}
		}
		return nil
	}
	setup := func(inRange int, orders string, markers int) *rules.State {
		s := atStep(smallBattle(1, nil), StepShooting, KindFire, "orks", "boyz")
		setOrders(s, "boyz", orders)
		for i, id := range boyz {
			if i < inRange {
				s.Unit(id).Pos = world.Vec{X: 20 + 5*float64(i), Y: 45}
			}
		}
		s.Formation("boyz").Markers.Set(MarkBlast, markers)
		return s
	}
	for _, tc := range []struct {
		name    string
		inRange int
		orders  string
		markers int
		want    bool
	}{
		{"one boy on assault orders", 1, OrderAssault, 0, false},
		{"two boyz, two blast markers", 2, OrderOverwatch, 2, false},
		{"three boyz on assault orders", 3, OrderAssault, 0, true},
		{"two boyz, one blast marker", 2, OrderOverwatch, 1, true},
	} {
		s := setup(tc.inRange, tc.orders, tc.markers)
		c := offered(s)
		if (c != nil) != tc.want {
			t.Errorf("%s: fire offered %v, want %v (%+v)", tc.name, c != nil, tc.want, c)
		}
		err := (&FireCmd{r: r, By: "orks", Detachment: "boyz", Target: "marines"}).Validate(s)
		if (err == nil) != tc.want {
			t.Errorf("%s: validate %v", tc.name, err)
		}
		if c != nil && strings.Contains(c.Text, "firepower 0") {
			t.Errorf("%s: offered %q", tc.name, c.Text)
		}
	}
}

// Snap fire halved (OptSnapFireHalf) from one boy in range is firepower
// 0: no snap fire decision opens for it (E40K-CMD-1, Q&A 8.3).
func TestNoSnapFireWithoutFirepowerE40KCMD1(t *testing.T) {
	r := specialRuleset(t)
	for _, near := range []int{1, 2} {
		s := atStep(smallBattle(1, map[string]string{OptSnapFireHalf: "on"}), StepAssault, KindAssault, "imperium", "marines")
		setOrders(s, "marines", OrderAssault)
		for i, id := range boyz[:near] {
			s.Unit(id).Pos = world.Vec{X: 20 + 5*float64(i), Y: 40}
		}
		g, _ := r.progress(s)
		g.Stage, g.Sub, g.First = stageMoves, 0, 0
		_ = putProgress(s, g)
		if _, err := (&AssaultCmd{r: r, By: "imperium", Detachment: "marines"}).Apply(s, rules.Scripted()); err != nil {
			t.Fatal(err)
		}
		snap := s.Pending != nil && s.Pending.Kind == KindSnapFire && inList(s.Pending.Units, "boyz")
		if snap != (near == 2) {
			t.Errorf("%d boyz in range: snap fire pending %v (%+v)", near, snap, s.Pending)
		}
	}
}
