// Package app is the Auspex window: the table drawn by the screen backend,
// a camera (pan, zoom to cursor, fit), and the tools a player reaches for at
// a real table: select a unit to see its profile and fire arcs, rulers that
// measure edge to edge, line of sight with the reason in words, range
// rings, a grid, a help overlay and screenshots. A scenario file can be
// hot-reloaded: a broken save shows its error over the last good table.
//
// All keyboard and mouse reads go through the Input interface so tests and
// scripted sessions can drive the window.
package app

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/render/adapt"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/render/raster"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/render/screen"
	"github.com/auspex/auspex/render/textfont"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/world"
)

// Tool is the active left-click tool.
type Tool int

// Tools.
const (
	ToolSelect Tool = iota
	ToolRuler
	ToolLOS
)

// String names the tool as the toolbar shows it.
func (t Tool) String() string {
	switch t {
	case ToolRuler:
		return "Ruler"
	case ToolLOS:
		return "Line of sight"
	}
	return "Select"
}

// RingSteps are the range ring distances (cm) on number keys 1-8, as Epic
// players use them at the table.
func RingSteps() []float64 { return []float64{5, 10, 15, 20, 30, 45, 60, 75} }

// Options configure a window.
type Options struct {
	// Scenario is the scenario shown first (nil with Err set shows only
	// the error).
	Scenario *scenarios.Scenario
	// Err is a load error to show in the banner at start.
	Err error
	// Updates delivers hot reloads (nil = no reloading).
	Updates <-chan scenarios.Update
	// Scene, when set instead of Scenario, is drawn as is (benchmarks).
	Scene *scene.Input
	// Input defaults to the real keyboard and mouse.
	Input Input
	// Fonts defaults to the embedded fonts.
	Fonts *textfont.Fonts
	// Screenshot, when set, writes the window to this PNG after
	// ScreenshotAfter frames (default 10) and ends the game.
	Screenshot      string
	ScreenshotAfter int
	// FramesReport, when > 0, pans a pixel every frame (or does what one
	// of the Frames options below says), and after that many frames (not
	// counting 10 warm-up frames) prints frame times to Report and ends
	// the game.
	FramesReport int
	Report       io.Writer
	// FramesIdle makes the frame report measure idle frames (nothing
	// changes: the window draws nothing and ebiten keeps the last picture)
	// instead of panning frames.
	FramesIdle bool
	// FramesDynamic makes the frame report measure frames where only a
	// dynamic layer changes: the camera stays and a ruler's end moves
	// every frame.
	FramesDynamic bool
	// FramesZoom makes the frame report zoom in and out a little every
	// frame (the cached picture is scaled until the zoom settles).
	FramesZoom bool
	// FramesGrid makes the frame report turn the 10 cm grid on and off
	// every frame: the grid spans the table, so each frame redraws the
	// whole cached picture (a full redraw).
	FramesGrid bool
	// FramesMarkers makes the frame report measure frames where one
	// unit's damage marker changes (as when dice resolve in play).
	FramesMarkers bool
	// ScreenshotDir is where F12 saves pictures (default: current dir).
	ScreenshotDir string
	// WindowW, WindowH set the initial window size in device-independent
	// pixels (default 1400 x 900).
	WindowW, WindowH int
	// NoAntiAlias draws shapes without anti-aliasing (faster on software
	// GL).
	NoAntiAlias bool
	// Play, when set, shows a game in play mode (see SetPlay); Start shows
	// the start screen first instead.
	Play  *play.Session
	Start *StartOptions
	// AutosavePath is where play mode autosaves after every command
	// ("" = no autosave).
	AutosavePath string
	// PlayFile is the saved game Play was loaded from ("" = none): it is
	// added to the recent list.
	PlayFile string
	// RecentFile is the recently played list the window adds saved,
	// loaded and kept autosaved games to ("" = Start's list, if any).
	RecentFile string
	// NewGame is called on Ctrl+N in play mode (the start screen).
	NewGame func(*App)
	// DebugDump, when set, is a JSON file rewritten (atomically) after
	// every frame whose content changed: see DebugDump.
	DebugDump string
}

// Markers is the game state shown on a unit's base and in the side panel.
type Markers struct {
	// Damage is damage points or wounds taken; Blast the blast markers;
	// Shields the void shields still up (-1 = not shown).
	Damage, Blast, Shields int
	Broken                 bool
	// Notes are extra state lines for the side panel ("Legs: Major").
	Notes []string
}

// rulerState is one ruler: two endpoints measured edge to edge.
type rulerState struct {
	from, to adapt.Endpoint
}

// App is the window's game. Create it with New and run it with
// ebiten.RunGame, or call Update and Draw directly in tests.
type App struct {
	opts  Options
	in    Input
	fonts *textfont.Fonts
	rend  *screen.Renderer

	scn    *scenarios.Scenario
	base   *scene.Input
	rules  world.TerrainRules
	infos  map[string]adapt.UnitInfo
	banner string
	// notWatching is set while hot reload is suspended (the watched
	// file's folder is gone): the banner then says edits are not seen.
	notWatching bool
	title       string
	lastSet     string

	w, h   int
	dsf    float64
	cam    Camera
	fitted bool

	tool       Tool
	grid       bool
	edgeRulers bool
	arcsAll    bool
	help       bool
	legend     bool
	selected   string
	rings      []float64
	markers    map[string]Markers

	rulers   []rulerState
	dragging *rulerState

	losFrom, losTo *adapt.Endpoint
	losPreview     bool
	los            *adapt.LOSReport

	panning    bool
	panX, panY int
	cursor     world.Vec // device px

	dirty bool
	sc    *scene.Scene
	// cache holds the shapes of the layers that rarely change (see
	// cachedLayers), labels their text and the markers layer, composed
	// both (what the table shows without arcs, rulers or sight lines); all
	// drawn
	// at cacheScale with the camera offset cacheOff; its pixel (0, 0) was
	// screen pixel cacheRect.Min then. cacheBounds is the scene's extent
	// in those screen pixels; cachePrims the primitives drawn into it.
	cache       *ebiten.Image
	labels      *ebiten.Image
	composed    *ebiten.Image
	cacheScale  float64
	cacheOff    world.Vec
	cacheRect   image.Rectangle
	cacheBounds image.Rectangle
	cacheSet    []scene.Layer
	cachePrims  [scene.NumLayers][]scene.Prim
	// lastHUD and lastDst are what the last drawn frame showed, so a frame
	// where nothing changed draws nothing at all.
	lastHUD []scene.Prim
	lastDst *ebiten.Image
	// drawnSc, drawnSet and drawnShift are the scene, cached layers and
	// cache shift of the last frame drawn (drawnSc nil after the start
	// screen), so the next frame can redraw only what changed.
	drawnSc    *scene.Scene
	drawnSet   []scene.Layer
	drawnShift image.Point
	// previewing is set while zoom frames scale the cached picture;
	// zoomedAt is the frame of the last zoom step (previewScale its
	// scale).
	previewing   bool
	zoomedAt     int
	previewScale float64
	// running is set by Run (Draw then paints ebiten's screen).
	running bool
	// drewStart is set when the last frame drawn showed the start screen.
	drewStart bool
	// debug writes the debug dump (nil unless Options.DebugDump is set).
	debug *debugDumper

	frames     int
	quit       bool
	shotErr    error
	shotQueued string
	status     string
	statusTill int

	frameTimes []time.Duration
	draws      int
	lastDraw   time.Time
	panSign    float64

	play   *play.Session
	prompt *prompt
	// swallowed are pan keys the play session used when they went down:
	// they do not pan until released.
	swallowed map[ebiten.Key]bool
	lastSave  string
	// leaving is set while Ctrl+N asks whether to leave an unfinished
	// game (askNewGame).
	leaving bool
	// leftAutosave is the autosave path of the game left for the start
	// screen: kept aside when the next game starts.
	leftAutosave string
	lastSig      string
	start        *startScreen
}

