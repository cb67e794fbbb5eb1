package assets

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/rules/e40k"
)

// Digest 8.5 (critical damage): each bundled E40K war engine carries a 2D6
// critical damage table covering 2..12 once, with a catastrophic row; the
// Baneblade's and the Gargant's are labelled placeholders (no source
// found, docs/rules/e40k-armies.md).
func TestCriticalTablesBundledE40K85(t *testing.T) {
	cat, err := LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"e40k-gargant", "e40k-baneblade"} {
		u, err := cat.Unit(id)
		if err != nil {
			t.Fatal(err)
		}
		tab := e40k.DatasheetOf(u).Critical
		if tab == nil || !tab.Placeholder || tab.Source == "" {
			t.Fatalf("%s: table %+v, want a labelled placeholder with its source", id, tab)
		}
		covered := map[int]bool{}
		catastrophic := false
		for _, row := range tab.Rows {
			for v := row.Min; v <= row.Max; v++ {
				covered[v] = true
			}
			catastrophic = catastrophic || row.Effect == e40k.CritCatastrophic
		}
		if len(covered) != 11 || !catastrophic {
			t.Errorf("%s covers %v, catastrophic row %v", id, covered, catastrophic)
		}
	}
}

// A bad critical damage table is reported with file:line:col.
func TestCriticalTableErrors(t *testing.T) {
	src := `system: e40k
units:
  - id: we
    name: WE
    class: war-engine
    base: {shape: circle, radius: 3}
    default_arms: [gun]
    critical:
      rows:
        - {min: 2, max: 6, name: A, damage: 1}
        - {roll: 6, name: B, effect: explode}
        - {roll: 7, name: C, effect: weapon, weapon: laser}
        - {roll: 8, name: D, effect: weapon}
        - {roll: 9, name: E, effect: fire, fires: D6x}
        - {roll: 10, name: F, damage: -1}
        - {roll: 13, name: G, effect: catastrophic}
  - id: tank
    name: Tank
    class: vehicle
    base: {shape: circle, radius: 1}
    critical:
      rows:
        - {min: 2, max: 12, name: A}
weapons:
  - id: gun
    name: Gun
    range: 30
    fp: "2"
`
	_, err := ParseCatalogue(testReaders(), "c.yaml", []byte(src))
	if err == nil {
		t.Fatal("bad tables accepted")
	}
	for _, want := range []string{
		`c.yaml:11:11: unit "we" critical row 2: roll 6 is already covered by row 1`,
		`c.yaml:11:38: unit "we" critical row 2 effect: unknown effect "explode"`,
		`unit "we" critical row 3 weapon: "laser" is not one of the unit's default_arms (gun)`,
		`c.yaml:13:11: unit "we" critical row 4: a weapon effect needs a weapon`,
		`critical row 5 fires: dice formula "D6x"`,
		`critical row 6 damage: expected 0 to 20 extra points, got -1`,
		`critical row 7: rolls 13..13 are not within 2..12`,
		`rolls 11, 12 are not covered (rows must cover the 2D6 totals 2..12)`,
		`unit "tank": a critical damage table is for E40K war engines only`,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("got %v\nwant %s", err, want)
		}
	}
}
