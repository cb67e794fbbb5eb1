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
)

// ownReaver is a catalogue file of the player's own: the bundled Reaver
// profile (cut from assets/catalog/atii.yaml) under another name, with
// speed replaced by speed (a bad value makes a bad file).
func ownReaver(t *testing.T, dir, file, speed string) string {
	t.Helper()
	data, err := os.ReadFile("../../assets/catalog/atii.yaml")
	if err != nil {
		t.Fatal(err)
	}
	txt := string(data)
	from, to := strings.Index(txt, "  - id: reaver\n"), strings.Index(txt, "  - id: warlord\n")
	if from < 0 || to < from {
		t.Fatal("no Reaver profile in atii.yaml")
	}
	body := strings.Replace(txt[from:to], "name: Reaver Battle Titan", "name: Reaver (my sheet)", 1)
	if !strings.Contains(body, "Reaver (my sheet)") || !strings.Contains(body, "speed: ") {
		t.Fatal("the Reaver profile has no name or speed line to change")
	}
	lines := strings.Split(body, "\n")
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "speed: ") {
			lines[i] = "    speed: " + speed
		}
	}
	p := filepath.Join(dir, file)
	if err := os.WriteFile(p, []byte("system: atii\nunits:\n"+strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestStartScreenTakesYourOwnDatasheets (issue 11, bring your own
// datasheets, from the start screen): C opens a file prompt; a file with
// a mistake is refused with its file:line:col and nothing changes; a good
// file is shown on the start screen, the game started is built with its
// profiles, and the save keeps a copy, so it loads after the file is gone.
func TestStartScreenTakesYourOwnDatasheets(t *testing.T) {
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	bad := ownReaver(t, dir, "bad.yaml", "fast")
	good := ownReaver(t, dir, "my-titans.yaml", "15")
	h := newHarness(t, app.Options{Start: &app.StartOptions{Catalogue: cat, Seed: 3}, AutosavePath: filepath.Join(dir, "auto.json")})
	builtin := "Datasheets: built-in (C: add your own file)"
	if _, _, ok := h.a.StartButton(builtin); !ok {
		t.Fatalf("no %q button on the start screen", builtin)
	}

	h.in.Key(ebiten.KeyC)
	h.flush()
	h.typePath(bad)
	if _, _, ok := h.a.StartButton(builtin); !ok {
		t.Fatal("a bad datasheet file changed the start screen")
	}
	if txt := h.a.StartError(); !strings.Contains(txt, "bad.yaml:") || !strings.Contains(txt, "nothing changed") {
		t.Fatalf("the start screen does not say where the bad file is wrong:\n%s", txt)
	}

	h.in.Key(ebiten.KeyC)
	h.flush()
	h.typePath(good)
	_, _, ok := h.a.StartButton("Datasheets: built-in + my-titans.yaml (C adds)")
	if !ok {
		t.Fatalf("the start screen does not show the file added (error %q)", h.a.StartError())
	}
	h.in.Key(ebiten.KeyEnter)
	h.flush()
	s := h.a.Play()
	if s == nil {
		t.Fatal("Enter should start the game")
	}
	reaver := s.G.Scenario.Catalogue.Units["reaver"]
	if reaver == nil || reaver.Name != "Reaver (my sheet)" || reaver.Speed != 15 {
		t.Fatalf("the game does not use the player's Reaver: %+v", reaver)
	}
	save := filepath.Join(dir, "game.json")
	if err := s.Save(save); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(good); err != nil {
		t.Fatal(err)
	}
	g, err := testSystems.LoadFile(save, game.Config{})
	if err != nil {
		t.Fatalf("the save does not load without the datasheet file: %v", err)
	}
	if r := g.Scenario.Catalogue.Units["reaver"]; r == nil || r.Speed != 15 {
		t.Errorf("the loaded game does not use the player's Reaver: %+v", r)
	}
}
