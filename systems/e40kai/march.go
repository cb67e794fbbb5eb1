package e40kai

import (
	"math"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/world"
)

// marchShare is the share of its best advance (marchAdvance) a move of a
// detachment on march orders must make for the AI to offer it to the
// search: the order gives up shooting and assaulting for three times the
// move (digest section 2, orders; E40K-ORD-3), so a march cut short, or
// no move at all, wastes the turn the order paid for. The search's
// position evaluation counts the enemy's range against ending nearer, so
// without the rule it often stopped half way.
const marchShare = 0.75

// onMarchOrders reports whether det is a detachment on march orders that
// is not broken.
func onMarchOrders(s *rules.State, det string) bool {
	f := s.Formation(det)
	return f != nil && f.Orders == e40k.OrderMarch && !f.Broken
}

// marchAdvance is how far moves bring detachment det toward where it
// marches (cm): the larger of the shrinking of its units' mean gap to
// their nearest enemies and of its centre's distance to the nearest
// objective its side does not hold (negative for a move away from both).
func marchAdvance(rs *e40k.Ruleset, s *rules.State, side, det string, moves []e40k.UnitMove) float64 {
	to := map[string]world.Vec{}
	for _, m := range moves {
		to[m.Unit] = m.To
	}
	ms := members(s, det)
	if len(ms) == 0 {
		return 0
	}
	var gapBefore, gapAfter float64
	var cBefore, cAfter world.Vec
	enemy := false
	for _, u := range ms {
		b := baseOf(rs, s, u)
		cBefore = cBefore.Add(u.Pos)
		e, gap := nearestEnemy(rs, s, side, b)
		if p, ok := to[u.ID]; ok {
			b.Pos = p
		}
		cAfter = cAfter.Add(b.Pos)
		if e == nil {
			continue
		}
		enemy = true
		gapBefore += gap
		_, gap = nearestEnemy(rs, s, side, b)
		gapAfter += gap
	}
	n := float64(len(ms))
	best := math.Inf(-1)
	if enemy {
		best = (gapBefore - gapAfter) / n
	}
	cBefore, cAfter = cBefore.Scale(1/n), cAfter.Scale(1/n)
	if su, err := rs.SetupOf(s); err == nil {
		near, dist := math.Inf(1), 0.0
		for _, o := range su.Objectives {
			if rs.HoldsObjective(s, side, o.ID) {
				continue
			}
			if d := cBefore.Dist(o.Pos); d < near {
				near, dist = d, d-cAfter.Dist(o.Pos)
			}
		}
		if !math.IsInf(near, 1) {
			best = math.Max(best, dist)
		}
	}
	if math.IsInf(best, -1) {
		return 0
	}
	return best
}

// commitMarches keeps the AI's detachments on march orders marching in
// the movement phase: where such a detachment has a concrete move, its
// moves that advance less than marchShare of the best of them
// (marchAdvance) and its pass are dropped. Other choices (embarking, say)
// and other detachments' are kept. It returns which of choices to keep.
func commitMarches(rs *e40k.Ruleset, s *rules.State, side string, choices []rules.Choice) []bool {
	keep := make([]bool, len(choices))
	for i := range keep {
		keep[i] = true
	}
	if s.Pending == nil || s.Pending.Kind != e40k.KindMove {
		return keep
	}
	adv := make([]float64, len(choices))
	best := map[string]float64{}
	for i, c := range choices {
		mc, ok := c.Cmd.(*e40k.MoveCmd)
		if !ok || c.Continuous != "" || len(mc.Moves) == 0 || !onMarchOrders(s, mc.Detachment) {
			continue
		}
		adv[i] = marchAdvance(rs, s, side, mc.Detachment, mc.Moves)
		if b, seen := best[mc.Detachment]; !seen || adv[i] > b {
			best[mc.Detachment] = adv[i]
		}
	}
	for i, c := range choices {
		if c.Continuous != "" {
			continue
		}
		det := ""
		switch x := c.Cmd.(type) {
		case *e40k.MoveCmd:
			det = x.Detachment
		case *e40k.PassCmd:
			det = x.Detachment
		default:
			continue
		}
		b, marching := best[det]
		if !marching || b < closeIn {
			continue
		}
		if _, pass := c.Cmd.(*e40k.PassCmd); pass || adv[i] < marchShare*b {
			keep[i] = false
		}
	}
	return keep
}

// keepMarching is cands, the candidates of a move template of detachment
// det, without those commitMarches would drop (so that the search's cap
// on candidates a detachment keeps the full marches).
func keepMarching(rs *e40k.Ruleset, s *rules.State, side, det string, cands []rules.Choice) []rules.Choice {
	if !onMarchOrders(s, det) {
		return cands
	}
	var out []rules.Choice
	for i, k := range commitMarches(rs, s, side, cands) {
		if k {
			out = append(out, cands[i])
		}
	}
	return out
}
