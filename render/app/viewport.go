package app

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/world"
)

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
		// Leave the play banner (as tall as its lines make it now), two
		// rows of the message line under it, the dice log and the side
		// panel free: the message never covers the top edge scale.
		l := a.playLayout()
		top := a.play.TableTop(l)
		h -= top - y + l.LogH()
		y = top
		w -= l.PanelW()
		a.fitTop = top
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
	a.fitCam = a.cam
	a.dirty = true
}

// refit fits the table again when the play banner grew (a step with
// longer lines in a narrow window) while the camera is still where the
// last fit put it: a table the player has not panned or zoomed keeps its
// top edge scale clear of the banner and the message line. A banner that
// shrinks leaves the table where it is, so it does not move at every step.
func (a *App) refit() {
	if a.play == nil || !a.fitted || a.cam != a.fitCam {
		return
	}
	if top := a.play.TableTop(a.playLayout()); top > a.fitTop+0.5 {
		a.fit()
	}
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
