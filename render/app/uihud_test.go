package app_test

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/render/app"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/systems/atiiui"
	"github.com/auspex/auspex/world"
)

// startDuel opens the start screen on titan-duel with both sides human
// (manual: with manual dice) and returns the harness before Enter.
func startDuel(t *testing.T, manual bool) *harness {
	t.Helper()
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, app.Options{Start: &app.StartOptions{Catalogue: cat, Seed: 42, Preselect: scenarios.DefaultName}, AutosavePath: t.TempDir() + "/auto.json"})
	// Blue starts as the duel's scripted opponent: press 2 until it is
	// human (the players cycle).
	for i := 0; i < 8; i++ {
		if _, _, ok := h.a.StartButton("[2] Legio Ignatum (1 titan): human"); ok {
			break
		}
		h.in.Key(ebiten.KeyDigit2)
		h.flush()
	}
	if _, _, ok := h.a.StartButton("[2] Legio Ignatum (1 titan): human"); !ok {
		t.Fatal("blue never became human")
	}
	if manual {
		h.in.Key(ebiten.KeyM)
	}
	h.flush()
	return h
}

// The help overlay fits its box and the window, at the usual size and at
// a small one: every line of text starts and ends inside the box.
func TestHelpOverlayInsideItsBox(t *testing.T) {
	h := startDuel(t, false)
	h.in.Key(ebiten.KeyEnter)
	h.flush()
	if h.a.Play() == nil {
		t.Fatal("Enter should start the game")
	}
	h.in.Key(ebiten.KeyF1)
	h.flush()
	for _, size := range [][2]int{{winW, winH}, {1000, 640}} {
		h.a.SetSize(size[0], size[1], 1)
		prims := h.a.HUDPrims()
		// The overlay is the last pass: its box first, then its text.
		start := -1
		for i, p := range prims {
			if p.Kind == scene.Text && p.Text == "" && p.ID != "" {
				start = i + 1
			}
		}
		if start < 0 || start >= len(prims) || prims[start].Kind != scene.Polygon {
			t.Fatalf("%v: no help overlay pass found", size)
		}
		box := prims[start].Pts
		minX, minY, maxX, maxY := box[0].X, box[0].Y, box[2].X, box[2].Y
		if minX < 0 || minY < 0 || maxX > float64(size[0]) || maxY > float64(size[1]) {
			t.Errorf("%v: the help box %v..%v leaves the window", size, box[0], box[2])
		}
		n := 0
		for _, p := range prims[start+1:] {
			if p.Kind != scene.Text {
				continue
			}
			n++
			w := h.a.MeasureText(p.Text, p.Size, p.Bold)
			if p.C.X < minX || p.C.X+w > maxX+0.5 || p.C.Y-p.Size/2 < minY || p.C.Y+p.Size/2 > maxY {
				t.Errorf("%v: help line %q (x %.0f..%.0f, y %.0f) runs outside its box %.0f..%.0f x %.0f..%.0f", size, p.Text, p.C.X, p.C.X+w, p.C.Y, minX, maxX, minY, maxY)
			}
		}
		if n < 20 {
			t.Errorf("%v: only %d help lines drawn", size, n)
		}
	}
}

// Space only moves the dice tray on (and continues past a handover): two
// spare presses at the initiative or in a phase play nothing; E ends the
// step.
func TestSpaceNeverEndsAStep(t *testing.T) {
	h := startDuel(t, false)
	h.in.Key(ebiten.KeyEnter)
	h.flush()
	s := h.a.Play()
	if s == nil || s.State().Step != atii.StepInitiative {
		t.Fatalf("the duel should open at the initiative: %v", s)
	}
	s.TrayDelay = 0
	seq := s.State().Seq
	h.in.Key(ebiten.KeySpace)
	h.in.Key(ebiten.KeySpace)
	h.flush()
	if s.State().Seq != seq || s.State().Step != atii.StepInitiative {
		t.Fatalf("Space played the initiative choice: seq %d -> %d, step %s", seq, s.State().Seq, s.State().Step)
	}
	h.in.Key(ebiten.KeyF)
	h.flush()
	if s.State().Step != atii.StepMovement {
		t.Fatalf("F should go first: step %s (%s)", s.State().Step, s.Msg)
	}
	seq = s.State().Seq
	h.in.Key(ebiten.KeySpace)
	h.in.Key(ebiten.KeySpace)
	h.flush()
	if s.State().Seq != seq {
		t.Fatalf("Space held or ended the step: seq %d -> %d", seq, s.State().Seq)
	}
	h.in.Key(ebiten.KeyE)
	h.flush()
	if s.State().Seq != seq+1 {
		t.Fatalf("E should end the step (the titan holds): seq %d -> %d (%s)", seq, s.State().Seq, s.Msg)
	}
}

