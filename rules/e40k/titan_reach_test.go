package e40k

import (
	"math"
	"strings"
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/world"
)

// overwatchOnTitan is a titan battle in the titan movement step with the
// marines on overwatch and the Warhound out of the way; the orks' Reaver
// stands 35 cm from the marines and is the titan waiting to move.
func overwatchOnTitan(t *testing.T, r *Ruleset, opts map[string]string) *rules.State {
	t.Helper()
	s := titanBattle(1, opts)
	s.Unit("wh").Pos = world.Vec{X: 110, Y: 110}
	s.Unit("rv").Pos = world.Vec{X: 50, Y: 55}
	face(s.Unit("rv"), world.Vec{X: 45, Y: 42})
	setOrders(s, "marines", OrderOverwatch)
	atTitanStep(t, r, s, StepTitanMove)
	d := rules.NewSeededDice(5, 0)
	for s.Pending != nil && s.Pending.Kind == KindTitanMove && s.Pending.Units[0] != "rv" {
		c := &PassCmd{r: r, By: s.Pending.Side, Detachment: s.Pending.Units[0]}
		if _, err := c.Apply(s, d); err != nil {
			t.Fatal(err)
		}
	}
	if p := s.Pending; p == nil || p.Kind != KindTitanMove || p.Units[0] != "rv" {
		t.Fatalf("pending %+v, want the Reaver to move", s.Pending)
	}
	return s
}

// moveReaver walks the Reaver 13.9 cm toward the marines (into their
// bolters' 30 cm range).
func moveReaver(t *testing.T, r *Ruleset, s *rules.State) {
	t.Helper()
	c := &TitanMoveCmd{r: r, By: "orks", Titan: "rv", Path: []atii.Waypoint{{X: 45, Y: 42}}}
	if err := c.Validate(s); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Apply(s, rules.NewSeededDice(6, 0)); err != nil {
		t.Fatal(err)
	}
}

// Detachments on overwatch fire at a titan that has just moved (titans
// move first, alternating: seed 002 movement step 3), with the ATII rules
// at Gunnery 4+ through the E40K-weapons-versus-titans table exactly as
// in the shooting phase (seed 002 shooting; ATII-SHT-4, ATII-SHT-7), the
// overwatch orders re-rolling the missed to-hit dice once (seed 001
// orders, E40K-ART-1's "no re-roll" being the bombardment's exception).
func TestOverwatchFiresAtMovingTitanSeed002ATIISHT(t *testing.T) {
	r := testTitanRuleset(t)
	s := overwatchOnTitan(t, r, nil)
	moveReaver(t, r, s)
	p := s.Pending
	if p == nil || p.Kind != KindOverwatch || p.Side != "imperium" || len(p.Units) != 1 || p.Units[0] != "marines" {
		t.Fatalf("after the Reaver moved: pending %+v, want the marines' overwatch", p)
	}
	found := false
	for _, c := range r.Legal(s, "imperium") {
		if fc, ok := c.Cmd.(*FireCmd); ok && fc.Titan == "rv" && fc.Detachment == "marines" {
			found = true
			if !strings.Contains(c.Text, "overwatch") {
				t.Errorf("choice text %q does not say overwatch", c.Text)
			}
		}
	}
	if !found {
		t.Fatalf("Legal offers no overwatch fire at the Reaver: %v", r.Legal(s, "imperium"))
	}
	v, err := r.PlanTitanFire(s, "marines", "rv", atii.AimHigh)
	if err != nil {
		t.Fatal(err)
	}
	if v.Mode != fireOverwatch || len(v.Attacks) != 1 || sheet.WeaponOf(v.Attacks[0].Weapon).RoF != "5" || sheet.WeaponOf(v.Attacks[0].Weapon).Str != 3 {
		t.Fatalf("overwatch volley %+v: want one RoF 5 Str 3 attack", v)
	}
	th, err := atii.ToHit(v.Attacks[0], atiiOptions())
	if err != nil || th.Need != 3 {
		t.Fatalf("to hit %+v (%v): want 3+ (Gunnery 4+, firer not yet moved +1; the titan has moved)", th, err)
	}
	// The odds count the re-roll: each die hits with 2/3 + 1/3 * 2/3.
	od, err := v.Odds()
	if err != nil {
		t.Fatal(err)
	}
	if m := od[0].Hits.Mean(); math.Abs(m-5*8.0/9) > 1e-9 {
		t.Errorf("mean hits %.4f, want %.4f (five dice, misses re-rolled)", m, 5*8.0/9)
	}
	// To hit: 1 1 2 3 6 (two hits), the three misses re-rolled: 6 6 1
	// (two more); the four hits each knock a shield down on a six.
	tray := rules.Scripted(1, 1, 2, 3, 6, 6, 6, 1, 6, 6, 6, 6)
	c := &FireCmd{r: r, By: "imperium", Detachment: "marines", Titan: "rv", Aim: atii.AimHigh}
	if err := c.Validate(s); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Apply(s, tray); err != nil {
		t.Fatal(err)
	}
	ts, err := r.TitanOf(s.Unit("rv"))
	if err != nil {
		t.Fatal(err)
	}
	if tray.Used() != 12 || ts.ShieldsDown != 4 {
		t.Errorf("used %d dice, %d shields down; want 12 dice (5 to hit, 3 re-rolled, 4 on shields) and 4 shields down", tray.Used(), ts.ShieldsDown)
	}
	if blast(s.Formation("traitor")) != 0 {
		t.Error("a titan took blast markers")
	}
	// The marines have fired: the window closes, the titan step goes on.
	if p := s.Pending; p != nil && p.Kind == KindOverwatch {
		t.Errorf("overwatch offered again: %+v", p)
	}
}

