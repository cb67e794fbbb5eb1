package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/scenarios"
)

// simReport is what auspex sim prints (--json: as is).
type simReport struct {
	Scenario string            `json:"scenario"`
	System   string            `json:"system"`
	Games    int               `json:"games"`
	Seed     uint64            `json:"seed"`
	Controls map[string]string `json:"controls"`
	// Wins counts the games each side won (every side listed).
	Wins  map[string]int `json:"wins"`
	Draws int            `json:"draws"`
	// Unfinished games reached the command cap without a result.
	Unfinished int `json:"unfinished"`
	// Failures counts controller failures (safe defaults played).
	Failures int `json:"failures"`
	// Errors counts games stopped by an error (the first is printed).
	Errors         int     `json:"errors"`
	AvgCommands    float64 `json:"avg_commands"`
	Seconds        float64 `json:"seconds"`
	GamesPerSecond float64 `json:"games_per_second"`
	Jobs           int     `json:"jobs"`
}

// simGame is the outcome of one simulated game.
type simGame struct {
	winner   string
	over     bool
	commands int
	failures int
	err      error
}

// cmdSim plays games without a window and prints the results:
//
//	auspex sim FILE [--games N] [--seed S] [--control SIDE=KIND,...]
//	    [--jobs J] [--max-commands M] [--deadline D] [--json]
//
// Game i uses seed S+i and the engine's quiet mode; sides not named in
// --control play random. Games run on J workers (default: every core);
// the results do not depend on J. Exit codes: 0 done, 1 the scenario or a
// game failed, 2 bad usage.
func cmdSim(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	games := fs.Int("games", 100, "number of games")
	seed := fs.Uint64("seed", 1, "seed of the first game (game i uses seed+i)")
	jobs := fs.Int("jobs", runtime.GOMAXPROCS(0), "games played at once")
	maxCmds := fs.Int("max-commands", 5000, "commands after which a game counts as unfinished")
	deadline := fs.Duration("deadline", 0, "time budget of each decision (0: none); a controller past it takes the safe default")
	asJSON := fs.Bool("json", false, "print JSON")
	controls := controlFlag{}
	fs.Var(controls, "control", "SIDE=greedy|random,... (repeatable; unnamed sides play random)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: auspex sim FILE [--games N] [--seed S] [--control red=greedy,blue=random] [--jobs J] [--json]")
		fs.PrintDefaults()
	}
	pos, err := splitArgs(fs, args)
	if err != nil {
		return 2
	}
	if len(pos) != 1 || *games < 1 || *jobs < 1 || *maxCmds < 1 {
		fs.Usage()
		return 2
	}
	for side, kind := range controls {
		if kind == ctrlHuman {
			fmt.Fprintf(stderr, "auspex sim: --control %s=human: a simulation has no humans (use greedy or random)\n", side)
			return 2
		}
	}
	cat, err := assets.LoadCatalogue()
	if err != nil {
		fmt.Fprintf(stderr, "auspex sim: the built-in unit catalogue is invalid (a build problem): %v\n", err)
		return 1
	}
	scn, err := scenarios.Open(pos[0], cat)
	if err != nil {
		fmt.Fprintf(stderr, "%v\n", err)
		return 1
	}
	reg := shippedSystems()
	probe, err := reg.New(scn, game.Config{Seed: *seed, Catalogue: cat, Quiet: true})
	if err != nil {
		fmt.Fprintf(stderr, "auspex sim: %v\n", err)
		return 1
	}
	if err := controls.checkSides(probe.State()); err != nil {
		fmt.Fprintf(stderr, "auspex sim: %v\n", err)
		return 2
	}
	if _, err := controls.computers(probe, ctrlRandom); err != nil {
		fmt.Fprintf(stderr, "auspex sim: %v\n", err)
		return 1
	}
	start := time.Now()
	results := simulate(reg, scn, cat, controls, *seed, *games, *jobs, game.PlayConfig{Max: *maxCmds, Deadline: *deadline})
	rep := summarize(results, probe, controls)
	rep.Scenario, rep.Seed, rep.Jobs = pos[0], *seed, min(*jobs, *games)
	rep.Seconds = time.Since(start).Seconds()
	if rep.Seconds > 0 {
		rep.GamesPerSecond = float64(*games) / rep.Seconds
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			fmt.Fprintf(stderr, "auspex sim: %v\n", err)
			return 1
		}
	} else {
		printSim(stdout, rep, probe)
	}
	for i, r := range results {
		if r.err != nil {
			fmt.Fprintf(stderr, "auspex sim: game %d (seed %d): %v\n", i+1, *seed+uint64(i), r.err)
			return 1
		}
	}
	return 0
}

