package atiiui

import (
	"errors"
	"strings"
	"testing"

	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
)

// Against the computer Ctrl+Z takes back the player's own last decision
// and the computer's reply after it, and the computer waits until the
// player decides again. In the real window undo took back only the
// computer's reply, which it then played again at once, so the player's
// move could never be taken back. Seed 2: red (human) moves, blue (the
// basic computer) moves without dice.
func TestUndoAgainstTheComputerTakesBackYourDecision(t *testing.T) {
	s := toRedMovement(t, 2)
	before, n := hashOf(s), len(s.G.Engine.History())
	moveAhead(t, s, 3)
	s.Wait()
	h := s.G.Engine.History()
	if len(h) != n+2 || h[n+1].Cmd.Actor() != "blue" || h[n+1].Rolled || s.Mode() != play.ModeTurn {
		t.Fatalf("want red's move and blue's reply without dice, then red deciding: %d commands, mode %v", len(h)-n, s.Mode())
	}
	if err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	if hashOf(s) != before || len(s.G.Engine.History()) != n {
		t.Fatalf("undo left %d of the 2 commands", len(s.G.Engine.History())-n)
	}
	if s.Decider() != "red" || s.Mode() != play.ModeTurn {
		t.Fatalf("after undo red should decide: %s, mode %v", s.Decider(), s.Mode())
	}
	if s.Poll(); s.Mode() != play.ModeTurn || len(s.G.Engine.History()) != n {
		t.Fatal("the computer played again after the undo")
	}
	// Red decides again: the computer answers as before.
	moveAhead(t, s, 2)
	s.Wait()
	if len(s.G.Engine.History()) != n+2 {
		t.Fatalf("after red's new move %d commands, want 2", len(s.G.Engine.History())-n)
	}
}

// Ctrl+Z while the computer is still thinking about its reply drops the
// thinking and takes back the player's move.
func TestUndoWhileTheComputerThinks(t *testing.T) {
	s := toRedMovement(t, 2)
	before, n := hashOf(s), len(s.G.Engine.History())
	moveAhead(t, s, 3)
	s.Poll() // the computer starts thinking
	if s.Mode() != play.ModeThinking {
		t.Fatalf("mode %v after red's move, want the computer thinking", s.Mode())
	}
	if err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	if hashOf(s) != before || len(s.G.Engine.History()) != n || s.Decider() != "red" || s.Mode() != play.ModeTurn {
		t.Fatalf("after undo: %d commands more, %s decides, mode %v", len(s.G.Engine.History())-n, s.Decider(), s.Mode())
	}
	for i := 0; i < 3; i++ {
		s.Poll()
	}
	if len(s.G.Engine.History()) != n {
		t.Fatal("a dropped computer decision was played")
	}
}

// When the computer's reply rolled dice, the player's move behind it
// cannot be taken back: undo refuses, says why, and changes nothing (it
// does not take back half). Seed 1: red moves, blue fires.
func TestUndoAgainstTheComputerStopsAtItsRoll(t *testing.T) {
	s := toRedMovement(t, 1)
	n := len(s.G.Engine.History())
	moveAhead(t, s, 3)
	s.Wait()
	h := s.G.Engine.History()
	if len(h) != n+2 || h[n+1].Cmd.Actor() != "blue" || !h[n+1].Rolled {
		t.Fatalf("want red's move and blue's reply with dice: %d commands", len(h)-n)
	}
	at := hashOf(s)
	err := s.Undo()
	if !errors.Is(err, rules.ErrUndoPastRoll) {
		t.Fatalf("undo behind the computer's roll: %v", err)
	}
	want := "cannot undo past a die roll: your last command (move) is behind " + s.SideName("blue") + "'s fire, which rolled dice that have been seen"
	if s.Msg != want || !s.MsgErr {
		t.Errorf("message %q, want %q", s.Msg, want)
	}
	if hashOf(s) != at || len(s.G.Engine.History()) != n+2 || s.Mode() != play.ModeTurn {
		t.Error("a refused undo changed the game")
	}
}

// With both sides human (hotseat) one undo takes back one command: blue's
// move after red's leaves red's.
func TestUndoHotseatTakesBackOneCommand(t *testing.T) {
	s := newSession(t, load(t, "titan-duel"), 2, hotseat)
	toRedMove(t, s)
	n := len(s.G.Engine.History())
	moveAhead(t, s, 3)
	for s.Mode() == play.ModeHandover {
		s.Continue()
	}
	if s.Decider() != "blue" || s.Mode() != play.ModeTurn {
		t.Fatalf("after red's move: %s decides, mode %v", s.Decider(), s.Mode())
	}
	afterRed := hashOf(s)
	moveAhead(t, s, 3)
	if err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	if hashOf(s) != afterRed || len(s.G.Engine.History()) != n+1 || s.Decider() != "blue" {
		t.Fatalf("hotseat undo: %d commands after red's, %s decides", len(s.G.Engine.History())-n-1, s.Decider())
	}
	if !strings.Contains(s.Msg, "undone") {
		t.Errorf("message %q", s.Msg)
	}
}

// With manual dice, Ctrl+Z while the computer's answer waits for its dice
// drops that answer and takes back the player's move before it (nothing
// of the answer was played, no die was rolled).
func TestUndoWhileTheComputerWantsDice(t *testing.T) {
	g, err := testSystems.New(load(t, "titan-duel"), game.Config{Seed: 1})
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
	s := newUI(g, map[string]string{"red": play.Human, "blue": play.Computer})
	roll := func() {
		req, _ := s.DiceWanted()
		for i := req.Have; i < req.N; i++ {
			s.TypeDie(6 - i%6)
		}
	}
	redMoves := func() bool {
		return s.Mode() == play.ModeTurn && s.State().Step == atii.StepMovement && s.Decider() == "red"
	}
	for i := 0; i < 200 && !redMoves(); i++ {
		switch {
		case s.Mode() == play.ModeDice:
			roll()
		case s.Mode() == play.ModeThinking:
			s.Wait()
		case ChoosingOrder(s.State()):
			s.ChooseOrder(true)
		default:
			s.EndStep()
		}
	}
	if !redMoves() {
		t.Fatalf("did not reach red's movement: %s %s %v", s.State().Step, s.Decider(), s.Mode())
	}
	before, n := hashOf(s), len(s.G.Engine.History())
	moveAhead(t, s, 3)
	s.Wait()
	if s.Mode() != play.ModeDice || s.Decider() != "blue" || len(s.G.Engine.History()) != n+1 {
		t.Fatalf("want blue's answer waiting for dice: mode %v, %s decides, %d commands more", s.Mode(), s.Decider(), len(s.G.Engine.History())-n)
	}
	if err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	if req, _ := s.DiceWanted(); req != nil {
		t.Error("the dice request is still open")
	}
	if hashOf(s) != before || len(s.G.Engine.History()) != n || s.Decider() != "red" || s.Mode() != play.ModeTurn {
		t.Fatalf("after undo: %d commands more, %s decides, mode %v", len(s.G.Engine.History())-n, s.Decider(), s.Mode())
	}
}