// New makes the window's game from opts.
func New(opts Options) (*App, error) {
	a := &App{opts: opts, in: opts.Input, fonts: opts.Fonts, grid: true, edgeRulers: true, dirty: true, dsf: 1, panSign: 1}
	if a.in == nil {
		a.in = &Ebiten{}
	}
	// The window sees each press as one gesture, however the frames fall.
	a.in = &oneGesture{Input: a.in}
	if a.fonts == nil {
		f, err := textfont.Load()
		if err != nil {
			return nil, err
		}
		a.fonts = f
	}
	a.rend = screen.New(a.fonts)
	a.rend.AntiAlias = !opts.NoAntiAlias
	if opts.ScreenshotAfter <= 0 {
		a.opts.ScreenshotAfter = 10
	}
	switch {
	case opts.Scene != nil:
		a.base = opts.Scene
		a.title = "benchmark scene"
	case opts.Scenario != nil:
		a.setScenario(opts.Scenario)
	default:
		a.base = &scene.Input{Table: world.Table{W: 180, H: 120}}
		a.title = "no scenario loaded"
	}
	if opts.Err != nil {
		a.banner = opts.Err.Error()
	}
	if opts.Play != nil {
		a.SetPlay(opts.Play)
		a.openedPlay()
	}
	if opts.Start != nil {
		a.openStart(*opts.Start)
	}
	return a, nil
}

// setScenario installs a (re)loaded scenario, keeping the view and the
// selection when the unit still exists.
func (a *App) setScenario(s *scenarios.Scenario) {
	old := a.base
	a.scn = s
	a.base = adapt.Input(s)
	a.title = s.Name
	a.infos = map[string]adapt.UnitInfo{}
	if r, err := assets.LoadTerrainRules(string(s.System)); err == nil {
		a.rules = r
	} else {
		a.rules = nil
	}
	if a.selected != "" && a.findBase(a.selected) == nil {
		a.selected = ""
	}
	if old == nil || old.Table != s.Table {
		a.fitted = false
	}
	// Endpoints on bases follow their (possibly moved) bases.
	refresh := func(e *adapt.Endpoint) {
		if e != nil && e.Base != nil {
			if b := a.findBase(e.Base.ID); b != nil {
				e.Base = b
			} else {
				e.Point, e.Base = e.Base.Pos, nil
			}
		}
	}
	for i := range a.rulers {
		refresh(&a.rulers[i].from)
		refresh(&a.rulers[i].to)
	}
	refresh(a.losFrom)
	refresh(a.losTo)
	a.recomputeLOS()
	a.dirty = true
}

// SetMarkers replaces the state markers shown on units (by unit id); the
// rules engine calls it after each command. Units not in m show none.
func (a *App) SetMarkers(m map[string]Markers) {
	a.markers = m
	a.dirty = true
}

// Close releases the window's offscreen image.
func (a *App) Close() {
	a.freeCache()
	a.lastDst, a.lastHUD, a.drawnSc = nil, nil, nil
}

// freeCache releases the cached images.
func (a *App) freeCache() {
	for _, im := range []**ebiten.Image{&a.cache, &a.labels, &a.composed} {
		if *im != nil {
			(*im).Deallocate()
			*im = nil
		}
	}
}

// Accessors for tests and the integrator.

// Selected is the selected unit id ("" for none).
func (a *App) Selected() string { return a.selected }

// Tool is the active tool.
func (a *App) Tool() Tool { return a.tool }

// Grid reports whether the grid is shown.
func (a *App) Grid() bool { return a.grid }

// HelpShown reports whether the help overlay is open.
func (a *App) HelpShown() bool { return a.help }

// Banner is the error banner text ("" when none).
func (a *App) Banner() string { return a.banner }

// Camera is the current camera.
func (a *App) Camera() Camera { return a.cam }

// Rings are the range ring distances shown around the selected base.
func (a *App) Rings() []float64 { return append([]float64(nil), a.rings...) }

// ArcsAll reports whether every unit's arcs are shown.
func (a *App) ArcsAll() bool { return a.arcsAll }

// Rulers returns the pinned rulers as drawn (edge-to-edge end points).
func (a *App) Rulers() []scene.Ruler {
	var out []scene.Ruler
	for _, r := range a.rulers {
		out = append(out, a.rulerLine(r))
	}
	return out
}

// LOS is the last line-of-sight report (nil when none).
func (a *App) LOS() *adapt.LOSReport { return a.los }

// Scenario is the scenario shown (the last good one).
func (a *App) Scenario() *scenarios.Scenario { return a.scn }

// Scene is the last built scene.
func (a *App) Scene() *scene.Scene { return a.sc }

// Frames is the number of Update calls so far.
func (a *App) Frames() int { return a.frames }

// ScreenPoint maps a table point to window coordinates in
// device-independent pixels (what Input reports), for scripted clicks.
func (a *App) ScreenPoint(p world.Vec) (int, int) {
	s := a.cam.ToScreen(p)
	return int(math.Round(s.X / a.dsf)), int(math.Round(s.Y / a.dsf))
}

// SetSize sets the device-pixel size and scale factor without ebiten's
// Layout (tests drawing to an offscreen image).
func (a *App) SetSize(w, h int, dsf float64) {
	if w != a.w || h != a.h || dsf != a.dsf {
		a.w, a.h, a.dsf = w, h, dsf
		a.dirty = true
	}
}

// Layout implements ebiten.Game.
func (a *App) Layout(outsideWidth, outsideHeight int) (int, int) {
	w, h := a.LayoutF(float64(outsideWidth), float64(outsideHeight))
	return int(w), int(h)
}

// LayoutF implements ebiten.LayoutFer: the screen is the window size times
// the monitor's device scale factor, so drawing is sharp on HiDPI screens.
func (a *App) LayoutF(outsideWidth, outsideHeight float64) (float64, float64) {
	dsf := ebiten.Monitor().DeviceScaleFactor()
	if dsf <= 0 {
		dsf = 1
	}
	w, h := math.Ceil(outsideWidth*dsf), math.Ceil(outsideHeight*dsf)
	a.SetSize(int(w), int(h), dsf)
	return w, h
}

// UI metrics in device pixels.
func (a *App) px(n float64) float64 { return n * a.dsf }
func (a *App) toolbarH() float64    { return a.px(38) }
func (a *App) statusH() float64     { return a.px(24) }
func (a *App) panelW() float64      { return math.Min(a.px(340), float64(a.w)*0.45) }
func (a *App) panelShown() bool {
	return a.play == nil && (a.selected != "" || a.los != nil || len(a.rulers) > 0)
}

// viewport is the area the table may use (between toolbar and status bar).
func (a *App) viewport() (x, y, w, h float64) {
	return 0, a.toolbarH(), float64(a.w), float64(a.h) - a.toolbarH() - a.statusH()
}

// fit shows the whole table, leaving the side panel's column free so the
// panel never hides part of a freshly fitted table.
func (a *App) fit() {
	x, y, w, h := a.viewport()
	if a.play != nil {
		// Leave the play banner, the dice log and the side panel free.
		l := a.playLayout()
		y += l.BannerH() + a.px(22)
		h -= l.BannerH() + a.px(22) + l.LogH()
		w -= l.PanelW()
	} else if w-a.panelW() > w*0.5 {
		w -= a.panelW()
	}
	a.cam.Fit(a.base.Table, x, y, w, h, a.px(40))
	if a.legend {
		// The legend sits below the table at a fixed pixel size: leave
		// room for it (its height depends a little on the scale, so
		// measure at the fitted scale and fit again).
		for i := 0; i < 3; i++ {
			below := a.legendHeight()
			a.cam.Fit(a.base.Table, x, y, w, h-below, a.px(40))
			if math.Abs(a.legendHeight()-below) < a.px(2) {
				break
			}
		}
		// Centre the table and its legend together.
		a.cam.Off.Y = y + (h-a.base.Table.H*a.cam.Scale-a.legendHeight())/2
	}
	a.fitted = true
	a.dirty = true
}

// toggleLegend turns the terrain legend on or off. In a game the table is
// fitted again: the legend sits below the table, and a table fitted
// without it leaves the legend under the dice log (play-through,
// 52-legend.png); fit leaves room for it above the log.
func (a *App) toggleLegend() {
	a.legend = !a.legend
	a.dirty = true
	if a.play != nil {
		a.fit()
	}
}

