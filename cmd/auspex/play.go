package main

import (
	"fmt"
	"io"
)

// cmdPlay is not built yet.
func cmdPlay(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "auspex play: not implemented yet")
	return 2
}
