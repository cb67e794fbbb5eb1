package main

import (
	"fmt"
	"io"
)

// cmdLOS is not built yet.
func cmdLOS(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "auspex los: not implemented yet")
	return 2
}