// LegendClear reports whether the terrain legend is on and lies wholly in
// the table area: below the top of the viewport (and, in a game, the
// banner) and above the status bar (and, in a game, the dice log).
func (a *App) LegendClear() bool {
	if !a.legend {
		return false
	}
	_, top, _, h := a.viewport()
	bottom := top + h
	if a.play != nil {
		l := a.playLayout()
		top += l.BannerH()
		bottom -= l.LogH()
	}
	y0 := a.cam.Off.Y + a.base.Table.H*a.cam.Scale
	y1 := y0 + a.legendHeight()
	return a.cam.Off.Y >= top-0.5 && y1 <= bottom+0.5
}

// legendHeight is the height in device pixels the legend takes below the
// table at the camera's scale (0 with the legend off).
func (a *App) legendHeight() float64 {
	if !a.legend || a.cam.Scale <= 0 {
		return 0
	}
	sc := scene.Build(a.sceneInput(), scene.View{Scale: a.cam.Scale / a.dsf, Legend: true, EdgeRulers: a.edgeRulers, Title: a.title,
		Measure: a.fonts.Measure, Layers: scene.LayerSet(0).With(scene.LayerHUD).With(scene.LayerTable)})
	return math.Max(0, sc.Bounds.Max.Y-a.base.Table.H) * a.cam.Scale
}

// findBase returns the base with id, or nil. In play mode it is the base
// where the unit stands now in the game (nil once it is off the table), so
// selection, arcs, rings, rulers and sight lines follow moved titans.
func (a *App) findBase(id string) *world.Base {
	if a.play != nil {
		if b, ok := a.play.BaseOf(id); ok {
			return &b
		}
		return nil
	}
	for i := range a.base.Bases {
		if a.base.Bases[i].ID == id {
			return &a.base.Bases[i].Base
		}
	}
	return nil
}

// hitSlack is how far outside a base's edge a click still hits it, in
// device-independent pixels.
const hitSlack = 4

// baseAt returns the topmost base under the table point p, allowing a few
// pixels of slack so small bases are easy to hit. In play mode it asks the
// game for the titans where they stand now (destroyed titans and titans off
// the table are never hit).
func (a *App) baseAt(p world.Vec) *world.Base {
	tol := a.px(hitSlack) / a.cam.Scale
	if a.play != nil {
		return a.findBase(a.play.UnitAt(p, tol))
	}
	var best *world.Base
	bestD := math.Inf(1)
	for i := range a.base.Bases {
		b := &a.base.Bases[i].Base
		if b.Foot.Validate() != nil {
			continue
		}
		if d := b.PointDistance(p); d <= tol && d <= bestD {
			best, bestD = b, d
		}
	}
	return best
}

// endpointAt is the base under p or the point itself.
func (a *App) endpointAt(p world.Vec) adapt.Endpoint {
	if b := a.baseAt(p); b != nil {
		return adapt.Endpoint{Base: b}
	}
	return adapt.Endpoint{Point: p}
}

// live is endpoint e with its base where that unit stands now (play mode:
// a ruler or sight line on a titan follows it as it moves; a titan gone
// from the table leaves its last position as a point).
func (a *App) live(e adapt.Endpoint) adapt.Endpoint {
	if a.play == nil || e.Base == nil {
		return e
	}
	if b := a.findBase(e.Base.ID); b != nil {
		return adapt.Endpoint{Base: b}
	}
	return adapt.Endpoint{Point: e.Base.Pos}
}

// info is the side panel's description of unit id, with its base where it
// stands now.
func (a *App) info(id string) (adapt.UnitInfo, bool) {
	if a.scn == nil {
		return adapt.UnitInfo{}, false
	}
	i, ok := a.infos[id]
	if !ok {
		if i, ok = adapt.Info(a.scn, id); !ok {
			return i, false
		}
		a.infos[id] = i
	}
	if b := a.findBase(id); b != nil {
		i.Base = *b
	}
	return i, true
}

func (a *App) rulerLine(r rulerState) scene.Ruler {
	d, pa, pb := adapt.Measure(a.live(r.from), a.live(r.to))
	return scene.Ruler{A: pa, B: pb, Label: scene.LengthLabel(d)}
}

func (a *App) recomputeLOS() {
	if a.losFrom == nil || a.losTo == nil {
		if !a.losPreview {
			a.los = nil
		}
		return
	}
	var w *world.World
	if a.scn != nil {
		w = a.scn.World
	} else if ww, err := world.New(a.base.Table, a.base.Features); err == nil {
		w = ww
	}
	from, to := a.live(*a.losFrom), a.live(*a.losTo)
	if a.play != nil {
		// In a game the tool reads sight as the game's rules do.
		pw, tr, opt := a.play.Sight()
		rep := adapt.LOSWith(pw, tr, from, to, opt)
		a.los = &rep
		return
	}
	rep := adapt.LOS(w, a.rules, from, to)
	a.los = &rep
}

// Update implements ebiten.Game: reloads, input, tools.
func (a *App) Update() error {
	if a.quit {
		if a.shotErr != nil {
			return a.shotErr
		}
		return ebiten.Termination
	}
	a.frames++
	a.in.Frame()
	a.pollReloads()
	if a.w == 0 || a.h == 0 {
		return nil
	}
	if !a.fitted {
		a.fit()
	}
	if a.title != a.lastSet {
		ebiten.SetWindowTitle("Auspex - " + a.title)
		a.lastSet = a.title
	}
	if a.start != nil {
		a.updateStart()
		return nil
	}
	if a.play == nil || !a.updatePlay() {
		a.handleKeys()
	} else {
		a.swallowPanKeys()
	}
	a.handleMouse()
	if a.play != nil {
		a.selected = a.play.Selected
		if sig := a.playSig(); sig != a.lastSig {
			a.lastSig = sig
			a.dirty = true
			// A sight line on a titan that moved is measured anew.
			a.recomputeLOS()
		}
	}
	if a.opts.FramesReport > 0 {
		a.benchStep()
	}
	return nil
}

// benchStep changes the view for the frame report: a pixel of panning
// (default), a zoom step (FramesZoom), a moving ruler (FramesDynamic) or
// nothing (FramesIdle).
func (a *App) benchStep() {
	switch {
	case a.opts.FramesIdle:
	case a.opts.FramesZoom:
		// In steps of 1 %, 20 frames in, then 20 out.
		if a.frames%20 == 0 {
			a.panSign = -a.panSign
		}
		a.cam.ZoomAt(world.Vec{X: float64(a.w) / 2, Y: float64(a.h) / 2}, math.Pow(1.01, a.panSign))
		a.dirty = true
	case a.opts.FramesGrid:
		a.grid = !a.grid
		a.dirty = true
	case a.opts.FramesMarkers:
		if len(a.base.Bases) == 0 {
			return
		}
		a.SetMarkers(map[string]Markers{a.base.Bases[len(a.base.Bases)/2].ID: {Damage: a.frames % 5, Shields: -1}})
	case a.opts.FramesDynamic:
		if len(a.base.Bases) == 0 {
			return
		}
		t := float64(a.frames) * 0.1
		c := world.Vec{X: a.base.Table.W / 2, Y: a.base.Table.H / 2}
		to := c.Add(world.Vec{X: math.Cos(t) * a.base.Table.W / 3, Y: math.Sin(t) * a.base.Table.H / 3})
		a.rulers = []rulerState{{from: adapt.Endpoint{Base: &a.base.Bases[0].Base}, to: adapt.Endpoint{Point: to}}}
		a.dirty = true
	default:
		a.cam.Pan(world.Vec{X: a.panSign})
		a.panSign = -a.panSign
		a.dirty = true
	}
}

