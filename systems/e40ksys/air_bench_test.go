package e40ksys_test

import (
	"context"
	"testing"

	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/scenarios"
)

// BenchmarkRandomPlayoutAirAssault plays whole quiet games of the air
// assault scenario (flyers, a transport flyer, Rhinos, flak) with
// game.Random on both sides, one game per iteration.
func BenchmarkRandomPlayoutAirAssault(b *testing.B) {
	scns, _ := bundledE40K(b)
	var scn *scenarios.Scenario
	for _, s := range scns {
		if s.File == scenarios.BundledPrefix+"e40k-air-assault" {
			scn = s
		}
	}
	if scn == nil {
		b.Fatal("no bundled e40k-air-assault")
	}
	reg := systems(b)
	seed := uint64(0)
	b.ReportAllocs()
	for b.Loop() {
		seed++
		g, err := reg.New(scn, game.Config{Seed: seed, Quiet: true})
		if err != nil {
			b.Fatal(err)
		}
		ctrls := map[string]game.Controller{"marines": game.Random{Seed: seed}, "orks": game.Random{Seed: seed + 1}}
		if _, err := g.PlayWith(context.Background(), ctrls, game.PlayConfig{Max: 5000}); err != nil {
			b.Fatal(err)
		}
		if !g.State().Over {
			b.Fatal("game not over")
		}
	}
}
