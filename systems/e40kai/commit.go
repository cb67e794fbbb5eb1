package e40kai

import (
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/world"
)

// closeIn is how much nearer its enemies (mean gap of its units, cm) a
// detachment on assault orders must end a move for the AI to count the
// move as closing.
const closeIn = 0.5

// onAssaultOrders reports whether det is a detachment on assault orders
// that is not broken: it must move at the enemy and assault (digest
// section 2, orders: "Assault (move, half firepower, must assault)";
// E40K-ORD-3: "must move towards the nearest enemy in the assault
// phase").
func onAssaultOrders(s *rules.State, det string) bool {
	f := s.Formation(det)
	return f != nil && f.Orders == e40k.OrderAssault && !f.Broken
}

// movesOf is the unit moves of a move or assault command (nil for any
// other command, and ok false).
func movesOf(c rules.Command) ([]e40k.UnitMove, bool) {
	switch x := c.(type) {
	case *e40k.MoveCmd:
		return x.Moves, true
	case *e40k.AssaultCmd:
		return x.Moves, true
	}
	return nil, false
}

// closes reports whether moves bring detachment det closer to the enemy:
// a unit ends in base contact, or the mean gap of its units to their
// nearest enemies shrinks by closeIn or more.
func closes(rs *e40k.Ruleset, s *rules.State, side, det string, moves []e40k.UnitMove) bool {
	if len(moves) == 0 {
		return false
	}
	to := map[string]world.Vec{}
	for _, m := range moves {
		to[m.Unit] = m.To
	}
	var before, after float64
	n := 0
	for _, u := range members(s, det) {
		b := baseOf(rs, s, u)
		e, gap := nearestEnemy(rs, s, side, b)
		if e == nil {
			return false
		}
		before += gap
		if p, ok := to[u.ID]; ok {
			b.Pos = p
			_, gap = nearestEnemy(rs, s, side, b)
			if gap <= world.Eps {
				return true
			}
		}
		after += gap
		n++
	}
	return n > 0 && after <= before-closeIn*float64(n)
}

// commitAssaults keeps the AI's detachments on assault orders to their
// orders in the movement and assault phases: where such a detachment has
// a concrete move (or assault move) that closes with the enemy (closes),
// its moves that do not and its pass are dropped. Where none closes,
// nothing is dropped (it may hold). It returns which of choices to keep;
// other detachments' choices, templates and other kinds of decision are
// all kept.
func commitAssaults(rs *e40k.Ruleset, s *rules.State, side string, choices []rules.Choice) []bool {
	keep := make([]bool, len(choices))
	for i := range keep {
		keep[i] = true
	}
	if s.Pending == nil || s.Pending.Kind != e40k.KindMove && s.Pending.Kind != e40k.KindAssault {
		return keep
	}
	closing := map[string]bool{} // committed detachment -> has a closing move
	verdict := make([]bool, len(choices))
	for i, c := range choices {
		det := e40k.ActingFor(c.Cmd)
		if det == "" || c.Continuous != "" || !onAssaultOrders(s, det) {
			continue
		}
		if mv, ok := movesOf(c.Cmd); ok && closes(rs, s, side, det, mv) {
			verdict[i] = true
			closing[det] = true
		}
	}
	for i, c := range choices {
		if c.Continuous == "" && closing[e40k.ActingFor(c.Cmd)] && !verdict[i] {
			keep[i] = false
		}
	}
	return keep
}

// keepClosing is cands, the candidates of a move template of detachment
// det, without those that do not close with the enemy when det is on
// assault orders and one of them does (commitAssaults' rule for a
// template's expansion).
func keepClosing(rs *e40k.Ruleset, s *rules.State, side, det string, cands []rules.Choice) []rules.Choice {
	if s.Pending == nil || s.Pending.Kind != e40k.KindMove && s.Pending.Kind != e40k.KindAssault || !onAssaultOrders(s, det) {
		return cands
	}
	var out []rules.Choice
	for _, c := range cands {
		if mv, ok := movesOf(c.Cmd); ok && closes(rs, s, side, det, mv) {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return cands
	}
	return out
}

// mustCharge narrows keep (commitAssaults' verdict on choices) for the
// search in the assault phase: a detachment on assault orders that has a
// kept assault move ending a unit in base contact keeps only such moves
// (it must assault: digest section 2, orders; a close combat needs base
// contact, E40K-CC-1). The search then weighs which charge, not whether.
func mustCharge(rs *e40k.Ruleset, s *rules.State, side string, choices []rules.Choice, keep []bool) {
	if s.Pending == nil || s.Pending.Kind != e40k.KindAssault {
		return
	}
	contact := make([]bool, len(choices))
	can := map[string]bool{}
	for i, c := range choices {
		ac, ok := c.Cmd.(*e40k.AssaultCmd)
		if !ok || !keep[i] || c.Continuous != "" || !onAssaultOrders(s, ac.Detachment) {
			continue
		}
		if len(ac.Moves) > 0 && charges(rs, s, side, ac) {
			contact[i] = true
			can[ac.Detachment] = true
		}
	}
	for i, c := range choices {
		if c.Continuous == "" && can[e40k.ActingFor(c.Cmd)] && !contact[i] {
			keep[i] = false
		}
	}
}
