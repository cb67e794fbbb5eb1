package e40ksys_test

import (
	"context"
	"testing"

	"github.com/auspex/auspex/game"
)

// BenchmarkRandomPlayoutCombinedArms plays whole quiet games of the
// combined-arms scenario with game.Random on both sides (templates
// filled by the E40K candidate generator), one game per iteration.
func BenchmarkRandomPlayoutCombinedArms(b *testing.B) {
	scn := combinedArms(b)
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
