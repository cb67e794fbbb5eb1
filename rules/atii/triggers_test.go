package atii_test

import (
	"testing"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/systems/atiisys"
	"github.com/auspex/auspex/world"
)

// TestScriptTriggers checks the two trigger kinds scripted opponents add
// to the victory grammar: enemy-within (edge to edge, by unit or
// formation) and damaged (a share of the titan's victory points,
// ATII-VIC-1's measure).
func TestScriptTriggers(t *testing.T) {
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
	s := e.Snapshot()
	red, blue := s.Unit("red-reaver"), s.Unit("blue-reaver")
	if red == nil || blue == nil {
		t.Fatal("the duel's reavers are missing")
	}
	holds := func(tr *atii.Trigger) bool {
		t.Helper()
		ok, err := rs.TriggerHolds(s, tr)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	base := func(u *rules.Unit) world.Base {
		p, err := cat.Unit(u.Type)
		if err != nil {
			t.Fatal(err)
		}
		return world.Base{ID: u.ID, Pos: u.Pos, Facing: u.Facing, Foot: p.Base}
	}
	gap := world.Distance(base(red), base(blue))
	if !holds(&atii.Trigger{Kind: "enemy-within", Unit: "red-reaver", Distance: gap + 0.5}) {
		t.Errorf("enemy-within %.1f cm does not hold with the enemy %.1f cm away", gap+0.5, gap)
	}
	if holds(&atii.Trigger{Kind: "enemy-within", Unit: "red-reaver", Distance: gap - 0.5}) {
		t.Errorf("enemy-within %.1f cm holds with the enemy %.1f cm away", gap-0.5, gap)
	}
	if !holds(&atii.Trigger{Kind: "enemy-within", Unit: red.Formation, Distance: gap + 0.5}) {
		t.Error("enemy-within by formation does not hold")
	}
	if holds(&atii.Trigger{Kind: "damaged", Unit: "red-reaver", Percent: 10}) {
		t.Error("an undamaged titan counts as damaged")
	}
	ts, err := atii.TitanOf(red)
	if err != nil {
		t.Fatal(err)
	}
	ts.Legs, ts.Head = atii.Major, atii.Major
	if err := red.SetExt(atii.ExtTitan, ts); err != nil {
		t.Fatal(err)
	}
	prof, _ := cat.Unit(red.Type)
	pct := atii.TitanVictoryPoints(prof, 100, ts, false, false)
	if pct <= 0 || !holds(&atii.Trigger{Kind: "damaged", Unit: "red-reaver", Percent: pct}) || holds(&atii.Trigger{Kind: "damaged", Unit: "red-reaver", Percent: pct + 1}) {
		t.Errorf("damaged: two Major locations are %d %% of the titan; the trigger must hold at %d and not at %d", pct, pct, pct+1)
	}
}
