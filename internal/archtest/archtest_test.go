package archtest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// pendingSeam lists the packages that still import a rule system while
// its code moves behind the seam (importer -> system family). Each entry
// is removed by the change that ends it.
var pendingSeam = map[string][]string{}

// TestSystemSeam: no package outside a system's own packages (and the
// systems that embed it, and cmd/auspex registering systems/*) imports a
// rule system, apart from the pending exceptions above (issue 9).
func TestSystemSeam(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	root, err := Root(wd)
	if err != nil {
		t.Fatal(err)
	}
	vs, err := Check(root, pendingSeam)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		t.Errorf("across the system seam: %s", v)
	}
	imps, err := Imports(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(imps) < 15 || imps["systems/atiisys"]["rules/atii"] == "" {
		t.Fatalf("the import scan found %d packages; systems/atiisys -> rules/atii missing", len(imps))
	}
	// The exceptions must still be needed: a stale one hides nothing and
	// must go.
	for importer, fams := range pendingSeam {
		for _, fam := range fams {
			used := false
			for imported := range imps[importer] {
				used = used || Family(imported) == fam
			}
			if !used {
				t.Errorf("%s no longer imports %s: remove it from pendingSeam", importer, fam)
			}
		}
	}
}

// TestAllowedRules: the rules the scan applies, on examples of each.
func TestAllowedRules(t *testing.T) {
	cases := []struct {
		importer, imported string
		want               bool
	}{
		{"game", "rules/atii", false},
		{"game", "systems/atiisys", false},
		{"render/play", "systems/atiiai", false},
		{"cmd/auspex", "rules/atii", false},
		{"cmd/auspex", "systems/atiisys", true},
		{"cmd/auspex", "internal/toysys", false},
		{"systems/atiisys", "rules/atii", true},
		{"systems/atiisys", "systems/atiiai", true},
		{"systems/atiiui", "rules/atii", true},
		{"rules/atii", "rules/catalog", true},
		{"rules/e40k", "rules/atii", true},
		{"systems/e40ksys", "rules/atii", true},
		{"rules/atii", "rules/e40k", false},
		{"systems/atiisys", "systems/foosys", false},
		{"game", "systems/foosys", false},
		{"render/app", "rules/atii", false},
		{"scenarios", "rules/catalog", true},
		{"internal/toysys", "game", true},
	}
	for _, c := range cases {
		if got := Allowed(c.importer, c.imported, nil); got != c.want {
			t.Errorf("%s -> %s: allowed %v, want %v", c.importer, c.imported, got, c.want)
		}
	}
	if !Allowed("render/app", "rules/atii", map[string][]string{"render/app": {"atii"}}) {
		t.Error("a pending exception for render/app is not applied")
	}
}

// TestCheckFindsACrossing: a module whose generic package imports a
// system fails the check, naming the file; its test files do not count.
func TestCheckFindsACrossing(t *testing.T) {
	root := t.TempDir()
	write := func(rel, text string) {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/m\n\ngo 1.26\n")
	write("rules/atii/atii.go", "package atii\n")
	write("game/game.go", "package game\n\nimport _ \"example.com/m/rules/atii\"\n")
	write("game/game_test.go", "package game\n\nimport _ \"example.com/m/systems/atiisys\"\n")
	write("game/testdata/x.go", "package x\n\nimport _ \"example.com/m/rules/atii\"\n")
	vs, err := Check(root, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) != 1 || vs[0].Importer != "game" || vs[0].Imported != "rules/atii" || !strings.HasSuffix(vs[0].File, "game/game.go") {
		t.Errorf("want one crossing game -> rules/atii in game/game.go, got %v", vs)
	}
}
