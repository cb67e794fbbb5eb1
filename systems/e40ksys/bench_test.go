package e40ksys_test

import (
	"context"
	"syscall"
	"testing"
	"time"

	"github.com/auspex/auspex/game"
)

// BenchmarkRandomPlayoutCombinedArms plays whole quiet games of the
// combined-arms scenario with game.Random on both sides (templates
// filled by the E40K candidate generator), one game per iteration.
// Besides the wall time it reports the process's CPU time per game
// (cpu-ms/game: every thread, the garbage collector included), which the
// machine's other jobs do not inflate, and games per CPU second.
func BenchmarkRandomPlayoutCombinedArms(b *testing.B) {
	scn := combinedArms(b)
	reg := systems(b)
	seed := uint64(0)
	b.ReportAllocs()
	cpu0 := cpuTime(b)
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
	cpu := cpuTime(b) - cpu0
	b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/game")
	b.ReportMetric(float64(b.N)/cpu.Seconds(), "games/cpu-s")
}

// cpuTime is the CPU time (user and system) the process has used.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
