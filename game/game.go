// Package game is the bridge between a scenario and the rules engine: it
// starts a game of a parsed *scenarios.Scenario with the rule system that
// plays it (System, registered in a Systems value), saves and loads games
// as files, and drives the decisions of computer-controlled sides through
// the Controller interface. It imports no rule system.
//
// The rules packages stay pure; this package does the file I/O (saves
// written atomically with internal/fsutil) and may use contexts and
// goroutines (controllers run off the UI goroutine).
package game

import (
	"errors"
	"fmt"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/internal/fsutil"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/scenarios"
)

// Config tunes a new game.
type Config struct {
	// Seed keys every die of the game.
	Seed uint64
	// ManualDice makes the game take its dice from the players (see
	// rules.Config.ManualDice), including the dice of the game's start
	// (StartDice): New then returns a *rules.NeedDiceError naming the next
	// start roll until StartDice holds them all.
	ManualDice bool
	StartDice  []int
	// UndoPastRolls lets Undo take back commands that rolled dice.
	UndoPastRolls bool
	// Options override the scenario's ruleset options ("atii/overwatch":
	// "on").
	Options map[string]string
	// Catalogue is the unit catalogue Load parses a save's scenario with
	// (nil: the embedded one, loaded on each call).
	Catalogue *catalog.Catalogue
	// Quiet plays the game in the engine's search mode (rules.Config.Quiet):
	// the same dice and outcomes, no log, no replay hashes, no saves.
	Quiet bool
}

// Game is one game in progress: the scenario, the system that plays it,
// its ruleset bound to the scenario's table, and the engine that holds the
// state.
type Game struct {
	Scenario *scenarios.Scenario
	System   System
	Ruleset  rules.Ruleset
	Engine   *rules.Engine
}

// New starts a game of the scenario: the initial state (BuildState), the
// engine, and the start of play (secret objectives, deployment roll-off or
// the first initiative roll, whatever the flow does first).
// Errors: no system plays the scenario (ErrNoSystem), the system's own.
func (r *Systems) New(scn *scenarios.Scenario, cfg Config) (*Game, error) {
	sys, err := r.For(scn)
	if err != nil {
		return nil, err
	}
	rs, err := sys.NewRuleset(scn)
	if err != nil {
		return nil, err
	}
	st, err := sys.BuildState(scn, rs, cfg.Seed, cfg.Options)
	if err != nil {
		return nil, err
	}
	e, err := rules.New(rs, st, rules.Config{ManualDice: cfg.ManualDice, ManualStart: cfg.ManualDice, StartDice: cfg.StartDice,
		UndoPastRolls: cfg.UndoPastRolls, Scenario: string(scn.Source), Files: ScenarioFiles(scn), Quiet: cfg.Quiet})
	if err != nil {
		return nil, fmt.Errorf("game: %s: %w", scn.File, err)
	}
	return &Game{Scenario: scn, System: sys, Ruleset: rs, Engine: e}, nil
}

// State returns the current state (the engine's: read only).
func (g *Game) State() *rules.State { return g.Engine.State() }

// Submit plays a command (see rules.Engine.Submit); commands made as
// plain structs outside the ruleset are bound to it first (Bind).
func (g *Game) Submit(c rules.Command) ([]rules.Event, error) {
	return g.Engine.Submit(g.Bind(c))
}

// Bind binds a command made outside the ruleset to it when the ruleset
// needs that (Binder); other commands are returned unchanged.
func (g *Game) Bind(c rules.Command) rules.Command {
	if b, ok := g.Ruleset.(Binder); ok {
		return b.Bind(c)
	}
	return c
}

// Save encodes the game as a save file: the scenario text, seed, options
// and every command with the state hash after it.
func (g *Game) Save() ([]byte, error) { return g.Engine.Save() }

// SaveFile writes the save atomically (a crash never leaves half a file).
func (g *Game) SaveFile(path string) error {
	data, err := g.Save()
	if err != nil {
		return fmt.Errorf("save %s: %w", path, err)
	}
	if err := fsutil.WriteFileAtomic(path, data, 0o644); err != nil {
		return fmt.Errorf("save %s: %w", path, err)
	}
	return nil
}

