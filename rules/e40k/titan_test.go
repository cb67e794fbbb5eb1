package e40k

import (
	"fmt"
	"strings"
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/world"
)

// A small battle with one titan a side and two detachments a side played
// to the end by the seeded random driver (seed 002's integration rules):
// every Legal choice validates, the game never stalls or panics, and it
// ends. The titans must have moved, fired and been fired at in the runs.
func TestRandomPlayoutTitansE40K(t *testing.T) {
	seen := map[string]int{}
	for seed := uint64(1); seed <= 12; seed++ {
		e := playRandomOn(t, testTitanRuleset(t), titanBattle(seed, nil), seed)
		if e.State().Result == nil {
			t.Errorf("seed %d: no result", seed)
		}
		for _, ev := range e.State().Log {
			switch {
			case ev.Kind == rules.EvMoved && (strings.HasPrefix(ev.Text, "wh ") || strings.HasPrefix(ev.Text, "rv ")):
				seen["titan moved"]++
			case strings.Contains(ev.Text, "with the ATII rules"):
				seen["detachment fired at titan"]++
			case ev.Kind == rules.EvFired && (strings.HasPrefix(ev.Text, "wh fires") || strings.HasPrefix(ev.Text, "rv fires")):
				seen["titan fired at titan"]++
			case strings.HasPrefix(ev.Text, "hound fires") || strings.HasPrefix(ev.Text, "traitor fires"):
				seen["titan fired at detachment"]++
			case strings.Contains(ev.Text, "stomps"):
				seen["stomp"]++
			case strings.HasPrefix(ev.Text, "titan close combat"):
				seen["titan close combat"]++
			case strings.Contains(ev.Text, "against titan"):
				seen["firefight with titan"]++
			case strings.Contains(ev.Text, "(ATII-REP-1)"):
				seen["titan repairs"]++
			}
		}
	}
	t.Logf("over 12 seeds: %v", seen)
	for _, k := range []string{"titan moved", "detachment fired at titan", "titan fired at detachment"} {
		if seen[k] == 0 {
			t.Errorf("no %s in 12 games", k)
		}
	}
}

// sixes is a scripted dice source showing n sixes.
func sixes(n int) *rules.ManualDice {
	f := make([]int, n)
	for i := range f {
		f[i] = 6
	}
	return rules.Scripted(f...)
}

// setUpTitans gives a hand-built titan battle its titans' ATII states.
func setUpTitans(t *testing.T, r *Ruleset, s *rules.State) {
	t.Helper()
	if err := r.setupTitans(s); err != nil {
		t.Fatal(err)
	}
}

// atTitanStep puts a titan battle at a titan step: the order built by the
// step's own start (reactor checks, ATII-MOV-1), first is side index 0.
func atTitanStep(t *testing.T, r *Ruleset, s *rules.State, step string) {
	t.Helper()
	setUpTitans(t, r, s)
	s.Step = step
	if err := putProgress(s, Progress{Init: -1, First: 0}); err != nil {
		t.Fatal(err)
	}
	if _, err := r.beginTitanPhase(step == StepTitanAssault)(s, rules.NewSeededDice(1, 0)); err != nil {
		t.Fatal(err)
	}
}

// face turns a unit to face a point.
func face(u *rules.Unit, to world.Vec) { u.Facing = world.Bearing(to.Sub(u.Pos)) }

// Seed 002's sequence of play: titans move after the movement initiative
// and before the detachments, shoot with the war engines after the second
// initiative, and move and fight in the assault phase before the
// detachments' assaults.
func TestTitanSequenceOfPlaySeed002(t *testing.T) {
	e := playRandomOn(t, testTitanRuleset(t), titanBattle(3, map[string]string{OptNoArmyMorale: "on"}), 3)
	first := map[string]int{}
	n := 0
	for _, ev := range e.State().Log {
		if ev.Kind == rules.EvPhase && ev.Turn == 1 {
			if _, ok := first[ev.Step]; !ok {
				first[ev.Step] = n
			}
			n++
		}
	}
	order := []string{StepMoveInit, StepTitanMove, StepMovement, StepShootInit, StepShooting, StepShootInit2, StepWarEngines, StepAssaultInit, StepTitanAssault, StepAssault, StepRally}
	for i := 1; i < len(order); i++ {
		a, okA := first[order[i-1]]
		b, okB := first[order[i]]
		if !okA || !okB || a >= b {
			t.Errorf("turn 1: %s (%d, %v) should come before %s (%d, %v)", order[i-1], a, okA, order[i], b, okB)
		}
	}
}

