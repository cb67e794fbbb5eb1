package e40k

import (
	"math"
	"strings"
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/world"
)

// specialCatalogue is testCatalogue with one unit per special weapon type
// and a catastrophic damage table on the gargant (test data).
func specialCatalogue() *catalog.Catalogue {
	c := testCatalogue()
	veh := world.Footprint{Shape: world.Circle, Radius: 1.5}
	add := func(id, weapon, fp string, tmpl float64) {
		c.Weapons[weapon] = &catalog.Weapon{ID: weapon, Name: weapon, System: catalog.E40K, Range: 90, Profile: &WeaponSheet{FP: fp, Template: tmpl}}
		c.Units[id] = &catalog.Unit{ID: id, Name: id, System: catalog.E40K, Class: world.Vehicle, Base: veh, Speed: 10, Profile: &Datasheet{Armour: 5, DefaultArms: []string{weapon}}}
	}
	add("t-basilisk", "t-earthshaker", "Barrage", 12)
	add("t-mortar", "t-siege-mortar", "Heavy Barrage", 12)
	add("t-quaker", "t-mega", "Mega Cannon", 12)
	add("t-pulsar", "t-pulsar-gun", "Pulsar", 0)
	add("t-disruptor", "t-disrupt-gun", "Disrupt", 0)
	add("t-distorter", "t-d-cannon", "Distortion Cannon", 0)
	add("t-lasvan", "t-las", "Anti-Tank", 0)
	DatasheetOf(c.Units["t-gargant"]).Catastrophic = &CatastrophicTable{Placeholder: true, Rows: []CatastrophicRow{
		{Min: 1, Max: 3, Name: "Wrecked"},
		{Min: 4, Max: 5, Name: "Burns", Radius: "5", Markers: 1},
		{Min: 6, Max: 6, Name: "Explodes", Radius: "2D6", Hits: true, Markers: 2},
	}}
	return c
}

