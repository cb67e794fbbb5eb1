package assets

import (
	"errors"
	"strings"
	"testing"

	"github.com/auspex/auspex/assets/yamlx"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/systems/eadata"
)

// TestProfilesBelongToTheirSystem: each unit's own part is the type of its
// file's system, and the shared part is filled for every system.
func TestProfilesBelongToTheirSystem(t *testing.T) {
	cat, err := LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	counts := map[catalog.System]int{}
	for id, u := range cat.Units {
		ok := false
		switch u.System {
		case catalog.ATII:
			_, ok = u.Profile.(*sheet.Titan)
		case catalog.E40K:
			_, ok = u.Profile.(*e40k.Datasheet)
		case catalog.EA:
			_, ok = u.Profile.(*eadata.Datasheet)
		}
		if !ok || u.Profile.ProfileSystem() != u.System {
			t.Errorf("unit %s (%s): profile %T", id, u.System, u.Profile)
		}
		if u.Name == "" || u.Class == "" || u.Base.Validate() != nil {
			t.Errorf("unit %s: shared part not read: %+v", id, u)
		}
		counts[u.System]++
	}
	if counts[catalog.ATII] < 3 || counts[catalog.E40K] < 20 || counts[catalog.EA] < 10 {
		t.Errorf("units by system: %v", counts)
	}
	if w := sheet.Of(cat.Units["warlord"]); w.Man != 1 || len(w.Mounts) != 4 || w.HitTables[sheet.Rear][2].Location != "reactor" {
		t.Errorf("warlord sheet: %+v", w)
	}
	if !cat.Units["e40k-marine-commander"].HQ() || cat.Units["e40k-tactical-marines"].HQ() || cat.Units["warlord"].HQ() {
		t.Error("HQ read wrongly")
	}
	if got := cat.Units["reaver"].MountSlots(); len(got) != 3 || got[0] != (catalog.MountSlot{ID: "carapace", Default: "rocket-launcher", Name: "Carapace", Arc: "F"}) {
		t.Errorf("reaver mounts = %+v", got)
	}
	if err := cat.Units["reaver"].CanMount("carapace", cat.Weapons["chainfist"]); err == nil {
		t.Error("a close combat weapon fits the Reaver's carapace")
	}
	if err := cat.Units["e40k-rhino"].CanMount("carapace", cat.Weapons["turbo-lasers"]); err == nil {
		t.Error("a unit without mounts takes a weapon")
	}
}

// TestProfileKeysAreTheSystems: a key of another system's profile is an
// unknown key (with the system's keys as the hint), and one file reports
// every problem of both parts and of the references at once.
func TestProfileKeysAreTheSystems(t *testing.T) {
	e40kSrc := "system: e40k\nunits:\n  - {id: a, name: A, class: infantry, base: {shape: rect, w: 4, h: 2}, man: 3, hq: true, cc: 4}\n"
	got := catErrs(t, e40kSrc)
	for _, w := range []string{`c.yaml:3:72: unit "a": unknown key "man"`, `c.yaml:3:90: unit "a": unknown key "cc"`} {
		if !strings.Contains(got, w) {
			t.Errorf("missing %q in:\n%s", w, got)
		}
	}
	if strings.Contains(got, `"hq"`) {
		t.Errorf("hq is an E40K key:\n%s", got)
	}
	atiiSrc := titanHead + "    speed: fast\n    man: lots\n    firepower: 3\n" + titanTables + "weapons:\n  - {id: gunn, name: Gun, range: 30}\n"
	got = catErrs(t, atiiSrc)
	for _, w := range []string{
		`c.yaml:9:12: unit "t" speed: expected a number, got "fast"`,
		`c.yaml:10:10: unit "t" man: expected a whole number, got "lots"`,
		`c.yaml:11:5: unit "t": unknown key "firepower"`,
		`c.yaml:8:52: unit "t": unknown weapon "gun" (did you mean "gunn"?)`,
	} {
		if !strings.Contains(got, w) {
			t.Errorf("missing %q in:\n%s", w, got)
		}
	}
	eaSrc := "system: ea\nunits:\n  - {id: a, name: A, class: infantry, base: {shape: rect, w: 4, h: 2}, ff: great, armour: 4, transport: 2}\n"
	got = catErrs(t, eaSrc)
	for _, w := range []string{`unit "a" ff: expected a dice target`, `unit "a": unknown key "transport"`} {
		if !strings.Contains(got, w) {
			t.Errorf("missing %q in:\n%s", w, got)
		}
	}
}

// TestReadersChooseTheFiles: the embedded catalogue holds the systems the
// readers read; a file of another system is an error for files the user
// gives, and extensions are read with the base catalogue's readers.
func TestReadersChooseTheFiles(t *testing.T) {
	atiiOnly := catalog.Readers{}.With(sheet.Reader{})
	cat, err := LoadCatalogue(atiiOnly)
	if err != nil {
		t.Fatal(err)
	}
	for id, u := range cat.Units {
		if u.System != catalog.ATII {
			t.Errorf("unit %s of %s loaded without its reader", id, u.System)
		}
	}
	if cat.Units["warhound"] == nil || len(cat.Readers) != 1 {
		t.Fatalf("ATII catalogue: %d units, readers %v", len(cat.Units), cat.Readers.Systems())
	}
	src := Source{Name: "mine.yaml", Data: []byte("system: e40k\nunits:\n  - {id: a, name: A, class: infantry, base: {shape: rect, w: 4, h: 2}, firepower: 2}\n")}
	_, err = ExtendCatalogue(cat, src)
	var es yamlx.Errors
	if !errors.As(err, &es) || !strings.Contains(err.Error(), "mine.yaml:1:9: system: this build reads no e40k catalogue (it reads: atii)") {
		t.Errorf("an E40K file over an ATII-only catalogue: %v", err)
	}
	if strings.Contains(err.Error(), "firepower") {
		t.Errorf("keys of an unread system reported one by one: %v", err)
	}
	full, err := LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	ext, err := ExtendCatalogue(full, src)
	if err != nil {
		t.Fatal(err)
	}
	if e40k.DatasheetOf(ext.Units["a"]).Firepower != 2 || len(ext.Readers) != len(full.Readers) {
		t.Errorf("extension read wrongly: %+v", ext.Units["a"])
	}
	if _, err := ParseCatalogue(nil, "none.yaml", []byte("system: ea\n")); err == nil || !strings.Contains(err.Error(), "none.yaml:1:9: system: this build reads no ea catalogue (it reads: none)") {
		t.Errorf("a file read with no readers: %v", err)
	}
	if _, err := catalog.NewReaders(sheet.Reader{}, sheet.Reader{}); err == nil {
		t.Error("two readers for one system accepted")
	}
}

