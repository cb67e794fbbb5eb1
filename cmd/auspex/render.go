package main

import (
	"fmt"
	"io"
)

// cmdRender is not built yet.
func cmdRender(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "auspex render: not implemented yet")
	return 2
}
