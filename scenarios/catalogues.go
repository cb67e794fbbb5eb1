package scenarios

import (
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/assets/yamlx"
)

// MaxCatalogues is the most catalogue files a scenario may name.
const MaxCatalogues = 16

// decodeCatalogues reads the optional top-level "catalogues" key: the
// scenario's own catalogue files (a player's datasheets), paths relative to
// the scenario file. Their profiles override or extend the catalogue the
// scenario is parsed with (assets.ExtendCatalogue), and the rest of the
// file is validated against the result. Errors: a bundled scenario naming
// files, an empty path, more than MaxCatalogues files, a file that cannot
// be read (reported at its entry), and every problem inside the files
// (reported at their own file:line:col).
func (p *parser) decodeCatalogues(n *yaml.Node) {
	if n == nil {
		return
	}
	d := p.d
	paths, nodes := d.StrList(n, "catalogues")
	if len(paths) == 0 {
		return
	}
	if strings.HasPrefix(p.s.File, BundledPrefix) {
		d.Errorf(n, "catalogues: a bundled scenario may not name catalogue files")
		return
	}
	if len(paths) > MaxCatalogues {
		d.Errorf(n, "catalogues: at most %d files, got %d", MaxCatalogues, len(paths))
		return
	}
	// Every readable file is validated and used even when another cannot
	// be read, so that one run reports all problems and the sides are not
	// flooded with unknown unit types.
	var srcs []assets.Source
	for i, rel := range paths {
		if strings.TrimSpace(rel) == "" {
			d.Errorf(nodes[i], "catalogues: empty path (give a file name relative to the scenario)")
			continue
		}
		path := resolveCatalogue(p.s.File, rel)
		p.s.Catalogues = append(p.s.Catalogues, path)
		p.s.CatalogueNames = append(p.s.CatalogueNames, rel)
		src, err := p.readCatalogue(rel, path)
		if err != nil {
			d.Errorf(nodes[i], "catalogues: %v", err)
			continue
		}
		srcs = append(srcs, src)
	}
	if len(srcs) == 0 {
		return
	}
	cat, err := assets.ExtendCatalogue(p.cat, srcs...)
	if err != nil {
		var es yamlx.Errors
		if errors.As(err, &es) {
			d.Errs = append(d.Errs, es...)
		} else {
			d.Errorf(n, "catalogues: %v", err)
		}
		return
	}
	p.cat = cat
	p.s.Catalogue = cat
}

// readCatalogue reads the catalogue file the scenario names rel (at
// path): from the files given to ParseWithFiles when there are any, else
// from disk.
func (p *parser) readCatalogue(rel, path string) (assets.Source, error) {
	if p.files == nil {
		return assets.ReadCatalogueFile(path)
	}
	data, ok := p.files[rel]
	if !ok {
		return assets.Source{}, fmt.Errorf("catalogue file %s: the saved game holds no copy of it", rel)
	}
	return assets.Source{Name: path, Data: data}, nil
}

// resolveCatalogue returns the path of catalogue file rel named by the
// scenario file: absolute paths as given, others relative to the
// scenario's directory.
func resolveCatalogue(scenario, rel string) string {
	if filepath.IsAbs(rel) {
		return filepath.Clean(rel)
	}
	return filepath.Join(filepath.Dir(scenario), rel)
}

// CataloguePaths returns the catalogue files the scenario text data names
// (its "catalogues" key), resolved against the scenario file's path name,
// without validating anything else: the watcher uses it to follow those
// files even while the scenario has errors. Unreadable text gives nil.
func CataloguePaths(name string, data []byte) []string {
	if strings.HasPrefix(name, BundledPrefix) {
		return nil
	}
	root, d := yamlx.Parse(name, data, Limits())
	if root == nil || root.Kind != yaml.MappingNode {
		return nil
	}
	var out []string
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value != "catalogues" {
			continue
		}
		paths, _ := d.StrList(root.Content[i+1], "catalogues")
		for _, rel := range paths {
			if strings.TrimSpace(rel) != "" && len(out) < MaxCatalogues {
				out = append(out, resolveCatalogue(name, rel))
			}
		}
	}
	return out
}

// Placeholders lists the placeholder profiles the scenario fields: the
// unit types of its units and their default weapons that are marked
// `placeholder: true` in the catalogue (see catalog.Catalogue.Placeholders),
// as "unit ID" and "weapon ID", sorted. Empty when every profile used is
// from a published source or the player's own datasheets.
func (s *Scenario) Placeholders() []string {
	seen := map[string]bool{}
	for _, u := range s.Units() {
		p := u.Profile
		if p == nil {
			continue
		}
		if p.Placeholder {
			seen["unit "+p.ID] = true
		}
		for _, wid := range p.Arms() {
			if w := s.Catalogue.Weapons[wid]; w != nil && w.Placeholder {
				seen["weapon "+wid] = true
			}
		}
	}
	out := make([]string, 0, len(seen))
	for k := range seen {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
