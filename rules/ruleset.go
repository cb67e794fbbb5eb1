package rules

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/auspex/auspex/world"
)

// Ruleset is one game system (ATII, E40K, EA, Epic 3.0) as the engine sees
// it: data tables and pure functions of the State. A ruleset keeps no game
// state of its own; it may hold read-only data such as its unit catalogue.
type Ruleset interface {
	// ID is the registry key and the value of State.Ruleset ("atii").
	ID() string
	// Name is the display name.
	Name() string
	// Options lists the named options a scenario may set.
	Options() []Option
	// Flow is the table of steps the game goes through (see Step). The
	// first entry starts the game.
	Flow() []Step
	// Commands lists every command kind the ruleset accepts.
	Commands() []CommandSpec
	// Terrain gives what each terrain kind means under the state's
	// options (LOS, cover, passage by unit class).
	Terrain(s *State) world.TerrainRules
	// Victory decides whether the game is over: nil while it goes on.
	Victory(s *State) *Outcome
	// Legal returns what side may do now: ready-to-submit commands for
	// discrete choices, and described templates for continuous ones
	// (a move path, a facing). Empty when side has nothing to decide.
	Legal(s *State, side string) []Choice
}

// Option is one named option of a ruleset.
type Option struct {
	// Name is the key scenarios use ("remastered/resilient").
	Name string
	// Doc explains what the option changes and why it exists (e.g. which
	// reading of an uncertain rule it selects).
	Doc string
	// Default is the value when a scenario does not set it.
	Default string
	// Values are the accepted values; toggles use {"off", "on"}.
	Values []string
}

// Choice is one thing a side may do for the pending decision.
type Choice struct {
	// Name is the command name.
	Name string
	// Text describes the choice for a person ("fire Gatling Blaster at
	// t2: 45% to hit at least once").
	Text string
	// Units are the units involved.
	Units []string
	// Cmd is the command to submit. For a continuous choice it is a
	// template whose free parts (Continuous says which) the UI or AI must
	// fill before submitting.
	Cmd Command
	// Continuous is empty for a discrete choice, else it describes the
	// free parameters ("path: up to 20 cm, one turn of up to 90 degrees").
	Continuous string
}

// Step is one entry of a ruleset's flow table: the engine enters it, runs
// its automatic work, waits for commands while it lasts, and moves on when
// EndIf says so. Steps replace a big switch over phases: the engine code
// is the same for every system.
type Step struct {
	// ID is the step's unique key, stored in State.Step
	// ("movement/titans").
	ID string
	// Phase is the phase the step belongs to, stored in State.Phase
	// ("movement").
	Phase string
	// Doc explains the step.
	Doc string
	// NewTurn makes entering this step start a new game turn.
	NewTurn bool
	// Allowed lists the command names accepted during the step (when no
	// pending decision names its own list).
	Allowed []string
	// OnBegin runs once on entering the step (reset flags, set the
	// pending decision, roll for initiative). Optional.
	OnBegin func(s *State, d Dice) ([]Event, error)
	// Auto does one automatic action if one is due (resolve a combat,
	// make a roll nobody chooses) and reports whether it did anything; the
	// engine calls it again until it reports false. Optional.
	Auto func(s *State, d Dice) ([]Event, bool, error)
	// EndIf reports whether the step is finished. Nil means the step
	// never ends by itself (only useful for the last step of a game).
	EndIf func(s *State) bool
	// Next is the ID of the step that follows; "" means the next entry of
	// the table, wrapping to the first. NextFunc, if set, decides instead.
	Next     string
	NextFunc func(s *State) string
}

// Flow is a checked, indexed flow table.
type Flow struct {
	steps []Step
	index map[string]int
}

// NewFlow checks a flow table: at least one step, unique non-empty ids,
// every static Next naming a step, and every allowed command known to cmds.
func NewFlow(steps []Step, cmds CommandSet) (*Flow, error) {
	if len(steps) == 0 {
		return nil, errors.New("flow: no steps")
	}
	f := &Flow{steps: steps, index: make(map[string]int, len(steps))}
	for i, st := range steps {
		if st.ID == "" {
			return nil, fmt.Errorf("flow step %d: empty id", i)
		}
		if _, dup := f.index[st.ID]; dup {
			return nil, fmt.Errorf("flow step %q appears twice", st.ID)
		}
		f.index[st.ID] = i
	}
	for _, st := range steps {
		if st.Next != "" {
			if _, ok := f.index[st.Next]; !ok {
				return nil, fmt.Errorf("flow step %q: next step %q does not exist", st.ID, st.Next)
			}
		}
		for _, c := range st.Allowed {
			if _, ok := cmds[c]; !ok {
				return nil, fmt.Errorf("flow step %q allows unknown command %q", st.ID, c)
			}
		}
	}
	return f, nil
}

// Step returns the step with the given id.
func (f *Flow) Step(id string) (*Step, bool) {
	i, ok := f.index[id]
	if !ok {
		return nil, false
	}
	return &f.steps[i], true
}