func specialRuleset(t *testing.T) *Ruleset {
	t.Helper()
	r, err := NewRuleset(specialCatalogue(), testTerrain(), testWorld(t))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// withFirer turns the armour detachment into one unit of type typ at
// (60, 15) and bunches the boyz within a 12 cm circle at (30, 60).
func withFirer(s *rules.State, typ string) {
	for _, id := range []string{"lr2", "ww"} {
		s.Unit(id).Destroyed = true
	}
	s.Unit("lr1").Type = typ
	for i, id := range []string{"b1", "b2", "b3", "b4", "b5", "b6"} {
		s.Unit(id).Pos = world.Vec{X: 26 + 3*float64(i%3), Y: 72 + 3*float64(i/3)}
	}
}

func destroyedOf(s *rules.State, ids ...string) int {
	n := 0
	for _, id := range ids {
		if s.Unit(id).Destroyed {
			n++
		}
	}
	return n
}

var boyz = []string{"b1", "b2", "b3", "b4", "b5", "b6"}

// A barrage template covers the most points it can; with no diameter it
// covers one (digest section 2: barrages).
func TestTemplateCoverE40K(t *testing.T) {
	pts := []world.Vec{{X: 0, Y: 0}, {X: 10, Y: 0}, {X: 5, Y: 4}, {X: 40, Y: 40}, {X: 13, Y: 0}}
	got := TemplateCover(pts, 12)
	if len(got) != 3 {
		t.Errorf("12 cm template covers %v, want three of the cluster", got)
	}
	if got := TemplateCover(pts, 14); len(got) != 4 {
		t.Errorf("14 cm template covers %v, want four", got)
	}
	if got := TemplateCover(pts, 0); len(got) != 1 {
		t.Errorf("no template covers %v, want one point", got)
	}
	if TemplateCover(nil, 12) != nil {
		t.Error("a template over nothing covers something")
	}
}

// Barrage and heavy barrage (digest section 2 and 8.3): the units under
// the template are the weapon's firepower (twice for a heavy barrage),
// added to the firepower total: the dice come from the firepower table
// and the blast markers from the total.
func TestBarrageFirepowerE40K(t *testing.T) {
	r := specialRuleset(t)
	for _, tc := range []struct {
		typ       string
		fp, dice  int
		markers   int
		kind      string
		situation Situation
	}{
		// 6 boyz under a 12 cm template: firepower 6, 3 dice in the open,
		// one marker if any die hits (1-7 row).
		{"t-basilisk", 6, 3, 0, ShotBarrage, Open},
		// Heavy barrage: firepower 12, 6 dice, one marker hit or not.
		{"t-mortar", 12, 6, 1, ShotHeavy, Open},
	} {
		s := atStep(smallBattle(1, nil), StepShooting, KindFire, "imperium", "armour")
		withFirer(s, tc.typ)
		plan, err := r.planFire(s, "armour", "boyz", fireNormal)
		if err != nil {
			t.Fatal(err)
		}
		if len(plan.Templates) != 1 || len(plan.Templates[0].Units) != 6 || plan.BarrageFirepower(1) != tc.fp {
			t.Fatalf("%s: templates %+v, barrage firepower %d, want %d", tc.typ, plan.Templates, plan.BarrageFirepower(1), tc.fp)
		}
		faces := make([]int, tc.dice)
		for i := range faces {
			faces[i] = 1 // every die misses
		}
		tray := rules.Scripted(faces...)
		evs, err := r.resolveFire(s, tray, plan, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if tray.Used() != tc.dice {
			t.Errorf("%s rolled %d dice, want %d", tc.typ, tray.Used(), tc.dice)
		}
		if got := blast(s.Formation("boyz")); got != tc.markers {
			t.Errorf("%s: %d blast markers, want %d", tc.typ, got, tc.markers)
		}
		found := false
		for _, e := range evs {
			if e.Data["template"] == "6" {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: no template event for the dice tray in %v", tc.typ, evs)
		}
		od, err := plan.Odds(Options{})
		if err != nil {
			t.Fatal(err)
		}
		if want := AttackHits(tc.dice, 3); math.Abs(od.Hits.Mean()-want.Mean()) > 1e-9 {
			t.Errorf("%s: odds hits mean %v, want %v", tc.typ, od.Hits.Mean(), want.Mean())
		}
	}
}

// Q&A 8.3: each blast marker silences one super-heavy or barrage weapon
// once no firepower is left; the firer keeps its most valuable weapons.
func TestBarrageSuppressionQA83(t *testing.T) {
	ws := []Weapon{{Name: "b", Kind: ShotBarrage}, {Name: "dr", Kind: ShotDeathRay}, {Name: "d", Kind: ShotDisrupt}, {Name: "at", Kind: ShotAntiTank}}
	orderWeapons(ws)
	if ws[0].Kind != ShotDeathRay || ws[1].Kind != ShotAntiTank || ws[2].Kind != ShotBarrage || ws[3].Kind != ShotDisrupt {
		t.Fatalf("order %v", ws)
	}
	plan := &FirePlan{Weapons: ws, specialPlan: specialPlan{Templates: []TemplateHit{{Weapon: 2, Units: []string{"x", "y"}}}}}
	_, nw := Suppress(0, len(ws), 2, Options{})
	if nw != 2 || plan.BarrageFirepower(nw) != 0 {
		t.Errorf("two markers left %d weapons, barrage firepower %d; want the death ray and the lascannon only", nw, plan.BarrageFirepower(nw))
	}
	_, nw = Suppress(0, len(ws), 1, Options{})
	if nw != 3 || plan.BarrageFirepower(nw) != 2 {
		t.Errorf("one marker left %d weapons, barrage firepower %d", nw, plan.BarrageFirepower(nw))
	}
}

// Disrupt: a hit places a blast marker and destroys nothing (D3 markers
// under OptDisruptD3).
func TestDisruptPlacesMarkersE40K(t *testing.T) {
	r := specialRuleset(t)
	for _, tc := range []struct {
		opts    map[string]string
		dice    []int
		markers int
	}{
		{nil, []int{3}, 1 + 1}, // hit vs armour 3: one marker, plus the 1-3 weapons row
		{nil, []int{2}, 0},     // miss
		{map[string]string{OptDisruptD3: "on"}, []int{6, 3}, 3 + 1}, // hit, D3 = 3
	} {
		s := atStep(smallBattle(1, tc.opts), StepShooting, KindFire, "imperium", "armour")
		withFirer(s, "t-disruptor")
		o, _ := ParseOptions(tc.opts)
		plan, err := r.planFire(s, "armour", "boyz", fireNormal)
		if err != nil {
			t.Fatal(err)
		}
		tray := rules.Scripted(tc.dice...)
		if _, err := r.resolveFire(s, tray, plan, o); err != nil {
			t.Fatal(err)
		}
		if got := blast(s.Formation("boyz")); got != tc.markers || destroyedOf(s, boyz...) != 0 {
			t.Errorf("dice %v: %d markers, %d destroyed; want %d markers, none destroyed", tc.dice, got, destroyedOf(s, boyz...), tc.markers)
		}
		od, err := plan.Odds(o)
		if err != nil {
			t.Fatal(err)
		}
		if od.Destroyed.P(0) < 1-1e-9 {
			t.Errorf("disrupt odds destroy units: %v", od.Destroyed)
		}
	}
}

// Mega-cannon (E40K Armies book wording): a template, each unit under it
// rolled against its datasheet armour without the cover bonus, one extra
// blast marker.
func TestMegaCannonE40K(t *testing.T) {
	r, err := NewRulesetWith(specialCatalogue(), testTerrain(), testWorld(t), Tables{ArmourBonus: map[world.Kind]int{world.Woods: 2}})
	if err != nil {
		t.Fatal(err)
	}
	s := atStep(smallBattle(1, nil), StepShooting, KindFire, "imperium", "armour")
	withFirer(s, "t-quaker")
	// Three boyz in the wood (+2 armour against other fire), three out.
	for i, id := range boyz {
		s.Unit(id).Pos = world.Vec{X: 36 + 3*float64(i%3), Y: 62 + 3*float64(i/3)}
	}
	plan, err := r.planFire(s, "armour", "boyz", fireNormal)
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.Templates) != 1 || len(plan.Templates[0].Units) != 6 {
		t.Fatalf("templates %+v", plan.Templates)
	}
	for _, a := range plan.Templates[0].Armour {
		if a != 3 {
			t.Fatalf("mega-cannon armour %v, want the datasheet 3 for every unit", plan.Templates[0].Armour)
		}
	}
	// One die per unit under the template: 3 hits (3, 4, 6), 3 misses.
	tray := rules.Scripted(3, 1, 4, 2, 6, 2)
	if _, err := r.resolveFire(s, tray, plan, Options{}); err != nil {
		t.Fatal(err)
	}
	if tray.Used() != 6 || destroyedOf(s, boyz...) != 3 {
		t.Errorf("used %d dice, %d destroyed; want 6 and 3", tray.Used(), destroyedOf(s, boyz...))
	}
	// One marker for the template, one for the super-heavy weapon's hit.
	if got := blast(s.Formation("boyz")); got != 2 {
		t.Errorf("%d blast markers, want 2", got)
	}
	od, err := plan.Odds(Options{})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(od.Destroyed.Mean()-6*4.0/6) > 1e-9 || od.Markers.Min() < 1 {
		t.Errorf("odds: destroyed mean %v (want 4), markers %v", od.Destroyed.Mean(), od.Markers)
	}
}

// Pulsar (Epic Remastered's note on E40K: a D6 salvo of macro shots, one
// super-heavy weapon): the number of shots is rolled, then each shot.
func TestPulsarE40K(t *testing.T) {
	r := specialRuleset(t)
	s := atStep(smallBattle(1, nil), StepShooting, KindFire, "imperium", "armour")
	withFirer(s, "t-pulsar")
	plan, err := r.planFire(s, "armour", "boyz", fireNormal)
	if err != nil {
		t.Fatal(err)
	}
	tray := rules.Scripted(3, 6, 5, 1) // three shots: two hit armour 3
	if _, err := r.resolveFire(s, tray, plan, Options{}); err != nil {
		t.Fatal(err)
	}
	if tray.Used() != 4 || destroyedOf(s, boyz...) != 2 {
		t.Errorf("used %d dice, %d destroyed", tray.Used(), destroyedOf(s, boyz...))
	}
	od, err := plan.Odds(Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Each shot hits on 3+: mean kills 3.5 * 2/3 (six boyz, at most 6).
	if want := 3.5 * 2 / 3; math.Abs(od.Destroyed.Mean()-want) > 1e-9 {
		t.Errorf("pulsar odds mean %v, want %v", od.Destroyed.Mean(), want)
	}
}

// Distortion cannon against a war engine ignores its shields (the
// weapons-versus-titans table), unless OptDistortionShields; Death Ray
// under OptDeathRay2Plus hits on 2+.
func TestDistortionAndDeathRayE40K(t *testing.T) {
	r := specialRuleset(t)
	for _, tc := range []struct {
		opts          map[string]string
		dc, shieldsDn int
	}{
		{nil, 1, 0},
		{map[string]string{OptDistortionShields: "on"}, 0, 1},
	} {
		s := atStep(smallBattle(1, tc.opts), StepShooting, KindFire, "imperium", "armour")
		withFirer(s, "t-distorter")
		s.Unit("gb1").Destroyed, s.Unit("gb2").Destroyed = true, true
		s.Unit("garg").Pos = world.Vec{X: 60, Y: 60}
		s.Unit("garg").Shields = 2
		o, _ := ParseOptions(tc.opts)
		plan, err := r.planFire(s, "armour", "gargant", fireNormal)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := r.resolveFire(s, rules.Scripted(6), plan, o); err != nil {
			t.Fatal(err)
		}
		g := s.Unit("garg")
		if g.Markers.Value(MarkDamage) != tc.dc || g.Markers.Value(MarkShieldsDown) != tc.shieldsDn {
			t.Errorf("options %v: damage %d, shields down %d", tc.opts, g.Markers.Value(MarkDamage), g.Markers.Value(MarkShieldsDown))
		}
	}
	if ShotNeed(Weapon{Kind: ShotDeathRay}, Options{}) != 0 || ShotNeed(Weapon{Kind: ShotDeathRay}, Options{WeaponOptions: WeaponOptions{DeathRay2Plus: true}}) != 2 {
		t.Error("death ray need")
	}
}

// Digest 8.5: a war engine at DC 0 rolls on its datasheet's catastrophic
// damage table; the result may hit units and place blast markers nearby.
func TestCatastrophicDamageE40K85(t *testing.T) {
	r := specialRuleset(t)
	s := atStep(smallBattle(1, nil), StepShooting, KindFire, "imperium", "armour")
	withFirer(s, "t-lasvan")
	g := s.Unit("garg")
	g.Markers.Set(MarkDamage, 3) // 1 DC left of 4
	g.Shields = 0
	g.Markers.Set(MarkShieldsDown, 2)
	s.Unit("gb1").Pos = world.Vec{X: 62, Y: 100} // 5 cm from the gargant's edge
	plan, err := r.planFire(s, "armour", "gargant", fireNormal)
	if err != nil {
		t.Fatal(err)
	}
	// Lascannon 6 destroys the gargant; catastrophic 6: Explodes, radius
	// 2D6 = 3+4 = 7 cm; gb1 and gb2 (5 cm) each roll vs armour 3: 5 hits,
	// 2 misses.
	tray := rules.Scripted(6, 6, 3, 4, 5, 2)
	evs, err := r.resolveFire(s, tray, plan, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !g.Destroyed || g.Markers.Value(MarkCatastrophe) != 0 {
		t.Fatalf("gargant destroyed %v, pending %d", g.Destroyed, g.Markers.Value(MarkCatastrophe))
	}
	if destroyedOf(s, "gb1", "gb2") != 1 || tray.Used() != 6 {
		t.Errorf("%d of the gargant's boyz destroyed, %d dice used; events %v", destroyedOf(s, "gb1", "gb2"), tray.Used(), evs)
	}
	var cat *rules.Event
	for i := range evs {
		if evs[i].Kind == EvCatastrophe {
			cat = &evs[i]
		}
	}
	if cat == nil || cat.Data["result"] != "Explodes" || cat.Data["radius"] != "7" || !strings.Contains(cat.Text, "placeholder") {
		t.Errorf("catastrophe event %+v", cat)
	}
	// Two markers on the gargant's detachment (the explosion) on top of
	// the shooting's one.
	if got := blast(s.Formation("gargant")); got != 3 {
		t.Errorf("gargant detachment markers %d, want 3", got)
	}
	if _, err := CatastrophicRowFor(nil, 3); err == nil {
		t.Error("no table accepted")
	}
	row, err := CatastrophicRowFor(DatasheetOf(specialCatalogue().Units["t-gargant"]).Catastrophic, 4)
	if err != nil || row.Name != "Burns" {
		t.Errorf("row %v %v", row, err)
	}
}

// Digest 8.5 [?]: under OptCCKillsWarEngine a war engine whose side loses
// a close combat it fought in suffers catastrophic damage.
func TestCloseCombatKillsWarEngineE40K85(t *testing.T) {
	r := specialRuleset(t)
	for _, on := range []bool{false, true} {
		opts := map[string]string{}
		if on {
			opts[OptCCKillsWarEngine] = "on"
		}
		s := atStep(smallBattle(1, opts), StepAssault, KindAssault, "imperium", "marines")
		s.Unit("gb1").Destroyed, s.Unit("gb2").Destroyed = true, true
		g := s.Unit("garg")
		for i, id := range []string{"m1", "m2", "m3"} {
			s.Unit(id).Pos = world.Vec{X: 26 + 4*float64(i), Y: 20}
		}
		g.Pos = world.Vec{X: 30, Y: 24} // its 3 cm base touches m2's 1 cm base at (30, 20)
		// Marines assault 3 + support, the gargant 8: force a marine win
		// by dice: marines roll 6, gargant rolls 1.
		tray := rules.Scripted(6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
		if _, err := r.combat(s, tray, CloseCombat, "marines", "gargant"); err != nil {
			t.Fatal(err)
		}
		if g.Destroyed != on {
			t.Errorf("option %v: gargant destroyed %v", on, g.Destroyed)
		}
	}
}

// E40K-BRK-1 with digest 8.5: war engines of a broken detachment do not
// retreat (OptWarEnginesRetreat: they do); a unit whose retreat carries
// it over the table edge leaves the table and counts as destroyed
// (OptRetreatStopsAtEdge: it stops at the edge), and no unit is ever left
// standing past the edge, even one that started partly off the table
// (the known bug).
func TestRetreatsWarEnginesAndTableEdgeE40KBRK1(t *testing.T) {
	r := specialRuleset(t)
	for _, tc := range []struct {
		opts             map[string]string
		moved, off, dead bool
	}{
		{nil, false, false, false},
		{map[string]string{OptWarEnginesRetreat: "on"}, true, true, true},
		// Stopped at the edge, still within 15 cm of the marines: destroyed
		// there, on the table.
		{map[string]string{OptWarEnginesRetreat: "on", OptRetreatStopsAtEdge: "on"}, true, false, true},
	} {
		s := smallBattle(1, tc.opts)
		g := s.Unit("garg")
		g.Pos = world.Vec{X: 70, Y: 118} // 3 cm base: 1 cm past the edge already
		s.Unit("gb1").Destroyed, s.Unit("gb2").Destroyed = true, true
		s.Unit("m1").Pos = world.Vec{X: 70, Y: 100}
		evs, err := r.retreat(s, "gargant")
		if err != nil {
			t.Fatal(err)
		}
		moved := g.Pos != (world.Vec{X: 70, Y: 118})
		if moved != tc.moved || g.OffTable != tc.off || g.Destroyed != tc.dead {
			t.Errorf("options %v: moved %v off %v destroyed %v (events %v)", tc.opts, moved, g.OffTable, g.Destroyed, evs)
		}
		if !g.OffTable && tc.moved {
			if off := OffTableBy(world.Table{W: 120, H: 120}, world.Base{Pos: g.Pos, Foot: world.Footprint{Shape: world.Circle, Radius: 3}}); off > 1e-6 {
				t.Errorf("stopped at the edge yet %v cm past it", off)
			}
		}
	}
	// Infantry retreating over the edge from on the table.
	w, err := world.New(world.Table{W: 120, H: 120}, nil)
	if err != nil {
		t.Fatal(err)
	}
	end, dead, off := RetreatOff(w, nil, world.Infantry, stand(60, 110), []world.Base{stand(60, 100)}, nil, false)
	if !off || dead {
		t.Errorf("retreat from 10 cm off the edge: end %v off %v dead %v", end.Pos, off, dead)
	}
	end, _, off = RetreatOff(w, nil, world.Infantry, stand(60, 110), []world.Base{stand(60, 100)}, nil, true)
	if off || OffTableBy(w.Table, end) > 1e-6 {
		t.Errorf("stop at the edge: end %v off %v", end.Pos, off)
	}
	end, dead, off = RetreatOff(w, nil, world.Infantry, stand(60, 60), []world.Base{stand(60, 50)}, nil, false)
	if off || dead || math.Abs(end.Pos.Y-80) > 1e-6 {
		t.Errorf("open retreat: end %v off %v dead %v", end.Pos, off, dead)
	}
}

// E40K-CMD-1 and Q&A 8.3: after a player's assault moves the other
// player's detachments may snap fire at an assaulting detachment with
// their unfired units, out of command ones included, rolling against
// armour as normal; full firepower, or half under OptSnapFireHalf.
func TestSnapFireE40KCMD1(t *testing.T) {
	r := specialRuleset(t)
	for _, half := range []bool{false, true} {
		opts := map[string]string{}
		if half {
			opts[OptSnapFireHalf] = "on"
		}
		s := atStep(smallBattle(1, opts), StepAssault, KindAssault, "imperium", "marines")
		setOrders(s, "marines", OrderAssault)
		for i, id := range boyz {
			s.Unit(id).Pos = world.Vec{X: 20 + 5*float64(i), Y: 40}
		}
		s.Unit("b6").Markers.Set(MarkOutOfCommand, 1)
		g, _ := r.progress(s)
		g.Stage, g.Sub, g.First = stageMoves, 0, 0
		_ = putProgress(s, g)
		if _, err := (&AssaultCmd{r: r, By: "imperium", Detachment: "marines"}).Apply(s, rules.Scripted()); err != nil {
			t.Fatal(err)
		}
		if s.Pending == nil || s.Pending.Kind != KindSnapFire || s.Pending.Side != "orks" || !inList(s.Pending.Units, "boyz") {
			t.Fatalf("pending %+v, want the orks' snap fire", s.Pending)
		}
		var snap *rules.Choice
		for _, c := range r.Legal(s, "orks") {
			if fc, ok := c.Cmd.(*FireCmd); ok && fc.Detachment == "boyz" && fc.Target == "marines" {
				snap = &c
			}
		}
		if snap == nil || !strings.Contains(snap.Text, "snap fires") {
			t.Fatalf("no snap fire choice offered: %+v", r.Legal(s, "orks"))
		}
		if err := (&FireCmd{r: r, By: "orks", Detachment: "boyz", Target: "armour"}).Validate(s); err == nil {
			t.Error("snap fire at a detachment that made no assault move accepted")
		}
		plan, err := r.Plan(s, "boyz", "marines")
		if err != nil {
			t.Fatal(err)
		}
		want := 6
		if half {
			want = 3
		}
		if plan.Firepower != want || !inList(plan.Shooters, "b6") || !plan.Snap() {
			t.Errorf("half %v: snap plan firepower %d shooters %v mode %q", half, plan.Firepower, plan.Shooters, plan.Mode)
		}
		// Firepower 6 (3 dice) or 3 (2 dice) against armour 4: no re-roll.
		tray := rules.Scripted(4, 4, 1)
		if _, err := snap.Cmd.Apply(s, tray); err != nil {
			t.Fatal(err)
		}
		dice := 3
		if half {
			dice = 2
		}
		if tray.Used() != dice || !s.Unit("b6").Fired {
			t.Errorf("half %v: %d dice rolled, want %d; b6 fired %v", half, tray.Used(), dice, s.Unit("b6").Fired)
		}
		if s.Pending != nil && s.Pending.Kind == KindSnapFire {
			t.Errorf("snap fire offered again: %+v", s.Pending)
		}
	}
	// Units that fired in the shooting phase do not snap fire.
	s := atStep(smallBattle(1, nil), StepAssault, KindAssault, "imperium", "marines")
	setOrders(s, "marines", OrderAssault)
	for i, id := range boyz {
		s.Unit(id).Pos = world.Vec{X: 20 + 5*float64(i), Y: 40}
		s.Unit(id).Fired = true
	}
	g, _ := r.progress(s)
	g.Stage, g.Sub, g.First = stageMoves, 0, 0
	_ = putProgress(s, g)
	if _, err := (&AssaultCmd{r: r, By: "imperium", Detachment: "marines"}).Apply(s, rules.Scripted()); err != nil {
		t.Fatal(err)
	}
	if s.Pending != nil && s.Pending.Kind == KindSnapFire {
		t.Errorf("fired units offered snap fire: %+v", s.Pending)
	}
}

// The small battle with every special weapon on the table (barrage,
// heavy barrage, mega-cannon, pulsar, disrupt, distortion, Death Ray) and
// a gargant with a catastrophic damage table, played to the end by the
// seeded random driver with default options and with every option on:
// every offered choice validates, nothing stalls; the counts show the
// new rules came up (digest 2, 8.3, 8.5; E40K-CMD-1, E40K-BRK-1).
func TestRandomPlayoutSpecialWeaponsE40K(t *testing.T) {
	r := specialRuleset(t)
	all := map[string]string{}
	for _, o := range OptionList() {
		all[o.ID] = "on"
	}
	all[OptNoArmyMorale] = "off"
	seen := map[string]int{}
	for seed := uint64(1); seed <= 8; seed++ {
		for _, opts := range []map[string]string{nil, all} {
			s := smallBattle(seed, opts)
			// Swap the imperial armour for the special weapons, and give
			// the orks a pulsar and a disruptor among the gargant's boyz.
			for id, typ := range map[string]string{"lr1": "t-quaker", "lr2": "t-mortar", "ww": "t-basilisk", "gb1": "t-pulsar", "gb2": "t-disruptor", "b6": "t-distorter"} {
				s.Unit(id).Type = typ
			}
			e := playRandomOn(t, r, s, seed)
			for _, ev := range e.State().Log {
				switch {
				case ev.Kind == EvCatastrophe:
					seen["catastrophe"]++
				case ev.Kind == rules.EvDecision && strings.Contains(ev.Text, "snap fire at"):
					seen["snap fire window"]++
				case ev.Kind == rules.EvFired && strings.Contains(ev.Text, "(snap fire)"):
					seen["snap fire"]++
				case ev.Data["template"] != "":
					seen["template"]++
				case ev.Data["disrupt"] != "":
					seen["disrupt"]++
				case strings.Contains(ev.Text, "does not retreat"):
					seen["war engine stands"]++
				}
				if ev.Roll != nil && strings.HasPrefix(ev.Roll.Purpose, "pulsar") {
					seen["pulsar"]++
				}
			}
		}
	}
	t.Logf("seen %v", seen)
	for _, k := range []string{"template", "snap fire window", "pulsar", "disrupt"} {
		if seen[k] == 0 {
			t.Errorf("no %s in 16 games: %v", k, seen)
		}
	}
}

// The E40K-weapons-versus-titans table (digest section 1) is untouched by
// the special weapons against detachments: a pulsar is D6 shots at Str 6,
// a distortion cannon one at Str 7, a mega-cannon one at Str 7, a disrupt
// weapon nothing.
func TestSpecialWeaponsVersusTitansTableSeed002(t *testing.T) {
	c := specialCatalogue()
	addTestTitans(c)
	r, err := NewRuleset(c, testTerrain(), testWorld(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		typ, rof string
		str      int
		attacks  int
	}{
		{"t-pulsar", "D6", 6, 1},
		{"t-distorter", "1", 7, 1},
		{"t-quaker", "1", 7, 1},
		{"t-disruptor", "", 0, 0},
	} {
		s := titanBattle(1, nil)
		s.Unit("rv").Pos = world.Vec{X: 60, Y: 40}
		setUpTitans(t, r, s)
		atStep(s, StepShooting, KindFire, "imperium", "armour")
		for _, id := range []string{"lr2", "ww"} {
			s.Unit(id).Destroyed = true
		}
		s.Unit("lr1").Type = tc.typ
		v, err := r.PlanTitanFire(s, "armour", "rv", "")
		if tc.attacks == 0 {
			if err == nil && len(v.Attacks) != 0 {
				t.Errorf("%s: attacks %+v, want none (disrupt: no effect on titans)", tc.typ, v.Attacks)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tc.typ, err)
		}
		if len(v.Attacks) != tc.attacks || sheet.WeaponOf(v.Attacks[0].Weapon).RoF != tc.rof || sheet.WeaponOf(v.Attacks[0].Weapon).Str != tc.str {
			t.Errorf("%s: attacks %+v, want RoF %s Str %d", tc.typ, v.Attacks, tc.rof, tc.str)
		}
	}
}
