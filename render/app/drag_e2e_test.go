package app_test

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/app"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/systems/atiiui"
	"github.com/auspex/auspex/world"
)

// toStep plays the window's session (trays skipped, computer waited for,
// red goes first) until red must decide in step.
func (h *harness) toStep(s *play.Session, step string) {
	h.t.Helper()
	for i := 0; i < 200 && !(s.Mode() == play.ModeTurn && s.State().Step == step && s.Decider() == "red" && s.Tray() == nil); i++ {
		switch {
		case s.Tray() != nil:
			s.TrayClose()
		case s.Mode() == play.ModeThinking:
			h.run(3)
			continue
		case atiiui.ChoosingOrder(s.State()):
			atiiui.Of(s).ChooseOrder(true)
		default:
			s.EndStep()
		}
		h.run(1)
	}
	if s.State().Step != step || s.Decider() != "red" {
		h.t.Fatalf("did not reach red's %s: %s %s", step, s.State().Step, s.Decider())
	}
}

// A move dragged with the mouse through the window: the press on the
// titan starts the leg, the live preview follows the held button (into
// Tanglewood, dangerous terrain: ATII-MOV-4), the wheel turns the final
// facing without zooming, the release adds the point and Enter moves; the
// result then shows the rolled allowance against the path.
func TestDragAMoveThroughTheWindow(t *testing.T) {
	g, err := testSystems.New(loadDuel(t), game.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := newPlay(g, map[string]string{"red": play.Human, "blue": play.Computer})
	h := newHarness(t, app.Options{Play: s})
	h.toStep(s, atii.StepMovement)
	id := s.Selected
	u := *s.State().Unit(id)
	to := world.Vec{X: 27, Y: 27}
	// Zoom in on the titan first (the wheel zooms when nothing is dragged).
	zx, zy := h.at(u.Pos)
	h.in.Push(app.Step{X: zx, Y: zy, WheelY: 3}, app.Step{X: zx, Y: zy, WheelY: 3})
	h.flush()
	if x, y := h.at(to); x-zx > -60 {
		t.Fatalf("the wheel should zoom in when nothing is dragged: %d,%d from %d,%d", x, y, zx, zy)
	}
	x0, y0 := h.at(u.Pos)
	x1, y1 := h.at(to)
	left := []ebiten.MouseButton{ebiten.MouseButtonLeft}
	h.in.Push(app.Step{X: x0, Y: y0}, app.Step{X: x0, Y: y0, Buttons: left})
	for i := 1; i <= 6; i++ {
		h.in.Push(app.Step{X: x0 + (x1-x0)*i/6, Y: y0 + (y1-y0)*i/6, Buttons: left})
	}
	// Run exactly the scripted frames: the button is still held.
	h.run(h.in.Pending())
	if !s.Dragging() {
		t.Fatal("holding the button after a press on the titan should drag")
	}
	if p := s.Path(); len(p) != 1 || p[0].Sub(to).Len() > 0.5 {
		t.Fatalf("the dragged leg should end under the mouse near %v: %v", to, p)
	}
	mp := atiiui.Of(s).PreviewMove()
	if mp == nil || mp.Odds == nil {
		t.Fatalf("the leg into the woods should preview its dangerous terrain odds: %+v", mp)
	}
	// A wheel notch while dragging turns the facing, not the camera.
	before := mp.Report.End.Facing
	h.in.Push(app.Step{X: x1, Y: y1, Buttons: left, WheelY: 1}, app.Step{X: x1, Y: y1, Buttons: left})
	h.run(h.in.Pending())
	if atiiui.Of(s).Facing == nil || world.RelDeg(*atiiui.Of(s).Facing-before) < atiiui.WheelStep-0.01 {
		t.Fatalf("the wheel should turn the final facing by %.0f from %.1f: %v", atiiui.WheelStep, before, atiiui.Of(s).Facing)
	}
	if x, y := h.at(to); x != x1 || y != y1 {
		t.Errorf("the wheel zoomed the camera while dragging: %v,%v -> %v,%v", x1, y1, x, y)
	}
	// Backspace drops the facing again (every Man point left for the
	// dangerous terrain dice), still dragging.
	h.in.Push(app.Step{X: x1, Y: y1, Buttons: left, Keys: []ebiten.Key{ebiten.KeyBackspace}}, app.Step{X: x1, Y: y1, Buttons: left})
	h.run(h.in.Pending())
	if atiiui.Of(s).Facing != nil || !s.Dragging() {
		t.Fatalf("Backspace should drop the facing and keep dragging: %v %v", atiiui.Of(s).Facing, s.Dragging())
	}
	h.shot("play-move-drag")
	h.in.Push(app.Step{X: x1, Y: y1})
	h.flush()
	if s.Dragging() || len(atiiui.Of(s).Draft) != 1 {
		t.Fatalf("the release should add one point: %v", atiiui.Of(s).Draft)
	}
	h.in.Key(ebiten.KeyEnter)
	h.flush()
	r := atiiui.Of(s).Result
	if r == nil {
		t.Fatalf("a move into the woods should leave its result (%s)", s.Msg)
	}
	if got := s.State().Unit(id).Pos; got != r.End {
		t.Errorf("the result marks %v, the titan stands at %v", r.End, got)
	}
	s.TrayClose()
	h.run(2)
	for i := 0; i < 100 && s.Mode() == play.ModeThinking; i++ {
		h.run(3)
	}
	// The computer's turn to fire leaves the result shown.
	if atiiui.Of(s).Result == nil {
		t.Error("the move result should stay up while the computer acts")
	}
	s.TrayClose()
	h.run(2)
	h.shot("play-move-result")
}

// Deployment by drag in the window: press inside the zone, drag to aim,
// release deploys there facing the drag.
func TestDeployByDragThroughTheWindow(t *testing.T) {
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	scn, err := scenarios.LoadBundled("atii-map-a", cat)
	if err != nil {
		t.Fatal(err)
	}
	g, err := testSystems.New(scn, game.Config{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	s := newPlay(g, map[string]string{"red": play.Human, "blue": play.Human})
	h := newHarness(t, app.Options{Play: s})
	for i := 0; i < 20 && !(s.State().Step == atii.StepDeploy && s.Mode() == play.ModeTurn); i++ {
		if s.Mode() == play.ModeHandover {
			s.Continue()
		} else {
			s.EndStep()
		}
		h.run(1)
	}
	z := atiiui.Of(s).DeployZone()
	if z == nil || z.Area == nil {
		t.Fatalf("no deployment zone (step %s)", s.State().Step)
	}
	p := z.Area.Centroid()
	aim := p.Add(world.Heading(120).Scale(12))
	x0, y0 := h.at(p)
	x1, y1 := h.at(aim)
	id := s.Selected
	if !s.Playable(id) {
		id = s.State().Pending.Units[0]
	}
	left := []ebiten.MouseButton{ebiten.MouseButtonLeft}
	h.in.Push(app.Step{X: x0, Y: y0}, app.Step{X: x0, Y: y0, Buttons: left})
	for i := 1; i <= 5; i++ {
		h.in.Push(app.Step{X: x0 + (x1-x0)*i/5, Y: y0 + (y1-y0)*i/5, Buttons: left})
	}
	h.run(h.in.Pending())
	b, verdict, ok := atiiui.Of(s).DeployGhost()
	if !ok || verdict != nil || world.RelDeg(b.Facing-120) > 3 || world.RelDeg(b.Facing-120) < -3 {
		t.Fatalf("the ghost should face the drag (120): %+v %v", b, verdict)
	}
	h.shot("play-deploy-drag")
	h.in.Push(app.Step{X: x1, Y: y1})
	h.flush()
	u := s.State().Unit(id)
	if u.Markers.Value(atii.MarkUnplaced) > 0 || u.Pos.Sub(p).Len() > 0.5 || world.RelDeg(u.Facing-120) > 3 || world.RelDeg(u.Facing-120) < -3 {
		t.Fatalf("%s should be deployed at %v facing 120: %v facing %.1f (%s)", id, p, u.Pos, u.Facing, s.Msg)
	}
}

// The rally list in the window groups identical repairs with each
// system's damage (ATII-REP-1), and the number keys pick the groups.
func TestRallyListThroughTheWindow(t *testing.T) {
	g, err := testSystems.New(loadDuel(t), game.Config{Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	s := newPlay(g, map[string]string{"red": play.Human, "blue": play.Computer})
	u := s.State().Unit("red-reaver")
	ts, err := atii.TitanOf(u)
	if err != nil {
		t.Fatal(err)
	}
	ts.ShieldsDown, ts.Head = 2, atii.Major
	if err := u.SetExt(atii.ExtTitan, ts); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, app.Options{Play: s})
	h.toStep(s, atii.StepRally)
	s.Select("red-reaver")
	h.run(2)
	cs := atiiui.Of(s).RepairChoices()
	if len(cs) < 2 {
		t.Fatalf("a titan with Major head damage and two shields down has two groups, got %+v", cs)
	}
	h.in.Key(ebiten.KeyDigit2)
	h.flush()
	if atiiui.Of(s).RepairFirst != cs[1].System {
		t.Errorf("2 should put %s first, got %q", cs[1].System, atiiui.Of(s).RepairFirst)
	}
	h.shot("play-rally-grouped")
}
