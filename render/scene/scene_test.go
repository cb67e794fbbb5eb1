package scene_test

import (
	"bytes"
	"flag"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/auspex/auspex/render/sample"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/world"
)

var update = flag.Bool("update", false, "rewrite golden files")

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
		for i := 0; i < len(gl) && i < len(wl); i++ {
			if gl[i] != wl[i] {
				t.Fatalf("%s differs at line %d:\n got: %s\nwant: %s\n(run go test -update if the change is intended)", name, i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("%s differs in length: got %d lines, want %d", name, len(gl), len(wl))
	}
}

func TestSceneGoldens(t *testing.T) {
	cases := []struct {
		name string
		in   *scene.Input
		view scene.View
	}{
		{"duel_full.golden", sample.Duel(), scene.View{Scale: 10, Grid: true, EdgeRulers: true, Legend: true, Title: "Duel"}},
		{"duel_plain.golden", sample.Duel(), scene.View{Scale: 4}},
		{"duel_terrain_only.golden", sample.Duel(), scene.View{Scale: 10, Layers: mustLayers(t, "table,terrain")}},
		{"crowd_small.golden", sample.Crowd(12, 5), scene.View{Scale: 6, Grid: true}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := scene.Dump(&buf, scene.Build(c.in, c.view)); err != nil {
				t.Fatal(err)
			}
			golden(t, c.name, buf.Bytes())
		})
	}
}

