package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/auspex/auspex/render/app"
)

// writeOwnReaver writes a catalogue file of the player's own: the bundled
// Reaver profile renamed, at the speed given ("fast" makes a bad file).
func writeOwnReaver(t *testing.T, path, speed string) {
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
	var lines []string
	for _, l := range strings.Split(txt[from:to], "\n") {
		switch {
		case strings.HasPrefix(strings.TrimSpace(l), "speed: "):
			l = "    speed: " + speed
		case strings.HasPrefix(strings.TrimSpace(l), "name: "):
			l = "    name: Reaver (my sheet)"
		}
		lines = append(lines, l)
	}
	if err := os.WriteFile(path, []byte("system: atii\nunits:\n"+strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestOwnDatasheetsFromTheStartScreen (issue 11, bring your own
// datasheets from the start screen): a click on the Datasheets button
// opens a file prompt; a file with a mistake is refused with its
// file:line:col and the button still says built-in; C and a good file
// make the button name it; the game started from there is saved with
// Ctrl+S, the file is deleted, and `auspex replay --json` still replays
// the save, naming the copy it keeps.
func TestOwnDatasheetsFromTheStartScreen(t *testing.T) {
	dir := t.TempDir()
	bad, good := filepath.Join(dir, "bad.yaml"), filepath.Join(dir, "my-titans.yaml")
	writeOwnReaver(t, bad, "fast")
	writeOwnReaver(t, good, "15")
	w := Start(t)
	w.Wait("the start screen", func(d *app.DebugDump) bool { return d.Screen == "start" && d.Contains("Two Reaver battle titans") })
	w.ClickButton("start", "Datasheets: built-in (C")
	w.Wait("the datasheet prompt", func(d *app.DebugDump) bool {
		return d.Prompt != nil && strings.HasPrefix(d.Prompt.Title, "Your own datasheets")
	})
	w.typePrompt(bad)
	w.Key("Return")
	d := w.Wait("the bad file refused", func(d *app.DebugDump) bool { return d.Prompt == nil && d.Contains("bad.yaml:") })
	if d.Button("start", "Datasheets: built-in (C") == nil {
		w.Failf("a bad datasheet file changed the Datasheets button")
	}
	w.Key("c")
	w.Wait("the datasheet prompt again", func(d *app.DebugDump) bool { return d.Prompt != nil })
	w.typePrompt(good)
	w.Key("Return")
	w.Wait("the file named on the start screen", func(d *app.DebugDump) bool {
		return d.Prompt == nil && d.Button("start", "Datasheets: built-in + my-titans.yaml") != nil
	})
	w.makeHuman(2, "[2] Legio Ignatum (1 titan): ")
	w.Key("Return")
	w.Wait("the game to start", func(d *app.DebugDump) bool { return d.Screen == "play" && d.Play != nil })
	save := filepath.Join(dir, "with-my-titans.json")
	w.Save(save)
	if err := os.Remove(good); err != nil {
		t.Fatal(err)
	}
	o := Replay(t, save)
	if len(o.Files) != 1 || o.Files[0].Name != good || !o.Files[0].Base {
		w.Failf("the save should keep a copy of %s (added outside the scenario), it keeps %+v", good, o.Files)
	}
}
