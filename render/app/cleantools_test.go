package app_test

import (
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/app"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/world"
)

// measure draws a ruler (R, drag), a sight line (L, two clicks) and a
// range ring (the Rings button's key) on the table, back to the play tool,
// and checks they are there.
func (h *harness) measure(from, to world.Vec) {
	h.t.Helper()
	h.in.Key(ebiten.KeyR)
	h.flush()
	h.drag(from, to)
	h.in.Key(ebiten.KeyL)
	h.flush()
	h.clickAt(from)
	h.clickAt(to)
	h.in.Key(ebiten.KeyQ)
	h.flush()
	in := h.a.SceneInput()
	if len(h.a.Rulers()) == 0 || h.a.LOS() == nil || len(in.Rulers) == 0 || len(in.SightLines) == 0 {
		h.t.Fatalf("the tools drew %d rulers and sight line %v", len(h.a.Rulers()), h.a.LOS() != nil)
	}
}

// clean fails unless the table shows nothing of the tools.
func (h *harness) clean(when string) {
	h.t.Helper()
	in := h.a.SceneInput()
	if n := len(h.a.Rulers()); n > 0 || h.a.LOS() != nil || len(h.a.Rings()) > 0 || len(in.Rulers) > 0 || len(in.SightLines) > 0 || len(in.Marks) > 0 {
		h.t.Errorf("%s the table still shows %d rulers, sight line %v, %d rings, %d marks", when, n, h.a.LOS() != nil, len(h.a.Rings()), len(in.Marks))
	}
}

// Play-through: a ruler drawn in one game was still drawn in the next one
// started from the start screen (Ctrl+N). A new game, and a game loaded
// with Ctrl+O, start with no rulers, sight lines or rings.
func TestNewOrLoadedGameStartsWithCleanTools(t *testing.T) {
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	g, err := testSystems.New(loadDuel(t), game.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := newPlay(g, map[string]string{"red": play.Human, "blue": play.Human})
	start := app.StartOptions{Catalogue: cat, Seed: 5}
	h := newHarness(t, app.Options{Play: s, AutosavePath: filepath.Join(dir, "auto.json"),
		NewGame: func(a *app.App) { a.OpenStart(start) }})
	red, blue := s.State().Unit("red-reaver").Pos, s.State().Unit("blue-reaver").Pos
	save := filepath.Join(dir, "game.json")
	if err := s.Save(save); err != nil {
		t.Fatal(err)
	}
	h.measure(red, blue)
	h.ctrlKey(ebiten.KeyN)
	h.flush()
	h.ctrlKey(ebiten.KeyN)
	h.flush()
	if !h.a.StartShown() {
		t.Fatal("Ctrl+N twice should open the start screen")
	}
	h.in.Key(ebiten.KeyEnter)
	h.flush()
	next := h.a.Play()
	if h.a.StartShown() || next == nil || next == s {
		t.Fatal("Enter on the start screen should start a new game")
	}
	h.clean("in the new game")

	// Measure again, then load the saved game.
	h.measure(red, blue)
	h.ctrlKey(ebiten.KeyO)
	h.flush()
	h.typePath(save)
	if h.a.Play() == next {
		t.Fatalf("the game was not loaded: %q", next.Msg)
	}
	h.clean("in the loaded game")
}
