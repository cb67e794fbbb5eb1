package assets

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/world"
)

// TestE40KArmiesBundled: the three E40K army lists load with a strategy
// rating (E40K-INI-1 reads it) and detachment templates whose command holds
// an HQ (E40K-CMD-1), and their units are found by ArmiesWithUnit.
func TestE40KArmiesBundled(t *testing.T) {
	cat, err := LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"e40k-space-marines": 5, "e40k-imperial-guard": 2, "e40k-orks": 3}
	for id, rating := range want {
		a := cat.Armies[id]
		if a == nil {
			t.Fatalf("army %s missing (have %v)", id, cat.ArmyIDs())
		}
		if a.StrategyRating != rating || a.System != catalog.E40K || len(a.Detachments) < 2 {
			t.Errorf("army %s = rating %d, system %s, %d detachments", id, a.StrategyRating, a.System, len(a.Detachments))
		}
		// Only the Space Marine rating is from a public source.
		if a.Placeholder != (id != "e40k-space-marines") {
			t.Errorf("army %s placeholder = %v", id, a.Placeholder)
		}
		for _, d := range a.Detachments {
			hq := false
			for _, s := range d.Command {
				hq = hq || cat.Units[s.Unit].HQ()
			}
			if !hq {
				t.Errorf("%s/%s: command without an HQ unit", id, d.ID)
			}
		}
	}
	// A Space Marine force with Guard units or titans drops to 4; armies
	// without a mixed rating keep theirs.
	sm, orks := cat.Armies["e40k-space-marines"], cat.Armies["e40k-orks"]
	if sm.Rating(false) != 5 || sm.Rating(true) != 4 || orks.Rating(true) != 3 {
		t.Errorf("ratings: marines %d/%d, orks mixed %d", sm.Rating(false), sm.Rating(true), orks.Rating(true))
	}
	if got := cat.ArmiesWithUnit("e40k-ork-boyz"); !reflect.DeepEqual(got, []string{"e40k-orks"}) {
		t.Errorf("ArmiesWithUnit(boyz) = %v", got)
	}
	if got := cat.ArmiesWithUnit("warhound"); got != nil {
		t.Errorf("ArmiesWithUnit(warhound) = %v, want none", got)
	}
}

// TestE40KProfilesCoverSpecialRules: the bundled E40K data exercises every
// special the rules read: anti-tank, barrage, heavy barrage, death ray and
// disrupt weapons, transports, and war engines with damage capacity and
// shields; the showcase scenario's unit ids are all still there.
func TestE40KProfilesCoverSpecialRules(t *testing.T) {
	cat, err := LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]bool{}
	for _, w := range cat.Weapons {
		if w.System == catalog.E40K {
			kinds[strings.ToLower(e40k.WeaponSheetOf(w).FP)] = true
		}
	}
	for _, k := range []string{"anti-tank", "barrage", "heavy barrage", "death ray", "disrupt"} {
		if !kinds[k] {
			t.Errorf("no E40K weapon with fp %q", k)
		}
	}
	if u := cat.Units["e40k-rhino"]; u == nil || e40k.DatasheetOf(u).Transport != 2 {
		t.Errorf("rhino transport: %+v", u)
	}
	if g := cat.Units["e40k-gargant"]; g == nil || g.Class != world.WarEngine || e40k.DatasheetOf(g).DamageCap != 8 || e40k.DatasheetOf(g).VoidShields != 4 {
		t.Errorf("gargant war engine profile: %+v", g)
	}
	for _, id := range []string{"e40k-tactical-marines", "e40k-devastators", "e40k-rhino", "e40k-land-raider",
		"e40k-predator", "e40k-whirlwind", "e40k-ork-boyz", "e40k-battlewagon", "e40k-gargant"} {
		if cat.Units[id] == nil {
			t.Errorf("showcase unit %s missing", id)
		}
	}
	ph := cat.Placeholders()
	if contains(ph, "army e40k-space-marines") {
		t.Error("the sourced Space Marine rating is listed as a placeholder")
	}
	for _, want := range []string{"army e40k-orks", "unit e40k-tactical-marines", "weapon e40k-lascannon", "detachment e40k-orks/warband"} {
		if !contains(ph, want) {
			t.Errorf("Placeholders() lacks %q", want)
		}
	}
	for _, p := range ph {
		if strings.Contains(p, "warhound") || strings.Contains(p, "ea-") {
			t.Errorf("Placeholders() lists %q, which is not marked", p)
		}
	}
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