// Titans move alternately, one at a time, the initiative's first side
// starting; lowest Man first in the movement phase, highest first in the
// assault phase (seed 002 movement step 3; ATII-MOV-1).
func TestTitansAlternateATIIMOV1(t *testing.T) {
	r := testTitanRuleset(t)
	for _, assault := range []bool{false, true} {
		s := titanBattle(1, nil)
		s.Formations = append(s.Formations, rules.Formation{ID: "hound2", Side: "imperium"})
		s.Units = append(s.Units, rules.Unit{ID: "rv2", Side: "imperium", Type: "reaver", Formation: "hound2", Pos: world.Vec{X: 105, Y: 25}})
		step := StepTitanMove
		if assault {
			step = StepTitanAssault
		}
		atTitanStep(t, r, s, step)
		wantFirst := "rv2" // Man 2 before Man 3 in the movement phase
		if assault {
			wantFirst = "wh"
		}
		if p := s.Pending; p == nil || p.Side != "imperium" || p.Units[0] != wantFirst {
			t.Fatalf("assault %v: first decision %+v, want imperium moving %s first", assault, p, wantFirst)
		}
		var sides []string
		d := rules.NewSeededDice(2, 0)
		for s.Pending != nil && s.Pending.Kind == KindTitanMove {
			sides = append(sides, s.Pending.Side)
			c := &PassCmd{r: r, By: s.Pending.Side, Detachment: s.Pending.Units[0]}
			if err := c.Validate(s); err != nil {
				t.Fatal(err)
			}
			if _, err := c.Apply(s, d); err != nil {
				t.Fatal(err)
			}
		}
		if got := strings.Join(sides, " "); got != "imperium orks imperium" {
			t.Errorf("assault %v: titans moved by %s, want imperium orks imperium", assault, got)
		}
	}
}

// Vehicles and infantry shoot at a titan with the ATII rules at Gunnery
// 4+, their weapons converted by the E40K-weapons-versus-titans table:
// firepower as RoF at Str 3, anti-tank RoF 1 Str 5, barrage RoF 1 Str 4
// (seed 002 shooting step 2; ATII-SHT-4..7). No blast marker goes on the
// titan.
func TestDetachmentShootsTitanATIISHT(t *testing.T) {
	r := testTitanRuleset(t)
	s := titanBattle(1, nil)
	s.Unit("rv").Pos = world.Vec{X: 40, Y: 40}
	setUpTitans(t, r, s)
	atStep(s, StepShooting, KindFire, "imperium", "marines", "armour")
	v, err := r.PlanTitanFire(s, "marines", "rv", atii.AimHigh)
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Attacks) != 1 || sheet.Of(v.Attacks[0].Attacker).Gunnery != atii.NonTitanGunnery || sheet.WeaponOf(v.Attacks[0].Weapon).RoF != "5" || sheet.WeaponOf(v.Attacks[0].Weapon).Str != 3 {
		t.Fatalf("marines' attack: %+v, want one attack at Gunnery 4+, RoF 5 (five marines' firepower), Str 3", v.Attacks)
	}
	th, err := atii.ToHit(v.Attacks[0], atii.Options{})
	if err != nil || th.Need != 2 {
		t.Errorf("to hit %+v (%v): want 2+ (4+, target and firer not yet moved +1 each)", th, err)
	}
	av, err := r.PlanTitanFire(s, "armour", "rv", atii.AimHigh)
	if err != nil {
		t.Fatal(err)
	}
	var strs []int
	for _, a := range av.Attacks {
		strs = append(strs, sheet.WeaponOf(a.Weapon).Str)
	}
	if fmt.Sprint(strs) != "[3 5 5 4]" {
		t.Errorf("armour's attacks Str %v, want [3 5 5 4]: firepower, two lascannons (anti-tank), the Whirlwind's barrage", strs)
	}
	// Every die a six: five hits; four knock the Reaver's shields down
	// (6+3-8 = 1), the fifth hits the titan: location 6+1 high = 7
	// (carapace, armour 9), damage 6+3-9 = 0: Armour Cracked.
	c := &FireCmd{r: r, By: "imperium", Detachment: "marines", Titan: "rv", Aim: atii.AimHigh}
	if err := c.Validate(s); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Apply(s, sixes(40)); err != nil {
		t.Fatal(err)
	}
	ts, err := r.TitanOf(s.Unit("rv"))
	if err != nil {
		t.Fatal(err)
	}
	if ts.ShieldsDown != 4 || ts.Level("carapace") != atii.ArmourCracked {
		t.Errorf("reaver after five hits: %d shields down, carapace %s; want 4 and Armour Cracked", ts.ShieldsDown, ts.Level("carapace"))
	}
	if blast(s.Formation("traitor")) != 0 {
		t.Errorf("a titan took blast markers")
	}
	if !s.Unit("m1").Fired {
		t.Error("the marines are not marked as having fired")
	}
}

