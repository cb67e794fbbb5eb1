package atii

import "github.com/auspex/auspex/rules"

// sweepFallen is the Auto action of the activation steps (movement,
// shooting, assault): a titan destroyed or gone off the table
// since the order was built (shot down, caught in a reactor explosion, hit
// by overwatch fire before its turn came) leaves the phase's activation
// order and every overwatch offer, and the pending decision is given again
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
	if !anyGone(g, gone) {
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
	var ins []Interrupt
	headChanged := false
	for i, in := range g.Interrupts {
		var ids []string
		for _, id := range in.Units {
			if !gone(id) {
				ids = append(ids, id)
			}
		}
		if len(ids) != len(in.Units) {
			changed = true
			if i == 0 {
				headChanged = true
			}
		}
		if len(ids) == 0 {
			continue
		}
		in.Units = ids
		ins = append(ins, in)
	}
	if !changed {
		return nil, false, nil
	}
	g.Order, g.Interrupts = order, ins
	if err := putProgress(s, g); err != nil {
		return nil, false, err
	}
	opts, err := r.options(s)
	if err != nil {
		return nil, false, err
	}
	switch {
	case g.Choosing:
		// The order of the phase is still to be chosen; OrderCmd gives
		// the first activation.
	case len(ins) > 0 && headChanged:
		r.pendInterrupt(s, ins[0], opts)
	case len(ins) == 0 && (headChanged || s.Pending == nil || s.Pending.Kind != KindOverwatch):
		if err := r.resumePhase(s); err != nil {
			return nil, false, err
		}
	}
	return nil, true, nil
}

// anyGone reports whether a titan of the order or of an overwatch offer is
// gone (the common case, nothing, decided without building new lists).
func anyGone(g GameProgress, gone func(string) bool) bool {
	for _, e := range g.Order {
		if gone(e.ID) {
			return true
		}
	}
	for _, in := range g.Interrupts {
		for _, id := range in.Units {
			if gone(id) {
				return true
			}
		}
	}
	return false
}
