package assets

import (
	"os"
	"strings"
	"testing"

	"github.com/auspex/auspex/assets/yamlx"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/systems/eadata"
	"github.com/auspex/auspex/world"
)

func TestLoadCatalogueEmbedded(t *testing.T) {
	cat, err := LoadCatalogue(testReaders())
	if err != nil {
		t.Fatalf("embedded catalogue does not load:\n%v", err)
	}
	for _, id := range []string{"e40k-tactical-marines", "e40k-land-raider", "ea-tactical-marines", "ea-battlewagon"} {
		if _, ok := cat.Units[id]; !ok {
			t.Errorf("unit %q missing", id)
		}
	}
	tac := cat.Units["ea-tactical-marines"]
	if ea := eadata.Of(tac); tac.Speed != 15 || ea.Armour != 4 || ea.CC != 4 || ea.FF != 4 || tac.Class != world.Infantry {
		t.Errorf("EA tactical profile decoded wrongly: %+v %+v", tac, ea)
	}
	if tac.Base.Shape != world.Rect || tac.Base.W != 4 || tac.Base.H != 2 {
		t.Errorf("EA infantry base = %+v, want 4 x 2 rect", tac.Base)
	}
	if tac.System != "ea" {
		t.Errorf("system from file's top-level key: got %q", tac.System)
	}
	ml := cat.Weapons["ea-missile-launcher"]
	if ml == nil || eadata.WeaponOf(ml).AP != 5 || eadata.WeaponOf(ml).AT != 6 || ml.Range != 45 {
		t.Errorf("missile launcher = %+v", ml)
	}
}

func TestFixtureParses(t *testing.T) {
	data, err := os.ReadFile("testdata/atii_fixture.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cat, err := ParseCatalogue(testReaders(), "atii_fixture.yaml", data)
	if err != nil {
		t.Fatalf("fixture: %v", err)
	}
	r := cat.Units["reaver"]
	if r == nil || len(sheet.Of(r).Mounts) != 3 || sheet.Of(r).Mounts[0].Arc != "F" || sheet.Of(r).Man != 2 || sheet.Of(r).Gunnery != 4 {
		t.Fatalf("reaver decoded wrongly: %+v", r)
	}
	// ATII-SHT-5: the front table covers 0..7; roll 3 is the head at 13.
	found := false
	for _, row := range sheet.Of(r).HitTables["front"] {
		if row.Min <= 3 && 3 <= row.Max {
			found = row.Location == "head" && row.Armour == 13
		}
	}
	if !found {
		t.Errorf("reaver front roll 3 should be head 13: %+v", sheet.Of(r).HitTables["front"])
	}
}

// catErrs parses src and returns the error text, failing when it parses.
func catErrs(t *testing.T, src string) string {
	t.Helper()
	_, err := ParseCatalogue(testReaders(), "c.yaml", []byte(src))
	if err == nil {
		t.Fatalf("expected errors for:\n%s", src)
	}
	if _, ok := err.(yamlx.Errors); !ok {
		t.Fatalf("error is %T, want yamlx.Errors", err)
	}
	return err.Error()
}

const titanHead = `system: atii
units:
  - id: t
    name: T
    class: titan
    base: {shape: circle, radius: 3}
    mounts:
      - {id: arm, location: arm, arc: LA, default: gun}
`

const titanTables = `    hit_tables:
      front: [{min: 0, max: 7, location: legs, armour: 10}]
      side: [{min: 0, max: 7, location: legs, armour: 10}]
      rear: [{min: 0, max: 7, location: legs, armour: 10}]
`

func TestCatalogueErrors(t *testing.T) {
	cases := []struct {
		name, src string
		want      []string
	}{
		{"unknown key with suggestion", "system: e40k\nunits:\n  - id: a\n    name: A\n    class: infantry\n    base: {shape: rect, w: 4, h: 2}\n    sped: 10\n",
			[]string{`c.yaml:7:5: unit "a": unknown key "sped" (did you mean "speed"?)`}},
		{"bad system", "system: e41k\n", []string{`c.yaml:1:9: system: "e41k" is not one of`, `did you mean "e40k"?`}},
		{"missing base and class", "system: ea\nunits:\n  - id: a\n    name: A\n", []string{`missing required key "class"`, `missing required key "base"`}},
		{"bad base", "system: ea\nunits:\n  - {id: a, name: A, class: infantry, base: {shape: rect, w: -4, h: 2}}\n", []string{"c.yaml:3:45: unit \"a\" base: rect base size must be positive"}},
		{"radius on rect", "system: ea\nunits:\n  - {id: a, name: A, class: infantry, base: {shape: rect, w: 4, h: 2, radius: 1}}\n", []string{`"radius" does not apply to a rect base`}},
		{"dangling weapon", "system: ea\nunits:\n  - {id: a, name: A, class: infantry, base: {shape: rect, w: 4, h: 2}, default_arms: [lasgun]}\nweapons:\n  - {id: lasgum, name: L, range: 30}\n",
			[]string{`c.yaml:3:87: unit "a": unknown weapon "lasgun" (did you mean "lasgum"?)`}},
		{"duplicate ids", "system: ea\nweapons:\n  - {id: w, name: W, range: 1}\n  - {id: w, name: W, range: 1}\n", []string{`c.yaml:4:10: weapon id "w" is already used (c.yaml:3)`}},
		{"titan gap and overlap", titanHead + `    hit_tables:
      front: [{min: 0, max: 3, location: legs, armour: 10}, {min: 3, max: 6, location: head, armour: 10}]
      side: [{min: 0, max: 7, location: legs, armour: 10}]
weapons:
  - {id: gun, name: Gun, range: 30}
`, []string{`roll 3 is already covered by row 1`, `front hit table: rolls 7 are not covered`, `a titan needs a rear hit table`}},
		{"default not mountable", titanHead + "    forbidden_kinds: [close-combat]\n" + titanTables + "weapons:\n  - {id: gun, name: Gun, kind: close-combat}\n",
			[]string{`c.yaml:8:52: unit "t" mount "arm": default weapon not allowed: T may not carry any close-combat weapon`}},
		{"bad arc and location", "system: atii\nunits:\n  - id: t\n    name: T\n    class: titan\n    base: {shape: circle, radius: 3}\n    mounts: [{id: m, location: leg, arc: XX}]\n" + titanTables,
			[]string{`location: "leg" is not one of: arm, carapace`, `arc: "XX" is not one of`}},
		{"wrong types", "system: ea\nunits:\n  - {id: 7, name: A, class: infantry, base: {shape: rect, w: 4, h: 2}, speed: fast}\n", []string{`unit id: expected text, got the number 7 (put it in quotes`}},
		{"syntax", "system: ea\nunits: [\n", []string{"c.yaml:2:1: YAML syntax"}},
		{"speed not number", "system: ea\nunits:\n  - {id: a, name: A, class: infantry, base: {shape: rect, w: 4, h: 2}, speed: fast}\n", []string{`unit "a" speed: expected a number, got "fast"`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := catErrs(t, c.src)
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("missing %q in:\n%s", w, got)
				}
			}
		})
	}
}

