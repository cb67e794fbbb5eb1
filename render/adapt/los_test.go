package adapt_test

import (
	"testing"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/render/adapt"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/world"
)

// The LOS tool and the ATII rules give the same verdict from the same exact
// hidden share (ATII-SHT-4, issue 8): a building corner hiding exactly half
// of a Reaver is cover in both; a wood with no height of its own between
// two Reavers hides neither (titans see over it), in both; under the flat
// reading (atii/flat-terrain-sight) the same wood blocks, in both.
func TestLOSToolAgreesWithRulesATII(t *testing.T) {
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	reaver, err := cat.Unit("reaver")
	if err != nil {
		t.Fatal(err)
	}
	terrain, err := assets.LoadTerrainRules("atii")
	if err != nil {
		t.Fatal(err)
	}
	firer := world.Base{ID: "r1", Pos: world.Vec{X: 60, Y: 20}, Facing: 180, Foot: reaver.Base}
	target := world.Base{ID: "b1", Pos: world.Vec{X: 60, Y: 75}, Facing: 0, Foot: reaver.Base}
	corner := world.Feature{ID: "b", Name: "Hab", Kind: world.Buildings, Height: 30,
		Poly: []world.Vec{{X: 60, Y: 60}, {X: 70, Y: 60}, {X: 70, Y: 66}, {X: 60, Y: 66}}}
	copse := world.Feature{ID: "w", Name: "Copse", Kind: world.Woods,
		Poly: []world.Vec{{X: 40, Y: 40}, {X: 80, Y: 40}, {X: 80, Y: 50}, {X: 40, Y: 50}}}
	for _, c := range []struct {
		name string
		f    world.Feature
		flat bool
		want scene.Verdict
	}{
		{"corner hiding exactly half", corner, false, scene.Cover},
		{"corner hiding exactly half, flat", corner, true, scene.Cover},
		{"copse between titans", copse, false, scene.Clear},
		{"copse between titans, flat", copse, true, scene.Blocked},
	} {
		w, err := world.New(world.Table{W: 120, H: 120}, []world.Feature{c.f})
		if err != nil {
			t.Fatal(err)
		}
		rep := adapt.LOSWith(w, terrain, adapt.Endpoint{Base: &firer}, adapt.Endpoint{Base: &target}, world.LOSOptions{FlatTerrain: c.flat})
		geo, err := atii.MeasureShotWith(w, terrain, "F", firer, target, atii.Options{FlatTerrainSight: c.flat})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Verdict != c.want {
			t.Errorf("%s: the tool says %v (%s), want %v", c.name, rep.Verdict, rep.Reason, c.want)
		}
		if rep.Result.Verdict != geo.LOS || rep.Reason != geo.Reason {
			t.Errorf("%s: tool %v %q, rules %v %q", c.name, rep.Result.Verdict, rep.Reason, geo.LOS, geo.Reason)
		}
	}
}
