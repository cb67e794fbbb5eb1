//go:build unix

package e40k

import "syscall"

// processCPU is the CPU time (user and system) the process has used, in
// ns: on a shared machine the odds benchmarks report it per operation
// beside wall time, which includes waiting for a core.
func processCPU() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
