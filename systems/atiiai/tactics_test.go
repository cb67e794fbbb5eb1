package atiiai_test

import (
	"context"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/auspex/auspex/ai/search"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/systems/atiiai"
	"github.com/auspex/auspex/world"
)

// place puts unit id at (x, y) facing f.
func place(t *testing.T, s *rules.State, id string, x, y, f float64) {
	t.Helper()
	u := s.Unit(id)
	if u == nil {
		t.Fatalf("no unit %s", id)
	}
	u.Pos, u.Facing = world.Vec{X: x, Y: y}, f
}

// duelPair is the duel's red and blue titans.
func duelPair(s *rules.State) (red, blue string) {
	for _, u := range s.Units {
		switch u.Side {
		case "red":
			red = u.ID
		case "blue":
			blue = u.ID
		}
	}
	return red, blue
}

// without is the default weights without the terms named.
func without(terms ...string) atiiai.Weights {
	w := atiiai.DefaultWeights()
	for _, term := range terms {
		w = withoutOne(w, term)
	}
	return w
}

func withoutOne(w atiiai.Weights, term string) atiiai.Weights {
	switch term {
	case "threat": // the exchange of fire, estimated or exact
		w.Threat, w.Exposure, w.Exchange = 0, 0, 0
	case "flank":
		w.Rear, w.Flank = 0, 0
	case "terrain":
		w.Danger = 0
	case "objective":
		w.Objective = 0
	}
	return w
}

func term(sc search.Score, name string) float64 {
	for _, t := range sc.Terms {
		if t.Name == name {
			return t.Value
		}
	}
	return math.NaN()
}

// TestFlankTermPrefersSideQuadrant: two places 30 cm from the enemy, both
// in its front half (so the range-and-arc threat term scores them alike),
// one dead ahead of it and one in its side hit quadrant (ATII-SHO hit
// tables by quadrant). Without the flank term (and the firepower term,
// which weighs the arcs on both sides) the two are equal, so the search
// would keep its first; with it the side quadrant wins.
func TestFlankTermPrefersSideQuadrant(t *testing.T) {
	rs, s := duelState(t)
	red, blue := duelPair(s)
	place(t, s, blue, 60, 40, 90) // facing east
	front, side := s.Clone(), s.Clone()
	place(t, front, red, 90, 40, 270) // dead ahead, facing blue
	// 80 degrees off blue's facing: its side quadrant, still its front half
	at := world.Vec{X: 60, Y: 40}.Add(world.Heading(90 + 80).Scale(30))
	place(t, side, red, at.X, at.Y, world.Bearing(world.Vec{X: 60, Y: 40}.Sub(at)))
	plain := atiiai.Evaluator{RS: rs, W: without("flank", "threat")}
	if a, b := plain.Evaluate(front, "red").Value, plain.Evaluate(side, "red").Value; math.Abs(a-b) > 1e-9 {
		t.Fatalf("without the flank term: front %v, side %v; want equal", a, b)
	}
	ev := atiiai.Evaluator{RS: rs, W: estimateWeights()}
	f, sd := ev.Evaluate(front, "red"), ev.Evaluate(side, "red")
	if sd.Value <= f.Value || term(sd, "flank") <= 0 || term(f, "flank") != 0 {
		t.Errorf("side %v (flank %v) should beat front %v (flank %v)", sd.Value, term(sd, "flank"), f.Value, term(f, "flank"))
	}
}

// TestFlankTermKeepsOwnSideOutOfArcs: in front of the enemy, turning
// side-on (the enemy then sits at the edge of its own front half, in its
// side quadrant) scores below facing it squarely; without the flank and
// firepower terms the two are equal.
func TestFlankTermKeepsOwnSideOutOfArcs(t *testing.T) {
	rs, s := duelState(t)
	red, blue := duelPair(s)
	place(t, s, blue, 60, 40, 90)
	square, sideOn := s.Clone(), s.Clone()
	place(t, square, red, 90, 40, 270)
	place(t, sideOn, red, 90, 40, 0) // blue is 90 degrees to its left
	plain := atiiai.Evaluator{RS: rs, W: without("flank", "threat")}
	if a, b := plain.Evaluate(square, "red").Value, plain.Evaluate(sideOn, "red").Value; math.Abs(a-b) > 1e-9 {
		t.Fatalf("without the flank term: square %v, side-on %v; want equal", a, b)
	}
	ev := atiiai.Evaluator{RS: rs, W: estimateWeights()}
	if a, b := ev.Evaluate(square, "red"), ev.Evaluate(sideOn, "red"); a.Value <= b.Value || term(b, "flank") >= 0 {
		t.Errorf("square %v should beat side-on %v (flank %v)", a.Value, b.Value, term(b, "flank"))
	}
}

