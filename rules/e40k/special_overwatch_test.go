package e40k

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/world"
)

// E40K-ART-1 (seed 001): the detachment is set to special orders, its
// artillery bombards, and "the rest of the detachment can then be set to
// overwatch" or move 5 cm and fire. A detachment with artillery and other
// units able to shoot is asked, right after its special orders, what its
// rest does (KindSpecialRest); with the rest on overwatch those units do
// not move and fire on overwatch (re-rolling misses), while the artillery
// still bombards and does not join the overwatch fire.
func TestSpecialOrdersRestOnOverwatchE40KART1(t *testing.T) {
	r := testRuleset(t)
	s := atStep(smallBattle(1, nil), StepOrders, KindOrders, "imperium", "marines", "armour")
	if err := (&OrdersCmd{r: r, By: "imperium", Detachment: "armour", Order: OrderSpecial}).Validate(s); err != nil {
		t.Fatal(err)
	}
	if _, err := (&OrdersCmd{r: r, By: "imperium", Detachment: "armour", Order: OrderSpecial}).Apply(s, nil); err != nil {
		t.Fatal(err)
	}
	p := s.Pending
	if p == nil || p.Kind != KindSpecialRest || p.Side != "imperium" || strings.Join(p.Units, " ") != "armour" {
		t.Fatalf("after special orders: pending %+v, want the choice for the armour's rest", p)
	}
	var rest []bool
	for _, c := range r.Legal(s, "imperium") {
		rc, ok := c.Cmd.(*RestCmd)
		if !ok {
			t.Errorf("unexpected choice %q", c.Text)
			continue
		}
		rest = append(rest, rc.Overwatch)
	}
	if len(rest) != 2 || rest[0] || !rest[1] {
		t.Fatalf("rest choices %v, want move 5 cm then overwatch", rest)
	}
	if err := (&RestCmd{r: r, By: "imperium", Detachment: "marines", Overwatch: true}).Validate(s); err == nil {
		t.Error("the rest of another detachment was set")
	}
	c := &RestCmd{r: r, By: "imperium", Detachment: "armour", Overwatch: true}
	if _, err := c.Apply(s, nil); err != nil {
		t.Fatal(err)
	}
	f := s.Formation("armour")
	if f.Orders != OrderSpecialOverwatch {
		t.Fatalf("orders %q", f.Orders)
	}
	if p := s.Pending; p == nil || p.Kind != KindOrders || strings.Join(p.Units, " ") != "marines" {
		t.Fatalf("pending %+v, want the marines' orders next", s.Pending)
	}
	lr, err := r.Profile(s, s.Unit("lr1"))
	if err != nil {
		t.Fatal(err)
	}
	if a, b := Allowance(&lr, OrderSpecial, false), Allowance(&lr, OrderSpecialOverwatch, false); a != 5 || b != 0 {
		t.Errorf("land raider allowance: %v on special orders, %v with the rest on overwatch; want 5 and 0", a, b)
	}
	if !r.canBombard(s, f) {
		t.Error("the whirlwind may not bombard on special orders with the rest on overwatch")
	}
	// The boyz move into the land raiders' range: the armour's overwatch
	// window opens.
	s.Unit("lr1").Pos, s.Unit("lr2").Pos = world.Vec{X: 40, Y: 30}, world.Vec{X: 46, Y: 30}
	for i, id := range []string{"b1", "b2", "b3", "b4", "b5", "b6"} {
		s.Unit(id).Pos = world.Vec{X: 20 + 5*float64(i), Y: 48}
	}
	s.Step = StepMovement
	g, err := r.progress(s)
	if err != nil {
		t.Fatal(err)
	}
	g.First, g.Sub, g.Stage, g.Reaction, g.Acted = 1, 0, stageMoves, "boyz", nil
	if err := r.sync(s, g); err != nil {
		t.Fatal(err)
	}
	if p := s.Pending; p == nil || p.Kind != KindOverwatch || p.Side != "imperium" || strings.Join(p.Units, " ") != "armour" {
		t.Fatalf("pending %+v, want the armour's overwatch at the boyz", s.Pending)
	}
	plan, err := r.planFire(s, "armour", "boyz", fireOverwatch)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(plan.Shooters, " ") != "lr1 lr2" {
		t.Errorf("overwatch shooters %v, want the land raiders (the whirlwind bombards instead)", plan.Shooters)
	}
	// With the rest moving 5 cm there is no overwatch.
	f.Orders = OrderSpecial
	if r.canOverwatch(s, f, "boyz") {
		t.Error("special orders with the rest moving fire on overwatch")
	}
}

// The rest's choice is asked only of a detachment with artillery and
// other units able to shoot; a lone whirlwind's special orders are
// settled at once (E40K-ART-1).
func TestSpecialRestAskedOnlyWithARestE40KART1(t *testing.T) {
	r := testRuleset(t)
	s := atStep(smallBattle(1, nil), StepOrders, KindOrders, "imperium", "marines", "armour")
	s.Unit("lr1").Destroyed, s.Unit("lr2").Destroyed = true, true
	if _, err := (&OrdersCmd{r: r, By: "imperium", Detachment: "armour", Order: OrderSpecial}).Apply(s, nil); err != nil {
		t.Fatal(err)
	}
	if p := s.Pending; p == nil || p.Kind != KindOrders {
		t.Fatalf("pending %+v, want the next orders", s.Pending)
	}
	if s.Formation("armour").Orders != OrderSpecial {
		t.Errorf("orders %q", s.Formation("armour").Orders)
	}
}
