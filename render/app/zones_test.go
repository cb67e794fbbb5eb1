package app_test

import (
	"image/color"
	"math"
	"strings"
	"testing"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/app"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/world"
)

// The window draws a generated mission's deployment map (A-F, from the
// objective cards) as the table's zones, not the titan-mission scenario's
// own zones: every zone drawn is one of the map's.
func TestWindowDrawsTheMissionMapsZones(t *testing.T) {
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	scn, err := scenarios.LoadBundled("titan-mission", cat)
	if err != nil {
		t.Fatal(err)
	}
	g, err := testSystems.New(scn, game.Config{Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	s := newPlay(g, map[string]string{"red": play.Human, "blue": play.Human})
	mv, err := atii.MissionOf(s.State())
	if err != nil || mv.Map == "" {
		t.Fatalf("the mission adopted no map: %+v %v", mv, err)
	}
	h := newHarness(t, app.Options{Play: s})
	h.run(2)
	zs := h.a.SceneInput().Zones
	used := map[string]bool{}
	for _, id := range mv.SideZones {
		used[id] = true
	}
	if len(zs) != len(used) {
		t.Fatalf("%d zones drawn, the sides deploy in %d of map %s", len(zs), len(used), mv.Map)
	}
	for _, z := range zs {
		if !strings.HasPrefix(z.ID, "map-"+mv.Map+":") {
			t.Errorf("zone %s (%q) is not one of map %s's", z.ID, z.Label, mv.Map)
		}
	}
}

// Play-through (25-mission-blue-deploy.png): map C's ring zone (a circle
// minus a core, stored as many pieces) was highlighted for deployment by
// stroking every piece, which drew yellow spokes through the ring, and its
// drawn outline lost the hole's border. Now the pieces are filled without
// stroke and only the border is stroked: the outer circle and the hole,
// both in the deployment highlight and in the table's zone outline (which
// does not depend on the step, so it stays after deployment).
func TestMapCRingZoneIsDrawnWithItsHoleAndNoSpokes(t *testing.T) {
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	scn, err := scenarios.LoadBundled("titan-mission", cat)
	if err != nil {
		t.Fatal(err)
	}
	var s *play.Session
	var mv atii.MissionView
	for seed := uint64(1); seed < 60 && s == nil; seed++ {
		g, err := testSystems.New(scn, game.Config{Seed: seed})
		if err != nil {
			continue
		}
		c := newPlay(g, map[string]string{"red": play.Human, "blue": play.Human})
		if v, err := atii.MissionOf(c.State()); err == nil && v.Map == "C" {
			s, mv = c, v
		}
	}
	if s == nil {
		t.Fatal("no seed below 60 gives deployment map C")
	}
	ring := mv.SideZones[s.Decider()]
	if len(mv.Zones[ring]) < 2 {
		t.Skipf("the decider's zone %s is one piece: not the ring", ring)
	}
	// The ring's centre and radii from its pieces.
	var lo, hi world.Vec
	first := true
	for _, pc := range mv.Zones[ring] {
		for _, p := range pc {
			v := p.Vec()
			if first {
				lo, hi, first = v, v, false
			}
			lo.X, lo.Y, hi.X, hi.Y = math.Min(lo.X, v.X), math.Min(lo.Y, v.Y), math.Max(hi.X, v.X), math.Max(hi.Y, v.Y)
		}
	}
	c := lo.Lerp(hi, 0.5)
	outer := (hi.X - lo.X) / 2
	h := newHarness(t, app.Options{Play: s})
	h.run(3)
	// border reports the stroked length near the outer circle and near the
	// hole, and whether a stroke crosses the ring (a spoke).
	border := func(prims []scene.Prim, stroke func(scene.Prim) bool) (out, in float64, spoke bool) {
		for _, p := range prims {
			if p.Kind == scene.Polygon && len(p.Pts) >= 3 && stroke(p) {
				spoke = true
			}
			if p.Kind != scene.Polyline || !stroke(p) {
				continue
			}
			for i := 1; i < len(p.Pts); i++ {
				r0, r1 := p.Pts[i-1].Sub(c).Len(), p.Pts[i].Sub(c).Len()
				l := p.Pts[i].Sub(p.Pts[i-1]).Len()
				switch {
				case math.Abs(r0-r1) > 1:
					spoke = true
				case r0 > outer*0.8:
					out += l
				default:
					in += l
				}
			}
		}
		return out, in, spoke
	}
	gold := func(p scene.Prim) bool { return p.Style.Stroke == (color.NRGBA{255, 200, 40, 255}) }
	out, in, spoke := border(h.a.Scene().Layers[scene.LayerMarkers], gold)
	if spoke || out < 5*outer || in < 0.5*outer {
		t.Errorf("deployment highlight of %s: outer border %.1f cm, hole border %.1f cm, spokes %v", ring, out, in, spoke)
	}
	zoneID := "zone:map-" + mv.Map + ":" + ring
	var zp []scene.Prim
	for _, p := range h.a.Scene().Layers[scene.LayerZones] {
		if p.ID == zoneID {
			zp = append(zp, p)
		}
	}
	out, in, spoke = border(zp, func(p scene.Prim) bool { return p.Style.Stroke.A > 0 })
	if spoke || out < 5*outer || in < 0.5*outer {
		t.Errorf("table outline of %s (%d prims): outer border %.1f cm, hole border %.1f cm, spokes %v", zoneID, len(zp), out, in, spoke)
	}
}
