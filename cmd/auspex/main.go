// Command auspex is the Auspex battlefield visualiser and solo-play tool.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "auspex: under construction")
	os.Exit(2)
}
