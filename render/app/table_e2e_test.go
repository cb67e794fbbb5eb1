package app_test

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/app"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/systems/atiiui"
	"github.com/auspex/auspex/world"
)

// drag presses the left button at table point from, moves to to in a few
// frames and releases there: the real mouse path of the window.
func (h *harness) drag(from, to world.Vec) {
	h.t.Helper()
	x0, y0 := h.at(from)
	x1, y1 := h.at(to)
	h.dragPx(x0, y0, x1, y1)
}

func (h *harness) dragPx(x0, y0, x1, y1 int) {
	left := []ebiten.MouseButton{ebiten.MouseButtonLeft}
	h.in.Push(app.Step{X: x0, Y: y0}, app.Step{X: x0, Y: y0, Buttons: left})
	for i := 1; i <= 5; i++ {
		h.in.Push(app.Step{X: x0 + (x1-x0)*i/5, Y: y0 + (y1-y0)*i/5, Buttons: left})
	}
	h.in.Push(app.Step{X: x1, Y: y1})
	h.flush()
}

// clickAt clicks the left button at table point p.
func (h *harness) clickAt(p world.Vec) {
	x, y := h.at(p)
	h.in.Push(app.Step{X: x, Y: y})
	h.in.Click(x, y)
	h.flush()
}

// next plays on (trays closed, handovers continued, the other decisions
// ended) until side ("" for either) must decide in step.
func (h *harness) next(s *play.Session, side, step string) {
	h.t.Helper()
	ready := func() bool {
		return s.Mode() == play.ModeTurn && s.State().Step == step && (side == "" || s.Decider() == side) && s.Tray() == nil &&
			(step == atii.StepInitiative || !atiiui.ChoosingOrder(s.State()))
	}
	for i := 0; i < 60 && !ready(); i++ {
		switch {
		case s.Tray() != nil:
			s.TrayClose()
		case s.Mode() == play.ModeHandover:
			s.Continue()
		case atiiui.ChoosingOrder(s.State()):
			atiiui.Of(s).ChooseOrder(true) // E never answers the initiative
		default:
			s.EndStep()
		}
		h.run(1)
	}
	if !ready() {
		h.t.Fatalf("did not reach %q's %s: %s %s (%s)", side, step, s.State().Step, s.Decider(), s.Msg)
	}
}