func (a *App) pollReloads() {
	if a.opts.Updates == nil {
		return
	}
	for {
		select {
		case u, ok := <-a.opts.Updates:
			if !ok {
				a.opts.Updates = nil
				return
			}
			// Any update but a lost directory means watching goes on.
			a.notWatching = errors.Is(u.Err, scenarios.ErrNotWatching)
			if u.Err != nil {
				a.banner = u.Err.Error()
				a.dirty = true
				continue
			}
			if u.Scenario != nil {
				a.banner = ""
				a.setScenario(u.Scenario)
				a.flash("reloaded " + filepath.Base(u.Path))
			}
		default:
			return
		}
	}
}

func (a *App) flash(msg string) {
	a.status = msg
	a.statusTill = a.frames + 180
	a.dirty = true
}

func (a *App) typed(r rune) bool {
	for _, c := range a.in.Chars() {
		if c == r {
			return true
		}
	}
	return false
}

func (a *App) handleKeys() {
	in := a.in
	press := in.KeyPressed
	switch {
	case press(ebiten.KeyF1) || a.typed('?'):
		a.help = !a.help
		a.dirty = true
	case press(ebiten.KeyEscape):
		switch {
		case a.help:
			a.help = false
		case a.dragging != nil:
			a.dragging = nil
		case len(a.rulers) > 0 || a.losFrom != nil || len(a.rings) > 0:
			a.rulers, a.losFrom, a.losTo, a.los, a.losPreview, a.rings = nil, nil, nil, nil, false, nil
		default:
			a.selected = ""
		}
		a.dirty = true
	}
	if press(ebiten.KeyQ) {
		a.setTool(ToolSelect)
	}
	if press(ebiten.KeyR) {
		a.setTool(ToolRuler)
	}
	if press(ebiten.KeyL) {
		a.setTool(ToolLOS)
	}
	if press(ebiten.KeyF) {
		a.arcsAll = !a.arcsAll
		a.dirty = true
	}
	if press(ebiten.KeyG) {
		a.grid = !a.grid
		a.dirty = true
	}
	if press(ebiten.KeyE) {
		a.edgeRulers = !a.edgeRulers
		a.dirty = true
	}
	if press(ebiten.KeyK) {
		a.toggleLegend()
	}
	if press(ebiten.KeyHome) {
		a.fit()
	}
	if press(ebiten.KeyBackspace) || press(ebiten.KeyDelete) {
		if len(a.rulers) > 0 {
			a.rulers = a.rulers[:len(a.rulers)-1]
			a.dirty = true
		}
	}
	c := world.Vec{X: float64(a.w) / 2, Y: float64(a.h) / 2}
	// Zoom keys are read as typed characters so that "+" (shift and =, or
	// the keypad) counts once whatever the keyboard layout.
	if a.typed('+') || a.typed('=') {
		a.cam.ZoomAt(c, 1.25)
		a.dirty = true
	}
	if a.typed('-') {
		a.cam.ZoomAt(c, 1/1.25)
		a.dirty = true
	}
	step := a.px(12)
	var d world.Vec
	held := a.panKeyDown
	if held(ebiten.KeyArrowLeft) || held(ebiten.KeyA) {
		d.X += step
	}
	if held(ebiten.KeyArrowRight) || held(ebiten.KeyD) {
		d.X -= step
	}
	if held(ebiten.KeyArrowUp) || held(ebiten.KeyW) {
		d.Y += step
	}
	if held(ebiten.KeyArrowDown) || held(ebiten.KeyS) {
		d.Y -= step
	}
	if d != (world.Vec{}) {
		a.cam.Pan(d)
		a.dirty = true
	}
	digits := []ebiten.Key{ebiten.KeyDigit1, ebiten.KeyDigit2, ebiten.KeyDigit3, ebiten.KeyDigit4, ebiten.KeyDigit5, ebiten.KeyDigit6, ebiten.KeyDigit7, ebiten.KeyDigit8}
	for i, k := range digits {
		if a.play != nil {
			break // number keys pick weapons and choices in play mode
		}
		if press(k) {
			a.toggleRing(RingSteps()[i])
		}
	}
	if press(ebiten.KeyDigit0) {
		a.rings = nil
		a.dirty = true
	}
	if press(ebiten.KeyF12) {
		a.shotQueued = a.screenshotName()
	}
}

// panKeys are the keys that pan the camera while held.
func panKeys() []ebiten.Key {
	return []ebiten.Key{ebiten.KeyArrowLeft, ebiten.KeyArrowRight, ebiten.KeyArrowUp, ebiten.KeyArrowDown, ebiten.KeyA, ebiten.KeyD, ebiten.KeyW, ebiten.KeyS}
}

// swallowPanKeys is called on a frame whose keys the play session used
// (S chose to go second): a pan key that went down then does not pan the
// camera for as long as it stays held.
func (a *App) swallowPanKeys() {
	for _, k := range panKeys() {
		if a.in.KeyPressed(k) {
			if a.swallowed == nil {
				a.swallowed = map[ebiten.Key]bool{}
			}
			a.swallowed[k] = true
		}
	}
}

// panKeyDown reports whether pan key k is held and was not used by the
// play session when it went down.
func (a *App) panKeyDown(k ebiten.Key) bool {
	if !a.in.KeyDown(k) {
		delete(a.swallowed, k)
		return false
	}
	return !a.swallowed[k]
}

func (a *App) setTool(t Tool) {
	a.tool = t
	a.dragging = nil
	if t != ToolLOS && a.losTo == nil {
		a.losFrom, a.los, a.losPreview = nil, nil, false
	}
	a.dirty = true
}

func (a *App) toggleRing(d float64) {
	if a.selected == "" {
		a.flash("select a unit first: range rings are drawn from its base edge")
		return
	}
	for i, r := range a.rings {
		if r == d {
			a.rings = append(a.rings[:i], a.rings[i+1:]...)
			a.dirty = true
			return
		}
	}
	a.rings = append(a.rings, d)
	sort.Float64s(a.rings)
	a.dirty = true
}

func (a *App) screenshotName() string {
	dir := a.opts.ScreenshotDir
	if dir == "" {
		dir = "."
	}
	return filepath.Join(dir, "auspex-"+time.Now().Format("20060102-150405")+".png")
}

// handleMouse runs the toolbar, camera and the active tool.
func (a *App) handleMouse() {
	in := a.in
	cx, cy := in.Cursor()
	cur := world.Vec{X: float64(cx) * a.dsf, Y: float64(cy) * a.dsf}
	moved := cur != a.cursor
	a.cursor = cur
	p := a.cam.ToWorld(cur)

	// Camera: drag with the right or middle button, wheel zooms at the cursor.
	if in.MousePressed(ebiten.MouseButtonRight) || in.MousePressed(ebiten.MouseButtonMiddle) {
		a.panning, a.panX, a.panY = true, cx, cy
	}
	if a.panning {
		if !in.MouseDown(ebiten.MouseButtonRight) && !in.MouseDown(ebiten.MouseButtonMiddle) {
			a.panning = false
		} else if cx != a.panX || cy != a.panY {
			a.cam.Pan(world.Vec{X: float64(cx-a.panX) * a.dsf, Y: float64(cy-a.panY) * a.dsf})
			a.panX, a.panY = cx, cy
			a.dirty = true
		}
	}
	if _, wy := in.Wheel(); wy != 0 && (a.play == nil || !a.play.Wheel(wy)) {
		a.cam.ZoomAt(cur, math.Pow(1.15, wy))
		a.dirty = true
	}

	if a.play != nil && moved {
		a.playHover(p)
	}
	// A ruler ends before a press in the same frame starts anything new.
	if a.dragging != nil {
		a.dragging.to = a.endpointAt(p)
		if moved {
			a.dirty = true
		}
		if in.MouseReleased(ebiten.MouseButtonLeft) || !in.MouseDown(ebiten.MouseButtonLeft) {
			d, _, _ := adapt.Measure(a.dragging.from, a.dragging.to)
			sameBase := a.dragging.from.Base != nil && a.dragging.to.Base != nil && a.dragging.from.Base.ID == a.dragging.to.Base.ID
			if d > 0.05 && !sameBase || (a.dragging.from.Base != nil && a.dragging.to.Base != nil && !sameBase) {
				a.rulers = append(a.rulers, *a.dragging)
			}
			a.dragging = nil
			a.dirty = true
		}
	}
	if in.MousePressed(ebiten.MouseButtonLeft) {
		if a.play != nil && cur.Y > a.toolbarH() && a.tool == ToolSelect && a.playClick(cur, p) {
			a.dirty = true
			return
		}
		if a.play != nil && a.play.Mode() == play.ModeHandover {
			return
		}
		if a.clickToolbar(cur) || a.inPanel(cur) || a.inStatus(cur) {
			return
		}
		switch a.tool {
		case ToolSelect:
			if b := a.baseAt(p); b != nil {
				if a.selected != b.ID {
					a.rings = nil
				}
				a.selected = b.ID
			} else {
				a.selected, a.rings = "", nil
			}
		case ToolRuler:
			e := a.endpointAt(p)
			a.dragging = &rulerState{from: e, to: e}
		case ToolLOS:
			e := a.endpointAt(p)
			if a.losFrom == nil || a.losTo != nil {
				a.losFrom, a.losTo, a.los = &e, nil, nil
				a.losPreview = true
			} else {
				a.losTo = &e
				a.losPreview = false
			}
			a.recomputeLOS()
		}
		a.dirty = true
	}
	if a.tool == ToolLOS && a.losFrom != nil && a.losTo == nil && moved {
		e := a.endpointAt(p)
		a.losTo = &e
		a.recomputeLOS()
		a.losTo = nil
		a.dirty = true
	}
}

