package atiiui

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/world"
)

var hotseat = map[string]string{"red": play.Human, "blue": play.Human}

// toRedMove plays a hotseat duel (red goes first, everyone else ends
// the step) until red must move.
func toRedMove(t *testing.T, s *UI) {
	t.Helper()
	for i := 0; i < 60 && !(s.Mode() == play.ModeTurn && s.State().Step == atii.StepMovement && s.Decider() == "red"); i++ {
		if ChoosingOrder(s.State()) {
			s.ChooseOrder(true)
			continue
		}
		s.EndStep()
	}
	if s.State().Step != atii.StepMovement || s.Decider() != "red" {
		t.Fatalf("did not reach red's movement: %s %s (%s)", s.State().Step, s.Decider(), s.Msg)
	}
}

// moveAhead plays a short legal move of the selected titan (no dice).
func moveAhead(t *testing.T, s *UI, cm float64) {
	t.Helper()
	u := s.State().Unit(s.Selected)
	if u == nil {
		t.Fatal("no titan selected")
	}
	s.ClickTable(u.Pos.Add(world.Heading(u.Facing).Scale(cm)), "")
	n := s.State().Seq
	s.Commit()
	if s.State().Seq == n {
		t.Fatalf("the move was not played: %s", s.Msg)
	}
}

func hashOf(s *UI) string { return rules.HashString(s.State().Hash()) }

// where is everything "exactly where it was left" compares.
type where struct {
	Hash, Step, Decider string
	Turn                int
	Mode                play.Mode
	Pending             *rules.Decision
	LogLen              int
	Banner              play.Banner
}

func whereOf(s *UI) where {
	return where{Hash: hashOf(s), Step: s.State().Step, Decider: s.Decider(), Turn: s.State().Turn, Mode: s.Mode(),
		Pending: s.State().Pending, LogLen: len(s.Log()), Banner: s.Banner()}
}

// A game saved part-way through a turn loads exactly where it was left:
// the same state hash, step, pending decision, deciding side, dice log and
// banner; and play goes on from there identically.
func TestSaveLoadRoundTrip(t *testing.T) {
	s := newSession(t, load(t, "titan-duel"), 7, hotseat)
	toRedMove(t, s)
	moveAhead(t, s, 4)
	path := filepath.Join(t.TempDir(), "game.json")
	if err := s.Save(path); err != nil {
		t.Fatal(err)
	}
	if s.MsgErr || !strings.Contains(s.Msg, path) {
		t.Errorf("saving should say where: %q", s.Msg)
	}
	want := whereOf(s)
	l, err := loadATII(testSystems, path, hotseat, game.Config{})
	if err != nil {
		t.Fatal(err)
	}
	got := whereOf(l)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("loaded game is not where it was left:\n got %+v\nwant %+v", got, want)
	}
	if l.Selected != s.Selected {
		t.Errorf("selected %q, was %q", l.Selected, s.Selected)
	}
	if l.MsgErr || !strings.Contains(l.Msg, "loaded") {
		t.Errorf("loading should say so: %q", l.Msg)
	}
	// The same next action gives the same game in both.
	s.EndStep()
	l.EndStep()
	if hashOf(s) != hashOf(l) {
		t.Error("the loaded game plays on differently from the original")
	}
	// Undo works on the loaded game's replayed history.
	if err := l.Undo(); err != nil {
		t.Fatalf("undo after load: %v", err)
	}
	if hashOf(l) != want.Hash {
		t.Error("undo after load did not return to the saved state")
	}
}

