package e40k

import (
	"math"
	"strings"

	"github.com/auspex/auspex/rules"
	"testing"

	"github.com/auspex/auspex/world"
)

// Orders (digest section 2, "Overwatch (no or 5 cm move ...)"): by
// default a detachment on overwatch does not move; under
// e40k/overwatch-move it may move 5 cm and keeps its overwatch orders.
func TestOverwatchMoveOptionE40KORD1(t *testing.T) {
	inf := Profile{Speed: 10}
	if got := (Options{}).Allowance(&inf, OrderOverwatch, false); got != 0 {
		t.Errorf("default overwatch allowance %v, want 0", got)
	}
	on := Options{ReadingOptions: ReadingOptions{OverwatchMove: true}}
	if got := on.Allowance(&inf, OrderOverwatch, false); got != OverwatchMove {
		t.Errorf("overwatch-move allowance %v, want %v", got, OverwatchMove)
	}
	if got := on.Allowance(&inf, OrderAssault, false); got != 10 {
		t.Errorf("overwatch-move changed assault orders: %v", got)
	}
	r := testRuleset(t)
	for _, c := range []struct {
		opts map[string]string
		ok   bool
	}{{nil, false}, {map[string]string{OptOverwatchMove: "on"}, true}} {
		s := atStep(smallBattle(1, c.opts), StepMovement, KindMove, "imperium", "marines")
		setOrders(s, "marines", OrderOverwatch)
		cmd := &MoveCmd{r: r, By: "imperium", Detachment: "marines", Moves: []UnitMove{{Unit: "m2", To: world.Vec{X: 25, Y: 24}}}}
		if err := cmd.Validate(s); (err == nil) != c.ok {
			t.Errorf("options %v: a 4 cm move on overwatch: %v, want allowed=%v", c.opts, err, c.ok)
		}
		far := &MoveCmd{r: r, By: "imperium", Detachment: "marines", Moves: []UnitMove{{Unit: "m2", To: world.Vec{X: 25, Y: 27}}}}
		if err := far.Validate(s); err == nil {
			t.Errorf("options %v: a 7 cm move on overwatch allowed", c.opts)
		}
	}
}

// Army morale (docs/rules/e40k.md, not in the digest): by default an army
// that has lost half its units fails; under e40k/army-morale-over-half
// only more than half.
func TestArmyMoraleOverHalfOptionE40K(t *testing.T) {
	on := Options{ReadingOptions: ReadingOptions{ArmyMoraleOverHalf: true}}
	for _, c := range []struct {
		start, left int
		o           Options
		want        bool
	}{
		{10, 5, Options{}, true}, {10, 5, on, false}, {10, 4, on, true},
		{9, 5, Options{}, false}, {9, 4, Options{}, true}, {9, 4, on, true}, {0, 0, on, false},
	} {
		if got := c.o.ArmyMoraleFails(c.start, c.left); got != c.want {
			t.Errorf("start %d left %d over-half=%v: %v, want %v", c.start, c.left, c.o.ArmyMoraleOverHalf, got, c.want)
		}
	}
}