// TestDangerTermPricesWoodsFromTheDice: standing in the Tanglewood (woods:
// dangerous for titans) costs Danger x points x E[min(Man D6, Speed)] /
// Speed (ATII-MOV-4), computed here from the dice independently; without
// the term a spot in the wood and one just outside score alike.
func TestDangerTermPricesWoodsFromTheDice(t *testing.T) {
	rs, s := duelState(t)
	red, blue := duelPair(s)
	if rs.Terrain(s).PassageFor("woods", world.Titan) != world.Dangerous {
		t.Skip("woods are not dangerous for titans in this terrain table")
	}
	place(t, s, blue, 100, 110, 0)
	in, out := s.Clone(), s.Clone()
	place(t, in, red, 25, 28, 180)
	place(t, out, red, 50, 28, 180)
	plain := atiiai.Evaluator{RS: rs, W: without("terrain")}
	if a, b := plain.Evaluate(in, "red").Value, plain.Evaluate(out, "red").Value; math.Abs(a-b) > 1e-9 {
		t.Fatalf("without the danger term: in %v, out %v; want equal", a, b)
	}
	ev := atiiai.Evaluator{RS: rs, W: atiiai.DefaultWeights()}
	a, b := ev.Evaluate(in, "red"), ev.Evaluate(out, "red")
	prof, err := rs.Catalogue().Unit(in.Unit(red).Type)
	if err != nil {
		t.Fatal(err)
	}
	// E[min(total of Man D6, Speed)] by enumerating the dice.
	var e float64
	var walk func(n int, sum int, p float64)
	walk = func(n, sum int, p float64) {
		if n == 0 {
			e += p * math.Min(float64(sum), prof.Speed)
			return
		}
		for f := 1; f <= 6; f++ {
			walk(n-1, sum+f, p/6)
		}
	}
	walk(sheet.Of(prof).Man, 0, 1)
	want := -atiiai.DefaultWeights().Danger * float64(prof.Points) * e / prof.Speed
	if got := term(a, "terrain"); math.Abs(got-want) > 1e-9 || term(b, "terrain") != 0 {
		t.Errorf("terrain term in the wood %v (want %v), outside %v (want 0)", got, want, term(b, "terrain"))
	}
	if a.Value >= b.Value {
		t.Errorf("in the wood %v should score below outside %v", a.Value, b.Value)
	}
}

// TestObjectiveTermHoldsTheRelay: the duel's victory conditions give each
// side a Minor victory for holding the relay at the end; BuildGoals finds
// them, holding the relay (within 10 cm, ATII hold distance) outscores
// standing off, and an enemy titan as close contests it.
func TestObjectiveTermHoldsTheRelay(t *testing.T) {
	rs, s := duelState(t)
	red, blue := duelPair(s)
	goals := atiiai.BuildGoals(rs, s)
	sides := map[string]bool{}
	for _, g := range goals.List {
		if g.At != (world.Vec{X: 60, Y: 66}) {
			t.Errorf("goal %+v: want the relay at (60, 66)", g)
		}
		sides[g.Side] = true
	}
	if !sides["red"] || !sides["blue"] {
		t.Fatalf("goals %+v: want the relay for both sides", goals.List)
	}
	place(t, s, blue, 110, 110, 90) // facing away east
	hold, off := s.Clone(), s.Clone()
	place(t, hold, red, 60, 72, 0) // facing away north
	place(t, off, red, 20, 100, 0)
	plain := atiiai.Evaluator{RS: rs, W: without("threat")} // the reach term sees the gaps differ
	if a, b := plain.Evaluate(hold, "red").Value, plain.Evaluate(off, "red").Value; math.Abs(a-b) > 1e-9 {
		t.Fatalf("without goals: holding %v, off %v; want equal", a, b)
	}
	ev := atiiai.Evaluator{RS: rs, W: without("threat"), Goals: goals}
	h, o := ev.Evaluate(hold, "red"), ev.Evaluate(off, "red")
	if h.Value <= o.Value || term(h, "objective") <= 0 {
		t.Errorf("holding %v (objective %v) should beat standing off %v", h.Value, term(h, "objective"), o.Value)
	}
	contested := hold.Clone()
	place(t, contested, blue, 60, 72, 0)
	if c := term(ev.Evaluate(contested, "red"), "objective"); c >= term(h, "objective") {
		t.Errorf("a contested relay scores %v, want less than held %v", c, term(h, "objective"))
	}
}

