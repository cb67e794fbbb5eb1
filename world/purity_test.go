package world_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestPurity enforces the standing promise that world and rules are pure Go:
// their non-test code imports only the standard library and the module's own
// pure packages, never math/rand (global or not: dice come from the seeded
// stream), never reads the clock and never touches files or the network.
func TestPurity(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	forbiddenImports := map[string]string{
		"math/rand":    "dice must come from the seeded stream",
		"math/rand/v2": "dice must come from the seeded stream (use rules' PCG stream)",
		"os":           "no file I/O",
		"io/ioutil":    "no file I/O",
		"net":          "no network",
		"net/http":     "no network",
		"os/exec":      "no processes",
		"syscall":      "no system calls",
		"unsafe":       "no unsafe",
		"embed":        "data is loaded by assets, not embedded here",
	}
	checked := 0
	for _, dir := range []string{"world", "rules"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == "testdata") {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			checked++
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly|parser.ParseComments)
			if err != nil {
				return err
			}
			for _, imp := range f.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				if why, bad := forbiddenImports[p]; bad {
					t.Errorf("%s imports %s: %s", rel(root, path), p, why)
				}
				if strings.Contains(p, ".") && !strings.HasPrefix(p, "github.com/auspex/auspex/") {
					t.Errorf("%s imports non-standard package %s", rel(root, path), p)
				}
				for _, banned := range []string{"/render", "/scenarios", "/assets", "/cmd"} {
					if strings.HasPrefix(p, "github.com/auspex/auspex"+banned) {
						t.Errorf("%s imports %s: world and rules may not depend on it", rel(root, path), p)
					}
				}
			}
			full, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				return err
			}
			ast.Inspect(full, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				if id, ok := sel.X.(*ast.Ident); ok && id.Name == "time" && (sel.Sel.Name == "Now" || sel.Sel.Name == "Since" || sel.Sel.Name == "Until") {
					t.Errorf("%s: uses time.%s: no clock in pure packages", fset.Position(sel.Pos()), sel.Sel.Name)
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if checked < 5 {
		t.Fatalf("only %d files checked: the walk is not finding the packages", checked)
	}

	// And the compiled dependency graph: nothing outside the standard library
	// and the module itself.
	cmd := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", "./world/...", "./rules/...")
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, line := range strings.Fields(string(out)) {
		if !strings.HasPrefix(line, "github.com/auspex/auspex/world") && !strings.HasPrefix(line, "github.com/auspex/auspex/rules") {
			t.Errorf("world/rules depend on %s", line)
		}
	}
}

func rel(root, p string) string {
	r, err := filepath.Rel(root, p)
	if err != nil {
		return p
	}
	return r
}
