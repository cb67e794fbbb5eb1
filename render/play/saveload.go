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
func (s *Session) Undo() error {
	if s.mode == ModeThinking {
		return errors.New("wait for the computer to finish")
	}
	if s.mode == ModeDice {
		s.diceNeed, s.diceTyped, s.diceRetry = nil, nil, nil
		s.G.Engine.ClearDice()
		s.mode = ModeTurn
		s.Note("the dice request is dropped: decide again")
		s.afterCommand()
		return nil
	}
	if err := s.G.Engine.Undo(); err != nil {
		if errors.Is(err, rules.ErrUndoPastRoll) {
			err = errors.New("cannot undo past a die roll: the dice have been seen")
		}
		s.Fail(err)
		return err
	}
	s.log, s.logSeen = nil, 0
	s.collectLog()
	s.ui.ClearDraft()
	s.tray = nil
	s.Note("undone")
	s.afterCommand()
	return nil
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