const armyBase = `system: e40k
units:
  - {id: boss, name: Boss, class: infantry, base: {shape: rect, w: 4, h: 2}, hq: true, speed: 10, firepower: 1, assault: 4, armour: 4}
  - {id: grunt, name: Grunt, class: infantry, base: {shape: rect, w: 4, h: 2}, speed: 10, firepower: 1, assault: 2, armour: 3}
`

// TestArmyValidation: every army mistake is reported at its position.
func TestArmyValidation(t *testing.T) {
	cases := []struct{ name, armies, want string }{
		{"unknown unit", `armies:
  - id: a
    name: A
    strategy_rating: 3
    detachments:
      - id: d
        name: D
        command: [{unit: boss, max: 1}]
        main: [{unit: grnt, max: 3}]
`, `a.yaml:13:16: army "a" detachment "d": unknown unit "grnt" (did you mean "grunt"?)`},
		{"no HQ in command", `armies:
  - id: a
    name: A
    strategy_rating: 3
    detachments:
      - id: d
        name: D
        command: [{unit: grunt, max: 1}]
`, `a.yaml:12:9: army "a" detachment "d": the command needs at least one unit marked hq: true`},
		{"rating out of range", `armies:
  - id: a
    name: A
    strategy_rating: 11
    detachments:
      - {id: d, name: D, command: [{unit: boss, max: 1}]}
`, `a.yaml:8:22: army "a" strategy_rating: expected 1 to 10, got 11`},
		{"mixed rating out of range", `armies:
  - id: a
    name: A
    strategy_rating: 3
    mixed_rating: 0
    detachments:
      - {id: d, name: D, command: [{unit: boss, max: 1}]}
`, `a.yaml:9:19: army "a" mixed_rating: expected 1 to 10, got 0`},
		{"max below min", `armies:
  - id: a
    name: A
    strategy_rating: 2
    detachments:
      - {id: d, name: D, command: [{unit: boss, min: 2, max: 1}]}
`, `a.yaml:10:62: army "a" detachment "d" command slot 1: max 1 is below min 2`},
		{"duplicate detachment", `armies:
  - id: a
    name: A
    strategy_rating: 2
    detachments:
      - {id: d, name: D, command: [{unit: boss, max: 1}]}
      - {id: d, name: E, command: [{unit: boss, max: 1}]}
`, `a.yaml:11:9: army "a": detachment id "d" appears twice`},
		{"rating missing", `armies:
  - id: a
    name: A
    detachments:
      - {id: d, name: D, command: [{unit: boss, max: 1}]}
`, `a.yaml:6:5: army "a": missing required key "strategy_rating"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseCatalogue(testReaders(), "a.yaml", []byte(armyBase+c.armies))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v\nwant %s", err, c.want)
			}
		})
	}
}

// TestArmySlotSystems: an E40K army may name ATII titans (they fight in
// E40K battles) but not EA units.
func TestArmySlotSystems(t *testing.T) {
	fx, err := os.ReadFile("testdata/atii_fixture.yaml")
	if err != nil {
		t.Fatal(err)
	}
	army := func(unit string) string {
		return armyBase + `armies:
  - id: a
    name: A
    strategy_rating: 3
    detachments:
      - id: d
        name: D
        command: [{unit: boss, max: 1}]
        support: [{unit: ` + unit + `, max: 1}]
`
	}
	if _, err := MergeCatalogues(testReaders(), Source{Name: "atii.yaml", Data: fx}, Source{Name: "a.yaml", Data: []byte(army("reaver"))}); err != nil {
		t.Errorf("E40K army with an ATII titan: %v", err)
	}
	ea := []byte("system: ea\nunits:\n  - {id: ea-x, name: X, class: infantry, base: {shape: rect, w: 4, h: 2}}\n")
	_, err = MergeCatalogues(testReaders(), Source{Name: "ea.yaml", Data: ea}, Source{Name: "a.yaml", Data: []byte(army("ea-x"))})
	if err == nil || !strings.Contains(err.Error(), `a.yaml:13:19: army "a" detachment "d": "ea-x" is a ea unit, the army is e40k`) {
		t.Errorf("E40K army with an EA unit: %v", err)
	}
}

// TestE40KFirepowerEntries: an E40K fp is a number or a known super-heavy
// type; a typo is reported with a suggestion.
func TestE40KFirepowerEntries(t *testing.T) {
	good := "system: e40k\nweapons:\n  - {id: a, name: A, range: 30, fp: \"3\"}\n  - {id: b, name: B, range: 30, fp: heavy barrage}\n"
	if _, err := ParseCatalogue(testReaders(), "w.yaml", []byte(good)); err != nil {
		t.Errorf("good entries: %v", err)
	}
	bad := "system: e40k\nweapons:\n  - {id: a, name: A, range: 30, fp: Deth Ray}\n  - {id: b, name: B, range: 30, fp: \"-1\"}\n"
	_, err := ParseCatalogue(testReaders(), "w.yaml", []byte(bad))
	for _, want := range []string{
		`w.yaml:3:37: weapon "a" fp: "Deth Ray" is neither a number nor one of Anti-Tank, Barrage, Heavy Barrage, Death Ray, Disrupt, Distortion Cannon, Mega Cannon, Pulsar (did you mean "Death Ray"?)`,
		`w.yaml:4:37: weapon "b" fp: expected 0 to 100, got -1`,
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("got %v\nwant %s", err, want)
		}
	}
	// ATII weapons do not use fp and are not checked.
	if _, err := ParseCatalogue(testReaders(), "w.yaml", []byte("system: atii\nweapons:\n  - {id: a, name: A, range: 30, fp: whatever}\n")); err != nil {
		t.Errorf("ATII weapon fp checked: %v", err)
	}
}

const ownCatalogue = `# a player's own datasheets
system: e40k
units:
  - id: e40k-tactical-marines
    name: Tactical stand (from my book)
    class: infantry
    base: {shape: rect, w: 4, h: 2}
    speed: 10
    firepower: 2
    assault: 5
    armour: 5
    default_arms: [e40k-bolters]
  - id: my-veterans
    name: Veteran stand
    class: infantry
    base: {shape: rect, w: 4, h: 2}
    speed: 10
    firepower: 2
    assault: 6
    armour: 5
    default_arms: [my-plasma]
weapons:
  - {id: my-plasma, name: Plasma guns, range: 30, fp: "2"}
armies:
  - id: e40k-space-marines
    name: Space Marines (my book)
    strategy_rating: 4
    detachments:
      - id: tactical
        name: Tactical detachment
        command: [{unit: e40k-marine-commander, min: 1, max: 1}]
        main: [{unit: e40k-tactical-marines, min: 2, max: 6}, {unit: my-veterans, max: 2}]
`

// TestExtendCatalogueOverridesAndAdds: a player's file replaces bundled
// profiles by id (unit and army), adds new ones that may use bundled
// weapons, and leaves the base catalogue untouched.
func TestExtendCatalogueOverridesAndAdds(t *testing.T) {
	base, err := LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	cat, err := ExtendCatalogue(base, Source{Name: "my-armies.yaml", Data: []byte(ownCatalogue)})
	if err != nil {
		t.Fatal(err)
	}
	tac := cat.Units["e40k-tactical-marines"]
	if e40k.DatasheetOf(tac).Firepower != 2 || e40k.DatasheetOf(tac).Assault != 5 || tac.Placeholder || tac.Name != "Tactical stand (from my book)" {
		t.Errorf("override not applied: %+v", tac)
	}
	if e40k.DatasheetOf(base.Units["e40k-tactical-marines"]).Firepower != 1 {
		t.Errorf("base catalogue modified: %+v", base.Units["e40k-tactical-marines"])
	}
	if v := cat.Units["my-veterans"]; v == nil || v.Arms()[0] != "my-plasma" || cat.Weapons["my-plasma"] == nil {
		t.Errorf("new unit not added: %+v", v)
	}
	if cat.Units["reaver"] == nil && base.Units["reaver"] != nil {
		t.Error("bundled titans lost")
	}
	if a := cat.Armies["e40k-space-marines"]; a.StrategyRating != 4 || a.Placeholder || len(a.Detachments) != 1 {
		t.Errorf("army override: %+v", a)
	}
	if base.Armies["e40k-space-marines"].StrategyRating != 5 {
		t.Error("base army modified")
	}
	if contains(cat.Placeholders(), "unit e40k-tactical-marines") || !contains(cat.Placeholders(), "unit e40k-rhino") {
		t.Errorf("placeholders after override: %v", cat.Placeholders())
	}
}

// TestExtendCatalogueErrors: problems in a player's file are reported at
// that file's line and column; a change of system and a duplicate id across
// the player's files are refused.
func TestExtendCatalogueErrors(t *testing.T) {
	base, err := LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(ownCatalogue, "default_arms: [my-plasma]", "default_arms: [my-plasmo]", 1)
	_, err = ExtendCatalogue(base, Source{Name: "my-armies.yaml", Data: []byte(bad)})
	if err == nil || !strings.Contains(err.Error(), `my-armies.yaml:21:20: unit "my-veterans": unknown weapon "my-plasmo" (did you mean "my-plasma"?)`) {
		t.Errorf("bad reference: %v", err)
	}
	sys := "system: atii\nweapons:\n  - {id: e40k-bolters, name: B, range: 30}\n"
	_, err = ExtendCatalogue(base, Source{Name: "sys.yaml", Data: []byte(sys)})
	if err == nil || !strings.Contains(err.Error(), `sys.yaml:3:10: weapon "e40k-bolters" replaces a e40k profile with a atii one`) {
		t.Errorf("system change: %v", err)
	}
	two := "system: e40k\nweapons:\n  - {id: w, name: W, range: 30, fp: \"1\"}\n"
	_, err = ExtendCatalogue(base, Source{Name: "one.yaml", Data: []byte(two)}, Source{Name: "two.yaml", Data: []byte(two)})
	if err == nil || !strings.Contains(err.Error(), `two.yaml:3:10: weapon id "w" is already used (one.yaml:3)`) {
		t.Errorf("duplicate across own files: %v", err)
	}
	// Dropping the HQ flag of a bundled commander would leave bundled
	// detachment templates without command (E40K-CMD-1).
	noHQ := "system: e40k\nunits:\n  - {id: e40k-marine-commander, name: Boss, class: infantry, base: {shape: rect, w: 4, h: 2}}\n"
	_, err = ExtendCatalogue(base, Source{Name: "hq.yaml", Data: []byte(noHQ)})
	if err == nil || !strings.Contains(err.Error(), `hq.yaml:3:10: unit "e40k-marine-commander": army "e40k-space-marines" detachment "armoured" needs it as its HQ`) {
		t.Errorf("HQ dropped: %v", err)
	}
	if _, err := ExtendCatalogue(nil); err == nil {
		t.Error("nil base accepted")
	}
}

// TestLoadCatalogueWith: files on disk extend the embedded catalogue; a
// missing file is a plain error naming it.
func TestLoadCatalogueWith(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "my-armies.yaml")
	if err := os.WriteFile(p, []byte(ownCatalogue), 0o644); err != nil {
		t.Fatal(err)
	}
	cat, err := LoadCatalogueWith(testReaders(), p)
	if err != nil {
		t.Fatal(err)
	}
	if e40k.DatasheetOf(cat.Units["e40k-tactical-marines"]).Firepower != 2 || cat.Units["ea-tactical-marines"] == nil {
		t.Errorf("extended catalogue wrong")
	}
	missing := filepath.Join(dir, "nope.yaml")
	_, err = LoadCatalogueWith(testReaders(), p, missing)
	if err == nil || !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "catalogue file "+missing+": no such file") {
		t.Errorf("missing file: %v", err)
	}
	if err := os.WriteFile(p, []byte("system: e40k\nunits:\n  - {id: x, name: X, class: infantry, base: {shape: rect, w: 4, h: 2}, speed: fast}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = LoadCatalogueWith(testReaders(), p)
	if err == nil || !strings.Contains(err.Error(), p+":3:79:") {
		t.Errorf("bad file on disk: %v", err)
	}
	if _, err := LoadCatalogueWith(testReaders(), dir); err == nil || !strings.Contains(err.Error(), dir) {
		t.Errorf("directory accepted: %v", err)
	}
}

// TestArmiesDocListsEveryE40KProfile: docs/rules/e40k-armies.md names every
// bundled E40K unit, weapon and army, so the page that says which values
// are placeholders cannot fall behind the data.
func TestArmiesDocListsEveryE40KProfile(t *testing.T) {
	doc, err := os.ReadFile("../docs/rules/e40k-armies.md")
	if err != nil {
		t.Fatal(err)
	}
	cat, err := LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for id, u := range cat.Units {
		if u.System == catalog.E40K {
			ids = append(ids, id)
		}
	}
	for id, w := range cat.Weapons {
		if w.System == catalog.E40K {
			ids = append(ids, id)
		}
	}
	ids = append(ids, cat.ArmyIDs()...)
	for _, id := range ids {
		if !strings.Contains(string(doc), "`"+id+"`") {
			t.Errorf("docs/rules/e40k-armies.md does not list %s", id)
		}
	}
}
