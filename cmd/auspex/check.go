package main

import (
	"fmt"
	"io"
)

// cmdCheck is not built yet.
func cmdCheck(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "auspex check: not implemented yet")
	return 2
}
