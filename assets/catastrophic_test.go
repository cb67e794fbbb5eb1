package assets

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/rules/e40k"
)

// Digest 8.5: the bundled E40K war engines carry a catastrophic damage
// table, a labelled placeholder covering the D6 rolls 1..6, and barrage
// weapons their template size.
func TestCatastrophicTablesBundledE40K85(t *testing.T) {
	cat, err := LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"e40k-gargant", "e40k-baneblade"} {
		u, err := cat.Unit(id)
		if err != nil {
			t.Fatal(err)
		}
		if e40k.DatasheetOf(u).Catastrophic == nil || !e40k.DatasheetOf(u).Catastrophic.Placeholder {
			t.Fatalf("%s: table %+v, want a labelled placeholder", id, e40k.DatasheetOf(u).Catastrophic)
		}
		covered := map[int]bool{}
		for _, row := range e40k.DatasheetOf(u).Catastrophic.Rows {
			for v := row.Min; v <= row.Max; v++ {
				covered[v] = true
			}
		}
		if len(covered) != 6 {
			t.Errorf("%s covers %v", id, covered)
		}
	}
	for _, id := range []string{"e40k-earthshaker", "e40k-siege-mortar", "e40k-whirlwind-barrage", "e40k-big-gunz-barrage", "quake-cannon", "rocket-launcher"} {
		if w, err := cat.Weapon(id); err != nil || e40k.WeaponSheetOf(w).Template <= 0 {
			t.Errorf("%s: template missing (%v)", id, err)
		}
	}
}

// A bad catastrophic table is reported with file:line:col.
func TestCatastrophicTableErrors(t *testing.T) {
	src := `system: e40k
units:
  - id: we
    name: WE
    class: war-engine
    base: {shape: circle, radius: 3}
    catastrophic:
      rows:
        - {min: 1, max: 4, name: A}
        - {min: 4, max: 5, name: B, radius: D7x}
        - {min: 6, name: C, hits: true}
  - id: tank
    name: Tank
    class: vehicle
    base: {shape: circle, radius: 1}
    catastrophic:
      rows:
        - {min: 1, max: 6, name: A}
`
	_, err := ParseCatalogue(testReaders(), "c.yaml", []byte(src))
	if err == nil {
		t.Fatal("bad tables accepted")
	}
	for _, want := range []string{
		`c.yaml:10:11: unit "we" catastrophic row 2: roll 4 is already covered by row 1`,
		`radius: dice formula "D7x"`,
		`c.yaml:11:11: unit "we" catastrophic row 3: hits or markers need a radius`,
		`unit "tank": a catastrophic damage table is for E40K war engines only`,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("got %v\nwant %s", err, want)
		}
	}
}
