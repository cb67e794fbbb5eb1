package scenarios

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"testing"

	"go.yaml.in/yaml/v3"
)

func docText(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../docs/scenarios.md")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func documented(doc, key string) bool {
	re := regexp.MustCompile(`(^|[^A-Za-z0-9_-])` + regexp.QuoteMeta(key) + `([^A-Za-z0-9_-]|$)`)
	return re.MatchString(doc)
}

func yamlKeys(n *yaml.Node, out map[string]bool) {
	if n == nil {
		return
	}
	if n.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(n.Content); i += 2 {
			out[n.Content[i].Value] = true
		}
	}
	for _, c := range n.Content {
		yamlKeys(c, out)
	}
}

// TestDocsCoverBundledKeys: every key used by a bundled scenario appears in
// docs/scenarios.md.
func TestDocsCoverBundledKeys(t *testing.T) {
	doc := docText(t)
	for _, b := range Bundled() {
		src, err := BundledSource(b.Name)
		if err != nil {
			t.Fatal(err)
		}
		var root yaml.Node
		if err := yaml.Unmarshal(src, &root); err != nil {
			t.Fatal(err)
		}
		keys := map[string]bool{}
		yamlKeys(&root, keys)
		for k := range keys {
			if !documented(doc, k) {
				t.Errorf("%s uses key %q, not in docs/scenarios.md", b.Name, k)
			}
		}
	}
}

// TestDocsCoverAcceptedKeys: every key the validator asks for while reading
// the bundled scenarios and a file using every feature is documented.
func TestDocsCoverAcceptedKeys(t *testing.T) {
	doc := docText(t)
	cat := testCatalogue(t)
	all := map[string]bool{}
	sink, err := os.ReadFile(filepath.Join("testdata", "kitchen-sink.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	keys, err := CollectKeys("kitchen-sink.yaml", sink, cat)
	if err != nil {
		t.Fatalf("kitchen sink must be valid:\n%v", err)
	}
	for k := range keys {
		all[k] = true
	}
	for _, b := range Bundled() {
		src, _ := BundledSource(b.Name)
		keys, _ := CollectKeys(b.Name, src, cat)
		for k := range keys {
			all[k] = true
		}
	}
	var missing []string
	for k := range all {
		if !documented(doc, k) {
			missing = append(missing, k)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("accepted keys missing from docs/scenarios.md: %v", missing)
	}
	if len(all) < 60 {
		t.Errorf("only %d keys collected: the collector is not seeing the schema", len(all))
	}
}
