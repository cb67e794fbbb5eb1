package scene_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestHeadlessDeps checks that the scene builder and the PNG and SVG
// backends never depend on ebiten (so `auspex render` works with no display
// and no GPU) and that the builder does not know the scenario format.
func TestHeadlessDeps(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go tool not on PATH")
	}
	cases := map[string][]string{
		"github.com/auspex/auspex/render/scene":  {"github.com/hajimehoshi/ebiten", "github.com/auspex/auspex/scenarios", "github.com/golang/freetype"},
		"github.com/auspex/auspex/render/raster": {"github.com/hajimehoshi/ebiten"},
		"github.com/auspex/auspex/render/svg":    {"github.com/hajimehoshi/ebiten"},
	}
	for pkg, banned := range cases {
		out, err := exec.Command("go", "list", "-deps", pkg).CombinedOutput()
		if err != nil {
			t.Fatalf("go list %s: %v\n%s", pkg, err, out)
		}
		for _, dep := range strings.Fields(string(out)) {
			for _, b := range banned {
				if strings.HasPrefix(dep, b) {
					t.Errorf("%s depends on %s", pkg, dep)
				}
			}
		}
	}
}
