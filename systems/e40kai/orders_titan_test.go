package e40kai_test

import (
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/systems/e40kai"
	"github.com/auspex/auspex/world"
)

// offeredOrdersTo is the orders search domain d offers side's detachment
// det on s.
func offeredOrdersTo(t *testing.T, d e40kai.Domain, s *rules.State, side, det string) []string {
	t.Helper()
	acts, err := d.Actions(s, side)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, a := range acts {
		if oc, ok := a.Cmd.(*e40k.OrdersCmd); ok && oc.Detachment == det {
			out = append(out, oc.Order)
		}
	}
	return out
}

// A detachment with an enemy titan in range and nothing else near takes
// the order that fires at it with the most (overwatch: full firepower
// where it stands; digest section 2, orders): detachments shoot at titans
// with the ATII rules at Gunnery 4+ (seed 002, atii.E40KWeaponVsTitan),
// and the order's worth counts the volley by the ruleset's plan and exact
// odds (TitanVolley.Outcomes: ATII-SHT-4 to 7, victory points ATII-VIC-1).
// Before, a volley at a titan counted nothing (fireValue refuses titans)
// and every order tied for the Marines' armour 42 cm from the Reaver
// (the first listed, assault, won), and at 34 cm assault orders counted
// a charge at the titan, which detachments may not make, as one they
// would win.
func TestOrdersFireAtTitansE40K(t *testing.T) {
	g := newGame(t, "e40k-titans", 1, true)
	untilDecision(t, g, "imperium", e40k.KindOrders)
	rs := g.Ruleset.(*e40k.Ruleset)
	v := g.ViewFor("imperium")
	d := e40kai.Domain{RS: rs, Sim: v.Sim, Eval: e40kai.Evaluator{RS: rs, W: e40kai.DefaultWeights()}}
	for _, gap := range []float64{42, 34} {
		s := g.State().Clone()
		place(s, "armour-detachment", world.Vec{X: 166, Y: 64 - gap})
		place(s, "mortis-reaver", world.Vec{X: 166, Y: 64})
		place(s, "tactical-detachment", world.Vec{X: 20, Y: 10})
		place(s, "ignatum-hounds", world.Vec{X: 20, Y: 30})
		place(s, "infantry-company", world.Vec{X: 20, Y: 110})
		place(s, "tank-company", world.Vec{X: 45, Y: 110})
		if got := offeredOrdersTo(t, d, s, "imperium", "armour-detachment"); len(got) != 1 || got[0] != e40k.OrderOverwatch {
			t.Errorf("armour %.0f cm from the Reaver, nothing else near: offered %v, want overwatch", gap, got)
		}
	}
}

// A detachment out of an enemy titan's range does not march into it: the
// order's worth counts the titan's fire at the detachment where the order
// leaves it (PlanTitanAtDetachment: every weapon with a unit of it in
// arc, range and sight; the Reaver's Rocket Launcher, Heavy Barrage at
// 90 cm, with its firepower 18 is expected to destroy six of the Marines'
// nine tactical stands). The tactical detachment 105 and 110 cm from the
// Reaver, nothing else near, takes overwatch. Before, the titan's fire
// counted nothing and it marched toward it, into that range.
func TestOrdersKeepOutOfTitanRangeE40K(t *testing.T) {
	g := newGame(t, "e40k-titans", 1, true)
	untilDecision(t, g, "imperium", e40k.KindOrders)
	rs := g.Ruleset.(*e40k.Ruleset)
	v := g.ViewFor("imperium")
	d := e40kai.Domain{RS: rs, Sim: v.Sim, Eval: e40kai.Evaluator{RS: rs, W: e40kai.DefaultWeights()}}
	for _, gap := range []float64{105, 110} {
		s := g.State().Clone()
		place(s, "tactical-detachment", world.Vec{X: 166, Y: 114 - gap})
		place(s, "mortis-reaver", world.Vec{X: 166, Y: 114})
		place(s, "armour-detachment", world.Vec{X: 20, Y: 10})
		place(s, "ignatum-hounds", world.Vec{X: 20, Y: 30})
		place(s, "infantry-company", world.Vec{X: 20, Y: 110})
		place(s, "tank-company", world.Vec{X: 45, Y: 110})
		if got := offeredOrdersTo(t, d, s, "imperium", "tactical-detachment"); len(got) != 1 || got[0] == e40k.OrderMarch || got[0] == e40k.OrderAssault {
			t.Errorf("tactical detachment %.0f cm from the Reaver: offered %v, want it to stay out of the Rocket Launcher's 90 cm", gap, got)
		}
	}
}