// A hotseat duel played with the window's own mouse path at the points
// App.ScreenPoint gives (issue 8): holding S to go second does not pan the
// camera; titans moved by dragging are hit where they stand, not where
// they started (pressing the moved titan drags a new path from it, its
// fire arcs are drawn there, clicking an enemy where it stands declares
// a shot and its empty starting spot does not); a drag ending a pixel
// short of the enemy's base in the assault phase charges it into base
// contact (ATII-CC-1) and close combat is fought.
func TestMovedTitansThroughTheWindow(t *testing.T) {
	g, err := testSystems.New(loadDuel(t), game.Config{Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	st := g.State()
	red, blue := st.Unit("red-reaver"), st.Unit("blue-reaver")
	// Across open ground 30 cm apart, facing each other.
	red.Pos, red.Facing = world.Vec{X: 55, Y: 20}, 180
	blue.Pos, blue.Facing = world.Vec{X: 55, Y: 50}, 0
	s := newPlay(g, map[string]string{"red": play.Human, "blue": play.Human})
	s.TrayDelay = 0
	h := newHarness(t, app.Options{Play: s})

	// Initiative: S held for several frames chooses to go second and does
	// not pan the map.
	h.next(s, "", atii.StepInitiative)
	cam := h.a.Camera()
	keyS := []ebiten.Key{ebiten.KeyS}
	for i := 0; i < 8; i++ {
		h.in.Push(app.Step{X: 5, Y: 300, Keys: keyS})
	}
	h.flush()
	if h.a.Camera() != cam {
		t.Errorf("holding S to go second panned the camera: %+v -> %+v", cam, h.a.Camera())
	}
	if s.State().Step == atii.StepInitiative {
		t.Fatalf("S should choose to go second: %s", s.Msg)
	}

	// Movement: each titan walks 5 (red) and 8 (blue) cm straight ahead.
	startRed, startBlue := red.Pos, blue.Pos
	for _, m := range []struct {
		side, id string
		dist     float64
	}{{"red", "red-reaver", 5}, {"blue", "blue-reaver", 8}} {
		h.next(s, m.side, atii.StepMovement)
		s.Select(m.id)
		u := *s.State().Unit(m.id)
		h.drag(u.Pos, u.Pos.Add(world.Heading(u.Facing).Scale(m.dist)))
		mp := atiiui.Of(s).PreviewMove()
		if mp == nil || mp.Err != nil || len(mp.Report.Turns) != 0 {
			t.Fatalf("%s's straight drag should preview a legal move with no turn: %+v", m.id, mp)
		}
		h.in.Key(ebiten.KeyEnter)
		h.flush()
		if s.MsgErr {
			t.Fatalf("%s's move was refused: %s", m.id, s.Msg)
		}
	}
	red, blue = s.State().Unit("red-reaver"), s.State().Unit("blue-reaver")
	if red.Pos.Sub(startRed).Len() < 4.9 || blue.Pos.Sub(startBlue).Len() < 7.9 {
		t.Fatalf("the titans did not move: red %v, blue %v", red.Pos, blue.Pos)
	}

	// Shooting: red's arcs are drawn where it stands; the empty spot where
	// blue started is not a target, blue where it stands is.
	h.next(s, "red", atii.StepShooting)
	s.Select("red-reaver")
	h.in.Key(ebiten.KeyDigit1)
	h.flush()
	h.run(2)
	// The arcs come from the base where it stands.
	in := h.a.SceneInput()
	if len(in.Arcs) == 0 {
		t.Fatal("the selected titan's fire arcs are not drawn")
	}
	for _, a := range in.Arcs {
		if a.Base.Pos != red.Pos || a.Base.Facing != red.Facing {
			t.Errorf("a fire arc is drawn from %v facing %v; red stands at %v facing %v (started at %v)", a.Base.Pos, a.Base.Facing, red.Pos, red.Facing, startRed)
		}
	}
	// A ruler from red to blue measures between the bases where they
	// stand (R, drag, then Q back to the play tool).
	h.in.Key(ebiten.KeyR)
	h.flush()
	h.drag(red.Pos, blue.Pos)
	h.in.Key(ebiten.KeyQ)
	h.flush()
	if rs := h.a.Rulers(); len(rs) != 1 {
		t.Errorf("the ruler from red to blue was not kept: %+v", rs)
	} else if ra, rb := rs[0].A.Sub(red.Pos).Len(), rs[0].B.Sub(blue.Pos).Len(); ra > 2.5+1e-6 || rb > 2.5+1e-6 {
		t.Errorf("the ruler runs %v to %v, not from red at %v to blue at %v", rs[0].A, rs[0].B, red.Pos, blue.Pos)
	}
	// The selection is drawn on red where it stands.
	for _, b := range in.Bases {
		if b.Selected && (b.ID != "red-reaver" || b.Pos != red.Pos) {
			t.Errorf("the selection is drawn on %s at %v; red stands at %v", b.ID, b.Pos, red.Pos)
		}
	}
	// Line of sight (L, click red, click blue) runs between the titans
	// where they stand.
	h.in.Key(ebiten.KeyL)
	h.flush()
	h.clickAt(red.Pos)
	h.clickAt(blue.Pos)
	h.in.Key(ebiten.KeyQ)
	h.flush()
	if los := h.a.LOS(); los == nil || len(los.Lines) == 0 {
		t.Error("no sight line from red to blue")
	} else {
		for _, l := range los.Lines {
			if l.A.Sub(red.Pos).Len() > 2.5+1e-6 || l.B.Sub(blue.Pos).Len() > 2.5+1e-6 {
				t.Errorf("a sight line runs %v to %v, not from red at %v to blue at %v", l.A, l.B, red.Pos, blue.Pos)
			}
		}
	}
	h.clickAt(startBlue)
	if len(atiiui.Of(s).Shots) != 0 {
		t.Fatalf("clicking the empty spot where blue started declared a shot: %v", atiiui.Of(s).Shots)
	}
	h.clickAt(blue.Pos)
	if len(atiiui.Of(s).Shots) != 1 || atiiui.Of(s).Shots[0].Target != "blue-reaver" {
		t.Fatalf("clicking blue where it stands should declare a shot at it: %v (%s)", atiiui.Of(s).Shots, s.Msg)
	}
	x, y := h.at(blue.Pos)
	h.in.Push(app.Step{X: x, Y: y})
	h.flush()
	h.shot("table-shot-at-moved-titan")
	h.in.Key(ebiten.KeyEnter)
	h.flush()
	if !s.State().Unit("red-reaver").Fired {
		t.Fatalf("red did not fire: %s", s.Msg)
	}

	// Assault: red drags from where it stands to a pixel short of blue's
	// near edge; the move ends in base contact.
	h.next(s, "red", atii.StepAssault)
	s.Select("red-reaver")
	red, blue = s.State().Unit("red-reaver"), s.State().Unit("blue-reaver")
	r := blue.Pos.Sub(red.Pos)
	edge := blue.Pos.Sub(r.Scale(2.5 / r.Len()))
	x0, y0 := h.at(red.Pos)
	x1, y1 := h.at(edge)
	y1-- // a pixel short (blue is south of red)
	left := []ebiten.MouseButton{ebiten.MouseButtonLeft}
	h.in.Push(app.Step{X: x0, Y: y0}, app.Step{X: x0, Y: y0, Buttons: left})
	for i := 1; i <= 5; i++ {
		h.in.Push(app.Step{X: x0 + (x1-x0)*i/5, Y: y0 + (y1-y0)*i/5, Buttons: left})
	}
	h.run(h.in.Pending())
	if !s.Dragging() {
		t.Fatal("a press on red where it stands should drag its path")
	}
	mp := atiiui.Of(s).PreviewMove()
	if mp == nil || mp.Err != nil || mp.Charge != "blue-reaver" {
		t.Fatalf("the drag to blue should preview a charge: %+v", mp)
	}
	h.shot("table-charge-preview")
	h.in.Push(app.Step{X: x1, Y: y1})
	h.flush()
	h.in.Key(ebiten.KeyEnter)
	h.flush()
	if s.MsgErr {
		t.Fatalf("the charge was refused: %s", s.Msg)
	}
	charged := false
	for _, e := range s.State().Log {
		charged = charged || strings.Contains(e.Text, "charges into close combat")
	}
	if !charged {
		t.Fatal("red did not charge into close combat")
	}
	turn := s.State().Turn
	for i := 0; i < 40 && s.State().Turn == turn && s.State().Step != atii.StepRally; i++ {
		switch {
		case s.Tray() != nil:
			s.TrayClose()
		case s.Mode() == play.ModeHandover:
			s.Continue()
		case atiiui.ChoosingOrder(s.State()):
			atiiui.Of(s).ChooseOrder(true)
		default:
			s.EndStep()
		}
		h.run(1)
	}
	fought := false
	for _, e := range s.State().Log {
		fought = fought || e.Roll != nil && e.Step == atii.StepCloseCombat
	}
	if !fought {
		t.Errorf("no close combat was fought after the charge: turn %d step %s mode %v pending %+v msg %q", s.State().Turn, s.State().Step, s.Mode(), s.State().Pending, s.Msg)
	}
}
