package atiiai_test

import (
	"testing"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/systems/atiiai"
	"github.com/auspex/auspex/systems/atiisys"
	"github.com/auspex/auspex/world"
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

// TestThreatCountsSight (ATII-SHT-2): with Weights.Sight at 1 the threat
// term gives nothing for a blocked line and less for a target half or
// more hidden (-1 to hit), at 0 it ignores sight, and on an open line the
// two agree. The lines are found on the battlegroup's own table (its
// terrain hides Warhounds; titans see over most of the duel's): a red
// Warhound 30 cm from a blue one that faces away, so only red's guns bear.
func TestThreatCountsSight(t *testing.T) {
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	scn, err := scenarios.LoadBundled("titan-battlegroup", cat)
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
	s := e.Snapshot()
	// One Warhound a side on the table: the others off it.
	var red, blue string
	for i := range s.Units {
		u := &s.Units[i]
		switch {
		case u.Type == "warhound" && u.Side == "red" && red == "":
			red = u.ID
		case u.Type == "warhound" && u.Side == "blue" && blue == "":
			blue = u.ID
		default:
			u.OffTable = true
		}
	}
	if red == "" || blue == "" {
		t.Fatal("the battlegroup has no Warhound a side")
	}
	threat := func(s *rules.State, sight float64) float64 {
		w := estimateWeights()
		w.Sight = sight
		for _, term := range (atiiai.Evaluator{RS: rs, W: w}).Evaluate(s, "red").Terms {
			if term.Name == "threat" {
				return term.Value
			}
		}
		t.Fatal("no threat term")
		return 0
	}
	found := map[world.LOSVerdict]bool{}
	tbl := rs.World().Table
	for x := 10.0; x < tbl.W-10; x += 5 {
		for y := 10.0; y < tbl.H-40; y += 5 {
			p := s.Clone()
			p.Unit(red).Pos, p.Unit(red).Facing = world.Vec{X: x, Y: y}, 180
			p.Unit(blue).Pos, p.Unit(blue).Facing = world.Vec{X: x, Y: y + 30}, 180
			g, err := rs.Sight(p, p.Unit(red), p.Unit(blue))
			if err != nil {
				t.Fatal(err)
			}
			if found[g.LOS] {
				continue
			}
			found[g.LOS] = true
			blind, seeing := threat(p, 0), threat(p, 1)
			if blind <= 0 {
				t.Fatalf("at (%v, %v) red's guns do not bear: threat %v", x, y, blind)
			}
			switch g.LOS {
			case world.LOSBlocked:
				if seeing != 0 {
					t.Errorf("blocked at (%v, %v): threat %v with sight, %v without; want 0", x, y, seeing, blind)
				}
			case world.LOSCover:
				if seeing >= blind || seeing <= 0 {
					t.Errorf("cover at (%v, %v): threat %v with sight, %v without; want less, not 0", x, y, seeing, blind)
				}
			case world.LOSClear:
				if seeing != blind {
					t.Errorf("clear at (%v, %v): threat %v with sight, %v without; want equal", x, y, seeing, blind)
				}
			}
		}
	}
	if len(found) != 3 {
		t.Fatalf("the grid found lines %v, want blocked, cover and clear", found)
	}
}
