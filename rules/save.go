package rules

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
)

// Save file identification. SaveVersion is the newest format this build
// writes and reads; older versions are read when supported, newer ones are
// refused with an error that says so.
const (
	SaveFormat  = "auspex-save"
	SaveVersion = 1
)

// ErrBadSave wraps every problem with a save file's content.
var ErrBadSave = errors.New("bad save")

// Save is the save file: everything needed to rebuild a game by replaying
// it, and a state hash after every command to prove the replay matches.
// Saves are JSON; the engine reads and writes them as bytes, never files.
type Save struct {
	Format  string            `json:"format"`
	Version int               `json:"version"`
	Ruleset string            `json:"ruleset"`
	Options map[string]string `json:"options,omitempty"`
	Seed    uint64            `json:"seed"`
	// Scenario is the full scenario text the game was built from.
	Scenario string `json:"scenario"`
	// StartHash is the state hash after the game's start steps.
	StartHash string `json:"start_hash"`
	// StartManual and StartDice record manual dice used at the start.
	StartManual bool  `json:"start_manual,omitempty"`
	StartDice   []int `json:"start_dice,omitempty"`
	// Commands are the commands played, oldest first.
	Commands []SavedCommand `json:"commands"`
}

// SavedCommand is one played command: its name and JSON arguments, the
// state hash after it, whether it rolled dice, and the faces used when the
// dice were manual.
type SavedCommand struct {
	Cmd    string          `json:"cmd"`
	Args   json.RawMessage `json:"args"`
	Hash   string          `json:"hash"`
	Rolled bool            `json:"rolled,omitempty"`
	Manual bool            `json:"manual,omitempty"`
	Dice   []int           `json:"dice,omitempty"`
}

// Save encodes the game as a save file (indented JSON).
func (e *Engine) Save() ([]byte, error) {
	sv := Save{
		Format:      SaveFormat,
		Version:     SaveVersion,
		Ruleset:     e.rs.ID(),
		Options:     e.base.Options,
		Seed:        e.base.Seed,
		Scenario:    e.cfg.Scenario,
		StartHash:   HashString(e.start.Hash()),
		StartManual: e.cfg.ManualStart,
		StartDice:   e.cfg.StartDice,
		Commands:    make([]SavedCommand, len(e.recs)),
	}
	for i, r := range e.recs {
		sv.Commands[i] = SavedCommand{
			Cmd:    r.Cmd.Name(),
			Args:   r.Args,
			Hash:   HashString(r.Hash),
			Rolled: r.Rolled,
			Manual: r.Manual,
			Dice:   r.Dice,
		}
	}
	return encodeSave(&sv)
}

// encodeSave writes the header fields one per line and each command on a
// line of its own, so saves are readable and diff well.
func encodeSave(sv *Save) ([]byte, error) {
	var b bytes.Buffer
	field := func(name string, v any) error {
		raw, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("save %s: %w", name, err)
		}
		fmt.Fprintf(&b, "  %q: %s,\n", name, raw)
		return nil
	}
	b.WriteString("{\n")
	if err := errors.Join(
		field("format", sv.Format),
		field("version", sv.Version),
		field("ruleset", sv.Ruleset),
		field("options", sv.Options),
		field("seed", sv.Seed),
		field("scenario", sv.Scenario),
		field("start_hash", sv.StartHash),
	); err != nil {
		return nil, err
	}
	if sv.StartManual {
		if err := errors.Join(field("start_manual", true), field("start_dice", sv.StartDice)); err != nil {
			return nil, err
		}
	}
	b.WriteString("  \"commands\": [")
	for i := range sv.Commands {
		raw, err := json.Marshal(&sv.Commands[i])
		if err != nil {
			return nil, fmt.Errorf("save command %d: %w", i+1, err)
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n    ")
		b.Write(raw)
	}
	if len(sv.Commands) > 0 {
		b.WriteString("\n  ")
	}
	b.WriteString("]\n}\n")
	return b.Bytes(), nil
}