// TestMissionGoalsOnlyOwnCard: in a secret mission, a side's view holds
// only its own card. Its own goals come from that card; the enemy's are
// guessed from what is public (the deck, and the deployment map the two
// cards' types chose), so two games that differ only in which card of
// the same type the enemy drew give the same goals: no secret leaks
// into them. The guessed goals weigh at most the whole card (each card
// by its chance), and more than one card's places are among them.
func TestMissionGoalsOnlyOwnCard(t *testing.T) {
	g := newGame(t, "titan-mission", 5)
	for i := 0; i < 50 && g.State().Step != atii.StepDeploy; i++ {
		v := g.ViewFor(g.Engine.Decider())
		cmd, err := atiiai.Greedy{}.Decide(context.Background(), v)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Submit(cmd); err != nil {
			t.Fatal(err)
		}
	}
	rs := g.Ruleset.(*atii.Ruleset)
	var prog atii.GameProgress
	if ok, err := g.State().GetExt(atii.ExtGame, &prog); !ok || err != nil || len(prog.Cards) != 2 || prog.Map == "" {
		t.Fatalf("no mission drawn by the deployment: %+v (%v)", prog, err)
	}
	for _, side := range []string{"red", "blue"} {
		enemy := map[string]string{"red": "blue", "blue": "red"}[side]
		var views [][]atiiai.Goal
		for _, c := range atii.StandInObjectives() {
			if c.Type != prog.Cards[enemy].Type {
				continue
			}
			full := g.State().Clone()
			p := prog
			p.Cards = map[string]atii.ObjectiveCard{side: prog.Cards[side], enemy: c}
			if err := full.SetExt(atii.ExtGame, p); err != nil {
				t.Fatal(err)
			}
			view, err := rules.Observe(rs, full, side)
			if err != nil {
				t.Fatal(err)
			}
			views = append(views, atiiai.BuildGoals(rs, view).List)
		}
		if len(views) < 2 {
			t.Fatalf("fewer than two cards of type %s", prog.Cards[enemy].Type)
		}
		for _, v := range views[1:] {
			if !reflect.DeepEqual(v, views[0]) {
				t.Errorf("%s's goals change with the enemy's hidden card:\n%+v\n%+v", side, views[0], v)
			}
		}
		own, theirs, places := 0.0, 0.0, map[world.Vec]bool{}
		for _, goal := range views[0] {
			if goal.Side == side {
				own += goal.Weight
			} else {
				theirs += goal.Weight
				places[goal.At] = true
			}
		}
		if own != 0 && math.Abs(own-1) > 1e-9 {
			t.Errorf("%s's own goals weigh %v, want 1 (or none: a card naming no place)", side, own)
		}
		if theirs <= 0 || theirs > 1+1e-9 || len(places) < 2 {
			t.Errorf("%s's guess of %s's goals weighs %v over %d places, want a share of one card over several", side, enemy, theirs, len(places))
		}
	}
}

// moveSetup is the duel at its first move template with the mover and
// its enemy placed: the domain, the state and the two ids.
func moveSetup(t *testing.T, mx, my, mf, ex, ey, ef float64) (atiiai.Domain, *rules.State, string, string, string) {
	t.Helper()
	g := newGame(t, "titan-duel", 3)
	tmpl, side := greedyUntil(t, g, atii.CmdMove)
	v := g.ViewFor(side)
	st := v.State.Clone()
	me := tmpl.Units[0]
	var enemy string
	for _, u := range st.Units {
		if u.Side != side {
			enemy = u.ID
		}
	}
	place(t, st, me, mx, my, mf)
	place(t, st, enemy, ex, ey, ef)
	rs := g.Ruleset.(*atii.Ruleset)
	dom := atiiai.Domain{RS: rs, Sim: v.Sim, Eval: atiiai.Evaluator{RS: rs, W: estimateWeights(), Goals: atiiai.BuildGoals(rs, st)}}
	return dom, st, side, me, enemy
}

// endOf is where a move action ends and the facing there.
func endOfAction(t *testing.T, st *rules.State, a search.Action) (world.Vec, float64) {
	t.Helper()
	mv, ok := a.Cmd.(*atii.MoveCmd)
	if !ok || len(mv.Path) == 0 {
		t.Fatalf("%q is not a move", a.Text)
	}
	last := mv.Path[len(mv.Path)-1]
	f := st.Unit(a.Unit).Facing
	if last.Facing != nil {
		f = *last.Facing
	}
	return world.Vec{X: last.X, Y: last.Y}, f
}

func find(acts []search.Action, text string) (search.Action, bool) {
	for _, a := range acts {
		if strings.Contains(a.Text, text) {
			return a, true
		}
	}
	return search.Action{}, false
}

