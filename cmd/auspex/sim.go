package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
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
	Errors int `json:"errors"`
	// TurnLimit counts games that ended at the scenario's turn limit.
	TurnLimit int `json:"turn_limit_games"`
	// Players is the match of --p1 against --p2 (nil with --control).
	Players        *simMatch `json:"players,omitempty"`
	AvgCommands    float64   `json:"avg_commands"`
	Seconds        float64   `json:"seconds"`
	GamesPerSecond float64   `json:"games_per_second"`
	Jobs           int       `json:"jobs"`
}

// simMatch is player 1 against player 2 over every game (each player
// counted on whichever side it played).
type simMatch struct {
	P1, P2 string
	Swap   bool
	// Wins of each player, Draws, and P1's score (wins and half the
	// draws over the finished games) with its 95 % Wilson interval.
	P1Wins, P2Wins, Draws int
	P1Score               float64    `json:"p1_score"`
	P1ScoreCI             [2]float64 `json:"p1_score_ci95"`
	// MeanMargin is P1's score (victory points) minus P2's, averaged
	// over the games (HasMargin false when the system keeps no score).
	MeanMargin float64 `json:"mean_margin"`
	HasMargin  bool    `json:"has_margin"`
}

// simGame is the outcome of one simulated game.
type simGame struct {
	// p1 is the side player 1 had (with --p1/--p2).
	p1       string
	score    map[string]int
	atLimit  bool
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
//	    [--p1 KIND --p2 KIND [--swap]] [--jobs J] [--max-commands M]
//	    [--deadline D] [--json]
//
// Game i uses seed S+i and the engine's quiet mode; sides not named in
// --control play random. --p1 and --p2 name two players instead: player 1
// takes the first side, player 2 the second; with --swap every other game
// replays the same seed with the sides swapped, and the report counts
// each player's wins wherever it stood. Games run on J workers (default:
// every core); the results do not depend on J. A progress line is written
// to stderr when it is a terminal. Exit codes: 0 done, 1 the scenario or
// a game failed, 2 bad usage, 3 with --strict a game stalled, a controller
// failed or tried an illegal command.
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
	fs.Var(controls, "control", "SIDE=script|ai[:SECONDS]|greedy|random,... (repeatable; unnamed sides play random)")
	p1 := fs.String("p1", "", "player 1's kind (the first side; with --p2, instead of --control)")
	p2 := fs.String("p2", "", "player 2's kind (the second side)")
	swap := fs.Bool("swap", false, "with --p1/--p2: every other game swaps the sides on the same seed")
	strict := fs.Bool("strict", false, "exit 3 when a game stalled at the command cap, a controller failed or tried an illegal command (soak tests)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: auspex sim FILE [--games N] [--seed S] [--control red=greedy,blue=random | --p1 ai --p2 greedy [--swap]] [--jobs J] [--json]")
		fs.PrintDefaults()
	}
	pos, err := splitArgs(fs, args)
	if err != nil {
		return 2
	}
	if len(pos) != 1 || *games < 1 || *jobs < 1 || *maxCmds < 1 || (*p1 == "") != (*p2 == "") || (*p1 != "" && len(controls) > 0) || (*swap && *p1 == "") {
		fs.Usage()
		return 2
	}
	var match *simMatch
	if *p1 != "" {
		for _, k := range []string{*p1, *p2} {
			if err := (controlFlag{}).Set("x=" + k); err != nil || k == ctrlHuman {
				fmt.Fprintf(stderr, "auspex sim: player %q: a simulation needs a computer player (script, ai[:SECONDS], greedy or random)\n", k)
				return 2
			}
		}
		match = &simMatch{P1: *p1, P2: *p2, Swap: *swap}
	}
	for side, kind := range controls {
		if kind == ctrlHuman {
			fmt.Fprintf(stderr, "auspex sim: --control %s=human: a simulation has no humans (use greedy or random)\n", side)
			return 2
		}
	}
	cat, err := assets.LoadCatalogue(shippedReaders())
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
	sides := probe.State().Sides
	if match != nil && len(sides) != 2 {
		fmt.Fprintf(stderr, "auspex sim: --p1/--p2 need a two-sided game (this one has %d sides)\n", len(sides))
		return 2
	}
	perGame := func(i int) (controlFlag, uint64, string) {
		if match == nil {
			return controls, *seed + uint64(i), ""
		}
		if match.Swap {
			c := controlFlag{sides[0].ID: match.P1, sides[1].ID: match.P2}
			if i%2 == 1 {
				c = controlFlag{sides[0].ID: match.P2, sides[1].ID: match.P1}
				return c, *seed + uint64(i/2), sides[1].ID
			}
			return c, *seed + uint64(i/2), sides[0].ID
		}
		return controlFlag{sides[0].ID: match.P1, sides[1].ID: match.P2}, *seed + uint64(i), sides[0].ID
	}
	for i := 0; i < min(2, *games); i++ {
		c, _, _ := perGame(i)
		if err := c.checkSides(probe.State()); err != nil {
			fmt.Fprintf(stderr, "auspex sim: %v\n", err)
			return 2
		}
		if _, err := c.computers(probe, ctrlRandom); err != nil {
			fmt.Fprintf(stderr, "auspex sim: %v\n", err)
			return 2
		}
	}
	start := time.Now()
	results := simulate(reg, scn, cat, perGame, *games, *jobs, game.PlayConfig{Max: *maxCmds, Deadline: *deadline}, progressTo(stderr, *asJSON))
	rep := summarize(results, probe, controls)
	if match != nil {
		rep.Controls = map[string]string{"p1": match.P1, "p2": match.P2}
		rep.Players = matchOf(results, *match)
	}
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
			_, sd, _ := perGame(i)
			fmt.Fprintf(stderr, "auspex sim: game %d (seed %d): %v\n", i+1, sd, r.err)
			return 1
		}
	}
	if *strict && (rep.Unfinished > 0 || rep.Failures > 0 || rep.Refused > 0) {
		fmt.Fprintf(stderr, "auspex sim: %s: %d games stalled, %d controller failures, %d illegal commands\n", pos[0], rep.Unfinished, rep.Failures, rep.Refused)
		return 3
	}
	return 0
}

