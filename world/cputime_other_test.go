//go:build !unix

package world

// processCPU is not measured on this platform.
func processCPU() int64 { return 0 }