// TestTacticalMovesRoundOnTheFlank: with the enemy side-on nearby, the
// domain offers a move into its rear or side quadrant ending with a
// weapon on it, the base generator offers none, and a one-decision search
// takes it over every base candidate.
func TestTacticalMovesRoundOnTheFlank(t *testing.T) {
	dom, st, side, me, enemy := moveSetup(t, 60, 20, 180, 60, 42, 90)
	acts, err := dom.Actions(st, side)
	if err != nil {
		t.Fatal(err)
	}
	a, ok := find(acts, "round on")
	if !ok {
		t.Fatalf("no flanking move among %d actions", len(acts))
	}
	end, f := endOfAction(t, st, a)
	e := st.Unit(enemy)
	q := atii.Quadrant(world.Bearing(end.Sub(e.Pos)) - e.Facing)
	if q == sheet.Front {
		t.Errorf("%q ends in %s's front quadrant at %v", a.Text, enemy, end)
	}
	rel := world.RelDeg(world.Bearing(e.Pos.Sub(end)) - f)
	if math.Abs(rel) > 1 {
		t.Errorf("%q ends facing %v, %v degrees off %s", a.Text, f, rel, enemy)
	}
	cfg := search.Config{MaxDepth: 1, Samples: 1, Workers: 1, Seed: 7}
	base := dom
	base.TacticalMoves = -1
	rb, err := search.Search(context.Background(), dom.Sim, base, st, side, cfg)
	if err != nil {
		t.Fatal(err)
	}
	rt, err := search.Search(context.Background(), dom.Sim, dom, st, side, cfg)
	if err != nil {
		t.Fatal(err)
	}
	bb, _ := rb.Best()
	bt, _ := rt.Best()
	if bt.Value <= bb.Value {
		t.Errorf("with tactical moves the best is %q (%v), without %q (%v): want better", bt.Text, bt.Value, bb.Text, bb.Value)
	}
	t.Logf("without: %q %+.1f; with: %q %+.1f (%s)", bb.Text, bb.Value, bt.Text, bt.Value, me)
}

// weaponsOn counts e's weapons with at in arc and range (centre to
// centre, with 4 cm for the bases; unlimited ranges reach everywhere).
func weaponsOn(t *testing.T, dom atiiai.Domain, e *rules.Unit, at world.Vec) int {
	t.Helper()
	prof, err := dom.RS.Catalogue().Unit(e.Type)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	rel := world.RelDeg(world.Bearing(at.Sub(e.Pos)) - e.Facing)
	for _, m := range sheet.Of(prof).Mounts {
		id, _ := e.Loadout.Get(m.ID)
		w, err := dom.RS.Catalogue().Weapon(id)
		if err != nil {
			continue
		}
		in, _ := atii.InArc(m.Arc, rel)
		if in && (w.Unlimited || at.Dist(e.Pos) <= w.Range+4) {
			n++
		}
	}
	return n
}

// TestTacticalMovesOutOfArcs: beside an enemy facing north (its arm and
// carapace arcs all look ahead), a titan that is not losing is not
// offered to disengage; once it has taken two Major wounds (20 % of its
// points, more than LosingShare behind), the domain offers a move out of
// every arc of the enemy's weapons, and that move ends where none bears.
func TestTacticalMovesOutOfArcs(t *testing.T) {
	dom, st, side, me, enemy := moveSetup(t, 75, 34, 270, 60, 35, 0)
	e := st.Unit(enemy)
	if weaponsOn(t, dom, e, world.Vec{X: 75, Y: 34}) == 0 {
		t.Fatal("the start is already out of the enemy's arcs")
	}
	acts, err := dom.Actions(st, side)
	if err != nil {
		t.Fatal(err)
	}
	if a, ok := find(acts, "out of the enemy's arcs"); ok {
		t.Errorf("not losing, the domain still offers %q", a.Text)
	}
	damage(t, st, me, func(ts *atii.TitanState) { ts.Legs, ts.VSG = atii.Major, atii.Major })
	if acts, err = dom.Actions(st, side); err != nil {
		t.Fatal(err)
	}
	a, ok := find(acts, "out of the enemy's arcs")
	if !ok {
		t.Fatalf("no move out of the enemy's arcs among %d actions", len(acts))
	}
	end, _ := endOfAction(t, st, a)
	if n := weaponsOn(t, dom, e, end); n != 0 {
		t.Errorf("%q ends at %v with %d of %s's weapons on it", a.Text, end, n, enemy)
	}
}