// Under e40k/overwatch-titans-no-reroll the ATII to-hit dice are rolled
// once (the alternative reading).
func TestOverwatchAtTitanNoRerollOption(t *testing.T) {
	r := testTitanRuleset(t)
	s := overwatchOnTitan(t, r, map[string]string{OptOverwatchTitanNoReroll: "on"})
	moveReaver(t, r, s)
	v, err := r.PlanTitanFire(s, "marines", "rv", atii.AimHigh)
	if err != nil {
		t.Fatal(err)
	}
	if od, err := v.Odds(); err != nil || math.Abs(od[0].Hits.Mean()-5*2.0/3) > 1e-9 {
		t.Errorf("mean hits %v (%v), want %.4f (five dice, one roll)", od, err, 5*2.0/3)
	}
	tray := rules.Scripted(1, 1, 2, 3, 6, 6)
	c := &FireCmd{r: r, By: "imperium", Detachment: "marines", Titan: "rv", Aim: atii.AimHigh}
	if _, err := c.Apply(s, tray); err != nil {
		t.Fatal(err)
	}
	ts, _ := r.TitanOf(s.Unit("rv"))
	if tray.Used() != 6 || ts.ShieldsDown != 1 {
		t.Errorf("used %d dice, %d shields down; want 6 (5 to hit, 1 on a shield), 1 down", tray.Used(), ts.ShieldsDown)
	}
}

// A titan holding still gives no overwatch window, nor does a titan
// moving in the assault phase (overwatch fires in the movement phase);
// passing the window lets the titan step go on.
func TestOverwatchWindowOnlyAfterTitanMovesSeed002(t *testing.T) {
	r := testTitanRuleset(t)
	s := overwatchOnTitan(t, r, nil)
	c := &PassCmd{r: r, By: "orks", Detachment: "rv"}
	if _, err := c.Apply(s, rules.NewSeededDice(1, 0)); err != nil {
		t.Fatal(err)
	}
	if p := s.Pending; p != nil && p.Kind == KindOverwatch {
		t.Fatalf("overwatch after a titan held: %+v", p)
	}
	s = overwatchOnTitan(t, r, nil)
	moveReaver(t, r, s)
	pass := &PassCmd{r: r, By: "imperium"}
	if err := pass.Validate(s); err != nil {
		t.Fatal(err)
	}
	if _, err := pass.Apply(s, rules.NewSeededDice(1, 0)); err != nil {
		t.Fatal(err)
	}
	if p := s.Pending; p != nil && p.Kind == KindOverwatch {
		t.Fatalf("overwatch offered again after passing: %+v", p)
	}
	if s.Unit("m1").Fired {
		t.Error("the marines fired though they held their fire")
	}
}

