package e40kui

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/e40k"
)

// The initiative draw in the dice tray names both sides (E40K-INI-1: one
// counter drawn from a cup holding both sides' counters, so one die for
// both): its head is the draw with each side's counters, its lines say
// which faces were whose and who has the initiative, and the head of the
// volley fired before it does not carry over to it. Checked on the tray
// read from the last shot before each draw of a battle played through
// the window.
func TestInitiativeDrawShowsBothSidesE40KINI1(t *testing.T) {
	s := newUI(t, 1)
	sides := []string{s.State().Sides[0].ID, s.State().Sides[1].ID}
	checked := 0
	seen := 0
	for i := 0; i < 600 && s.Mode() != play.ModeOver && checked < 3; i++ {
		drive(t, s, e40k.OrderAssault)
		lg := s.State().Log
		for j := seen; j < len(lg); j++ {
			e := lg[j]
			if e.Roll == nil || !strings.HasPrefix(e.Roll.Purpose, "initiative counter") {
				continue
			}
			from := -1
			for k := j - 1; k >= 0 && k >= j-60; k-- {
				if lg[k].Kind == rules.EvFired {
					from = k
					break
				}
			}
			if from < 0 {
				continue
			}
			var step *play.TrayStep
			for _, st := range s.TraySteps(from) {
				if st.Roll != nil && st.Roll.Purpose == e.Roll.Purpose && step == nil && len(st.Roll.Faces) == 1 {
					step = &st
				}
			}
			if step == nil {
				t.Fatalf("no tray step for the draw %q", e.Roll.Purpose)
			}
			text := step.Head + " | " + strings.Join(step.Lines, " | ")
			for _, sd := range sides {
				if !strings.Contains(step.Head, sd) {
					t.Errorf("the draw's head %q does not name %s", step.Head, sd)
				}
			}
			if !strings.Contains(step.Head, "initiative") || strings.Contains(step.Head, " fires ") {
				t.Errorf("the draw's head %q is not the initiative draw", step.Head)
			}
			if !strings.Contains(text, "has the initiative") || !strings.Contains(text, "faces") && !strings.Contains(text, "face ") {
				t.Errorf("the draw's tray does not say whose faces and who won: %s", text)
			}
			checked++
		}
		seen = len(lg)
	}
	if checked == 0 {
		t.Fatal("no initiative draw after a volley was seen")
	}
}

// E (or H) where nothing can be passed says what to press: at the orders
// step (E40K-ORD-1: every detachment takes orders) it names the
// detachment, at the initiative choice the keys F and S. Both used to
// answer "nothing to pass now: pick a choice".
func TestEndStepWithNothingToPassSaysWhatToPress(t *testing.T) {
	s := newUI(t, 1)
	if k := s.State().Pending.Kind; k != e40k.KindOrders {
		t.Fatalf("the battle should open with orders, got %s", k)
	}
	seq := s.State().Seq
	s.EndStep()
	if s.State().Seq != seq || !s.MsgErr || !strings.Contains(s.Msg, "takes orders") || !strings.Contains(s.Msg, s.detName(s.Detachment())) {
		t.Errorf("E at the orders: seq %d -> %d, message %q", seq, s.State().Seq, s.Msg)
	}
	for i := 0; i < 300 && s.Mode() != play.ModeOver; i++ {
		p := s.State().Pending
		if p != nil && p.Kind == e40k.KindInitiative && s.Mode() == play.ModeTurn {
			seq := s.State().Seq
			s.EndStep()
			if s.State().Seq != seq || !strings.Contains(s.Msg, "F (or 1) goes first, S (or 2) goes second") {
				t.Fatalf("E at the initiative: seq %d -> %d, message %q", seq, s.State().Seq, s.Msg)
			}
			return
		}
		drive(t, s, e40k.OrderAssault)
	}
	t.Fatal("never reached an initiative choice")
}