// SceneInput is what the table shows now: the base table with the bases
// where they stand and the overlays of the tools (arcs, rings, rulers,
// sight lines), as the next frame draws them.
func (a *App) SceneInput() *scene.Input { return a.sceneInput() }

// sceneInput is the base table plus the overlays of the current state.
func (a *App) sceneInput() *scene.Input {
	in := *a.base
	in.Bases = make([]scene.Base, len(a.base.Bases))
	copy(in.Bases, a.base.Bases)
	in.Arcs, in.Rings, in.Rulers, in.SightLines, in.Marks = nil, nil, nil, nil, nil
	if a.play != nil {
		in.Bases = a.play.Bases(in.Bases)
		// A generated mission deploys on its own map's zones.
		in.Zones = a.play.Zones(in.Zones)
	}
	for i := range in.Bases {
		b := &in.Bases[i]
		b.Selected = b.ID == a.selected
		if m, ok := a.markers[b.ID]; ok {
			b.Damage, b.Blast, b.Shields, b.Broken = m.Damage, m.Blast, m.Shields, m.Broken
		}
		if a.arcsAll || b.Selected && (a.play == nil || a.play.SelectedArcs()) {
			if info, ok := a.info(b.ID); ok {
				// The arcs turn with the base as drawn (where it stands now).
				info.Base = b.Base
				in.Arcs = append(in.Arcs, adapt.Arcs(info, in.Table)...)
			}
		}
		if b.Selected {
			for _, d := range a.rings {
				in.Rings = append(in.Rings, scene.Ring{Base: b.Base, Dist: d, Color: color.NRGBA{30, 30, 30, 255}})
			}
		}
	}
	for _, r := range a.rulers {
		in.Rulers = append(in.Rulers, a.rulerLine(r))
	}
	if a.dragging != nil {
		in.Rulers = append(in.Rulers, a.rulerLine(*a.dragging))
	}
	if a.los != nil {
		in.SightLines = append(in.SightLines, a.los.Lines...)
		if n := len(in.SightLines); n > 0 {
			in.SightLines[0].Label = a.los.Verdict.String()
		}
	}
	if a.losFrom != nil && a.losFrom.Base == nil {
		in.Marks = append(in.Marks, scene.Mark{Pos: a.losFrom.Point, Icon: scene.IconTarget})
	}
	if a.losTo != nil && a.losTo.Base == nil {
		in.Marks = append(in.Marks, scene.Mark{Pos: a.losTo.Point, Icon: scene.IconTarget})
	}
	return &in
}

// reportWarmup is how many frames the frame report skips at the start.
const reportWarmup = 10

// background is the colour around the table.
func background() color.NRGBA { return color.NRGBA{58, 62, 66, 255} }

// Draw implements ebiten.Game. A frame where nothing changed (scene, camera,
// HUD) draws nothing: Run turns off ebiten's clearing of the screen, so the
// last picture stays and ebiten stops presenting it after a few frames.
// Otherwise the cached layers are copied (shifted when the camera only
// panned), the dynamic layers drawn on top, then the HUD.
func (a *App) Draw(dst *ebiten.Image) {
	if a.opts.FramesReport > 0 {
		// The first frames (window setup, shader compilation, the first
		// full picture) are not counted.
		now := time.Now()
		if a.draws++; a.draws > reportWarmup {
			a.frameTimes = append(a.frameTimes, now.Sub(a.lastDraw))
		}
		a.lastDraw = now
	}
	b := dst.Bounds()
	if a.w == 0 {
		a.SetSize(b.Dx(), b.Dy(), 1)
	}
	if !a.fitted {
		a.fit()
	}
	// The HUD, or the start screen's primitives when it is open (its
	// thumbnail follows the selected entry, which they show).
	var hud []scene.Prim
	if a.start == nil {
		hud = a.hud()
	} else {
		hud = a.startPrims()
	}
	// An image drawn last frame still holds that picture, unless it is the
	// screen of a loop that clears it every frame (Run turns that off).
	settle := a.previewing && a.frames-a.zoomedAt >= zoomSettle
	keep := dst == a.lastDst && !a.dirty && !settle && (a.start != nil) == a.drewStart && hudEqual(hud, a.lastHUD) &&
		!(a.running && ebiten.IsScreenClearedEveryFrame())
	if !keep {
		if a.dirty || a.sc == nil {
			a.buildScene()
			a.dirty = false
		}
		// Patching only the changed part needs last frame's picture in dst.
		patch := dst == a.lastDst && a.start == nil && a.drawnSc != nil && !(a.running && ebiten.IsScreenClearedEveryFrame())
		if !patch || !a.patchFrame(dst, hud) {
			a.drawTable(dst)
			a.drawHUD(dst, hud)
		}
		a.lastDst, a.lastHUD, a.drawnSc, a.drewStart = dst, hud, a.sc, a.start != nil
		if a.start != nil {
			a.drawnSc = nil
		}
	}
	a.afterDraw(dst)
	if a.opts.DebugDump != "" {
		a.debugFrame(dst, hud, !keep)
	}
}

// drawHUD draws the HUD prims (or the start screen) over the table. The
// HUD is axis-aligned boxes and text: no anti-aliasing needed.
func (a *App) drawHUD(dst *ebiten.Image, hud []scene.Prim) {
	aa := a.rend.AntiAlias
	a.rend.AntiAlias = false
	if a.start != nil {
		a.drawStart(dst)
	} else {
		// Each overlay (the help, the file prompt) is a pass of its own:
		// the renderer draws a pass's text after its shapes, so the text
		// under an overlay would otherwise show through it.
		from := 0
		for i := range hud {
			if hud[i].ID == passBreak {
				a.rend.DrawPrims(dst, hud[from:i], 1, world.Vec{})
				from = i + 1
			}
		}
		a.rend.DrawPrims(dst, hud[from:], 1, world.Vec{})
	}
	a.rend.AntiAlias = aa
}

// passBreak is the ID of the empty prim that starts a new drawing pass
// of the HUD (see drawHUD).
const passBreak = "hud:pass"

// breakPass starts a new HUD drawing pass.
func breakPass(out []scene.Prim) []scene.Prim {
	return append(out, scene.Prim{Layer: scene.LayerHUD, Kind: scene.Text, ID: passBreak})
}

