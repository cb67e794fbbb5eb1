package e40k

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/world"
)

// weTitanRuleset is testTitanRuleset with the gargant armed with close
// combat weapons when cc is set.
func weTitanRuleset(t *testing.T, cc bool) *Ruleset {
	t.Helper()
	c := testCatalogue()
	addTestTitans(c)
	if cc {
		c.Units["t-gargant"].Specials = []string{SpecialCCWeapons}
	}
	terr := testTerrain()
	for k, e := range terr {
		p := map[world.UnitClass]world.Passage{}
		for cl, v := range e.Passage {
			p[cl] = v
		}
		p[world.Titan] = p[world.WarEngine]
		e.Passage = p
		terr[k] = e
	}
	r, err := NewRuleset(c, terr, testWorld(t))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// weBattle: the Warhound at (70, 80), the orks' gargant 12 cm from it at
// (70, 92), its boyz aside, the Reaver far away.
func weBattle(t *testing.T, r *Ruleset, opts map[string]string) *rules.State {
	t.Helper()
	s := titanBattle(1, opts)
	s.Unit("wh").Pos = world.Vec{X: 70, Y: 80}
	face(s.Unit("wh"), world.Vec{X: 70, Y: 92})
	s.Unit("rv").Pos = world.Vec{X: 10, Y: 110}
	s.Unit("garg").Pos = world.Vec{X: 70, Y: 92}
	s.Unit("gb1").Pos, s.Unit("gb2").Pos = world.Vec{X: 55, Y: 100}, world.Vec{X: 85, Y: 100}
	setUpTitans(t, r, s)
	return s
}

// gargantCharges makes the gargant's assault move into base contact with
// the Warhound.
func gargantCharges(r *Ruleset, s *rules.State) error {
	atStep(s, StepAssault, KindAssault, "orks", "gargant")
	setOrders(s, "gargant", OrderAssault)
	c := &AssaultCmd{r: r, By: "orks", Detachment: "gargant", Moves: []UnitMove{{Unit: "garg", To: world.Vec{X: 70, Y: 85}}}}
	return c.Validate(s)
}

// Seed 002: "war engines armed with close combat weapons may assault a
// Titan": the gargant (close-combat weapons) may move into base contact
// with the Warhound in its assault move; the same war engine without
// them may not (vehicles and infantry never may), unless
// e40k/war-engine-titan-cc-any is on.
func TestWarEngineMayAssaultTitanSeed002(t *testing.T) {
	r := weTitanRuleset(t, true)
	if err := gargantCharges(r, weBattle(t, r, nil)); err != nil {
		t.Errorf("a gargant with close combat weapons may not charge the Warhound: %v", err)
	}
	plain := weTitanRuleset(t, false)
	if err := gargantCharges(plain, weBattle(t, plain, nil)); err == nil || !strings.Contains(err.Error(), "may not assault titan") {
		t.Errorf("a gargant without close combat weapons charged the Warhound (%v)", err)
	}
	if err := gargantCharges(plain, weBattle(t, plain, map[string]string{OptWarEngineTitanCCAny: "on"})); err != nil {
		t.Errorf("with %s any war engine may assault a titan: %v", OptWarEngineTitanCCAny, err)
	}
}

// Seed 002: the war engine's assault on a titan is resolved "using the
// Epic 40,000 rules, and using the CCV values from the Epic 40,000 Armies
// book; the loser is destroyed and removed from play, the winner stays in
// place": the E40K result roll (E40K-CC-3: D6 + bonus, the gargant's
// 8 against the Warhound's 6 giving it +1), no hits rolled.
func TestWarEngineAssaultsTitanLoserDestroyedSeed002(t *testing.T) {
	for _, c := range []struct {
		dice        []int
		titanDead   bool
		gargantDead bool
	}{
		{[]int{6, 1}, true, false}, // 6+1 against 1: the gargant wins
		{[]int{1, 6}, false, true}, // 1+1 against 6: the titan wins
		{[]int{3, 4, 6, 1}, true, false},
	} {
		r := weTitanRuleset(t, true)
		s := weBattle(t, r, nil)
		if err := gargantCharges(r, s); err != nil {
			t.Fatal(err)
		}
		mv := &AssaultCmd{r: r, By: "orks", Detachment: "gargant", Moves: []UnitMove{{Unit: "garg", To: world.Vec{X: 70, Y: 85}}}}
		if _, err := mv.Apply(s, rules.NewSeededDice(1, 0)); err != nil {
			t.Fatal(err)
		}
		tray := rules.Scripted(c.dice...)
		evs, err := r.fightFor(s, tray, "gargant")
		if err != nil {
			t.Fatal(err)
		}
		if tray.Used() != len(c.dice) {
			t.Errorf("dice %v: used %d (no hits are rolled, only the result)", c.dice, tray.Used())
		}
		if s.Unit("wh").Destroyed != c.titanDead || s.Unit("garg").Destroyed != c.gargantDead {
			t.Errorf("dice %v: titan destroyed %v, gargant destroyed %v; want %v, %v (events %v)", c.dice, s.Unit("wh").Destroyed, s.Unit("garg").Destroyed, c.titanDead, c.gargantDead, evs)
		}
		if len(c.dice) == 4 && blast(s.Formation("gargant")) != 1 {
			t.Errorf("a tie: the gargant's detachment has %d blast markers, want 1 (the titan takes none)", blast(s.Formation("gargant")))
		}
		if blast(s.Formation("hound")) != 0 {
			t.Error("the titan's formation took blast markers")
		}
	}
}

// Seed 002: "use the same method to determine the winner if a Titan
// decides to assault a war engine": a titan's assault move into base
// contact with an enemy war engine (assault phase step 2) is fought after
// the titan close combats (step 3).
func TestTitanAssaultsWarEngineSeed002(t *testing.T) {
	r := weTitanRuleset(t, false) // any war engine may be assaulted by a titan
	s := weBattle(t, r, nil)
	atTitanStep(t, r, s, StepTitanAssault)
	if p := s.Pending; p == nil || p.Kind != KindTitanMove || p.Units[0] != "wh" {
		t.Fatalf("pending %+v, want the Warhound to move", s.Pending)
	}
	c := &TitanMoveCmd{r: r, By: "imperium", Titan: "wh", Path: []atii.Waypoint{{X: 70, Y: 87}}}
	if err := c.Validate(s); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Apply(s, rules.NewSeededDice(2, 0)); err != nil {
		t.Fatal(err)
	}
	if s.Unit("wh").Markers.Value(MarkChargedWE) == 0 {
		t.Fatal("the Warhound is not marked as having charged the gargant")
	}
	for s.Pending != nil && s.Pending.Kind == KindTitanMove {
		p := &PassCmd{r: r, By: s.Pending.Side, Detachment: s.Pending.Units[0]}
		if _, err := p.Apply(s, rules.NewSeededDice(3, 0)); err != nil {
			t.Fatal(err)
		}
	}
	g, _ := r.progress(s)
	if g.Stage != stageTitanCombat {
		t.Fatalf("stage %q, want the titan combats", g.Stage)
	}
	// The gargant (8, +1) rolls 1, the Warhound (6) rolls 6: the gargant
	// is destroyed; its catastrophic damage rolls follow.
	tray := rules.Scripted(1, 6, 1, 1, 1, 1, 1, 1, 1, 1)
	if _, _, err := r.autoTitanCombat(s, tray); err != nil {
		t.Fatal(err)
	}
	if !s.Unit("garg").Destroyed || s.Unit("wh").Destroyed {
		t.Errorf("gargant destroyed %v, Warhound destroyed %v; want true, false", s.Unit("garg").Destroyed, s.Unit("wh").Destroyed)
	}
	g, _ = r.progress(s)
	if len(r.titanWarEngineFights(s, &g)) != 0 {
		t.Error("the fight is offered again")
	}
}

// Random playouts of the titan battle with the gargant armed with close
// combat weapons (seed 002's war engine exception): every Legal choice
// validates, the games end, and war engines and titans fight each other
// in the runs.
func TestRandomPlayoutWarEnginesAndTitansSeed002(t *testing.T) {
	seen := map[string]int{}
	for seed := uint64(1); seed <= 12; seed++ {
		r := weTitanRuleset(t, true)
		st := titanBattle(seed, nil)
		st.Unit("garg").Pos = world.Vec{X: 52, Y: 64} // within a charge of the Warhound
		e := playRandomOn(t, r, st, seed)
		for _, ev := range e.State().Log {
			switch {
			case strings.HasPrefix(ev.Text, "close combat: war engine"):
				seen["war engine against titan"]++
			case strings.Contains(ev.Text, "assaults war engine"):
				seen["titan charged a war engine"]++
			}
		}
	}
	t.Logf("over 12 seeds: %v", seen)
	if seen["war engine against titan"] == 0 || seen["titan charged a war engine"] == 0 {
		t.Error("no war engine fought a titan, or no titan charged a war engine, in 12 games")
	}
}
