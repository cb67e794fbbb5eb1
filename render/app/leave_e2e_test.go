package app_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/app"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules/atii"
)

// Play-through: Ctrl+N left a running game at once, Esc did not bring it
// back, and the next game overwrote its autosave. Now Ctrl+N in a game
// that is not over asks; Esc stays; Ctrl+N again leaves; the new game
// keeps the earlier autosave under another name, listed on the start
// screen as a recent save that resumes the game where it was.
func TestCtrlNAsksAndKeepsTheUnfinishedGamesAutosave(t *testing.T) {
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	auto := filepath.Join(dir, "autosave.json")
	list := filepath.Join(dir, "recent.txt")
	start := app.StartOptions{Catalogue: cat, Seed: 5, RecentFile: list}
	g, err := testSystems.New(loadDuel(t), game.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := newPlay(g, map[string]string{"red": play.Human, "blue": play.Computer})
	h := newHarness(t, app.Options{Play: s, AutosavePath: auto, RecentFile: list,
		NewGame: func(a *app.App) { a.OpenStart(start) }})
	h.toStep(s, atii.StepMovement)
	before, err := os.ReadFile(auto)
	if err != nil {
		t.Fatalf("no autosave after the first commands: %v", err)
	}
	hash := stateHash(s)

	h.ctrlKey(ebiten.KeyN)
	h.flush()
	if h.a.StartShown() || h.a.Play() != s || !h.a.Leaving() {
		t.Fatal("Ctrl+N left an unfinished game without asking")
	}
	if !strings.Contains(s.Msg, "Leave this game") {
		t.Errorf("the question is not shown: %q", s.Msg)
	}
	h.in.Key(ebiten.KeyEscape)
	h.flush()
	if h.a.StartShown() || h.a.Leaving() || h.a.Play() != s {
		t.Fatal("Esc should answer the question by staying in the game")
	}
	// Enter while not asked plays on as before; ask again and confirm with
	// a second Ctrl+N.
	h.ctrlKey(ebiten.KeyN)
	h.flush()
	h.ctrlKey(ebiten.KeyN)
	h.flush()
	if !h.a.StartShown() {
		t.Fatal("a second Ctrl+N should open the start screen")
	}
	h.in.Key(ebiten.KeyEnter)
	h.flush()
	if h.a.StartShown() || h.a.Play() == nil || h.a.Play() == s {
		t.Fatal("Enter on the start screen should start a new game")
	}
	recent := app.RecentFiles(list)
	if len(recent) == 0 || recent[0] == auto || !strings.HasPrefix(filepath.Base(recent[0]), "autosave-") {
		t.Fatalf("the earlier autosave is not kept in the recent list: %v", recent)
	}
	kept, err := os.ReadFile(recent[0])
	if err != nil || string(kept) != string(before) {
		t.Fatalf("the kept autosave %s is not the earlier game's: %v", recent[0], err)
	}

	// The start screen lists it; choosing it resumes the earlier game.
	h.a.OpenStart(start)
	labels := h.a.StartEntries()
	at := -1
	for i, l := range labels {
		if strings.Contains(l, filepath.Base(recent[0])) {
			at = i
		}
	}
	if at < 0 {
		t.Fatalf("the start screen does not list the kept autosave: %v", labels)
	}
	// Walk down to it with the arrow key, as a player would.
	for i := 0; i < (at-h.a.StartSelected()+len(labels))%len(labels); i++ {
		h.in.Key(ebiten.KeyArrowDown)
	}
	h.flush()
	if h.a.StartSelected() != at {
		t.Fatalf("selected %d, want %d", h.a.StartSelected(), at)
	}
	if err := h.a.StartGame(); err != nil {
		t.Fatalf("resuming the kept autosave: %v", err)
	}
	if r := h.a.Play(); r == nil || stateHash(r) != hash {
		t.Fatal("the recent save did not resume the earlier game where it was")
	}
}

// A game that is over is left at once.
func TestCtrlNLeavesAFinishedGameAtOnce(t *testing.T) {
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	g, err := testSystems.New(loadDuel(t), game.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := newPlay(g, map[string]string{"red": play.Human, "blue": play.Computer})
	h := newHarness(t, app.Options{Play: s, NewGame: func(a *app.App) { a.OpenStart(app.StartOptions{Catalogue: cat, Seed: 1}) }})
	s.State().Over = true
	h.ctrlKey(ebiten.KeyN)
	h.flush()
	if !h.a.StartShown() {
		t.Fatal("Ctrl+N should leave a finished game without asking")
	}
}

// Ctrl+S and Ctrl+O put the file first in the recent list, and so does
// the save the window was opened on (auspex play SAVE).
func TestSaveAndLoadFillTheRecentList(t *testing.T) {
	dir := t.TempDir()
	list := filepath.Join(dir, "recent.txt")
	g, err := testSystems.New(loadDuel(t), game.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := newPlay(g, map[string]string{"red": play.Human, "blue": play.Computer})
	h := newHarness(t, app.Options{Play: s, RecentFile: list})
	h.toStep(s, atii.StepMovement)
	path := filepath.Join(dir, "one.json")
	h.ctrlKey(ebiten.KeyS)
	h.flush()
	h.typePath(path)
	if r := app.RecentFiles(list); len(r) == 0 || r[0] != path {
		t.Fatalf("Ctrl+S did not add the save to the recent list: %v", r)
	}
	other := filepath.Join(dir, "two.json")
	if err := s.Save(other); err != nil {
		t.Fatal(err)
	}
	h.ctrlKey(ebiten.KeyO)
	h.flush()
	h.typePath(other)
	if r := app.RecentFiles(list); len(r) != 2 || r[0] != other {
		t.Fatalf("Ctrl+O did not add the loaded save first: %v", r)
	}
	l, err := testUIs.Load(testSystems, path, nil, game.Config{})
	if err != nil {
		t.Fatal(err)
	}
	newHarness(t, app.Options{Play: l, PlayFile: path, RecentFile: list})
	if r := app.RecentFiles(list); len(r) != 2 || r[0] != path {
		t.Fatalf("opening the window on a save did not list it first: %v", r)
	}
}

// Play-through (52-legend.png): in a game K drew the terrain legend below
// the table, under the dice log, unreadable. Now the table is fitted again
// with room for it: the whole legend lies above the log; K again hides it.
func TestPlayLegendIsAboveTheDiceLog(t *testing.T) {
	g, err := testSystems.New(loadDuel(t), game.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := newPlay(g, map[string]string{"red": play.Human, "blue": play.Computer})
	h := newHarness(t, app.Options{Play: s})
	h.toStep(s, atii.StepMovement)
	h.in.Key(ebiten.KeyK)
	h.flush()
	if !h.a.LegendClear() {
		t.Fatal("the terrain legend is not wholly between the banner and the dice log")
	}
	h.in.Key(ebiten.KeyK)
	h.flush()
	if h.a.LegendClear() {
		t.Error("K again should hide the legend")
	}
}