// progressTo returns a function that writes "games done / all" over one
// line of w when w is a terminal (and not for JSON output), else nil.
func progressTo(w io.Writer, quiet bool) func(done, all int) {
	f, ok := w.(*os.File)
	if quiet || !ok {
		return nil
	}
	if fi, err := f.Stat(); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return nil
	}
	return func(done, all int) {
		const width = 30
		n := width * done / all
		fmt.Fprintf(w, "\r[%s%s] %d/%d games", strings.Repeat("#", n), strings.Repeat(".", width-n), done, all)
		if done == all {
			fmt.Fprintln(w)
		}
	}
}

// matchOf counts player 1 against player 2.
func matchOf(results []simGame, m simMatch) *simMatch {
	finished, margins, scored := 0, 0, 0
	for _, r := range results {
		if r.err != nil || !r.over {
			continue
		}
		finished++
		switch {
		case r.winner == "":
			m.Draws++
		case r.winner == r.p1:
			m.P1Wins++
		default:
			m.P2Wins++
		}
		if r.score != nil {
			other := 0
			for side, v := range r.score {
				if side != r.p1 {
					other += v
				}
			}
			margins += r.score[r.p1] - other
			scored++
		}
	}
	if finished > 0 {
		m.P1Score = (float64(m.P1Wins) + float64(m.Draws)/2) / float64(finished)
		m.P1ScoreCI = wilsonP(m.P1Score, finished)
	}
	if scored > 0 {
		m.MeanMargin, m.HasMargin = float64(margins)/float64(scored), true
	}
	return &m
}

