package atii_test

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/rules/atii"
)

// TestGameMissionUsesGeneratedMap: the mission generator (digest section
// 1, mission generator: the two objective types pick deployment map A-F,
// the card's force level the points). A secret-objective mission deploys
// in the zones of the map its cards give, and each side's points limit is
// in the state. Before the fix the map and points were only written in the
// log and the sides deployed in the scenario's own zones.
func TestGameMissionUsesGeneratedMap(t *testing.T) {
	maps := map[string]bool{}
	for seed := uint64(1); seed <= 12; seed++ {
		g := bundled(t, "titan-mission", seed)
		s := g.State()
		if s.Step != atii.StepDeploy {
			t.Fatalf("seed %d: at %s, want deployment", seed, s.Step)
		}
		var prog atii.GameProgress
		if _, err := s.GetExt(atii.ExtGame, &prog); err != nil {
			t.Fatal(err)
		}
		var setup atii.GameSetup
		if _, err := s.GetExt(atii.ExtSetup, &setup); err != nil {
			t.Fatal(err)
		}
		want, err := atii.DeploymentMap(prog.Cards["red"].Type, prog.Cards["blue"].Type)
		if err != nil || prog.Map != want {
			t.Fatalf("seed %d: map %q, the cards give %q (%v)", seed, prog.Map, want, err)
		}
		maps[want] = true
		if v, err := atii.MissionOf(s); err != nil || v.Map != want || v.Points["red"] != prog.Points["red"] || v.SideZones["blue"] != setup.SideZones["blue"] {
			t.Errorf("seed %d: MissionOf %+v %v", seed, v, err)
		}
		for _, side := range []string{"red", "blue"} {
			z := setup.SideZones[side]
			if !strings.HasPrefix(z, "map-"+want+"/") || len(setup.Zones[z]) == 0 {
				t.Errorf("seed %d: %s deploys in %q, want a zone of map %s", seed, side, z, want)
			}
			pts, err := atii.ForcePoints(2000, prog.Cards[side].ForceLevel)
			if err != nil || prog.Points[side] != pts {
				t.Errorf("seed %d: %s points limit %d, want %d", seed, side, prog.Points[side], pts)
			}
		}
		// Map B (mobile against static) puts the mobile side in the
		// north-west corner whichever side drew it.
		if want == "B" {
			mobile := "red"
			if prog.Cards["blue"].Type == atii.Mobile {
				mobile = "blue"
			}
			if setup.SideZones[mobile] != "map-B/red-zone" {
				t.Errorf("seed %d: the mobile side %s should take map B's mobile zone, got %q", seed, mobile, setup.SideZones[mobile])
			}
		}
		// Deployment is checked against the map's zone: some positions
		// are accepted, and every accepted one lies inside it.
		p := s.Pending
		if p == nil || len(p.Units) == 0 {
			t.Fatalf("seed %d: no deployment decision", seed)
		}
		zone := setup.Zones[setup.SideZones[p.Side]]
		tb := g.Ruleset.(*atii.Ruleset).World().Table
		ok := 0
		for y := 3.0; y < tb.H; y += 6 {
			for x := 3.0; x < tb.W; x += 6 {
				if g.Engine.Check(g.Ruleset.(*atii.Ruleset).Deploy(p.Side, p.Units[0], x, y, 0)) != nil {
					continue
				}
				ok++
				if !inZone(zone, x, y) {
					t.Fatalf("seed %d: %s deploys at (%v, %v), outside its map zone", seed, p.Side, x, y)
				}
			}
		}
		if ok == 0 {
			t.Errorf("seed %d: no position of map %s's zone accepted", seed, want)
		}
	}
	if len(maps) < 2 {
		t.Errorf("12 games all used map(s) %v", maps)
	}
}

// inZone reports whether (x, y) lies inside one of the zone's polygons
// (ray casting).
func inZone(polys [][]atii.Point, x, y float64) bool {
	for _, pl := range polys {
		in := false
		for i, j := 0, len(pl)-1; i < len(pl); j, i = i, i+1 {
			a, b := pl[i], pl[j]
			if (a.Y > y) != (b.Y > y) && x < (b.X-a.X)*(y-a.Y)/(b.Y-a.Y)+a.X {
				in = !in
			}
		}
		if in {
			return true
		}
	}
	return false
}
