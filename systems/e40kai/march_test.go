package e40kai_test

import (
	"testing"

	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/systems/e40kai"
)

// A detachment on march orders is offered the search only moves that
// march (nearly) all the way toward the enemy or an objective: three
// times its move for giving up its shooting and assault (digest section
// 2, orders; E40K-ORD-3). The Orks' boyz on march orders some 45 cm from
// the Marines (Combined Arms, seed 3): every move offered moves them 20
// cm or more on average (the block advance goes 30 cm), and staying put
// is not offered. Before, the search was offered the half-way advance
// (8 cm on average), the ruleset's suggestion (18 cm: its back rank only
// steps back into command of the Warboss) and staying put, and its
// evaluation (which counts the enemy's range against ending nearer)
// often took one of them.
func TestMarchOrdersMarchE40K(t *testing.T) {
	g := newGame(t, "e40k-combined-arms", 3, true)
	untilDecision(t, g, "orks", e40k.KindMove)
	rs := g.Ruleset.(*e40k.Ruleset)
	s := g.State()
	if f := s.Formation("boyz-mob"); f.Orders != e40k.OrderMarch {
		t.Fatalf("boyz-mob on %s orders, want march", f.Orders)
	}
	v := g.ViewFor("orks")
	d := e40kai.Domain{RS: rs, Sim: v.Sim, Eval: e40kai.Evaluator{RS: rs, W: e40kai.DefaultWeights()}}
	acts, err := d.Actions(s, "orks")
	if err != nil {
		t.Fatal(err)
	}
	moves := 0
	for _, a := range acts {
		switch x := a.Cmd.(type) {
		case *e40k.PassCmd:
			if x.Detachment == "boyz-mob" {
				t.Errorf("offered %q", a.Text)
			}
		case *e40k.MoveCmd:
			if x.Detachment != "boyz-mob" {
				continue
			}
			moves++
			var sum float64
			for _, m := range x.Moves {
				sum += s.Unit(m.Unit).Pos.Dist(m.To)
			}
			if mean := sum / 10; mean < 20 {
				t.Errorf("offered %q: the boyz move %.1f cm on average, want 20 or more", a.Text, mean)
			}
		}
	}
	if moves == 0 {
		t.Error("no move offered to the boyz")
	}
}
