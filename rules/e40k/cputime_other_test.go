//go:build !unix

package e40k

// processCPU is not measured here (cpuPerOp then reports nothing).
func processCPU() int64 { return 0 }
