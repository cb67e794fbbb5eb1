package e40k

import (
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

// The suggested move keeps a detachment in command (E40K-CMD-1: a unit
// more than 30 cm from its HQ at the next phase's check may neither move
// nor shoot). A fast transport (a Land Raider, 25 cm) in a marine
// detachment (HQ 10 cm) used to run straight at the enemy as far as its
// allowance went, three times that on march orders, and end the move far
// out of command; now the HQ moves first and the others stop within
// 30 cm of where it ends. The moves still validate and still advance.
func TestSuggestedMoveKeepsTheDetachmentInCommand(t *testing.T) {
	r := testRuleset(t)
	for _, orders := range []string{OrderAssault, OrderMarch} {
		s := atStep(smallBattle(1, nil), StepMovement, KindMove, "imperium", "marines")
		setOrders(s, "marines", orders)
		s.Units = append(s.Units, rules.Unit{ID: "rh", Side: "imperium", Type: "t-land-raider", Formation: "marines", Pos: world.Vec{X: 40, Y: 30}})
		before := map[string]float64{}
		for _, u := range members(s, "marines") {
			before[u.ID] = u.Pos.Y
		}
		mv := r.SuggestMoves(s, "marines", false)
		if len(mv) == 0 {
			t.Fatalf("%s orders: no move suggested", orders)
		}
		cmd := &MoveCmd{r: r, By: "imperium", Detachment: "marines", Moves: mv}
		if err := cmd.Validate(s); err != nil {
			t.Fatalf("%s orders: the suggestion does not validate: %v", orders, err)
		}
		if _, err := cmd.Apply(s, rules.Scripted(6, 6, 6, 6, 6, 6, 6, 6)); err != nil {
			t.Fatal(err)
		}
		var hq Stand
		var stands []Stand
		for _, u := range members(s, "marines") {
			b, err := r.base(s, u)
			if err != nil {
				t.Fatal(err)
			}
			st := Stand{ID: u.ID, Base: b}
			if u.Markers.Value(MarkHQ) > 0 {
				hq = st
			}
			stands = append(stands, st)
		}
		if out := OutOfCommand(hq, stands); len(out) > 0 {
			for _, id := range out {
				t.Errorf("%s orders: %s ends %.1f cm from the HQ %s, out of command (moves %v)", orders, id, world.Distance(hq.Base, stands[indexOf(stands, id)].Base), hq.ID, mv)
			}
		}
		for _, u := range members(s, "marines") {
			if u.Pos.Y <= before[u.ID]+1 {
				t.Errorf("%s orders: %s did not advance towards the orks (y %.1f -> %.1f)", orders, u.ID, before[u.ID], u.Pos.Y)
			}
		}
	}
}

func indexOf(ss []Stand, id string) int {
	for i, s := range ss {
		if s.ID == id {
			return i
		}
	}
	return -1
}

// An HQ that may not move (artillery on special orders: no move,
// E40K-ART-1) still holds its detachment in command (E40K-CMD-1): a Land
// Raider 28 cm from the Whirlwind HQ is offered at most 2 of its 5 cm.
func TestSuggestedMoveKeepsCommandOfAStationaryHQ(t *testing.T) {
	r := testRuleset(t)
	s := atStep(smallBattle(1, nil), StepMovement, KindMove, "imperium", "armour")
	setOrders(s, "armour", OrderSpecial)
	var hq, lr *rules.Unit
	for i := range s.Units {
		u := &s.Units[i]
		switch u.ID {
		case "lr1":
			u.Markers.Set(MarkHQ, 0)
			lr = u
		case "ww":
			u.Markers.Set(MarkHQ, 1)
			hq = u
		case "lr2":
			u.Pos = world.Vec{X: 90, Y: 12}
		}
	}
	hb, err := r.base(s, hq)
	if err != nil {
		t.Fatal(err)
	}
	// Put the Land Raider straight ahead of the HQ (towards the orks), 28 cm
	// from its base.
	lr.Pos = world.Vec{X: hq.Pos.X, Y: hq.Pos.Y}
	for y := hq.Pos.Y; y < 80; y += 0.01 {
		lr.Pos.Y = y
		lb, err := r.base(s, lr)
		if err != nil {
			t.Fatal(err)
		}
		if world.Distance(hb, lb) >= 28 {
			break
		}
	}
	mv := r.SuggestMoves(s, "armour", false)
	moved := false
	for _, m := range mv {
		if m.Unit == hq.ID {
			t.Errorf("the Whirlwind on special orders is moved: %v", m)
		}
		if m.Unit != lr.ID {
			continue
		}
		moved = true
		e := *lr
		e.Pos = m.To
		eb, err := r.base(s, &e)
		if err != nil {
			t.Fatal(err)
		}
		if d := world.Distance(hb, eb); d > CommandRadius+world.Eps {
			t.Errorf("the Land Raider is sent %.1f cm from its HQ, out of command (moves %v)", d, mv)
		}
	}
	if !moved {
		t.Errorf("the Land Raider is not moved at all, though 2 cm keep it in command: %v", mv)
	}
}

// Two Land Raiders (25 cm) of a marine detachment on assault orders,
// side by side in the open, one with its HQ stand (10 cm) just in front
// of it: the suggested move takes both the same 25 cm toward the enemy,
// the blocked one turned aside round the HQ's new place, and keeps both
// in command (E40K-CMD-1). It used to halve the blocked one's move (12.5
// cm against 25: a play-through's "uneven armour advance").
func TestSuggestedMoveGoesRoundABlockingFriend(t *testing.T) {
	r := testRuleset(t)
	s := atStep(smallBattle(1, nil), StepMovement, KindMove, "imperium", "marines")
	setOrders(s, "marines", OrderAssault)
	for i, id := range []string{"m2", "m3", "m4", "m5"} {
		s.Unit(id).Pos = world.Vec{X: 36 + 4*float64(i), Y: 30}
	}
	s.Unit("m1").Pos = world.Vec{X: 60, Y: 30}
	s.Units = append(s.Units,
		rules.Unit{ID: "rh1", Side: "imperium", Type: "t-land-raider", Formation: "marines", Pos: world.Vec{X: 60, Y: 24}},
		rules.Unit{ID: "rh2", Side: "imperium", Type: "t-land-raider", Formation: "marines", Pos: world.Vec{X: 75, Y: 24}})
	for _, id := range boyz {
		s.Unit(id).Pos.Y = 110
	}
	for _, id := range []string{"garg", "gb1", "gb2"} {
		s.Unit(id).Pos.Y = 115
	}
	from := map[string]world.Vec{"rh1": s.Unit("rh1").Pos, "rh2": s.Unit("rh2").Pos}
	mv := r.SuggestMoves(s, "marines", false)
	cmd := &MoveCmd{r: r, By: "imperium", Detachment: "marines", Moves: mv}
	if err := cmd.Validate(s); err != nil {
		t.Fatalf("the suggestion does not validate: %v", err)
	}
	got := map[string]float64{}
	for _, m := range mv {
		if f, ok := from[m.Unit]; ok {
			got[m.Unit] = f.Dist(m.To)
		}
	}
	for id := range from {
		if got[id] < 25-0.1 {
			t.Errorf("%s moves %.1f cm, want 25 (moves %v)", id, got[id], mv)
		}
	}
	if _, err := cmd.Apply(s, rules.Scripted(6, 6, 6, 6, 6, 6, 6, 6)); err != nil {
		t.Fatal(err)
	}
	var hq Stand
	var stands []Stand
	for _, u := range members(s, "marines") {
		b, err := r.base(s, u)
		if err != nil {
			t.Fatal(err)
		}
		if u.Markers.Value(MarkHQ) > 0 {
			hq = Stand{ID: u.ID, Base: b}
		}
		stands = append(stands, Stand{ID: u.ID, Base: b})
	}
	if out := OutOfCommand(hq, stands); len(out) > 0 {
		t.Errorf("out of command after the move: %v", out)
	}
}
