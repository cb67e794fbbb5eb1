package game

import (
	"io"

	"github.com/auspex/auspex/scenarios"
)

// OddsTool is implemented by systems that answer `auspex odds`: the exact
// odds of an attack on the table of scn (read from file), described by
// the system's own flags in args (those after FILE). OddsCommand writes
// the answer to stdout and errors to stderr, and returns the exit code: 0,
// 1 for an error, 2 for bad usage.
type OddsTool interface {
	OddsCommand(scn *scenarios.Scenario, file string, args []string, stdout, stderr io.Writer) int
}
