// Package game is the bridge between a scenario and the rules engine: it
// builds an ATII game (rules/atii on the rules engine) from a parsed
// *scenarios.Scenario, saves and loads games as files, and drives the
// decisions of computer-controlled sides through the Controller interface.
//
// The rules packages stay pure; this package does the file I/O (saves
// written atomically with internal/fsutil) and may use contexts and
// goroutines (controllers run off the UI goroutine).
package game

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/internal/fsutil"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/world"
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

// Game is one game in progress: the scenario, its ATII ruleset bound to
// the scenario's table, and the engine that holds the state.
type Game struct {
	Scenario *scenarios.Scenario
	Ruleset  *atii.Ruleset
	Engine   *rules.Engine
}

// ErrNotATII is returned for scenarios of another system.
var ErrNotATII = errors.New("not an ATII scenario")

// NewRuleset returns the ATII ruleset bound to the scenario's table, with
// the embedded ATII terrain table.
func NewRuleset(scn *scenarios.Scenario) (*atii.Ruleset, error) {
	if scn == nil {
		return nil, errors.New("game: no scenario")
	}
	if scn.System != catalog.ATII {
		return nil, fmt.Errorf("game: %s: %w (system %s)", scn.File, ErrNotATII, scn.System)
	}
	terrain, err := assets.LoadTerrainRules(string(catalog.ATII))
	if err != nil {
		return nil, fmt.Errorf("game: %w", err)
	}
	return atii.NewRuleset(scn.Catalogue, terrain, scn.World)
}

// New starts a game of the scenario: the initial state (BuildState), the
// engine, and the start of play (secret objectives, deployment roll-off or
// the first initiative roll, whatever the flow does first).
func New(scn *scenarios.Scenario, cfg Config) (*Game, error) {
	rs, err := NewRuleset(scn)
	if err != nil {
		return nil, err
	}
	st, err := BuildState(scn, rs, cfg.Seed, cfg.Options)
	if err != nil {
		return nil, err
	}
	e, err := rules.New(rs, st, rules.Config{ManualDice: cfg.ManualDice, ManualStart: cfg.ManualDice, StartDice: cfg.StartDice,
		UndoPastRolls: cfg.UndoPastRolls, Scenario: string(scn.Source), Quiet: cfg.Quiet})
	if err != nil {
		return nil, fmt.Errorf("game: %s: %w", scn.File, err)
	}
	return &Game{Scenario: scn, Ruleset: rs, Engine: e}, nil
}

// controllerKind maps a scenario controller type to the engine's.
func controllerKind(t string) string {
	switch t {
	case "ai":
		return rules.ControllerAI
	case "scripted":
		return rules.ControllerScript
	}
	return rules.ControllerHuman
}

// BuildState builds the initial rules.State of an ATII scenario: sides with
// their controllers, battlegroups, titans with their loadouts (checked
// with atii.BuildLoadout) and starting ATII state, the options (the
// scenario's, then overrides), and the game set-up the ruleset reads (turn
// limit, zones, objectives, victory conditions, mission). Units that are
// not placed, and every unit of a deploy-in-zone scenario, wait to be
// deployed in play.
func BuildState(scn *scenarios.Scenario, rs *atii.Ruleset, seed uint64, overrides map[string]string) (*rules.State, error) {
	if scn == nil || rs == nil {
		return nil, errors.New("build state: no scenario or ruleset")
	}
	st := &rules.State{Ruleset: atii.RulesetID, Seed: seed, Options: map[string]string{}}
	for _, o := range scn.Options {
		st.Options[o] = "on"
	}
	for k, v := range overrides {
		st.Options[k] = v
	}
	if _, err := atii.ParseOptions(st.Options); err != nil {
		return nil, fmt.Errorf("build state: %s: %w", scn.File, err)
	}
	deployAll := scn.Deployment == scenarios.DeployInZone
	for _, sd := range scn.Sides {
		st.Sides = append(st.Sides, rules.Side{ID: sd.ID, Name: sd.Name, Controller: controllerKind(sd.Controller.Type)})
		for _, f := range sd.Formations {
			st.Formations = append(st.Formations, rules.Formation{ID: f.ID, Side: sd.ID, Name: f.Name})
			for _, u := range f.Units {
				if u.Profile == nil {
					return nil, fmt.Errorf("build state: unit %s has no profile", u.ID)
				}
				if _, err := atii.BuildLoadout(scn.Catalogue, u.Profile, u.Loadout); err != nil {
					return nil, fmt.Errorf("build state: unit %s: %w", u.ID, err)
				}
				ru := rules.Unit{ID: u.ID, Side: sd.ID, Type: u.Type, Name: u.Name, Formation: f.ID, Pos: u.Pos, Facing: u.Facing,
					Loadout: rules.PairsOf(u.Loadout)}
				if deployAll || !u.Placed {
					ru.Markers.Set(atii.MarkUnplaced, 1)
				}
				if err := rs.InitTitan(&ru); err != nil {
					return nil, fmt.Errorf("build state: %w", err)
				}
				st.Units = append(st.Units, ru)
			}
		}
	}
	setup := atii.GameSetup{TurnLimit: scn.TurnLimit, Zones: map[string][][]atii.Point{}, SideZones: map[string]string{}}
	for _, z := range scn.Zones {
		var pieces [][]atii.Point
		for _, pc := range z.Area.Polygons() {
			pieces = append(pieces, points(pc))
		}
		setup.Zones[z.ID] = pieces
	}
	for _, sd := range scn.Sides {
		if sd.Zone != "" {
			setup.SideZones[sd.ID] = sd.Zone
		}
	}
	for _, o := range scn.Objectives {
		setup.Objectives = append(setup.Objectives, atii.ObjectivePoint{ID: o.ID, Label: o.Label, Pos: atii.Point{X: o.Pos.X, Y: o.Pos.Y}})
	}
	for _, v := range scn.Victory {
		setup.Victory = append(setup.Victory, atii.VictoryRule{Side: v.Side, Result: v.Result, AtEnd: v.AtEnd, When: trigger(v.When)})
	}
	if m := scn.Mission; m != nil {
		ms := &atii.MissionSetup{Secret: m.Secret, ForceLevel: m.ForceLevel}
		if len(m.Objectives) > 0 {
			ms.Objectives = map[string]string{}
			keys := make([]string, 0, len(m.Objectives))
			for k := range m.Objectives {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				ms.Objectives[k] = m.Objectives[k]
			}
		}
		setup.Mission = ms
		if m.Secret {
			maps, err := missionMaps(scn)
			if err != nil {
				return nil, fmt.Errorf("build state: %s: %w", scn.File, err)
			}
			setup.Maps = maps
		}
	}
	if err := atii.SetSetup(st, setup); err != nil {
		return nil, fmt.Errorf("build state: %w", err)
	}
	return st, nil
}

