package main

import (
	"fmt"
	"io"
)

// cmdReplay is not built yet.
func cmdReplay(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "auspex replay: not implemented yet")
	return 2
}
