package play_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/internal/toysys"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/systems/atiisys"
	"github.com/auspex/auspex/systems/atiiui"
)

// A build with ATII's play UI only: a game of the toy second system gets
// ErrNoAdapter naming the toy, and an ATII game gets ATII's UI.
func TestToyGameHasNoPlayUI(t *testing.T) {
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join("..", "..", "internal", "toysys", "testdata", "skirmish.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	scn, err := scenarios.Parse("skirmish.yaml", data, cat)
	if err != nil {
		t.Fatal(err)
	}
	sys, err := game.NewSystems(toysys.New(), atiisys.New())
	if err != nil {
		t.Fatal(err)
	}
	g, err := sys.New(scn, game.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	uis, err := play.NewAdapters(atiiui.New())
	if err != nil {
		t.Fatal(err)
	}
	s, err := uis.New(g, nil)
	if s != nil || !errors.Is(err, play.ErrNoAdapter) || !strings.Contains(err.Error(), toysys.ID) || !strings.Contains(err.Error(), "atii") {
		t.Fatalf("a toy game: session %v, error %v", s != nil, err)
	}
	duel, err := scenarios.LoadBundled("titan-duel", cat)
	if err != nil {
		t.Fatal(err)
	}
	ga, err := sys.New(duel, game.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	sa, err := uis.New(ga, nil)
	if err != nil || atiiui.Of(sa) == nil {
		t.Fatalf("an ATII game should get ATII's UI: %v", err)
	}
}