// Mega-cannon (docs/rules/e40k.md; digest section 2 "the other
// super-heavy weapons"): by default each unit under the template is
// rolled against its datasheet armour; under e40k/mega-cannon-cover the
// infantry terrain bonus counts, so the boyz in the wood need 5+ not 3+.
func TestMegaCannonCoverOptionE40K(t *testing.T) {
	r, err := NewRulesetWith(specialCatalogue(), testTerrain(), testWorld(t), Tables{ArmourBonus: map[world.Kind]int{world.Woods: 2}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		opts   map[string]string
		inWood int // armour of the boyz in the wood
		left   int // boyz left in the wood after rolling 4s
	}{{nil, 3, 0}, {map[string]string{OptMegaCannonCover: "on"}, 5, 3}} {
		s := atStep(smallBattle(1, c.opts), StepShooting, KindFire, "imperium", "armour")
		withFirer(s, "t-quaker")
		for i, id := range boyz { // b1-b3 in the wood (y 50-65), b4-b6 out of it
			s.Unit(id).Pos = world.Vec{X: 30 + 3*float64(i%3), Y: 60 + 8*float64(i/3)}
		}
		plan, err := r.planFire(s, "armour", "boyz", fireNormal)
		if err != nil {
			t.Fatal(err)
		}
		if len(plan.Templates) != 1 || len(plan.Templates[0].Units) != 6 {
			t.Fatalf("templates %+v", plan.Templates)
		}
		for k, id := range plan.Templates[0].Units {
			want := 3
			if r.inCover(s.Unit(id).Pos) {
				want = c.inWood
			}
			if got := plan.Templates[0].Armour[k]; got != want {
				t.Errorf("options %v: %s armour %d, want %d", c.opts, id, got, want)
			}
		}
		o, err := r.options(s)
		if err != nil {
			t.Fatal(err)
		}
		// Every unit under the template rolls a 4: 3+ kills all out of
		// cover and, by default, those in it too.
		tray := rules.Scripted(4, 4, 4, 4, 4, 4)
		if _, err := r.resolveFire(s, tray, plan, o); err != nil {
			t.Fatal(err)
		}
		inWood := 0
		for _, id := range boyz {
			if r.inCover(s.Unit(id).Pos) && !s.Unit(id).Destroyed {
				inWood++
			}
		}
		if inWood != c.left || destroyedOf(s, boyz...) != 6-c.left {
			t.Errorf("options %v: %d boyz left in the wood, %d destroyed; want %d left", c.opts, inWood, destroyedOf(s, boyz...), c.left)
		}
	}
}

// Pulsar (docs/rules/e40k.md): by default a pulsar counts as one
// super-heavy weapon for the blast markers table (E40K-BM-1: 1-3 weapons
// place a marker only with a hit); under e40k/pulsar-shots-count its five
// shots count as five weapons, which place a marker hit or miss.
func TestPulsarShotsCountOptionE40KBM1(t *testing.T) {
	r := specialRuleset(t)
	for _, c := range []struct {
		opts map[string]string
		want int
	}{{nil, 0}, {map[string]string{OptPulsarShotsCount: "on"}, 1}} {
		s := atStep(smallBattle(1, c.opts), StepShooting, KindFire, "imperium", "armour")
		withFirer(s, "t-pulsar")
		plan, err := r.planFire(s, "armour", "boyz", fireNormal)
		if err != nil {
			t.Fatal(err)
		}
		o, err := r.options(s)
		if err != nil {
			t.Fatal(err)
		}
		tray := rules.Scripted(5, 1, 1, 1, 1, 1) // five shots, all miss
		if _, err := r.resolveFire(s, tray, plan, o); err != nil {
			t.Fatal(err)
		}
		if got := blast(s.Formation("boyz")); got != c.want {
			t.Errorf("options %v: %d blast markers, want %d", c.opts, got, c.want)
		}
		od, err := plan.Odds(o)
		if err != nil {
			t.Fatal(err)
		}
		// P(at least one marker): with shots counted, four or more shots
		// place one whatever they hit, so the chance is higher.
		p1 := od.Markers.AtLeast(1)
		pHitAny := 0.0
		for k := 1; k <= 6; k++ {
			pHitAny += (1 - math.Pow(1.0/3, float64(k))) / 6
		}
		wantP := pHitAny
		if c.opts != nil {
			wantP = 0
			for k := 1; k <= 6; k++ {
				if k >= 4 {
					wantP += 1.0 / 6
				} else {
					wantP += (1 - math.Pow(1.0/3, float64(k))) / 6
				}
			}
		}
		if math.Abs(p1-wantP) > 1e-9 {
			t.Errorf("options %v: P(a marker) %v, want %v", c.opts, p1, wantP)
		}
	}
}

// Hit allocation (digest section 2: the attacker allocates closest first;
// docs/rules/e40k.md "Hit allocation"): by default every living unit of
// the target detachment can take hits, seen or not; under
// e40k/alloc-seen-only a unit no firing unit sees (b1, behind the
// building) takes none, and hits beyond the seen units are wasted.
func TestAllocSeenOnlyOptionE40K(t *testing.T) {
	r := testRuleset(t)
	for _, c := range []struct {
		opts      map[string]string
		targets   int
		destroyed int
	}{{nil, 6, 6}, {map[string]string{OptAllocSeenOnly: "on"}, 5, 5}} {
		s := atStep(smallBattle(1, c.opts), StepShooting, KindFire, "imperium", "armour")
		withFirer(s, "t-land-raider")
		s.Unit("lr1").Pos = world.Vec{X: 85, Y: 40}
		s.Unit("b1").Pos = world.Vec{X: 85, Y: 75} // the building (80-90, 55-65) in between
		for i, id := range boyz[1:] {
			s.Unit(id).Pos = world.Vec{X: 63 + 3*float64(i), Y: 60}
		}
		plan, err := r.planFire(s, "armour", "boyz", fireNormal)
		if err != nil {
			t.Fatal(err)
		}
		if len(plan.Targets) != c.targets {
			t.Fatalf("options %v: %d target units, want %d", c.opts, len(plan.Targets), c.targets)
		}
		o, err := r.options(s)
		if err != nil {
			t.Fatal(err)
		}
		shots := make([]Shot, 6)
		for i := range shots {
			shots[i] = Shot{Face: 6}
		}
		a, err := Resolve(plan.Targets, shots, nil, o)
		if err != nil {
			t.Fatal(err)
		}
		if a.Destroyed != c.destroyed || a.Wasted != 6-c.destroyed {
			t.Errorf("options %v: six hits destroy %d, waste %d; want %d destroyed", c.opts, a.Destroyed, a.Wasted, c.destroyed)
		}
	}
}

// Support in close combat (digest section 2 close combat; docs/rules/
// e40k.md "Support in close combat"): by default only the fighting
// detachment's own units within 15 cm support; under
// e40k/support-any-detachment gb1 (the gargant's detachment), 12 cm from
// the marines and touching none, adds +1 to the boyz' total.
func TestSupportAnyDetachmentOptionE40K(t *testing.T) {
	r := testRuleset(t)
	for _, c := range []struct {
		opts map[string]string
		want string
	}{{nil, "boyz (3) against marines (7)"}, {map[string]string{OptSupportAnyDetachment: "on"}, "boyz (4) against marines (7)"}} {
		s := smallBattle(1, c.opts)
		s.Unit("b1").Pos = world.Vec{X: 20, Y: 22} // in contact with m1
		s.Unit("gb1").Pos = world.Vec{X: 30, Y: 33}
		evs, err := r.combat(s, rules.Scripted(6, 1, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1), CloseCombat, "boyz", "marines")
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, e := range evs {
			found = found || strings.Contains(e.Text, c.want)
		}
		if !found {
			t.Errorf("options %v: no %q in %v", c.opts, c.want, evs)
		}
	}
}

// Each option of options_readings.go is listed, off by default, and sets
// exactly its own field; the Counterattack card (REM-CC-1) implies the
// 2D6 result roll it re-rolls a die of.
func TestReadingOptionsE40K(t *testing.T) {
	listed := map[string]rules.Option{}
	for _, o := range RulesOptions() {
		listed[o.Name] = o
	}
	for _, c := range []struct {
		id   string
		want Options
	}{
		{OptAllocSeenOnly, Options{ReadingOptions: ReadingOptions{AllocSeenOnly: true}}},
		{OptSupportAnyDetachment, Options{ReadingOptions: ReadingOptions{SupportAnyDetachment: true}}},
		{OptMegaCannonCover, Options{ReadingOptions: ReadingOptions{MegaCannonCover: true}}},
		{OptPulsarShotsCount, Options{ReadingOptions: ReadingOptions{PulsarShotsCount: true}}},
		{OptArmyMoraleOverHalf, Options{ReadingOptions: ReadingOptions{ArmyMoraleOverHalf: true}}},
		{OptOverwatchMove, Options{ReadingOptions: ReadingOptions{OverwatchMove: true}}},
		{OptCounterattackCard, Options{CC2D6: true, ReadingOptions: ReadingOptions{CounterattackCard: true}}},
	} {
		o, ok := listed[c.id]
		if !ok || o.Default != "off" || o.Doc == "" {
			t.Errorf("%s: listed %v, default %q, doc %q", c.id, ok, o.Default, o.Doc)
		}
		got, err := ParseOptions(map[string]string{c.id: "on"})
		if err != nil || got != c.want {
			t.Errorf("%s on: %+v %v, want %+v", c.id, got, err, c.want)
		}
		if got, err := ParseOptions(map[string]string{c.id: "off"}); err != nil || got != (Options{}) {
			t.Errorf("%s off: %+v %v", c.id, got, err)
		}
	}
}

// Games with every option of options_readings.go on save and replay to
// the same state (the options ride with the game; a save taken while the
// Counterattack card is being decided replays through its frame).
func TestSaveReplayReadingOptionsE40K(t *testing.T) {
	opts := map[string]string{}
	for _, id := range []string{OptAllocSeenOnly, OptSupportAnyDetachment, OptMegaCannonCover, OptPulsarShotsCount, OptArmyMoraleOverHalf, OptOverwatchMove, OptCounterattackCard} {
		opts[id] = "on"
	}
	for seed := uint64(1); seed <= 3; seed++ {
		saveReplay(t, testRuleset(t), seed, opts, smallBattle)
	}
	// Mid-decision: play a game until a side decides on its card, save,
	// load, and find the same pending decision.
	r := testRuleset(t)
	for seed := uint64(1); seed <= 12; seed++ {
		e, err := rules.New(r, smallBattle(seed, opts), rules.Config{})
		if err != nil {
			t.Fatal(err)
		}
		rng := rules.NewStream(seed, 77)
		for n := 0; n < 4000 && !e.State().Over; n++ {
			p := e.State().Pending
			if p != nil && p.Kind == KindCounterattack {
				data, err := e.Save()
				if err != nil {
					t.Fatal(err)
				}
				reg, err := rules.NewRegistry(r)
				if err != nil {
					t.Fatal(err)
				}
				back, err := rules.Load(data, reg, func(su rules.Setup) (*rules.State, error) { return smallBattle(su.Seed, su.Options), nil }, rules.Config{})
				if err != nil {
					t.Fatal(err)
				}
				if bp := back.State().Pending; bp == nil || bp.Kind != KindCounterattack || bp.Side != p.Side || back.State().Hash() != e.State().Hash() {
					t.Fatalf("loaded mid-card: pending %+v, want %+v", bp, p)
				}
				return
			}
			ch := e.Legal(p.Side)
			c := ch[rng.Uint32n(uint32(len(ch)))].Cmd
			fillMoves(t, e, r, rng, c)
			if _, err := e.Submit(c); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("no card decision came up in twelve random games")
}
