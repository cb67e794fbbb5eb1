package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/scenarios"
)

// cmdCheck validates scenario files (paths or bundled:NAME) and prints
// "FILE: OK" for each good one and every problem of each bad one as
// file:line:col: message. Exit code 0 when all are good, 1 when any is not,
// 2 on a usage error.
func cmdCheck(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprintln(stderr, "usage: auspex check FILE... (a path or bundled:NAME; see auspex scenarios)")
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	cat, err := loadCatalogue()
	if err != nil {
		fmt.Fprintf(stderr, "auspex check: %v\n", err)
		return 1
	}
	code := 0
	for _, ref := range args {
		s, err := scenarios.Open(ref, cat)
		if err != nil {
			code = 1
			printScenarioError(stderr, ref, err)
			continue
		}
		fmt.Fprintf(stdout, "%s: OK\n", ref)
		if ph := s.Placeholders(); len(ph) > 0 {
			fmt.Fprintf(stdout, "%s: note: %d profiles are placeholders, not published values (see docs/rules/e40k-armies.md): %s\n", ref, len(ph), strings.Join(ph, ", "))
		}
	}
	return code
}

// loadCatalogue loads the embedded unit catalogue with a clear message.
func loadCatalogue() (*catalog.Catalogue, error) {
	cat, err := assets.LoadCatalogue(shippedReaders())
	if err != nil {
		return nil, fmt.Errorf("the built-in unit catalogue is invalid (a build problem):\n%w", err)
	}
	return cat, nil
}

// printScenarioError prints validation errors one per line, or a single
// "REF: message" for other failures (missing file, unknown bundled name).
func printScenarioError(w io.Writer, ref string, err error) {
	var es scenarios.Errors
	if errors.As(err, &es) {
		for _, e := range es {
			fmt.Fprintln(w, e.Error())
		}
		return
	}
	msg := err.Error()
	if !strings.Contains(msg, ref) {
		msg = ref + ": " + msg
	}
	fmt.Fprintln(w, msg)
}

// openScenario loads the scenario named on a command line, printing the
// problem for the user when it fails.
func openScenario(cmd, ref string, stderr io.Writer) (*scenarios.Scenario, bool) {
	cat, err := loadCatalogue()
	if err != nil {
		fmt.Fprintf(stderr, "auspex %s: %v\n", cmd, err)
		return nil, false
	}
	s, err := scenarios.Open(ref, cat)
	if err != nil {
		fmt.Fprintf(stderr, "auspex %s: cannot use %s:\n", cmd, ref)
		printScenarioError(stderr, ref, err)
		return nil, false
	}
	return s, true
}