// Artillery on special orders bombards a titan (E40K-ART-1: at the start
// or end of the enemy's movement, no line of sight needed, no re-roll of
// misses), resolved with the ATII rules at Gunnery 4+: the Whirlwind's
// barrage is one attack of RoF 1, Str 4 (seed 002's weapons-versus-titans
// table; ATII-SHT-4).
func TestBombardmentAtTitanE40KART1Seed002(t *testing.T) {
	r := testTitanRuleset(t)
	s := titanBattle(1, nil)
	s.Unit("rv").Pos = world.Vec{X: 86, Y: 72}
	s.Unit("wh").Pos = world.Vec{X: 110, Y: 110}
	setUpTitans(t, r, s)
	atStep(s, StepMovement, KindBombard, "imperium", "armour")
	setOrders(s, "armour", OrderSpecial)
	found := false
	for _, c := range r.Legal(s, "imperium") {
		if fc, ok := c.Cmd.(*FireCmd); ok && fc.Titan == "rv" {
			found = true
			if !strings.Contains(c.Text, "bombards") {
				t.Errorf("choice text %q", c.Text)
			}
		}
	}
	if !found {
		t.Fatal("Legal offers no bombardment of the Reaver")
	}
	v, err := r.PlanTitanFire(s, "armour", "rv", atii.AimHigh)
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Shooters) != 1 || v.Shooters[0] != "ww" || len(v.Attacks) != 1 {
		t.Fatalf("bombardment %+v: want the Whirlwind alone, one attack", v)
	}
	w := sheet.WeaponOf(v.Attacks[0].Weapon)
	if w.RoF != "1" || w.Str != 4 {
		t.Errorf("barrage against a titan: RoF %s Str %d, want 1 and 4", w.RoF, w.Str)
	}
	tray := rules.Scripted(1) // a miss: not re-rolled
	c := &FireCmd{r: r, By: "imperium", Detachment: "armour", Titan: "rv", Aim: atii.AimHigh}
	if err := c.Validate(s); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Apply(s, tray); err != nil {
		t.Fatal(err)
	}
	if tray.Used() != 1 || !s.Unit("ww").Fired || s.Unit("lr1").Fired {
		t.Errorf("used %d dice (want 1); whirlwind fired %v (want true), land raider fired %v (want false)", tray.Used(), s.Unit("ww").Fired, s.Unit("lr1").Fired)
	}
}

// Artillery needs no sight of a titan (E40K-ART-1) and by default takes
// no penalty for it; e40k/bombard-unseen-titan-cover counts the unseen
// titan as half hidden (-1, ATII-SHT-4).
func TestBombardUnseenTitanOption(t *testing.T) {
	r := testTitanRuleset(t)
	need := func(opts map[string]string) int {
		s := titanBattle(1, opts)
		s.Unit("wh").Pos = world.Vec{X: 110, Y: 110}
		s.Unit("ww").Pos = world.Vec{X: 85, Y: 40}
		s.Unit("rv").Pos = world.Vec{X: 85, Y: 80}
		s.Unit("rv").Moved = true
		setUpTitans(t, r, s)
		atStep(s, StepMovement, KindBombard, "imperium", "armour")
		setOrders(s, "armour", OrderSpecial)
		v, err := r.PlanTitanFire(s, "armour", "rv", atii.AimHigh)
		if err != nil {
			t.Fatal(err)
		}
		geo, err := atii.MeasureShot(r.w, r.terrain, "AR", world.Base{Pos: s.Unit("ww").Pos, Foot: world.Footprint{Shape: world.Circle, Radius: 1.5}}, titanBase(titanRef{u: s.Unit("rv"), prof: r.cat.Units["reaver"]}))
		if err != nil {
			t.Fatal(err)
		}
		if geo.LOS != world.LOSBlocked {
			t.Skipf("the building does not hide the Reaver here (LOS %v)", geo.LOS)
		}
		th, err := atii.ToHit(v.Attacks[0], atiiOptions())
		if err != nil {
			t.Fatal(err)
		}
		return th.Need
	}
	if a, b := need(nil), need(map[string]string{OptBombardUnseenTitanCover: "on"}); b != a+1 {
		t.Errorf("to hit an unseen titan: %d+ by default, %d+ with the option; want one worse", a, b)
	}
}
