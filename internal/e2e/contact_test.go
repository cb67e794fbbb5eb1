package e2e

import (
	"path/filepath"
	"testing"

	"github.com/auspex/auspex/render/app"
)

// TestTouchingTitansBothNamed opens two Reavers side by side in base
// contact (testdata/atii-contact.yaml) in the window, as fitted (about 3.4
// px/cm), and reads the table's texts: both titans' names are drawn, with
// the window's own font widths. Before the fix the second titan's name was
// dropped: each of the eight places around it touched the first titan's
// name, its shield marker or its base (play-through).
func TestTouchingTitansBothNamed(t *testing.T) {
	path, err := filepath.Abs(filepath.Join("testdata", "atii-contact.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	w := Start(t, path, "--control", "red=human,blue=human", "--seed", "1")
	d := w.Wait("the game", func(d *app.DebugDump) bool { return d.Play != nil && d.Play.Mode == "turn" })
	d = w.settle()
	names := map[string]bool{}
	for _, tx := range d.Texts {
		if tx.Where == "table" {
			names[tx.Text] = true
		}
	}
	for _, n := range []string{"Venator Rex", "Ignis Fidelis"} {
		if !names[n] {
			w.Failf("the table does not show %q at %.1f px/cm", n, d.Camera.Scale)
		}
	}
}