// TestTacticalMovesJustOutOfRange: just inside the longest (limited)
// range of an enemy facing it, a titan that is losing (two Major wounds) is
// offered a move to just beyond that range (base edges), facing the enemy.
func TestTacticalMovesJustOutOfRange(t *testing.T) {
	dom, st, side, me, enemy := moveSetup(t, 60, 40, 90, 110, 40, 270)
	e := st.Unit(enemy)
	prof, err := dom.RS.Catalogue().Unit(e.Type)
	if err != nil {
		t.Fatal(err)
	}
	long := 0.0
	for _, m := range sheet.Of(prof).Mounts {
		id, _ := e.Loadout.Get(m.ID)
		if w, err := dom.RS.Catalogue().Weapon(id); err == nil && !w.Unlimited {
			long = math.Max(long, w.Range)
		}
	}
	// 3 cm inside: a step back (ATII-MOV-3: backwards costs triple) gets
	// it out, still facing the enemy.
	mp, err := dom.RS.Catalogue().Unit(st.Unit(me).Type)
	if err != nil {
		t.Fatal(err)
	}
	radii := mp.Base.Radius + prof.Base.Radius
	place(t, st, me, 110-(long+radii+4+1-3), 40, 90)
	damage(t, st, me, func(ts *atii.TitanState) { ts.Legs, ts.VSG = atii.Major, atii.Major })
	acts, err := dom.Actions(st, side)
	if err != nil {
		t.Fatal(err)
	}
	a, ok := find(acts, "just out of")
	if !ok {
		t.Fatalf("no move just out of range among %d actions", len(acts))
	}
	end, f := endOfAction(t, st, a)
	if d := end.Dist(e.Pos) - radii; d <= long+4 || d > long+10 {
		t.Errorf("%q ends %.1f cm from %s, want just beyond %.0f+4", a.Text, d, enemy, long)
	}
	if rel := world.RelDeg(world.Bearing(e.Pos.Sub(end)) - f); math.Abs(rel) > 1 && !strings.Contains(a.Text, "turning its back") {
		t.Errorf("%q ends %v degrees off facing %s", a.Text, rel, enemy)
	}
}

// TestTacticalMovesMakeForTheRelay: far from the enemy and 24 cm from the
// relay (this side of the river), the domain offers a move onto it, and a one-decision search picks
// a move ending within the hold distance; without the goals (the
// objective term and the move) it does not.
func TestTacticalMovesMakeForTheRelay(t *testing.T) {
	dom, st, side, _, _ := moveSetup(t, 50, 88, 0, 115, 115, 0)
	if side == "" {
		t.Fatal("no side")
	}
	acts, err := dom.Actions(st, side)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := find(acts, "Comms relay"); !ok {
		t.Fatalf("no move for the relay among %d actions", len(acts))
	}
	relay := world.Vec{X: 60, Y: 66}
	cfg := search.Config{MaxDepth: 1, Samples: 1, Workers: 1, Seed: 7}
	holds := func(d atiiai.Domain) (bool, string) {
		r, err := search.Search(context.Background(), d.Sim, d, st, side, cfg)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := r.Best()
		end, _ := endOfAction(t, st, b.Action)
		u := st.Unit(b.Unit)
		bs := world.Base{Pos: end, Facing: u.Facing}
		if p, err := d.RS.Catalogue().Unit(u.Type); err == nil {
			bs.Foot = p.Base
		}
		return world.MeasurePoint(bs, relay).Dist <= atii.HoldDistance, b.Text
	}
	if ok, text := holds(dom); !ok {
		t.Errorf("with goals the AI plays %q, not onto the relay", text)
	}
	plain := dom
	plain.Eval.Goals = nil
	if ok, text := holds(plain); ok {
		t.Errorf("without goals the AI still plays %q onto the relay", text)
	}
}

// TestDangerousMovesPricedFromTheDice: just north of the river, the walk
// toward the relay crosses it with less than an even chance of getting
// all the way (ATII-MOV-4, exact odds of the Man D6); the domain offers
// no tactical move (toward the relay) that risky, and every dangerous
// move it offers says its chance.
func TestDangerousMovesPricedFromTheDice(t *testing.T) {
	dom, st, side, me, _ := moveSetup(t, 60, 45, 180, 115, 115, 0)
	pv, err := dom.RS.PlanMove(st, dom.RS.Move(side, me, atii.Waypoint{X: 60, Y: 63}))
	if err != nil || pv.Odds == nil || pv.Odds.Complete >= atiiai.MinComplete {
		t.Fatalf("the walk onto the relay: odds %+v, err %v; want a risky crossing", pv.Odds, err)
	}
	acts, err := dom.Actions(st, side)
	if err != nil {
		t.Fatal(err)
	}
	moves := 0
	for _, a := range acts {
		mv, ok := a.Cmd.(*atii.MoveCmd)
		if !ok {
			continue
		}
		moves++
		pv, err := dom.RS.PlanMove(st, mv)
		if err != nil || pv.Odds == nil {
			continue
		}
		if strings.Contains(a.Text, "make for") && pv.Odds.Complete < atiiai.MinComplete {
			t.Errorf("%q gets through with %.2f, below %.2f", a.Text, pv.Odds.Complete, atiiai.MinComplete)
		}
		if pv.Odds.Complete < 1 && !strings.Contains(a.Text, "to get through") {
			t.Errorf("%q crosses dangerous terrain without saying its chance", a.Text)
		}
	}
	if moves == 0 {
		t.Fatal("no moves offered")
	}
}

