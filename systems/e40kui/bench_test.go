package e40kui

import (
	"testing"

	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/world"
)

// BenchmarkHUDShootingE40K is one frame's HUD (the window builds it every
// frame) in the shooting phase with a target aimed: the choices, the fire
// preview with its exact odds, the detachment panel.
func BenchmarkHUDShootingE40K(b *testing.B) {
	s := newUI(b, 3)
	toStep(b, s, e40k.StepShooting, e40k.OrderAssault)
	for i := 0; i < 20 && len(s.targets()) == 0; i++ {
		for _, id := range s.State().Pending.Units {
			if s.selectStand(s.firstStand(id)); len(s.targets()) > 0 {
				break
			}
		}
		if len(s.targets()) == 0 {
			drive(b, s, e40k.OrderAssault)
		}
	}
	ts := s.targets()
	if len(ts) == 0 {
		b.Fatal("no target")
	}
	click(b, s, s.members(ts[0])[0].ID)
	l := play.Layout{W: 1400, H: 900, DSF: 1, Top: 38, Bottom: 24}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.HUD(l)
	}
}

// The cached choices follow the game: after an order, and after its
// undo, they are the new decision's.
func TestCachedChoicesFollowTheGame(t *testing.T) {
	s := newUI(t, 3)
	before := len(s.Choices())
	s.Key("M")
	after := s.Choices()
	if len(after) == 0 || after[0].Cmd.(*e40k.OrdersCmd).Detachment == "tactical-detachment" {
		t.Errorf("choices after ordering the tactical detachment (%d before): %v", before, after)
	}
	if err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	if got := s.legal(); len(got) == 0 || got[0].Cmd.(*e40k.OrdersCmd).Detachment != "tactical-detachment" {
		t.Errorf("choices after undo: %v", got)
	}
}

// BenchmarkHUDMovingE40K is one frame's HUD while a detachment of ten
// stands is dragged: the rules check the whole drafted move.
func BenchmarkHUDMovingE40K(b *testing.B) {
	s := newUI(b, 3)
	toStep(b, s, e40k.StepMovement, e40k.OrderMarch)
	for s.Decider() != "marines" {
		drive(b, s, e40k.OrderMarch)
	}
	click(b, s, "tactical-3")
	from := posOf(b, s, "tactical-3")
	s.PressTable(from, "tactical-3")
	s.DragTo(from.Add(world.Vec{Y: 15}))
	l := play.Layout{W: 1400, H: 900, DSF: 1, Top: 38, Bottom: 24}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.HUD(l)
	}
}