// patchFrame redraws only the part of dst where the dynamic layers or the
// HUD changed since the last frame (a ruler's old and new place, say): it
// copies that rectangle back from the cached picture and draws the
// dynamic layers and the HUD clipped to it. It is false, having drawn
// nothing, when the cached picture or its position changed or the change
// covers much of the window (a full frame is then as cheap).
func (a *App) patchFrame(dst *ebiten.Image, hud []scene.Prim) bool {
	set := cachedLayers(a.sc)
	sh, ok := a.cacheShift()
	if !ok || sh != a.drawnShift || !sameLayers(set, a.cacheSet) || !sameLayers(set, a.drawnSet) {
		return false
	}
	_, cd, full := a.updateCache(set)
	if full {
		return false
	}
	rs := []image.Rectangle{cd}
	for _, l := range dynamicLayers(set) {
		rs = append(rs, a.diffRects(a.sc.Layers[l], a.drawnSc.Layers[l], a.cam.Scale, a.cam.Off)...)
	}
	rs = append(rs, a.diffRects(hud, a.lastHUD, 1, world.Vec{})...)
	rs = mergeRects(rs, dst.Bounds())
	area := 0
	for _, r := range rs {
		area += r.Dx() * r.Dy()
	}
	if area > dst.Bounds().Dx()*dst.Bounds().Dy()/2 {
		return false
	}
	for _, r := range rs {
		sub := dst.SubImage(r).(*ebiten.Image)
		a.drawCached(sub, sh, set)
		a.drawHUD(sub, hud)
	}
	return true
}

// mergeRects clips rs to within and merges overlapping rectangles (all of
// them into one when there are many), dropping empty ones.
func mergeRects(rs []image.Rectangle, within image.Rectangle) []image.Rectangle {
	var out []image.Rectangle
	for _, r := range rs {
		if r = r.Intersect(within); !r.Empty() {
			out = append(out, r)
		}
	}
	if len(out) > 32 {
		var u image.Rectangle
		for _, r := range out {
			u = u.Union(r)
		}
		return []image.Rectangle{u}
	}
	for merged := true; merged; {
		merged = false
		for i := 0; i < len(out) && !merged; i++ {
			for j := i + 1; j < len(out); j++ {
				if out[i].Inset(-2).Overlaps(out[j]) {
					out[i] = out[i].Union(out[j])
					out = append(out[:j], out[j+1:]...)
					merged = true
					break
				}
			}
		}
	}
	return out
}

// overlays reports whether the scene shows anything in the layers not
// cached (arcs, rulers, sight lines).
func (a *App) overlays(set []scene.Layer) bool {
	for _, l := range dynamicLayers(set) {
		if len(a.sc.Layers[l]) > 0 {
			return true
		}
	}
	return false
}

// drawCached paints the table onto dst (the screen or a part of it) from
// the cached images shifted by sh: the composed picture when no arc,
// ruler or sight line is shown, else the shapes, those layers, and the
// labels over them.
func (a *App) drawCached(dst *ebiten.Image, sh image.Point, set []scene.Layer) {
	if !a.overlays(set) {
		a.blit(dst, a.composed, sh)
		return
	}
	a.blit(dst, a.cache, sh)
	dyn := dynamicLayers(set)
	a.rend.DrawShapes(dst, a.sc, dyn, a.cam.Scale, a.cam.Off)
	at := a.cacheRect.Add(sh)
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(float64(at.Min.X), float64(at.Min.Y))
	dst.DrawImage(a.labels, op)
	// The labels of rulers and sight lines (their lengths) go over the
	// cached labels: a zone's or a titan's name never hides a measure.
	a.rend.DrawTexts(dst, a.sc, dyn, a.cam.Scale, a.cam.Off)
}

// primsBounds is the pixel rectangle the prims may touch.
func (a *App) primsBounds(ps []scene.Prim, scale float64, off world.Vec) image.Rectangle {
	var r image.Rectangle
	for i := range ps {
		r = r.Union(a.rend.Bounds(&ps[i], scale, off))
	}
	return r
}

// diffBounds is the pixel rectangle where drawing now instead of was
// changes the picture. The lists are matched from both ends; between the
// common head and tail, prims at the same offset that are equal are
// skipped when both middles have the same length, and all of both middles
// count otherwise (something was added or removed).
func (a *App) diffBounds(now, was []scene.Prim, scale float64, off world.Vec) image.Rectangle {
	h := 0
	for h < len(now) && h < len(was) && primsEqual(now[h:h+1], was[h:h+1]) {
		h++
	}
	t := 0
	for t < len(now)-h && t < len(was)-h && primsEqual(now[len(now)-1-t:len(now)-t], was[len(was)-1-t:len(was)-t]) {
		t++
	}
	now, was = now[h:len(now)-t], was[h:len(was)-t]
	if len(now) != len(was) {
		return a.primsBounds(now, scale, off).Union(a.primsBounds(was, scale, off))
	}
	var r image.Rectangle
	for i := range now {
		if !primsEqual(now[i:i+1], was[i:i+1]) {
			r = r.Union(a.rend.Bounds(&now[i], scale, off)).Union(a.rend.Bounds(&was[i], scale, off))
		}
	}
	return r
}

// diffRects is diffBounds as a list: one rectangle per changed primitive
// when the lists changed in place, so that two small changes far apart do
// not make one large rectangle.
func (a *App) diffRects(now, was []scene.Prim, scale float64, off world.Vec) []image.Rectangle {
	if len(now) != len(was) {
		return []image.Rectangle{a.diffBounds(now, was, scale, off)}
	}
	var rs []image.Rectangle
	for i := range now {
		if !primsEqual(now[i:i+1], was[i:i+1]) {
			rs = append(rs, a.rend.Bounds(&now[i], scale, off).Union(a.rend.Bounds(&was[i], scale, off)))
		}
	}
	return rs
}

// updateCache brings the cached picture up to date with the scene for the
// layers in set and returns its shift for the current camera. When only
// some cached primitives changed (a unit selected, a marker added) it
// redraws just the rectangle around them inside the picture and returns
// that rectangle in screen pixels as dmg; full is true when it redrew the
// whole picture (zoom, panned too far, the layer set or much changed).
func (a *App) updateCache(set []scene.Layer) (sh image.Point, dmg image.Rectangle, full bool) {
	sh, ok := a.cacheShift()
	if !ok || !sameLayers(set, a.cacheSet) {
		a.redrawCache(set)
		return image.Point{}, image.Rectangle{}, true
	}
	// In the picture's frame: screen pixels when it was drawn.
	var cd image.Rectangle
	for _, l := range set {
		cd = cd.Union(a.diffBounds(a.sc.Layers[l], a.cachePrims[l], a.cacheScale, a.cacheOff))
	}
	cd = cd.Intersect(a.cacheRect)
	if cd.Empty() {
		return sh, image.Rectangle{}, false
	}
	if cd.Dx()*cd.Dy() > a.cacheRect.Dx()*a.cacheRect.Dy()/2 {
		a.redrawCache(set)
		return image.Point{}, image.Rectangle{}, true
	}
	a.paintCache(cd.Sub(a.cacheRect.Min))
	for _, l := range set {
		a.cachePrims[l] = a.sc.Layers[l]
	}
	return sh, cd.Add(sh), false
}

// shapeLayers are the cached layers whose shapes go into the cached
// picture and whose text goes into the cached labels, in drawing order.
func shapeLayers() []scene.Layer {
	return []scene.Layer{scene.LayerTable, scene.LayerGrid, scene.LayerTerrain, scene.LayerZones, scene.LayerObjectives, scene.LayerHUD, scene.LayerBases}
}

// cachedLayers lists every layer kept in the two cached images: all but
// the arcs, rulers and sight lines, which follow the pointer. The shapes
// go into the picture; the labels and the markers layer (unit labels and
// state markers) into a transparent labels image drawn over the arcs,
// rulers and sight lines, so that no line hides a name.
func cachedLayers(*scene.Scene) []scene.Layer {
	return append(shapeLayers(), scene.LayerMarkers)
}

// dynamicLayers are the layers of sc not in cached, in drawing order.
func dynamicLayers(cached []scene.Layer) []scene.Layer {
	var out []scene.Layer
	for l := scene.Layer(0); l < scene.Layer(scene.NumLayers); l++ {
		in := false
		for _, c := range cached {
			in = in || c == l
		}
		if !in {
			out = append(out, l)
		}
	}
	return out
}