// TestTacticalMovesRefuseLikelyStops: a tactical end point is kept only
// when the titan gets all the way with at least MinComplete (ATII-MOV-4:
// in dangerous terrain a D6 per unspent Man point is the distance it may
// go), so that the candidate walk tries the next, shorter one instead
// of offering a move the search then drops. In the duel's river, facing
// its enemy in base contact, a Reaver (Man 2) that pivots 90 degrees to
// step out sideways has no Man point left to roll: the rules accept the
// move, which stops at once. The same step from dry ground is kept.
func TestTacticalMovesRefuseLikelyStops(t *testing.T) {
	dom, st, side, me, enemy := moveSetup(t, 58.35, 61.28, 160.8, 60, 66, 340)
	u, e := st.Unit(me), st.Unit(enemy)
	sideways := world.Bearing(u.Pos.Sub(e.Pos)) - 90
	to := u.Pos.Add(world.Heading(sideways).Scale(5))
	mv := dom.RS.Move(side, me, atii.Waypoint{X: to.X, Y: to.Y})
	if err := mv.Validate(st); err != nil {
		t.Fatalf("the sideways step: %v, want it legal", err)
	}
	pv, err := dom.RS.PlanMove(st, mv)
	if err != nil || pv.Odds == nil || pv.Odds.Complete >= atiiai.MinComplete {
		t.Fatalf("the sideways step's odds %+v (err %v): want it to stop short", pv.Odds, err)
	}
	if atiiai.TacticalAccepts(dom.RS, st, mv) {
		t.Errorf("a step with %.2f to get through is kept as a tactical move", pv.Odds.Complete)
	}
	dry := st.Clone()
	place(t, dry, me, 60, 30, 160.8)
	place(t, dry, enemy, 61.65, 34.72, 340)
	u = dry.Unit(me)
	to = u.Pos.Add(world.Heading(sideways).Scale(5))
	mv = dom.RS.Move(side, me, atii.Waypoint{X: to.X, Y: to.Y})
	if !atiiai.TacticalAccepts(dom.RS, dry, mv) {
		t.Errorf("the same step on dry ground is refused (%v)", mv.Validate(dry))
	}
}

// TestMakeForWalksRoundAWood: ATII-MOV-4 lets a Reaver (Speed 20, Man 2)
// walk only the total of 2D6 cm in a wood, so a titan making for the
// duel's relay with Tanglewood in the way is offered the walk round it:
// a move that enters no dangerous terrain (every die is avoided) and
// still ends nearer the relay. The straight walk at the relay from there
// does enter the wood.
func TestMakeForWalksRoundAWood(t *testing.T) {
	dom, st, side, me, _ := moveSetup(t, 10, 10, 135, 100, 110, 0)
	relay := world.Vec{X: 60, Y: 66}
	u := st.Unit(me)
	straight := dom.RS.Move(side, me, atii.Waypoint{X: u.Pos.X, Y: u.Pos.Y, Facing: atii.Face(world.Bearing(relay.Sub(u.Pos)))},
		atii.Waypoint{X: u.Pos.Add(relay.Sub(u.Pos).Scale(20 / relay.Dist(u.Pos))).X, Y: u.Pos.Add(relay.Sub(u.Pos).Scale(20 / relay.Dist(u.Pos))).Y})
	if pv, err := dom.RS.PlanMove(st, straight); err != nil || pv.Odds == nil {
		t.Fatalf("the straight walk at the relay should enter Tanglewood and roll for it (ATII-MOV-4): %+v, %v", pv.Odds, err)
	}
	acts, err := dom.Actions(st, side)
	if err != nil {
		t.Fatal(err)
	}
	a, ok := find(acts, "round Tanglewood")
	if !ok {
		var texts []string
		for _, a := range acts {
			texts = append(texts, a.Text)
		}
		t.Fatalf("no walk round Tanglewood among %q", texts)
	}
	pv, err := dom.RS.PlanMove(st, a.Cmd.(*atii.MoveCmd))
	if err != nil {
		t.Fatal(err)
	}
	if pv.Odds != nil {
		t.Errorf("%q rolls for dangerous terrain (%+v): it should keep out of the wood", a.Text, pv.Odds)
	}
	end, _ := endOfAction(t, st, a)
	if end.Dist(relay) >= u.Pos.Dist(relay)-10 {
		t.Errorf("%q ends %.1f cm from the relay, from %.1f: want it well on the way", a.Text, end.Dist(relay), u.Pos.Dist(relay))
	}
}

