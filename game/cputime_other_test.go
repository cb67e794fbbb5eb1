//go:build !unix

package game_test

// processCPU is not measured on this platform.
func processCPU() int64 { return 0 }
