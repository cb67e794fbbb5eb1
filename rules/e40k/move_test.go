package e40k

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

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
		// The log says how far it moved, then why it stopped there.
		if c.halted && !c.destroyed {
			var texts []string
			for _, e := range evs {
				texts = append(texts, e.Text)
			}
			if len(texts) != 2 || !strings.HasPrefix(texts[0], "lr1 moves ") || !strings.Contains(texts[1], "halted by dangerous terrain") {
				t.Errorf("faces %v: events %q, want the move, then the halt", c.faces, texts)
			}
		}
	}
	// A war engine halted where it entered and hit there takes a DC and
	// has moved to the entry point: marked as moved, the distance counted
	// and the move logged before the halt and the hit. A game saved
	// before format 5 keeps the old reading (QuirkHaltHitUnmoved): it
	// stood there unmoved.
	for _, quirk := range []bool{false, true} {
		s := atStep(smallBattle(1, nil), StepMovement, KindMove, "orks", "gargant")
		if quirk {
			s.Quirks = []string{QuirkHaltHitUnmoved}
		}
		setOrders(s, "gargant", OrderAssault)
		s.Unit("garg").Pos = world.Vec{X: 30, Y: 42}
		evs, _, err := r.applyMoves(s, rules.Scripted(1, 1), "gargant", []UnitMove{{Unit: "garg", To: world.Vec{X: 30, Y: 52}}}, false)
		if err != nil {
			t.Fatal(err)
		}
		g := s.Unit("garg")
		if g.Destroyed || g.Markers.Value(MarkDamage) != 1 || g.Pos.Y >= 50 || g.Pos.Y <= 42 {
			t.Errorf("quirk %v: gargant at %v destroyed=%v damage=%d", quirk, g.Pos, g.Destroyed, g.Markers.Value(MarkDamage))
		}
		var kinds []string
		for _, e := range evs {
			kinds = append(kinds, e.Kind)
		}
		want, moved, dist := []string{rules.EvMoved, rules.EvMessage, rules.EvDamaged}, true, g.Pos.Y-42
		if quirk {
			want, moved, dist = []string{rules.EvMessage, rules.EvDamaged}, false, 0
		}
		if !slices.Equal(kinds, want) || g.Moved != moved || math.Abs(g.MovedDist-dist) > 1e-9 {
			t.Errorf("quirk %v: events %v, moved %v %.2f cm; want %v, %v %.2f cm", quirk, kinds, g.Moved, g.MovedDist, want, moved, dist)
		}
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

// REM-MOV-1: in an assault move, jump packs may pass over enemies already
// in base contact, only with the option; never over uncontacted ones.
func TestJumpOverContactedREMMOV1(t *testing.T) {
	r := testRuleset(t)
	for _, c := range []struct {
		opts map[string]string
		ok   bool
	}{{nil, false}, {map[string]string{OptMoveThrough: "on"}, true}} {
		s := atStep(smallBattle(1, c.opts), StepAssault, KindAssault, "imperium", "marines")
		setOrders(s, "marines", OrderAssault)
		m2 := s.Unit("m2")
		m2.Type = "t-assault-marine"
		m2.Pos = world.Vec{X: 50, Y: 40}
		// b1 at (50, 50) is held by m1 at (50, 52); b2 at (50, 56) behind it.
		s.Unit("m1").Pos = world.Vec{X: 52, Y: 50}
		s.Unit("b1").Pos = world.Vec{X: 50, Y: 50}
		s.Unit("b2").Pos = world.Vec{X: 50, Y: 56}
		s.Unit("m3").Pos = world.Vec{X: 40, Y: 30}
		s.Unit("m4").Pos = world.Vec{X: 44, Y: 30}
		s.Unit("m5").Pos = world.Vec{X: 48, Y: 30}
		if _, err := r.commandCheck(s); err != nil {
			t.Fatal(err)
		}
		err := (&AssaultCmd{r: r, By: "imperium", Detachment: "marines", Moves: []UnitMove{{Unit: "m2", To: world.Vec{X: 50, Y: 54}}}}).Validate(s)
		if (err == nil) != c.ok {
			t.Errorf("options %v: jump over contacted b1: %v", c.opts, err)
		}
	}
}

// MoveChecker keeps exactly the charge moves the assault command accepts
// (E40K-CC-2: the third attacker on one marine is refused), also when its
// lists come back from a released checker; after Release it refuses to
// check and still reports the moves it kept.
func TestMoveCheckerReleaseE40KCC2(t *testing.T) {
	r := testRuleset(t)
	for round := 0; round < 2; round++ {
		s := atStep(smallBattle(1, nil), StepAssault, KindAssault, "orks", "boyz")
		setOrders(s, "boyz", OrderAssault)
		s.Unit("m1").Pos = world.Vec{X: 30, Y: 80}
		for id, x := range map[string]float64{"b1": 22, "b2": 38, "b3": 30} {
			s.Unit(id).Pos = world.Vec{X: x, Y: 90}
		}
		mc, err := r.NewMoveChecker(s, "orks", "boyz", true)
		if err != nil {
			t.Fatal(err)
		}
		for _, mv := range []UnitMove{{Unit: "b1", To: world.Vec{X: 28, Y: 80}}, {Unit: "b2", To: world.Vec{X: 32, Y: 80}}} {
			if err := mc.Try(mv); err != nil {
				t.Fatalf("round %d: %s refused: %v", round, mv.Unit, err)
			}
		}
		if err := mc.Try(UnitMove{Unit: "b3", To: world.Vec{X: 30, Y: 82}}); err == nil || !strings.Contains(err.Error(), "E40K-CC-2") {
			t.Errorf("round %d: third attacker: %v", round, err)
		}
		if err := (&AssaultCmd{r: r, By: "orks", Detachment: "boyz", Moves: mc.Moves()}).Validate(s); err != nil {
			t.Errorf("round %d: kept moves do not validate: %v", round, err)
		}
		mc.Release()
		if err := mc.Try(UnitMove{Unit: "b4", To: world.Vec{X: 40, Y: 80}}); err == nil {
			t.Errorf("round %d: a released checker still checks", round)
		}
		if n := len(mc.Moves()); n != 2 {
			t.Errorf("round %d: %d moves kept after release, want 2", round, n)
		}
	}
}

// Legal calls its suggested assault move a charge only when a stand ends
// it in base contact (no contact, no close combat: E40K-CC-1); boyz too
// far to reach the marines are offered an advance on them instead.
func TestSuggestedAssaultIsAChargeOnlyInContactE40KCC1(t *testing.T) {
	r := testRuleset(t)
	label := func(s *rules.State) string {
		for _, c := range r.Legal(s, "orks") {
			if ac, ok := c.Cmd.(*AssaultCmd); ok && len(ac.Moves) > 0 {
				return c.Text
			}
		}
		return ""
	}
	s := atStep(smallBattle(1, nil), StepAssault, KindAssault, "orks", "boyz")
	setOrders(s, "boyz", OrderAssault)
	for i, id := range []string{"b1", "b2", "b3", "b4", "b5", "b6"} {
		s.Unit(id).Pos = world.Vec{X: 20 + 5*float64(i), Y: 34}
	}
	if got := label(s); got != "boyz charges the closest enemy" {
		t.Errorf("boyz in reach: %q", got)
	}
	// 30 cm further from the marines: out of reach of a 10 cm Speed.
	away := s.Unit("b1").Pos.Sub(s.Unit("m1").Pos)
	away = away.Scale(30 / away.Len())
	for _, id := range []string{"b1", "b2", "b3", "b4", "b5", "b6"} {
		s.Unit(id).Pos = s.Unit(id).Pos.Add(away)
	}
	if got := label(s); got != "boyz advances on the closest enemy (no stand reaches base contact)" {
		t.Errorf("boyz out of reach: %q", got)
	}
}

// A tank starting in dangerous terrain (digest section 2, terrain) and
// halted by a 1 where it stands has not gone anywhere: the log says it
// stays in place, not that it "moves 0.0 cm", then why.
func TestHaltedWhereItStandsSaysSoE40K(t *testing.T) {
	r := testRuleset(t)
	s := atStep(smallBattle(1, nil), StepMovement, KindMove, "imperium", "armour")
	setOrders(s, "armour", OrderAssault)
	s.Unit("lr1").Pos = world.Vec{X: 30, Y: 57} // inside the wood (y 50..65)
	evs, _, err := r.applyMoves(s, rules.Scripted(1, 3), "armour", []UnitMove{{Unit: "lr1", To: world.Vec{X: 30, Y: 45}}}, false)
	if err != nil {
		t.Fatal(err)
	}
	if u := s.Unit("lr1"); u.Pos.Dist(world.Vec{X: 30, Y: 57}) > 0.05 {
		t.Fatalf("lr1 at %v, want halted where it stood", u.Pos)
	}
	var texts []string
	for _, e := range evs {
		texts = append(texts, e.Text)
	}
	if len(texts) != 2 || texts[0] != "lr1 stays in place" || !strings.Contains(texts[1], "halted by dangerous terrain") {
		t.Errorf("events %q, want it staying in place, then the halt", texts)
	}
}
