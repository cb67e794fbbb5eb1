package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/auspex/auspex/scenarios"
)

// cmdScenarios lists the bundled scenarios: name, system, title and
// description. Any of them can be opened or checked as bundled:NAME.
func cmdScenarios(args []string, stdout, stderr io.Writer) int {
	if len(args) == 1 && args[0] == "--names" {
		// One name a line, of the scenarios this build plays (scripts).
		reg := shippedSystems()
		for _, b := range scenarios.Bundled() {
			if _, err := reg.ByID(b.System); err == nil {
				fmt.Fprintln(stdout, b.Name)
			}
		}
		return 0
	}
	if len(args) > 0 {
		if args[0] == "-h" || args[0] == "--help" {
			fmt.Fprintln(stdout, "usage: auspex scenarios [--names]   (lists the bundled scenarios; --names: the names of those this build plays, one a line)")
			return 0
		}
		fmt.Fprintf(stderr, "auspex scenarios: takes no arguments, got %q\n", strings.Join(args, " "))
		return 2
	}
	fmt.Fprintln(stdout, "Bundled scenarios (open or check them as bundled:NAME):")
	for _, b := range scenarios.Bundled() {
		def := ""
		if b.Name == scenarios.DefaultName {
			def = " (default)"
		}
		fmt.Fprintf(stdout, "\n  %s%s  [%s]  %s\n", b.Name, def, b.System, b.Title)
		for _, line := range wrap(b.Description, 74) {
			fmt.Fprintf(stdout, "      %s\n", line)
		}
	}
	return 0
}

// wrap splits text into lines of at most width characters at spaces.
func wrap(text string, width int) []string {
	var lines []string
	cur := ""
	for _, w := range strings.Fields(text) {
		if cur != "" && len(cur)+1+len(w) > width {
			lines = append(lines, cur)
			cur = ""
		}
		if cur != "" {
			cur += " "
		}
		cur += w
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}