// Manual dice from the very start: the set-up rolls (here the first
// initiative) are asked for on the start screen, typed with the digit
// keys or clicked as die faces, and the game then starts with them; later
// rolls are typed in play the same way.
func TestManualDiceFromTheStart(t *testing.T) {
	h := startDuel(t, true)
	h.in.Key(ebiten.KeyEnter)
	h.flush()
	need, _ := h.a.StartDiceWanted()
	if need == nil || h.a.Play() != nil {
		t.Fatalf("with manual dice the start should ask for the set-up dice (play %v)", h.a.Play())
	}
	// The first die by its key, the second by clicking its face.
	h.in.Type('5')
	h.flush()
	if _, typed := h.a.StartDiceWanted(); len(typed) != 1 || typed[0] != 5 {
		t.Fatalf("typed faces %v, want [5]", typed)
	}
	x, y, ok := h.a.StartButton("die 2")
	if !ok {
		t.Fatal("no clickable die face 2 on the start screen's dice pad")
	}
	h.in.Click(x, y)
	h.flush()
	for i := 0; i < 10 && h.a.Play() == nil; i++ {
		// A tie is re-rolled: another pair.
		h.in.Type('6')
		h.in.Type('1')
		h.flush()
	}
	s := h.a.Play()
	if s == nil {
		t.Fatal("the game should start once the set-up dice are typed")
	}
	rolled := false
	for _, e := range s.Log() {
		if e.Roll != nil && len(e.Roll.Faces) == 2 && e.Roll.Faces[0] == 5 && e.Roll.Faces[1] == 2 {
			rolled = true
		}
	}
	if !rolled {
		t.Errorf("the initiative roll should be the typed 5 and 2: %+v", s.Log())
	}
	// In play: go on until a roll is wanted, then type it.
	s.TrayDelay = 0
	for i := 0; i < 200 && s.Mode() != play.ModeDice && !s.State().Over; i++ {
		switch {
		case s.Tray() != nil:
			h.in.Key(ebiten.KeySpace)
		case atiiui.ChoosingOrder(s.State()):
			h.in.Key(ebiten.KeyF)
		default:
			h.in.Key(ebiten.KeyE)
		}
		h.flush()
	}
	if s.Mode() != play.ModeDice {
		t.Fatalf("no roll was asked for in play: step %s turn %d", s.State().Step, s.State().Turn)
	}
	seq := s.State().Seq
	for i := 0; i < 20 && s.Mode() == play.ModeDice; i++ {
		h.in.Type('4')
		h.flush()
		h.in.Type('3')
		h.flush()
	}
	if s.Mode() == play.ModeDice || s.State().Seq == seq {
		t.Fatalf("typing the faces should play the command: mode %v seq %d -> %d (%s)", s.Mode(), seq, s.State().Seq, s.Msg)
	}
}

// Fit (Home) with the legend on shows the table and the legend below it:
// the legend's bottom edge stays inside the window.
func TestFitLeavesRoomForTheLegend(t *testing.T) {
	h := newHarness(t, app.Options{Scenario: loadDuel(t)})
	h.in.Key(ebiten.KeyK)
	h.flush()
	h.in.Key(ebiten.KeyHome)
	h.flush()
	sc := h.a.Scene()
	cam := h.a.Camera()
	bottom := sc.Bounds.Max.Y*cam.Scale + cam.Off.Y
	if sc.Bounds.Max.Y <= sc.Table.H {
		t.Fatalf("the legend should extend the scene below the table: bounds %v", sc.Bounds)
	}
	if bottom > winH-24 {
		t.Errorf("the legend ends at y %.0f, below the window's status bar at %d", bottom, winH-24)
	}
	if top := cam.Off.Y; top < 38 {
		t.Errorf("the table starts at y %.0f, under the toolbar", top)
	}
}

