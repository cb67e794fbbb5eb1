package atiiai_test

import (
	"testing"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/systems/atiiai"
	"github.com/auspex/auspex/systems/atiisys"
)

// duelState builds the titan duel's first state and its ruleset.
func duelState(t *testing.T) (*atii.Ruleset, *rules.State) {
	t.Helper()
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	scn, err := scenarios.LoadBundled("titan-duel", cat)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := atiisys.NewRuleset(scn)
	if err != nil {
		t.Fatal(err)
	}
	st, err := atiisys.BuildState(scn, rs, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	e, err := rules.New(rs, st, rules.Config{})
	if err != nil {
		t.Fatal(err)
	}
	return rs, e.Snapshot()
}

func damage(t *testing.T, s *rules.State, id string, f func(*atii.TitanState)) {
	t.Helper()
	u := s.Unit(id)
	ts, err := atii.TitanOf(u)
	if err != nil {
		t.Fatal(err)
	}
	f(&ts)
	if err := u.SetExt(atii.ExtTitan, ts); err != nil {
		t.Fatal(err)
	}
}

// TestEvaluationCountsDamageShieldsAndResult: the evaluation is symmetric
// (red's score is minus blue's), a Major wound to the enemy scores its
// victory points (ATII-VIC-1), knocked-down own shields cost, and a won
// game outweighs everything.
func TestEvaluationCountsDamageShieldsAndResult(t *testing.T) {
	rs, s := duelState(t)
	ev := atiiai.Evaluator{RS: rs, W: atiiai.DefaultWeights()}
	base := ev.Evaluate(s, "red")
	if b := ev.Evaluate(s, "blue"); b.Value != -base.Value {
		t.Fatalf("red %v, blue %v: want opposite values", base.Value, b.Value)
	}
	var blue, red string
	for _, u := range s.Units {
		if u.Side == "blue" && blue == "" {
			blue = u.ID
		}
		if u.Side == "red" && red == "" {
			red = u.ID
		}
	}
	hurt := s.Clone()
	damage(t, hurt, blue, func(ts *atii.TitanState) { ts.Legs = atii.Major })
	if d := ev.Evaluate(hurt, "red").Value - base.Value; d <= 0 {
		t.Errorf("a Major wound to blue's legs changes red's score by %v, want a gain", d)
	}
	down := s.Clone()
	damage(t, down, red, func(ts *atii.TitanState) { ts.ShieldsDown = 2 })
	if d := ev.Evaluate(down, "red").Value - base.Value; d >= 0 {
		t.Errorf("two of red's shields down change red's score by %v, want a loss", d)
	}
	won := s.Clone()
	won.Over, won.Result = true, &rules.Outcome{Winner: "red"}
	if d := ev.Evaluate(won, "red").Value - base.Value; d < 100 {
		t.Errorf("winning adds %v, want at least a titan's worth", d)
	}
}