// Titans shoot at detachments with their weapons' E40K firepower in the
// war engines' step (seed 002 shooting step 4): a Warhound's Vulcan
// Mega-bolter and Plasma Blastgun give firepower 8 + 8, and the target
// takes the blast markers of firepower 16 (E40K-BM-1).
func TestTitanFiresFirepowerAtDetachmentE40KBM1(t *testing.T) {
	r := testTitanRuleset(t)
	s := titanBattle(1, nil)
	wh := s.Unit("wh")
	wh.Pos = world.Vec{X: 32, Y: 75}
	face(wh, world.Vec{X: 32, Y: 95})
	setUpTitans(t, r, s)
	atStep(s, StepWarEngines, KindFire, "imperium", "wh")
	c := &TitanFireCmd{r: r, By: "imperium", Titan: "wh", Shots: []TitanShot{{Mount: "left-arm", Target: "boyz"}, {Mount: "right-arm", Target: "boyz"}}}
	p, err := c.plan(s)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.vols) != 1 || p.vols[0].Firepower != 16 || len(p.vols[0].Weapons) != 0 {
		t.Fatalf("warhound volley %+v, want firepower 16 and no super-heavy weapon", p.vols)
	}
	if _, err := c.Apply(s, rules.NewSeededDice(5, 0)); err != nil {
		t.Fatal(err)
	}
	if got := blast(s.Formation("boyz")); got != 2 {
		t.Errorf("boyz took %d blast markers, want 2 (firepower 16)", got)
	}
	if blast(s.Formation("hound")) != 0 || !wh.Fired {
		t.Error("the titan took blast markers or was not marked as fired")
	}
	// A titan in the war engine step may not use the detachment fire.
	if err := (&FireCmd{r: r, By: "imperium", Detachment: "hound", Target: "boyz"}).Validate(s); err == nil {
		t.Error("a titan fired as a detachment")
	}
}

// No orders and no blast markers on titans (seed 002): titan formations
// are never asked for orders, may not be shot at as detachments, and end
// every game without blast markers or orders.
func TestNoOrdersOrBlastMarkersOnTitansSeed002(t *testing.T) {
	r := testTitanRuleset(t)
	e, err := rules.New(r, titanBattle(4, nil), rules.Config{})
	if err != nil {
		t.Fatal(err)
	}
	p := e.State().Pending
	if p == nil || p.Kind != KindOrders {
		t.Fatalf("first decision %+v, want orders", p)
	}
	for _, id := range p.Units {
		if id == "hound" {
			t.Error("the titan formation is asked for orders")
		}
	}
	if err := e.Check(&OrdersCmd{r: r, By: "imperium", Detachment: "hound", Order: OrderAssault}); err == nil {
		t.Error("a titan took orders")
	}
	s := titanBattle(4, nil)
	setUpTitans(t, r, s)
	s.Unit("rv").Pos = world.Vec{X: 40, Y: 40}
	atStep(s, StepShooting, KindFire, "imperium", "marines")
	if _, err := r.planFire(s, "marines", "traitor", fireNormal); err == nil {
		t.Error("a titan was shot at with the firepower table (it would take blast markers)")
	}
	for seed := uint64(1); seed <= 6; seed++ {
		end := playRandomOn(t, testTitanRuleset(t), titanBattle(seed, nil), seed).State()
		for _, f := range []string{"hound", "traitor"} {
			if fm := end.Formation(f); blast(fm) != 0 || (fm.Orders != "" && fm.Orders != OrderBroken) || fm.Broken {
				t.Errorf("seed %d: titan formation %s ended with %d blast markers, orders %q, broken %v", seed, f, blast(fm), fm.Orders, fm.Broken)
			}
		}
	}
}

