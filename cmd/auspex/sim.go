package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
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
	// Wins counts the games each side won (every side listed), WinCI is
	// the 95 % Wilson interval of each side's win rate.
	Wins  map[string]int        `json:"wins"`
	WinCI map[string][2]float64 `json:"win_ci95"`
	Draws int                   `json:"draws"`
	// Unfinished games reached the command cap without a result.
	Unfinished int `json:"unfinished"`
	// Failures counts controller failures (safe defaults played), Refused
	// those that were illegal commands.
	Failures int `json:"failures"`
	Refused  int `json:"refused"`
	// MedianDecisionMS and P99DecisionMS are the decision times' median
	// and 99th percentile in milliseconds.
	MedianDecisionMS float64 `json:"median_decision_ms"`
	P99DecisionMS    float64 `json:"p99_decision_ms"`
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
	refused  int
	thinking []time.Duration
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
		return 2
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
	r := simGame{commands: res.Commands, failures: len(res.Failures), thinking: res.Thinking, err: err, over: g.State().Over}
	for _, f := range res.Failures {
		if f.Kind == game.FailRefused {
			r.refused++
		}
	}
	if o := g.State().Result; o != nil {
		r.winner = o.Winner
	}
	return r
}

// summarize counts the results.
func summarize(results []simGame, probe *game.Game, controls controlFlag) simReport {
	rep := simReport{System: probe.System.ID(), Games: len(results), Wins: map[string]int{}, WinCI: map[string][2]float64{}, Controls: map[string]string{}}
	for _, sd := range probe.State().Sides {
		rep.Wins[sd.ID] = 0
		rep.Controls[sd.ID] = ctrlRandom
		if k, ok := controls[sd.ID]; ok {
			rep.Controls[sd.ID] = k
		}
	}
	total := 0
	var thinking []time.Duration
	for _, r := range results {
		total += r.commands
		rep.Failures += r.failures
		rep.Refused += r.refused
		thinking = append(thinking, r.thinking...)
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
	for side, n := range rep.Wins {
		rep.WinCI[side] = wilson(n, len(results))
	}
	if len(thinking) > 0 {
		sort.Slice(thinking, func(i, j int) bool { return thinking[i] < thinking[j] })
		ms := func(q float64) float64 {
			return float64(thinking[int(q*float64(len(thinking)-1))].Microseconds()) / 1000
		}
		rep.MedianDecisionMS, rep.P99DecisionMS = ms(0.5), ms(0.99)
	}
	return rep
}

// wilson is the 95 % Wilson score interval of k successes in n trials.
func wilson(k, n int) [2]float64 {
	if n == 0 {
		return [2]float64{0, 1}
	}
	const z = 1.959964
	p, nf := float64(k)/float64(n), float64(n)
	den := 1 + z*z/nf
	mid := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	return [2]float64{math.Max(0, mid-half), math.Min(1, mid+half)}
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
		ci := rep.WinCI[s]
		fmt.Fprintf(w, "  %-12s wins %5d  %5.1f%%  (95%% CI %.1f-%.1f%%)\n", s, rep.Wins[s], pct(rep.Wins[s]), 100*ci[0], 100*ci[1])
	}
	fmt.Fprintf(w, "  %-12s      %5d  %5.1f%%\n", "draws", rep.Draws, pct(rep.Draws))
	fmt.Fprintf(w, "  unfinished %d, controller failures %d (illegal commands %d), errors %d\n", rep.Unfinished, rep.Failures, rep.Refused, rep.Errors)
	fmt.Fprintf(w, "  decision time: median %.2f ms, 99th percentile %.2f ms\n", rep.MedianDecisionMS, rep.P99DecisionMS)
	fmt.Fprintf(w, "  %.1f commands a game on average; %.1f games/s on %d workers (%.2f s)\n", rep.AvgCommands, rep.GamesPerSecond, rep.Jobs, rep.Seconds)
}
