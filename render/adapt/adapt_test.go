package adapt_test

import (
	"math"
	"strings"
	"testing"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/render/adapt"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/world"
)

func load(t *testing.T, name string) *scenarios.Scenario {
	t.Helper()
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	s, err := scenarios.LoadBundled(name, cat)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Every bundled scenario adapts to a scene with its terrain, zones and
// placed units, and builds without losing any of them.
func TestBundledScenariosAdapt(t *testing.T) {
	for _, b := range scenarios.Bundled() {
		t.Run(b.Name, func(t *testing.T) {
			s := load(t, b.Name)
			in := adapt.Input(s)
			if len(in.Features) != len(s.World.Features) || len(in.Zones) != len(s.Zones) || len(in.Objectives) != len(s.Objectives) {
				t.Fatalf("lost items: %d/%d features, %d/%d zones, %d/%d objectives", len(in.Features), len(s.World.Features), len(in.Zones), len(s.Zones), len(in.Objectives), len(s.Objectives))
			}
			if want := len(s.Bases()); len(in.Bases) != want {
				t.Fatalf("%d bases, want %d", len(in.Bases), want)
			}
			sc := scene.Build(in, scene.View{Scale: 5})
			n := 0
			for _, p := range sc.All() {
				if p.Layer == scene.LayerBases && (p.Kind == scene.Circle || p.Kind == scene.Polygon && len(p.Pts) == 4) && p.Fill.A > 0 {
					n++
				}
			}
			if n != len(in.Bases) {
				t.Fatalf("drew %d base footprints for %d bases", n, len(in.Bases))
			}
		})
	}
}

// Deployment zones take their side's colour.
func TestZoneColours(t *testing.T) {
	s := load(t, scenarios.DefaultName)
	in := adapt.Input(s)
	for _, sd := range s.Sides {
		for _, z := range in.Zones {
			if z.ID == sd.Zone && (z.Color.R != sd.Colour.R || z.Color.G != sd.Colour.G || z.Color.B != sd.Colour.B) {
				t.Errorf("zone %s colour %v, want side %s colour %v", z.ID, z.Color, sd.ID, sd.Colour)
			}
		}
	}
}

// ATII arcs (DIGEST section 1, fire arcs): LA and RA are 90 degrees from
// straight ahead to one side, F is the front 180, R the rear 90.
func TestArcSpec(t *testing.T) {
	cases := map[string][2]float64{"AR": {-180, 360}, "A": {-45, 90}, "F": {-90, 180}, "LA": {-90, 90}, "RA": {0, 90}, "LF": {-180, 180}, "RF": {0, 180}, "R": {135, 90}, "RF180": {90, 180}}
	for code, want := range cases {
		s, w, ok := adapt.ArcSpec(code)
		if !ok || s != want[0] || w != want[1] {
			t.Errorf("%s: start %v width %v ok %v, want %v", code, s, w, ok, want)
		}
	}
	if _, _, ok := adapt.ArcSpec("XYZ"); ok {
		t.Error("unknown code accepted")
	}
}

// The default scenario's Reaver lists its three loadout weapons with the
// mount arcs and ranges from the catalogue, and each becomes an arc.
func TestInfoAndArcs(t *testing.T) {
	s := load(t, scenarios.DefaultName)
	u := s.Units()[0]
	info, ok := adapt.Info(s, u.ID)
	if !ok {
		t.Fatal("no info")
	}
	if len(info.Weapons) != len(sheet.Of(u.Profile).Mounts) {
		t.Fatalf("%d weapons for %d mounts", len(info.Weapons), len(sheet.Of(u.Profile).Mounts))
	}
	for i, m := range sheet.Of(u.Profile).Mounts {
		w := s.Catalogue.Weapons[u.Loadout[m.ID]]
		if info.Weapons[i].Name != w.Name || info.Weapons[i].Arc != m.Arc || info.Weapons[i].Range != w.Range {
			t.Errorf("weapon %d: %+v, want %s arc %s range %v", i, info.Weapons[i], w.Name, m.Arc, w.Range)
		}
	}
	arcs := adapt.Arcs(info, s.Table)
	if len(arcs) == 0 {
		t.Fatal("no arcs")
	}
	if _, ok := adapt.Info(s, "nobody"); ok {
		t.Fatal("unknown unit found")
	}
}

// The LOS tool reports the world query's verdict and reason, with one drawn
// line per sample line coloured by what happened to it.
func TestLOSThroughAndIntoTerrain(t *testing.T) {
	woods := world.Feature{ID: "w", Name: "Woods #3", Kind: world.Woods, Poly: []world.Vec{{X: 40, Y: 40}, {X: 60, Y: 40}, {X: 60, Y: 60}, {X: 40, Y: 60}}}
	w, err := world.New(world.Table{W: 120, H: 100}, []world.Feature{woods})
	if err != nil {
		t.Fatal(err)
	}
	rules := world.TerrainRules{world.Woods: {BlocksLOS: true, Cover: true}}
	base := func(x, y float64) *world.Base {
		return &world.Base{Pos: world.Vec{X: x, Y: y}, Foot: world.Footprint{Shape: world.Circle, Radius: 2}}
	}
	check := func(name string, from, to adapt.Endpoint, want scene.Verdict) adapt.LOSReport {
		t.Helper()
		r := adapt.LOS(w, rules, from, to)
		wr := w.LOS(adapt.EndpointBase(from), adapt.EndpointBase(to), rules, world.LOSOptions{})
		if r.Verdict != want || r.Reason != wr.Reason() || len(r.Lines) != len(wr.Lines) {
			t.Fatalf("%s: verdict %v reason %q lines %d; world says %v %q %d", name, r.Verdict, r.Reason, len(r.Lines), wr.Verdict, wr.Reason(), len(wr.Lines))
		}
		for i, l := range r.Lines {
			if wr.Lines[i].Blocked != (l.Verdict == scene.Blocked) {
				t.Fatalf("%s: line %d drawn %v, world blocked=%v", name, i, l.Verdict, wr.Lines[i].Blocked)
			}
		}
		return r
	}
	r := check("through the wood", adapt.Endpoint{Base: base(20, 50)}, adapt.Endpoint{Base: base(80, 50)}, scene.Blocked)
	if !strings.Contains(r.Reason, "Woods #3") {
		t.Fatalf("reason %q does not name the wood", r.Reason)
	}
	check("into the wood", adapt.Endpoint{Base: base(20, 50)}, adapt.Endpoint{Base: base(45, 50)}, scene.Cover)
	check("open ground", adapt.Endpoint{Point: world.Vec{X: 10, Y: 10}}, adapt.Endpoint{Point: world.Vec{X: 100, Y: 10}}, scene.Clear)
}

func TestMeasureEdgeToEdge(t *testing.T) {
	a := &world.Base{Pos: world.Vec{X: 10, Y: 10}, Foot: world.Footprint{Shape: world.Circle, Radius: 2}}
	b := &world.Base{Pos: world.Vec{X: 30, Y: 10}, Facing: 90, Foot: world.Footprint{Shape: world.Rect, W: 4, H: 6}}
	d, pa, pb := adapt.Measure(adapt.Endpoint{Base: a}, adapt.Endpoint{Base: b})
	// b faces east: its depth (6) runs along x, so its west edge is at x=27.
	if math.Abs(d-15) > 1e-6 || math.Abs(pa.X-12) > 1e-6 || math.Abs(pb.X-27) > 1e-6 {
		t.Fatalf("d=%v pa=%v pb=%v, want 15 between x=12 and x=27", d, pa, pb)
	}
	d, _, _ = adapt.Measure(adapt.Endpoint{Base: a}, adapt.Endpoint{Point: world.Vec{X: 10, Y: 30}})
	if math.Abs(d-18) > 1e-6 {
		t.Fatalf("base to point %v, want 18", d)
	}
}
