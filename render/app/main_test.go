package app_test

import (
	"errors"
	"fmt"
	"os"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// TestMain runs the tests inside a real ebiten game loop when there is a
// display (make test runs under xvfb-run), so tests may create images,
// draw and read pixels. Without a display the tests that need ebiten skip.
func TestMain(m *testing.M) {
	if !hasDisplay() {
		os.Exit(m.Run())
	}
	g := &loopGame{m: m}
	ebiten.SetWindowSize(320, 240)
	ebiten.SetWindowTitle("auspex render/app tests")
	// Single-thread mode lets tests read pixels back from inside Update.
	if err := ebiten.RunGame(g); err != nil && !errors.Is(err, ebiten.Termination) {
		fmt.Fprintln(os.Stderr, "ebiten:", err)
		os.Exit(1)
	}
	os.Exit(g.code)
}

func hasDisplay() bool { return os.Getenv("DISPLAY") != "" }

// needLoop skips a test that needs the game loop when there is no display.
func needLoop(t testing.TB) {
	t.Helper()
	if !hasDisplay() {
		t.Skip("no DISPLAY: run under xvfb-run (make test does)")
	}
}

type loopGame struct {
	m      *testing.M
	code   int
	frames int
}

// Update runs the tests once the loop has drawn a few frames, so the
// graphics driver is fully up.
func (g *loopGame) Update() error {
	g.frames++
	if g.frames < 3 {
		return nil
	}
	g.code = g.m.Run()
	return ebiten.Termination
}

func (g *loopGame) Draw(*ebiten.Image) {}

func (g *loopGame) Layout(w, h int) (int, int) { return w, h }