// simulate plays games seed..seed+n-1 on jobs workers; result i is game i.
func simulate(reg *game.Systems, scn *scenarios.Scenario, cat *catalog.Catalogue, controls controlFlag, seed uint64, n, jobs int, cfg game.PlayConfig) []simGame {
	out := make([]simGame, n)
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < min(jobs, n); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i] = simOne(reg, scn, cat, controls, seed+uint64(i), cfg)
			}
		}()
	}
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

// simOne plays one quiet game to its end or the command cap.
func simOne(reg *game.Systems, scn *scenarios.Scenario, cat *catalog.Catalogue, controls controlFlag, seed uint64, cfg game.PlayConfig) simGame {
	g, err := reg.New(scn, game.Config{Seed: seed, Catalogue: cat, Quiet: true})
	if err != nil {
		return simGame{err: err}
	}
	ctrls, err := controls.computers(g, ctrlRandom)
	if err != nil {
		return simGame{err: err}
	}
	res, err := g.PlayWith(context.Background(), ctrls, cfg)
	r := simGame{commands: res.Commands, failures: len(res.Failures), err: err, over: g.State().Over}
	if o := g.State().Result; o != nil {
		r.winner = o.Winner
	}
	return r
}

// summarize counts the results.
func summarize(results []simGame, probe *game.Game, controls controlFlag) simReport {
	rep := simReport{System: probe.System.ID(), Games: len(results), Wins: map[string]int{}, Controls: map[string]string{}}
	for _, sd := range probe.State().Sides {
		rep.Wins[sd.ID] = 0
		rep.Controls[sd.ID] = ctrlRandom
		if k, ok := controls[sd.ID]; ok {
			rep.Controls[sd.ID] = k
		}
	}
	total := 0
	for _, r := range results {
		total += r.commands
		rep.Failures += r.failures
		switch {
		case r.err != nil:
			rep.Errors++
		case !r.over:
			rep.Unfinished++
		case r.winner == "":
			rep.Draws++
		default:
			rep.Wins[r.winner]++
		}
	}
	rep.AvgCommands = float64(total) / float64(len(results))
	return rep
}

func printSim(w io.Writer, rep simReport, probe *game.Game) {
	var ctl []string
	sides := make([]string, 0, len(rep.Wins))
	for _, sd := range probe.State().Sides {
		sides = append(sides, sd.ID)
		ctl = append(ctl, sd.ID+"="+rep.Controls[sd.ID])
	}
	sort.Strings(ctl)
	fmt.Fprintf(w, "%s (%s): %d games, seeds %d..%d, %s\n", rep.Scenario, probe.System.Name(), rep.Games, rep.Seed, rep.Seed+uint64(rep.Games)-1, strings.Join(ctl, " "))
	pct := func(n int) float64 { return 100 * float64(n) / float64(rep.Games) }
	for _, s := range sides {
		fmt.Fprintf(w, "  %-12s wins %5d  %5.1f%%\n", s, rep.Wins[s], pct(rep.Wins[s]))
	}
	fmt.Fprintf(w, "  %-12s      %5d  %5.1f%%\n", "draws", rep.Draws, pct(rep.Draws))
	fmt.Fprintf(w, "  unfinished %d, controller failures %d, errors %d\n", rep.Unfinished, rep.Failures, rep.Errors)
	fmt.Fprintf(w, "  %.1f commands a game on average; %.1f games/s on %d workers (%.2f s)\n", rep.AvgCommands, rep.GamesPerSecond, rep.Jobs, rep.Seconds)
}