// Detachments may not assault a titan but may firefight it (seed 002):
// an assault move into base contact with a titan is refused; a detachment
// with no enemy in contact and a titan within 15 cm fights a firefight
// with it.
func TestNoAssaultOnTitansFirefightSeed002(t *testing.T) {
	r := testTitanRuleset(t)
	s := titanBattle(1, nil)
	rv := s.Unit("rv")
	rv.Pos = world.Vec{X: 30, Y: 32}
	setUpTitans(t, r, s)
	atStep(s, StepAssault, KindAssault, "imperium", "marines")
	setOrders(s, "marines", OrderAssault)
	m := s.Unit("m3") // at (30, 20): 12 cm edge to edge from the titan
	to := world.Vec{X: 30, Y: rv.Pos.Y - 2.5 - 1}
	err := (&AssaultCmd{r: r, By: "imperium", Detachment: "marines", Moves: []UnitMove{{Unit: m.ID, To: to}}}).Validate(s)
	if err == nil || !strings.Contains(err.Error(), "may not assault titan") {
		t.Errorf("assault into contact with a titan: %v, want refused", err)
	}
	evs, err := r.fightFor(s, rules.NewSeededDice(3, 0), "marines")
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, ev := range evs {
		if strings.Contains(ev.Text, "firefight: marines") && strings.Contains(ev.Text, "against titan rv") {
			found = true
		}
	}
	if !found {
		t.Errorf("no firefight with the titan: %v", evs)
	}
	if blast(s.Formation("traitor")) != 0 {
		t.Error("the titan took blast markers in the firefight")
	}
}