// MissionMapPrefix names the bundled scenarios that hold the mission
// generator's deployment maps: MissionMapPrefix + "a" ... "f".
const MissionMapPrefix = "atii-map-"

// missionMaps reads the deployment maps A-F from the bundled map scenarios
// for a mission that generates its map: each map's zones, scaled from the
// map's table to the mission's, under ids "map-X/zone", and its two sides'
// zones with the objective type the map scenario gives each side.
func missionMaps(scn *scenarios.Scenario) (map[string]atii.MapDeployment, error) {
	out := map[string]atii.MapDeployment{}
	for _, letter := range []string{"A", "B", "C", "D", "E", "F"} {
		name := MissionMapPrefix + strings.ToLower(letter)
		ms, err := scenarios.LoadBundled(name, scn.Catalogue)
		if err != nil {
			return nil, fmt.Errorf("deployment map %s: %w", letter, err)
		}
		if ms.Table.W <= 0 || ms.Table.H <= 0 {
			return nil, fmt.Errorf("deployment map %s: no table size", letter)
		}
		sx, sy := scn.Table.W/ms.Table.W, scn.Table.H/ms.Table.H
		md := atii.MapDeployment{Zones: map[string][][]atii.Point{}}
		for _, z := range ms.Zones {
			var pieces [][]atii.Point
			for _, pc := range z.Area.Polygons() {
				pts := points(pc)
				for i := range pts {
					pts[i].X *= sx
					pts[i].Y *= sy
				}
				pieces = append(pieces, pts)
			}
			md.Zones["map-"+letter+"/"+z.ID] = pieces
		}
		for _, sd := range ms.Sides {
			if sd.Zone == "" {
				continue
			}
			slot := atii.MapSlot{Zone: "map-" + letter + "/" + sd.Zone}
			if ms.Mission != nil {
				slot.Type = atii.ObjectiveType(ms.Mission.Objectives[sd.ID])
			}
			md.Slots = append(md.Slots, slot)
		}
		if len(md.Slots) != 2 {
			return nil, fmt.Errorf("deployment map %s: %d side zones, want 2", letter, len(md.Slots))
		}
		if md.Slots[0].Type == md.Slots[1].Type {
			md.Slots[0].Type, md.Slots[1].Type = "", ""
		}
		out[letter] = md
	}
	return out, nil
}

func points(vs []world.Vec) []atii.Point {
	out := make([]atii.Point, len(vs))
	for i, v := range vs {
		out[i] = atii.Point{X: v.X, Y: v.Y}
	}
	return out
}

