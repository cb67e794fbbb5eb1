package play

import (
	"github.com/auspex/auspex/rules"
)

// collectLog appends the game's new events to the dice log.
func (s *Session) collectLog() {
	lg := s.State().Log
	if s.logSeen > len(lg) {
		s.log, s.logSeen = nil, 0
	}
	if w := s.whyNext; w != nil && s.logSeen < len(lg) {
		w.Index, w.Turn, w.Step = s.logSeen, lg[s.logSeen].Turn, lg[s.logSeen].Step
		s.log = append(s.log, *w)
		s.whyNext = nil
	}
	for i := s.logSeen; i < len(lg); i++ {
		e := lg[i]
		if e.Kind == rules.EvDecision || e.Kind == rules.EvPhase {
			continue
		}
		le := LogEntry{Index: i, Kind: e.Kind, Turn: e.Turn, Step: e.Step, Text: e.Text, Units: e.Units, Roll: e.Roll, Side: e.Side}
		le.Secret, le.Side = s.SecretEvent(e)
		if !le.Secret {
			le.Side = e.Side
		}
		if e.Roll != nil {
			le.Text = e.Roll.String()
			if len(le.Units) == 0 {
				le.Units = e.Roll.Units
			}
		}
		s.log = append(s.log, le)
	}
	s.logSeen = len(lg)
}

// ClickLog highlights the units of the viewer's log entry i (as returned
// by Log).
func (s *Session) ClickLog(i int) {
	lg := s.Log()
	if i < 0 || i >= len(lg) {
		return
	}
	s.Highlight = append([]string(nil), lg[i].Units...)
}

// RollResulter is a SystemUI that can say what a roll did ("the shield
// goes down"): the dice tray and the dice log write it beside the dice.
type RollResulter interface {
	// RollResult is what roll r did, "" for nothing to add.
	RollResult(r *rules.Roll) string
}

// rollResult is ": " and what the roll of log entry e did, "" when the
// system says nothing about it.
func (s *Session) rollResult(e LogEntry) string {
	if e.Roll == nil {
		return ""
	}
	if rr, ok := s.ui.(RollResulter); ok {
		if t := rr.RollResult(e.Roll); t != "" {
			return ": " + t
		}
	}
	return ""
}