// Wiring returns what rules.Replay needs to rebuild the game of a parsed
// save: a registry holding the save's system's ruleset bound to the save's
// own table, the scenario builder, and the system and parsed scenario. The
// scenario is parsed with cat (the embedded catalogue read with the
// systems' readers when nil). Errors:
// ErrNoSystem for a ruleset this build does not play, a scenario that no
// longer parses.
func (r *Systems) Wiring(sv *rules.Save, cat *catalog.Catalogue) (*rules.Registry, rules.BuildFunc, System, *scenarios.Scenario, error) {
	if sv == nil {
		return nil, nil, nil, nil, errors.New("game: no save")
	}
	sys, err := r.ByID(sv.Ruleset)
	if err != nil {
		reg, _ := rules.NewRegistry()
		return reg, nil, nil, nil, err
	}
	if len(sv.Files) > 0 && cat != nil && len(cat.Extra) > 0 {
		// The save's own copies of the player's files decide, not the
		// files the caller's catalogue was extended with.
		cat = nil
	}
	if cat == nil {
		if cat, err = r.Catalogue(); err != nil {
			return nil, nil, nil, nil, fmt.Errorf("game: the built-in catalogue: %w", err)
		}
	}
	var base []catalog.Source
	files := map[string][]byte{}
	for _, f := range sv.Files {
		if f.Base {
			base = append(base, catalog.Source{Name: f.Name, Data: []byte(f.Text)})
		} else {
			files[f.Name] = []byte(f.Text)
		}
	}
	if len(base) > 0 {
		if cat, err = assets.ExtendCatalogue(cat, base...); err != nil {
			return nil, nil, nil, nil, fmt.Errorf("game: the save's copy of a catalogue file: %w", err)
		}
	}
	scn, err := scenarios.ParseWithFiles("save:scenario", []byte(sv.Scenario), cat, files)
	if err != nil {
		return nil, nil, nil, nil, fmt.Errorf("game: the save's scenario: %w", err)
	}
	rs, err := sys.NewRuleset(scn)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	reg, err := rules.NewRegistry(rs)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	build := func(su rules.Setup) (*rules.State, error) {
		return sys.BuildState(scn, rs, su.Seed, su.Options)
	}
	return reg, build, sys, scn, nil
}

// ScenarioFiles are the catalogue files from outside the build that scn
// was parsed with (catalog.Catalogue.Extra), as a save keeps them: the
// scenario's own files under the names its "catalogues" key gives them,
// and files the player added (the start screen, --catalogue) marked Base.
func ScenarioFiles(scn *scenarios.Scenario) []rules.File {
	if scn == nil || scn.Catalogue == nil || len(scn.Catalogue.Extra) == 0 {
		return nil
	}
	own := map[string]string{}
	for i, p := range scn.Catalogues {
		if i < len(scn.CatalogueNames) {
			own[p] = scn.CatalogueNames[i]
		}
	}
	out := make([]rules.File, 0, len(scn.Catalogue.Extra))
	for _, src := range scn.Catalogue.Extra {
		f := rules.File{Name: src.Name, Text: string(src.Data)}
		if name, ok := own[src.Name]; ok {
			f.Name = name
		} else {
			f.Base = true
		}
		out = append(out, f)
	}
	return out
}

// Load rebuilds a game from save data, replaying every command and
// checking the state hash after each (rules.Load). cfg gives the settings
// for play after loading (dice mode, undo) and optionally the catalogue;
// its Seed and Options are ignored (the save's are used). Corrupt, truncated or newer saves and
// hash mismatches are errors (rules.ErrBadSave, rules.ErrHashMismatch).
func (r *Systems) Load(data []byte, cfg Config) (*Game, error) {
	sv, err := rules.ParseSave(data)
	if err != nil {
		return nil, err
	}
	return r.LoadParsed(sv, cfg)
}

// LoadParsed is Load for a save already decoded with rules.ParseSave (a
// save is parsed once, however many callers look at it).
func (r *Systems) LoadParsed(sv *rules.Save, cfg Config) (*Game, error) {
	reg, build, sys, scn, err := r.Wiring(sv, cfg.Catalogue)
	if err != nil {
		return nil, err
	}
	e, err := rules.Replay(sv, reg, build, rules.Config{ManualDice: cfg.ManualDice, UndoPastRolls: cfg.UndoPastRolls})
	if err != nil {
		return nil, err
	}
	return &Game{Scenario: scn, System: sys, Ruleset: e.Ruleset(), Engine: e}, nil
}

