// Command auspex is the Auspex battlefield visualiser and solo-play tool.
//
// Usage:
//
//	auspex [play] [FILE]            open the window (default scenario when no FILE;
//	                                --control SIDE=human|greedy|random)
//	auspex check FILE...            validate scenario files
//	auspex los FILE FROM TO         line of sight between units or x,y points
//	auspex measure FILE A B         edge-to-edge distance in cm
//	auspex render FILE -o OUT       export a PNG or true-scale SVG map
//	auspex odds FILE ...            exact odds of an attack
//	auspex replay SAVE              verify and print a saved game
//	auspex sim FILE --games N ...   play computer games headless, print results
//	auspex scenarios                list the bundled scenarios
//
// main only wires: every subcommand lives in its own file and returns an
// exit code; user errors are printed, never panicked.
package main

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// command is one subcommand: run gets the arguments after its name and the
// output streams, and returns the process exit code.
type command struct {
	summary string
	run     func(args []string, stdout, stderr io.Writer) int
}

func commands() map[string]command {
	return map[string]command{
		"play":      {"open the window on a scenario (default: the bundled titan duel)", cmdPlay},
		"check":     {"validate scenario files; prints OK or file:line:col errors", cmdCheck},
		"los":       {"line of sight: auspex los FILE FROM TO (unit ids or x,y)", cmdLOS},
		"measure":   {"edge-to-edge distance: auspex measure FILE A B", cmdMeasure},
		"render":    {"export a map: auspex render FILE -o OUT.png|OUT.svg", cmdRender},
		"odds":      {"exact odds of an attack: auspex odds FILE --attacker ID --weapon W --target ID", cmdOdds},
		"replay":    {"verify a saved game and print its log: auspex replay SAVE", cmdReplay},
		"sim":       {"play games without a window: auspex sim FILE --games N --control red=greedy,blue=random", cmdSim},
		"scenarios": {"list the bundled scenarios", cmdScenarios},
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	cmds := commands()
	if len(args) > 0 {
		switch args[0] {
		case "help", "-h", "--help":
			usage(stdout, cmds)
			return 0
		}
		if c, ok := cmds[args[0]]; ok {
			return c.run(args[1:], stdout, stderr)
		}
		if strings.HasPrefix(args[0], "-") || strings.HasSuffix(args[0], ".yaml") || strings.HasSuffix(args[0], ".yml") ||
			strings.HasSuffix(args[0], ".auspex-save") || strings.HasSuffix(args[0], ".json") {
			return cmdPlay(args, stdout, stderr)
		}
		fmt.Fprintf(stderr, "auspex: unknown command %q\n\n", args[0])
		usage(stderr, cmds)
		return 2
	}
	return cmdPlay(nil, stdout, stderr)
}

func usage(w io.Writer, cmds map[string]command) {
	fmt.Fprintln(w, "Auspex: battlefield visualiser and solo-play tool for Epic-scale wargames.")
	fmt.Fprintln(w, "\nUsage: auspex [command] [arguments]\n\nCommands:")
	names := make([]string, 0, len(cmds))
	for n := range cmds {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, cmds[n].summary)
	}
	fmt.Fprintln(w, "\nWith no command, auspex opens the window on the default scenario.")
}
