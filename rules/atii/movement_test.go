package atii

import (
	"math"
	"strings"
	"testing"

	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/world"
)

func fxRevenant() *catalog.Unit {
	// The seed's first example is an Eldar Revenant (Man 4); its Speed is
	// not given there, 30 cm is enough for the example.
	return &catalog.Unit{ID: "revenant", Name: "Revenant Scout Titan", System: catalog.ATII, Class: world.Titan, Profile: &sheet.Titan{TitanClass: "scout", Man: 4}, Speed: 30}
}

// ATII-MOV-4 worked example 1: a Revenant (Man 4) turning once in a wood
// rolls 3D6 = 11 and may move 11 cm through it.
func TestMOV4RevenantExample(t *testing.T) {
	u := fxRevenant()
	plan := MovePlan{Segments: []MoveSegment{{Length: 5, Dangerous: true}, {Length: 6, TurnBefore: 40, Dangerous: true}}}
	d := script(t, 3, 4, 4)
	o, err := ResolveMove(u, TitanState{}, plan, Options{}, d)
	if err != nil {
		t.Fatal(err)
	}
	d.done()
	if o.Check.DangerDice != 3 || o.Check.TurnsInDangerous != 1 {
		t.Errorf("dice %d turns in dangerous %d, want 3 and 1", o.Check.DangerDice, o.Check.TurnsInDangerous)
	}
	if o.DangerTotal != 11 || !o.Complete || o.Distance != 11 {
		t.Errorf("got %+v, want total 11 and a complete 11 cm move", o)
	}
	// One more cm would be beyond the roll.
	plan.Segments[1].Length = 7
	o, err = ResolveMove(u, TitanState{}, plan, Options{}, script(t, 3, 4, 4))
	if err != nil {
		t.Fatal(err)
	}
	if o.Complete || o.Distance != 11 {
		t.Errorf("12 cm plan: got complete=%v distance %.1f, want stopped at 11", o.Complete, o.Distance)
	}
}

// ATII-MOV-4 worked example 2: a Reaver (Man 2, Speed 20) moves 10 cm then
// enters a wood rolling 2D6 = 11: it may only move 10 cm more. A path of
// 10 + 11 cm is longer than its Speed and no roll can complete it: refused
// before rolling (issue 8: an 88.5 cm path through a wood was accepted).
func TestMOV4ReaverExample(t *testing.T) {
	long := MovePlan{Segments: []MoveSegment{{Length: 10}, {Length: 11, Dangerous: true}}}
	if _, err := CheckMove(fxReaver(), TitanState{}, long, Options{}); err == nil || !strings.Contains(err.Error(), "needs 21.0 cm of Speed") {
		t.Errorf("a 21 cm path with Speed 20 through a wood: %v, want refused", err)
	}
	long.Segments = []MoveSegment{{Length: 10}, {Length: 78.5, Dangerous: true}}
	if _, err := ResolveMove(fxReaver(), TitanState{}, long, Options{}, script(t)); err == nil {
		t.Errorf("the 88.5 cm path was accepted (and rolled for)")
	}
	plan := MovePlan{Segments: []MoveSegment{{Length: 10}, {Length: 10, Dangerous: true}}}
	d := script(t, 5, 6)
	o, err := ResolveMove(fxReaver(), TitanState{}, plan, Options{}, d)
	if err != nil {
		t.Fatal(err)
	}
	d.done()
	if o.DangerAllowance != 10 || !o.Complete || o.Distance != 20 || o.SpeedLeft != 0 {
		t.Errorf("got %+v, want allowance 10, the whole 20 cm with nothing left", o)
	}
	// A roll short of the path stops the titan where its allowance ends.
	o, err = ResolveMove(fxReaver(), TitanState{}, plan, Options{}, script(t, 2, 3))
	if err != nil {
		t.Fatal(err)
	}
	if o.DangerAllowance != 5 || o.Complete || o.Distance != 15 || o.SpeedLeft != 5 {
		t.Errorf("rolled 5: got %+v, want stopped after 15 cm", o)
	}
}

// ATII-MOV-4 worked example 3: a Warhound (Man 3, Speed 25) starts in
// rubble, uses 2 Man (2D6 = 8), is out after 5 cm and may move 17 cm more
// with one turn.
func TestMOV4WarhoundExample(t *testing.T) {
	plan := MovePlan{Segments: []MoveSegment{{Length: 5, Dangerous: true}, {Length: 17, TurnBefore: 45}}}
	d := script(t, 3, 5)
	o, err := ResolveMove(fxWarhound(), TitanState{}, plan, Options{}, d)
	if err != nil {
		t.Fatal(err)
	}
	d.done()
	if o.Check.DangerDice != 2 || !o.Complete || o.Distance != 22 || o.SpeedLeft > 1e-9 {
		t.Errorf("got %+v, want 2 dice and a complete 22 cm move ending with 0 left", o)
	}
	plan.Segments[1].Length = 17.5
	o, _ = ResolveMove(fxWarhound(), TitanState{}, plan, Options{}, script(t, 3, 5))
	if o.Complete {
		t.Errorf("17.5 cm after the rubble should be beyond the 17 cm left")
	}
}