// First returns the step that starts the game.
func (f *Flow) First() *Step { return &f.steps[0] }

// next returns the step after cur in state s.
func (f *Flow) next(cur *Step, s *State) (*Step, error) {
	id := cur.Next
	if cur.NextFunc != nil {
		id = cur.NextFunc(s)
	}
	if id == "" {
		i := f.index[cur.ID]
		return &f.steps[(i+1)%len(f.steps)], nil
	}
	st, ok := f.Step(id)
	if !ok {
		return nil, fmt.Errorf("flow step %q: next step %q does not exist", cur.ID, id)
	}
	return st, nil
}

// ResolveOptions checks a scenario's option values against the ruleset's
// options and fills in defaults. Unknown names and values not in an
// option's Values are errors naming the option and what is accepted.
func ResolveOptions(rs Ruleset, given map[string]string) (map[string]string, error) {
	opts := rs.Options()
	known := make(map[string]Option, len(opts))
	out := make(map[string]string, len(opts))
	for _, o := range opts {
		known[o.Name] = o
		out[o.Name] = o.Default
	}
	for _, name := range sortedKeys(given) {
		o, ok := known[name]
		if !ok {
			names := make([]string, 0, len(opts))
			for _, o := range opts {
				names = append(names, o.Name)
			}
			sort.Strings(names)
			return nil, fmt.Errorf("ruleset %s has no option %q (options: %s)", rs.ID(), name, listOrNone(names))
		}
		v := given[name]
		if len(o.Values) > 0 && !contains(o.Values, v) {
			return nil, fmt.Errorf("ruleset %s option %q: value %q is not one of %s", rs.ID(), name, v, strings.Join(o.Values, ", "))
		}
		out[name] = v
	}
	return out, nil
}

// Registry maps ruleset ids to rulesets. The program builds one at start-up
// (in cmd) and passes it where needed; there is no global registry.
type Registry struct {
	m map[string]Ruleset
}

// NewRegistry returns a registry holding rss.
func NewRegistry(rss ...Ruleset) (*Registry, error) {
	r := &Registry{m: make(map[string]Ruleset)}
	for _, rs := range rss {
		if err := r.Register(rs); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// Register adds rs; a nil ruleset, an empty id or an id already taken are
// errors.
func (r *Registry) Register(rs Ruleset) error {
	if rs == nil {
		return errors.New("register ruleset: nil")
	}
	id := rs.ID()
	if id == "" {
		return errors.New("register ruleset: empty id")
	}
	if _, dup := r.m[id]; dup {
		return fmt.Errorf("register ruleset: %q already registered", id)
	}
	r.m[id] = rs
	return nil
}

// Get returns the ruleset with the given id; the error lists the known ids.
func (r *Registry) Get(id string) (Ruleset, error) {
	if r != nil {
		if rs, ok := r.m[id]; ok {
			return rs, nil
		}
	}
	return nil, fmt.Errorf("%w: %q (this build knows: %s)", ErrUnknownRuleset, id, listOrNone(r.IDs()))
}

// QuirkRuleset is implemented by a ruleset whose behaviour changed in a
// way that saves of an older format met: Quirks lists the quirks (names of
// the earlier behaviours, checked with State.HasQuirk) a game saved in
// format version keeps, so that it replays to the same hashes and goes on
// under the rules it began with.
type QuirkRuleset interface {
	Quirks(version int) []string
}

// QuirksFor returns the quirks a game loaded from a save of format version
// keeps: those the save names, then those rs lists for that version, each
// once. Errors: the save names a quirk rs never lists for a format before
// SaveVersion (a typing slip or an edited file), more than MaxSaveQuirks in
// all (its save could not be read back).
func QuirksFor(rs Ruleset, version int, named []string) ([]string, error) {
	q, _ := rs.(QuirkRuleset)
	known := map[string]bool{}
	if q != nil {
		for v := 1; v < SaveVersion; v++ {
			for _, name := range q.Quirks(v) {
				known[name] = true
			}
		}
	}
	out := make([]string, 0, len(named))
	for _, name := range named {
		if !known[name] {
			return nil, fmt.Errorf("quirk %s is not one the %s rules know", QuoteShort(name), rs.ID())
		}
		if !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	if q != nil {
		for _, name := range q.Quirks(version) {
			if !slices.Contains(out, name) {
				out = append(out, name)
			}
		}
	}
	if len(out) > MaxSaveQuirks {
		// a save could not be read back: refused before it is written
		return nil, fmt.Errorf("%d quirks for format %d: a save holds at most %d", len(out), version, MaxSaveQuirks)
	}
	if len(out) == 0 {
		return nil, nil
	}
	return out, nil
}

// IDs returns the registered ids, sorted.
func (r *Registry) IDs() []string {
	if r == nil {
		return nil
	}
	return sortedKeys(r.m)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func listOrNone(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}