// simulate plays n games on jobs workers; game i's controls and seed come
// from perGame (with the side player 1 has, "" without players); result
// i is game i. progress, when not nil, is told of each finished game.
func simulate(reg *game.Systems, scn *scenarios.Scenario, cat *catalog.Catalogue, perGame func(int) (controlFlag, uint64, string), n, jobs int, cfg game.PlayConfig, progress func(done, all int)) []simGame {
	out := make([]simGame, n)
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for w := 0; w < min(jobs, n); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				controls, seed, p1 := perGame(i)
				out[i] = simOne(reg, scn, cat, controls, seed, cfg)
				out[i].p1 = p1
				if progress != nil {
					mu.Lock()
					done++
					progress(done, n)
					mu.Unlock()
				}
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
	if sc, ok := g.Score(); ok {
		r.score = sc
	}
	r.atLimit = r.over && scn.TurnLimit > 0 && g.State().Turn >= scn.TurnLimit
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
		if r.atLimit {
			rep.TurnLimit++
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
	return wilsonP(float64(k)/float64(n), n)
}

// wilsonP is the 95 % Wilson score interval of a proportion p over n
// trials.
func wilsonP(p float64, n int) [2]float64 {
	const z = 1.959964
	nf := float64(n)
	den := 1 + z*z/nf
	mid := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	// The interval always holds p itself (rounding at p = 0 or 1 aside).
	return [2]float64{math.Max(0, math.Min(p, mid-half)), math.Min(1, math.Max(p, mid+half))}
}

func printSim(w io.Writer, rep simReport, probe *game.Game) {
	var ctl []string
	sides := make([]string, 0, len(rep.Wins))
	for _, sd := range probe.State().Sides {
		sides = append(sides, sd.ID)
		if rep.Players == nil {
			ctl = append(ctl, sd.ID+"="+rep.Controls[sd.ID])
		}
	}
	if m := rep.Players; m != nil {
		ctl = append(ctl, "p1="+m.P1, "p2="+m.P2)
	}
	sort.Strings(ctl)
	fmt.Fprintf(w, "%s (%s): %d games, seeds %d..%d, %s\n", rep.Scenario, probe.System.Name(), rep.Games, rep.Seed, rep.Seed+uint64(rep.Games)-1, strings.Join(ctl, " "))
	pct := func(n int) float64 { return 100 * float64(n) / float64(rep.Games) }
	for _, s := range sides {
		ci := rep.WinCI[s]
		fmt.Fprintf(w, "  %-12s wins %5d  %5.1f%%  (95%% CI %.1f-%.1f%%)\n", s, rep.Wins[s], pct(rep.Wins[s]), 100*ci[0], 100*ci[1])
	}
	fmt.Fprintf(w, "  %-12s      %5d  %5.1f%%\n", "draws", rep.Draws, pct(rep.Draws))
	if m := rep.Players; m != nil {
		fmt.Fprintf(w, "  player 1 (%s) against player 2 (%s)%s: %d won, %d lost, %d drawn; score %.1f%% (95%% CI %.1f-%.1f%%)",
			m.P1, m.P2, map[bool]string{true: ", sides swapped every other game", false: ""}[m.Swap], m.P1Wins, m.P2Wins, m.Draws, 100*m.P1Score, 100*m.P1ScoreCI[0], 100*m.P1ScoreCI[1])
		if m.HasMargin {
			fmt.Fprintf(w, "; mean margin %+.1f", m.MeanMargin)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "  unfinished (stalled at the command cap) %d, ended at the turn limit %d, controller failures %d (illegal commands %d), errors %d\n", rep.Unfinished, rep.TurnLimit, rep.Failures, rep.Refused, rep.Errors)
	fmt.Fprintf(w, "  decision time: median %.2f ms, 99th percentile %.2f ms\n", rep.MedianDecisionMS, rep.P99DecisionMS)
	fmt.Fprintf(w, "  %.1f commands a game on average; %.1f games/s on %d workers (%.2f s)\n", rep.AvgCommands, rep.GamesPerSecond, rep.Jobs, rep.Seconds)
}
