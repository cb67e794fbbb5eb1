//go:build unix

package game_test

import "syscall"

// processCPU is the CPU time (user + system) this process has used, in ns
// (as in world's benchmarks): on a shared, oversubscribed machine wall
// time includes waiting for a core, CPU time does not.
func processCPU() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
