package e40kai

import (
	"math"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/world"
)

// Order choice. Orders move nothing when given: their worth shows turns
// later (the shooting and assault phases), past the search's horizon, so
// in the search every order tied and the first listed (assault) won
// everywhere. The AI prices each order offered by what the detachment can
// do with it this turn (orderWorth) and offers the search only the best.
// The orders (digest section 2; E40K-ORD-3):
//
//   - assault: a move of its Speed toward the enemy, shooting at half
//     firepower, and an assault move into close combat;
//   - march: three times its Speed, no shooting, no assault, and shot at
//     on the marching column;
//   - overwatch: no move, shooting at full firepower (in its shooting
//     phase, or at an enemy as it moves, misses re-rolled);
//   - special: artillery bombards, the rest moves 5 cm or watches.
const (
	// killShare is the share of the loser's units in a close combat the
	// AI counts destroyed (the winner hits on 4+ to 2+, the loser on 4+
	// to 6+; the loser takes extra hits: digest section 2).
	killShare = 0.5
	// returnFire is the share of the enemy's volleys at a detachment
	// the AI counts against an order (each enemy detachment fires once,
	// and may choose another target).
	returnFire = 0.5
	// watchBonus is the share of a volley an overwatch detachment with
	// no target now counts for an enemy that may move into its range
	// (it fires at it as it moves, misses re-rolled).
	watchBonus = 0.25
)

// orderWorth is what order is worth to detachment det of side on s (the
// orders step), with the detachment moved as the ruleset suggests under
// the order (SuggestMoves, movement phase): the Evaluator's score
// without its threat term, plus the best volley it could then fire (none
// marching; half firepower on assault orders: the ruleset's own fire
// plan; at a titan the ATII rules' odds: volleyAt), less returnFire of
// the enemy's volleys at it (incoming), plus on assault orders the close
// combat it could then reach (never a titan's: detachments do not assault
// titans), less what the enemy's charges could cost it (chargeThreat). ok
// is false when det is unknown.
func orderWorth(rs *e40k.Ruleset, ev Evaluator, s *rules.State, side, det, order string) (float64, bool) {
	h := s.Clone()
	f := h.Formation(det)
	if f == nil {
		return 0, false
	}
	f.Orders = order
	h.Pending = nil
	for _, m := range rs.SuggestMoves(h, det, false) {
		if u := h.Unit(m.Unit); u != nil {
			u.Pos = m.To
		}
	}
	// The Evaluator's position (objectives, approach, losses so far)
	// without its threat term: the volleys both ways are priced below.
	v := 0.0
	for _, t := range ev.Evaluate(h, side).Terms {
		if t.Name != "threat" {
			v += t.Value
		}
	}
	fire := 0.0
	if order != e40k.OrderMarch {
		fire = bestVolley(rs, ev, h, det)
		if fire == 0 && order == e40k.OrderOverwatch {
			fire = watchBonus * watchVolley(rs, ev, h, side, det)
		}
	}
	v -= returnFire * incoming(rs, ev, h, side, det)
	cc := 0.0
	if order == e40k.OrderAssault {
		cc = chargeWorthAfter(rs, ev, h, side, det)
	}
	return v + fire + cc - chargeThreat(rs, ev, h, side, det, order == e40k.OrderMarch), true
}

// chargeThreat is what the enemy's charges at det where it stands on h
// could cost it: the enemy units that could reach one of its units in
// their next turn (a move of their Speed, then an assault move: their
// Speed, twice that for infantry) against det's assault values (halved
// marching: E40K-ORD-3), priced as chargeWorthAfter prices a fight from
// the enemy's side; 0 when none reaches or the enemy would expect to
// lose.
func chargeThreat(rs *e40k.Ruleset, ev Evaluator, h *rules.State, side, det string, marching bool) float64 {
	type mine struct {
		b   world.Base
		pts float64
	}
	var ms []mine
	var mineAs, myPts float64
	for _, u := range members(h, det) {
		p, err := rs.Profile(h, u)
		if err != nil {
			continue
		}
		mineAs += float64(p.Assault)
		myPts += Worth(&p)
		ms = append(ms, mine{b: baseOf(rs, h, u), pts: Worth(&p)})
	}
	if marching {
		mineAs /= 2
	}
	var theirs, theirPts, hitPts float64
	hit := map[int]bool{}
	for i := range h.Units {
		e := &h.Units[i]
		if e.Side == side || !onTable(e) {
			continue
		}
		p, err := rs.Profile(h, e)
		if err != nil || p.Speed <= 0 || p.Assault <= 0 || p.Class == world.Titan {
			continue
		}
		reach := p.Speed
		if p.Class == world.Infantry {
			reach += 2 * p.Speed
		} else {
			reach += p.Speed
		}
		eb := baseOf(rs, h, e)
		reached := false
		for k, m := range ms {
			if world.Distance(eb, m.b) <= reach {
				reached = true
				if !hit[k] {
					hit[k] = true
					hitPts += m.pts
				}
			}
		}
		if reached {
			theirs += float64(p.Assault)
			theirPts += Worth(&p)
		}
	}
	if theirs == 0 {
		return 0
	}
	win := ccWinChance(theirs, mineAs)
	return max(0, win*(killShare*hitPts+ev.W.Broken*myPts)-(1-win)*killShare*theirPts)
}