// ReadSaveFile reads and decodes the save file at path: a regular file
// (FIFOs, devices and directories are refused without blocking) of at most
// rules.MaxSaveSize bytes, checked with rules.ParseSave. Errors name the
// path.
func ReadSaveFile(path string) (*rules.Save, error) {
	data, err := fsutil.ReadRegular(path, rules.MaxSaveSize)
	if err != nil {
		if errors.Is(err, fsutil.ErrTooLarge) {
			return nil, fmt.Errorf("load %s: %w: the file is larger than the %d MiB limit for saves", path, rules.ErrBadSave, rules.MaxSaveSize>>20)
		}
		return nil, fmt.Errorf("load %w", err)
	}
	sv, err := rules.ParseSave(data)
	if err != nil {
		return nil, fmt.Errorf("load %s: %w", path, err)
	}
	return sv, nil
}

// LoadFile reads and loads a save file (ReadSaveFile, then LoadParsed).
func (r *Systems) LoadFile(path string, cfg Config) (*Game, error) {
	sv, err := ReadSaveFile(path)
	if err != nil {
		return nil, err
	}
	g, err := r.LoadParsed(sv, cfg)
	if err != nil {
		return nil, fmt.Errorf("load %s: %w", path, err)
	}
	return g, nil
}

// Autosave writes the game to path after every Every commands (1 when 0).
// Call After once a command has been submitted; it saves when due.
type Autosave struct {
	Path  string
	Every int
	last  int
}

// After saves the game if Every commands have been played since the last
// autosave. Errors are returned, the game is never affected.
func (a *Autosave) After(g *Game) error {
	every := a.Every
	if every <= 0 {
		every = 1
	}
	n := g.State().Seq
	if n-a.last < every && !g.State().Over {
		return nil
	}
	if err := g.SaveFile(a.Path); err != nil {
		return fmt.Errorf("autosave: %w", err)
	}
	a.last = n
	return nil
}

// Rebase starts the game again on an edited scenario (hot reload) and
// re-submits this game's commands, with the same seed and the same manual
// dice, through the normal gate (no hash checks: the table changed). The
// engine's own Rebase cannot be used because the ruleset is bound to the
// old table. It stops at the first command that no longer applies and
// returns the new game with the commands that did apply, how many, and
// the error; the receiver is not changed. Starting the new game failing
// returns no game.
func (g *Game) Rebase(scn *scenarios.Scenario) (*Game, int, error) {
	if g.System == nil || !g.System.Plays(scn) {
		return nil, 0, fmt.Errorf("rebase: %w: the edited scenario is not a game of %s", ErrNoSystem, g.Ruleset.Name())
	}
	rs, err := g.System.NewRuleset(scn)
	if err != nil {
		return nil, 0, fmt.Errorf("rebase: %w", err)
	}
	old := g.Engine.State()
	st, err := g.System.BuildState(scn, rs, old.Seed, nil)
	if err != nil {
		return nil, 0, fmt.Errorf("rebase: %w", err)
	}
	st.Options = map[string]string{}
	for k, v := range old.Options {
		st.Options[k] = v
	}
	st.Quirks = old.Quirks // the game keeps the rules it began under
	hist := g.Engine.History()
	manual := false
	for _, r := range hist {
		manual = manual || r.Manual
	}
	e, err := rules.New(rs, st, rules.Config{ManualDice: manual, Scenario: string(scn.Source), Files: ScenarioFiles(scn)})
	if err != nil {
		return nil, 0, fmt.Errorf("rebase: %w", err)
	}
	n := &Game{Scenario: scn, System: g.System, Ruleset: rs, Engine: e}
	for i, r := range hist {
		c, err := e.Commands().Decode(rules.Encoded{Cmd: r.Cmd.Name(), Args: r.Args})
		if err != nil {
			return n, i, fmt.Errorf("rebase: command %d: %w", i+1, err)
		}
		if r.Manual {
			e.ClearDice()
			if err := e.ProvideDice(r.Dice...); err != nil {
				return n, i, fmt.Errorf("rebase: command %d: %w", i+1, err)
			}
		}
		if _, err := e.Submit(c); err != nil {
			return n, i, fmt.Errorf("rebase: command %d (%s) no longer applies: %w", i+1, r.Cmd.Name(), err)
		}
		e.NoteLast(r.Note)
	}
	return n, len(hist), nil
}