// In the assault phase a titan moves into base contact with a stand and
// stomps it with its improvised attacks: CCS to hit, a hit destroys it
// (seed 002; ATII-CC-3). Attacks so used are gone for a titan fight.
func TestTitanStompSeed002(t *testing.T) {
	r := testTitanRuleset(t)
	s := titanBattle(1, nil)
	wh, b1 := s.Unit("wh"), s.Unit("b1")
	wh.Pos = world.Vec{X: 20, Y: 80}
	face(wh, b1.Pos)
	atTitanStep(t, r, s, StepTitanAssault)
	if s.Pending == nil || s.Pending.Side != "imperium" {
		t.Fatalf("pending %+v, want the Imperium to move a titan", s.Pending)
	}
	to := world.Vec{X: 20, Y: b1.Pos.Y - 1 - 2}
	c := &TitanMoveCmd{r: r, By: "imperium", Titan: "wh", Path: []atii.Waypoint{{X: to.X, Y: to.Y}}, Stomp: []string{"b1"}}
	if err := c.Validate(s); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Apply(s, sixes(10)); err != nil {
		t.Fatal(err)
	}
	if !b1.Destroyed {
		t.Error("the stomped stand survived a 6 against CCS 4+")
	}
	if wh.Markers.Value(MarkStomped) == 0 {
		t.Error("the titan's improvised attacks are not marked as used")
	}
	// Stomping twice in a turn is refused (the step restarted and b2 put
	// in base contact, so the used attacks are the only reason).
	s.Unit("b2").Pos = world.Vec{X: wh.Pos.X + 3, Y: wh.Pos.Y}
	atTitanStep(t, r, s, StepTitanAssault)
	bad := &TitanMoveCmd{r: r, By: "imperium", Titan: "wh", Stomp: []string{"b2"}}
	if err := bad.Validate(s); err == nil || !strings.Contains(err.Error(), "already used its improvised attacks") {
		t.Errorf("a second stomp: %v, want refused", err)
	}
	tw, _ := r.titan(s, "wh")
	tr, _ := r.titan(s, "rv")
	cb, err := r.combatant(tw, tr)
	if err != nil {
		t.Fatal(err)
	}
	ws, err := atii.CCWeapons(cb, atii.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range ws {
		if w.Mount == atii.ImprovisedMount {
			t.Error("improvised attacks used stomping are still there for a titan fight")
		}
	}
}

// Titans in base contact fight their close combats with the ATII rules
// after every titan has moved and before the detachments' assaults (seed
// 002 assault step 3; ATII-CC-1, ATII-CC-2: void shields do not protect).
func TestTitanCloseCombatATIICC1(t *testing.T) {
	r := testTitanRuleset(t)
	s := titanBattle(1, nil)
	wh, rv := s.Unit("wh"), s.Unit("rv")
	wh.Pos, rv.Pos = world.Vec{X: 95, Y: 55}, world.Vec{X: 95, Y: 59.5}
	face(wh, rv.Pos)
	face(rv, wh.Pos)
	atTitanStep(t, r, s, StepTitanAssault)
	d := rules.NewSeededDice(7, 0)
	for s.Pending != nil && s.Pending.Kind == KindTitanMove {
		c := &PassCmd{r: r, By: s.Pending.Side, Detachment: s.Pending.Units[0]}
		if _, err := c.Apply(s, d); err != nil {
			t.Fatal(err)
		}
	}
	g, _ := r.progress(s)
	if g.Stage != stageTitanCombat {
		t.Fatalf("stage %q after the titan moves, want %q", g.Stage, stageTitanCombat)
	}
	evs, more, err := r.autoTitanCombat(s, d)
	if err != nil || !more {
		t.Fatalf("close combat: %v (more %v)", err, more)
	}
	if len(evs) == 0 || !strings.HasPrefix(evs[0].Text, "titan close combat: wh against rv") {
		t.Errorf("events %v, want the titan close combat", evs)
	}
	g, _ = r.progress(s)
	if g.Stage != stageDone || !r.noPending(s) {
		t.Errorf("stage %q after the fight, want done", g.Stage)
	}
}

// Titans repair in the rally phase with the ATII repair dice (seed 002
// rally step 3; ATII-REP-1): a Reaver rolls 8 dice, each 4+ repairs a
// system or a shield (shields back from the next turn).
func TestTitanRepairsATIIREP1(t *testing.T) {
	r := testTitanRuleset(t)
	s := titanBattle(1, nil)
	setUpTitans(t, r, s)
	tr, _ := r.titan(s, "rv")
	ts := tr.ts
	ts.ShieldsDown = 3
	if err := tr.put(ts); err != nil {
		t.Fatal(err)
	}
	s.Step = StepRally
	if err := putProgress(s, Progress{Init: -1, First: 0, Stage: stageRepairs}); err != nil {
		t.Fatal(err)
	}
	var evs []rules.Event
	d := sixes(20)
	for i := 0; i < 10; i++ {
		e, more, err := r.autoRally(s, d)
		if err != nil {
			t.Fatal(err)
		}
		evs = append(evs, e...)
		if !more {
			break
		}
		if g, _ := r.progress(s); g.Stage == stageDone {
			break
		}
	}
	if d.Used() != 8 {
		t.Errorf("the Reaver rolled %d repair dice, want 8", d.Used())
	}
	got, _ := r.TitanOf(s.Unit("rv"))
	if got.ShieldsDown != 0 || got.ShieldsRepairing != 3 {
		t.Errorf("after repairs: %d shields down, %d repairing; want 0 and 3", got.ShieldsDown, got.ShieldsRepairing)
	}
}

// A titan whose reactor goes Catastrophic explodes: D6 Str 7 hits on
// every other titan within 4D6 cm (ATII damage effects), resolved in the
// E40K battle too.
func TestTitanReactorExplosionE40K(t *testing.T) {
	r := testTitanRuleset(t)
	s := titanBattle(1, nil)
	s.Unit("wh").Pos = world.Vec{X: 60, Y: 65}
	setUpTitans(t, r, s)
	tr, _ := r.titan(s, "rv")
	if err := tr.put(atii.TitanState{Reactor: atii.Catastrophic, Destroyed: true, Cause: "reactor exploded"}); err != nil {
		t.Fatal(err)
	}
	// 4D6 = 24 cm reaches the Warhound 5.5 cm away; D6 = 6 hits.
	evs, err := r.resolveExplosions(s, sixes(60))
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) == 0 || !strings.Contains(evs[0].Text, "reactor explodes: radius 24 cm") {
		t.Fatalf("events %v, want the explosion", evs)
	}
	wh, _ := r.TitanOf(s.Unit("wh"))
	if wh.ShieldsDown+wh.ShieldsLost == 0 {
		t.Errorf("the Warhound took no hits from the explosion: %+v", wh)
	}
	if again, _ := r.resolveExplosions(s, sixes(60)); len(again) != 0 {
		t.Error("the same explosion went off twice")
	}
}