// trigger converts a scenario trigger into the ruleset's form.
func trigger(t *scenarios.Trigger) *atii.Trigger {
	if t == nil {
		return nil
	}
	out := &atii.Trigger{Kind: t.Kind, Turn: t.Turn, Side: t.Side, Objective: t.Objective, Zone: t.Zone, Unit: t.Unit, Count: t.Count}
	for _, p := range t.Parts {
		out.Parts = append(out.Parts, trigger(p))
	}
	return out
}

// State returns the current state (the engine's: read only).
func (g *Game) State() *rules.State { return g.Engine.State() }

// Submit plays a command (see rules.Engine.Submit); commands of the ATII
// package made as plain structs are bound to the game's ruleset first.
func (g *Game) Submit(c rules.Command) ([]rules.Event, error) {
	return g.Engine.Submit(g.Ruleset.Bind(c))
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
// save: a registry holding the ATII ruleset bound to the save's own table,
// the scenario builder, and the parsed scenario. The scenario is parsed
// with cat (the embedded catalogue when nil).
func Wiring(sv *rules.Save, cat *catalog.Catalogue) (*rules.Registry, rules.BuildFunc, *scenarios.Scenario, error) {
	if sv == nil {
		return nil, nil, nil, errors.New("game: no save")
	}
	if sv.Ruleset != atii.RulesetID {
		reg, _ := rules.NewRegistry()
		return reg, nil, nil, fmt.Errorf("game: %w: %s (this build replays %s)", rules.ErrUnknownRuleset, rules.QuoteShort(sv.Ruleset), atii.RulesetID)
	}
	if cat == nil {
		var err error
		if cat, err = assets.LoadCatalogue(); err != nil {
			return nil, nil, nil, fmt.Errorf("game: the built-in catalogue: %w", err)
		}
	}
	scn, err := scenarios.Parse("save:scenario", []byte(sv.Scenario), cat)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("game: the save's scenario: %w", err)
	}
	rs, err := NewRuleset(scn)
	if err != nil {
		return nil, nil, nil, err
	}
	reg, err := rules.NewRegistry(rs)
	if err != nil {
		return nil, nil, nil, err
	}
	build := func(su rules.Setup) (*rules.State, error) {
		return BuildState(scn, rs, su.Seed, su.Options)
	}
	return reg, build, scn, nil
}

// Load rebuilds a game from save data, replaying every command and
// checking the state hash after each (rules.Load). cfg gives the settings
// for play after loading (dice mode, undo) and optionally the catalogue;
// its Seed and Options are ignored (the save's are used). Corrupt, truncated or newer saves and
// hash mismatches are errors (rules.ErrBadSave, rules.ErrHashMismatch).
func Load(data []byte, cfg Config) (*Game, error) {
	sv, err := rules.ParseSave(data)
	if err != nil {
		return nil, err
	}
	return LoadParsed(sv, cfg)
}

// LoadParsed is Load for a save already decoded with rules.ParseSave (a
// save is parsed once, however many callers look at it).
func LoadParsed(sv *rules.Save, cfg Config) (*Game, error) {
	reg, build, scn, err := Wiring(sv, cfg.Catalogue)
	if err != nil {
		return nil, err
	}
	e, err := rules.Replay(sv, reg, build, rules.Config{ManualDice: cfg.ManualDice, UndoPastRolls: cfg.UndoPastRolls})
	if err != nil {
		return nil, err
	}
	rs, _ := reg.Get(atii.RulesetID)
	return &Game{Scenario: scn, Ruleset: rs.(*atii.Ruleset), Engine: e}, nil
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
func LoadFile(path string, cfg Config) (*Game, error) {
	sv, err := ReadSaveFile(path)
	if err != nil {
		return nil, err
	}
	g, err := LoadParsed(sv, cfg)
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
// engine's own Rebase cannot be used because the ATII ruleset is bound to
// the old table. It stops at the first command that no longer applies and
// returns the new game with the commands that did apply, how many, and
// the error; the receiver is not changed. Starting the new game failing
// returns no game.
func (g *Game) Rebase(scn *scenarios.Scenario) (*Game, int, error) {
	rs, err := NewRuleset(scn)
	if err != nil {
		return nil, 0, fmt.Errorf("rebase: %w", err)
	}
	old := g.Engine.State()
	st, err := BuildState(scn, rs, old.Seed, nil)
	if err != nil {
		return nil, 0, fmt.Errorf("rebase: %w", err)
	}
	st.Options = map[string]string{}
	for k, v := range old.Options {
		st.Options[k] = v
	}
	hist := g.Engine.History()
	manual := false
	for _, r := range hist {
		manual = manual || r.Manual
	}
	e, err := rules.New(rs, st, rules.Config{ManualDice: manual, Scenario: string(scn.Source)})
	if err != nil {
		return nil, 0, fmt.Errorf("rebase: %w", err)
	}
	n := &Game{Scenario: scn, Ruleset: rs, Engine: e}
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
	}
	return n, len(hist), nil
}
