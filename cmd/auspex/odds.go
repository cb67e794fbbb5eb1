package main

import (
	"fmt"
	"io"
)

// cmdOdds is not built yet.
func cmdOdds(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "auspex odds: not implemented yet")
	return 2
}
