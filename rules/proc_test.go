package rules

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/auspex/auspex/world"
)

// The toy ruleset "relay" exercises the procedure stack: red attacks in
// the main step, which calls blue's "defend" procedure; blue may counter,
// which calls red's nested "riposte"; answering returns one level at a
// time. A "charge" calls "defend" with a return to the end step, whose
// OnBegin calls an automatic "tally" frame that the end step's Auto
// resolves.
type relay struct {
	// stuck makes the end step's Auto ignore the tally frame.
	stuck bool
	// eager makes the main step's EndIf true once a command was played:
	// it ends as soon as no procedure holds it.
	eager bool
}

func (relay) ID() string                        { return "relay" }
func (relay) Name() string                      { return "Relay (procedure stack test)" }
func (relay) Options() []Option                 { return nil }
func (relay) Terrain(*State) world.TerrainRules { return nil }
func (relay) Victory(s *State) *Outcome {
	if s.Ext.Has("conceded") {
		return &Outcome{Winner: "red", Kind: "concession"}
	}
	if s.Turn > 2 {
		return &Outcome{Kind: "draw"}
	}
	return nil
}
func (relay) Legal(*State, string) []Choice { return nil }

func (relay) Commands() []CommandSpec {
	var out []CommandSpec
	for _, n := range []string{"attack", "charge", "counter", "yield", "press", "concede", "note"} {
		out = append(out, CommandSpec{Name: n, New: func() Command { return &relayCmd{name: n} }})
	}
	return out
}

func (r relay) Flow() []Step {
	return []Step{
		{ID: "main", Phase: "main", NewTurn: true, Allowed: []string{"attack", "charge", "note"},
			OnBegin: func(s *State, _ Dice) ([]Event, error) {
				s.Active = "red"
				s.Pending = &Decision{Side: "red", Kind: "attack", Commands: []string{"attack", "charge", "note"}, Prompt: "attack or charge"}
				return nil, nil
			},
			EndIf: func(s *State) bool { return r.eager && s.Seq > 0 }, Next: "end"},
		{ID: "end", Phase: "end",
			OnBegin: func(s *State, _ Dice) ([]Event, error) {
				var nums Counters
				nums.Set("tallies", 0)
				return []Event{Message("the end step begins")}, s.Call(Frame{Proc: "tally", Nums: nums})
			},
			Auto: func(s *State, _ Dice) ([]Event, bool, error) {
				f := s.Proc()
				if r.stuck || f == nil || f.Proc != "tally" {
					return nil, false, nil
				}
				if AddCount(&f.Nums, "tallies", 1) < 3 {
					return nil, true, nil
				}
				_, err := s.Return()
				return []Event{Message("tallied")}, true, err
			},
			EndIf: func(*State) bool { return true }, Next: "main"},
	}
}

type relayCmd struct {
	name string
	By   string `json:"by"`
}

func (c *relayCmd) Name() string  { return c.name }
func (c *relayCmd) Actor() string { return c.By }

// Validate: each answer only in its own procedure (the engine already
// checks the side and the command list).
func (c *relayCmd) Validate(s *State) error {
	want := map[string]string{"counter": "defend", "yield": "defend", "press": "riposte"}[c.name]
	if want == "" {
		return nil
	}
	if f := s.Proc(); f == nil || f.Proc != want {
		return fmt.Errorf("%s answers %s only", c.name, want)
	}
	return nil
}

func (c *relayCmd) Apply(s *State, _ Dice) ([]Event, error) {
	switch c.name {
	case "attack", "charge":
		var params Labels
		params.Set("attacker", c.By)
		f := Frame{Proc: "defend", Side: "blue", Kind: "defend", Prompt: "counter or yield",
			Commands: []string{"counter", "yield", "concede"}, Units: []string{"b1"}, Params: params}
		if c.name == "charge" {
			f.Return.Step = "end"
		}
		return nil, s.Call(f)
	case "counter":
		var nums Counters
		nums.Set("round", 1)
		return nil, s.Call(Frame{Proc: "riposte", Side: "red", Kind: "riposte", Commands: []string{"press"}, Units: []string{"r1"}, Nums: nums})
	case "yield", "press":
		_, err := s.Return()
		return nil, err
	case "concede":
		return nil, s.SetExt("conceded", true)
	}
	return []Event{Message("a note")}, nil
}

func relayState() *State {
	return &State{Seed: 5,
		Sides: []Side{{ID: "red", Name: "Red"}, {ID: "blue", Name: "Blue"}},
		Units: []Unit{{ID: "r1", Side: "red", Type: "x"}, {ID: "b1", Side: "blue", Type: "x"}}}
}

