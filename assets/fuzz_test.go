package assets

import (
	"errors"
	"strings"
	"testing"

	"github.com/auspex/auspex/assets/yamlx"
)

// FuzzExtendCatalogue: a player's catalogue file never makes the loader
// panic; it either extends the bundled catalogue or fails with a
// non-empty yamlx.Errors whose entries name the file.
func FuzzExtendCatalogue(f *testing.F) {
	for _, name := range CatalogueFiles() {
		data, err := ReadData(name)
		if err != nil {
			f.Fatal(err)
		}
		if strings.HasPrefix(name, "catalog/e40k") {
			f.Add(data)
			f.Add(data[:len(data)/2])
		}
	}
	f.Add([]byte(ownCatalogue))
	f.Add([]byte(armyBase + "armies: [{id: a, name: A, strategy_rating: 3, detachments: [{id: d, name: D, command: [{unit: boss, max: 1}]}]}]\n"))
	f.Add([]byte("armies: [{detachments: [{command: [{unit: [x]}]}]}]"))
	base, err := LoadCatalogue(testReaders())
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		cat, err := ExtendCatalogue(base, Source{Name: "own.yaml", Data: data})
		if err == nil {
			if cat == nil || len(cat.Units) < len(base.Units) {
				t.Fatal("no catalogue, or profiles lost, without an error")
			}
			return
		}
		var es yamlx.Errors
		if !errors.As(err, &es) || len(es) == 0 {
			t.Fatalf("error is not a non-empty Errors: %T %v", err, err)
		}
		for _, e := range es {
			if e.File != "own.yaml" || e.Msg == "" {
				t.Fatalf("bad error entry %+v", e)
			}
		}
	})
}
