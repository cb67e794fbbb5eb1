package e40kai_test

import (
	"testing"

	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/systems/e40kai"
	"github.com/auspex/auspex/world"
)

// ordersAt is the Combined Arms battle (seed 1) at the Space Marines'
// first orders decision, with a copy of its state to rearrange.
func ordersAt(t *testing.T) (*game.Game, *rules.State) {
	t.Helper()
	g := newGame(t, "e40k-combined-arms", 1, true)
	untilDecision(t, g, "marines", e40k.KindOrders)
	if p := g.State().Pending; p == nil || p.Kind != e40k.KindOrders || p.Side != "marines" {
		t.Fatalf("pending %+v, want the marines' orders", p)
	}
	return g, g.State().Clone()
}

// offeredOrders is the orders the search domain offers det on s.
func offeredOrders(t *testing.T, g *game.Game, s *rules.State, det string) []string {
	t.Helper()
	rs := g.Ruleset.(*e40k.Ruleset)
	v := g.ViewFor("marines")
	d := e40kai.Domain{RS: rs, Sim: v.Sim, Eval: e40kai.Evaluator{RS: rs, W: e40kai.DefaultWeights()}}
	acts, err := d.Actions(s, "marines")
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

// place moves every unit of det on s by the same vector so that their
// centre is at c.
func place(s *rules.State, det string, c world.Vec) {
	var sum world.Vec
	n := 0
	for i := range s.Units {
		if u := &s.Units[i]; u.Formation == det && !u.Destroyed && !u.OffTable {
			sum, n = sum.Add(u.Pos), n+1
		}
	}
	if n == 0 {
		return
	}
	off := c.Sub(sum.Scale(1 / float64(n)))
	for i := range s.Units {
		if u := &s.Units[i]; u.Formation == det {
			u.Pos = u.Pos.Add(off)
		}
	}
}

// The AI's orders follow what each detachment can do with them (digest
// section 2, orders: assault = move, half firepower, must assault;
// march = three times the move, no shooting; overwatch = no move, full
// firepower; E40K-ORD-1), one order a detachment offered to the search.
// Before, every order tied in the search and every detachment took
// assault orders, the first listed.
//
//   - march: the tactical detachment, some 80 cm from any enemy at
//     deployment, nothing in its range or a move's reach;
//   - overwatch: the devastators (heavy weapons, 45 cm) with the boyz
//     35 cm off: in their range, out of the boyz' shootas (15 cm) and out
//     of assault reach, so full firepower from where they stand beats half
//     after a move;
//   - not march: the tactical detachment 45 cm from the boyz (ten
//     stands and their Warboss, assault 35 against its 32): three times
//     its move would end it in their charge reach, at half its assault
//     value marching (E40K-ORD-3);
//   - assault: the tactical detachment (assault 4 a stand) 6 cm from the
//     Ork wagons (a Nob and two Battlewagons, assault 8 in all): a charge
//     it wins four times in five and more.
func TestOrdersFollowWhatTheyDoE40K(t *testing.T) {
	g, s := ordersAt(t)
	if got := offeredOrders(t, g, s, "tactical-detachment"); len(got) != 1 || got[0] != e40k.OrderMarch {
		t.Errorf("tactical detachment far from the enemy: offered %v, want march", got)
	}

	_, s = ordersAt(t)
	place(s, "devastator-detachment", world.Vec{X: 60, Y: 40})
	place(s, "boyz-mob", world.Vec{X: 60, Y: 77})
	place(s, "wagon-mob", world.Vec{X: 150, Y: 110})
	place(s, "gargant-mob", world.Vec{X: 170, Y: 112})
	place(s, "tactical-detachment", world.Vec{X: 20, Y: 12})
	place(s, "armour-detachment", world.Vec{X: 110, Y: 12})
	if got := offeredOrders(t, g, s, "devastator-detachment"); len(got) != 1 || got[0] != e40k.OrderOverwatch {
		t.Errorf("devastators with the boyz in range, out of reach: offered %v, want overwatch", got)
	}

	_, s = ordersAt(t)
	place(s, "tactical-detachment", world.Vec{X: 40, Y: 40})
	if got := offeredOrders(t, g, s, "tactical-detachment"); len(got) != 1 || got[0] == e40k.OrderMarch {
		t.Errorf("tactical detachment 45 cm from the boyz: offered %v, want no march into their charge", got)
	}

	_, s = ordersAt(t)
	place(s, "tactical-detachment", world.Vec{X: 90, Y: 40})
	place(s, "wagon-mob", world.Vec{X: 90, Y: 56})
	place(s, "boyz-mob", world.Vec{X: 20, Y: 110})
	place(s, "gargant-mob", world.Vec{X: 170, Y: 112})
	if got := offeredOrders(t, g, s, "tactical-detachment"); len(got) != 1 || got[0] != e40k.OrderAssault {
		t.Errorf("tactical detachment next to the wagons: offered %v, want assault", got)
	}
}