func relaySubmit(t *testing.T, e *Engine, name, by string) {
	t.Helper()
	if _, err := e.Submit(&relayCmd{name: name, By: by}); err != nil {
		t.Fatalf("%s by %s: %v", name, by, err)
	}
}

func procNames(s *State) []string {
	var out []string
	for _, f := range s.Procs {
		out = append(out, f.Proc)
	}
	return out
}

// TestProcedureStackNestsTwoFrames: a call pushes a frame whose decision
// becomes the pending one; a nested call stacks a second; each answer
// returns one level (the outer frame's decision comes back), and the last
// return restores the decision the step waited for.
func TestProcedureStackNestsTwoFrames(t *testing.T) {
	e, err := New(relay{}, relayState(), Config{})
	if err != nil {
		t.Fatal(err)
	}
	main := cloneDecision(e.State().Pending)
	if main == nil || main.Side != "red" || len(e.State().Procs) != 0 {
		t.Fatalf("the game should wait for red's attack with no procedure open, got %+v %v", main, procNames(e.State()))
	}
	mainHash := e.State().PositionHash()

	relaySubmit(t, e, "attack", "red")
	s := e.State()
	if got := procNames(s); len(got) != 1 || got[0] != "defend" {
		t.Fatalf("attack should call defend, stack %v", got)
	}
	if s.Pending == nil || s.Pending.Side != "blue" || s.Pending.Kind != "defend" || s.Active != "blue" || e.Decider() != "blue" {
		t.Fatalf("the frame's decision should be pending, got %+v (active %s)", s.Pending, s.Active)
	}
	if f := s.Proc(); f.Return.Step != "main" || !samePending(f.Return.Pending, main) || f.Params.Value("attacker") != "red" {
		t.Errorf("the frame should record where to return: %+v", f.Return)
	}
	defend := cloneDecision(s.Pending)
	// Only the frame's side and commands are accepted, even commands the
	// step allows.
	if _, err := e.Submit(&relayCmd{name: "note", By: "blue"}); !errors.Is(err, ErrNotAllowed) {
		t.Errorf("a command outside the frame's list should be refused with ErrNotAllowed: %v", err)
	}
	if _, err := e.Submit(&relayCmd{name: "attack", By: "red"}); !errors.Is(err, ErrNotYourTurn) {
		t.Errorf("the caller's side should wait: %v", err)
	}

	relaySubmit(t, e, "counter", "blue")
	s = e.State()
	if got := procNames(s); len(got) != 2 || got[1] != "riposte" {
		t.Fatalf("counter should nest riposte, stack %v", got)
	}
	if s.Pending == nil || s.Pending.Side != "red" || s.Pending.Kind != "riposte" {
		t.Fatalf("the inner frame's decision should be pending, got %+v", s.Pending)
	}
	if !samePending(s.Proc().Return.Pending, defend) {
		t.Errorf("the inner frame should return to the outer one's decision, got %+v", s.Proc().Return.Pending)
	}
	if _, err := e.Submit(&relayCmd{name: "yield", By: "blue"}); !errors.Is(err, ErrNotYourTurn) {
		t.Errorf("the outer frame's side waits while the inner frame runs: %v", err)
	}

	// Clone copies the stack; hashes cover it; JSON keeps it.
	c := s.Clone()
	c.Procs[0].Units[0] = "changed"
	c.Procs[1].Nums.Set("round", 9)
	c.Procs[1].Return.Pending.Units = append(c.Procs[1].Return.Pending.Units, "x")
	if s.Procs[0].Units[0] != "b1" || s.Procs[1].Nums.Value("round") != 1 || len(s.Procs[1].Return.Pending.Units) != 1 {
		t.Error("a clone's frames must not share memory with the original's")
	}
	if c.Hash() == s.Hash() || c.PositionHash() == s.PositionHash() {
		t.Error("the hashes must cover the frames")
	}
	raw, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var back State
	if err := json.Unmarshal(raw, &back); err != nil {
		t.Fatal(err)
	}
	if back.Hash() != s.Hash() || back.PositionHash() != s.PositionHash() {
		t.Error("a JSON round trip must keep the frames and the hashes")
	}

	relaySubmit(t, e, "press", "red")
	s = e.State()
	if got := procNames(s); len(got) != 1 || !samePending(s.Pending, defend) || s.Active != "blue" {
		t.Fatalf("press should return to defend and its decision, stack %v pending %+v", got, s.Pending)
	}
	relaySubmit(t, e, "yield", "blue")
	s = e.State()
	if len(s.Procs) != 0 || s.Procs != nil || !samePending(s.Pending, main) || s.Active != "red" || s.Step != "main" {
		t.Fatalf("the last return should restore the step's decision, stack %v pending %+v step %s", procNames(s), s.Pending, s.Step)
	}
	if s.PositionHash() != mainHash {
		t.Error("after the procedures return the position should hash as before them")
	}
}