// Corrupt, truncated, newer-version and missing saves are refused with a
// reason the player can read, and no session is returned.
func TestLoadBadSaves(t *testing.T) {
	s := newSession(t, load(t, "titan-duel"), 7, hotseat)
	toRedMove(t, s)
	moveAhead(t, s, 4)
	data, err := s.G.Save()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cases := map[string]struct {
		data []byte
		want string
	}{
		"corrupt":   {[]byte(strings.Replace(string(data), "{", "{{", 1)), "corrupt"},
		"truncated": {data[:len(data)*2/3], "truncated"},
		"newer":     {[]byte(strings.Replace(string(data), fmt.Sprintf(`"version": %d,`, rules.SaveVersion), `"version": 99,`, 1)), "newer"},
		"empty":     {nil, "empty"},
		"tampered":  {[]byte(tamperHash(t, string(data))), "hash"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			p := filepath.Join(dir, name+".json")
			if err := os.WriteFile(p, c.data, 0o644); err != nil {
				t.Fatal(err)
			}
			l, err := loadATII(testSystems, p, hotseat, game.Config{})
			if err == nil || l != nil {
				t.Fatalf("a %s save must be refused, got session %v err %v", name, l != nil, err)
			}
			if !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), p) {
				t.Errorf("the error should name the file and say %q: %v", c.want, err)
			}
		})
	}
	if _, err := loadATII(testSystems, filepath.Join(dir, "missing.json"), hotseat, game.Config{}); err == nil {
		t.Error("a missing file must be an error")
	}
}

// A save written before the ATII rules of this round (format version 1,
// from git history) cannot be replayed: loading it says plainly that an
// earlier Auspex with different rules made it, not that a hash differs.
func TestLoadVersion1SaveSaysItsRulesDiffer(t *testing.T) {
	p := filepath.Join("testdata", "duel-v1.auspex-save")
	l, err := loadATII(testSystems, p, hotseat, game.Config{})
	if err == nil || l != nil {
		t.Fatalf("a version-1 ATII save must be refused: session %v err %v", l != nil, err)
	}
	if !errors.Is(err, rules.ErrOldRules) {
		t.Errorf("the error should wrap rules.ErrOldRules: %v", err)
	}
	msg := "this save was made by an earlier version of Auspex whose ATII rules differ; it cannot be replayed"
	if !strings.Contains(err.Error(), msg) || !strings.Contains(err.Error(), p) {
		t.Errorf("the error should name the file and say %q: %v", msg, err)
	}
	if i, j := strings.Index(err.Error(), msg), strings.Index(err.Error(), "hash"); j >= 0 && j < i {
		t.Errorf("the plain reason should come before any hash detail: %v", err)
	}
	// A save written now carries the new version.
	s := newSession(t, load(t, "titan-duel"), 7, hotseat)
	data, err := s.G.Save()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), fmt.Sprintf(`"version": %d,`, rules.SaveVersion)) || rules.SaveVersion < 2 {
		t.Errorf("new saves should be written as version %d (at least 2)", rules.SaveVersion)
	}
}

// tamperHash changes the state hash recorded after the last command.
func tamperHash(t *testing.T, save string) string {
	t.Helper()
	i := strings.LastIndex(save, `"hash":"`)
	if i < 0 {
		t.Fatal("no command hash in the save")
	}
	i += len(`"hash":"`)
	c := byte('0')
	if save[i] == '0' {
		c = '1'
	}
	return save[:i] + string(c) + save[i+1:]
}

// Undo (Ctrl+Z) takes back commands that rolled no dice, back to the
// last die roll, and refuses to go past it with a readable reason that
// leaves the game as it was.
func TestUndoBackToTheLastRoll(t *testing.T) {
	s := newSession(t, load(t, "titan-duel"), 7, hotseat)
	// Into turn 2: the command ending turn 1 rolls its initiative.
	for i := 0; i < 200 && s.State().Turn < 2; i++ {
		if ChoosingOrder(s.State()) {
			s.ChooseOrder(true)
			continue
		}
		s.EndStep()
	}
	toRedMove(t, s)
	before := hashOf(s)
	logLen := len(s.Log())
	moveAhead(t, s, 4)
	if err := s.Undo(); err != nil {
		t.Fatalf("undoing a move without dice: %v", err)
	}
	if hashOf(s) != before || len(s.Log()) != logLen {
		t.Fatal("undo did not restore the state before the move")
	}
	if s.Decider() != "red" || s.State().Step != atii.StepMovement || s.Mode() != play.ModeTurn {
		t.Fatalf("after undo red should move again: %s %s %v", s.Decider(), s.State().Step, s.Mode())
	}
	// Undo on until the last command rolled dice.
	for i := 0; i < 50; i++ {
		h := s.G.Engine.History()
		if len(h) == 0 || h[len(h)-1].Rolled {
			break
		}
		if err := s.Undo(); err != nil {
			t.Fatalf("undo of %s (no dice) refused: %v", h[len(h)-1].Cmd.Name(), err)
		}
	}
	h := s.G.Engine.History()
	if len(h) == 0 {
		t.Fatal("the duel's opening should roll dice (initiative) before the first move")
	}
	at := hashOf(s)
	err := s.Undo()
	if err == nil {
		t.Fatal("undo past a die roll must be refused")
	}
	if !strings.Contains(err.Error(), "die roll") || !s.MsgErr || s.Msg != err.Error() {
		t.Errorf("the refusal should be readable and shown: err %q msg %q", err, s.Msg)
	}
	if hashOf(s) != at || len(s.G.Engine.History()) != len(h) {
		t.Error("a refused undo changed the game")
	}
}

