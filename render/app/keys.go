package app

import (
	"path/filepath"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/auspex/auspex/world"
)

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

func (a *App) screenshotName() string {
	dir := a.opts.ScreenshotDir
	if dir == "" {
		dir = "."
	}
	return filepath.Join(dir, "auspex-"+time.Now().Format("20060102-150405")+".png")
}