// TestProcedureReturnsToAnotherStep: a frame called with Return.Step set
// sends the game there once the stack empties (the step's OnBegin runs);
// an automatic frame (no side) is resolved by the step's Auto, and one
// left unresolved fails the command; the game ending inside a procedure
// clears the stack.
func TestProcedureReturnsToAnotherStep(t *testing.T) {
	e, err := New(relay{}, relayState(), Config{})
	if err != nil {
		t.Fatal(err)
	}
	relaySubmit(t, e, "charge", "red")
	if s := e.State(); s.Step != "main" || s.Proc() == nil || s.Proc().Return.Step != "end" {
		t.Fatalf("charge should call defend returning to end, step %s stack %v", s.Step, procNames(s))
	}
	relaySubmit(t, e, "yield", "blue")
	s := e.State()
	if s.Turn != 2 || s.Step != "main" || len(s.Procs) != 0 || s.Pending == nil || s.Pending.Side != "red" {
		t.Fatalf("the game should have run the end step and started turn 2, got turn %d step %s stack %v pending %+v", s.Turn, s.Step, procNames(s), s.Pending)
	}
	var sawEnd, tallied bool
	for _, ev := range s.Log {
		sawEnd = sawEnd || ev.Text == "the end step begins"
		tallied = tallied || (ev.Text == "tallied" && sawEnd)
	}
	if !sawEnd || !tallied {
		t.Error("the end step's OnBegin should run and its Auto resolve the automatic frame")
	}

	// The step holds still while a procedure is open, even when its
	// EndIf says it is over; it ends once the stack empties.
	e4, err := New(relay{eager: true}, relayState(), Config{})
	if err != nil {
		t.Fatal(err)
	}
	if s := e4.State(); s.Step != "main" {
		t.Fatalf("no command yet: still in main, got %s", s.Step)
	}
	relaySubmit(t, e4, "attack", "red")
	if s := e4.State(); s.Step != "main" || s.Proc() == nil {
		t.Fatalf("an open procedure holds the step, got %s with %v", s.Step, procNames(s))
	}
	relaySubmit(t, e4, "yield", "blue")
	if s := e4.State(); s.Turn < 2 || len(s.Procs) != 0 {
		t.Fatalf("once the stack empties the step may end: turn %d step %s", s.Turn, s.Step)
	}

	// The game ending inside a procedure clears the stack.
	e3, err := New(relay{}, relayState(), Config{})
	if err != nil {
		t.Fatal(err)
	}
	relaySubmit(t, e3, "attack", "red")
	relaySubmit(t, e3, "counter", "blue")
	relaySubmit(t, e3, "press", "red")
	relaySubmit(t, e3, "concede", "blue")
	if s := e3.State(); !s.Over || s.Procs != nil || s.Pending != nil {
		t.Errorf("a game over inside a procedure should clear the stack: over %v stack %v pending %+v", s.Over, procNames(s), s.Pending)
	}

	// An automatic frame nobody resolves is an error, and the game stays
	// as it was.
	e2, err := New(relay{stuck: true}, relayState(), Config{})
	if err != nil {
		t.Fatal(err)
	}
	relaySubmit(t, e2, "charge", "red")
	before := e2.State().Hash()
	if _, err := e2.Submit(&relayCmd{name: "yield", By: "blue"}); err == nil {
		t.Fatal("an automatic frame left unresolved must fail the command")
	}
	if e2.State().Hash() != before {
		t.Error("a failed command must leave the game unchanged")
	}
}

