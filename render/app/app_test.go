package app_test

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"context"
	_ "image/png"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/render/adapt"
	"github.com/auspex/auspex/render/app"
	"github.com/auspex/auspex/render/sample"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/world"
)

const winW, winH = 1400, 900

// harness is an App driven by scripted input and drawn to an offscreen
// image the size of a window.
type harness struct {
	t   testing.TB
	a   *app.App
	in  *app.Scripted
	dst *ebiten.Image
}

func newHarness(t testing.TB, opts app.Options) *harness {
	t.Helper()
	needLoop(t)
	in := &app.Scripted{}
	opts.Input = in
	if opts.Systems == nil {
		opts.Systems = testSystems
	}
	if opts.UIs == nil {
		opts.UIs = testUIs
	}
	a, err := app.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	a.SetSize(winW, winH, 1)
	h := &harness{t: t, a: a, in: in, dst: ebiten.NewImage(winW, winH)}
	t.Cleanup(func() {
		a.Close()
		h.dst.Deallocate()
	})
	h.run(2)
	return h
}

func loadDuel(t testing.TB) *scenarios.Scenario {
	t.Helper()
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	s, err := scenarios.LoadBundled(scenarios.DefaultName, cat)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// run plays n frames (Update then Draw).
func (h *harness) run(n int) {
	h.t.Helper()
	for i := 0; i < n; i++ {
		if err := h.a.Update(); err != nil {
			h.t.Fatalf("Update: %v", err)
		}
		h.a.Draw(h.dst)
	}
}

// flush replays every scripted step plus a couple of idle frames.
func (h *harness) flush() { h.run(h.in.Pending() + 2) }

func (h *harness) at(p world.Vec) (int, int) { return h.a.ScreenPoint(p) }

func (h *harness) pixel(x, y int) color.NRGBA {
	px := make([]byte, 4)
	h.dst.SubImage(image.Rect(x, y, x+1, y+1)).(*ebiten.Image).ReadPixels(px)
	return color.NRGBA{px[0], px[1], px[2], px[3]}
}

// The pixels on screen show the base in its side's colour. This test comes
// first: reading pixels back inside Update makes the software GL of Xvfb
// execute every draw queued so far, which is slow once other tests ran.
func TestBaseDrawnInSideColour(t *testing.T) {
	s := loadDuel(t)
	h := newHarness(t, app.Options{Scenario: s})
	u := s.Units()[0]
	side := s.Side(u.Side).Colour
	// A point inside the base, away from the facing marker.
	p := u.Pos.Add(world.Vec{X: -u.Profile.Base.BoundRadius() * 0.5})
	x, y := h.at(p)
	c := h.pixel(x, y)
	d := math.Abs(float64(c.R)-float64(side.R)) + math.Abs(float64(c.G)-float64(side.G)) + math.Abs(float64(c.B)-float64(side.B))
	if d > 60 {
		t.Fatalf("pixel at base %v, side colour %v", c, side)
	}
}

func TestFitShowsWholeTable(t *testing.T) {
	h := newHarness(t, app.Options{Scenario: loadDuel(t)})
	tab := h.a.Scenario().Table
	for _, p := range []world.Vec{{}, {X: tab.W, Y: tab.H}} {
		x, y := h.at(p)
		if x < 0 || y < 0 || x > winW || y > winH {
			t.Fatalf("table corner %v is off screen at %d,%d", p, x, y)
		}
	}
}

// Clicking a base with the select tool selects it, and the side panel
// lists its weapons; clicking empty table deselects.
func TestSelectByClick(t *testing.T) {
	s := loadDuel(t)
	h := newHarness(t, app.Options{Scenario: s})
	u := s.Units()[0]
	h.in.Click(h.at(u.Pos))
	h.flush()
	if h.a.Selected() != u.ID {
		t.Fatalf("selected %q, want %q", h.a.Selected(), u.ID)
	}
	// The selected unit's arcs are in the scene.
	arcs := 0
	for _, p := range h.a.Scene().All() {
		if strings.HasPrefix(p.ID, "arc:"+u.ID) {
			arcs++
		}
	}
	if arcs == 0 {
		t.Fatal("no fire arcs drawn for the selected unit")
	}
	h.in.Click(h.at(world.Vec{X: 5, Y: 60}))
	h.flush()
	if h.a.Selected() != "" {
		t.Fatalf("click on empty table left %q selected", h.a.Selected())
	}
}

// A ruler dragged from one base to another measures edge to edge and pins
// on release; Backspace removes it and Esc clears all.
func TestRulerBaseToBase(t *testing.T) {
	s := loadDuel(t)
	h := newHarness(t, app.Options{Scenario: s})
	a, b := s.Units()[0], s.Units()[1]
	h.in.Key(ebiten.KeyR)
	x0, y0 := h.at(a.Pos)
	x1, y1 := h.at(b.Pos)
	h.in.Drag(ebiten.MouseButtonLeft, x0, y0, x1, y1, 8)
	h.flush()
	if h.a.Tool() != app.ToolRuler {
		t.Fatalf("tool %v", h.a.Tool())
	}
	rs := h.a.Rulers()
	if len(rs) != 1 {
		t.Fatalf("%d rulers, want 1", len(rs))
	}
	ba, bb := a.Base(), b.Base()
	want, _, _ := adapt.Measure(adapt.Endpoint{Base: &ba}, adapt.Endpoint{Base: &bb})
	if got := rs[0].A.Dist(rs[0].B); math.Abs(got-want) > 1e-6 {
		t.Fatalf("ruler %.3f cm, want %.3f", got, want)
	}
	if ba.PointDistance(rs[0].A) > 1e-6 || bb.PointDistance(rs[0].B) > 1e-6 {
		t.Fatal("ruler ends are not on the base edges")
	}
	if rs[0].Label != scene.LengthLabel(want) {
		t.Fatalf("label %q", rs[0].Label)
	}
	// A second ruler from a point, then Backspace and Esc.
	h.in.Drag(ebiten.MouseButtonLeft, 300, 400, 420, 400, 4)
	h.flush()
	if len(h.a.Rulers()) != 2 {
		t.Fatalf("%d rulers after the second drag", len(h.a.Rulers()))
	}
	h.in.Key(ebiten.KeyBackspace)
	h.flush()
	if len(h.a.Rulers()) != 1 {
		t.Fatalf("Backspace left %d rulers", len(h.a.Rulers()))
	}
	h.in.Key(ebiten.KeyEscape)
	h.flush()
	if len(h.a.Rulers()) != 0 {
		t.Fatal("Esc did not clear the rulers")
	}
}

// The LOS tool: click the firer, then the target; the report has sample
// lines, a verdict and a reason, and the lines are in the scene.
func TestLOSTool(t *testing.T) {
	s := loadDuel(t)
	h := newHarness(t, app.Options{Scenario: s})
	h.in.Key(ebiten.KeyL)
	h.in.Click(h.at(s.Units()[0].Pos))
	h.in.Click(h.at(s.Units()[1].Pos))
	h.flush()
	r := h.a.LOS()
	if r == nil || len(r.Lines) == 0 || len(r.Lines) != len(r.Result.Lines) || r.Reason != r.Result.Reason() {
		t.Fatalf("LOS report %+v", r)
	}
	n := 0
	for _, p := range h.a.Scene().All() {
		if p.Layer == scene.LayerLOS && p.Kind == scene.Polyline {
			n++
		}
	}
	if n < len(r.Lines) {
		t.Fatalf("%d sight line prims for %d lines", n, len(r.Lines))
	}
}

func TestKeys(t *testing.T) {
	s := loadDuel(t)
	h := newHarness(t, app.Options{Scenario: s})
	if !h.a.Grid() {
		t.Fatal("grid should start on")
	}
	h.in.Key(ebiten.KeyG)
	h.in.Key(ebiten.KeyF1)
	h.in.Key(ebiten.KeyF)
	h.flush()
	if h.a.Grid() || !h.a.HelpShown() || !h.a.ArcsAll() {
		t.Fatalf("grid %v help %v arcs %v", h.a.Grid(), h.a.HelpShown(), h.a.ArcsAll())
	}
	h.in.Type('?')
	h.flush()
	if h.a.HelpShown() {
		t.Fatal("? did not close the help")
	}
	// Rings need a selection: keys 3 and 6 give 15 and 45 cm; 3 again removes 15.
	h.in.Click(h.at(s.Units()[0].Pos))
	h.in.Key(ebiten.KeyDigit3)
	h.in.Key(ebiten.KeyDigit6)
	h.flush()
	if got := h.a.Rings(); len(got) != 2 || got[0] != 15 || got[1] != 45 {
		t.Fatalf("rings %v, want [15 45]", got)
	}
	h.in.Key(ebiten.KeyDigit3)
	h.flush()
	if got := h.a.Rings(); len(got) != 1 || got[0] != 45 {
		t.Fatalf("rings %v, want [45]", got)
	}
}

// The wheel zooms about the cursor: the table point under it stays put.
func TestWheelZoomKeepsPointUnderCursor(t *testing.T) {
	h := newHarness(t, app.Options{Scenario: loadDuel(t)})
	cam := h.a.Camera()
	sx, sy := 500, 420
	before := cam.ToWorld(world.Vec{X: float64(sx), Y: float64(sy)})
	h.in.Push(app.Step{X: sx, Y: sy, WheelY: 2}, app.Step{X: sx, Y: sy})
	h.flush()
	cam2 := h.a.Camera()
	if !(cam2.Scale > cam.Scale*1.2) {
		t.Fatalf("scale %v -> %v, want a zoom in", cam.Scale, cam2.Scale)
	}
	after := cam2.ToWorld(world.Vec{X: float64(sx), Y: float64(sy)})
	if before.Dist(after) > 1e-6 {
		t.Fatalf("point under cursor moved from %v to %v", before, after)
	}
	// Home fits again.
	h.in.Key(ebiten.KeyHome)
	h.flush()
	if math.Abs(h.a.Camera().Scale-cam.Scale) > 1e-9 {
		t.Fatalf("Home gave scale %v, want %v", h.a.Camera().Scale, cam.Scale)
	}
}

// Right-drag pans by exactly the mouse movement.
func TestRightDragPans(t *testing.T) {
	h := newHarness(t, app.Options{Scenario: loadDuel(t)})
	before := h.a.Camera().Off
	h.in.Drag(ebiten.MouseButtonRight, 600, 400, 650, 370, 5)
	h.flush()
	d := h.a.Camera().Off.Sub(before)
	if math.Abs(d.X-50) > 1e-9 || math.Abs(d.Y+30) > 1e-9 {
		t.Fatalf("panned by %v, want (50,-30)", d)
	}
}

// A broken save shows the error in the banner over the last good table; a
// fixed save clears it and shows the new table.
func TestHotReloadBanner(t *testing.T) {
	s := loadDuel(t)
	ch := make(chan scenarios.Update, 2)
	h := newHarness(t, app.Options{Scenario: s, Updates: ch})
	cat, _ := assets.LoadCatalogue(testReaders())
	_, perr := scenarios.Parse("duel.yaml", []byte("format: 1\nname: [broken\n"), cat)
	if perr == nil {
		t.Fatal("broken text parsed")
	}
	ch <- scenarios.Update{Path: "duel.yaml", Err: perr}
	h.run(2)
	if !strings.Contains(h.a.Banner(), "duel.yaml:") || h.a.Scenario() != s {
		t.Fatalf("banner %q, scenario replaced: %v", h.a.Banner(), h.a.Scenario() != s)
	}
	s2 := loadDuel(t)
	ch <- scenarios.Update{Path: "duel.yaml", Scenario: s2}
	h.run(2)
	if h.a.Banner() != "" || h.a.Scenario() != s2 {
		t.Fatalf("after a good save: banner %q", h.a.Banner())
	}
}

// BenchmarkFrame500 measures the CPU side of a panning frame of a
// 500-base, 60-feature table at 1920x1080 inside the real ebiten loop (the
// camera moves every frame, so the cached picture is shifted and its newly
// exposed edge drawn). GPU time is not included: the
// real window's frame times come from auspex --frames-report (see
// docs/benchmarks.md).
func BenchmarkFrame500(b *testing.B) {
	needLoop(b)
	in := &app.Scripted{}
	a, err := app.New(app.Options{Scene: sample.Crowd(500, 60), Input: in, FramesReport: 1 << 30})
	if err != nil {
		b.Fatal(err)
	}
	defer a.Close()
	a.SetSize(1920, 1080, 1)
	dst := ebiten.NewImage(1920, 1080)
	defer dst.Deallocate()
	for b.Loop() {
		if err := a.Update(); err != nil {
			b.Fatal(err)
		}
		a.Draw(dst)
	}
}

// Toolbar buttons do what their keys do.
func TestToolbarButtons(t *testing.T) {
	h := newHarness(t, app.Options{Scenario: loadDuel(t)})
	for _, c := range []struct {
		label string
		check func() bool
	}{
		{"Ruler", func() bool { return h.a.Tool() == app.ToolRuler }},
		{"Line of sight", func() bool { return h.a.Tool() == app.ToolLOS }},
		{"Select", func() bool { return h.a.Tool() == app.ToolSelect }},
		{"Grid", func() bool { return !h.a.Grid() }},
		{"Arcs", func() bool { return h.a.ArcsAll() }},
		{"Help", func() bool { return h.a.HelpShown() }},
	} {
		x, y, ok := h.a.ToolbarButton(c.label)
		if !ok {
			t.Fatalf("no %s button", c.label)
		}
		h.in.Click(x, y)
		h.flush()
		if !c.check() {
			t.Fatalf("clicking %s did not take effect", c.label)
		}
	}
}

// Editing the scenario file on disk reloads the window through the
// scenarios watcher: a broken save shows file:line:col in the banner and
// keeps the last good table, the fixed save clears it.
func TestHotReloadFromFile(t *testing.T) {
	needLoop(t)
	src, err := scenarios.BundledSource(scenarios.DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "duel.yaml")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	s, err := scenarios.Load(path, cat)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ch, err := scenarios.Watch(ctx, path, cat)
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, app.Options{Scenario: s, Updates: ch})
	waitFor := func(what string, ok func() bool) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for !ok() {
			if time.Now().After(deadline) {
				t.Fatalf("no %s within 10 s (banner %q)", what, h.a.Banner())
			}
			time.Sleep(20 * time.Millisecond)
			h.run(1)
		}
	}
	broken := strings.Replace(string(src), "table: {width: 120, height: 120}", "table: {width: 120, height: }", 1)
	if broken == string(src) {
		t.Fatal("could not break the file")
	}
	if err := os.WriteFile(path, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor("error banner", func() bool { return strings.Contains(h.a.Banner(), "duel.yaml:") })
	if got := h.a.Scenario(); got == nil || got.Name != "Titan Duel" || got.Table != s.Table {
		t.Fatal("the last good scenario was replaced by a broken one")
	}
	fixed := strings.Replace(string(src), "name: Titan Duel", "name: Titan Duel Fixed", 1)
	if err := os.WriteFile(path, []byte(fixed), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor("reload", func() bool { return h.a.Banner() == "" && h.a.Scenario().Name == "Titan Duel Fixed" })
}

// F12 writes a PNG of the window.
func TestF12Screenshot(t *testing.T) {
	dir := t.TempDir()
	h := newHarness(t, app.Options{Scenario: loadDuel(t), ScreenshotDir: dir})
	h.in.Key(ebiten.KeyF12)
	h.flush()
	files, _ := filepath.Glob(filepath.Join(dir, "auspex-*.png"))
	if len(files) != 1 {
		t.Fatalf("screenshots: %v", files)
	}
	f, err := os.Open(files[0])
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cfg, _, err := image.DecodeConfig(f)
	if err != nil || cfg.Width != winW || cfg.Height != winH {
		t.Fatalf("screenshot %dx%d, %v", cfg.Width, cfg.Height, err)
	}
}

// Markers set by the rules appear on the base and in the side panel.
func TestMarkers(t *testing.T) {
	s := loadDuel(t)
	h := newHarness(t, app.Options{Scenario: s})
	id := s.Units()[0].ID
	h.a.SetMarkers(map[string]app.Markers{id: {Damage: 2, Shields: 1, Broken: true, Notes: []string{"Legs: Major"}}})
	h.in.Click(h.at(s.Units()[0].Pos))
	h.flush()
	icons := map[string]bool{}
	for _, p := range h.a.Scene().All() {
		if p.Kind == scene.Icon && p.ID == "base:"+id {
			icons[p.Icon] = true
		}
	}
	if !icons[scene.IconDamage] || !icons[scene.IconShield] || !icons[scene.IconBroken] {
		t.Fatalf("marker icons %v", icons)
	}
}

// + and - zoom about the window centre, once per key press.
func TestPlusMinusZoom(t *testing.T) {
	h := newHarness(t, app.Options{Scenario: loadDuel(t)})
	s0 := h.a.Camera().Scale
	h.in.Type('+')
	h.flush()
	if got := h.a.Camera().Scale; math.Abs(got-s0*1.25) > 1e-9 {
		t.Fatalf("+ gave scale %v, want %v", got, s0*1.25)
	}
	h.in.Type('-')
	h.flush()
	if got := h.a.Camera().Scale; math.Abs(got-s0) > 1e-9 {
		t.Fatalf("- gave scale %v, want %v", got, s0)
	}
}

// On a HiDPI screen (device scale 2) labels are twice as many device
// pixels, so they keep their physical size.
func TestHiDPILabelsScale(t *testing.T) {
	s := loadDuel(t)
	size := func(dsf float64) float64 {
		h := newHarness(t, app.Options{Scenario: s})
		h.a.SetSize(int(winW*dsf), int(winH*dsf), dsf)
		h.in.Key(ebiten.KeyHome)
		h.flush()
		for _, p := range h.a.Scene().All() {
			if p.Kind == scene.Text && p.ID == "base:"+s.Units()[0].ID {
				return p.Size * h.a.Camera().Scale // device pixels
			}
		}
		t.Fatal("no unit label")
		return 0
	}
	one, two := size(1), size(2)
	if math.Abs(two-2*one) > 1e-6 {
		t.Fatalf("label %v device px at scale 1, %v at scale 2; want double", one, two)
	}
}

// When the watched file's folder is deleted the watcher reports an error
// wrapping scenarios.ErrNotWatching: the banner must say edits are not
// being seen (not that the table reloads by itself), and the warning goes
// when the folder is back and the file reloads.
func TestHotReloadBannerSaysEditsAreNotSeenWithoutTheFolder(t *testing.T) {
	s := loadDuel(t)
	ch := make(chan scenarios.Update, 2)
	path := filepath.Join(t.TempDir(), "dump.json")
	h := newHarness(t, app.Options{Scenario: s, Updates: ch, DebugDump: path})
	h.run(2)
	ch <- scenarios.Update{Path: "maps/duel.yaml", Err: fmt.Errorf("%w: maps/duel.yaml: its directory maps was deleted", scenarios.ErrNotWatching)}
	h.run(3)
	d := readDump(t, path)
	if !d.Contains("NOT being seen") || !d.Contains("folder is back") {
		t.Fatalf("the banner should say edits are not seen until the folder is back: %q", h.a.Banner())
	}
	if d.Contains("it reloads by itself") {
		t.Fatal("the banner still says the table reloads by itself while nothing is watched")
	}
	ch <- scenarios.Update{Path: "maps/duel.yaml", Scenario: loadDuel(t)}
	h.run(3)
	d = readDump(t, path)
	if h.a.Banner() != "" || d.Contains("NOT being seen") {
		t.Fatalf("the reload after the folder came back should clear the banner: %q", h.a.Banner())
	}
	// A broken file while watching again is the ordinary reload error.
	cat, _ := assets.LoadCatalogue(testReaders())
	_, perr := scenarios.Parse("duel.yaml", []byte("format: 1\nname: [broken\n"), cat)
	ch <- scenarios.Update{Path: "maps/duel.yaml", Err: perr}
	h.run(3)
	d = readDump(t, path)
	if d.Contains("NOT being seen") || !d.Contains("it reloads by itself") {
		t.Fatalf("a parse error while watching should say the file reloads by itself: %q", h.a.Banner())
	}
}