// bestVolley is the expected worth of det's best volley at an enemy
// detachment or titan on h (volleyAt's measure), 0 when it can fire at
// none.
func bestVolley(rs *e40k.Ruleset, ev Evaluator, h *rules.State, det string) float64 {
	f := h.Formation(det)
	best := 0.0
	for i := range h.Formations {
		t := &h.Formations[i]
		if t.Side == f.Side {
			continue
		}
		if v, ok := volleyAt(rs, ev, h, det, t.ID); ok && v > best {
			best = v
		}
	}
	return best
}

// volleyAt is the expected worth of det's volley at enemy detachment
// target on h: fireValue's for a detachment; for titans (shot at with the
// ATII rules) the best of titanVolleyValue's over its titans and the
// aims. ok is false when det cannot fire at it.
func volleyAt(rs *e40k.Ruleset, ev Evaluator, h *rules.State, det, target string) (float64, bool) {
	best, ok := 0.0, false
	for _, u := range members(h, target) {
		if !rs.IsTitan(u) {
			continue
		}
		for _, aim := range []atii.Aim{atii.AimHigh, atii.AimLow} {
			if v, good := titanVolleyValue(rs, ev, h, det, u, aim); good && (!ok || v > best) {
				best, ok = v, true
			}
		}
	}
	if ok {
		return best, true
	}
	return fireValue(rs, h, ev, &e40k.FireCmd{Detachment: det, Target: target})
}

// titanVolleyValue is the expected worth of det's volley at titan u aimed
// aim: the ruleset's plan (PlanTitanFire) and exact odds (Outcomes, the
// shields knocked down carried from attack to attack), each attack's
// expected victory points on the titan (ATII-VIC-1, the Evaluator's
// measure of titan damage and destruction) less those it gives now,
// times the titan's Worth, plus Weights.Shields of its worth for each
// share of its void shields expected down (they let the next detachment's
// fire through). ok is false when det cannot fire at it.
func titanVolleyValue(rs *e40k.Ruleset, ev Evaluator, h *rules.State, det string, u *rules.Unit, aim atii.Aim) (float64, bool) {
	vol, err := rs.PlanTitanFire(h, det, u.ID, aim)
	if err != nil || len(vol.Attacks) == 0 {
		return 0, false
	}
	outs, err := vol.Outcomes()
	if err != nil {
		return 0, false
	}
	p, err := rs.Profile(h, u)
	if err != nil {
		return 0, false
	}
	pts := Worth(&p)
	sh := vol.Attacks[0]
	ts := sh.TargetState
	now := float64(atii.TitanVictoryPoints(sh.Target, 100, ts, false, false))
	var v, down float64
	for _, o := range outs {
		v += (o.VPPercent - now) / 100 * pts
		down += o.ShieldsDown
	}
	if n := sheet.Of(sh.Target).VoidShields; n > 0 {
		v += ev.W.Shields * pts * math.Min(down, float64(n)) / float64(n)
	}
	return v, true
}

// watchVolley is what det's best volley would be worth at an enemy
// detachment that may come into its range by moving its Speed: the
// enemy is moved straight at it as far as that, on a copy of h.
func watchVolley(rs *e40k.Ruleset, ev Evaluator, h *rules.State, side, det string) float64 {
	mine := members(h, det)
	if len(mine) == 0 {
		return 0
	}
	c := centre(mine)
	best := 0.0
	for i := range h.Formations {
		t := &h.Formations[i]
		if t.Side == side {
			continue
		}
		ts := members(h, t.ID)
		if len(ts) == 0 {
			continue
		}
		w := h.Clone()
		for _, u := range ts {
			p, err := rs.Profile(w, u)
			if err != nil || p.Speed <= 0 {
				continue
			}
			dir := c.Sub(u.Pos)
			l := dir.Len()
			if l < world.Eps {
				continue
			}
			step := math.Min(p.Speed, math.Max(0, l-5))
			w.Unit(u.ID).Pos = u.Pos.Add(dir.Scale(step / l))
		}
		if v, ok := volleyAt(rs, ev, w, det, t.ID); ok && v > best {
			best = v
		}
	}
	return best
}

// incoming is the worth of the volleys the enemy detachments could fire
// at det where it stands on h, each its best (fireValue's measure: the
// ruleset's plan at their orders so far, det shot at on the marching
// column when it marches), and the enemy titans' (every weapon that
// reaches it as it faces now: PlanTitanAtDetachment).
func incoming(rs *e40k.Ruleset, ev Evaluator, h *rules.State, side, det string) float64 {
	var sum float64
	for i := range h.Units {
		u := &h.Units[i]
		if u.Side == side || !onTable(u) || !rs.IsTitan(u) {
			continue
		}
		if plan, err := rs.PlanTitanAtDetachment(h, u.ID, det); err == nil {
			if v, ok := planValue(rs, h, ev, plan, det); ok {
				sum += v
			}
		}
	}
	for i := range h.Formations {
		e := &h.Formations[i]
		if e.Side == side || e.Broken || e.Orders == e40k.OrderMarch {
			continue
		}
		if v, ok := fireValue(rs, h, ev, &e40k.FireCmd{Detachment: e.ID, Target: det}); ok {
			sum += v
		}
	}
	return sum
}

