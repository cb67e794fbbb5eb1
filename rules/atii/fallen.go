package atii

import "github.com/auspex/auspex/rules"

// sweepFallen is the Auto action of the activation steps (movement,
// shooting, assault): a titan destroyed or gone off the table
// since the order was built (shot down, caught in a reactor explosion, hit
// by overwatch fire before its turn came) leaves the phase's activation
// order and every overwatch offer (ProcOverwatch frames; an offer left
// without titans is dropped), and the pending decision is given again
// without it (ATII-MOV-1: only titans still in the battle activate). It
// reports whether it changed anything, so the engine calls it again until
// the state is clean.
func (r *Ruleset) sweepFallen(s *rules.State, _ rules.Dice) ([]rules.Event, bool, error) {
	g, err := r.progressView(s)
	if err != nil {
		return nil, false, err
	}
	gone := func(id string) bool {
		u := s.Unit(id)
		return u == nil || u.Destroyed || u.OffTable
	}
	if !anyGone(s, g, gone) {
		return nil, false, nil
	}
	changed := false
	var order []OrderEntry
	for _, e := range g.Order {
		if gone(e.ID) {
			changed = true
			continue
		}
		order = append(order, e)
	}
	// Overwatch offers lose their fallen titans; an offer left with none
	// is dropped (the top one's caller decision comes back).
	headChanged := false
	for i := len(s.Procs) - 1; i >= 0; i-- {
		f := &s.Procs[i]
		if f.Proc != ProcOverwatch {
			continue
		}
		var ids []string
		for _, id := range f.Units {
			if !gone(id) {
				ids = append(ids, id)
			}
		}
		if len(ids) == len(f.Units) {
			continue
		}
		changed = true
		if i == len(s.Procs)-1 {
			headChanged = true
		}
		if len(ids) > 0 {
			f.Units, f.Prompt = ids, offerPrompt(ids, f.Params.Value("after"))
			continue
		}
		if _, err := s.Drop(i); err != nil {
			return nil, false, err
		}
	}
	if !changed {
		return nil, false, nil
	}
	g.Order = order
	if err := putProgress(s, g); err != nil {
		return nil, false, err
	}
	switch {
	case g.Choosing:
		// The order of the phase is still to be chosen; OrderCmd gives
		// the first activation.
	case s.Proc() != nil:
		// An offer is still open: its decision stays pending (the
		// engine re-establishes it); the phase's comes back after it.
	case headChanged || s.Pending == nil || s.Pending.Kind != KindOverwatch:
		if err := r.resumePhase(s); err != nil {
			return nil, false, err
		}
	}
	return nil, true, nil
}

// anyGone reports whether a titan of the order or of an overwatch offer
// (a procedure frame) is gone (the common case, nothing, decided without
// building new lists).
func anyGone(s *rules.State, g GameProgress, gone func(string) bool) bool {
	for _, e := range g.Order {
		if gone(e.ID) {
			return true
		}
	}
	for i := range s.Procs {
		for _, id := range s.Procs[i].Units {
			if gone(id) {
				return true
			}
		}
	}
	return false
}