// TestNoDetourOffTheTable: the duel's river runs from edge to edge, so
// there is no walking round it; a titan making for the relay across it is
// not offered a way round.
func TestNoDetourOffTheTable(t *testing.T) {
	dom, st, side, _, _ := moveSetup(t, 60, 40, 180, 100, 110, 0)
	acts, err := dom.Actions(st, side)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range acts {
		if strings.Contains(a.Text, " round ") {
			t.Errorf("%q: the river spans the table, there is no way round it", a.Text)
		}
	}
	if _, ok := find(acts, "Comms relay"); !ok {
		t.Error("the titan should still make for the relay")
	}
}

// TestTurnTowardAsFarAsManAllows: a Reaver (Man 2: 90 degrees of turning,
// ATII-MOV-2) with its enemy 103 degrees round cannot turn to face it, but
// turning 90 degrees brings another arm's arc onto the enemy's base. The
// candidates offer that turn, and after it more of its guns have a shot.
func TestTurnTowardAsFarAsManAllows(t *testing.T) {
	dom, st, side, me, enemy := moveSetup(t, 61.4, 64.5, 153, 56.2, 65.8, 351)
	acts, err := dom.Actions(st, side)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := find(acts, "stand and turn to face"); ok {
		t.Fatal("103 degrees is more than a Reaver's Man pays for: no full turn to face should be offered")
	}
	a, ok := find(acts, "as far as its Man allows")
	if !ok {
		t.Fatalf("no partial turn toward %s offered", enemy)
	}
	_, f := endOfAction(t, st, a)
	if turned := world.RelDeg(f - 153); turned < 80 || turned > 90 {
		t.Errorf("%q turns %.0f degrees, want nearly 90 toward the enemy (clockwise)", a.Text, turned)
	}
	guns := func(s *rules.State) int {
		mounts := map[int]bool{}
		if err := dom.RS.EachShot(s, me, func(m int, _ *atii.ShotSetup) { mounts[m] = true }); err != nil {
			t.Fatal(err)
		}
		return len(mounts)
	}
	after := st.Clone()
	after.Unit(me).Facing = f
	if b, a := guns(st), guns(after); a <= b {
		t.Errorf("guns with a shot: %d before the turn, %d after: want more", b, a)
	}
}

// TestWalkCostGoesRoundTheWood: the expected walk from (10, 10) to the
// duel's relay is the way round Tanglewood: longer than the straight
// line, shorter than wading through at a Reaver's pace (20 cm of Speed
// for 2D6, about 7 cm, in the wood: ATII-MOV-4); with no wood in the way
// it is the straight line.
func TestWalkCostGoesRoundTheWood(t *testing.T) {
	dom, _, _, _, _ := moveSetup(t, 10, 10, 135, 100, 110, 0)
	prof, err := dom.RS.Catalogue().Unit("reaver")
	if err != nil {
		t.Fatal(err)
	}
	from, relay := world.Vec{X: 10, Y: 10}, world.Vec{X: 60, Y: 66}
	got := atiiai.WalkCost(dom.RS, prof, 2.5, from, relay)
	straight := from.Dist(relay)
	if got <= straight || got >= straight+10 {
		t.Errorf("walk round Tanglewood %.1f cm, want a little more than the straight %.1f", got, straight)
	}
	clear := world.Vec{X: 60, Y: 30}
	if got := atiiai.WalkCost(dom.RS, prof, 2.5, clear, world.Vec{X: 60, Y: 50}); math.Abs(got-20) > 1e-9 {
		t.Errorf("an open 20 cm walk costs %.2f, want 20", got)
	}
}