// Stands in terrain impassable to titans, and war engines, cannot be
// stomped (seed 002); infantry and vehicles in a titan's way are pushed
// aside rather than blocking it.
func TestTitanStompLimitsAndPushSeed002(t *testing.T) {
	r := testTitanRuleset(t)
	s := titanBattle(1, nil)
	wh := s.Unit("wh")
	wh.Pos = world.Vec{X: 85, Y: 53} // just below the building (80..90, 55..65)
	s.Unit("b1").Pos = world.Vec{X: 85, Y: 56}
	s.Unit("gb1").Pos = world.Vec{X: 80, Y: 53} // the gargant's boyz: not a war engine
	s.Unit("garg").Pos = world.Vec{X: 90, Y: 49}
	atTitanStep(t, r, s, StepTitanAssault)
	for _, tc := range []struct{ id, want string }{{"b1", "impassable to titans"}, {"garg", "war engine"}} {
		err := (&TitanMoveCmd{r: r, By: "imperium", Titan: "wh", Stomp: []string{tc.id}}).Validate(s)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("stomp %s: %v, want refused (%s)", tc.id, err, tc.want)
		}
	}
	// Walk west through the boyz stand at (80, 53): it is pushed aside.
	c := &TitanMoveCmd{r: r, By: "imperium", Titan: "wh", Path: []atii.Waypoint{{X: 79, Y: 53}}}
	if err := c.Validate(s); err != nil {
		t.Fatalf("a move through a stand was refused: %v", err)
	}
	if _, err := c.Apply(s, rules.NewSeededDice(1, 0)); err != nil {
		t.Fatal(err)
	}
	tb, _ := r.base(s, wh)
	sb, _ := r.base(s, s.Unit("gb1"))
	if world.Overlap(tb, sb) || s.Unit("gb1").Pos == (world.Vec{X: 80, Y: 53}) {
		t.Errorf("the stand was not pushed aside: titan %v, stand %v", wh.Pos, s.Unit("gb1").Pos)
	}
}

// A titan's E40K profile carries no firepower (its weapons are read mount
// by mount); its firepower against detachments and in firefights is its
// weapons' Firepower values (seed 002's titan gun table), super-heavy
// types apart; a damaged weapon gives none. Formations mixing titans and
// other units are refused.
func TestTitanProfileAndFirepowerSeed002(t *testing.T) {
	r := testTitanRuleset(t)
	s := titanBattle(1, nil)
	setUpTitans(t, r, s)
	p, err := r.Profile(s, s.Unit("wh"))
	if err != nil || p.Class != world.Titan || p.Firepower != 0 || p.Shields != 2 {
		t.Errorf("warhound profile %+v (%v), want a titan, no firepower, 2 shields", p, err)
	}
	fp, shw, err := r.TitanFirepower(s, "rv")
	if err != nil || fp != 8 || len(shw) != 1 || shw[0].Kind != ShotHeavy {
		t.Errorf("reaver firepower %d %+v (%v), want 8 (gatling; the powerfist has none) and the rocket launcher's heavy barrage", fp, shw, err)
	}
	tr, _ := r.titan(s, "rv")
	ts := tr.ts
	ts.Weapons = map[string]atii.Level{"left-arm": atii.Superficial}
	if err := tr.put(ts); err != nil {
		t.Fatal(err)
	}
	if fp, _, _ := r.TitanFirepower(s, "rv"); fp != 0 {
		t.Errorf("reaver with its gatling blaster damaged has firepower %d, want 0", fp)
	}
	mixed := titanBattle(1, nil)
	mixed.Unit("wh").Formation = "marines"
	if err := r.setupTitans(mixed); err == nil {
		t.Error("a formation mixing a titan and marines was accepted")
	}
}

