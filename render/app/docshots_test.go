package app_test

import (
	"image"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/auspex/auspex/render/app"
	"github.com/auspex/auspex/render/raster"
	"github.com/auspex/auspex/world"
)

// TestDocScreenshots drives the window with scripted input and saves the
// pictures used in docs/render.md. It runs only when AUSPEX_DOC_SHOTS names
// an output directory (under xvfb-run):
//
//	AUSPEX_DOC_SHOTS=$PWD/docs/img xvfb-run -a go test -run DocScreenshots ./render/app/
func TestDocScreenshots(t *testing.T) {
	dir := os.Getenv("AUSPEX_DOC_SHOTS")
	if dir == "" {
		t.Skip("set AUSPEX_DOC_SHOTS to a directory to write the documentation screenshots")
	}
	s := loadDuel(t)
	red, blue := s.Units()[0], s.Units()[1]
	save := func(h *harness, name string) {
		t.Helper()
		h.run(2)
		img := image.NewRGBA(image.Rect(0, 0, winW, winH))
		h.dst.ReadPixels(img.Pix)
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := raster.WritePNG(f, img); err != nil {
			t.Fatal(err)
		}
	}

	// Select: the red Reaver with its fire arcs and 15 and 30 cm rings.
	h := newHarness(t, app.Options{Scenario: s})
	h.in.Click(h.at(red.Pos))
	h.in.Key(ebiten.KeyDigit3)
	h.in.Key(ebiten.KeyDigit5)
	h.flush()
	save(h, "window-select.png")

	// Line of sight from the red Reaver to the blue one.
	h = newHarness(t, app.Options{Scenario: s})
	h.in.Key(ebiten.KeyL)
	h.in.Click(h.at(red.Pos))
	h.in.Click(h.at(blue.Pos))
	h.flush()
	save(h, "window-los.png")

	// Rulers: base to base, and from the blue Reaver to the objective.
	h = newHarness(t, app.Options{Scenario: s})
	h.in.Key(ebiten.KeyR)
	x0, y0 := h.at(red.Pos)
	x1, y1 := h.at(blue.Pos)
	h.in.Drag(ebiten.MouseButtonLeft, x0, y0, x1, y1, 6)
	x2, y2 := h.at(s.Objectives[0].Pos)
	h.in.Drag(ebiten.MouseButtonLeft, x1, y1, x2, y2, 6)
	h.flush()
	save(h, "window-ruler.png")

	// Zoomed in on the red Reaver with arcs of every unit.
	h = newHarness(t, app.Options{Scenario: s})
	h.in.Click(h.at(red.Pos))
	h.in.Key(ebiten.KeyF)
	x, y := h.at(red.Pos.Add(world.Vec{Y: 25}))
	h.in.Push(app.Step{X: x, Y: y, WheelY: 4}, app.Step{X: x, Y: y})
	h.flush()
	save(h, "window-zoom.png")

	// Help overlay.
	h = newHarness(t, app.Options{Scenario: s})
	h.in.Key(ebiten.KeyF1)
	h.flush()
	save(h, "window-help.png")
}