// chargeWorthAfter is what the close combat det could reach from where
// it stands on h is worth (0 when no unit of it can reach an enemy with
// an assault move: its Speed, twice that for infantry ending in contact).
// Titans are left out: detachments never assault them (seed 002).
// The detachment's assault values are weighed against those of the
// enemy units within 15 cm of the units it reaches (the fight and its
// supports) for the chance to win (ccWinChance); the winner destroys
// killShare of the loser's units in the fight (at most two of its units
// a unit of theirs, E40K-CC-2) and breaks its detachment (E40K-BRK-1,
// priced as the Evaluator prices a broken detachment).
func chargeWorthAfter(rs *e40k.Ruleset, ev Evaluator, h *rules.State, side, det string) float64 {
	var mine, myPts, myReachPts float64
	nReach := 0
	var hit []world.Base
	for _, u := range members(h, det) {
		p, err := rs.Profile(h, u)
		if err != nil {
			continue
		}
		mine += float64(p.Assault)
		myPts += Worth(&p)
		reach := p.Speed
		if p.Class == world.Infantry {
			reach *= 2
		}
		e, gap := nearestEnemyBut(rs, h, side, baseOf(rs, h, u), true)
		if e == nil || gap > reach {
			continue
		}
		nReach++
		myReachPts += Worth(&p)
		hit = append(hit, baseOf(rs, h, e))
	}
	if nReach == 0 {
		return 0
	}
	var theirs, theirPts float64
	nTheirs := 0
	dets := map[string]bool{}
	for i := range h.Units {
		e := &h.Units[i]
		if e.Side == side || !onTable(e) || rs.IsTitan(e) {
			continue
		}
		eb := baseOf(rs, h, e)
		for _, b := range hit {
			if world.Distance(b, eb) <= 15 {
				if p, err := rs.Profile(h, e); err == nil {
					theirs += float64(p.Assault)
					theirPts += Worth(&p)
					nTheirs++
					dets[e.Formation] = true
				}
				break
			}
		}
	}
	var theirDetPts float64
	for i := range h.Units {
		if e := &h.Units[i]; dets[e.Formation] && onTable(e) {
			if p, err := rs.Profile(h, e); err == nil {
				theirDetPts += Worth(&p)
			}
		}
	}
	// My units in the fight: those that reach, at most two on each of
	// theirs (E40K-CC-2).
	fight := myReachPts * math.Min(1, float64(2*nTheirs)/float64(nReach))
	win := ccWinChance(mine, theirs)
	return win*(killShare*theirPts+ev.W.Broken*theirDetPts) - (1-win)*(killShare*fight+ev.W.Broken*myPts)
}

// ccWinChance is the chance that a side with assault total mine wins a
// close combat against theirs: each rolls a D6, the side with the higher
// total adds 1, 2, 3 or 4 for a total higher, twice, three or four times
// the other's (digest section 2, close combat), and a tie is fought
// again.
func ccWinChance(mine, theirs float64) float64 {
	// winAt[b] is the chance of winning with a bonus of b over the
	// other side, ties fought again: P(d6-d6 > -b) / P(d6-d6 != -b).
	winAt := [...]float64{0.5, 21.0 / 31, 26.0 / 32, 30.0 / 33, 33.0 / 34}
	bonus := func(a, b float64) int {
		if a <= b {
			return 0
		}
		if b <= 0 {
			return 4
		}
		return min(4, max(1, int(a/b)))
	}
	if b := bonus(mine, theirs); b > 0 {
		return winAt[b]
	}
	if b := bonus(theirs, mine); b > 0 {
		return 1 - winAt[b]
	}
	return 0.5
}

// bestOrders keeps, of choices (an orders decision's), one order per
// detachment: the one orderWorth prices highest (the first listed on a
// tie). Other choices are kept. It returns which to keep.
func bestOrders(rs *e40k.Ruleset, ev Evaluator, s *rules.State, side string, choices []rules.Choice) []bool {
	keep := make([]bool, len(choices))
	best := map[string]int{}
	worth := map[string]float64{}
	for i, c := range choices {
		oc, ok := c.Cmd.(*e40k.OrdersCmd)
		if !ok {
			keep[i] = true
			continue
		}
		v, ok := orderWorth(rs, ev, s, side, oc.Detachment, oc.Order)
		if !ok {
			keep[i] = true
			continue
		}
		if j, seen := best[oc.Detachment]; !seen || v > worth[oc.Detachment]+1e-9 {
			if seen {
				keep[j] = false
			}
			best[oc.Detachment], worth[oc.Detachment] = i, v
			keep[i] = true
		}
	}
	return keep
}
