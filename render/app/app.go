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
	"image"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/adapt"
	"github.com/auspex/auspex/render/play"
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
	// Systems are the rule systems games are played with (registered by
	// cmd/auspex); nil: the window shows scenarios but cannot start games.
	Systems *game.Systems
	// UIs are the rule systems' play UIs (registered by cmd/auspex next
	// to Systems); a game whose system has none cannot be played here.
	UIs *play.Adapters
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
	// fitCam and fitTop are the camera the last fit set and the top of
	// the table's area it fitted to (see refit).
	fitCam Camera
	fitTop float64

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
	} else {
		a.refit()
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
