package scenarios

import (
	"errors"
	"os"
	"strings"
	"testing"
)

// FuzzParse: Parse never panics and always returns either a scenario or a
// non-empty Errors list whose entries name the file.
func FuzzParse(f *testing.F) {
	for _, b := range Bundled() {
		src, err := BundledSource(b.Name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
		f.Add(src[:len(src)/2])
		f.Add([]byte(strings.ReplaceAll(string(src), "  ", " ")))
	}
	f.Add([]byte(mini))
	if sink, err := os.ReadFile("testdata/kitchen-sink.yaml"); err == nil {
		f.Add(sink)
	}
	f.Add([]byte(strings.Replace(mini, "band: {edge: north, depth: 10}", "difference: [{circle: {x: 1, y: 1, radius: 5}}, {polygon: [[0,0],[2,0],[1,1],[2,2],[0,2]]}]", 1)))
	f.Add([]byte("a: &a [1, *a]"))
	f.Add([]byte("{format: 1, sides: [{army: [{units: [{loadout: {x: y}}]}]}]}"))
	f.Add([]byte("victory: [{when: {all: [{not: {any: [start]}}]}}]"))
	f.Add([]byte(strings.Replace(mini, "system: e40k\n", "system: e40k\ncatalogues: [testdata/own-catalogue.yaml]\n", 1)))
	cat := testCatalogue(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse("f.yaml", data, cat)
		if err == nil {
			if s == nil || s.World == nil {
				t.Fatalf("nil scenario or world without an error")
			}
			_ = s.Bases()
			for _, z := range s.Zones {
				z.Area.Contains(z.Area.Centroid())
			}
			return
		}
		var es Errors
		if !errors.As(err, &es) || len(es) == 0 {
			t.Fatalf("error is not a non-empty Errors: %T %v", err, err)
		}
		// Errors name the scenario or one of the catalogue files it names.
		files := map[string]bool{"f.yaml": true}
		for _, p := range CataloguePaths("f.yaml", data) {
			files[p] = true
		}
		for _, e := range es {
			if !files[e.File] || e.Msg == "" {
				t.Fatalf("bad error entry %+v", e)
			}
			if strings.Contains(e.Msg, "internal error") {
				t.Fatalf("panic inside Parse: %v", e.Msg)
			}
		}
	})
}

func BenchmarkParseDefault(b *testing.B) {
	cat := testCatalogue(b)
	src, err := BundledSource(DefaultName)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse("duel.yaml", src, cat); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseLargest(b *testing.B) {
	cat := testCatalogue(b)
	src, err := BundledSource("ea-formations")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse("ea.yaml", src, cat); err != nil {
			b.Fatal(err)
		}
	}
}