// cacheMargin is how far (device px) the cached picture reaches beyond
// each side of the window, so panning reuses it; kept so the picture stays
// within 4096 px.
func (a *App) cacheMargin() (int, int) {
	mx, my := a.w/4, a.h/4
	mx = max(0, min(mx, (4096-a.w)/2))
	my = max(0, min(my, (4096-a.h)/2))
	return mx, my
}

// cacheShift is how far (whole device px) the camera panned since the
// cache was drawn, and whether the cache still serves the camera: same
// scale, a whole-pixel shift, and the window's part of the scene inside
// the cached picture.
func (a *App) cacheShift() (image.Point, bool) {
	if a.cache == nil || a.cacheScale != a.cam.Scale {
		return image.Point{}, false
	}
	d := a.cam.Off.Sub(a.cacheOff)
	dx, dy := math.Round(d.X), math.Round(d.Y)
	if math.Abs(d.X-dx) > 1e-6 || math.Abs(d.Y-dy) > 1e-6 {
		return image.Point{}, false
	}
	sh := image.Pt(int(dx), int(dy))
	need := image.Rect(0, 0, a.w, a.h).Intersect(a.cacheBounds.Add(sh))
	return sh, need.Empty() || need.In(a.cacheRect.Add(sh))
}

// pxRect is the smallest whole-pixel rectangle around r.
func pxRect(r scene.Rect) image.Rectangle {
	return image.Rect(int(math.Floor(r.Min.X)), int(math.Floor(r.Min.Y)), int(math.Ceil(r.Max.X)), int(math.Ceil(r.Max.Y)))
}

// buildScene rebuilds the scene for the current state. Primitives are kept
// for the area the cached picture covers (the window plus a margin) so
// that panning does not change the scene.
func (a *App) buildScene() {
	var region image.Rectangle
	if _, ok := a.cacheShift(); ok {
		region = a.cacheRect
		// In the cache's frame: screen px at the time it was drawn.
		tl := a.cacheCam().ToWorld(world.Vec{X: float64(region.Min.X), Y: float64(region.Min.Y)})
		br := a.cacheCam().ToWorld(world.Vec{X: float64(region.Max.X), Y: float64(region.Max.Y)})
		a.sc = a.build(scene.Rect{Min: tl, Max: br})
		return
	}
	mx, my := a.cacheMargin()
	tl := a.cam.ToWorld(world.Vec{X: float64(-mx), Y: float64(-my)})
	br := a.cam.ToWorld(world.Vec{X: float64(a.w + mx), Y: float64(a.h + my)})
	a.sc = a.build(scene.Rect{Min: tl, Max: br})
}

// cacheCam is the camera the cache was drawn with.
func (a *App) cacheCam() Camera { return Camera{Scale: a.cacheScale, Off: a.cacheOff} }

// build makes the scene of the current state for the visible table area
// vis.
func (a *App) build(vis scene.Rect) *scene.Scene {
	// The builder sizes text and lines in pixels of its Scale: give it
	// logical pixels so labels keep their physical size on HiDPI screens.
	sc := scene.Build(a.sceneInput(), scene.View{
		Scale: a.cam.Scale / a.dsf, Visible: &vis, Grid: a.grid, EdgeRulers: a.edgeRulers, Legend: a.legend,
		Title: a.title, Measure: a.fonts.Measure,
	})
	if a.play != nil {
		a.play.Decorate(sc)
	}
	return sc
}

// drawTable paints the table (every scene layer) onto dst: the cached
// picture, redrawn first when the camera zoomed, panned out of it, or its
// layers changed, then the dynamic layers.
func (a *App) drawTable(dst *ebiten.Image) {
	set := cachedLayers(a.sc)
	if a.running && a.cache != nil && a.cacheScale != a.cam.Scale && sameLayers(set, a.cacheSet) &&
		(!a.previewing || a.frames-a.zoomedAt < zoomSettle) {
		a.drawZoomPreview(dst, set)
		return
	}
	a.previewing = false
	sh, _, _ := a.updateCache(set)
	a.drawCached(dst, sh, set)
	a.drawnShift, a.drawnSet = sh, set
}

// zoomSettle is how many frames (at 60 per second) the window waits after
// the last zoom step before it redraws the cached picture at the new
// scale; until then the old picture is scaled.
const zoomSettle = 8

// drawZoomPreview draws the cached picture scaled to the current camera
// (blurred or coarse, but in the right place) with the dynamic layers
// exact on top. While the wheel turns, every frame would otherwise redraw
// the whole table; the sharp picture is drawn zoomSettle frames after the
// zoom stops.
func (a *App) drawZoomPreview(dst *ebiten.Image, set []scene.Layer) {
	if !a.previewing || a.previewScale != a.cam.Scale {
		a.zoomedAt, a.previewScale = a.frames, a.cam.Scale
	}
	a.previewing = true
	k := a.cam.Scale / a.cacheScale
	r := a.cacheRect
	x0, y0 := (float64(r.Min.X)-a.cacheOff.X)*k+a.cam.Off.X, (float64(r.Min.Y)-a.cacheOff.Y)*k+a.cam.Off.Y
	fillOutside(dst, image.Rect(int(math.Ceil(x0)), int(math.Ceil(y0)), int(math.Floor(x0+float64(r.Dx())*k)), int(math.Floor(y0+float64(r.Dy())*k))))
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	// A cache pixel c shows the table point (c + rect.Min - cacheOff) /
	// cacheScale, which the camera puts at that point * Scale + Off.
	op.GeoM.Translate(float64(a.cacheRect.Min.X)-a.cacheOff.X, float64(a.cacheRect.Min.Y)-a.cacheOff.Y)
	op.GeoM.Scale(k, k)
	op.GeoM.Translate(a.cam.Off.X, a.cam.Off.Y)
	if !a.overlays(set) {
		dst.DrawImage(a.composed, op)
	} else {
		dst.DrawImage(a.cache, op)
		dyn := dynamicLayers(set)
		a.rend.DrawShapes(dst, a.sc, dyn, a.cam.Scale, a.cam.Off)
		dst.DrawImage(a.labels, op)
		a.rend.DrawTexts(dst, a.sc, dyn, a.cam.Scale, a.cam.Off)
	}
	a.drawnShift, a.drawnSet = image.Pt(math.MinInt32, 0), set
}

// blit copies the cached image im, shifted by sh, into dst (which may be
// a sub-image of the screen) and paints the background where it does not
// reach.
func (a *App) blit(dst, im *ebiten.Image, sh image.Point) {
	at := a.cacheRect.Add(sh)
	fillOutside(dst, at)
	op := &ebiten.DrawImageOptions{Blend: ebiten.BlendCopy}
	op.GeoM.Translate(float64(at.Min.X), float64(at.Min.Y))
	dst.DrawImage(im, op)
}

// paintCache redraws the rectangle r (pixels of the cached images) of the
// cached picture and labels from the scene.
func (a *App) paintCache(r image.Rectangle) {
	off := a.cacheOff.Sub(world.Vec{X: float64(a.cacheRect.Min.X), Y: float64(a.cacheRect.Min.Y)})
	pic := a.cache.SubImage(r).(*ebiten.Image)
	pic.Fill(background())
	a.rend.DrawShapes(pic, a.sc, shapeLayers(), a.cacheScale, off)
	lab := a.labels.SubImage(r).(*ebiten.Image)
	lab.Clear()
	a.rend.DrawTexts(lab, a.sc, shapeLayers(), a.cacheScale, off)
	a.rend.DrawLayers(lab, a.sc, []scene.Layer{scene.LayerMarkers}, a.cacheScale, off)
	// The composed picture: shapes with the labels over them.
	comp := a.composed.SubImage(r).(*ebiten.Image)
	op := &ebiten.DrawImageOptions{Blend: ebiten.BlendCopy}
	comp.DrawImage(a.cache, op)
	comp.DrawImage(a.labels, &ebiten.DrawImageOptions{})
}