func mustLayers(t *testing.T, s string) scene.LayerSet {
	t.Helper()
	l, err := scene.ParseLayers(s)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func TestLayersAreInDrawingOrder(t *testing.T) {
	sc := scene.Build(sample.Duel(), scene.View{Scale: 10, Grid: true, EdgeRulers: true, Legend: true})
	seen := map[scene.Layer]bool{}
	for i := 1; i < len(sc.All()); i++ {
		if sc.All()[i].Layer < sc.All()[i-1].Layer {
			t.Fatalf("prim %d (%s) comes after a %s prim", i, sc.All()[i].Layer, sc.All()[i-1].Layer)
		}
	}
	for _, p := range sc.All() {
		seen[p.Layer] = true
	}
	for _, name := range scene.LayerNames() {
		l, _ := scene.ParseLayers(name)
		found := false
		for k := range seen {
			if l.Has(k) && l != scene.AllLayers {
				found = true
			}
		}
		if !found {
			t.Errorf("the duel sample draws nothing in layer %s", name)
		}
	}
}

func TestLayerSelection(t *testing.T) {
	sc := scene.Build(sample.Duel(), scene.View{Scale: 10, Layers: mustLayers(t, "terrain, bases")})
	kinds := map[scene.Layer]int{}
	for _, p := range sc.All() {
		kinds[p.Layer]++
	}
	if kinds[scene.LayerTerrain] == 0 || kinds[scene.LayerBases] == 0 {
		t.Fatalf("selected layers missing: %v", kinds)
	}
	for l, n := range kinds {
		if l != scene.LayerTerrain && l != scene.LayerBases {
			t.Errorf("layer %s has %d prims but was not selected", l, n)
		}
	}
}

func TestParseLayersErrors(t *testing.T) {
	for _, s := range []string{"", "terrain,unicorns", " , "} {
		if _, err := scene.ParseLayers(s); err == nil {
			t.Errorf("ParseLayers(%q) accepted", s)
		}
	}
	all, err := scene.ParseLayers("all")
	if err != nil || all != scene.AllLayers {
		t.Fatalf("all = %v, %v", all, err)
	}
	_, err = scene.ParseLayers("table,wizards")
	if err == nil || !strings.Contains(err.Error(), "wizards") || !strings.Contains(err.Error(), "terrain") {
		t.Fatalf("error should name the bad layer and list the good ones: %v", err)
	}
}

// Arcs are clipped to the table: no arc vertex may lie off the table.
func TestArcsClippedToTable(t *testing.T) {
	in := sample.Duel()
	sc := scene.Build(in, scene.View{Scale: 10})
	n := 0
	for _, p := range sc.All() {
		if p.Layer != scene.LayerArcs || !strings.HasPrefix(p.ID, "arc:") {
			continue
		}
		n++
		switch p.Kind {
		case scene.Polygon:
			for _, v := range p.Pts {
				if !in.Table.Contains(v) {
					t.Errorf("%s: vertex %v off the table", p.ID, v)
				}
			}
		case scene.Wedge:
			if p.C.X-p.R < 0 || p.C.Y-p.R < 0 || p.C.X+p.R > in.Table.W || p.C.Y+p.R > in.Table.H {
				t.Errorf("%s: wedge reaches off the table", p.ID)
			}
		}
	}
	if n < len(in.Arcs) {
		t.Fatalf("drew %d arc shapes for %d arcs", n, len(in.Arcs))
	}
}

// An arc on a circular base well inside the table is an exact wedge whose
// radius is the base radius plus the weapon range (range from the edge).
func TestArcRadiusMeasuredFromEdge(t *testing.T) {
	b := world.Base{ID: "t", Pos: world.Vec{X: 90, Y: 60}, Facing: 90, Foot: world.Footprint{Shape: world.Circle, Radius: 2}}
	in := &scene.Input{Table: world.Table{W: 180, H: 120}, Arcs: []scene.Arc{{Base: b, Start: -45, Width: 90, Range: 30}}}
	sc := scene.Build(in, scene.View{Scale: 10})
	for _, p := range sc.All() {
		if p.Kind == scene.Wedge {
			if p.R != 32 || p.A0 != 45 || p.A1 != 135 {
				t.Fatalf("wedge r=%v a=%v..%v, want r=32 a=45..135", p.R, p.A0, p.A1)
			}
			return
		}
	}
	t.Fatal("no wedge drawn")
}

// Range rings around a rectangular base keep the exact distance from the
// base edge all round (rounded corners).
func TestRingOnRectBaseIsDistanceFromEdge(t *testing.T) {
	b := world.Base{ID: "r", Pos: world.Vec{X: 90, Y: 60}, Facing: 30, Foot: world.Footprint{Shape: world.Rect, W: 6, H: 4}}
	in := &scene.Input{Table: world.Table{W: 180, H: 120}, Rings: []scene.Ring{{Base: b, Dist: 15}}}
	sc := scene.Build(in, scene.View{Scale: 10})
	found := false
	for _, p := range sc.All() {
		if p.Kind == scene.Polygon && strings.HasPrefix(p.ID, "ring:") {
			found = true
			for _, v := range p.Pts {
				if d := b.PointDistance(v); math.Abs(d-15) > 1e-3 {
					t.Fatalf("ring point %v is %.4f cm from the base edge, want 15", v, d)
				}
			}
		}
	}
	if !found {
		t.Fatal("no ring polygon")
	}
}

// Unit labels never overlap each other, even on a crowded table.
func TestBaseLabelsDoNotOverlap(t *testing.T) {
	in := sample.Crowd(300, 20)
	sc := scene.Build(in, scene.View{Scale: 8})
	var boxes []scene.Rect
	for _, p := range sc.All() {
		if p.Kind != scene.Text || !strings.HasPrefix(p.ID, "base:") || p.Box.A == 0 {
			continue
		}
		w := scene.EstimateWidth(p.Text, p.Size, p.Bold)
		r := scene.Rect{Min: world.Vec{X: p.C.X - w/2, Y: p.C.Y - p.Size*0.6}, Max: world.Vec{X: p.C.X + w/2, Y: p.C.Y + p.Size*0.6}}
		for _, o := range boxes {
			if r.Overlaps(o) {
				t.Fatalf("label %q at %v overlaps another label", p.Text, p.C)
			}
		}
		boxes = append(boxes, r)
	}
	if len(boxes) < 30 {
		t.Fatalf("only %d of 300 labels placed: placement is too timid", len(boxes))
	}
}

// A selected base always gets its label and a highlight.
func TestSelectedBaseAlwaysLabelled(t *testing.T) {
	in := sample.Crowd(300, 0)
	in.Bases[150].Selected = true
	sc := scene.Build(in, scene.View{Scale: 3})
	label, halo := false, false
	for _, p := range sc.All() {
		if p.ID == "base:"+in.Bases[150].ID {
			if p.Kind == scene.Text && p.Text == in.Bases[150].Label {
				label = true
			}
			if p.Stroke.A > 0 && p.Width*3 >= 5 {
				halo = true
			}
		}
	}
	if !label || !halo {
		t.Fatalf("selected base: label %v, highlight %v", label, halo)
	}
}

func TestVisibleCullsOffscreenBases(t *testing.T) {
	in := sample.Crowd(200, 10)
	vis := scene.Rect{Min: world.Vec{X: 0, Y: 0}, Max: world.Vec{X: 40, Y: 40}}
	sc := scene.Build(in, scene.View{Scale: 10, Visible: &vis})
	for _, p := range sc.All() {
		if p.Layer == scene.LayerBases && (p.Kind == scene.Circle || p.Kind == scene.Polygon) {
			c := p.C
			if p.Kind == scene.Polygon {
				c = p.Pts[0]
			}
			if c.X > 45 || c.Y > 45 {
				t.Fatalf("base shape at %v drawn outside the visible area", c)
			}
		}
	}
	full := scene.Build(in, scene.View{Scale: 10})
	if len(sc.All()) >= len(full.All()) {
		t.Fatalf("culling kept %d of %d prims", len(sc.All()), len(full.All()))
	}
}

// State markers appear for damage, shields, blast markers and broken units.
func TestStateMarkers(t *testing.T) {
	sc := scene.Build(sample.Duel(), scene.View{Scale: 10})
	icons := map[string]string{}
	for _, p := range sc.All() {
		if p.Kind == scene.Icon && strings.HasPrefix(p.ID, "base:") {
			icons[p.Icon] = p.ID
		}
	}
	want := map[string]string{scene.IconDamage: "base:warlord", scene.IconShield: "base:warlord", scene.IconBlast: "base:reaver", scene.IconBroken: "base:hound"}
	for icon, id := range want {
		if icons[icon] != id {
			t.Errorf("icon %s on %q, want %q", icon, icons[icon], id)
		}
	}
}

func TestDashSplitsLength(t *testing.T) {
	line := []world.Vec{{X: 0, Y: 0}, {X: 10, Y: 0}}
	pieces := scene.Dash(line, false, []float64{2, 1})
	if len(pieces) != 4 {
		t.Fatalf("got %d dashes, want 4 (0-2, 3-5, 6-8, 9-10)", len(pieces))
	}
	total := 0.0
	for _, p := range pieces {
		for i := 0; i+1 < len(p); i++ {
			total += p[i].Dist(p[i+1])
		}
	}
	if math.Abs(total-7) > 1e-9 {
		t.Fatalf("dashed length %v, want 7", total)
	}
	if got := scene.Dash(line, false, nil); len(got) != 1 || len(got[0]) != 2 {
		t.Fatalf("no pattern should return the line: %v", got)
	}
}

// Terrain kinds that commonly meet on a table must differ in greyscale:
// either their patterns differ or their fills differ clearly in lightness.
func TestTerrainStylesDistinctInGreyscale(t *testing.T) {
	kinds := []world.Kind{world.Woods, world.Jungle, world.Scrub, world.Ruins, world.Rubble, world.Buildings,
		world.Fortification, world.River, world.Lake, world.DeepLake, world.Marsh, world.Hill, world.Cliff, world.Road, world.Lava}
	lum := func(s scene.TerrainStyle) float64 {
		return 0.299*float64(s.Fill.R) + 0.587*float64(s.Fill.G) + 0.114*float64(s.Fill.B)
	}
	for i, a := range kinds {
		for _, b := range kinds[i+1:] {
			sa, sb := scene.StyleFor(a), scene.StyleFor(b)
			samePattern := sa.Pattern == sb.Pattern && sa.Angle == sb.Angle && sa.Spacing == sb.Spacing && sa.DashedOutline == sb.DashedOutline
			if samePattern && math.Abs(lum(sa)-lum(sb)) < 25 {
				t.Errorf("%s and %s look alike in greyscale", a, b)
			}
		}
	}
}

func BenchmarkBuild500Bases60Features(b *testing.B) {
	in := sample.Crowd(500, 60)
	v := scene.View{Scale: 10, Grid: true, EdgeRulers: true}
	b.ReportAllocs()
	for b.Loop() {
		scene.Build(in, v)
	}
}
