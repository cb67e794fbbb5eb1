package app

import (
	"fmt"
	"image"
	"image/color"
	"os"
	"sort"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/auspex/auspex/render/raster"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/world"
)

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
