package play

import "fmt"

// ModeText says what the session waits for, in words.
func (s *Session) ModeText() string {
	switch s.mode {
	case ModeHandover:
		return "waiting for the next player to take the screen"
	case ModeTray:
		return "showing the dice before the screen is handed over"
	case ModeThinking:
		return "the computer is deciding"
	case ModeDice:
		return "waiting for manual dice"
	case ModeOver:
		return "the game is over"
	}
	return "waiting for " + s.Decider()
}

// SideName is a side's display name.
func (s *Session) SideName(id string) string {
	for _, sd := range s.State().Sides {
		if sd.ID == id {
			if sd.Name != "" {
				return sd.Name
			}
		}
	}
	return id
}

// Name is a unit's display name: the scenario's name for it (the label
// the table shows), else its id.
func (s *Session) Name(id string) string {
	if sc := s.G.Scenario; sc != nil {
		for _, sd := range sc.Sides {
			for _, f := range sd.Formations {
				for _, su := range f.Units {
					if su.ID == id && su.Name != "" {
						return su.Name
					}
				}
			}
		}
	}
	return id
}

// Banner is the phase banner: the title (turn and phase), whose decision
// it is, and what they may do (the keys that do it).
type Banner struct {
	Title, Who string
	Lines      []string
}

// Banner describes the current decision: the system's title, and in the
// modes of the Session (handover, thinking, the tray, manual dice) whose
// turn it is; the end screen and a human's decision are the system's.
func (s *Session) Banner() Banner {
	b := s.ui.DecisionBanner(s.mode)
	d := s.Decider()
	switch s.mode {
	case ModeHandover:
		b.Who = "Pass the screen to " + s.SideName(d)
		b.Lines = []string{"The secret objective that was shown is hidden again.", s.SideName(d) + ": press Enter or Space, or click Continue, when you have the screen."}
		return b
	case ModeThinking:
		b.Who = fmt.Sprintf("%s: the %s is thinking... %.1f s", s.SideName(d), KindLabel(s.Kinds[d]), s.thinkFor)
		if s.lastWhy != nil {
			b.Lines = append(b.Lines, "Y shows why the computer made its last move.")
		}
		return b
	case ModeTray:
		b.Who = s.SideName(s.viewer) + ": your dice"
		b.Lines = []string{"When the dice are done (Space, Enter or Esc), the screen is handed over to " + s.SideName(d) + "."}
		return b
	case ModeDice:
		b.Who = "Roll real dice for " + s.SideName(d)
		if s.diceNeed != nil {
			b.Lines = []string{DiceHint(*s.diceNeed, s.diceTyped)}
		}
		return b
	}
	return b
}