// TestWeaponProfilesBelongToTheirSystem: each weapon's own part is the
// type of its file's system with the values of the file; ATII weapons
// carry the E40K firepower titans fire with in E40K games; the panel's
// weapon texts come from the system's part.
func TestWeaponProfilesBelongToTheirSystem(t *testing.T) {
	cat, err := LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	counts := map[catalog.System]int{}
	for id, w := range cat.Weapons {
		ok := false
		switch w.System {
		case catalog.ATII:
			_, ok = w.Profile.(*sheet.Weapon)
		case catalog.E40K:
			_, ok = w.Profile.(*e40k.WeaponSheet)
		case catalog.EA:
			_, ok = w.Profile.(*eadata.Weapon)
		}
		if !ok || w.Profile.WeaponSystem() != w.System {
			t.Errorf("weapon %s (%s): profile %T", id, w.System, w.Profile)
		}
		if w.Name == "" || w.Kind == "" {
			t.Errorf("weapon %s: shared part not read: %+v", id, w)
		}
		counts[w.System]++
	}
	if counts[catalog.ATII] < 10 || counts[catalog.E40K] < 10 || counts[catalog.EA] < 10 {
		t.Errorf("weapons by system: %v", counts)
	}
	gb := cat.Weapons["gatling-blaster"]
	if p := sheet.WeaponOf(gb); p.RoF != "4" || p.Str != 5 || p.Acc != 0 || gb.Range != 45 {
		t.Errorf("gatling blaster: %+v %+v", gb, p)
	}
	if got := strings.Join(gb.Stats(), ", "); got != "RoF 4, Str 5, FP 8" {
		t.Errorf("gatling blaster texts %q", got)
	}
	if p := sheet.WeaponOf(cat.Weapons["powerfist"]); p.Attacks != 1 || p.Swiftness == 0 {
		t.Errorf("powerfist: %+v", p)
	}
	if q := e40k.WeaponSheetOf(cat.Weapons["quake-cannon"]); q.FP != "Mega Cannon" || q.Template != 12 {
		t.Errorf("quake cannon in E40K: %+v", q)
	}
	ac := cat.Weapons["ea-autocannon"]
	if p := eadata.WeaponOf(ac); p.AP != 5 || p.AT != 6 || p.MW {
		t.Errorf("EA autocannon: %+v", p)
	}
	if got := strings.Join(ac.Stats(), ", "); got != "AP5+, AT6+" {
		t.Errorf("EA autocannon texts %q", got)
	}
	// Another system's accessor sees nothing of a weapon not its own.
	if sheet.WeaponOf(ac).Str != 0 || e40k.WeaponSheetOf(ac).FP != "" || eadata.WeaponOf(gb).AP != 0 {
		t.Error("an accessor read another system's weapon")
	}
}

// TestWeaponKeysAreTheSystems: a weapon key of another system is an
// unknown key at its line and column; each system checks its own values
// there (ATII attacks, E40K firepower and template, EA targets).
func TestWeaponKeysAreTheSystems(t *testing.T) {
	cases := []struct {
		name, src string
		want      []string
	}{
		{"e40k", "system: e40k\nweapons:\n  - {id: a, name: A, range: 30, fp: \"2\", acc: 1, ap: 5+}\n  - {id: b, name: B, range: 30, fp: Barrage, template: -3}\n",
			[]string{`c.yaml:3:42: weapon "a": unknown key "acc" (expected one of: fp, id, kind, name, notes, placeholder, range, specials, template, unlimited)`, `c.yaml:3:50: weapon "a": unknown key "ap" (did you mean "fp"?)`,
				`c.yaml:4:56: weapon "b" template: must not be negative, got -3`}},
		{"atii", "system: atii\nweapons:\n  - {id: a, name: A, kind: close-combat, attacks: -1, mw: true}\n  - {id: b, name: B, range: 30, rof: \"2\", str: strong}\n",
			[]string{`c.yaml:3:42: weapon "a": attacks must not be negative`, `c.yaml:3:55: weapon "a": unknown key "mw"`,
				`c.yaml:4:48: weapon "b" str: expected a whole number, got "strong"`}},
		{"ea", "system: ea\nweapons:\n  - {id: a, name: A, range: 30, ap: often, rof: \"2\", template: 4}\n",
			[]string{`c.yaml:3:37: weapon "a" ap: expected a dice target`, `c.yaml:3:44: weapon "a": unknown key "rof"`,
				`c.yaml:3:54: weapon "a": unknown key "template"`}},
	}
	for _, tc := range cases {
		got := catErrs(t, tc.src)
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: missing %q in:\n%s", tc.name, w, got)
			}
		}
	}
}
