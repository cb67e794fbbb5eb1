package rules

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/auspex/auspex/world"
)

func newDuel(t *testing.T, seed uint64, wounds int, cfg Config) *Engine {
	t.Helper()
	e, err := New(duel{}, duelState(seed, wounds), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestEngineStartRunsFirstStepsAndWaitsForDecision(t *testing.T) {
	e := newDuel(t, 7, 3, Config{})
	s := e.State()
	if s.Step != "move" || s.Phase != "movement" || s.Turn != 1 {
		t.Fatalf("after start at %s/%s turn %d, want movement/move turn 1", s.Phase, s.Step, s.Turn)
	}
	var first string
	if ok, err := s.GetExt("first", &first); !ok || err != nil {
		t.Fatalf("roll-off result missing: %v %v", ok, err)
	}
	if s.Pending == nil || s.Pending.Side != first || s.Active != first {
		t.Fatalf("pending %+v active %q, want decision for %s", s.Pending, s.Active, first)
	}
	// The roll-off is logged as two roll events with index 0 (game start),
	// and the winner matches the faces.
	var rolls []*Roll
	for _, ev := range s.Log {
		if ev.Kind == EvRoll {
			if ev.Cmd != 0 {
				t.Errorf("start roll logged with command index %d", ev.Cmd)
			}
			rolls = append(rolls, ev.Roll)
		}
	}
	if len(rolls) != 2 {
		t.Fatalf("%d start rolls logged, want 2", len(rolls))
	}
	want := "red"
	if rolls[1].Faces[0] > rolls[0].Faces[0] {
		want = "blue"
	}
	if first != want {
		t.Errorf("first side %s, faces %v %v say %s", first, rolls[0].Faces, rolls[1].Faces, want)
	}
	if s.Options["turns"] != "3" || s.Options["accurate"] != "off" {
		t.Errorf("options not defaulted: %v", s.Options)
	}
}

func TestEngineRejectsWithoutChangingState(t *testing.T) {
	e := newDuel(t, 1, 3, Config{})
	side := e.State().Pending.Side
	foe := other(side)
	unit := map[string]string{"red": "r1", "blue": "b1"}
	before := e.State().Hash()
	logLen := len(e.State().Log)
	cases := []struct {
		name string
		cmd  Command
		want error
	}{
		{"other side", &moveCmd{By: foe, Unit: unit[foe], To: e.State().Unit(unit[foe]).Pos}, ErrNotYourTurn},
		{"wrong phase", &fireCmd{By: side, Unit: unit[side], Target: unit[foe]}, ErrNotAllowed},
		{"too far", &moveCmd{By: side, Unit: unit[side], To: world.Vec{X: 100, Y: 100}}, ErrIllegal},
		{"no such unit", &moveCmd{By: side, Unit: "zz"}, ErrIllegal},
	}
	for _, c := range cases {
		_, err := e.Submit(c.cmd)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: error %v, want %v", c.name, err, c.want)
		}
		if err := e.Check(c.cmd); !errors.Is(err, c.want) {
			t.Errorf("%s: Check gives %v, want %v", c.name, err, c.want)
		}
	}
	if e.State().Hash() != before || len(e.State().Log) != logLen || len(e.History()) != 0 {
		t.Error("a rejected command changed the game")
	}
}

func TestEnginePhasesAdvanceAndAutomaticStepsRun(t *testing.T) {
	e := newDuel(t, 3, 3, Config{})
	steps := []string{}
	last := ""
	for !e.State().Over {
		if e.State().Step != last {
			last = e.State().Step
			steps = append(steps, last)
		}
		playFirst(t, e, 1)
	}
	joined := strings.Join(steps, ",")
	if !strings.HasPrefix(joined, "move,shoot,move,shoot") {
		t.Errorf("steps seen %s, want move,shoot alternating", joined)
	}
	s := e.State()
	if s.Result == nil {
		t.Fatal("game over without a result")
	}
	// The end step's automatic regeneration rolled for wounded champions:
	// every regeneration roll is a roll event in the end step.
	regen := 0
	phases := 0
	for _, ev := range s.Log {
		if ev.Kind == EvRoll && strings.HasPrefix(ev.Roll.Purpose, "regenerate") {
			regen++
			if ev.Step != "end" {
				t.Errorf("regeneration rolled in step %s", ev.Step)
			}
		}
		if ev.Kind == EvPhase {
			phases++
		}
	}
	wounded := false
	for _, ev := range s.Log {
		if ev.Kind == EvDamaged && ev.Turn < s.Turn {
			wounded = true
		}
	}
	if wounded && regen == 0 {
		t.Error("champions were wounded before the last turn but never rolled to regenerate")
	}
	if phases < 4 {
		t.Errorf("only %d phase events", phases)
	}
	if _, err := e.Submit(&noteCmd{By: "red", Text: "too late"}); !errors.Is(err, ErrGameOver) {
		t.Errorf("command after the end: %v", err)
	}
	if e.Legal("red") != nil || e.Legal("blue") != nil || e.Decider() != "" {
		t.Error("choices offered after the end")
	}
	if s.Result.Kind == "draw" && s.Result.Text == "time ran out" && s.Turn != 4 {
		t.Errorf("time ran out at turn %d, want 4 (limit 3)", s.Turn)
	}
}

func TestEngineLoopCap(t *testing.T) {
	e, err := New(duel{loop: true}, duelState(1, 3), Config{MaxAutoSteps: 50})
	if err != nil {
		t.Fatal(err)
	}
	// Play until the end step would start: the command that triggers it
	// must fail with ErrLoopCap and leave the game unchanged.
	for i := 0; i < 10; i++ {
		p := e.State().Pending
		ch := e.Legal(p.Side)
		var c Command
		for _, x := range ch {
			if x.Name == "pass" {
				c = x.Cmd
			}
		}
		before := e.State().Hash()
		_, err := e.Submit(c)
		if err != nil {
			if !errors.Is(err, ErrLoopCap) {
				t.Fatalf("error %v, want ErrLoopCap", err)
			}
			if e.State().Hash() != before {
				t.Fatal("failed command changed the state")
			}
			if e.State().Step != "shoot" {
				t.Errorf("loop cap hit at %s, want while leaving shoot", e.State().Step)
			}
			return
		}
	}
	t.Fatal("the looping end step never hit the cap")
}

func TestSeededDiceAreKeyedByCommandIndex(t *testing.T) {
	// Two games with the same seed give the same rolls for the same
	// commands; another seed gives other rolls somewhere.
	a := newDuel(t, 99, 50, Config{})
	b := newDuel(t, 99, 50, Config{})
	c := newDuel(t, 100, 50, Config{})
	playFirst(t, a, 40)
	playFirst(t, b, 40)
	playFirst(t, c, 40)
	if a.State().Hash() != b.State().Hash() {
		t.Fatal("same seed and commands, different states")
	}
	if !sameRolls(a.State().Log, b.State().Log) {
		t.Fatal("same seed and commands, different rolls")
	}
	if sameRolls(a.State().Log, c.State().Log) {
		t.Error("different seeds rolled identically for 40 commands")
	}
}

func sameRolls(x, y []Event) bool {
	var fx, fy []int
	for _, ev := range x {
		if ev.Roll != nil {
			fx = append(fx, ev.Roll.Faces...)
		}
	}
	for _, ev := range y {
		if ev.Roll != nil {
			fy = append(fy, ev.Roll.Faces...)
		}
	}
	if len(fx) != len(fy) {
		return false
	}
	for i := range fx {
		if fx[i] != fy[i] {
			return false
		}
	}
	return true
}

func TestSaveLoadReplaysExactly(t *testing.T) {
	e := newDuel(t, 2026, 3, Config{Scenario: "3"})
	playFirst(t, e, 1000)
	if !e.State().Over {
		t.Fatal("game did not end")
	}
	data, err := e.Save()
	if err != nil {
		t.Fatal(err)
	}
	l, err := Load(data, mustRegistry(t), duelBuild, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if l.State().Hash() != e.State().Hash() {
		t.Fatal("replayed state differs")
	}
	ja, _ := json.Marshal(e.State().Log)
	jb, _ := json.Marshal(l.State().Log)
	if !bytes.Equal(ja, jb) {
		t.Fatal("replayed log differs")
	}
	if len(l.History()) != len(e.History()) {
		t.Fatalf("history %d commands, want %d", len(l.History()), len(e.History()))
	}
	again, err := l.Save()
	if err != nil || !bytes.Equal(again, data) {
		t.Fatalf("re-saving a loaded game changed the file (err %v)", err)
	}
}

// TestSaveKeepsFilesWhole: the files a game was built from besides its
// scenario (Config.Files: a player's catalogues) come back from a save
// as they went in, and a re-save writes them again.
func TestSaveKeepsFilesWhole(t *testing.T) {
	files := []File{{Name: "my-armies.yaml", Text: "units:\n  - id: x # \"quoted\"\n"}, {Name: "/abs/book.yaml", Text: "weapons: []\n", Base: true}}
	e := newDuel(t, 9, 3, Config{Scenario: "3", Files: files})
	playFirst(t, e, 6)
	data, err := e.Save()
	if err != nil {
		t.Fatal(err)
	}
	sv, err := ParseSave(data)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(sv.Files, files) {
		t.Fatalf("files read back %+v, want %+v", sv.Files, files)
	}
	l, err := Load(data, mustRegistry(t), duelBuild, Config{})
	if err != nil {
		t.Fatal(err)
	}
	again, err := l.Save()
	if err != nil || !bytes.Equal(again, data) {
		t.Fatalf("re-saving a loaded game changed the file (err %v)", err)
	}
}

func mustRegistry(t testing.TB) *Registry {
	r, err := NewRegistry(duel{})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func playedSave(t *testing.T) []byte {
	e := newDuel(t, 5, 3, Config{Scenario: "3"})
	playFirst(t, e, 12)
	data, err := e.Save()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestLoadDetectsTamperingAndBadFiles(t *testing.T) {
	data := playedSave(t)
	var sv Save
	if err := json.Unmarshal(data, &sv); err != nil {
		t.Fatal(err)
	}
	edit := func(f func(*Save)) []byte {
		var c Save
		_ = json.Unmarshal(data, &c)
		f(&c)
		out, _ := json.Marshal(&c)
		return out
	}
	moveIdx := -1
	for i, c := range sv.Commands {
		if c.Cmd == "move" {
			moveIdx = i
			break
		}
	}
	if moveIdx < 0 {
		t.Fatal("no move in the played game")
	}
	cases := []struct {
		name string
		data []byte
		want error
		text string
	}{
		{"hash edited", edit(func(s *Save) { s.Commands[3].Hash = "0123456789abcdef" }), ErrHashMismatch, "after command 4"},
		{"move edited", []byte(strings.Replace(string(data), `"to":{"X":`, `"to":{"X":1+`, 1)), ErrBadSave, "corrupt"},
		{"move shortened", edit(func(s *Save) {
			var m moveCmd
			_ = json.Unmarshal(s.Commands[moveIdx].Args, &m)
			m.To.Y += 1
			s.Commands[moveIdx].Args, _ = json.Marshal(&m)
		}), ErrHashMismatch, "command"},
		{"seed edited", edit(func(s *Save) { s.Seed++ }), ErrHashMismatch, "start"},
		{"truncated", data[:len(data)/2], ErrBadSave, "truncated"},
		{"corrupt", append([]byte("#"), data...), ErrBadSave, "corrupt"},
		{"empty", nil, ErrBadSave, "empty"},
		{"newer", edit(func(s *Save) { s.Version = SaveVersion + 1 }), ErrBadSave, "newer"},
		{"not a save", []byte(`{"format":"png","version":1}`), ErrBadSave, "not an Auspex save"},
		{"unknown field", []byte(strings.Replace(string(data), `"seed"`, `"sneed": 1, "seed"`, 1)), ErrBadSave, "sneed"},
		{"unknown ruleset", edit(func(s *Save) { s.Ruleset = "chess" }), ErrUnknownRuleset, "duel"},
		{"unknown command", edit(func(s *Save) { s.Commands[0].Cmd = "teleport" }), ErrBadSave, "teleport"},
		{"unknown option", edit(func(s *Save) { s.Options["fog"] = "on" }), nil, "no option \"fog\""},
		{"bad dice", edit(func(s *Save) { s.Commands[0].Dice = []int{0} }), ErrBadSave, "below 1"},
		{"dice not marked manual", edit(func(s *Save) { s.Commands[0].Dice = []int{3} }), ErrBadSave, "not marked manual"},
		{"start dice not marked manual", edit(func(s *Save) { s.StartDice = []int{3} }), ErrBadSave, "start_manual is not set"},
		{"extra command", edit(func(s *Save) { s.Commands = append(s.Commands, s.Commands[len(s.Commands)-1]) }), nil, "command"},
	}
	for _, c := range cases {
		e, err := Load(c.data, mustRegistry(t), duelBuild, Config{})
		if err == nil {
			t.Errorf("%s: loaded without error", c.name)
			continue
		}
		if e != nil {
			t.Errorf("%s: an engine came back with the error", c.name)
		}
		if c.want != nil && !errors.Is(err, c.want) {
			t.Errorf("%s: error %v, want %v", c.name, err, c.want)
		}
		if !strings.Contains(err.Error(), c.text) {
			t.Errorf("%s: error %q does not mention %q", c.name, err, c.text)
		}
	}
}

func TestUndo(t *testing.T) {
	e := newDuel(t, 11, 3, Config{})
	if err := e.Undo(); !errors.Is(err, ErrNothingToUndo) {
		t.Fatalf("undo at start: %v", err)
	}
	start := e.State().Hash()
	startLog := len(e.State().Log)
	playFirst(t, e, 1) // a move: no dice
	if e.History()[0].Rolled {
		t.Fatal("a move rolled dice")
	}
	if err := e.Undo(); err != nil {
		t.Fatal(err)
	}
	if e.State().Hash() != start || len(e.State().Log) != startLog || len(e.History()) != 0 {
		t.Fatal("undo did not restore the start")
	}
	// Play into shooting and fire: a roll cannot be undone.
	for e.State().Step != "shoot" {
		playFirst(t, e, 1)
	}
	n := len(e.History())
	playFirst(t, e, 1)
	if !e.History()[n].Rolled {
		t.Fatalf("fire did not record a roll (choice was %s)", e.History()[n].Cmd.Name())
	}
	before := e.State().Hash()
	if err := e.Undo(); !errors.Is(err, ErrUndoPastRoll) {
		t.Fatalf("undo past a roll: %v", err)
	}
	if e.State().Hash() != before {
		t.Fatal("refused undo changed the state")
	}
}

// UndoTo takes back several commands at once, to the state after the
// first n, and refuses when a roll is among them (or n is out of range).
func TestUndoToTakesBackSeveralCommands(t *testing.T) {
	e := newDuel(t, 11, 3, Config{})
	start := e.State().Hash()
	startLog := len(e.State().Log)
	for e.State().Step != "shoot" {
		playFirst(t, e, 1)
	}
	moves := len(e.History())
	if moves < 2 {
		t.Fatalf("only %d commands before shooting", moves)
	}
	for _, n := range []int{-1, moves} {
		if err := e.UndoTo(n); !errors.Is(err, ErrNothingToUndo) {
			t.Errorf("UndoTo(%d) of %d commands: %v", n, moves, err)
		}
	}
	playFirst(t, e, 1)
	if !e.History()[moves].Rolled {
		t.Fatal("fire did not record a roll")
	}
	before := e.State().Hash()
	err := e.UndoTo(0)
	if !errors.Is(err, ErrUndoPastRoll) || !strings.Contains(err.Error(), "command "+strconv.Itoa(moves+1)+" ") {
		t.Fatalf("UndoTo past a roll: %v", err)
	}
	if e.State().Hash() != before || len(e.History()) != moves+1 {
		t.Fatal("a refused UndoTo changed the game")
	}
	// Without the roll: back over every move to the start.
	e = newDuel(t, 11, 3, Config{})
	for e.State().Step != "shoot" {
		playFirst(t, e, 1)
	}
	if err := e.UndoTo(0); err != nil {
		t.Fatal(err)
	}
	if e.State().Hash() != start || len(e.State().Log) != startLog || len(e.History()) != 0 {
		t.Fatal("UndoTo(0) did not restore the start")
	}
}

func TestUndoPastRollsOptionRollsTheSameDiceAgain(t *testing.T) {
	e := newDuel(t, 12, 3, Config{UndoPastRolls: true})
	for e.State().Step != "shoot" {
		playFirst(t, e, 1)
	}
	playFirst(t, e, 1)
	h := e.History()
	last := h[len(h)-1]
	after := e.State().Hash()
	if err := e.Undo(); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Submit(last.Cmd); err != nil {
		t.Fatal(err)
	}
	if e.State().Hash() != after {
		t.Fatal("the same command after undo rolled different dice")
	}
}

func TestManualDiceAskForMissingRollsInOrder(t *testing.T) {
	e, err := New(duel{}, duelState(8, 3), Config{ManualDice: true, ManualStart: true, StartDice: []int{2, 5}, Scenario: "3"})
	if err != nil {
		t.Fatal(err)
	}
	var first string
	_, _ = e.State().GetExt("first", &first)
	if first != "blue" {
		t.Fatalf("typed roll-off 2 v 5: first side %s, want blue", first)
	}
	// Blue moves (no dice), red moves, then blue fires (stationary after
	// passing? no: it moved 5 cm, so it needs 4+).
	for e.State().Step != "shoot" {
		p := e.State().Pending
		u := map[string]string{"red": "r1", "blue": "b1"}[p.Side]
		if _, err := e.Submit(&moveCmd{By: p.Side, Unit: u, To: e.State().Unit(u).Pos}); err != nil {
			t.Fatal(err)
		}
	}
	fire := &fireCmd{By: "blue", Unit: "b1", Target: "r1"}
	before := e.State().Hash()
	_, err = e.Submit(fire)
	var need *NeedDiceError
	if !errors.As(err, &need) {
		t.Fatalf("submit without dice: %v, want NeedDiceError", err)
	}
	if need.Request.Purpose != "to hit" || need.Request.N != 1 || need.Request.Sides != 6 || need.Request.Target != 3 {
		t.Fatalf("request %+v, want 1D6 to hit needing 3+ (stationary)", need.Request)
	}
	if e.State().Hash() != before {
		t.Fatal("state changed while waiting for dice")
	}
	if err := e.ProvideDice(5); err != nil {
		t.Fatal(err)
	}
	_, err = e.Submit(fire)
	if !errors.As(err, &need) || need.Request.Purpose != "damage" {
		t.Fatalf("after the to-hit die: %v, want a request for the damage die", err)
	}
	if got := e.QueuedDice(); len(got) != 1 || got[0] != 5 {
		t.Fatalf("queue %v after a failed attempt, want [5] kept", got)
	}
	if err := e.ProvideDice(4); err != nil {
		t.Fatal(err)
	}
	evs, err := e.Submit(fire)
	if err != nil {
		t.Fatal(err)
	}
	var faces []int
	for _, ev := range evs {
		if ev.Roll != nil {
			faces = append(faces, ev.Roll.Faces...)
		}
	}
	if len(faces) != 2 || faces[0] != 5 || faces[1] != 4 {
		t.Fatalf("logged faces %v, want [5 4]", faces)
	}
	if w := e.State().Unit("r1").Markers.Value("wounds"); w != 2 {
		t.Fatalf("r1 has %d wounds, want 2 after a 5 to hit and 4 to damage", w)
	}
	if len(e.QueuedDice()) != 0 {
		t.Fatalf("queue not emptied: %v", e.QueuedDice())
	}
	// A face that is not on the die is refused, nothing changes.
	before = e.State().Hash()
	_ = e.ProvideDice(9)
	_, err = e.Submit(&fireCmd{By: "red", Unit: "r1", Target: "b1"})
	if err == nil || !strings.Contains(err.Error(), "not on a D6") {
		t.Fatalf("face 9 on a D6: %v", err)
	}
	if e.State().Hash() != before {
		t.Fatal("bad face changed the state")
	}
	e.ClearDice()
	// The save keeps the typed dice and replays them.
	data, err := e.Save()
	if err != nil {
		t.Fatal(err)
	}
	l, err := Load(data, mustRegistry(t), duelBuild, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if l.State().Hash() != e.State().Hash() {
		t.Fatal("manual game did not replay")
	}
	if !strings.Contains(string(data), `"dice":[`) {
		t.Error("save does not list the typed dice")
	}
}

func TestLegalChoicesAreAccepted(t *testing.T) {
	// Every discrete choice Legal offers must pass Check (ATII and the
	// other rulesets rely on this contract for the AI).
	e := newDuel(t, 4, 3, Config{})
	for i := 0; i < 30 && !e.State().Over; i++ {
		p := e.State().Pending
		if e.Decider() != p.Side {
			t.Fatalf("decider %q, pending side %q", e.Decider(), p.Side)
		}
		for _, ch := range e.Legal(p.Side) {
			if err := e.Check(ch.Cmd); err != nil {
				t.Fatalf("legal choice %q refused: %v", ch.Text, err)
			}
		}
		if got := e.Legal(other(p.Side)); len(got) != 0 {
			t.Fatalf("the side not deciding has %d choices", len(got))
		}
		playFirst(t, e, 1)
	}
}

func TestNewRejectsBadSetups(t *testing.T) {
	st := duelState(1, 3)
	st.Options = map[string]string{"turns": "7"}
	if _, err := New(duel{}, st, Config{}); err == nil || !strings.Contains(err.Error(), "not one of") {
		t.Errorf("bad option value: %v", err)
	}
	st = duelState(1, 3)
	st.Ruleset = "other"
	if _, err := New(duel{}, st, Config{}); err == nil {
		t.Error("state for another ruleset accepted")
	}
	if _, err := New(duel{}, duelState(1, 3), Config{ManualStart: true, StartDice: []int{3}}); err == nil {
		t.Error("start with one die of two accepted")
	} else {
		var need *NeedDiceError
		if !errors.As(err, &need) || need.Request.Purpose != "roll-off blue" {
			t.Errorf("start short of dice: %v", err)
		}
	}
}

// panicCmd is a buggy command: the engine must turn its panic into an
// error and keep the game as it was.
type panicCmd struct {
	By string `json:"by"`
}

func (*panicCmd) Name() string            { return "note" }
func (c *panicCmd) Actor() string         { return c.By }
func (c *panicCmd) Validate(*State) error { return nil }
func (c *panicCmd) Apply(s *State, _ Dice) ([]Event, error) {
	var m map[string]int
	m["boom"] = 1
	return nil, nil
}

func TestRulesetPanicBecomesError(t *testing.T) {
	e := newDuel(t, 1, 3, Config{})
	before := e.State().Hash()
	_, err := e.Submit(&panicCmd{By: e.State().Pending.Side})
	if !errors.Is(err, ErrRulesetPanic) {
		t.Fatalf("error %v, want ErrRulesetPanic", err)
	}
	if e.State().Hash() != before || len(e.History()) != 0 {
		t.Fatal("panicking command changed the game")
	}
}

func TestPreviewDoesNotTouchTheGame(t *testing.T) {
	e := newDuel(t, 21, 3, Config{})
	for e.State().Step != "shoot" {
		playFirst(t, e, 1)
	}
	p := e.State().Pending.Side
	u := map[string]string{"red": "r1", "blue": "b1"}
	c := &fireCmd{By: p, Unit: u[p], Target: u[other(p)]}
	before := e.State().Hash()
	played := len(e.History())
	// A hit on 6 and damage 6: the preview shows the wound, the game
	// does not change.
	n, evs, err := e.Preview(e.State(), c, Scripted(6, 6))
	if err != nil {
		t.Fatal(err)
	}
	if n.Unit(u[other(p)]).Markers.Value("wounds") != 2 {
		t.Fatal("preview with a 6 and a 6 did not wound")
	}
	if len(evs) == 0 || e.State().Hash() != before || len(e.History()) != played {
		t.Fatal("preview changed the game or logged nothing")
	}
	// A miss.
	n, _, err = e.Preview(e.State(), c, Scripted(1))
	if err != nil {
		t.Fatal(err)
	}
	if n.Unit(u[other(p)]).Markers.Value("wounds") != 3 {
		t.Fatal("a 1 to hit wounded")
	}
	// Short scripted dice are reported, not guessed.
	var need *NeedDiceError
	if _, _, err := e.Preview(e.State(), c, Scripted(6)); !errors.As(err, &need) {
		t.Fatalf("short dice: %v", err)
	}
	if _, _, err := e.Preview(e.State(), c, nil); err == nil {
		t.Fatal("preview without dice accepted")
	}
}

func TestRebaseReplaysOnAnEditedTable(t *testing.T) {
	e := newDuel(t, 33, 3, Config{Scenario: "3"})
	playFirst(t, e, 6)
	// Same table: the same game.
	same, n, err := e.Rebase(duelState(999, 3), "3")
	if err != nil || n != 6 || same.State().Hash() != e.State().Hash() {
		t.Fatalf("rebase on the same table: %d commands, %v, equal %v", n, err, same != nil && same.State().Hash() == e.State().Hash())
	}
	// Blue's champion now starts 8 cm further away: its first move (to a
	// point 5 cm from the old start) is now 13 cm, too far.
	moved := duelState(33, 3)
	moved.Units[1].Pos.X += 8
	r, n, err := e.Rebase(moved, "3 (edited)")
	if err == nil || !errors.Is(err, ErrIllegal) {
		t.Fatalf("rebase onto a changed table: %v", err)
	}
	if r == nil || n >= 6 || len(r.History()) != n {
		t.Fatalf("partial rebase: %d commands kept, history %d", n, len(r.History()))
	}
	if r.cfg.Scenario != "3 (edited)" || e.cfg.Scenario != "3" {
		t.Error("scenario text not carried to the rebased game only")
	}
}

// TestNotesRideWithTheirCommands: a computer player's reason attached to
// a command (NoteLast) is saved with it and loaded back, changes no hash,
// and an over-long note in a file is refused.
func TestNotesRideWithTheirCommands(t *testing.T) {
	e := newDuel(t, 2026, 3, Config{Scenario: "3"})
	e.NoteLast("nothing to note yet") // no command: ignored
	playFirst(t, e, 3)
	before := e.State().Hash()
	e.NoteLast("red: the nearest champion is in range")
	if e.State().Hash() != before {
		t.Fatal("a note changed the state")
	}
	data, err := e.Save()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte(`"note":"red: the nearest champion is in range"`)) {
		t.Fatalf("the save lacks the note:\n%s", data)
	}
	l, err := Load(data, mustRegistry(t), duelBuild, Config{})
	if err != nil {
		t.Fatal(err)
	}
	h := l.History()
	if h[len(h)-1].Note != "red: the nearest champion is in range" || h[0].Note != "" {
		t.Errorf("notes after loading: first %q, last %q", h[0].Note, h[len(h)-1].Note)
	}
	long := bytes.Replace(data, []byte(`"note":"red: the nearest champion is in range"`), []byte(`"note":"`+strings.Repeat("x", MaxNote+1)+`"`), 1)
	if _, err := Load(long, mustRegistry(t), duelBuild, Config{}); !errors.Is(err, ErrBadSave) {
		t.Errorf("an over-long note: %v, want ErrBadSave", err)
	}
}
