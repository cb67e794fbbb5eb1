package atiisys_test

import (
	"context"
	"strings"
	"testing"

	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/systems/atiiai"
)

// A generated mission's deployment map (ATII mission generator, maps A-F:
// the objective cards pick the map) is told to the players by the map's
// names for its zones ("map C's south edge"), in the mission's log line
// and in a refused set-up, never by the rules' ids ("map-C/blue-zone").
func TestMissionMapZonesAreNamed(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		g := start(t, "titan-mission", seed)
		for i := 0; i < 20 && g.State().Step != atii.StepDeploy; i++ {
			c, err := atiiai.Greedy{}.Decide(context.Background(), g.ViewFor(g.Engine.Decider()))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := g.Submit(c); err != nil {
				t.Fatal(err)
			}
		}
		if g.State().Step != atii.StepDeploy {
			t.Fatalf("seed %d: no deployment, step %s", seed, g.State().Step)
		}
		said := ""
		for _, e := range g.State().Log {
			if strings.Contains(e.Text, "the objectives give deployment map") {
				said = e.Text
			}
		}
		if !strings.Contains(said, " deploys in map ") || strings.Contains(said, "map-") {
			t.Errorf("seed %d: the mission's map line does not name the zones: %q", seed, said)
		}
		c, err := atiiai.Greedy{}.Decide(context.Background(), g.ViewFor(g.Engine.Decider()))
		if err != nil {
			t.Fatal(err)
		}
		d, ok := c.(*atii.DeployCmd)
		if !ok {
			t.Fatalf("seed %d: greedy's first set-up is %T, want a deployment", seed, c)
		}
		tab := g.Scenario.Table
		refused := ""
		for _, p := range [][2]float64{{10, 10}, {tab.W - 10, 10}, {10, tab.H - 10}, {tab.W - 10, tab.H - 10}, {tab.W / 2, tab.H / 2}} {
			out := *d
			out.X, out.Y = p[0], p[1]
			if err := out.Validate(g.State()); err != nil && strings.Contains(err.Error(), "deployment zone") {
				refused = err.Error()
				break
			}
		}
		if !strings.Contains(refused, "(map ") || strings.Contains(refused, "map-") {
			t.Errorf("seed %d: a set-up outside the zone is not refused by the zone's name: %q", seed, refused)
		}
	}
}
