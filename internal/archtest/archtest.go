// Package archtest enforces the system seam (docs/architecture.md,
// "System seam"): a rule system's packages are imported only by that
// system's own packages (and systems that embed it), cmd/auspex registers
// the systems/* packages, and nothing else names a system. The check runs
// over the non-test Go files of the module (test files may import any
// system: they are where systems meet).
package archtest

import (
	"bufio"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// familyIDs lists the systems the seam protects, longest first. Their
// packages are rules/<id>, rules/<id>/..., systems/<id>* and the extra
// paths of familyExtra.
func familyIDs() []string { return []string{"epic3", "e40k", "atii", "toy", "ea"} }

// familyExtra lists a system's packages outside rules/ and systems/.
func familyExtra(id string) []string {
	if id == "toy" {
		return []string{"internal/toysys"}
	}
	return nil
}

// embeds lists the systems whose packages system id may use: E40K fields
// ATII titans.
func embeds(id string) []string {
	if id == "e40k" {
		return []string{"atii"}
	}
	return nil
}

// Registrar is the one package that imports systems/* packages to
// register them.
const Registrar = "cmd/auspex"

// Violation is one import across the seam.
type Violation struct {
	Importer, Imported, File string
}

func (v Violation) String() string {
	return fmt.Sprintf("%s imports %s (%s)", v.Importer, v.Imported, v.File)
}

// Family returns the system a package (a path relative to the module)
// belongs to, "" for the generic packages.
func Family(pkg string) string {
	for _, id := range familyIDs() {
		if pkg == "rules/"+id || strings.HasPrefix(pkg, "rules/"+id+"/") || strings.HasPrefix(pkg, "systems/"+id) {
			return id
		}
		for _, p := range familyExtra(id) {
			if pkg == p || strings.HasPrefix(pkg, p+"/") {
				return id
			}
		}
	}
	if rest, ok := strings.CutPrefix(pkg, "systems/"); ok {
		return "systems/" + strings.SplitN(rest, "/", 2)[0] // an unknown system: its own family
	}
	return ""
}

// Allowed reports whether importer may import imported (both relative
// to the module) under the seam's rules, with allow the temporary
// exceptions (importer -> the imported package's family).
func Allowed(importer, imported string, allow map[string][]string) bool {
	fam := Family(imported)
	if fam == "" {
		return true
	}
	own := Family(importer)
	if own == fam {
		return true
	}
	for _, e := range embeds(own) {
		if e == fam {
			return true
		}
	}
	if importer == Registrar && strings.HasPrefix(imported, "systems/") {
		return true
	}
	for _, f := range allow[importer] {
		if f == fam {
			return true
		}
	}
	return false
}

// Imports maps every package of the module under root (relative path)
// to its non-test imports inside the module (relative paths) and the
// file of each. Directories named testdata or starting with "." or "_"
// are skipped.
func Imports(root string) (map[string]map[string]string, error) {
	mod, err := modulePath(filepath.Join(root, "go.mod"))
	if err != nil {
		return nil, err
	}
	out := map[string]map[string]string{}
	fset := token.NewFileSet()
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return fmt.Errorf("archtest: %w", err)
		}
		rel, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			return err
		}
		pkg := filepath.ToSlash(rel)
		if out[pkg] == nil {
			out[pkg] = map[string]string{}
		}
		for _, im := range f.Imports {
			p, err := strconv.Unquote(im.Path.Value)
			if err != nil {
				return fmt.Errorf("archtest: %s: %w", path, err)
			}
			if r, ok := strings.CutPrefix(p, mod+"/"); ok {
				out[pkg][r] = filepath.ToSlash(filepath.Join(rel, name))
			}
		}
		return nil
	})
	return out, err
}

// Check returns every import across the seam in the module under root,
// sorted, with allow the temporary exceptions (see Allowed).
func Check(root string, allow map[string][]string) ([]Violation, error) {
	imps, err := Imports(root)
	if err != nil {
		return nil, err
	}
	var out []Violation
	for importer, ims := range imps {
		for imported, file := range ims {
			if !Allowed(importer, imported, allow) {
				out = append(out, Violation{Importer: importer, Imported: imported, File: file})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	return out, nil
}

// modulePath reads the module line of go.mod.
func modulePath(gomod string) (string, error) {
	f, err := os.Open(gomod)
	if err != nil {
		return "", fmt.Errorf("archtest: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if m, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "module "); ok {
			return strings.Trim(strings.TrimSpace(m), `"`), nil
		}
	}
	if err := sc.Err(); err != nil {
		return "", fmt.Errorf("archtest: %w", err)
	}
	return "", errors.New("archtest: no module line in " + gomod)
}

// Root finds the module root: the nearest directory at or above dir that
// holds a go.mod.
func Root(dir string) (string, error) {
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", errors.New("archtest: no go.mod above the test")
		}
		dir = up
	}
}
