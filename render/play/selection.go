package play

import (
	"sort"
)

// Playable reports whether unit id may act in the current decision.
func (s *Session) Playable(id string) bool { return s.canAct(id) }

// canAct reports whether unit id may act in the current decision.
func (s *Session) canAct(id string) bool {
	p := s.State().Pending
	if p == nil || p.Side != s.Decider() {
		return false
	}
	for _, u := range p.Units {
		if u == id {
			return true
		}
	}
	return false
}

// Select selects a unit (clicking its base or its entry).
func (s *Session) Select(id string) {
	if s.State().Unit(id) == nil {
		return
	}
	s.ui.SelectUnit(id)
}

// unitIDs returns the ids of a side's titans (sorted), or every side's
// with side "".
func (s *Session) unitIDs(side string) []string {
	var out []string
	for _, u := range s.State().Units {
		if side == "" || u.Side == side {
			out = append(out, u.ID)
		}
	}
	sort.Strings(out)
	return out
}

// CycleSelection selects the next titan that may act (Tab).
func (s *Session) CycleSelection() {
	p := s.State().Pending
	if p == nil || len(p.Units) == 0 {
		return
	}
	i := 0
	for k, id := range p.Units {
		if id == s.Selected {
			i = k + 1
		}
	}
	s.ui.SelectUnit(p.Units[i%len(p.Units)])
}
