package play

import (
	"errors"
	"fmt"

	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
)

// Undo takes back the last command if it rolled no dice (Ctrl+Z). While
// manual dice are wanted it drops the command waiting for them instead
// (nothing was played). A refusal is returned and shown as the message.
//
// Against the computer (some sides human, some computer) it takes back
// the human players' last decision and every computer command after it,
// so the computer does not simply play its reply again: the game goes
// back to where that human decided, and the computer waits until they
// decide again. A computer decision under way is dropped. When a command
// to take back rolled dice nothing is taken back and the message says
// which (ErrUndoPastRoll). With every side human (hotseat) or every side
// the computer's it takes back one command.
func (s *Session) Undo() error {
	solo := s.solo()
	if s.mode == ModeDice && (!solo || s.ctrls[s.Decider()] == nil) {
		// The player's own command waits for its dice: it was not played.
		s.dropDice()
		return nil
	}
	if s.mode == ModeThinking && !solo {
		return errors.New("wait for the computer to finish")
	}
	n, err := s.undoTarget()
	if err == nil {
		if err = s.G.Engine.CanUndoTo(n); errors.Is(err, rules.ErrUndoPastRoll) {
			err = s.pastRoll(n)
		}
	}
	if err != nil {
		s.Fail(err)
		return err
	}
	if s.think != nil {
		// The computer's answer would be to a position taken back.
		s.cancel()
		s.think = nil
	}
	if err := s.G.Engine.UndoTo(n); err != nil {
		s.Fail(err)
		return err
	}
	if s.mode == ModeDice {
		// The computer's command waiting for dice goes too.
		s.diceNeed, s.diceTyped, s.diceRetry = nil, nil, nil
		s.G.Engine.ClearDice()
	}
	if solo {
		// The computer's explanation may be of a command taken back.
		s.lastWhy, s.lastWhySide, s.whyNext = nil, "", nil
	}
	s.log, s.logSeen = nil, 0
	s.collectLog()
	s.ui.ClearDraft()
	s.tray = nil
	s.Note("undone")
	s.autosave() // a game resumed from the autosave stays undone
	if s.mode == ModeThinking || s.mode == ModeDice {
		s.mode = ModeTurn
	}
	s.afterCommand()
	return nil
}

// dropDice drops the command waiting for manual dice (nothing was
// played): the decider decides again.
func (s *Session) dropDice() {
	s.diceNeed, s.diceTyped, s.diceRetry = nil, nil, nil
	s.G.Engine.ClearDice()
	s.mode = ModeTurn
	s.Note("the dice request is dropped: decide again")
	s.afterCommand()
}

// solo reports whether people play against the computer: at least one
// side is human and at least one the computer's.
func (s *Session) solo() bool {
	if len(s.ctrls) == 0 {
		return false
	}
	for _, sd := range s.State().Sides {
		if s.ctrls[sd.ID] == nil {
			return true
		}
	}
	return false
}

// undoTarget is how many commands stay after an undo: all but the last
// (hotseat, or the computer against itself), or against the computer
// those before the human players' last command. The error is
// rules.ErrNothingToUndo when there is no such command.
func (s *Session) undoTarget() (int, error) {
	h := s.G.Engine.History()
	if !s.solo() {
		if len(h) == 0 {
			return 0, rules.ErrNothingToUndo
		}
		return len(h) - 1, nil
	}
	for i := len(h) - 1; i >= 0; i-- {
		if s.ctrls[h[i].Cmd.Actor()] == nil {
			return i, nil
		}
	}
	if len(h) == 0 {
		return 0, rules.ErrNothingToUndo
	}
	return 0, fmt.Errorf("%w: no command of yours was played yet", rules.ErrNothingToUndo)
}

// pastRoll is the refusal of an undo back to n commands that would take
// back dice already rolled (rules.ErrUndoPastRoll): against the computer
// it says which roll keeps the player's last command.
func (s *Session) pastRoll(n int) error {
	if !s.solo() {
		return fmt.Errorf("%w: the dice have been seen", rules.ErrUndoPastRoll)
	}
	h := s.G.Engine.History()
	roll := n
	for i := len(h) - 1; i > n; i-- {
		if h[i].Rolled {
			roll = i
			break
		}
	}
	if roll > n {
		return fmt.Errorf("%w: your last command (%s) is behind %s's %s, which rolled dice that have been seen",
			rules.ErrUndoPastRoll, h[n].Cmd.Name(), s.SideName(h[roll].Cmd.Actor()), h[roll].Cmd.Name())
	}
	return fmt.Errorf("%w: your last command (%s) rolled dice that have been seen", rules.ErrUndoPastRoll, h[n].Cmd.Name())
}

// Save writes the game to path (atomically).
func (s *Session) Save(path string) error {
	if err := s.G.SaveFile(path); err != nil {
		s.Fail(err)
		return err
	}
	s.Note("saved " + path)
	return nil
}

// Load starts a session on a saved game, with the controllers kinds (as
// New). A game that was taking its dice from the players when saved (its
// last command used manual dice) goes on with manual dice even when cfg
// does not ask for them. Errors name the file and say what is wrong
// (unreadable, corrupt, truncated, newer version, hash mismatch: see
// game.Load); on error no session is returned.
func (r *Adapters) Load(sys *game.Systems, path string, kinds map[string]string, cfg game.Config) (*Session, error) {
	sv, err := game.ReadSaveFile(path)
	if err != nil {
		return nil, err
	}
	if !cfg.ManualDice {
		cfg.ManualDice = savedManual(sv)
	}
	g, err := sys.LoadParsed(sv, cfg)
	if err != nil {
		return nil, fmt.Errorf("load %s: %w", path, err)
	}
	s, err := r.New(g, kinds)
	if err != nil {
		return nil, fmt.Errorf("load %s: %w", path, err)
	}
	s.Note("loaded " + path)
	return s, nil
}

// savedManual reports whether a save's last command took manual dice.
func savedManual(sv *rules.Save) bool {
	return len(sv.Commands) > 0 && sv.Commands[len(sv.Commands)-1].Manual
}
