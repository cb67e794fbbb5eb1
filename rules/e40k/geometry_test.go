package e40k

import (
	"math"
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

func stand(x, y float64) world.Base {
	return world.Base{Pos: world.Vec{X: x, Y: y}, Foot: world.Footprint{Shape: world.Circle, Radius: 1}}
}

// toContact is the point where a mover of radius 1 touches e coming from
// b in a straight line.
func toContact(b, e world.Base) world.Vec {
	d := e.Pos.Sub(b.Pos)
	l := d.Len()
	return b.Pos.Add(d.Scale((l - 2) / l))
}

// The seed's battle (003, Assault Movement examples): Blue Marines 1-3
// already contacted by Ork Boyz 1-3; Yellow Marines B nearer than A; C at
// the back.
type assaultScene struct {
	enemies   []world.Base // blue 1-3, yellow B, A, C
	contacted []bool
	boyz4     world.Base
	boyz5     world.Base
}

func newAssaultScene() assaultScene {
	return assaultScene{
		enemies:   []world.Base{stand(18, 20), stand(22, 20), stand(26, 20), stand(34, 16), stand(38, 6), stand(40, -14)},
		contacted: []bool{true, true, true, false, false, false},
		boyz4:     stand(30, 26),
		boyz5:     stand(46, 12),
	}
}

const (
	blue3   = 2
	yellowB = 3
	yellowA = 4
	yellowC = 5
)

// REM-ASM-1, seed example 1 (Moving Into Contact): Ork Boyz 4 ignores the
// contacted Blue Marines and moves into contact with Yellow Marines B; it
// may not go on to Yellow Marines A, past B who are closer.
func TestAssaultMoveExample1REMASM1(t *testing.T) {
	s := newAssaultScene()
	skip := func(i int) bool { return s.contacted[i] }
	if i, _ := closestEnemy(s.boyz4, s.enemies, skip); i != yellowB {
		t.Fatalf("scene: closest uncontacted to Boyz 4 is %d, want Yellow Marines B", i)
	}
	if i, _ := closestEnemy(s.boyz4, s.enemies, nil); i != blue3 {
		t.Fatalf("scene: closest to Boyz 4 is %d, want Blue Marines 3", i)
	}
	if err := CheckAssaultMove(s.boyz4, toContact(s.boyz4, s.enemies[yellowB]), s.enemies, s.contacted); err != nil {
		t.Errorf("contact with Yellow Marines B refused: %v", err)
	}
	if err := CheckAssaultMove(s.boyz4, toContact(s.boyz4, s.enemies[yellowA]), s.enemies, s.contacted); err == nil {
		t.Error("moving past B to contact Yellow Marines A was allowed")
	}
	// Contacted Blue Marines are ignored: without that, the closest enemy
	// would be Blue Marines 3 and the move to B would be cut short.
	if err := CheckAssaultMove(s.boyz4, toContact(s.boyz4, s.enemies[yellowB]), s.enemies, make([]bool, 6)); err == nil {
		t.Error("the move to B should be refused when Blue Marines 3 counts as uncontacted")
	}
	// Moving toward a contacted Blue Marine is also allowed.
	if err := CheckAssaultMove(s.boyz4, toContact(s.boyz4, s.enemies[blue3]), s.enemies, s.contacted); err != nil {
		t.Errorf("contact with Blue Marines 3 refused: %v", err)
	}
}

// REM-ASM-1, seed example 2 (Moving Past): Ork Boyz 5 heads for Yellow
// Marines C at the back and must stop where going on would take it away
// from Yellow Marines A, the closest uncontacted enemy (the red line).
func TestAssaultMoveExample2REMASM1(t *testing.T) {
	s := newAssaultScene()
	if i, _ := closestEnemy(s.boyz5, s.enemies, func(i int) bool { return s.contacted[i] }); i != yellowA {
		t.Fatalf("scene: closest uncontacted to Boyz 5 is %d, want Yellow Marines A", i)
	}
	c := s.enemies[yellowC].Pos
	dir := c.Sub(s.boyz5.Pos)
	dir = dir.Scale(1 / dir.Len())
	// The red line: where the path passes closest to A.
	red := s.enemies[yellowA].Pos.Sub(s.boyz5.Pos).Dot(dir)
	lim := AssaultLimit(s.boyz5, c, s.enemies, s.contacted)
	if math.Abs(lim-red) > 0.05 {
		t.Errorf("limit %.2f cm, the red line is at %.2f cm", lim, red)
	}
	if err := CheckAssaultMove(s.boyz5, s.boyz5.Pos.Add(dir.Scale(red-1)), s.enemies, s.contacted); err != nil {
		t.Errorf("stopping before the red line refused: %v", err)
	}
	if err := CheckAssaultMove(s.boyz5, s.boyz5.Pos.Add(dir.Scale(red+2)), s.enemies, s.contacted); err == nil {
		t.Error("moving past the red line allowed")
	}
	// At least 5 cm unless in contact.
	if err := CheckAssaultMove(s.boyz5, s.boyz5.Pos.Add(dir.Scale(3)), s.enemies, s.contacted); err == nil {
		t.Error("a 3 cm assault move allowed")
	}
	// Heading nowhere near an enemy is refused.
	if err := CheckAssaultMove(s.boyz5, s.boyz5.Pos.Add(world.Vec{X: 6}), s.enemies, s.contacted); err == nil {
		t.Error("a move away from every enemy allowed")
	}
}

// E40K-CMD-1: units further than 30 cm from the HQ are out of command; a
// destroyed HQ passes command to the unit keeping most in command.
func TestCommandRadiusE40KCMD1(t *testing.T) {
	hq := Stand{ID: "hq", Base: stand(0, 0)}
	us := []Stand{hq, {ID: "near", Base: stand(31, 0)}, {ID: "edge", Base: stand(32, 0)}, {ID: "far", Base: stand(32.5, 0)}}
	got := OutOfCommand(hq, us)
	if len(got) != 1 || got[0] != "far" {
		t.Errorf("out of command %v, want [far]", got)
	}
	next, err := NextHQ(hq.Base, us[1:])
	if err != nil || next != "near" {
		t.Errorf("next HQ %q %v", next, err)
	}
	if _, err := NextHQ(hq.Base, nil); err == nil {
		t.Error("no units accepted")
	}
}

// E40K-INI-1: 3 counters for the higher rating, 2 for the lower, drawn
// without replacement during the turn.
func TestInitiativeCupE40KINI1(t *testing.T) {
	c := NewCup([2]string{"imperium", "orks"}, 1)
	if c.Left != [2]int{2, 3} {
		t.Fatalf("cup %v", c.Left)
	}
	if ch := c.Chance(); math.Abs(ch[1]-0.6) > 1e-12 {
		t.Errorf("chance %v", ch)
	}
	// Faces 1-2 are side 0's counters, 3-5 side 1's.
	who, c, err := c.Draw(rules.Scripted(2), 1)
	if err != nil || who != 0 || c.Left != [2]int{1, 3} {
		t.Errorf("draw 2: %d %v %v", who, c.Left, err)
	}
	who, c, _ = c.Draw(rules.Scripted(2), 1)
	if who != 1 || c.Left != [2]int{1, 2} {
		t.Errorf("draw 2 of 4: %d %v", who, c.Left)
	}
	// An empty cup is refilled.
	c.Left = [2]int{0, 0}
	who, c, _ = c.Draw(rules.Scripted(1), 1)
	if who != 0 || c.Left != [2]int{1, 3} {
		t.Errorf("refill: %d %v", who, c.Left)
	}
	h, err := RollOffHigher(rules.Scripted(3, 3, 2, 5), [2]string{"a", "b"})
	if err != nil || h != 1 {
		t.Errorf("roll-off %d %v", h, err)
	}
}

// E40K-BRK-1: retreat up to 20 cm straight away from the closest enemy;
// ending within 15 cm of an enemy destroys the unit.
func TestRetreatE40KBRK1(t *testing.T) {
	w, err := world.New(world.Table{W: 120, H: 120}, nil)
	if err != nil {
		t.Fatal(err)
	}
	enemy := stand(60, 50)
	end, dead := RetreatTo(w, nil, world.Infantry, stand(60, 60), []world.Base{enemy}, nil)
	if dead || math.Abs(end.Pos.Y-80) > 1e-6 {
		t.Errorf("retreat to %v dead=%v", end.Pos, dead)
	}
	// Against the table edge: it can only go 3 cm and dies.
	end, dead = RetreatTo(w, nil, world.Infantry, stand(60, 116), []world.Base{stand(60, 106)}, nil)
	if !dead || end.Pos.Y > 119+1e-3 {
		t.Errorf("trapped retreat to %v dead=%v", end.Pos, dead)
	}
}
