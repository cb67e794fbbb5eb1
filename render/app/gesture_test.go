package app_test

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/app"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/systems/atiiui"
	"github.com/auspex/auspex/world"
)

// dragSession is a duel at red's movement with a window over it.
func dragSession(t *testing.T) (*harness, *play.Session) {
	t.Helper()
	g, err := testSystems.New(loadDuel(t), game.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := newPlay(g, map[string]string{"red": play.Human, "blue": play.Computer})
	h := newHarness(t, app.Options{Play: s})
	h.toStep(s, atii.StepMovement)
	return h, s
}

// A move drag is one press, moves and one release whatever the frames
// report in between: the press reported again while the button is held
// (a duplicated event under load, seen by the end-to-end harness) must
// not end the leg partway as a click.
func TestDragIgnoresAPressReportedAgainWhileHeld(t *testing.T) {
	h, s := dragSession(t)
	u := *s.State().Unit(s.Selected)
	to := u.Pos.Add(world.Heading(u.Facing).Scale(10))
	x0, y0 := h.at(u.Pos)
	x1, y1 := h.at(to)
	left := []ebiten.MouseButton{ebiten.MouseButtonLeft}
	h.in.Push(app.Step{X: x0, Y: y0}, app.Step{X: x0, Y: y0, Buttons: left})
	for i := 1; i <= 8; i++ {
		st := app.Step{X: x0 + (x1-x0)*i/8, Y: y0 + (y1-y0)*i/8, Buttons: left}
		if i == 4 {
			st.Pressed = left
		}
		h.in.Push(st)
	}
	h.in.Push(app.Step{X: x1, Y: y1})
	h.flush()
	if s.Dragging() {
		t.Fatal("the release should end the drag")
	}
	if len(atiiui.Of(s).Draft) != 1 || atiiui.Of(s).Draft[0].Sub(to).Len() > 0.5 {
		t.Fatalf("one drag should draw one leg to %v, got %v", to, atiiui.Of(s).Draft)
	}
}

// A drag whose last moves, release and the next press land in one slow
// frame: the first leg ends there and the next press starts a new leg
// from its end.
func TestDragReleaseAndPressInOneFrame(t *testing.T) {
	h, s := dragSession(t)
	u := *s.State().Unit(s.Selected)
	mid := u.Pos.Add(world.Heading(u.Facing).Scale(6))
	end := mid.Add(world.Heading(u.Facing + 60).Scale(5))
	x0, y0 := h.at(u.Pos)
	x1, y1 := h.at(mid)
	x2, y2 := h.at(end)
	left := []ebiten.MouseButton{ebiten.MouseButtonLeft}
	h.in.Push(app.Step{X: x0, Y: y0}, app.Step{X: x0, Y: y0, Buttons: left},
		app.Step{X: (x0 + x1) / 2, Y: (y0 + y1) / 2, Buttons: left},
		// Released at mid and pressed again at mid, in one frame.
		app.Step{X: x1, Y: y1, Buttons: left, Pressed: left, Released: left},
		app.Step{X: x2, Y: y2, Buttons: left}, app.Step{X: x2, Y: y2})
	h.flush()
	if len(atiiui.Of(s).Draft) != 2 || atiiui.Of(s).Draft[0].Sub(mid).Len() > 0.5 || atiiui.Of(s).Draft[1].Sub(end).Len() > 0.5 {
		t.Fatalf("two legs to %v then %v, got %v", mid, end, atiiui.Of(s).Draft)
	}
}

// A click whose press and release land in one frame is still a click
// (press, then release): in the deployment step it places the titan
// there; a drag that ends in the frame it starts draws nothing.
func TestQuickClickInOneFrameIsPressThenRelease(t *testing.T) {
	h, s := dragSession(t)
	u := *s.State().Unit(s.Selected)
	x0, y0 := h.at(u.Pos)
	left := []ebiten.MouseButton{ebiten.MouseButtonLeft}
	h.in.Push(app.Step{X: x0, Y: y0}, app.Step{X: x0, Y: y0, Pressed: left, Released: left})
	h.run(2)
	if !s.Dragging() {
		t.Fatal("a press and release in one frame should be seen as the press first")
	}
	h.run(1)
	if s.Dragging() || len(atiiui.Of(s).Draft) != 0 {
		t.Fatalf("the release should follow in the next frame and draw nothing: dragging %v draft %v", s.Dragging(), atiiui.Of(s).Draft)
	}
}

// Under load the window can see the press only in a frame where the
// cursor has already moved off the titan along the drag (seen by the
// end-to-end harness: the press landed at the 3rd of 8 moves). The drag
// must still end in one leg where the button went up, not as a click
// partway.
func TestDragWhosePressIsSeenLateEndsWhereReleased(t *testing.T) {
	h, s := dragSession(t)
	u := *s.State().Unit(s.Selected)
	to := u.Pos.Add(world.Heading(u.Facing).Scale(12))
	late := u.Pos.Add(world.Heading(u.Facing).Scale(6))
	x0, y0 := h.at(u.Pos)
	xl, yl := h.at(late)
	x1, y1 := h.at(to)
	left := []ebiten.MouseButton{ebiten.MouseButtonLeft}
	h.in.Push(app.Step{X: x0, Y: y0}, app.Step{X: xl, Y: yl, Buttons: left})
	for i := 1; i <= 4; i++ {
		h.in.Push(app.Step{X: xl + (x1-xl)*i/4, Y: yl + (y1-yl)*i/4, Buttons: left})
	}
	h.in.Push(app.Step{X: x1, Y: y1})
	h.flush()
	if s.Dragging() {
		t.Fatal("the release should end the drag")
	}
	if len(atiiui.Of(s).Draft) != 1 || atiiui.Of(s).Draft[0].Sub(to).Len() > 0.5 {
		t.Fatalf("a drag seen late should still draw one leg to %v, got %v", to, atiiui.Of(s).Draft)
	}
}
