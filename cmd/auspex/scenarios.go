package main

import (
	"fmt"
	"io"
)

// cmdScenarios is not built yet.
func cmdScenarios(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "auspex scenarios: not implemented yet")
	return 2
}