// ATII-MOV-4: insufficient Speed after the deduction stops the titan just
// outside the dangerous terrain.
func TestMOV4StopsJustOutside(t *testing.T) {
	plan := MovePlan{Segments: []MoveSegment{{Length: 15}, {Length: 2, Dangerous: true}, {Length: 3}}}
	o, err := ResolveMove(fxReaver(), TitanState{}, plan, Options{}, script(t, 6, 6))
	if err != nil {
		t.Fatal(err)
	}
	if o.Complete || o.Distance != 17 || !strings.Contains(o.StopReason, "no Speed left") {
		t.Errorf("got %+v, want a stop at 17 cm (just outside)", o)
	}
}

// ATII-MOV-2: one turn of up to 45 degrees per Man point; turns may be
// combined into one bigger turn.
func TestMOV2Turns(t *testing.T) {
	cases := []struct {
		deg  float64
		cost int
	}{{0, 0}, {10, 1}, {45, 1}, {46, 2}, {90, 2}, {-90, 2}, {135, 3}, {180, 4}}
	for _, c := range cases {
		if got := TurnCost(c.deg); got != c.cost {
			t.Errorf("TurnCost(%v) = %d, want %d", c.deg, got, c.cost)
		}
	}
	// Reaver (Man 2) may pivot 90 on the spot, not 100.
	if _, err := CheckMove(fxReaver(), TitanState{}, MovePlan{Segments: []MoveSegment{{Length: 10, TurnBefore: 90}}}, Options{}); err != nil {
		t.Errorf("90 degree pivot for Man 2: %v", err)
	}
	if _, err := CheckMove(fxReaver(), TitanState{}, MovePlan{Segments: []MoveSegment{{Length: 10, TurnBefore: 90}}, FinalTurn: 10}, Options{}); err == nil {
		t.Errorf("three turns for Man 2 accepted")
	}
	// Speed.
	if _, err := CheckMove(fxReaver(), TitanState{}, MovePlan{Segments: []MoveSegment{{Length: 20.5}}}, Options{}); err == nil {
		t.Errorf("20.5 cm accepted for Speed 20")
	}
}

// ATII-MOV-3: backwards costs 3 cm per cm and is banned in dangerous
// terrain.
func TestMOV3Backwards(t *testing.T) {
	c, err := CheckMove(fxReaver(), TitanState{}, MovePlan{Segments: []MoveSegment{{Length: 5, Backwards: true}, {Length: 5}}}, Options{})
	if err != nil || c.Cost != 20 {
		t.Errorf("5 back + 5 forward: cost %.1f err %v, want 20", c.Cost, err)
	}
	if _, err := CheckMove(fxReaver(), TitanState{}, MovePlan{Segments: []MoveSegment{{Length: 5, Backwards: true}, {Length: 6}}}, Options{}); err == nil {
		t.Errorf("cost 21 accepted for Speed 20")
	}
	if _, err := CheckMove(fxReaver(), TitanState{}, MovePlan{Segments: []MoveSegment{{Length: 2, Backwards: true, Dangerous: true}}}, Options{}); err == nil {
		t.Errorf("backwards in dangerous terrain accepted")
	}
}

// A refused plan still says what its path costs (ATII-MOV-3: backwards cm
// count three times; ATII-CC-1: a titan in close combat may only turn):
// the move preview prints Cost beside the reason, and a refusal found
// before the cost was added up read "costs 0.0" for a path that moves.
func TestRefusedMoveKeepsItsCost(t *testing.T) {
	for _, tc := range []struct {
		name string
		plan MovePlan
		cost float64
	}{
		{"backwards in dangerous terrain (ATII-MOV-3)", MovePlan{Segments: []MoveSegment{{Length: 1}, {Length: 2, Backwards: true, Dangerous: true}}}, 7},
		{"in close combat at the start of the assault (ATII-CC-1)", MovePlan{Assault: true, InCloseCombat: true, Segments: []MoveSegment{{Length: 5.1}}}, 5.1},
		{"into impassable terrain (ATII-MOV-5)", MovePlan{Segments: []MoveSegment{{Length: 3}, {Length: 1, Impassable: true}}}, 4},
	} {
		c, err := CheckMove(fxReaver(), TitanState{}, tc.plan, Options{})
		if err == nil {
			t.Errorf("%s: accepted", tc.name)
		}
		if math.Abs(c.Cost-tc.cost) > 1e-9 || c.Length <= 0 {
			t.Errorf("%s: refused with cost %.2f and length %.2f, want cost %.2f", tc.name, c.Cost, c.Length, tc.cost)
		}
	}
}

