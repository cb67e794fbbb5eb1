package e40ksys_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/scenarios"
)

// ownCatalogue writes the player's datasheets of the scenarios tests
// (a Tactical stand of firepower 3 and a new Veteran stand) into dir.
func ownCatalogue(t *testing.T, dir string) string {
	t.Helper()
	own, err := os.ReadFile("../../scenarios/testdata/own-catalogue.yaml")
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "my-armies.yaml")
	if err := os.WriteFile(p, own, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// playSome plays n random commands of g (seeded), so that the save has
// commands to replay.
func playSome(t *testing.T, g *game.Game, n int) {
	t.Helper()
	st := g.State()
	ctrls := map[string]game.Controller{}
	for _, sd := range st.Sides {
		ctrls[sd.ID] = game.Random{Seed: 7}
	}
	if played, err := g.Play(context.Background(), ctrls, n, nil); err != nil || played == 0 {
		t.Fatalf("played %d commands: %v", played, err)
	}
}

// TestSavedGameKeepsTheScenariosOwnCatalogue: a game of a scenario that
// names its own catalogue file (the "catalogues" key) saves a copy of the
// file, so the save loads and replays after the file is gone, with the
// player's profiles (issue 11, bring your own datasheets; issue 9, saves
// stay loadable).
func TestSavedGameKeepsTheScenariosOwnCatalogue(t *testing.T) {
	_, cat := bundledE40K(t)
	dir := t.TempDir()
	own := ownCatalogue(t, dir)
	src, err := scenarios.BundledSource("e40k-combined-arms")
	if err != nil {
		t.Fatal(err)
	}
	txt := strings.Replace(string(src), "system: e40k\n", "system: e40k\ncatalogues: [my-armies.yaml]\n", 1)
	if txt == string(src) {
		t.Fatal("no system line to add the catalogues key after")
	}
	file := filepath.Join(dir, "battle.yaml")
	if err := os.WriteFile(file, []byte(txt), 0o644); err != nil {
		t.Fatal(err)
	}
	scn, err := scenarios.Load(file, cat)
	if err != nil {
		t.Fatal(err)
	}
	reg := systems(t)
	g, err := reg.New(scn, game.Config{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	playSome(t, g, 40)
	data, err := g.Save()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(own); err != nil {
		t.Fatal(err)
	}
	wd, _ := os.Getwd()
	if err := os.Chdir(dir); err != nil { // a relative path must not find a file either
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	back, err := reg.Load(data, game.Config{})
	if err != nil {
		t.Fatalf("the save does not load without the catalogue file: %v", err)
	}
	if back.Engine.State().Hash() != g.Engine.State().Hash() {
		t.Error("the reloaded game differs")
	}
	if p := back.Scenario.Catalogue.Units["e40k-tactical-marines"]; p == nil || p.Name != "Tactical stand (my book)" {
		t.Errorf("the reloaded game does not use the player's Tactical stand: %+v", p)
	}
	again, err := back.Save()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := reg.Load(again, game.Config{}); err != nil {
		t.Errorf("a save of the reloaded game does not load: %v", err)
	}
}

// TestSavedGameKeepsACatalogueGivenOutsideTheScenario: datasheets the
// player adds outside the scenario (the start screen, --catalogue) are
// kept in the save too and applied before the scenario is parsed.
func TestSavedGameKeepsACatalogueGivenOutsideTheScenario(t *testing.T) {
	dir := t.TempDir()
	own := ownCatalogue(t, dir)
	cat, err := assets.LoadCatalogueWith(testReaders(), own)
	if err != nil {
		t.Fatal(err)
	}
	scn, err := scenarios.Open(scenarios.BundledPrefix+"e40k-combined-arms", cat)
	if err != nil {
		t.Fatal(err)
	}
	reg := systems(t)
	g, err := reg.New(scn, game.Config{Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	playSome(t, g, 30)
	data, err := g.Save()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(own); err != nil {
		t.Fatal(err)
	}
	back, err := reg.Load(data, game.Config{})
	if err != nil {
		t.Fatalf("the save does not load without the catalogue file: %v", err)
	}
	if back.Engine.State().Hash() != g.Engine.State().Hash() {
		t.Error("the reloaded game differs")
	}
	if p := back.Scenario.Catalogue.Units["e40k-tactical-marines"]; p == nil || e40k.DatasheetOf(p).Firepower != 3 {
		t.Errorf("the reloaded game does not use the player's Tactical stand: %+v", p)
	}
}
