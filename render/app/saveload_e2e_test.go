package app_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/app"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/systems/atiiui"
	"github.com/auspex/auspex/world"
)

// ctrlKey presses k with Control held.
func (h *harness) ctrlKey(k ebiten.Key) {
	h.in.Push(app.Step{Keys: []ebiten.Key{ebiten.KeyControlLeft}},
		app.Step{Keys: []ebiten.Key{ebiten.KeyControlLeft, k}},
		app.Step{})
}

// typePath replaces the prompt's text by path (Ctrl+U clears it) and
// presses Enter.
func (h *harness) typePath(path string) {
	h.t.Helper()
	if _, _, ok := h.a.Prompt(); !ok {
		h.t.Fatal("no file prompt is open")
	}
	h.ctrlKey(ebiten.KeyU)
	h.flush()
	if _, txt, _ := h.a.Prompt(); txt != "" {
		h.t.Fatalf("Ctrl+U should clear the prompt, it holds %q", txt)
	}
	for _, r := range path {
		h.in.Type(r)
	}
	h.flush()
	if _, txt, _ := h.a.Prompt(); txt != path {
		h.t.Fatalf("the prompt holds %q, typed %q", txt, path)
	}
	h.in.Key(ebiten.KeyEnter)
	h.flush()
	if _, _, ok := h.a.Prompt(); ok {
		h.t.Fatal("Enter should close the prompt")
	}
}

func stateHash(s *play.Session) string { return rules.HashString(s.State().Hash()) }

// Saving and loading through the window: Ctrl+S opens the in-window file
// prompt, the typed path is saved on Enter; after one more action Ctrl+O
// with the same path brings the game back exactly where it was saved; a
// corrupt file is refused with the reason on screen and the game shown is
// unchanged; Esc cancels a prompt; the autosave holds the game at the end
// of a turn.
func TestSaveAndLoadThroughTheWindow(t *testing.T) {
	g, err := testSystems.New(loadDuel(t), game.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := newPlay(g, map[string]string{"red": play.Human, "blue": play.Computer})
	dir := t.TempDir()
	auto := filepath.Join(dir, "auto", "autosave.json")
	h := newHarness(t, app.Options{Play: s, AutosavePath: auto})
	h.toStep(s, atii.StepMovement)
	if s.AutosavePath != auto {
		t.Fatalf("the session autosaves to %q, want %q", s.AutosavePath, auto)
	}

	// Ctrl+S, type the path, Enter.
	path := filepath.Join(dir, "saves", "duel one.json")
	h.ctrlKey(ebiten.KeyS)
	h.flush()
	title, def, ok := h.a.Prompt()
	if !ok || !strings.Contains(title, "Save") || !strings.HasSuffix(def, ".json") {
		t.Fatalf("Ctrl+S should open the save prompt with a file name: %v %q %q", ok, title, def)
	}
	savedHash, savedSeq, savedStep := stateHash(s), s.State().Seq, s.State().Step
	h.typePath(path)
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("Enter should write the save: %v (msg %q)", err, s.Msg)
	}
	if s.MsgErr || !strings.Contains(hudText(h), "saved") {
		t.Errorf("the window should say the game was saved: %q", s.Msg)
	}

	// One more action: a short move (the typed keys did not reach the game).
	if s.State().Seq != savedSeq {
		t.Fatal("typing in the prompt played a command")
	}
	u := s.State().Unit(s.Selected)
	x, y := h.at(u.Pos.Add(world.Heading(u.Facing).Scale(6)))
	h.in.Click(x, y)
	h.in.Key(ebiten.KeyEnter)
	h.flush()
	if stateHash(s) == savedHash {
		t.Fatalf("the move was not played: %s", s.Msg)
	}

	// Esc cancels a prompt without loading.
	h.ctrlKey(ebiten.KeyO)
	h.flush()
	if _, _, ok := h.a.Prompt(); !ok {
		t.Fatal("Ctrl+O should open the load prompt")
	}
	h.in.Key(ebiten.KeyEscape)
	h.flush()
	if _, _, ok := h.a.Prompt(); ok || h.a.Play() != s {
		t.Fatal("Esc should close the prompt and keep the game")
	}

	// Ctrl+O, the saved path: back where it was saved.
	h.ctrlKey(ebiten.KeyO)
	h.flush()
	if _, def, _ := h.a.Prompt(); def != path {
		t.Errorf("the load prompt should offer the last save %q, offers %q", path, def)
	}
	h.typePath(path)
	l := h.a.Play()
	if l == s {
		t.Fatalf("Ctrl+O did not load: %q", s.Msg)
	}
	if stateHash(l) != savedHash || l.State().Step != savedStep || l.Decider() != "red" || l.Mode() != play.ModeTurn {
		t.Fatalf("the loaded game is not where it was saved: step %s decider %s mode %v (%s)", l.State().Step, l.Decider(), l.Mode(), l.Msg)
	}
	if l.Kinds["blue"] != play.Computer || l.AutosavePath != auto {
		t.Errorf("loading should keep the controllers and the autosave: %v %q", l.Kinds, l.AutosavePath)
	}
	h.run(2)

	// A corrupt file: the reason is shown, the game stays.
	bad := filepath.Join(dir, "bad.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	h.ctrlKey(ebiten.KeyO)
	h.flush()
	h.typePath(bad)
	if h.a.Play() != l || stateHash(l) != savedHash {
		t.Fatal("a corrupt save must not replace or change the game")
	}
	if !l.MsgErr || !strings.Contains(l.Msg, "truncated") || !strings.Contains(hudText(h), "truncated") {
		t.Errorf("the window should show why the file was refused: %q", l.Msg)
	}

	// Play to the end of the turn: the autosave holds that game.
	turn := l.State().Turn
	for i := 0; i < 300 && l.State().Turn == turn && !l.State().Over; i++ {
		switch {
		case l.Tray() != nil:
			l.TrayClose()
		case l.Mode() == play.ModeThinking:
			h.run(3)
			continue
		case atiiui.ChoosingOrder(l.State()):
			atiiui.Of(l).ChooseOrder(true)
		default:
			h.in.Key(ebiten.KeyE)
			h.flush()
			continue
		}
		h.run(1)
	}
	if l.State().Turn == turn {
		t.Fatalf("turn %d did not end: %s %v (%s)", turn, l.State().Step, l.Mode(), l.Msg)
	}
	ag, err := testSystems.LoadFile(auto, game.Config{})
	if err != nil {
		t.Fatalf("the autosave at the end of the turn: %v", err)
	}
	if got := rules.HashString(ag.State().Hash()); got != stateHash(l) {
		t.Errorf("the autosave is not the game at the end of the turn (turn %d, now turn %d)", ag.State().Turn, l.State().Turn)
	}
}