// ATII-MOV-5 impassable terrain, ATII-MOV-6 the 10 cm exclusion.
func TestMOV5And6(t *testing.T) {
	u := fxReaver()
	if _, err := CheckMove(u, TitanState{}, MovePlan{Segments: []MoveSegment{{Length: 3}, {Length: 1, Impassable: true}}}, Options{}); err == nil {
		t.Errorf("impassable accepted")
	}
	near := MovePlan{Segments: []MoveSegment{{Length: 10}}, Enemies: []EnemyApproach{{ID: "e", Start: 20, Closest: 9.5}}}
	if _, err := CheckMove(u, TitanState{}, near, Options{}); err == nil {
		t.Errorf("move to 9.5 cm of an enemy accepted in the movement phase")
	}
	near.Assault = true
	if _, err := CheckMove(u, TitanState{}, near, Options{}); err != nil {
		t.Errorf("assault move into contact range refused: %v", err)
	}
	away := MovePlan{Segments: []MoveSegment{{Length: 10}}, Enemies: []EnemyApproach{{ID: "e", Start: 0, Closest: 0, Engaged: true}}, InCloseCombat: true}
	if _, err := CheckMove(u, TitanState{}, away, Options{}); err != nil {
		t.Errorf("titan in close combat moving away refused: %v", err)
	}
	away.Assault = true
	if _, err := CheckMove(u, TitanState{}, away, Options{}); err == nil {
		t.Errorf("assault move out of close combat accepted (only turns allowed)")
	}
	away.Segments = []MoveSegment{{Length: 0, TurnBefore: 90}}
	if _, err := CheckMove(u, TitanState{}, away, Options{}); err != nil {
		t.Errorf("turn in close combat refused: %v", err)
	}
}

// ATII-MOV-1: lowest Man first in the movement phase, highest first in the
// assault phase; starting out of order forfeits; sides alternate.
func TestMOV1Order(t *testing.T) {
	es := []OrderEntry{
		{ID: "warlord", Side: "a", Man: 1}, {ID: "reaver1", Side: "a", Man: 2}, {ID: "reaver2", Side: "a", Man: 2},
		{ID: "hound", Side: "b", Man: 3}, {ID: "reaverb", Side: "b", Man: 2},
	}
	if got := Movable(es, "a", false); strings.Join(got, ",") != "warlord,reaver1,reaver2" {
		t.Errorf("movement order %v", got)
	}
	if got := Movable(es, "b", true); strings.Join(got, ",") != "hound,reaverb" {
		t.Errorf("assault order %v", got)
	}
	es2, err := StartMove(es, "reaver1", false)
	if err != nil {
		t.Fatal(err)
	}
	if !es2[0].Forfeit || es2[2].Forfeit {
		t.Errorf("moving a Man 2 first should forfeit only the Warlord: %+v", es2)
	}
	if _, err := StartMove(es2, "warlord", false); err == nil {
		t.Errorf("forfeited warlord may still move")
	}
	if _, err := StartMove(es2, "reaver1", false); err == nil {
		t.Errorf("a titan moved twice")
	}
	if s := NextSide(es2, "a", "b", "a", false); s != "b" {
		t.Errorf("next side %q, want b", s)
	}
	es3, _ := StartMove(es2, "reaver2", false)
	if s := NextSide(es3, "a", "b", "b", false); s != "b" {
		t.Errorf("side a has nothing left: next %q, want b", s)
	}
}