// TestStateCallReturnDrop checks the stack operations on a bare state:
// malformed frames are refused, Return on an empty stack fails, and Drop
// hands the dropped frame's return to the frame above it.
func TestStateCallReturnDrop(t *testing.T) {
	s := &State{Step: "s1", Active: "red", Pending: &Decision{Side: "red", Kind: "act", Commands: []string{"go"}}}
	if err := s.Call(Frame{Side: "red", Commands: []string{"x"}}); !errors.Is(err, ErrBadFrame) {
		t.Errorf("a frame without a name: %v", err)
	}
	if err := s.Call(Frame{Proc: "p", Side: "red"}); !errors.Is(err, ErrBadFrame) {
		t.Errorf("a deciding frame without commands: %v", err)
	}
	if _, err := s.Return(); !errors.Is(err, ErrNoProc) {
		t.Errorf("return with no frame: %v", err)
	}
	for _, p := range []string{"a", "b", "c"} {
		if err := s.Call(Frame{Proc: p, Side: "blue", Kind: p, Commands: []string{"ok"}}); err != nil {
			t.Fatal(err)
		}
	}
	if s.Pending.Kind != "c" || s.Active != "blue" {
		t.Fatalf("the top frame decides, got %+v", s.Pending)
	}
	// Drop the bottom: b now returns to the step's decision.
	if f, err := s.Drop(0); err != nil || f.Proc != "a" {
		t.Fatalf("drop 0: %v %v", f.Proc, err)
	}
	if got := procNames(s); len(got) != 2 || got[0] != "b" || s.Procs[0].Return.Pending.Kind != "act" || s.Pending.Kind != "c" {
		t.Fatalf("after dropping the bottom: %v, b returns to %+v, pending %+v", got, s.Procs[0].Return.Pending, s.Pending)
	}
	if _, err := s.Drop(5); !errors.Is(err, ErrNoProc) {
		t.Errorf("drop out of range: %v", err)
	}
	if _, err := s.Drop(1); err != nil || s.Pending.Kind != "b" {
		t.Fatalf("dropping the top returns to the next frame: %v %+v", err, s.Pending)
	}
	if _, err := s.Return(); err != nil || s.Procs != nil || s.Pending.Kind != "act" || s.Active != "red" || s.returnTo != "" {
		t.Fatalf("the last return restores the caller: %v %+v %q", err, s.Pending, s.returnTo)
	}
}

// TestFormat2SaveReplaysWithoutHashChecks: format 3 changed the state at
// procedure frames, so a format-2 save is replayed with its commands and
// dice but its hashes unchecked (LoadNote says so), while a format-3 save
// with the same wrong hashes is refused; saving the loaded game writes
// format 3 with this build's hashes.
func TestFormat2SaveReplaysWithoutHashChecks(t *testing.T) {
	data := playedSave(t)
	want, err := Load(data, mustRegistry(t), duelBuild, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if want.LoadNote() != "" {
		t.Errorf("a save whose hashes were checked needs no note: %q", want.LoadNote())
	}
	stale := func(version int) []byte {
		return editSave(t, data, func(m map[string]any) {
			m["version"] = version
			m["start_hash"] = "0123456789abcdef"
			for _, c := range m["commands"].([]any) {
				c.(map[string]any)["hash"] = "fedcba9876543210"
			}
		})
	}
	if _, err := Load(stale(SaveVersion), mustRegistry(t), duelBuild, Config{}); !errors.Is(err, ErrHashMismatch) {
		t.Fatalf("a format-%d save with wrong hashes must be refused: %v", SaveVersion, err)
	}
	e, err := Load(stale(2), mustRegistry(t), duelBuild, Config{})
	if err != nil {
		t.Fatalf("a format-2 save must replay without its hashes: %v", err)
	}
	if e.State().Hash() != want.State().Hash() || e.State().Seq != want.State().Seq {
		t.Error("the format-2 replay reached another game")
	}
	if note := e.LoadNote(); !strings.Contains(note, "format 2") || !strings.Contains(note, "not checked") {
		t.Errorf("LoadNote should say the format-2 hashes were not checked: %q", note)
	}
	again, err := e.Save()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again, data) {
		t.Error("saving a loaded format-2 game should write format 3 with this build's hashes")
	}
	// Its commands are still checked: one that no longer applies fails.
	bad := editSave(t, stale(2), func(m map[string]any) {
		m["commands"].([]any)[0].(map[string]any)["cmd"] = "nosuch"
	})
	if _, err := Load(bad, mustRegistry(t), duelBuild, Config{}); err == nil {
		t.Error("a format-2 save with an unknown command must be refused")
	}
}

// TestEmptyStackHashesAsBefore pins the hashes of a duel position taken
// with the build before the procedure stack existed: a state without
// frames must hash exactly as it did (saves and transposition tables keep
// their values), and an empty, non-nil stack hashes like none. Like
// TestGoldenGame it must change only with a deliberate change of the hash
// encoding (then update both).
func TestEmptyStackHashesAsBefore(t *testing.T) {
	e, err := New(duel{}, duelState(424242, 3), Config{})
	if err != nil {
		t.Fatal(err)
	}
	playFirst(t, e, 7)
	s := e.State()
	if s.Seq != 7 {
		t.Fatalf("want 7 commands played, got %d", s.Seq)
	}
	// The position hash's encoding was changed once since, on purpose
	// (the typed-state work: longer string chunks); pos is its value.
	const hash, pos = 0xfd73096f2a064927, 0x092a594b21238da2
	if s.Hash() != hash || s.PositionHash() != pos {
		t.Errorf("hashes %016x %016x, the build before the stack gave %016x %016x", s.Hash(), s.PositionHash(), uint64(hash), uint64(pos))
	}
	c := s.Clone()
	c.Procs = []Frame{}
	if c.Hash() != hash || c.PositionHash() != pos {
		t.Error("an empty stack must hash like none")
	}
}
