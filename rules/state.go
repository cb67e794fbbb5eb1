package rules

import (
	"maps"
	"slices"

	"github.com/auspex/auspex/world"
)

// State is the whole game as plain data: everything the rules need to decide
// what happens next, and nothing that cannot be rebuilt (no pointers into the
// world, no functions). It marshals to JSON as is.
//
// Only Command.Apply and the ruleset's steps (run by the Engine) mutate a
// State; everything else reads it. Clone makes an independent copy for
// look-ahead (AI search, odds previews, "what if" moves).
type State struct {
	// Ruleset is the id of the ruleset playing the game ("atii").
	Ruleset string `json:"ruleset"`
	// Options are the ruleset's named options and their values (toggles
	// use "on"/"off"), filled with defaults by the engine.
	Options map[string]string `json:"options,omitempty"`
	// Seed keys every dice stream of the game.
	Seed uint64 `json:"seed"`
	// Seq is the number of commands applied so far; the next command has
	// index Seq+1 (index 0 is the game's start).
	Seq int `json:"seq"`

	// Turn counts from 1 (0 before the first step that starts a turn,
	// e.g. set-up and deployment); Phase and Step name the current entry of the
	// ruleset's flow table (Step is the table key, Phase its group name).
	Turn  int    `json:"turn"`
	Phase string `json:"phase"`
	Step  string `json:"step"`
	// Active is the side whose turn it is within the step ("" when both
	// may act or nobody does).
	Active string `json:"active,omitempty"`

	Sides      []Side      `json:"sides"`
	Formations []Formation `json:"formations,omitempty"`
	Units      []Unit      `json:"units"`

	// Pending is the decision the game waits for, nil when the current
	// step takes any allowed command from the active side.
	Pending *Decision `json:"pending,omitempty"`
	// Procs is the procedure stack, the running procedure last (see
	// State.Call): interrupts and nested sequences. While it is not empty
	// Pending and Active are its top frame's decision.
	Procs []Frame `json:"procs,omitempty"`
	// Over is set once the ruleset's victory check decides the game;
	// Result says how.
	Over   bool     `json:"over,omitempty"`
	Result *Outcome `json:"result,omitempty"`

	// Ext holds ruleset-specific game data (initiative counters, support
	// missiles used, ...), one typed value per key (ExtValue; RawExt JSON
	// until the ruleset's codec types it); use GetExt and SetExt, or the
	// ruleset's own accessors. Values are immutable: replace a value, never
	// edit it in place, because clones share them. They marshal to their
	// canonical JSON.
	Ext ExtData `json:"ext,omitempty"`

	// Log is every event so far. It is append-only and logged events are
	// never modified: Clone shares them (see Clone).
	Log []Event `json:"log,omitempty"`

	// Quirks name earlier rules behaviours this game keeps because it
	// began under them: a save of an older format replays, and goes on,
	// with the quirks its ruleset lists for that format (QuirkRuleset).
	// A new game has none. Quirks are fixed for the whole game, shared by
	// clones and left out of the hashes (the commands' hashes prove their
	// effect); saves carry them.
	Quirks []string `json:"quirks,omitempty"`

	// opts is the ruleset's typed form of Options (TypedOptions).
	opts typedOptions
	// units maps a unit id to its index in Units (IndexUnits). It is
	// immutable and shared by clones; Unit checks every hit, so an index
	// made stale by adding, removing or reordering units is never wrong,
	// only slower.
	units map[string]int
	// returnTo is the step the engine enters next because the last frame
	// returned to it (State.Return); set and consumed within one command.
	returnTo string
}

// Controller kinds for Side.Controller.
const (
	ControllerHuman  = "human"
	ControllerAI     = "ai"
	ControllerScript = "script"
)

// Side is one player or army.
type Side struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Controller is who decides for the side: human, ai or script.
	Controller string `json:"controller"`
	// Markers are per-side counters (victory points, initiative counters,
	// strategy rating...), named by the ruleset.
	Markers Counters `json:"markers,omitempty"`
}

// Formation is a group of units that acts together: an E40K detachment, an
// EA formation, an ATII battle group.
type Formation struct {
	ID   string `json:"id"`
	Side string `json:"side"`
	Name string `json:"name,omitempty"`
	// Orders is the formation's current orders or action, "" if none.
	Orders string `json:"orders,omitempty"`
	// Broken marks a broken formation.
	Broken bool `json:"broken,omitempty"`
	// Markers are counters such as blast markers.
	Markers Counters `json:"markers,omitempty"`
}

// Unit is one model (or stand) on the table, with the status every system
// needs in generic form. What the strings mean (location names, damage
// levels, marker names) is up to the ruleset.
type Unit struct {
	ID        string `json:"id"`
	Side      string `json:"side"`
	Type      string `json:"type"`
	Name      string `json:"name,omitempty"`
	Formation string `json:"formation,omitempty"`

	// Pos is the base centre in cm, Facing the bearing in degrees.
	Pos    world.Vec `json:"pos"`
	Facing float64   `json:"facing"`

	// Damage maps a location (or system) to its damage level, e.g.
	// "head": "superficial". Absent means undamaged.
	Damage Labels `json:"damage,omitempty"`
	// Shields is the number of (void) shields currently up.
	Shields int `json:"shields,omitempty"`
	// Markers are named counters: blast markers, Man points spent, ...
	Markers Counters `json:"markers,omitempty"`
	// Loadout maps a weapon mount to the weapon id fitted there.
	Loadout Labels `json:"loadout,omitempty"`
	// Orders is the unit's current orders, "" if none.
	Orders string `json:"orders,omitempty"`

	// Per-turn flags, cleared by the ruleset at the start of a turn.
	Activated bool `json:"activated,omitempty"`
	Moved     bool `json:"moved,omitempty"`
	Fired     bool `json:"fired,omitempty"`
	// MovedDist is the distance moved this turn in cm.
	MovedDist float64 `json:"moved_dist,omitempty"`

	// Destroyed units stay in the list (for the log and victory points);
	// OffTable units have left the table.
	Destroyed bool `json:"destroyed,omitempty"`
	OffTable  bool `json:"off_table,omitempty"`

	// Ext holds ruleset-specific unit data, like State.Ext.
	Ext ExtData `json:"ext,omitempty"`
}

