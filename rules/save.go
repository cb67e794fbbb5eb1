package rules

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Save file identification. SaveVersion is the newest format this build
// writes and reads; older versions are read when supported, newer ones are
// refused with an error that says so.
//
//   - Version 1: before issue 8's ATII rules (changed turn flow and
//     options). It no longer replays, and Replay says so with ErrOldRules
//     rather than a hash mismatch.
//   - Version 2: issue 8's rules. Its commands and dice still give the same
//     game, but its state hashes do not match this build's states:
//     version 3 moved ATII's overwatch offers onto the procedure stack
//     (State.Procs), which changes the state at every command where an
//     offer is open. A version-2 save is therefore replayed command by
//     command with its recorded dice (the same gate, the same checks of
//     every command and of which commands rolled) but its hashes, the
//     start hash included, are not compared; Engine.LoadNote says so.
//   - Version 3: the procedure stack. Every hash is checked.
//   - Version 4: exact sight shares where a firer's base overlaps the
//     edge of blocking terrain (2026-11-24). A version-3 game whose sight
//     lines never met that case replays as before, every hash checked;
//     one that did no longer matches, and Replay says it was made under
//     earlier rules (ErrOldRules) rather than reporting a damaged file.
//   - Version 5: saves name the quirks their game keeps (State.Quirks).
//     A save of an older format replays with the quirks its ruleset
//     lists for that format (QuirkRuleset: E40K's unit halted and hit in
//     dangerous terrain), so it still matches every hash, and its
//     game goes on under them; saved again it is a version-5 save that
//     names them.
//
// Saving always writes SaveVersion, with this build's hashes: a version-2
// game loaded and saved again is a version-3 save.
const (
	SaveFormat  = "auspex-save"
	SaveVersion = 5
	// unhashedVersion is the older format replayed without hash checks.
	unhashedVersion = 2
)

// ErrBadSave wraps every problem with a save file's content.
var ErrBadSave = errors.New("bad save")

// ErrOldRules marks a save written by an earlier build whose rules differ
// from this one's: its file is read, but its game cannot be replayed.
var ErrOldRules = errors.New("made by an earlier version of Auspex whose rules differ")

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
	// Files are copies of the other files the game was built from (a
	// player's own catalogues), so the save replays without them.
	Files []File `json:"files,omitempty"`
	// StartHash is the state hash after the game's start steps.
	StartHash string `json:"start_hash"`
	// StartManual and StartDice record manual dice used at the start.
	StartManual bool  `json:"start_manual,omitempty"`
	StartDice   []int `json:"start_dice,omitempty"`
	// Quirks are the earlier rules behaviours the game keeps (State.Quirks).
	Quirks []string `json:"quirks,omitempty"`
	// Commands are the commands played, oldest first.
	Commands []SavedCommand `json:"commands"`
}

// File is a file besides the scenario text that a game was built from,
// kept whole in its save: Name is how the scenario names it (its
// "catalogues" entry) or, with Base set, the path of a file the player
// added outside the scenario (applied to the catalogue before the scenario
// is parsed).
type File struct {
	Name string `json:"name"`
	Text string `json:"text"`
	Base bool   `json:"base,omitempty"`
}

// MaxSaveFiles is the most attached files a save may hold (the scenario
// format allows 16 catalogue files; the start screen adds a few).
const MaxSaveFiles = 64

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
	// Note is a computer player's reason for the command (Record.Note).
	Note string `json:"note,omitempty"`
}

