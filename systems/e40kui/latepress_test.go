package e40kui

import (
	"testing"

	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/world"
)

// TestLatePressEndsWhereReleasedE40KORD1: a window that notices a press
// only in a later frame sees the button go down with the pointer already
// off the stand, partway along the drag. Such a press on the empty table
// while the selected detachment moves drafts the selected stand's move to
// the pointer and keeps following it until the release, so the move ends
// where the button goes up, the window's draft shows it there, and Enter
// plays exactly that (E40K-ORD-1: the whole detachment moves by the same
// offset). Before, the press was a click: the move stayed at the point
// where the press was noticed and the rest of the drag was lost.
func TestLatePressEndsWhereReleasedE40KORD1(t *testing.T) {
	s := newUI(t, 3)
	toStep(t, s, e40k.StepMovement, e40k.OrderMarch)
	for s.Decider() != "marines" {
		drive(t, s, e40k.OrderMarch)
	}
	click(t, s, "tactical-3")
	if s.Detachment() != "tactical-detachment" || s.Selected != "tactical-3" {
		t.Fatalf("selected %q of %q", s.Selected, s.Detachment())
	}
	start := map[string]world.Vec{}
	for _, u := range s.members("tactical-detachment") {
		start[u.ID] = u.Pos
	}
	from := posOf(t, s, "tactical-3")
	late := from.Add(world.Vec{Y: 6}) // where the slow frame saw the press
	end := from.Add(world.Vec{X: 1, Y: 15})
	s.PressTable(late, "")
	if !s.Dragging() {
		t.Fatalf("a press on the empty table while moving did not follow the pointer")
	}
	s.DragTo(from.Add(world.Vec{Y: 10}))
	s.ReleaseTable(end)
	if s.Dragging() {
		t.Fatal("the drag did not end at the release")
	}
	if got := s.Moves["tactical-3"]; got.Dist(end) > 1e-9 {
		t.Fatalf("the drafted move of tactical-3 ends at %v, the button went up at %v", got, end)
	}
	if path := s.Path(); len(path) != 2 || path[1].Dist(end) > 1e-9 {
		t.Fatalf("the window's drafted path is %v, want it to end at %v", path, end)
	}
	off := end.Sub(from)
	s.Commit()
	for id, p := range start {
		if got := posOf(t, s, id); got.Dist(p.Add(off)) > 0.01 {
			t.Errorf("%s at %v after Enter, want %v (%s)", id, got, p.Add(off), s.Msg)
		}
	}
}

// TestLatePressTitanEndsWhereReleasedSeed002: the same for a titan in the
// titans' movement step (ATII-MOV-2): a press on the empty table drafts
// the titan's move to the pointer and follows it to the release.
func TestLatePressTitanEndsWhereReleasedSeed002(t *testing.T) {
	s := titanUI(t)
	toStep(t, s, e40k.StepTitanMove, e40k.OrderAssault)
	if s.Decider() != "marines" || s.Selected != "warhound" {
		t.Fatalf("titan step: %s decides, %q selected", s.Decider(), s.Selected)
	}
	from := posOf(t, s, "warhound")
	end := from.Add(world.Vec{Y: 10})
	s.PressTable(from.Add(world.Vec{Y: 6}), "")
	if !s.Dragging() {
		t.Fatal("a press on the empty table while the titan moves did not follow the pointer")
	}
	s.DragTo(from.Add(world.Vec{Y: 8}))
	s.ReleaseTable(end)
	if s.Dragging() || s.TitanTo == nil || s.TitanTo.Dist(end) > 1e-9 {
		t.Fatalf("after the release: dragging %v, the titan's move drafted to %v, want %v", s.Dragging(), s.TitanTo, end)
	}
	s.Commit()
	if got := posOf(t, s, "warhound"); got.Dist(end) > 0.01 {
		t.Errorf("the warhound is at %v after Enter, want %v (%s)", got, end, s.Msg)
	}
}