// A titan's assault move that covers nothing (a stomp on a stand it
// already touches, its path ending where it stands) is logged as the
// titan staying in place, never as "an assault move of 0.0 cm" (seed
// 002; ATII-CC-3).
func TestTitanZeroAssaultMoveLogSeed002(t *testing.T) {
	r := testTitanRuleset(t)
	s := titanBattle(1, nil)
	wh, b1 := s.Unit("wh"), s.Unit("b1")
	wh.Pos = world.Vec{X: 20, Y: b1.Pos.Y - 1 - 2}
	face(wh, b1.Pos)
	atTitanStep(t, r, s, StepTitanAssault)
	if s.Pending == nil || s.Pending.Side != "imperium" {
		t.Fatalf("pending %+v, want the Imperium to move a titan", s.Pending)
	}
	c := &TitanMoveCmd{r: r, By: "imperium", Titan: "wh", Path: []atii.Waypoint{{X: wh.Pos.X, Y: wh.Pos.Y}}, Stomp: []string{"b1"}}
	if err := c.Validate(s); err != nil {
		t.Fatal(err)
	}
	evs, err := c.Apply(s, sixes(10))
	if err != nil {
		t.Fatal(err)
	}
	said := false
	for _, ev := range evs {
		if strings.Contains(ev.Text, "0.0 cm") {
			t.Errorf("logged %q", ev.Text)
		}
		if ev.Kind == rules.EvMoved && ev.Text == "wh stays in place" {
			said = true
		}
	}
	if !said {
		t.Errorf("events %v, want wh staying in place", evs)
	}
}

// PlanTitanAtDetachment is a titan's E40K volley at a detachment with
// every weapon that reaches it (seed 002: titans fire at detachments with
// their E40K firepower in the war engines' step): the Reaver 55 cm from
// the marines fires its Rocket Launcher (90 cm) only, its Gatling Blaster
// (45 cm) out of range and its Powerfist no gun; 10 cm away the Gatling
// Blaster adds its firepower 8; out of 90 cm nothing reaches them.
func TestPlanTitanAtDetachmentSeed002(t *testing.T) {
	r := testTitanRuleset(t)
	s := titanBattle(1, nil)
	for i, id := range []string{"m1", "m2", "m3", "m4", "m5"} {
		s.Unit(id).Pos = world.Vec{X: 50 + 4*float64(i), Y: 20}
	}
	rv := s.Unit("rv")
	rv.Pos, rv.Facing = world.Vec{X: 58, Y: 77.5}, 0 // facing the marines
	plan, err := r.PlanTitanAtDetachment(s, "rv", "marines")
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.Weapons) != 1 || plan.Weapons[0].Name != "Rocket Launcher" || plan.Firepower != 0 {
		t.Errorf("at 55 cm: firepower %d, weapons %+v, want the Rocket Launcher alone", plan.Firepower, plan.Weapons)
	}
	rv.Pos = world.Vec{X: 58, Y: 32.5}
	plan, err = r.PlanTitanAtDetachment(s, "rv", "marines")
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.Weapons) != 1 || plan.Firepower != 8 {
		t.Errorf("at 10 cm: firepower %d, weapons %+v, want 8 and the Rocket Launcher", plan.Firepower, plan.Weapons)
	}
	rv.Pos = world.Vec{X: 58, Y: 120}
	if _, err := r.PlanTitanAtDetachment(s, "rv", "marines"); err == nil {
		t.Error("at 97 cm: a plan, want none")
	}
}
