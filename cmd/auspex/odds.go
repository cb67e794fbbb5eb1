package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/scenarios"
)

// cmdOdds prints the exact odds of an attack in a scenario:
//
//	auspex odds FILE FLAGS...
//
// The scenario's rule system answers (game.OddsTool) and defines the
// flags: for ATII, --attacker ID --weapon NAME --target ID and more (see
// systems/atiisys OddsCommand). Errors: no FILE (exit 2), a scenario that
// does not load, a system without an odds tool (exit 1).
func cmdOdds(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintln(stderr, "usage: auspex odds FILE --attacker ID --weapon NAME --target ID [--aim high|low] [--moved ID=CM ...] [--json]")
		fmt.Fprintln(stderr, "(the flags after FILE are the scenario's rule system's; ATII's are listed with auspex odds FILE -h)")
		for _, a := range args {
			if a == "-h" || a == "-help" || a == "--help" {
				return 0
			}
		}
		return 2
	}
	file, rest := args[0], args[1:]
	cat, err := assets.LoadCatalogue(shippedReaders())
	if err != nil {
		fmt.Fprintf(stderr, "auspex odds: the built-in unit catalogue is invalid (a build problem): %v\n", err)
		return 1
	}
	sc, err := scenarios.Open(file, cat)
	if err != nil {
		fmt.Fprintf(stderr, "%v\n", err)
		return 1
	}
	sys, err := shippedSystems().For(sc)
	if err != nil {
		fmt.Fprintf(stderr, "auspex odds: %v\n", err)
		return 1
	}
	tool, ok := sys.(game.OddsTool)
	if !ok {
		fmt.Fprintf(stderr, "auspex odds: %s is a %s scenario, and %s has no odds tool yet\n", file, sc.System, sys.Name())
		return 1
	}
	return tool.OddsCommand(sc, file, rest, stdout, stderr)
}
