package e40k

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/world"
)

// airCatalogue is testCatalogue with flyers (digest 8.6), a transport and
// a flak tank (test data).
func airCatalogue() *catalog.Catalogue {
	c := testCatalogue()
	small := world.Footprint{Shape: world.Circle, Radius: 1.5}
	add := func(u *catalog.Unit) {
		u.Name, u.System = u.ID, catalog.E40K
		c.Units[u.ID] = u
	}
	add(&catalog.Unit{ID: "t-fighter", Class: world.Vehicle, Base: small, Profile: &Datasheet{Firepower: 1, Assault: 1, Armour: 4, Flyer: true, Intercept: 3, DogfightGunnery: 2, DefaultArms: []string{"t-shoota"}}})
	add(&catalog.Unit{ID: "t-bomber", Class: world.Vehicle, Base: small, Profile: &Datasheet{Firepower: 4, Assault: 1, Armour: 5, Flyer: true, Intercept: 1, DogfightGunnery: 1, DefaultArms: []string{"t-shoota"}}})
	add(&catalog.Unit{ID: "t-gunship", Class: world.Vehicle, Base: world.Footprint{Shape: world.Circle, Radius: 2.5}, Profile: &Datasheet{Firepower: 2, Assault: 1, Armour: 5, Flyer: true, Intercept: 2, DogfightGunnery: 2, Transport: 2, DefaultArms: []string{"t-bolter"}}})
	add(&catalog.Unit{ID: "t-rhino", Class: world.Vehicle, Base: small, Speed: 30, Profile: &Datasheet{Firepower: 1, Assault: 1, Armour: 5, Transport: 2, DefaultArms: []string{"t-bolter"}}})
	add(&catalog.Unit{ID: "t-flak", Class: world.Vehicle, Base: small, Speed: 20, Profile: &Datasheet{Firepower: 2, Assault: 1, Armour: 4, DefaultArms: []string{"t-hb"}},
		Specials: []string{SpecialFlak}})
	return c
}

