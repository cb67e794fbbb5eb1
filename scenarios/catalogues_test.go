package scenarios

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/auspex/auspex/rules/e40k"
)

// myArmies is a player's own catalogue (testdata/own-catalogue.yaml): it
// overrides the bundled Tactical stand and adds a unit of its own.
func myArmies(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("testdata/own-catalogue.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// withCatalogues is mini with a catalogues key and a unit of the player's
// own type.
func withCatalogues(files string) string {
	s := strings.Replace(mini, "system: e40k\n", "system: e40k\ncatalogues: "+files+"\n", 1)
	return strings.Replace(s, "type: e40k-tactical-marines, position: [30, 35]}",
		"type: e40k-tactical-marines, position: [30, 35]}\n          - {id: u4, type: my-veterans, position: [40, 35]}", 1)
}

func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestCataloguesOverrideAndExtend: a scenario's own catalogue file
// (relative to the scenario) replaces a bundled profile by id and adds a
// unit type the scenario fields; the catalogue given to Load is untouched.
func TestCataloguesOverrideAndExtend(t *testing.T) {
	cat := testCatalogue(t)
	dir := writeFiles(t, map[string]string{"s.yaml": withCatalogues("[data/my-armies.yaml]"), "data/my-armies.yaml": myArmies(t)})
	s, err := Load(filepath.Join(dir, "s.yaml"), cat)
	if err != nil {
		t.Fatal(err)
	}
	if e40k.DatasheetOf(s.Unit("u3").Profile).Firepower != 3 || s.Unit("u3").Profile.Name != "Tactical stand (my book)" {
		t.Errorf("override not used: %+v", s.Unit("u3").Profile)
	}
	if s.Unit("u4") == nil || e40k.DatasheetOf(s.Unit("u4").Profile).Assault != 6 {
		t.Errorf("added unit type not used: %+v", s.Unit("u4"))
	}
	if s.Catalogue.Units["my-veterans"] == nil || cat.Units["my-veterans"] != nil || e40k.DatasheetOf(cat.Units["e40k-tactical-marines"]).Firepower != 1 {
		t.Error("scenario catalogue wrong, or the base catalogue was modified")
	}
	if want := []string{filepath.Join(dir, "data", "my-armies.yaml")}; !reflect.DeepEqual(s.Catalogues, want) {
		t.Errorf("Catalogues = %v, want %v", s.Catalogues, want)
	}
}

// TestCataloguesErrors: a bad catalogue file is reported at its own
// file:line:col; a missing one at the scenario's catalogues entry; bundled
// scenarios and empty paths are refused; without the key an unknown type
// stays an error.
func TestCataloguesErrors(t *testing.T) {
	cat := testCatalogue(t)
	bad := strings.Replace(myArmies(t), "firepower: 3", "firepower: lots", 1)
	dir := writeFiles(t, map[string]string{"s.yaml": withCatalogues("[my-armies.yaml]"), "my-armies.yaml": bad})
	_, err := Load(filepath.Join(dir, "s.yaml"), cat)
	want := filepath.Join(dir, "my-armies.yaml") + `:10:16: unit "e40k-tactical-marines" firepower: expected a whole number`
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("bad catalogue:\n%v\nwant %s", err, want)
	}

	dir = writeFiles(t, map[string]string{"s.yaml": withCatalogues("[gone.yaml]")})
	_, err = Load(filepath.Join(dir, "s.yaml"), cat)
	want = filepath.Join(dir, "s.yaml") + ":4:14: catalogues: catalogue file " + filepath.Join(dir, "gone.yaml") + ": no such file"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("missing catalogue:\n%v\nwant %s", err, want)
	}

	// A missing file does not hide the problems of the others.
	dir = writeFiles(t, map[string]string{"s.yaml": withCatalogues("[gone.yaml, my-armies.yaml]"), "my-armies.yaml": bad})
	_, err = Load(filepath.Join(dir, "s.yaml"), cat)
	for _, want := range []string{filepath.Join(dir, "s.yaml") + ":4:14: catalogues: catalogue file " + filepath.Join(dir, "gone.yaml"),
		filepath.Join(dir, "my-armies.yaml") + ":10:16:"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("missing and bad catalogues:\n%v\nwant %s", err, want)
		}
	}

	_, err = Parse("bundled:x", []byte(withCatalogues("[my-armies.yaml]")), cat)
	if err == nil || !strings.Contains(err.Error(), "bundled:x:4:13: catalogues: a bundled scenario may not name catalogue files") {
		t.Errorf("bundled: %v", err)
	}
	_, err = Parse("s.yaml", []byte(withCatalogues(`[""]`)), cat)
	if err == nil || !strings.Contains(err.Error(), "s.yaml:4:14: catalogues: empty path") {
		t.Errorf("empty path: %v", err)
	}
	_, err = Parse("s.yaml", []byte(strings.Replace(withCatalogues("[]"), "catalogues: []\n", "", 1)), cat)
	if err == nil || !strings.Contains(err.Error(), `unknown unit type "my-veterans"`) {
		t.Errorf("without catalogues: %v", err)
	}
}