// Decision is what the game waits for: who must decide, and what. A
// ruleset sets a new Decision rather than editing the pending one or its
// lists in place (the engine's successive states share them).
type Decision struct {
	// Side must submit the next command.
	Side string `json:"side"`
	// Kind is a ruleset name for the decision ("activate", "allocate").
	Kind string `json:"kind"`
	// Prompt explains it to a person.
	Prompt string `json:"prompt,omitempty"`
	// Commands lists the command names that answer it; empty means any
	// command the current step allows.
	Commands []string `json:"commands,omitempty"`
	// Units are the units concerned (to highlight).
	Units []string `json:"units,omitempty"`
}

// Outcome is how a game ended.
type Outcome struct {
	// Winner is the winning side's id, "" for a draw.
	Winner string `json:"winner,omitempty"`
	// Kind is the ruleset's name for the result ("major victory").
	Kind string `json:"kind"`
	Text string `json:"text,omitempty"`
}

// Unit returns the unit with the given id, nil if there is none. The
// pointer is into s.Units: valid until units are added or removed. It is
// a map look-up when the state has a unit index (the engine builds one
// when a game starts; Clone shares it), a scan otherwise.
func (s *State) Unit(id string) *Unit {
	if i, ok := s.units[id]; ok && i < len(s.Units) && s.Units[i].ID == id {
		return &s.Units[i]
	}
	for i := range s.Units {
		if s.Units[i].ID == id {
			return &s.Units[i]
		}
	}
	return nil
}

// HasQuirk reports whether the game keeps the earlier behaviour q (see
// State.Quirks).
func (s *State) HasQuirk(q string) bool { return slices.Contains(s.Quirks, q) }

// IndexUnits builds the id -> position index Unit uses. The engine calls
// it when a game starts; code that adds, removes or reorders units may
// call it again (a stale index is still correct, only slower). It writes
// to s: do not call it on a state other goroutines read.
func (s *State) IndexUnits() {
	m := make(map[string]int, len(s.Units))
	for i := range s.Units {
		m[s.Units[i].ID] = i
	}
	s.units = m
}

// Side returns the side with the given id, nil if there is none.
func (s *State) Side(id string) *Side {
	for i := range s.Sides {
		if s.Sides[i].ID == id {
			return &s.Sides[i]
		}
	}
	return nil
}

// Formation returns the formation with the given id, nil if there is none.
func (s *State) Formation(id string) *Formation {
	for i := range s.Formations {
		if s.Formations[i].ID == id {
			return &s.Formations[i]
		}
	}
	return nil
}

// Option returns the value of a named option ("" when unset).
func (s *State) Option(name string) string { return s.Options[name] }

// OptionOn reports whether a toggle option is "on".
func (s *State) OptionOn(name string) bool { return s.Options[name] == "on" }

// Clone returns a copy of s that shares nothing mutable with it: the
// options map, the lists of sides, formations and units and the pending
// decision are copied. What is immutable by contract is shared: the status
// lists of units, sides and formations and the Ext lists (Pairs are
// copy-on-write: their methods build a new list, never edit one in place),
// the Ext values (replaced, never edited) and the event log (append-only,
// logged events are never modified; the clone gets a capacity-limited
// slice, so appending to either log copies it first). Clone never goes
// through JSON; it allocates the state, the options and three lists.
//
// Look-ahead code that applies many commands to clones (AI search) should
// set Log to nil on its clone: the log is not needed to play and appending
// to a shared log copies it.
func (s *State) Clone() *State { return s.clone(false) }

// nextState is Clone for the engine's next state in its chain: it shares
// the options map (and so its typed form) and the pending decision
// instead of copying them. The engine never edits the options of a game
// it plays (they are fixed when the game starts, see New), rulesets
// replace a pending decision whole (never edit it or its lists in place,
// see Decision), and the states of the chain are read-only once made, so
// nothing shared is written.
func (s *State) nextState() *State { return s.clone(true) }

func (s *State) clone(shareOptions bool) *State {
	c := *s
	if !shareOptions {
		c.Options = cloneMap(s.Options)
	}
	c.opts = typedOptions{}
	if s.opts.v != nil && sameMap(s.opts.src, s.Options) {
		c.opts = typedOptions{src: c.Options, v: s.opts.v}
	}
	c.Sides = slices.Clone(s.Sides)
	c.Formations = slices.Clone(s.Formations)
	c.Units = slices.Clone(s.Units)
	if s.Pending != nil && !shareOptions {
		p := *s.Pending
		p.Commands = cloneSlice(p.Commands)
		p.Units = cloneSlice(p.Units)
		c.Pending = &p
	}
	if s.Result != nil {
		r := *s.Result
		c.Result = &r
	}
	c.Procs = cloneFrames(s.Procs)
	c.Log = s.Log[:len(s.Log):len(s.Log)]
	return &c
}

func cloneMap[K comparable, V any](m map[K]V) map[K]V {
	if len(m) == 0 {
		return nil
	}
	return maps.Clone(m)
}

func cloneSlice[T any](s []T) []T {
	if s == nil {
		return nil
	}
	return append([]T(nil), s...)
}
