package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
)

// wireFunc supplies what replaying a parsed save needs: the registry of
// rulesets and the builder that turns the save's scenario text into the
// initial rules.State. err is a problem rebuilding a readable save: a
// ruleset this build cannot replay, or a scenario that no longer parses.
type wireFunc func(sv *rules.Save) (*rules.Registry, rules.BuildFunc, error)

// gameWiring is the real wireFunc: ATII saves get the ATII ruleset bound
// to the save's own table (Systems.Wiring refuses a ruleset it cannot replay,
// naming the one it can).
func gameWiring(sv *rules.Save) (*rules.Registry, rules.BuildFunc, error) {
	reg, build, _, _, err := shippedSystems().Wiring(sv, nil)
	return reg, build, err
}

// cmdReplay implements `auspex replay SAVE [--json]`: it replays a saved
// game through the rules engine, checking the state hash recorded after
// every command, and prints the game log turn by turn and the result (or,
// with --json, a JSON report). The file is read once (a regular file of at
// most rules.MaxSaveSize bytes) and parsed once. Exit codes: 0 verified, 1
// the save is bad or does not replay, 2 usage.
func cmdReplay(args []string, stdout, stderr io.Writer) int {
	return replayWith(args, stdout, stderr, gameWiring)
}

// replayReport is the --json output.
type replayReport struct {
	File     string            `json:"file"`
	Ruleset  string            `json:"ruleset"`
	Options  map[string]string `json:"options,omitempty"`
	Seed     uint64            `json:"seed"`
	Commands int               `json:"commands"`
	Verified bool              `json:"verified"`
	// Note says why the hashes were not verified (an older save format).
	Note string `json:"note,omitempty"`
	// Quirks are the earlier rules the game keeps (rules.State.Quirks).
	Quirks  []string        `json:"quirks,omitempty"`
	Hash    string          `json:"final_hash"`
	Turn    int             `json:"turn"`
	Phase   string          `json:"phase"`
	Step    string          `json:"step"`
	Over    bool            `json:"over"`
	Result  *rules.Outcome  `json:"result,omitempty"`
	Pending *rules.Decision `json:"pending,omitempty"`
	// Units are every unit at the end: position, facing and the
	// ruleset's state (damage, shields) under "ext".
	Units []rules.Unit  `json:"units"`
	Log   []rules.Event `json:"log"`
	// Notes are the computer players' reasons, by command number.
	Notes []replayNote `json:"notes,omitempty"`
	// Files are the player's catalogue files the save keeps copies of.
	Files []replayFile `json:"files,omitempty"`
}

// replayFile names a file kept in the save (base: added outside the
// scenario, from the start screen or --catalogue).
type replayFile struct {
	Name string `json:"name"`
	Base bool   `json:"base,omitempty"`
	Size int    `json:"bytes"`
}

// replayNote is one command's note (a computer player's reason).
type replayNote struct {
	Command int    `json:"command"`
	Side    string `json:"side"`
	Text    string `json:"text"`
}

// notesOf lists the notes of a replayed game's commands.
func notesOf(e *rules.Engine) []replayNote {
	var out []replayNote
	for i, r := range e.History() {
		if r.Note != "" {
			out = append(out, replayNote{Command: i + 1, Side: r.Cmd.Actor(), Text: r.Note})
		}
	}
	return out
}

// runReplay replays with a fixed registry and builder (tests' own
// rulesets).
func runReplay(args []string, stdout, stderr io.Writer, reg *rules.Registry, build rules.BuildFunc) int {
	return replayWith(args, stdout, stderr, func(*rules.Save) (*rules.Registry, rules.BuildFunc, error) { return reg, build, nil })
}