// fillOutside paints the background on the part of dst outside at.
func fillOutside(dst *ebiten.Image, at image.Rectangle) {
	screen := dst.Bounds()
	for _, r := range []image.Rectangle{
		image.Rect(screen.Min.X, screen.Min.Y, screen.Max.X, at.Min.Y),
		image.Rect(screen.Min.X, at.Max.Y, screen.Max.X, screen.Max.Y),
		image.Rect(screen.Min.X, at.Min.Y, at.Min.X, at.Max.Y),
		image.Rect(at.Max.X, at.Min.Y, screen.Max.X, at.Max.Y),
	} {
		if r = r.Intersect(screen); !r.Empty() {
			dst.SubImage(r).(*ebiten.Image).Fill(background())
		}
	}
}

// redrawCache draws the layers in set into the cached picture for the
// current camera: the window plus a margin, clipped to the scene.
func (a *App) redrawCache(set []scene.Layer) {
	mx, my := a.cacheMargin()
	// The scene's extent, and labels that hang over its edge.
	bounds := pxRect(scene.Rect{Min: a.cam.ToScreen(a.sc.Bounds.Min), Max: a.cam.ToScreen(a.sc.Bounds.Max)})
	for _, l := range set {
		bounds = bounds.Union(a.primsBounds(a.sc.Layers[l], a.cam.Scale, a.cam.Off))
	}
	r := image.Rect(-mx, -my, a.w+mx, a.h+my).Intersect(bounds)
	if r.Empty() {
		r = image.Rect(0, 0, 1, 1)
	}
	if a.cache == nil || a.cache.Bounds().Size() != r.Size() {
		a.freeCache()
		a.cache = ebiten.NewImage(r.Dx(), r.Dy())
		a.labels = ebiten.NewImage(r.Dx(), r.Dy())
		a.composed = ebiten.NewImage(r.Dx(), r.Dy())
	}
	a.cacheScale, a.cacheOff, a.cacheRect, a.cacheBounds = a.cam.Scale, a.cam.Off, r, bounds
	a.paintCache(a.cache.Bounds())
	a.cacheSet = set
	a.cachePrims = [scene.NumLayers][]scene.Prim{}
	for _, l := range set {
		a.cachePrims[l] = a.sc.Layers[l]
	}
}

func sameLayers(a, b []scene.Layer) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// primsEqual compares two primitive lists field by field.
func primsEqual(a, b []scene.Prim) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		p, q := &a[i], &b[i]
		if p.Layer != q.Layer || p.Kind != q.Kind || p.ID != q.ID || p.C != q.C || p.R != q.R || p.A0 != q.A0 || p.A1 != q.A1 ||
			p.Text != q.Text || p.Size != q.Size || p.Bold != q.Bold || p.Align != q.Align || p.Icon != q.Icon || p.Box != q.Box ||
			p.Fill != q.Fill || p.Stroke != q.Stroke || p.Width != q.Width || len(p.Pts) != len(q.Pts) || len(p.Dash) != len(q.Dash) {
			return false
		}
		for j := range p.Pts {
			if p.Pts[j] != q.Pts[j] {
				return false
			}
		}
		for j := range p.Dash {
			if p.Dash[j] != q.Dash[j] {
				return false
			}
		}
	}
	return true
}

// hudEqual reports whether two HUD frames are the same.
func hudEqual(a, b []scene.Prim) bool { return a != nil && primsEqual(a, b) }

// afterDraw takes screenshots and collects frame reports.
func (a *App) afterDraw(dst *ebiten.Image) {
	if a.opts.Screenshot != "" && a.frames >= a.opts.ScreenshotAfter && !a.quit {
		a.shotErr = writeScreenshot(dst, a.opts.Screenshot)
		a.quit = true
	}
	if a.shotQueued != "" {
		if err := writeScreenshot(dst, a.shotQueued); err != nil {
			a.flash("screenshot failed: " + err.Error())
		} else {
			a.flash("saved " + a.shotQueued)
		}
		a.shotQueued = ""
	}
	if n := a.opts.FramesReport; n > 0 && len(a.frameTimes) >= n && !a.quit {
		a.report()
		a.quit = true
	}
}

// report prints frame time statistics.
func (a *App) report() {
	w := a.opts.Report
	if w == nil {
		w = os.Stdout
	}
	ts := append([]time.Duration(nil), a.frameTimes...)
	sort.Slice(ts, func(i, j int) bool { return ts[i] < ts[j] })
	var sum time.Duration
	for _, t := range ts {
		sum += t
	}
	avg := sum / time.Duration(len(ts))
	p95 := ts[len(ts)*95/100]
	kind := "panning frames (one pixel each)"
	switch {
	case a.opts.FramesIdle:
		kind = "idle frames"
	case a.opts.FramesZoom:
		kind = "zooming frames"
	case a.opts.FramesDynamic:
		kind = "frames with a moving ruler"
	case a.opts.FramesGrid:
		kind = "frames turning the grid on or off (full redraws)"
	case a.opts.FramesMarkers:
		kind = "frames where a unit's damage marker changes"
	}
	fmt.Fprintf(w, "frames: %d %s (after %d warm-up frames) at %dx%d px, %d bases, %d terrain features, anti-aliasing %v\n", len(ts), kind, reportWarmup, a.w, a.h, len(a.base.Bases), len(a.base.Features), a.rend.AntiAlias)
	fmt.Fprintf(w, "frame time: avg %.2f ms, p95 %.2f ms, max %.2f ms (%.0f fps)\n",
		ms(avg), ms(p95), ms(ts[len(ts)-1]), 1000/ms(avg))
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// writeScreenshot saves dst as a PNG file.
func writeScreenshot(dst *ebiten.Image, path string) error {
	b := dst.Bounds()
	img := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	dst.ReadPixels(img.Pix)
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("screenshot: %w", err)
	}
	werr := raster.WritePNG(f, img)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return fmt.Errorf("screenshot %s: %w", path, werr)
	}
	return nil
}

// Run opens the window and runs a until it is closed.
func Run(a *App) error {
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" && (runtime.GOOS == "linux" || runtime.GOOS == "freebsd") {
		return errors.New("no display: set DISPLAY, or run under a virtual X server: xvfb-run -a auspex ...")
	}
	w, h := a.opts.WindowW, a.opts.WindowH
	if w <= 0 || h <= 0 {
		w, h = 1400, 900
	}
	ebiten.SetWindowSize(w, h)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetWindowTitle("Auspex - " + a.title)
	a.lastSet = a.title
	if a.opts.FramesReport > 0 {
		ebiten.SetVsyncEnabled(false)
	}
	// Draw paints nothing when nothing changed: ebiten must keep the last
	// picture instead of clearing it.
	ebiten.SetScreenClearedEveryFrame(false)
	a.running = true
	err := ebiten.RunGame(a)
	if errors.Is(err, ebiten.Termination) {
		return nil
	}
	return err
}

// helpLines lists every key, for the help overlay.
func helpLines() [][2]string {
	return [][2]string{
		{"Q", "select tool: click a unit for its profile, weapons and arcs"},
		{"R", "ruler: drag from a base or point; pins on release"},
		{"L", "line of sight: click a unit or point, then another"},
		{"F", "fire arcs of every unit on or off"},
		{"1-8", "range rings 5, 10, 15, 20, 30, 45, 60, 75 cm from the selected base"},
		{"0", "clear range rings"},
		{"G", "10 cm grid on or off"},
		{"E", "edge rulers on or off"},
		{"K", "terrain legend on or off"},
		{"Backspace", "remove the last ruler"},
		{"Esc", "clear rulers, sight lines and rings; again to deselect"},
		{"Drag right/middle, arrows, WASD", "pan"},
		{"Wheel, + and -", "zoom (the wheel zooms at the cursor)"},
		{"Home", "fit the table in the window"},
		{"F12", "save a screenshot (PNG)"},
		{"F1 or ?", "this help"},
	}
}

// wrap splits s into lines of at most width (px) at em size size (see
// scene.Wrap).
func (a *App) wrap(s string, size, width float64, bold bool) []string {
	return scene.Wrap(s, size, width, bold, a.fonts.Measure)
}