func airRuleset(t testing.TB) *Ruleset {
	t.Helper()
	r, err := NewRuleset(airCatalogue(), testTerrain(), testWorld(t))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// airBattle is smallBattle with air power: the Imperium has a gunship
// carrying two marine stands (in base contact at the start), a Rhino in
// the marines detachment and a flak tank; the Orks have two fighters and
// a bomber.
func airBattle(seed uint64, opts map[string]string) *rules.State {
	s := smallBattle(seed, opts)
	s.Formations = append(s.Formations,
		rules.Formation{ID: "hawks", Side: "imperium"}, rules.Formation{ID: "drop", Side: "imperium"},
		rules.Formation{ID: "flak", Side: "imperium"},
		rules.Formation{ID: "fighters", Side: "orks"}, rules.Formation{ID: "bommers", Side: "orks"})
	add := func(id, side, typ, f string, x, y float64) {
		s.Units = append(s.Units, rules.Unit{ID: id, Side: side, Type: typ, Formation: f, Pos: world.Vec{X: x, Y: y}})
	}
	add("gs", "imperium", "t-gunship", "hawks", 100, 15)
	add("d1", "imperium", "t-marine", "drop", 100, 18.5)
	add("d2", "imperium", "t-marine", "drop", 100, 11.5)
	add("rh", "imperium", "t-rhino", "marines", 25, 25)
	add("fk", "imperium", "t-flak", "flak", 40, 30)
	add("f1", "orks", "t-fighter", "fighters", 100, 110)
	add("f2", "orks", "t-fighter", "fighters", 105, 110)
	add("bm", "orks", "t-bomber", "bommers", 110, 110)
	return s
}

func airEngine(t *testing.T, seed uint64, opts map[string]string) (*rules.Engine, *Ruleset) {
	t.Helper()
	r := airRuleset(t)
	e, err := rules.New(r, airBattle(seed, opts), rules.Config{})
	if err != nil {
		t.Fatal(err)
	}
	return e, r
}

// toKind submits the first legal choice (orders: the choice named by
// order when offered) until the game waits for kind.
func toKind(t *testing.T, e *rules.Engine, kind string, order string) {
	t.Helper()
	for n := 0; n < 200; n++ {
		p := e.State().Pending
		if p == nil {
			t.Fatalf("no decision at %s", e.State().Step)
		}
		if p.Kind == kind {
			return
		}
		ch := e.Legal(p.Side)
		if len(ch) == 0 {
			t.Fatalf("no choice at %s (%s)", e.State().Step, p.Kind)
		}
		pick := ch[0]
		for _, c := range ch {
			if oc, ok := c.Cmd.(*OrdersCmd); ok && oc.Order == order {
				pick = c
				break
			}
		}
		if _, err := e.Submit(pick.Cmd); err != nil {
			t.Fatalf("%s: %v", pick.Text, err)
		}
	}
	t.Fatalf("never reached a %s decision", kind)
}

func submit(t *testing.T, e *rules.Engine, c rules.Command) []rules.Event {
	t.Helper()
	evs, err := e.Submit(c)
	if err != nil {
		t.Fatalf("%s: %v", c.Name(), err)
	}
	return evs
}

// Seed 001's sequence of play begins the movement phase with the flyer
// missions: the flyer step comes after the orders and before the movement
// initiative, flyers leave the table for their airfield, and stands in
// contact with a transport flyer start aboard it.
func TestFlyerMissionsFirstInMovementE40K(t *testing.T) {
	e, r := airEngine(t, 1, nil)
	toKind(t, e, KindMission, OrderSpecial)
	s := e.State()
	if s.Step != StepFlyers || s.Turn != 1 {
		t.Fatalf("missions declared at %s turn %d", s.Step, s.Turn)
	}
	var steps []string
	for _, ev := range s.Log {
		if ev.Kind == rules.EvPhase {
			steps = append(steps, ev.Step)
		}
	}
	if len(steps) < 2 || steps[len(steps)-2] != StepOrders || steps[len(steps)-1] != StepFlyers {
		t.Errorf("steps %v: the flyer step must follow the orders", steps)
	}
	if !s.Unit("gs").OffTable || !s.Unit("f1").OffTable {
		t.Error("flyers are still on the table")
	}
	if o := s.Formation("fighters").Orders + s.Formation("hawks").Orders + s.Formation("drop").Orders; o != "" {
		t.Errorf("flyers or carried troops given orders %q (they left the table at the set-up)", o)
	}
	if Aboard(s.Unit("d1")) != "gs" || Aboard(s.Unit("d2")) != "gs" {
		t.Errorf("troops not aboard the gunship: %q %q", Aboard(s.Unit("d1")), Aboard(s.Unit("d2")))
	}
	if s.Pending.Side != "imperium" || strings.Join(s.Pending.Units, ",") != "hawks" {
		t.Errorf("pending %+v", s.Pending)
	}
	// Every mission is on offer: none, intercept, ground attacks, a
	// transport landing.
	kinds := map[string]int{}
	for _, c := range e.Legal("imperium") {
		if err := e.Check(c.Cmd); err != nil {
			t.Errorf("%s: %v", c.Text, err)
		}
		kinds[c.Cmd.(*MissionCmd).Mission]++
	}
	for _, m := range []string{MissionNone, MissionIntercept, MissionGroundAttack, MissionTransport} {
		if kinds[m] == 0 {
			t.Errorf("no %s mission offered (%v)", m, kinds)
		}
	}
	if err := e.Check(&MissionCmd{r: r, By: "imperium", Detachment: "hawks", Mission: MissionGroundAttack, Target: "marines"}); err == nil {
		t.Error("a ground attack on a friendly detachment accepted")
	}
	if err := e.Check(&MissionCmd{r: r, By: "imperium", Detachment: "hawks", Mission: MissionTransport, To: world.Vec{X: 30, Y: 96}}); err == nil {
		t.Error("a landing among the boyz accepted")
	}
	if err := e.Check(&MissionCmd{r: r, By: "imperium", Detachment: "hawks", Mission: "strafe"}); err == nil {
		t.Error("an unknown mission accepted")
	}
}

// Digest 8.6: an interceptor may react when an enemy flyer detachment
// arrives. The reaction is a frame on the procedure stack; letting the
// arrival pass returns to the flyer step, whose landing is another frame;
// the landed troops are set down up to their move less 5 cm (digest 8.3)
// and may not move again this turn.
func TestInterceptionIsAProcedureE40K(t *testing.T) {
	e, r := airEngine(t, 2, nil)
	toKind(t, e, KindMission, OrderSpecial)
	submit(t, e, &MissionCmd{r: r, By: "imperium", Detachment: "hawks", Mission: MissionTransport, To: world.Vec{X: 60, Y: 60}})
	submit(t, e, &MissionCmd{r: r, By: "orks", Detachment: "fighters", Mission: MissionIntercept})
	submit(t, e, &MissionCmd{r: r, By: "orks", Detachment: "bommers", Mission: MissionNone})
	s := e.State()
	if len(s.Procs) != 1 || s.Procs[0].Proc != ProcIntercept || s.Pending.Side != "orks" || s.Pending.Kind != KindIntercept {
		t.Fatalf("procs %+v pending %+v", s.Procs, s.Pending)
	}
	ch := e.Legal("orks")
	if len(ch) != 2 || !strings.Contains(ch[0].Text, "fighters intercepts hawks") || ch[1].Cmd.(*InterceptCmd).Interceptor != "" {
		t.Fatalf("choices %v", ch)
	}
	if err := e.Check(&InterceptCmd{r: r, By: "orks", Interceptor: "bommers"}); err == nil {
		t.Error("a detachment not on an intercept mission accepted as interceptor")
	}
	submit(t, e, &InterceptCmd{r: r, By: "orks"})
	s = e.State()
	if len(s.Procs) != 1 || s.Procs[0].Proc != ProcLanding || s.Pending.Side != "imperium" {
		t.Fatalf("after the pass: procs %+v pending %+v", s.Procs, s.Pending)
	}
	// A stand set down 6 cm from the gunship's base: the marines' move
	// (assault orders, 10 cm) less 5 cm allows 5.
	gs := s.Unit("gs")
	far := &DisembarkCmd{r: r, By: "imperium", Transport: "gs", Moves: []UnitMove{{Unit: "d1", To: gs.Pos.Add(world.Vec{X: 2.5 + 1 + 6})}}}
	if err := e.Check(far); err == nil || !strings.Contains(err.Error(), "8.3") {
		t.Errorf("6 cm out accepted: %v", err)
	}
	near := &DisembarkCmd{r: r, By: "imperium", Transport: "gs", Moves: []UnitMove{{Unit: "d1", To: gs.Pos.Add(world.Vec{X: 2.5 + 1 + 4.5})}, {Unit: "d2", To: gs.Pos.Add(world.Vec{X: -(2.5 + 1 + 4.5)})}}}
	submit(t, e, near)
	s = e.State()
	if len(s.Procs) != 0 {
		t.Fatalf("landing frame left open: %+v", s.Procs)
	}
	d1 := s.Unit("d1")
	if d1.OffTable || Aboard(d1) != "" || d1.Markers.Value(MarkDisembarked) != 1 {
		t.Errorf("d1 not set down: %+v", d1)
	}
	if s.Formation("hawks").Markers.Value(MarkRearm) != 3 {
		t.Errorf("hawks ready again on turn %d, want 3 (rearming)", s.Formation("hawks").Markers.Value(MarkRearm))
	}
	if s.Formation("fighters").Markers.Value(MarkAloft) != 1 {
		t.Error("the fighters that did not attack are not still up")
	}
	// Disembarking was the stands' move (digest 8.3).
	toKind(t, e, KindMove, "")
	for e.State().Pending.Side != "imperium" || !listed(e.State(), "drop") {
		toKindNext(t, e)
	}
	mv := &MoveCmd{r: r, By: "imperium", Detachment: "drop", Moves: []UnitMove{{Unit: "d1", To: d1.Pos.Add(world.Vec{Y: 3})}}}
	if err := e.Check(mv); err == nil || !strings.Contains(err.Error(), "disembarked") {
		t.Errorf("a disembarked stand moved again: %v", err)
	}
}

// toKindNext submits the first legal choice once.
func toKindNext(t *testing.T, e *rules.Engine) {
	t.Helper()
	p := e.State().Pending
	ch := e.Legal(p.Side)
	if len(ch) == 0 {
		t.Fatalf("no choice at %s", e.State().Step)
	}
	submit(t, e, ch[0].Cmd)
}

// Digest 8.6: a dogfight between an interceptor and a transport flyer,
// attacks in descending Intercept value (the fighters, 3, before the
// gunship, 2), damage at once; the transport's troops die with it (best
// reading); the interceptor that attacked leaves to rearm.
func TestInterceptDogfightE40K(t *testing.T) {
	r := airRuleset(t)
	s := airBattle(1, nil)
	s.Turn = 1
	if _, err := r.deployFlyers(s); err != nil {
		t.Fatal(err)
	}
	s.Formation("fighters").Orders = MissionIntercept
	s.Formation("hawks").Orders = MissionTransport
	// f1 rolls 1, 5 at the gunship (armour 5): destroyed before it fires.
	tray := rules.Scripted(1, 5)
	if _, err := r.dogfight(s, tray, "fighters", "hawks"); err != nil {
		t.Fatal(err)
	}
	if !s.Unit("gs").Destroyed || !s.Unit("d1").Destroyed || !s.Unit("d2").Destroyed {
		t.Errorf("gunship %v, troops %v %v", s.Unit("gs").Destroyed, s.Unit("d1").Destroyed, s.Unit("d2").Destroyed)
	}
	if tray.Used() != 2 {
		t.Errorf("%d dice used, want 2 (f2's target is gone, the gunship never fires)", tray.Used())
	}
	if f := s.Formation("fighters"); f.Markers.Value(MarkRearm) != 3 || f.Orders != "" || f.Markers.Value(markAttacked) != 1 {
		t.Errorf("interceptor after attacking: %+v", f)
	}
	// Misses all round: the gunship fires back (2 dice at f1, armour 4).
	s = airBattle(1, nil)
	s.Turn = 1
	_, _ = r.deployFlyers(s)
	s.Formation("fighters").Orders = MissionIntercept
	if _, err := r.dogfight(s, rules.Scripted(1, 1, 1, 1, 4, 1), "fighters", "hawks"); err != nil {
		t.Fatal(err)
	}
	if s.Unit("gs").Destroyed || !s.Unit("f1").Destroyed || s.Unit("f2").Destroyed {
		t.Errorf("return fire: gs %v f1 %v f2 %v", s.Unit("gs").Destroyed, s.Unit("f1").Destroyed, s.Unit("f2").Destroyed)
	}
}

// Digest 8.6: interceptors need not rearm until they have attacked, so an
// intercept mission stays up from turn to turn; flyers that flew another
// mission rearm the next turn (OptFlyersQuickRearm: they fly again).
func TestInterceptorsStayUpE40K(t *testing.T) {
	r := airRuleset(t)
	s := airBattle(1, nil)
	s.Turn, s.Step = 2, StepFlyers
	s.Formation("fighters").Markers.Set(MarkAloft, 1)
	s.Formation("bommers").Markers.Set(MarkRearm, 3)
	if _, err := r.beginFlyers(s, rules.Scripted()); err != nil {
		t.Fatal(err)
	}
	if s.Formation("fighters").Orders != MissionIntercept {
		t.Error("an interceptor still up lost its mission")
	}
	a, _ := r.air(s)
	if r.readyToFly(s, &a, s.Formation("fighters")) || r.readyToFly(s, &a, s.Formation("bommers")) {
		t.Error("an aloft interceptor or a rearming bomber offered a mission")
	}
	if !r.readyToFly(s, &a, s.Formation("hawks")) {
		t.Error("the gunship may not fly")
	}
	if got := r.interceptors(s, "orks"); len(got) != 1 || got[0] != "fighters" {
		t.Errorf("interceptors %v", got)
	}
	f := s.Formation("bommers")
	r.leave(s, f)
	if f.Markers.Value(MarkRearm) != 4 {
		t.Errorf("rearm until turn %d, want 4", f.Markers.Value(MarkRearm))
	}
	q := airBattle(1, map[string]string{OptFlyersQuickRearm: "on"})
	q.Turn = 2
	r.leave(q, q.Formation("bommers"))
	if q.Formation("bommers").Markers.Value(MarkRearm) != 3 {
		t.Errorf("quick rearm: ready on turn %d, want 3", q.Formation("bommers").Markers.Value(MarkRearm))
	}
}

// Digest section 2 (orders: special gives flak): flak on special orders
// fires at a ground-attacking flyer over its target before it attacks;
// one hit destroys it and the attack is lost. Without flak the bomber's
// firepower goes on the firepower table at the target.
func TestGroundAttackAndFlakE40K(t *testing.T) {
	r := airRuleset(t)
	s := airBattle(1, nil)
	s.Turn = 1
	_, _ = r.deployFlyers(s)
	so := Sortie{Detachment: "bommers", Side: "orks", Mission: MissionGroundAttack, Target: "marines"}
	s.Formation("flak").Orders = OrderSpecial
	if got := r.flakUnits(s, "orks", []world.Vec{{X: 20, Y: 20}}); len(got) != 1 || got[0].ID != "fk" {
		t.Fatalf("flak units %v", got)
	}
	// Flak: 2 dice (firepower 2) at armour 5: 5 hits.
	tray := rules.Scripted(5, 1)
	evs, err := r.groundAttack(s, tray, so)
	if err != nil {
		t.Fatal(err)
	}
	if !s.Unit("bm").Destroyed || tray.Used() != 2 {
		t.Fatalf("bomber %v, dice used %d", s.Unit("bm").Destroyed, tray.Used())
	}
	if !strings.Contains(evs[len(evs)-1].Text, "ground attack is lost") {
		t.Errorf("last event %q", evs[len(evs)-1].Text)
	}
	// Not on special orders: no flak; firepower 4 in the open is 2 dice
	// (reconstructed rows), at the marines' armour 4.
	s = airBattle(1, nil)
	s.Turn = 1
	_, _ = r.deployFlyers(s)
	plan, err := r.GroundAttackPlan(s, "bommers", "marines")
	if err != nil || plan.Firepower != 4 || plan.Situation != Open {
		t.Fatalf("plan %+v err %v", plan, err)
	}
	n, _ := AttackDice(4, Open, Options{})
	faces := []int{}
	for i := 0; i < n; i++ {
		faces = append(faces, 6)
	}
	if _, err := r.groundAttack(s, rules.Scripted(faces...), so); err != nil {
		t.Fatal(err)
	}
	dead := 0
	for _, u := range s.Units {
		if u.Formation == "marines" && u.Destroyed {
			dead++
		}
	}
	if dead != n || blast(s.Formation("marines")) == 0 {
		t.Errorf("%d marines destroyed by %d hits, %d blast markers", dead, n, blast(s.Formation("marines")))
	}
	if s.Unit("bm").Destroyed {
		t.Error("the bomber was hit with no flak")
	}
}

// Digest 8.3: disembarking troops lose 5 cm of movement, applied after any
// doubling (march triples, an infantry assault move into contact doubles).
func TestDisembarkAllowanceE40K(t *testing.T) {
	p := &Profile{Class: world.Infantry, Speed: 10}
	for _, c := range []struct {
		orders           string
		assault, contact bool
		want             float64
	}{
		{OrderAssault, false, false, 5},
		{OrderMarch, false, false, 25},
		{"", false, false, 5},
		{OrderOverwatch, false, false, 0},
		{OrderAssault, true, true, 15},
		{OrderAssault, true, false, 5},
	} {
		if got := DisembarkAllowance(p, c.orders, c.assault, c.contact); got != c.want {
			t.Errorf("%+v: %v, want %v", c, got, c.want)
		}
	}
}

// Transports: a stand embarks within its move, rides with the transport
// (it is off the table: it cannot shoot or be shot), disembarks from the
// transport's new place up to its move less 5 cm (digest 8.3), and dies
// with its transport (best reading); stands aboard and flyers at their
// airfield are not lost for army morale.
func TestEmbarkRideDisembarkE40K(t *testing.T) {
	r := airRuleset(t)
	s := atStep(airBattle(1, nil), StepMovement, KindMove, "imperium", "marines")
	s.Pending.Commands = []string{CmdMove, CmdPass, CmdEmbark, CmdDisembark}
	setOrders(s, "marines", OrderAssault)
	e, err := rules.New(r, s, rules.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Check(&EmbarkCmd{r: r, By: "imperium", Unit: "m5", Transport: "rh"}); err == nil || !strings.Contains(err.Error(), "allows 10.0 cm") {
		t.Errorf("m5, 13.3 cm from the rhino's base, may embark: %v", err)
	}
	st := e.State()
	mb, _ := r.base(st, st.Unit("m1"))
	rb, _ := r.base(st, st.Unit("rh"))
	if world.Distance(mb, rb) > 10 {
		t.Fatalf("fixture: m1 is %.1f cm from the rhino", world.Distance(mb, rb))
	}
	var embarks int
	for _, c := range e.Legal("imperium") {
		if c.Name == CmdEmbark {
			embarks++
		}
	}
	if embarks == 0 {
		t.Error("no embark choice offered")
	}
	submit(t, e, &EmbarkCmd{r: r, By: "imperium", Unit: "m1", Transport: "rh"})
	submit(t, e, &EmbarkCmd{r: r, By: "imperium", Unit: "m2", Transport: "rh"})
	if err := e.Check(&EmbarkCmd{r: r, By: "imperium", Unit: "m3", Transport: "rh"}); err == nil || !strings.Contains(err.Error(), "room") {
		t.Errorf("a third stand in a Rhino (transport 2): %v", err)
	}
	st = e.State()
	if got := Carried(st, "rh"); len(got) != 2 || !st.Unit("m1").OffTable {
		t.Fatalf("carried %v", got)
	}
	for _, u := range r.shooters(st, st.Formation("marines"), func(*Profile) bool { return true }) {
		if u.ID == "m1" || u.ID == "m2" {
			t.Errorf("carried stand %s may shoot", u.ID)
		}
	}
	// The rhino drives 25 cm; the carried stands go with it.
	to := st.Unit("rh").Pos.Add(world.Vec{X: 25})
	submit(t, e, &MoveCmd{r: r, By: "imperium", Detachment: "marines", Moves: []UnitMove{{Unit: "rh", To: to}}})
	st = e.State()
	if st.Unit("rh").Pos != to {
		t.Fatalf("rhino at %v", st.Unit("rh").Pos)
	}
	if st.Unit("m1").Pos != to || st.Unit("m2").Pos != to {
		t.Errorf("carried stands at %v %v, not with the rhino at %v", st.Unit("m1").Pos, st.Unit("m2").Pos, to)
	}
	// m1 and m2 moved (boarding is their move): no disembarking this turn.
	dis := &DisembarkCmd{r: r, By: "imperium", Transport: "rh", Moves: []UnitMove{{Unit: "m1", To: to.Add(world.Vec{Y: 4})}}}
	if st.Pending != nil && st.Pending.Kind == KindMove && st.Pending.Side == "imperium" {
		if err := e.Check(dis); err == nil {
			t.Error("a stand disembarked in the turn it embarked")
		}
	}
	// Next turn (flags cleared): disembark from the rhino's new place.
	c := st.Clone()
	for i := range c.Units {
		c.Units[i].Moved = false
	}
	c.Step, c.Procs = StepMovement, nil
	c.Pending = &rules.Decision{Side: "imperium", Kind: KindMove, Units: []string{"armour"}, Commands: []string{CmdMove, CmdPass, CmdEmbark, CmdDisembark}}
	if err := dis.Validate(c); err != nil {
		t.Errorf("disembark 4 cm from the rhino's centre: %v", err)
	}
	dis.Moves[0].To = to.Add(world.Vec{Y: 1.5 + 1 + 5.5})
	if err := dis.Validate(c); err == nil {
		t.Error("disembark 5.5 cm from the rhino's base accepted (10 cm less 5)")
	}
	// Army morale: stands aboard are not lost.
	j := judge{r: r, s: c}
	if rules.EvalTrigger(c, &Trigger{Kind: "units-lost", Side: "imperium"}, &j) {
		t.Error("imperial units counted lost with stands aboard")
	}
	// Destroyed with the transport; under OptTransportBailOut they get
	// out beside the wreck and their detachment takes a blast marker.
	bail := c.Clone()
	bail.Options = map[string]string{OptTransportBailOut: "on"}
	evs := r.destroy(c, c.Unit("rh"))
	if !c.Unit("m1").Destroyed || !c.Unit("m2").Destroyed {
		t.Error("carried stands survived their transport")
	}
	// Each passenger's event names the transport (for the window).
	lost := 0
	for _, ev := range evs {
		if ev.Kind == rules.EvDestroyed && ev.Data[DataTransport] == "rh" {
			lost++
		}
	}
	if lost != 2 {
		t.Errorf("%d passenger events name the transport, want 2: %v", lost, evs)
	}
	before := blast(bail.Formation("marines"))
	bailed := 0
	for _, ev := range r.destroy(bail, bail.Unit("rh")) {
		if ev.Kind == rules.EvMoved && ev.Data[DataTransport] == "rh" {
			bailed++
		}
	}
	if bailed != 2 {
		t.Errorf("bail-out: %d events name the transport, want 2", bailed)
	}
	wreck, _ := r.base(bail, bail.Unit("rh"))
	for _, id := range []string{"m1", "m2"} {
		u := bail.Unit(id)
		ub, _ := r.base(bail, u)
		if u.Destroyed || u.OffTable || Aboard(u) != "" || world.Distance(wreck, ub) > BailOutReach+world.Eps {
			t.Errorf("bail-out: %s destroyed %v off %v at %.1f cm from the wreck", id, u.Destroyed, u.OffTable, world.Distance(wreck, ub))
		}
	}
	if blast(bail.Formation("marines")) != before+1 {
		t.Errorf("bail-out: %d blast markers, want %d", blast(bail.Formation("marines")), before+1)
	}
}

// Random games with flyers, transports and flak: every offered choice
// validates, nothing stalls, missions and interceptions happen.
func TestRandomPlayoutAirE40K(t *testing.T) {
	seen := map[string]bool{}
	for seed := uint64(1); seed <= 10; seed++ {
		opts := map[string]string(nil)
		if seed%2 == 0 {
			opts = map[string]string{OptFlyersQuickRearm: "on", OptTransportBailOut: "on"}
		}
		e := playRandomOn(t, airRuleset(t), airBattle(seed, opts), seed)
		for _, ev := range e.State().Log {
			switch {
			case ev.Data["mission"] != "":
				seen["mission "+ev.Data["mission"]] = true
			case strings.Contains(ev.Text, "dogfight"):
				seen["dogfight"] = true
			case strings.Contains(ev.Text, "disembarks"):
				seen["disembark"] = true
			case strings.Contains(ev.Text, "embarks in"):
				seen["embark"] = true
			case strings.Contains(ev.Text, "(ground attack)"):
				seen["ground attack"] = true
			}
		}
	}
	for _, k := range []string{"mission ground-attack", "mission transport", "mission intercept", "dogfight", "disembark", "embark", "ground attack"} {
		if !seen[k] {
			t.Errorf("no %s in 10 random games", k)
		}
	}
}

// Digest 8.6: interceptors leave after they have attacked. Fighters that
// react to an arrival before their own intercept mission comes up have
// left: they do not stay up afterwards. A battle without flyers skips the
// flyer step altogether.
func TestInterceptorThatReactedLeavesE40K(t *testing.T) {
	e, r := airEngine(t, 6, nil)
	toKind(t, e, KindMission, OrderSpecial)
	submit(t, e, &MissionCmd{r: r, By: "imperium", Detachment: "hawks", Mission: MissionIntercept})
	submit(t, e, &MissionCmd{r: r, By: "orks", Detachment: "fighters", Mission: MissionIntercept})
	submit(t, e, &MissionCmd{r: r, By: "orks", Detachment: "bommers", Mission: MissionNone})
	if p := e.State().Pending; p == nil || p.Kind != KindIntercept || p.Side != "orks" {
		t.Fatalf("pending %+v", p)
	}
	submit(t, e, &InterceptCmd{r: r, By: "orks", Interceptor: "fighters"})
	// The fighters' own arrival never comes: they have left.
	s := e.State()
	f := s.Formation("fighters")
	if f.Markers.Value(MarkAloft) != 0 || f.Orders != "" || f.Markers.Value(MarkRearm) != 3 {
		t.Errorf("fighters after attacking: orders %q aloft %d rearm %d", f.Orders, f.Markers.Value(MarkAloft), f.Markers.Value(MarkRearm))
	}
	if s.Step == StepFlyers && s.Pending != nil && s.Pending.Kind == KindIntercept {
		t.Errorf("an interception offered against fighters that left: %+v", s.Pending)
	}
	if h := s.Formation("hawks"); len(r.flyers(s, "hawks")) > 0 && h.Markers.Value(MarkAloft) != 1 {
		t.Errorf("the surviving gunship on an intercept mission is not up: %+v", h)
	}
	// No flyers: no flyer step.
	plain := playRandom(t, 2, nil)
	for _, ev := range plain.State().Log {
		if ev.Kind == rules.EvPhase && ev.Step == StepFlyers {
			t.Fatal("a battle without flyers entered the flyer step")
		}
	}
}

// A game with flyers, interceptions, landings and transports saves and
// replays to the same state hash (the new commands decode from JSON; the
// procedure frames are part of the state).
func TestSaveReplayAirE40K(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		saveReplay(t, airRuleset(t), seed, nil, airBattle)
	}
}

// Manual dice stuck on 1 still end a game with flyers and transports.
func TestFixedDiceTerminateAirE40K(t *testing.T) {
	fixedDiceGame(t, airRuleset(t), airBattle(9, nil))
}

// Army morale at the end of the turn (docs/rules/e40k.md: an army that
// has lost half its units loses) counts stands aboard a transport as not
// lost: five marines aboard a Land Raider of an army of eight are off the
// table, not half the army gone. It used to end the battle in the
// Space Marines' first turn of Air Assault when they boarded the
// Thunderhawk.
func TestArmyMoraleCountsStandsAboardE40K(t *testing.T) {
	r := testRuleset(t)
	s := smallBattle(1, nil)
	_ = putProgress(s, Progress{Init: -1, Start: [2]int{8, 9}})
	for _, id := range []string{"m1", "m2", "m3", "m4", "m5"} {
		u := s.Unit(id)
		u.OffTable = true
		if err := u.SetExt(ExtAboard, "lr1"); err != nil {
			t.Fatal(err)
		}
	}
	g, _ := r.progress(s)
	r.endOfTurn(s, &g)
	if g.MoraleFailed[0] {
		t.Error("army morale failed with five stands aboard a transport and none destroyed")
	}
	for _, id := range []string{"m1", "m2", "m3", "m4", "m5"} {
		s.Unit(id).Destroyed = true
	}
	r.endOfTurn(s, &g)
	if !g.MoraleFailed[0] {
		t.Error("army morale held with five of eight units destroyed")
	}
}
