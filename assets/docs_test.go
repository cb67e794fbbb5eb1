package assets

import (
	"os"
	"regexp"
	"testing"

	"go.yaml.in/yaml/v3"
)

// TestDocsCoverCatalogueKeys: every key used in the embedded catalogue and
// terrain files appears in docs/scenarios.md ("Catalogue files").
func TestDocsCoverCatalogueKeys(t *testing.T) {
	doc, err := os.ReadFile("../docs/scenarios.md")
	if err != nil {
		t.Fatal(err)
	}
	files := append(CatalogueFiles(), "terrain.yaml")
	var walk func(n *yaml.Node, out map[string]bool)
	walk = func(n *yaml.Node, out map[string]bool) {
		if n.Kind == yaml.MappingNode {
			for i := 0; i+1 < len(n.Content); i += 2 {
				out[n.Content[i].Value] = true
			}
		}
		for _, c := range n.Content {
			walk(c, out)
		}
	}
	for _, f := range files {
		data, err := ReadData(f)
		if err != nil {
			t.Fatal(err)
		}
		var root yaml.Node
		if err := yaml.Unmarshal(data, &root); err != nil {
			t.Fatal(err)
		}
		keys := map[string]bool{}
		walk(&root, keys)
		for k := range keys {
			re := regexp.MustCompile(`(^|[^A-Za-z0-9_-])` + regexp.QuoteMeta(k) + `([^A-Za-z0-9_-]|$)`)
			if !re.Match(doc) {
				t.Errorf("%s uses key %q, not documented in docs/scenarios.md", f, k)
			}
		}
	}
}