// TestCataloguePaths reads the catalogues key without validating the rest.
func TestCataloguePaths(t *testing.T) {
	got := CataloguePaths("dir/s.yaml", []byte("catalogues: [a.yaml, /abs/b.yaml]\nname: [1, 2]\nsides: 7\n"))
	if want := []string{filepath.Join("dir", "a.yaml"), "/abs/b.yaml"}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if got := CataloguePaths("s.yaml", []byte("catalogues: [a.yaml]\nname: 3: broken\n")); got != nil {
		t.Errorf("unparsable text: %v", got)
	}
	if got := CataloguePaths("bundled:x", []byte("catalogues: [a.yaml]\n")); got != nil {
		t.Errorf("bundled: %v", got)
	}
}

// TestWatchFollowsCatalogues: editing a scenario's own catalogue file
// reloads the scenario, also after the catalogue was broken and fixed.
func TestWatchFollowsCatalogues(t *testing.T) {
	cat := testCatalogue(t)
	dir := writeFiles(t, map[string]string{"s.yaml": withCatalogues("[cat/my-armies.yaml]"), "cat/my-armies.yaml": myArmies(t)})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ch, err := Watch(ctx, filepath.Join(dir, "s.yaml"), cat)
	if err != nil {
		t.Fatal(err)
	}
	u := next(t, ch)
	if u.Err != nil || e40k.DatasheetOf(u.Scenario.Unit("u3").Profile).Firepower != 3 {
		t.Fatalf("initial load: %+v", u)
	}
	cp := filepath.Join(dir, "cat", "my-armies.yaml")
	if err := os.WriteFile(cp, []byte(strings.Replace(myArmies(t), "firepower: 3", "firepower: lots", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if u = next(t, ch); u.Err == nil || !strings.Contains(u.Err.Error(), cp+":10:16:") {
		t.Fatalf("after breaking the catalogue: %+v", u)
	}
	if err := os.WriteFile(cp, []byte(strings.Replace(myArmies(t), "firepower: 3", "firepower: 4", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if u = next(t, ch); u.Err != nil || e40k.DatasheetOf(u.Scenario.Unit("u3").Profile).Firepower != 4 {
		t.Fatalf("after fixing the catalogue: %+v", u)
	}
}

// TestScenarioPlaceholders: a scenario lists the placeholder profiles it
// fields; the player's own datasheets take theirs off the list.
func TestScenarioPlaceholders(t *testing.T) {
	cat := testCatalogue(t)
	s, err := Parse("s.yaml", []byte(mini), cat)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"unit e40k-rhino", "unit e40k-tactical-marines", "weapon e40k-bolters", "weapon e40k-storm-bolter"}
	if got := s.Placeholders(); !reflect.DeepEqual(got, want) {
		t.Errorf("bundled: %v, want %v", got, want)
	}
	dir := writeFiles(t, map[string]string{"s.yaml": withCatalogues("[my-armies.yaml]"), "my-armies.yaml": myArmies(t)})
	if s, err = Load(filepath.Join(dir, "s.yaml"), cat); err != nil {
		t.Fatal(err)
	}
	want = []string{"unit e40k-rhino", "weapon e40k-bolters", "weapon e40k-storm-bolter"}
	if got := s.Placeholders(); !reflect.DeepEqual(got, want) {
		t.Errorf("own datasheets: %v, want %v", got, want)
	}
}
