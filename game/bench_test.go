package game

import (
	"os"

	"github.com/auspex/auspex/assets"
	"path/filepath"
	"testing"
)

// BenchmarkReplaySixTurns loads the golden six-turn battlegroup game (ten
// titans, 159 commands): parse the save and the scenario, rebuild
// the table, replay every command through the engine with its hash check.
// The unit catalogue is loaded once, as the program does. Target: under
// 100 ms.
func BenchmarkReplaySixTurns(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("testdata", "battlegroup.auspex-save"))
	if err != nil {
		b.Fatal(err)
	}
	cat, err := assets.LoadCatalogue()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		g, err := Load(data, Config{Catalogue: cat})
		if err != nil {
			b.Fatal(err)
		}
		if g.State().Turn != 6 {
			b.Fatal("not a six-turn game")
		}
	}
}

// BenchmarkCloneATIIState clones the state of the six-turn battlegroup
// game at its end (ten titans with their ATII state, loadouts, damage; the
// log shared). Target: under 20 us.
func BenchmarkCloneATIIState(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("testdata", "battlegroup.auspex-save"))
	if err != nil {
		b.Fatal(err)
	}
	g, err := Load(data, Config{})
	if err != nil {
		b.Fatal(err)
	}
	s := g.State()
	b.ReportAllocs()
	for b.Loop() {
		if c := s.Clone(); len(c.Units) != len(s.Units) {
			b.Fatal("bad clone")
		}
	}
}
