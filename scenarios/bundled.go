package scenarios

import (
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strings"

	"github.com/auspex/auspex/assets/yamlx"
	"github.com/auspex/auspex/rules/catalog"
)

//go:embed bundled/*.yaml
var bundledFS embed.FS

// DefaultName is the bundled scenario opened when none is given.
const DefaultName = "titan-duel"

// BundledInfo describes one embedded scenario.
type BundledInfo struct {
	// Name is the file name without ".yaml"; LoadBundled takes it.
	Name string
	// Title and Description come from the file's name and description
	// keys; System is its rule system.
	Title, Description, System string
}

// Bundled lists the embedded scenarios sorted by name, the default first.
// Titles and descriptions are read without a catalogue, so a file that
// fails validation still appears.
func Bundled() []BundledInfo {
	names, _ := fs.Glob(bundledFS, "bundled/*.yaml")
	var out []BundledInfo
	for _, n := range names {
		data, err := bundledFS.ReadFile(n)
		if err != nil {
			continue
		}
		info := BundledInfo{Name: strings.TrimSuffix(strings.TrimPrefix(n, "bundled/"), ".yaml")}
		if root, d := yamlx.Parse(n, data, Limits()); root != nil {
			m := d.Map(root, "scenario")
			if v := m.Get("name"); v != nil {
				info.Title, _ = d.Str(v, "name")
			}
			if v := m.Get("description"); v != nil {
				s, _ := d.Str(v, "description")
				info.Description = strings.Join(strings.Fields(s), " ")
			}
			if v := m.Get("system"); v != nil {
				info.System, _ = d.Str(v, "system")
			}
		}
		out = append(out, info)
	}
	sort.Slice(out, func(i, j int) bool {
		if (out[i].Name == DefaultName) != (out[j].Name == DefaultName) {
			return out[i].Name == DefaultName
		}
		return out[i].Name < out[j].Name
	})
	return out
}

// BundledSource returns the text of an embedded scenario.
func BundledSource(name string) ([]byte, error) {
	data, err := bundledFS.ReadFile("bundled/" + name + ".yaml")
	if err != nil || strings.ContainsAny(name, "/\\") {
		var names []string
		for _, b := range Bundled() {
			names = append(names, b.Name)
		}
		msg := fmt.Sprintf("no bundled scenario %q (bundled: %s)", name, strings.Join(names, ", "))
		if s := yamlx.Suggest(name, names); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		}
		return nil, fmt.Errorf("%s", msg)
	}
	return data, nil
}

// LoadBundled parses an embedded scenario by name. Messages name the file
// "bundled:NAME".
func LoadBundled(name string, cat *catalog.Catalogue) (*Scenario, error) {
	data, err := BundledSource(name)
	if err != nil {
		return nil, err
	}
	return Parse("bundled:"+name, data, cat)
}

// BundledPrefix marks a bundled scenario name where a file path is
// expected: "bundled:titan-duel".
const BundledPrefix = "bundled:"

// Open loads a scenario named by a command-line style reference: a file
// path, or BundledPrefix followed by a bundled scenario's name.
func Open(ref string, cat *catalog.Catalogue) (*Scenario, error) {
	if name, ok := strings.CutPrefix(ref, BundledPrefix); ok {
		return LoadBundled(name, cat)
	}
	return Load(ref, cat)
}