// ParseSave decodes and checks a save file without replaying it: valid
// JSON, the right format name, a version this build reads, no unknown
// fields, well-formed hashes and dice. Errors wrap ErrBadSave and say what
// is wrong (truncated, corrupt, newer version...).
func ParseSave(data []byte) (*Save, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, fmt.Errorf("%w: the file is empty", ErrBadSave)
	}
	var head struct {
		Format  string `json:"format"`
		Version int    `json:"version"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			if se.Offset >= int64(len(bytes.TrimRight(data, " \t\r\n"))) {
				return nil, fmt.Errorf("%w: the file is truncated (%v)", ErrBadSave, err)
			}
			return nil, fmt.Errorf("%w: not valid JSON, the file is corrupt (%v)", ErrBadSave, err)
		}
		return nil, fmt.Errorf("%w: not a save file: %v", ErrBadSave, err)
	}
	if head.Format != SaveFormat {
		return nil, fmt.Errorf("%w: format is %q, expected %q: not an Auspex save", ErrBadSave, head.Format, SaveFormat)
	}
	if head.Version > SaveVersion {
		return nil, fmt.Errorf("%w: save format version %d is newer than this build reads (%d): update Auspex", ErrBadSave, head.Version, SaveVersion)
	}
	if head.Version < 1 {
		return nil, fmt.Errorf("%w: save format version %d is not valid", ErrBadSave, head.Version)
	}
	var sv Save
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&sv); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadSave, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("%w: extra data after the save", ErrBadSave)
	}
	if sv.Ruleset == "" {
		return nil, fmt.Errorf("%w: no ruleset", ErrBadSave)
	}
	if _, err := parseHash(sv.StartHash); err != nil {
		return nil, fmt.Errorf("%w: start_hash: %v", ErrBadSave, err)
	}
	if err := checkFaces(sv.StartDice); err != nil {
		return nil, fmt.Errorf("%w: start_dice: %v", ErrBadSave, err)
	}
	if len(sv.StartDice) > 0 && !sv.StartManual {
		return nil, fmt.Errorf("%w: start_dice listed but start_manual is not set", ErrBadSave)
	}
	for i, c := range sv.Commands {
		if c.Cmd == "" {
			return nil, fmt.Errorf("%w: command %d has no name", ErrBadSave, i+1)
		}
		if _, err := parseHash(c.Hash); err != nil {
			return nil, fmt.Errorf("%w: command %d (%s) hash: %v", ErrBadSave, i+1, c.Cmd, err)
		}
		if err := checkFaces(c.Dice); err != nil {
			return nil, fmt.Errorf("%w: command %d (%s) dice: %v", ErrBadSave, i+1, c.Cmd, err)
		}
		if len(c.Dice) > 0 && !c.Manual {
			return nil, fmt.Errorf("%w: command %d (%s) lists dice but is not marked manual", ErrBadSave, i+1, c.Cmd)
		}
	}
	return &sv, nil
}

func parseHash(s string) (uint64, error) {
	if len(s) != 16 {
		return 0, fmt.Errorf("%q is not 16 hex digits", s)
	}
	v, err := strconv.ParseUint(s, 16, 64)
	if err != nil {
		return 0, fmt.Errorf("%q is not 16 hex digits", s)
	}
	return v, nil
}

func checkFaces(f []int) error {
	for i, v := range f {
		if v < 1 {
			return fmt.Errorf("face %d at position %d is below 1", v, i+1)
		}
	}
	return nil
}

// Setup is what a BuildFunc gets to build a game's initial state.
type Setup struct {
	// Scenario is the scenario text from the save.
	Scenario string
	// Ruleset is the registered ruleset the save names.
	Ruleset Ruleset
	// Options and Seed are the save's; the engine sets them on the built
	// state in any case.
	Options map[string]string
	Seed    uint64
}

// BuildFunc builds the initial State of a game from its scenario text. The
// engine cannot parse scenarios (that is the scenarios package, which
// depends on rules), so Load takes the parser as a function.
type BuildFunc func(Setup) (*State, error)

// Load rebuilds a game from a save: it parses the save, builds the initial
// state with build, starts the game and replays every command through the
// same gate as live play, checking the state hash after each. Any problem
// (corrupt, truncated or newer-version file, unknown ruleset or command,
// a hash that differs) is an error and no engine is returned. cfg supplies
// the settings for play after loading (dice mode, undo policy); its
// Scenario and start dice are taken from the save.
func Load(data []byte, reg *Registry, build BuildFunc, cfg Config) (*Engine, error) {
	sv, err := ParseSave(data)
	if err != nil {
		return nil, err
	}
	return Replay(sv, reg, build, cfg)
}

// Replay is Load for a save already parsed with ParseSave.
func Replay(sv *Save, reg *Registry, build BuildFunc, cfg Config) (*Engine, error) {
	rs, err := reg.Get(sv.Ruleset)
	if err != nil {
		return nil, fmt.Errorf("load save: %w", err)
	}
	if build == nil {
		return nil, errors.New("load save: no scenario builder")
	}
	st, err := build(Setup{Scenario: sv.Scenario, Ruleset: rs, Options: cloneMap(sv.Options), Seed: sv.Seed})
	if err != nil {
		return nil, fmt.Errorf("load save: scenario: %w", err)
	}
	if st == nil {
		return nil, errors.New("load save: scenario builder returned no state")
	}
	st = st.Clone()
	st.Ruleset = sv.Ruleset
	st.Options = cloneMap(sv.Options)
	st.Seed = sv.Seed
	cfg.Scenario = sv.Scenario
	cfg.ManualStart = sv.StartManual
	cfg.StartDice = sv.StartDice
	e, err := New(rs, st, cfg)
	if err != nil {
		return nil, fmt.Errorf("load save: %w", err)
	}
	if got := HashString(e.start.Hash()); got != sv.StartHash {
		return nil, fmt.Errorf("load save: %w at the start: %s, save has %s (the scenario or the rules changed, or the save was edited)", ErrHashMismatch, got, sv.StartHash)
	}
	for i, sc := range sv.Commands {
		c, err := e.cmds.Decode(Encoded{Cmd: sc.Cmd, Args: sc.Args})
		if err != nil {
			return nil, fmt.Errorf("load save: %w: command %d: %v", ErrBadSave, i+1, err)
		}
		args, err := json.Marshal(c)
		if err != nil {
			return nil, fmt.Errorf("load save: command %d (%s): %w", i+1, sc.Cmd, err)
		}
		rec := Record{Cmd: c, Args: args, Manual: sc.Manual, Dice: cloneSlice(sc.Dice)}
		next, _, err := e.exec(e.st, &rec, nil)
		if err != nil {
			return nil, fmt.Errorf("load save: command %d (%s): %w", i+1, sc.Cmd, err)
		}
		if got := HashString(rec.Hash); got != sc.Hash {
			return nil, fmt.Errorf("load save: %w after command %d (%s): %s, save has %s (the save was edited or the rules changed)", ErrHashMismatch, i+1, sc.Cmd, got, sc.Hash)
		}
		if rec.Rolled != sc.Rolled {
			return nil, fmt.Errorf("load save: command %d (%s): the save says it rolled dice: %v, the replay says %v", i+1, sc.Cmd, sc.Rolled, rec.Rolled)
		}
		e.st = next
		e.recs = append(e.recs, rec)
	}
	return e, nil
}
