package main

import (
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/rules/catalog"
)

// TestShippedSystems checks the registry builds and plays ATII and E40K.
func TestShippedSystems(t *testing.T) {
	r := shippedSystems()
	for _, id := range []string{"atii", "e40k"} {
		if _, err := r.ByID(id); err != nil {
			t.Fatalf("%s is not registered: %v", id, err)
		}
	}
}

// TestShippedReaders: the build reads every embedded catalogue file (the
// loader leaves out the files of systems without a reader, so a missing
// reader would drop a system's units silently).
func TestShippedReaders(t *testing.T) {
	readers := shippedReaders()
	for _, name := range assets.CatalogueFiles() {
		data, err := assets.ReadData(name)
		if err != nil {
			t.Fatal(err)
		}
		var head struct {
			System string `yaml:"system"`
		}
		if err := yaml.Unmarshal(data, &head); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if readers[catalog.System(head.System)] == nil {
			t.Errorf("%s: no shipped reader for system %q", name, head.System)
		}
	}
	if len(assets.CatalogueFiles()) < 3 {
		t.Fatalf("catalogue files: %v", assets.CatalogueFiles())
	}
}
