package main

import (
	"fmt"
	"io"
)

// cmdMeasure is not built yet.
func cmdMeasure(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "auspex measure: not implemented yet")
	return 2
}