// TestSweepGoalReachesThirtyCentimetres: Sweep and Clear is met with a
// titan of the side within 30 cm of the table centre and no enemy titan
// as close (atii.SweepRadius); the AI's goal reads the same radius. An
// enemy 20 cm from the centre contests it, one 40 cm off does not; the
// side's own titan 20 cm off holds it.
func TestSweepGoalReachesThirtyCentimetres(t *testing.T) {
	g := newGame(t, "titan-mission", 5)
	for i := 0; i < 80 && g.State().Step != atii.StepMovement; i++ {
		cmd, err := atiiai.Greedy{}.Decide(context.Background(), g.ViewFor(g.Engine.Decider()))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Submit(cmd); err != nil {
			t.Fatal(err)
		}
	}
	rs := g.Ruleset.(*atii.Ruleset)
	st := g.State().Clone()
	var prog atii.GameProgress
	if ok, err := st.GetExt(atii.ExtGame, &prog); !ok || err != nil {
		t.Fatalf("no mission: %v", err)
	}
	for _, c := range atii.StandInObjectives() {
		if c.Goal == atii.GoalSweep {
			prog.Cards["red"] = c
		}
	}
	if err := st.SetExt(atii.ExtGame, prog); err != nil {
		t.Fatal(err)
	}
	tb := rs.World().Table
	centre := world.Vec{X: tb.W / 2, Y: tb.H / 2}
	goals := atiiai.BuildGoals(rs, st)
	var sweep *atiiai.Goal
	for i := range goals.List {
		if goals.List[i].Side == "red" && goals.List[i].At == centre {
			sweep = &goals.List[i]
		}
	}
	if sweep == nil || sweep.Radius != atii.SweepRadius {
		t.Fatalf("red's Sweep and Clear goal: %+v, want the centre with radius %d", sweep, atii.SweepRadius)
	}
	at := func(redY, blueY float64) float64 {
		s := st.Clone()
		for i := range s.Units {
			u := &s.Units[i]
			switch u.ID {
			case "red-reaver":
				u.Pos = world.Vec{X: centre.X, Y: centre.Y - redY}
			case "blue-reaver":
				u.Pos = world.Vec{X: centre.X, Y: centre.Y + blueY}
			default:
				u.Pos = world.Vec{X: 5 + float64(i)*8, Y: 5} // far off
				if u.Side == "blue" {
					u.Pos.Y = tb.H - 5
				}
			}
		}
		return goals.Progress(rs, s, *sweep)
	}
	if p := at(20, 40); p < 0.7 {
		t.Errorf("red 20 cm from the centre, blue 40 cm: progress %.2f, want it held", p)
	}
	if p := at(20, 20); p >= 0.7 {
		t.Errorf("blue 20 cm from the centre contests the sweep: progress %.2f, want less than a hold", p)
	}
}

// TestNoTurnToFaceWhenFacing: a titan already facing its enemy (within
// a degree) is not offered "stand and turn to face" (the play-through saw
// the AI turn 0 degrees: a pivot would count as having moved, ATII-SHT-4).
func TestNoTurnToFaceWhenFacing(t *testing.T) {
	dom, st, side, me, enemy := moveSetup(t, 60, 30, 180, 60, 80, 0)
	if f := world.Bearing(st.Unit(enemy).Pos.Sub(st.Unit(me).Pos)); math.Abs(world.RelDeg(f-180)) > 1e-9 {
		t.Fatalf("the set-up should have the enemy dead ahead, bearing %.1f", f)
	}
	acts, err := dom.Actions(st, side)
	if err != nil {
		t.Fatal(err)
	}
	if a, ok := find(acts, "turn to face"); ok {
		t.Errorf("%q offered to a titan already facing its enemy", a.Text)
	}
	if a, ok := find(acts, "turn toward"); ok {
		t.Errorf("%q offered to a titan already facing its enemy", a.Text)
	}
}

// TestStepOutOfDangerousTerrain: a Reaver (Man 2) standing in the duel's
// river, facing north, is offered the short step straight out, without a
// turn (ATII-MOV-4: a turn in dangerous terrain spends a Man point, and
// each unspent one rolls a die for the distance): it ends clear of the
// river and is likelier to get there than the full move straight ahead.
func TestStepOutOfDangerousTerrain(t *testing.T) {
	dom, st, side, me, _ := moveSetup(t, 60, 60, 0, 100, 110, 0)
	acts, err := dom.Actions(st, side)
	if err != nil {
		t.Fatal(err)
	}
	a, ok := find(acts, "step out of Sluggish river straight ahead")
	if !ok {
		var texts []string
		for _, a := range acts {
			texts = append(texts, a.Text)
		}
		t.Fatalf("no step out of the river among %q", texts)
	}
	end, f := endOfAction(t, st, a)
	if math.Abs(world.RelDeg(f-0)) > 1e-9 || end.X != st.Unit(me).Pos.X || end.Y >= 57 {
		t.Errorf("%q ends at %v facing %.0f: want straight north, past the bank", a.Text, end, f)
	}
	out, err := dom.RS.PlanMove(st, a.Cmd.(*atii.MoveCmd))
	if err != nil || out.Odds == nil {
		t.Fatalf("the step should roll for the river: %+v, %v", out.Odds, err)
	}
	full, ok := find(acts, "full move straight ahead")
	if !ok {
		t.Fatal("no full move straight ahead")
	}
	fo, err := dom.RS.PlanMove(st, full.Cmd.(*atii.MoveCmd))
	if err != nil || fo.Odds == nil {
		t.Fatal(err)
	}
	if out.Odds.Complete < atiiai.MinComplete || out.Odds.Complete <= fo.Odds.Complete {
		t.Errorf("the step gets out with %.2f, the full move %.2f: want the step likely and likelier", out.Odds.Complete, fo.Odds.Complete)
	}
}
