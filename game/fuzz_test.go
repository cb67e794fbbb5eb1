package game_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
)

// FuzzLoadATIISave feeds arbitrary bytes to the real save loader (ATII
// ruleset, scenario parser, replay with hash checks), seeded with real
// saves: it must never panic, and a save it accepts must save back to a
// file that loads to the same state, byte for byte stable.
func FuzzLoadATIISave(f *testing.F) {
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		f.Fatal(err)
	}
	seeds, _ := filepath.Glob(filepath.Join("testdata", "*.auspex-save"))
	golden, _ := filepath.Glob(filepath.Join("..", "rules", "testdata", "*.auspex-save"))
	seeds = append(seeds, golden...)
	if len(seeds) == 0 {
		f.Fatal("no seed saves")
	}
	for _, p := range seeds {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
		f.Add(data[:len(data)/2])
		f.Add(bytes.Replace(data, []byte(fmt.Sprintf(`"version": %d`, rules.SaveVersion)), []byte(fmt.Sprintf(`"version": %d.0`, rules.SaveVersion)), 1))
		f.Add(bytes.Replace(data, []byte(`"args": {`), []byte(`"args": null, "x": {`), 1))
	}
	cfg := game.Config{Catalogue: cat}
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := testSystems.Load(data, cfg)
		if err != nil {
			if g != nil {
				t.Fatal("game returned with an error")
			}
			return
		}
		again, err := g.Save()
		if err != nil {
			t.Fatalf("accepted save does not re-save: %v", err)
		}
		g2, err := testSystems.Load(again, cfg)
		if err != nil {
			t.Fatalf("re-saved game does not load: %v", err)
		}
		if g2.State().Hash() != g.State().Hash() {
			t.Fatal("re-saved game loads to another state")
		}
		if again2, _ := g2.Save(); !bytes.Equal(again, again2) {
			t.Fatal("save is not stable")
		}
	})
}
