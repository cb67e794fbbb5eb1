package play

import (
	"github.com/auspex/auspex/rules"
)

// humans counts the human sides.
func (s *Session) humans() int {
	n := 0
	for _, k := range s.Kinds {
		if k == Human {
			n++
		}
	}
	return n
}

// HasSecrets reports whether the game holds information one side must not
// see (secret objective cards; the system says).
func (s *Session) HasSecrets() bool { return s.ui.HasSecrets() }

// HotseatSecrets reports whether two players share the screen and the
// game holds secrets: then each side's secrets stay hidden until its
// player asks to see them (RevealSecrets).
func (s *Session) HotseatSecrets() bool { return s.humans() > 1 && s.HasSecrets() }

// Shows reports whether a secret of side may be drawn now: only for the
// viewer, and for everybody once the game is over (the debrief reveals
// every objective).
func (s *Session) Shows(side string) bool {
	if s.mode == ModeOver {
		return true
	}
	return side != "" && side == s.viewer && s.mode != ModeHandover
}

// SecretEvent reports whether a log event holds secret information and
// whose it is: events the rules mark secret, and those the system's UI
// knows to be (SystemUI.SecretUnmarked).
func (s *Session) SecretEvent(e rules.Event) (bool, string) {
	if e.Data["secret"] != "" || s.ui.SecretUnmarked(e) {
		return true, e.Side
	}
	return false, ""
}

// RevealSecrets shows or hides the deciding player's secrets (O) in a
// hotseat game: hidden by default, so the screen can pass between the
// players without a handover; shown on request, and then hidden behind a
// handover screen when the decision passes to the other player.
func (s *Session) RevealSecrets() {
	if s.mode != ModeTurn || !s.HotseatSecrets() {
		return
	}
	if s.viewer != "" {
		s.viewer = ""
		return
	}
	if d := s.Decider(); s.ctrls[d] == nil {
		s.viewer = d
	}
}

// SecretsShown reports whether the viewer's secrets are drawn now.
func (s *Session) SecretsShown() bool { return s.viewer != "" && s.Shows(s.viewer) }

// Secret returns the secret lines of side (its objective card), only if
// side is the current viewer deciding now; otherwise nil.
func (s *Session) Secret(side string) []string {
	if side == "" || side != s.viewer || s.mode == ModeHandover || s.mode == ModeOver || s.mode == ModeTray {
		// While the dice of an action are shown before the handover the
		// decision is already the other side's: the card stays off.
		return nil
	}
	return s.ui.SecretLines(side)
}

// ViewAs makes side the viewer whose secrets may be drawn ("" for
// nobody), bypassing the hotseat's handover: for tests and tools that
// check what one side's screen shows.
func (s *Session) ViewAs(side string) { s.viewer = side }