// With nothing played, undo says so.
func TestUndoNothing(t *testing.T) {
	g, err := testSystems.New(load(t, "titan-duel"), game.Config{Seed: 3, UndoPastRolls: true})
	if err != nil {
		t.Fatal(err)
	}
	s := newUI(g, hotseat)
	for len(s.G.Engine.History()) > 0 {
		if err := s.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Undo(); err == nil || !errors.Is(err, rules.ErrNothingToUndo) {
		t.Errorf("undo with no command played: %v", err)
	}
}

// manualSession starts a duel the way the start screen does with manual
// dice: the start rolls from the seed, then the players roll every die.
func manualSession(t *testing.T) *UI {
	t.Helper()
	g, err := testSystems.New(load(t, "titan-duel"), game.Config{Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	data, err := g.Save()
	if err != nil {
		t.Fatal(err)
	}
	if g, err = testSystems.Load(data, game.Config{ManualDice: true}); err != nil {
		t.Fatal(err)
	}
	return newUI(g, hotseat)
}

// toDice ends steps until the session asks for manual dice.
func toDice(t *testing.T, s *UI) {
	t.Helper()
	for i := 0; i < 200 && s.Mode() != play.ModeDice; i++ {
		if ChoosingOrder(s.State()) {
			s.ChooseOrder(true)
			continue
		}
		s.EndStep()
	}
	if s.Mode() != play.ModeDice {
		t.Fatalf("no manual dice asked for: %s %v (%s)", s.State().Step, s.Mode(), s.Msg)
	}
}

// A manual-dice game saved and loaded (Ctrl+O loads with the default
// settings) still takes its dice from the players.
func TestLoadKeepsManualDice(t *testing.T) {
	s := manualSession(t)
	toDice(t, s)
	req, _ := s.DiceWanted()
	for i := req.Have; i < req.N; i++ {
		s.TypeDie(6 - i%6) // 6, 5, ...: no ties
	}
	if s.Mode() == play.ModeDice {
		t.Fatalf("typed dice were not taken: %s", s.Msg)
	}
	path := filepath.Join(t.TempDir(), "manual.json")
	if err := s.Save(path); err != nil {
		t.Fatal(err)
	}
	l, err := loadATII(testSystems, path, hotseat, game.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if hashOf(l) != hashOf(s) {
		t.Fatal("the manual game did not load where it was left")
	}
	toDice(t, l)
}

// Ctrl+Z while manual dice are asked for drops the command waiting for
// them: the game is as before it and the players decide again.
func TestUndoWhileDiceWanted(t *testing.T) {
	s := manualSession(t)
	toDice(t, s)
	at, n := hashOf(s), len(s.G.Engine.History())
	if err := s.Undo(); err != nil {
		t.Fatalf("undo with dice wanted: %v", err)
	}
	if s.Mode() != play.ModeTurn {
		t.Fatalf("after dropping the dice request the player decides again, mode %v", s.Mode())
	}
	if req, _ := s.DiceWanted(); req != nil {
		t.Error("the dice request is still open")
	}
	if hashOf(s) != at || len(s.G.Engine.History()) != n {
		t.Error("dropping the dice request must not undo an earlier command")
	}
	s.TypeDie(1)
	if hashOf(s) != at {
		t.Error("a stale typed die changed the game")
	}
}