func TestCatalogueMergeDuplicateAcrossFiles(t *testing.T) {
	a := Source{Name: "a.yaml", Data: []byte("system: ea\nweapons:\n  - {id: w, name: W, range: 1}\n")}
	b := Source{Name: "b.yaml", Data: []byte("system: e40k\nweapons:\n  - {id: w, name: W, range: 1}\n")}
	_, err := MergeCatalogues(testReaders(), a, b)
	if err == nil || !strings.Contains(err.Error(), `b.yaml:3:10: weapon id "w" is already used (a.yaml:3)`) {
		t.Fatalf("got %v", err)
	}
}

func TestTerrainRules(t *testing.T) {
	for _, sys := range Systems() {
		r, err := LoadTerrainRules(sys)
		if err != nil {
			t.Fatalf("%s: %v", sys, err)
		}
		if len(r) == 0 {
			t.Errorf("%s: empty table", sys)
		}
	}
	atii, _ := LoadTerrainRules("atii")
	// ATII-MOV-4: woods are dangerous for titans; ATII-MOV-5: buildings impassable.
	if got := atii.PassageFor(world.Woods, world.Titan); got != world.Dangerous {
		t.Errorf("ATII woods for titans = %v, want dangerous", got)
	}
	if got := atii.PassageFor(world.Buildings, world.Titan); got != world.Impassable {
		t.Errorf("ATII buildings for titans = %v, want impassable", got)
	}
	ea, _ := LoadTerrainTable("ea")
	if ea[world.Woods].CoverSave != 5 || ea[world.Jungle].Passage[world.Vehicle] != world.Impassable {
		t.Errorf("EA woods/jungle wrong: %+v %+v", ea[world.Woods], ea[world.Jungle])
	}
	e3, _ := LoadTerrainRules("epic3")
	if e3.PassageFor(world.River, world.Vehicle) != world.Impassable {
		t.Errorf("epic3 should reuse e40k (river impassable for vehicles)")
	}
	if _, err := LoadTerrainRules("warhammer"); err == nil {
		t.Errorf("unknown system accepted")
	}
}

func TestTerrainFileErrors(t *testing.T) {
	src := "systems:\n  ea:\n    wods: {cover: true}\n    river: {passage: {tank: clear}, cover: maybe}\n  e40k: {same_as: ea, woods: {}}\n"
	_, err := ParseTerrainTables("t.yaml", []byte(src))
	if err == nil {
		t.Fatal("expected errors")
	}
	for _, w := range []string{`t.yaml:3:5: system ea terrain kind: "wods" is not one of`, `(did you mean "woods"?)`, `t.yaml:4:23: ea river passage: unknown key "tank"`, `t.yaml:4:44: ea river cover: expected true or false`, `t.yaml:5:9: system e40k: same_as must be the only key`} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("missing %q in:\n%v", w, err)
		}
	}
}