// A ruler's length is drawn over the zone and terrain labels: with its
// label forced onto a zone's name, the ruler's box (pale yellow) shows
// where the two overlap, not the zone label's.
func TestRulerLabelOverZoneLabel(t *testing.T) {
	h := newHarness(t, app.Options{Scenario: loadDuel(t)})
	h.in.Key(ebiten.KeyHome)
	h.flush()
	var zone *scene.Prim
	for _, p := range h.a.Scene().Layers[scene.LayerZones] {
		if p.Kind == scene.Text && p.Text == "Red deployment" {
			p := p
			zone = &p
		}
	}
	if zone == nil {
		t.Fatal("no Red deployment label")
	}
	// A short vertical ruler through the zone's name: both places for its
	// label beside the line fall on the name, so it is put on it.
	h.in.Key(ebiten.KeyR)
	x0, y0 := h.at(zone.C.Add(world.Vec{Y: -6}))
	x1, y1 := h.at(zone.C.Add(world.Vec{Y: 6}))
	h.in.Drag(ebiten.MouseButtonLeft, x0, y0, x1, y1, 6)
	h.flush()
	var lbl *scene.Prim
	for _, p := range h.a.Scene().Layers[scene.LayerRulers] {
		if p.Kind == scene.Text {
			p := p
			lbl = &p
		}
	}
	if lbl == nil {
		t.Fatal("the ruler has no label")
	}
	cam := h.a.Camera()
	toPx := func(v world.Vec) world.Vec { return v.Scale(cam.Scale).Add(cam.Off) }
	zc, lc := toPx(zone.C), toPx(lbl.C)
	zs, ls := zone.Size*cam.Scale, lbl.Size*cam.Scale
	zw, lw := h.a.MeasureText(zone.Text, zs, zone.Bold), h.a.MeasureText(lbl.Text, ls, lbl.Bold)
	// A point in the ruler box's top padding (no glyph there) that lies
	// inside the zone label's box too.
	found := false
	for dx := -lw / 2; dx <= lw/2; dx++ {
		x := lc.X + dx
		y := lc.Y - ls*0.6
		if x > zc.X-zw/2 && x < zc.X+zw/2 && y > zc.Y-zs*0.6 && y < zc.Y+zs*0.6 {
			found = true
			c := h.pixel(int(x), int(y))
			if c.B > 235 {
				t.Fatalf("at %.0f,%.0f the zone label's box (%v) covers the ruler's length label", x, y, c)
			}
			break
		}
	}
	if !found {
		t.Skipf("the ruler label %v does not overlap the zone label %v here", lc, zc)
	}
}

// Browsing the start screen from the duel (blue: its script) to the hotseat
// mission gives the mission its own two human players; a side the player
// switched keeps the choice.
func TestStartScreenUsesTheScenariosControllers(t *testing.T) {
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, app.Options{Start: &app.StartOptions{Catalogue: cat, Seed: 42, Preselect: scenarios.DefaultName}, AutosavePath: t.TempDir() + "/auto.json"})
	h.in.Key(ebiten.KeyArrowUp) // the last entry: titan-mission
	h.flush()
	if _, _, ok := h.a.StartButton("[2] Blue battlegroup (2 titans): human"); !ok {
		t.Fatal("the mission's blue side should be human, as its scenario says")
	}
	h.in.Key(ebiten.KeyDigit2)
	h.in.Key(ebiten.KeyArrowDown)
	h.in.Key(ebiten.KeyArrowUp)
	h.flush()
	if _, _, ok := h.a.StartButton("[2] Blue battlegroup (2 titans): AI (1 s a move)"); !ok {
		t.Fatal("a side the player switched should keep the choice")
	}
}

// In a 1024x700 window the duel's movement banner wraps to more rows than
// the initiative's: the table, fitted at the initiative and not moved by
// the player since, is fitted again so the top edge scale's numbers stay
// below the banner and two rows of the message strip (play.TableTop).
func TestFitFollowsAGrowingBanner(t *testing.T) {
	h := startDuel(t, false)
	h.a.SetSize(1024, 700, 1)
	h.in.Key(ebiten.KeyEnter)
	h.flush()
	s := h.a.Play()
	if s == nil {
		t.Fatal("Enter should start the duel")
	}
	h.in.Key(ebiten.KeyHome)
	h.flush()
	l := play.Layout{W: 1024, H: 700, DSF: 1, Top: 38, Bottom: 24, Measure: h.a.MeasureText}
	scaleTop := func() float64 {
		cam := h.a.Camera()
		top := 1e9
		for _, p := range h.a.Scene().Layers[scene.LayerGrid] {
			if p.Kind == scene.Text && p.ID == "edge-label" {
				top = min(top, (p.C.Y-p.Size*0.6)*cam.Scale+cam.Off.Y)
			}
		}
		return top
	}
	before := s.TableTop(l)
	if st := scaleTop(); st < before {
		t.Fatalf("fitted at the initiative: the scale's numbers start at y %.0f, above the table's area at %.0f", st, before)
	}
	for i := 0; i < 10 && s.State().Step != atii.StepMovement; i++ {
		h.in.Key(ebiten.KeyF)
		h.flush()
	}
	if s.State().Step != atii.StepMovement {
		t.Fatalf("never reached the movement (at %s)", s.State().Step)
	}
	h.run(2)
	after := s.TableTop(l)
	if after <= before {
		t.Skipf("the movement banner (table top %.0f) is no taller than the initiative's (%.0f) here", after, before)
	}
	// Fitted again: the table and its edge rulers' margin (40 px) start
	// below the grown banner and message strip, as a fit now would put them.
	if st, top := scaleTop(), h.a.Camera().Off.Y-40; st < after || top < after-0.5 {
		t.Errorf("after the banner grew (table area from y %.1f to %.1f) the table's margin starts at y %.1f and its scale's numbers at %.1f: not fitted again", before, after, top, st)
	}
}
