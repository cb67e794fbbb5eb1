package e40k

import (
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

// REM-RES-1 and the Land Raider trial profile.
func TestLandRaiderTrialREMRES1(t *testing.T) {
	cat := testCatalogue()
	lr := cat.Units["t-land-raider"]
	p, err := FromCatalog(cat, lr, Options{})
	if err != nil || p.DC != 1 || len(p.SuperHeavy) != 1 || p.SuperHeavy[0].FixedTarget != 0 || p.Range != 30 {
		t.Fatalf("default %+v %v", p, err)
	}
	p, _ = FromCatalog(cat, lr, Options{Resilient: true})
	if p.DC != 2 {
		t.Errorf("resilient DC %d", p.DC)
	}
	p, _ = FromCatalog(cat, lr, Options{LandRaiderTrial: true})
	if p.DC != 2 || p.Points != 54 || len(p.SuperHeavy) != 1 || p.SuperHeavy[0].FixedTarget != 4 || !p.Has(SpecialResilient) {
		t.Errorf("trial %+v", p)
	}
	if _, err := FromCatalog(cat, nil, Options{}); err == nil {
		t.Error("nil unit accepted")
	}
	bad, ds := *lr, *DatasheetOf(lr)
	ds.DefaultArms = []string{"nope"}
	bad.Profile = &ds
	if _, err := FromCatalog(cat, &bad, Options{}); err == nil {
		t.Error("unknown weapon accepted")
	}
}

// Army morale and the victory conditions.
func TestVictoryE40K(t *testing.T) {
	if !ArmyMoraleFails(9, 4) || ArmyMoraleFails(9, 5) || ArmyMoraleFails(0, 0) {
		t.Error("army morale threshold")
	}
	r := testRuleset(t)
	s := smallBattle(1, nil)
	s.Step = StepRally
	g := Progress{Start: [2]int{8, 9}, Stage: stageDone}
	g.MoraleFailed[1] = true
	_ = putProgress(s, g)
	if out := r.Victory(s); out == nil || out.Winner != "imperium" {
		t.Errorf("morale: %+v", out)
	}
	s.Options = map[string]string{OptNoArmyMorale: "on"}
	if out := r.Victory(s); out != nil {
		t.Errorf("no army morale option: %+v", out)
	}
	for i := range s.Units {
		if s.Units[i].Side == "orks" {
			s.Units[i].Destroyed = true
		}
	}
	if out := r.Victory(s); out == nil || out.Winner != "imperium" {
		t.Errorf("annihilation: %+v", out)
	}
}

// Options: ids, defaults, parsing.
func TestOptionsE40K(t *testing.T) {
	want := []string{OptFPRowsFloor, OptNoArmyMorale, OptWEAllocation, OptWESupport, OptWESuppression, OptResilient, OptLandRaiderTrial,
		OptMixedFire, OptMixedFireReverse, OptCC2D6, OptATFixed, OptMoveThrough, OptAssaultMove}
	got := map[string]bool{}
	for _, o := range RulesOptions() {
		if o.Default != "off" {
			t.Errorf("%s defaults to %s", o.Name, o.Default)
		}
		got[o.Name] = true
	}
	for _, id := range want {
		if !got[id] {
			t.Errorf("option %s missing", id)
		}
	}
	o, err := ParseOptions(map[string]string{OptMixedFireReverse: "on"})
	if err != nil || !o.MixedFire {
		t.Errorf("reverse implies mixed fire: %+v %v", o, err)
	}
	if _, err := ParseOptions(map[string]string{"e40k/nope": "on"}); err == nil {
		t.Error("unknown option accepted")
	}
	if _, err := ParseOptions(map[string]string{OptCC2D6: "maybe"}); err == nil {
		t.Error("bad value accepted")
	}
}

// Scenario victory conditions with the trigger grammar of
// docs/scenarios.md: an immediate rule, a rule kept for the end, the
// default at the turn limit.
func TestScenarioVictoryE40K(t *testing.T) {
	r := testRuleset(t)
	end := func(s *rules.State, timeUp bool) {
		s.Step = StepRally
		_ = putProgress(s, Progress{Start: [2]int{8, 9}, Stage: stageDone, TimeUp: timeUp})
	}
	s := smallBattle(1, map[string]string{OptNoArmyMorale: "on"})
	var su Setup
	_, _ = s.GetExt(ExtSetup, &su)
	su.Objectives = []Objective{{ID: "relay", Pos: world.Vec{X: 60, Y: 60}}}
	su.Victory = []VictoryRule{
		{Side: "orks", Result: "Major victory", When: &Trigger{Kind: "broken", Unit: "marines"}},
		{Side: "imperium", Result: "Minor victory", AtEnd: true, When: &Trigger{Kind: "hold-objective", Side: "imperium", Objective: "relay"}},
	}
	if err := SetSetup(s, su); err != nil {
		t.Fatal(err)
	}
	end(s, false)
	if out := r.Victory(s); out != nil {
		t.Fatalf("nothing should be decided yet: %+v", out)
	}
	s.Unit("m1").Pos = world.Vec{X: 60, Y: 70} // 9 cm from the relay
	if out := r.Victory(s); out != nil {
		t.Fatalf("the end rule fired before the end: %+v", out)
	}
	end(s, true)
	if out := r.Victory(s); out == nil || out.Winner != "imperium" || out.Kind != "Minor victory" {
		t.Errorf("hold at the end: %+v", out)
	}
	s.Unit("b1").Pos = world.Vec{X: 60, Y: 50} // contested
	if out := r.Victory(s); out == nil || out.Kind != "draw" {
		t.Errorf("contested, equal losses: %+v", out)
	}
	s.Formation("marines").Broken = true
	if out := r.Victory(s); out == nil || out.Winner != "orks" || out.Kind != "Major victory" {
		t.Errorf("broken marines: %+v", out)
	}
}