func replayWith(args []string, stdout, stderr io.Writer, wire wireFunc) int {
	asJSON := false
	var files []string
	for _, a := range args {
		switch a {
		case "--json", "-json":
			asJSON = true
		case "-h", "--help", "help":
			fmt.Fprintln(stdout, "usage: auspex replay SAVE [--json]\n\nReplays a saved game, checks the state hash after every command and prints the log.")
			return 0
		default:
			if strings.HasPrefix(a, "-") {
				fmt.Fprintf(stderr, "auspex replay: unknown flag %s\nusage: auspex replay SAVE [--json]\n", a)
				return 2
			}
			files = append(files, a)
		}
	}
	if len(files) != 1 {
		fmt.Fprintln(stderr, "usage: auspex replay SAVE [--json]")
		return 2
	}
	path := files[0]
	sv, err := game.ReadSaveFile(path)
	if err != nil {
		fmt.Fprintf(stderr, "auspex replay: %v\n", err)
		return 1
	}
	reg, build, err := wire(sv)
	if err != nil {
		fmt.Fprintf(stderr, "auspex replay: %s: %v\n", path, err)
		return 1
	}
	if _, err := reg.Get(sv.Ruleset); err != nil {
		fmt.Fprintf(stderr, "auspex replay: %s: the save uses ruleset %s, which this build cannot replay (%v)\n", path, rules.QuoteShort(sv.Ruleset), err)
		return 1
	}
	if build == nil {
		fmt.Fprintf(stderr, "auspex replay: %s: this build cannot rebuild scenarios for replay yet\n", path)
		return 1
	}
	e, err := rules.Replay(sv, reg, build, rules.Config{})
	if err != nil {
		fmt.Fprintf(stderr, "auspex replay: %s: %v\n", path, err)
		if errors.Is(err, rules.ErrHashMismatch) {
			fmt.Fprintln(stderr, "the game does not replay to the recorded states: the save was edited, or it was made by a version with different rules")
		}
		return 1
	}
	s := e.State()
	if asJSON {
		rep := replayReport{
			File: path, Ruleset: sv.Ruleset, Options: s.Options, Seed: s.Seed,
			Commands: len(sv.Commands), Verified: e.LoadNote() == "", Note: e.LoadNote(), Quirks: s.Quirks, Hash: rules.HashString(s.Hash()),
			Turn: s.Turn, Phase: s.Phase, Step: s.Step, Over: s.Over, Result: s.Result, Pending: s.Pending,
			Units: s.Units, Log: s.Log, Notes: notesOf(e),
		}
		for _, f := range sv.Files {
			rep.Files = append(rep.Files, replayFile{Name: f.Name, Base: f.Base, Size: len(f.Text)})
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(&rep); err != nil {
			fmt.Fprintf(stderr, "auspex replay: %v\n", err)
			return 1
		}
		return 0
	}
	printReplay(stdout, path, sv, e)
	return 0
}

// printReplay writes the human-readable log: a header, then each command
// with the events it caused, then where the game stands.
func printReplay(w io.Writer, path string, sv *rules.Save, e *rules.Engine) {
	s := e.State()
	verified := "every state hash verified"
	if note := e.LoadNote(); note != "" {
		verified = note
	}
	fmt.Fprintf(w, "%s: %s, seed %d, %d commands, %s\n", path, e.Ruleset().Name(), s.Seed, len(sv.Commands), verified)
	if len(s.Options) > 0 {
		var opts []string
		for _, k := range sortedStrings(s.Options) {
			opts = append(opts, k+"="+s.Options[k])
		}
		fmt.Fprintf(w, "options: %s\n", strings.Join(opts, " "))
	}
	if len(s.Quirks) > 0 {
		fmt.Fprintf(w, "kept from the rules it began under: %s\n", strings.Join(s.Quirks, " "))
	}
	hist := e.History()
	cur := -1
	for _, ev := range s.Log {
		if ev.Kind == rules.EvTurn {
			fmt.Fprintf(w, "\n======== %s ========\n", ev.Text)
			continue
		}
		if ev.Cmd != cur {
			cur = ev.Cmd
			if cur == 0 {
				fmt.Fprintln(w, "\n== start")
			} else if cur-1 < len(hist) {
				r := hist[cur-1]
				fmt.Fprintf(w, "\n== %d. %s by %s %s\n", cur, r.Cmd.Name(), r.Cmd.Actor(), r.Args)
				if r.Note != "" {
					fmt.Fprintf(w, "   why: %s\n", r.Note)
				}
			}
		}
		fmt.Fprintf(w, "   %s\n", ev.Text)
	}
	fmt.Fprintln(w)
	switch {
	case s.Over && s.Result != nil:
		winner := "no winner"
		if s.Result.Winner != "" {
			winner = "winner " + s.Result.Winner
		}
		fmt.Fprintf(w, "game over at turn %d: %s (%s)\n", s.Turn, s.Result.Kind, winner)
	case s.Pending != nil:
		fmt.Fprintf(w, "in progress: turn %d, %s; waiting for %s (%s)\n", s.Turn, s.Step, s.Pending.Side, s.Pending.Kind)
	default:
		fmt.Fprintf(w, "in progress: turn %d, %s\n", s.Turn, s.Step)
	}
	fmt.Fprintf(w, "final state hash %s\n", rules.HashString(s.Hash()))
}

func sortedStrings(m map[string]string) []string { return slices.Sorted(maps.Keys(m)) }