// Save encodes the game as a save file (indented JSON).
func (e *Engine) Save() ([]byte, error) {
	if e.cfg.Quiet {
		return nil, ErrQuiet
	}
	sv := Save{
		Format:      SaveFormat,
		Version:     SaveVersion,
		Ruleset:     e.rs.ID(),
		Options:     e.base.Options,
		Seed:        e.base.Seed,
		Scenario:    e.cfg.Scenario,
		Files:       e.cfg.Files,
		StartHash:   HashString(e.start.Hash()),
		StartManual: e.cfg.ManualStart,
		StartDice:   e.cfg.StartDice,
		Quirks:      e.base.Quirks,
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
			Note:   r.Note,
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
	if len(sv.Files) > 0 {
		if err := field("files", sv.Files); err != nil {
			return nil, err
		}
	}
	if sv.StartManual {
		if err := errors.Join(field("start_manual", true), field("start_dice", sv.StartDice)); err != nil {
			return nil, err
		}
	}
	if len(sv.Quirks) > 0 {
		if err := field("quirks", sv.Quirks); err != nil {
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

// Limits on what a save may hold. They are far above what any real game
// writes and keep hostile files cheap to refuse: the file is capped before
// it is read, and every list is counted before it is decoded.
const (
	// MaxSaveSize is the largest save file read (32 MiB: a scenario of at
	// most 4 MiB, escaped, and a very long game).
	MaxSaveSize = 32 << 20
	// MaxSaveOptions is the most ruleset options a save may set.
	MaxSaveOptions = 256
	// MaxSaveQuirks is the most quirks a save may name.
	MaxSaveQuirks = 64
	// MaxSaveCommands is the most commands a save may hold.
	MaxSaveCommands = 200000
	// MaxStartDice is the most manual dice a game's start may use (a
	// roll-off tied many times over still uses a few dozen).
	MaxStartDice = 1000
	// MaxCommandDice is the most manual dice one command may use.
	MaxCommandDice = 1000
	// maxSaveName is the longest ruleset id, command name or option name
	// or value a save may hold.
	maxSaveName = 128
)

// bom is the UTF-8 byte order mark some editors put at the start of a file.
var bom = []byte{0xEF, 0xBB, 0xBF}

// saveKeys are the top-level keys of a save, in file order.
var saveKeys = []string{"format", "version", "ruleset", "options", "seed", "scenario", "files", "start_hash", "start_manual", "start_dice", "quirks", "commands"}

// wireCommand is a SavedCommand as read: dice stay raw until counted.
type wireCommand struct {
	Cmd    string          `json:"cmd"`
	Args   json.RawMessage `json:"args"`
	Hash   string          `json:"hash"`
	Rolled bool            `json:"rolled,omitempty"`
	Manual bool            `json:"manual,omitempty"`
	Dice   json.RawMessage `json:"dice,omitempty"`
	Note   string          `json:"note,omitempty"`
}

// ParseSave decodes and checks a save file without replaying it: at most
// MaxSaveSize bytes, valid JSON (a leading UTF-8 byte order mark is
// skipped), the right format name, a version this build reads, no unknown
// fields, lists within the Max* limits, well-formed hashes (upper-case hex
// digits are accepted and stored in lower case) and dice, and command
// arguments that are JSON objects. The file is decoded once. Errors wrap
// ErrBadSave and say what is wrong (truncated, corrupt, newer version...);
// text from the file is quoted in them only as a short prefix (QuoteShort).
func ParseSave(data []byte) (*Save, error) {
	if len(data) > MaxSaveSize {
		return nil, fmt.Errorf("%w: the file is %d bytes, more than the %d byte limit for saves", ErrBadSave, len(data), MaxSaveSize)
	}
	data = bytes.TrimPrefix(data, bom)
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, fmt.Errorf("%w: the file is empty", ErrBadSave)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			if se.Offset >= int64(len(bytes.TrimRight(data, " \t\r\n"))) {
				return nil, fmt.Errorf("%w: the file is truncated (%v)", ErrBadSave, err)
			}
			return nil, fmt.Errorf("%w: not valid JSON, the file is corrupt (%v)", ErrBadSave, err)
		}
		return nil, fmt.Errorf("%w: not a save file: expected a JSON object, got %s", ErrBadSave, jsonKind(bytes.TrimSpace(data)))
	}
	var sv Save
	if err := decodeField(top, "format", &sv.Format); err != nil {
		return nil, err
	}
	if sv.Format != SaveFormat {
		return nil, fmt.Errorf("%w: format is %s, expected %q: not an Auspex save", ErrBadSave, QuoteShort(sv.Format), SaveFormat)
	}
	v, err := saveVersion(top["version"])
	if err != nil {
		return nil, err
	}
	sv.Version = v
	for k := range top {
		if !slices.Contains(saveKeys, k) {
			return nil, fmt.Errorf("%w: unknown field %s", ErrBadSave, QuoteShort(k))
		}
	}
	if err := errors.Join(
		decodeField(top, "ruleset", &sv.Ruleset),
		decodeCounted(top, "options", MaxSaveOptions, "options", "", &sv.Options),
		decodeField(top, "seed", &sv.Seed),
		decodeField(top, "scenario", &sv.Scenario),
		decodeCounted(top, "files", MaxSaveFiles, "files", "", &sv.Files),
		decodeField(top, "start_hash", &sv.StartHash),
		decodeField(top, "start_manual", &sv.StartManual),
		decodeCounted(top, "start_dice", MaxStartDice, "dice", " (the game's start never rolls that many)", &sv.StartDice),
		decodeCounted(top, "quirks", MaxSaveQuirks, "quirks", "", &sv.Quirks),
	); err != nil {
		return nil, err
	}
	var wire []wireCommand
	if err := decodeCounted(top, "commands", MaxSaveCommands, "commands", "", &wire); err != nil {
		return nil, err
	}
	if sv.Ruleset == "" {
		return nil, fmt.Errorf("%w: no ruleset", ErrBadSave)
	}
	if !isName(sv.Ruleset) {
		return nil, fmt.Errorf("%w: ruleset %s is not a ruleset id", ErrBadSave, QuoteShort(sv.Ruleset))
	}
	for k, v := range sv.Options {
		if !isName(k) || len(v) > maxSaveName {
			return nil, fmt.Errorf("%w: option %s=%s: not an option name and value", ErrBadSave, QuoteShort(k), QuoteShort(v))
		}
	}
	for _, q := range sv.Quirks {
		if !isName(q) {
			return nil, fmt.Errorf("%w: quirk %s is not a quirk name", ErrBadSave, QuoteShort(q))
		}
	}
	if sv.StartHash, err = normHash(sv.StartHash); err != nil {
		return nil, fmt.Errorf("%w: start_hash: %v", ErrBadSave, err)
	}
	if err := checkFaces(sv.StartDice); err != nil {
		return nil, fmt.Errorf("%w: start_dice: %v", ErrBadSave, err)
	}
	if len(sv.StartDice) > 0 && !sv.StartManual {
		return nil, fmt.Errorf("%w: start_dice listed but start_manual is not set", ErrBadSave)
	}
	sv.Commands = make([]SavedCommand, len(wire))
	for i, w := range wire {
		c, err := w.check(i)
		if err != nil {
			return nil, err
		}
		sv.Commands[i] = c
	}
	return &sv, nil
}

// check validates one read command and converts it; i is its index.
func (w *wireCommand) check(i int) (SavedCommand, error) {
	c := SavedCommand{Cmd: w.Cmd, Args: w.Args, Rolled: w.Rolled, Manual: w.Manual, Note: w.Note}
	if len(c.Note) > MaxNote {
		return c, fmt.Errorf("%w: command %d: a note of %d bytes, at most %d are allowed", ErrBadSave, i+1, len(c.Note), MaxNote)
	}
	if c.Cmd == "" {
		return c, fmt.Errorf("%w: command %d has no name", ErrBadSave, i+1)
	}
	if !isName(c.Cmd) {
		return c, fmt.Errorf("%w: command %d: %s is not a command name", ErrBadSave, i+1, QuoteShort(c.Cmd))
	}
	switch a := bytes.TrimSpace(c.Args); {
	case len(a) == 0:
	case a[0] != '{':
		return c, fmt.Errorf("%w: command %d (%s): args must be an object of named arguments {...}, got %s", ErrBadSave, i+1, c.Cmd, jsonKind(a))
	}
	var err error
	if c.Hash, err = normHash(w.Hash); err != nil {
		return c, fmt.Errorf("%w: command %d (%s) hash: %v", ErrBadSave, i+1, c.Cmd, err)
	}
	if n := countItems(w.Dice); n > MaxCommandDice {
		return c, fmt.Errorf("%w: command %d (%s): %d dice listed, at most %d are allowed", ErrBadSave, i+1, c.Cmd, n, MaxCommandDice)
	}
	if len(w.Dice) > 0 && string(w.Dice) != "null" {
		if err := json.Unmarshal(w.Dice, &c.Dice); err != nil {
			return c, fmt.Errorf("%w: command %d (%s) dice: %v", ErrBadSave, i+1, c.Cmd, err)
		}
	}
	if err := checkFaces(c.Dice); err != nil {
		return c, fmt.Errorf("%w: command %d (%s) dice: %v", ErrBadSave, i+1, c.Cmd, err)
	}
	if len(c.Dice) > 0 && !c.Manual {
		return c, fmt.Errorf("%w: command %d (%s) lists dice but is not marked manual", ErrBadSave, i+1, c.Cmd)
	}
	return c, nil
}

// saveVersion reads the version field: a whole number from 1 to
// SaveVersion.
func saveVersion(raw json.RawMessage) (int, error) {
	if raw == nil {
		return 0, fmt.Errorf("%w: no version", ErrBadSave)
	}
	var n json.Number
	if jsonKind(bytes.TrimSpace(raw)) != "a number" || json.Unmarshal(raw, &n) != nil {
		return 0, fmt.Errorf("%w: version must be a whole number, got %s", ErrBadSave, jsonKind(raw))
	}
	v, err := strconv.Atoi(string(n))
	switch {
	case err != nil:
		return 0, fmt.Errorf("%w: version %s is not a whole number", ErrBadSave, QuoteShort(string(n)))
	case v > SaveVersion:
		return 0, fmt.Errorf("%w: save format version %d is newer than this build reads (%d): update Auspex", ErrBadSave, v, SaveVersion)
	case v < 1:
		return 0, fmt.Errorf("%w: save format version %d is not valid", ErrBadSave, v)
	}
	return v, nil
}

// decodeField decodes top[key] into dst (strictly: unknown fields fail);
// an absent key leaves dst as it is.
func decodeField(top map[string]json.RawMessage, key string, dst any) error {
	raw, ok := top[key]
	if !ok {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return fmt.Errorf("%w: %s: %v", ErrBadSave, key, err)
	}
	return nil
}

// decodeCounted is decodeField for a list or object of at most max items,
// counted before decoding; what names the items in the error and hint
// follows it.
func decodeCounted(top map[string]json.RawMessage, key string, max int, what, hint string, dst any) error {
	if n := countItems(top[key]); n > max {
		return fmt.Errorf("%w: %s: %d %s listed, at most %d are allowed%s", ErrBadSave, key, n, what, max, hint)
	}
	return decodeField(top, key, dst)
}

// countItems counts the entries of a JSON array or object without decoding
// them (0 for anything else). raw is valid JSON.
func countItems(raw []byte) int {
	raw = bytes.TrimSpace(raw)
	if len(raw) < 2 || (raw[0] != '[' && raw[0] != '{') {
		return 0
	}
	n, depth, inStr, esc, empty := 1, 0, false, false, true
	for _, b := range raw {
		switch {
		case inStr:
			switch {
			case esc:
				esc = false
			case b == '\\':
				esc = true
			case b == '"':
				inStr = false
			}
		case b == '"':
			inStr, empty = true, false
		case b == '[' || b == '{':
			depth++
			if depth > 1 {
				empty = false
			}
		case b == ']' || b == '}':
			depth--
		case b == ',' && depth == 1:
			n++
		case b > ' ':
			empty = false
		}
	}
	if empty {
		return 0
	}
	return n
}

// jsonKind names the kind of a JSON value for messages.
func jsonKind(raw []byte) string {
	if len(raw) == 0 {
		return "nothing"
	}
	switch raw[0] {
	case '{':
		return "an object"
	case '[':
		return "a list"
	case '"':
		return "a string"
	case 't', 'f':
		return "true/false"
	case 'n':
		return "null"
	}
	return "a number"
}

// isName reports whether s is a plausible id: short, printable, no spaces.
func isName(s string) bool {
	if s == "" || len(s) > maxSaveName {
		return false
	}
	for _, r := range s {
		if r <= ' ' || r == 0x7f || r == utf8.RuneError {
			return false
		}
	}
	return true
}

// QuoteShort quotes user text for an error message: at most 40 characters
// of it, with how long it really was when it is cut. Messages must never
// echo a whole field of a hostile file (a 50 MB name would be a 50 MB
// line).
func QuoteShort(s string) string {
	const max = 40
	if utf8.RuneCountInString(s) <= max {
		return strconv.Quote(s)
	}
	cut, n := 0, 0
	for i := range s {
		if n == max {
			cut = i
			break
		}
		n++
	}
	return fmt.Sprintf("%s... (%d bytes)", strconv.Quote(s[:cut]), len(s))
}

// normHash checks a state hash (16 hex digits) and returns it in lower
// case, the form HashString writes.
func normHash(s string) (string, error) {
	if _, err := parseHash(s); err != nil {
		return "", err
	}
	return strings.ToLower(s), nil
}

func parseHash(s string) (uint64, error) {
	if len(s) != 16 {
		return 0, fmt.Errorf("%s is not 16 hex digits", QuoteShort(s))
	}
	v, err := strconv.ParseUint(s, 16, 64)
	if err != nil {
		return 0, fmt.Errorf("%s is not 16 hex digits", QuoteShort(s))
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
// same gate as live play, checking the state hash after each (a save of
// format 2 is replayed without hash checks, see SaveVersion, and the
// engine's LoadNote says so). Any problem
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

// Replay is Load for a save already parsed with ParseSave. A save of an
// older format version (below SaveVersion) that fails to replay was made
// under earlier rules: the error then wraps ErrOldRules (and the failure
// found) instead of reading as a damaged file.
func Replay(sv *Save, reg *Registry, build BuildFunc, cfg Config) (*Engine, error) {
	e, err := replay(sv, reg, build, cfg)
	if err != nil && sv.Version < SaveVersion {
		return nil, fmt.Errorf("load save: this save was made by an earlier version of Auspex whose %s rules differ; it cannot be replayed (save format version %d, this build writes %d): %w (%w)",
			strings.ToUpper(sv.Ruleset), sv.Version, SaveVersion, ErrOldRules, err)
	}
	return e, err
}

// LoadNote is a remark on how the game was loaded, for the player: set
// when a save of an older format was replayed without checking its state
// hashes (format 2, see SaveVersion); "" otherwise (a new game, or a save
// whose every hash matched).
func (e *Engine) LoadNote() string { return e.note }

func replay(sv *Save, reg *Registry, build BuildFunc, cfg Config) (*Engine, error) {
	rs, err := reg.Get(sv.Ruleset)
	if err != nil {
		return nil, fmt.Errorf("load save: %w", err)
	}
	if build == nil {
		return nil, errors.New("load save: no scenario builder")
	}
	st, err := build(Setup{Scenario: sv.Scenario, Ruleset: rs, Options: cloneMap(sv.Options), Seed: sv.Seed})
	if err != nil {
		return nil, fmt.Errorf("load save: scenario: %w", clip(err))
	}
	if st == nil {
		return nil, errors.New("load save: scenario builder returned no state")
	}
	st = st.Clone()
	st.Ruleset = sv.Ruleset
	st.Options = cloneMap(sv.Options)
	st.Seed = sv.Seed
	if st.Quirks, err = QuirksFor(rs, sv.Version, sv.Quirks); err != nil {
		return nil, fmt.Errorf("load save: %w: %v", ErrBadSave, err)
	}
	cfg.Scenario = sv.Scenario
	cfg.Files = sv.Files
	cfg.ManualStart = sv.StartManual
	cfg.StartDice = sv.StartDice
	cfg.ListedOptions = true
	e, err := New(rs, st, cfg)
	if err != nil {
		return nil, fmt.Errorf("load save: %w", err)
	}
	verify := sv.Version != unhashedVersion
	if !verify {
		e.note = fmt.Sprintf("a save of format %d, written by an earlier Auspex: replayed command by command with its recorded dice; its state hashes were not checked (format %d changed the state's shape). Saving it again writes format %d.", sv.Version, SaveVersion, SaveVersion)
	}
	if got := HashString(e.start.Hash()); verify && got != sv.StartHash {
		return nil, fmt.Errorf("load save: %w at the start: %s, save has %s (the scenario or the rules changed, or the save was edited)", ErrHashMismatch, got, sv.StartHash)
	}
	for i, sc := range sv.Commands {
		c, err := e.cmds.Decode(Encoded{Cmd: sc.Cmd, Args: sc.Args})
		if err != nil {
			return nil, fmt.Errorf("load save: %w: command %d: %v", ErrBadSave, i+1, clip(err))
		}
		args, err := json.Marshal(c)
		if err != nil {
			return nil, fmt.Errorf("load save: command %d (%s): %w", i+1, sc.Cmd, err)
		}
		rec := Record{Cmd: c, Args: args, Manual: sc.Manual, Dice: cloneSlice(sc.Dice), Note: sc.Note}
		next, _, err := e.exec(e.st, &rec, nil)
		if err != nil {
			return nil, fmt.Errorf("load save: command %d (%s): %w", i+1, sc.Cmd, clip(err))
		}
		if got := HashString(rec.Hash); verify && got != sc.Hash {
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

// maxErrText is the longest message clip lets through.
const maxErrText = 400

// clipped is an error whose message is cut to maxErrText bytes; errors.Is
// and errors.As still see the error it wraps.
type clipped struct{ err error }

func (c clipped) Error() string {
	msg := c.err.Error()
	if len(msg) <= maxErrText {
		return msg
	}
	cut := maxErrText
	for cut > 0 && !utf8.RuneStart(msg[cut]) {
		cut--
	}
	return fmt.Sprintf("%s... (message cut: %d bytes)", msg[:cut], len(msg))
}

func (c clipped) Unwrap() error { return c.err }

// clip bounds the message of an error raised while replaying a save:
// rulesets and the scenario parser echo what the save holds (a unit id in
// a command's arguments may be megabytes long).
func clip(err error) error {
	if err == nil || len(err.Error()) <= maxErrText {
		return err
	}
	return clipped{err}
}