// ATII-MOV-4 exact twin: the dangerous terrain allowance distribution and
// a Monte Carlo run of ResolveMove agree.
func TestMOV4OddsMatchMonteCarlo(t *testing.T) {
	u := fxReaver()
	plan := MovePlan{Segments: []MoveSegment{{Length: 6}, {Length: 7, Dangerous: true}, {Length: 4}}}
	mo, err := MoveOddsFor(u, TitanState{}, plan, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Exact: complete needs 7 <= min(T, 14) and 4 <= 14 - T, i.e. 7..10.
	want := 0.0
	for v, p := range (DiceExpr{N: 2, Sides: 6}).Dist() {
		if v >= 7 && v <= 10 {
			want += p
		}
	}
	near(t, "P(complete)", mo.Complete, want, 1e-12)
	d := newXor(7)
	const n = 40000
	ok := 0
	reach := make([]int, len(mo.Reach))
	for i := 0; i < n; i++ {
		o, err := ResolveMove(u, TitanState{}, plan, Options{}, d)
		if err != nil {
			t.Fatal(err)
		}
		if o.Complete {
			ok++
		}
		for dd := range reach {
			if o.Distance+1e-9 >= float64(dd) {
				reach[dd]++
			}
		}
	}
	near(t, "Monte Carlo P(complete)", float64(ok)/n, mo.Complete, 0.012)
	for dd := range reach {
		near(t, "Monte Carlo reach", float64(reach[dd])/n, mo.Reach[dd], 0.012)
	}
	// The overlay: with 2 dice and 14 cm left, P(>= 12) = P(2D6 >= 12).
	dr := DangerReach(2, 14)
	near(t, "P(allowance >= 12)", dr[12], 1.0/36, 1e-12)
	near(t, "P(allowance >= 0)", dr[0], 1, 1e-12)
	if r := DangerReach(2, 5); r[6] != 0 || r[5] < 30.0/36-1e-12 || r[5] > 30.0/36+1e-12 {
		t.Errorf("cap by Speed left: %v", r)
	}
}

// Damage effects on movement: legs -5 cm, head stops movement, reactor
// Major needs 4+.
func TestMovementDamageEffects(t *testing.T) {
	u := fxReaver()
	if sp := Speed(u, TitanState{Legs: Superficial}, Options{}); sp != 15 {
		t.Errorf("legs Superficial speed %v, want 15", sp)
	}
	if sp := Speed(u, TitanState{Legs: Major}, Options{}); sp != 15 {
		t.Errorf("legs Major speed %v, want 15", sp)
	}
	if _, err := CheckMove(u, TitanState{Head: Superficial}, MovePlan{Segments: []MoveSegment{{Length: 1}}}, Options{}); err == nil {
		t.Errorf("head-damaged titan moved")
	}
	s, err := ReactorMoveCheck(u, TitanState{Reactor: Major}, script(t, 3))
	if err != nil || !s.Stalled {
		t.Errorf("reactor Major roll 3: stalled=%v err=%v", s.Stalled, err)
	}
	s, _ = ReactorMoveCheck(u, TitanState{Reactor: Major}, script(t, 4))
	if s.Stalled {
		t.Errorf("reactor Major roll 4 stalled")
	}
	d := script(t)
	s, _ = ReactorMoveCheck(u, TitanState{Reactor: Superficial}, d)
	if s.Stalled || len(d.rolls) != 0 {
		t.Errorf("Superficial reactor needs no move roll")
	}
	// Disengaging (mission rules): double Speed, no shooting or close combat.
	if sp := Speed(u, TitanState{Disengaging: true, Legs: Superficial}, Options{}); sp != 30 {
		t.Errorf("disengaging with damaged legs: speed %v, want (20-5)*2", sp)
	}
	if CanFire(u, TitanState{Disengaging: true}, "carapace", nil) == nil {
		t.Errorf("disengaging titan may shoot")
	}
	if ws, _ := CCWeapons(Combatant{ID: "r", Unit: u, State: TitanState{Disengaging: true}}, Options{}); len(ws) != 0 {
		t.Errorf("disengaging titan fights: %+v", ws)
	}
	// Overcharging engines (advanced) doubles Speed.
	if sp := Speed(u, TitanState{Overcharged: true}, Options{Overcharge: true}); sp != 40 {
		t.Errorf("overcharged speed %v, want 40", sp)
	}
}

// ATII-MOV-1/2/4: a titan may move up to its Speed, so a path costing
// exactly the allowance is legal even when its legs, measured from drawn
// points, add up to Speed only within the project's tolerance (world.Eps);
// a path a hair too long is refused saying by how much, never "needs
// 20.0 cm, has 20.0" (play-through: a 20 cm path of a Speed 20 Reaver).
func TestMOV4PathOfExactlySpeedIsLegal(t *testing.T) {
	u := fxReaver()
	// Ten legs of 2 cm measured from points 0.1 apart: the float sum is
	// not exactly 20.
	var plan MovePlan
	for i := 0; i < 10; i++ {
		l := 0.0
		for j := 0; j < 20; j++ {
			l += 0.1
		}
		plan.Segments = append(plan.Segments, MoveSegment{Length: l})
	}
	c, err := CheckMove(u, TitanState{}, plan, Options{})
	if err != nil {
		t.Fatalf("a path of exactly Speed %v (cost %.17g) refused: %v", c.Speed, c.Cost, err)
	}
	plan = MovePlan{Segments: []MoveSegment{{Length: 20 + world.Eps/2}}}
	if _, err := CheckMove(u, TitanState{}, plan, Options{}); err != nil {
		t.Errorf("20 cm + Eps/2 refused: %v", err)
	}
	plan = MovePlan{Segments: []MoveSegment{{Length: 20.03}}}
	_, err = CheckMove(u, TitanState{}, plan, Options{})
	if err == nil || !strings.Contains(err.Error(), "needs 20.03 cm") || !strings.Contains(err.Error(), "0.03 cm too long") {
		t.Errorf("a 20.03 cm path: %v, want refused saying 20.03 and 0.03 cm too long", err)
	}
}
