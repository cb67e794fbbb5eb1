package e40k

import (
	"math"
	"sort"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

// SuggestMoves proposes concrete moves for a detachment, for interfaces
// and computer players: each unit that may move goes straight toward its
// closest enemy (in an assault, the closest not yet contacted by two
// attackers, into base contact when it can reach; in the movement phase,
// stopping 1 cm short of contact), as far as its allowance goes. The
// detachment stays in command (E40K-CMD-1): the HQ moves first, no
// further than the units in command can follow; the others stop within
// CommandRadius of where it ends, and one already beyond walks back
// towards it; when a unit cannot follow, the HQ's move is cut and the
// moves planned again. The other units are taken closest to the enemy
// first; a move the rules refuse is tried turned aside to go round what
// blocks it (movement phase, in command), then as far straight as the
// rules allow down to half length, then dropped, so the result always
// validates (it may be empty).
func (r *Ruleset) SuggestMoves(s *rules.State, det string, assault bool) []UnitMove {
	return r.suggestMoves(s, det, assault, nil)
}

// suggestShared is what suggestMoves reads alike for every detachment of
// one side on one state (Legal suggests a move for each): the enemies'
// bases and the move check's profiles and scratch lists.
type suggestShared struct {
	side    string
	assault bool
	enemies []world.Base
	ck      *moveCheck
	err     error
}

// suggestMoves is SuggestMoves reusing sh (nil: nothing shared) when it
// was made for the same side and kind of move on s.
func (r *Ruleset) suggestMoves(s *rules.State, det string, assault bool, sh *suggestShared) []UnitMove {
	f := s.Formation(det)
	if f == nil {
		return nil
	}
	type cand struct {
		u       *rules.Unit
		p       *Profile
		b       world.Base
		closest int
		gap     float64
	}
	if sh == nil || sh.ck == nil && sh.err == nil || sh.side != f.Side || sh.assault != assault {
		n := &suggestShared{side: f.Side, assault: assault}
		n.enemies, _, n.err = r.enemyBases(s, f.Side)
		if n.err == nil {
			n.ck, n.err = r.newMoveCheck(s, det, assault)
		}
		if sh == nil {
			sh = n
			defer r.checks.put(n.ck)
		} else {
			r.checks.put(sh.ck)
			*sh = *n
		}
	}
	if sh.err != nil || len(sh.enemies) == 0 {
		return nil
	}
	enemies, ck := sh.enemies, sh.ck
	ck.f = f
	var cs []cand
	for _, u := range members(s, det) {
		if u.Markers.Value(MarkOutOfCommand) > 0 {
			continue
		}
		p, err := r.profile(s, u)
		if err != nil || ck.o.Allowance(p, f.Orders, assault) <= 0 {
			continue
		}
		b := world.Base{ID: u.ID, Pos: u.Pos, Facing: u.Facing, Foot: p.Base}
		en, gap := closestEnemy(b, enemies, nil)
		cs = append(cs, cand{u: u, p: p, b: b, closest: en, gap: gap})
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].gap < cs[j].gap })
	// The HQ moves first and the others keep within CommandRadius of
	// where it ends (E40K-CMD-1: a unit further away is out of command at
	// the next phase's check and may neither move nor shoot). Titans have
	// no command radius.
	hq := -1
	var hqBase world.Base
	hasHQ := false
	if !r.titanFormation(s, det) {
		for i, c := range cs {
			if c.u.Markers.Value(MarkHQ) > 0 {
				hq = i
			}
		}
		if hq < 0 {
			// An HQ that may not move this time (artillery on special
			// orders) still holds the others within CommandRadius.
			for _, u := range members(s, det) {
				if u.Markers.Value(MarkHQ) == 0 {
					continue
				}
				if p, err := r.profile(s, u); err == nil {
					hqBase, hasHQ = world.Base{ID: u.ID, Pos: u.Pos, Facing: u.Facing, Foot: p.Base}, true
				}
			}
		}
	}
	if hq > 0 {
		h := cs[hq]
		copy(cs[1:hq+1], cs[:hq])
		cs[0], hq = h, 0
	}
	if hq >= 0 {
		hqBase, hasHQ = cs[hq].b, true
	}
	// The units in command the HQ must not leave behind, with how far
	// each may move (0 for one that may not).
	var followers []follower
	if hq >= 0 {
		for _, u := range members(s, det) {
			if u.ID == cs[hq].u.ID || u.Markers.Value(MarkOutOfCommand) > 0 {
				continue
			}
			p, err := r.profile(s, u)
			if err != nil {
				continue
			}
			followers = append(followers, follower{b: world.Base{ID: u.ID, Pos: u.Pos, Facing: u.Facing, Foot: p.Base}, reach: ck.o.Allowance(p, f.Orders, assault)})
		}
	}
	// plan suggests the moves with the HQ's move cut to hqCap cm.
	plan := func(hqCap float64) ([]UnitMove, map[string]world.Vec, world.Vec) {
		var moves []UnitMove
		var hqDir world.Vec
		pos := map[string]world.Vec{}
		for ci, c := range cs {
			// Outside an assault the aim is the closest enemy, found above.
			en, eb, gap := c.closest, world.Base{}, c.gap
			if assault {
				en, eb = ck.aimFor(c.u, c.b, enemies, pos)
			} else if en >= 0 {
				eb = enemies[en]
			}
			if en < 0 {
				continue
			}
			dir := eb.Pos.Sub(c.b.Pos)
			l := dir.Len()
			if l < world.Eps {
				continue
			}
			dir = dir.Scale(1 / l)
			if assault {
				// Along the line between the centres the bases close by
				// less than their edge to edge distance unless they face
				// square on: how far the stand goes to touch is measured
				// (the charge must end in base contact, E40K-CC-3).
				gap = contactAlong(c.b, eb, dir, world.Distance(c.b, eb), l)
			}
			allow := ck.o.Allowance(c.p, f.Orders, assault)
			var want float64
			switch {
			case assault && c.p.Class == world.Infantry && gap <= 2*allow:
				want = gap
			case assault && gap <= allow:
				want = gap
			case assault:
				want = allow
			default:
				want = min(allow, gap-1)
			}
			if hasHQ {
				dir, want = keepCommand(hqBase, pos, ci == hq, c.b, dir, want, allow, followers)
				if ci == hq {
					want, hqDir = min(want, hqCap), dir
				}
			}
			// In the movement phase a unit whose way is blocked (by a
			// friend that moved first, its HQ in front of it) may go
			// round; an assault move goes straight at its enemy.
			var inCmd func(world.Vec) bool
			if !assault && (!hasHQ || ci != hq) {
				inCmd = func(to world.Vec) bool {
					if !hasHQ {
						return true
					}
					h, e := hqBase, c.b
					if p, ok := pos[h.ID]; ok {
						h.Pos = p
					}
					e.Pos = to
					return world.Distance(h, e) <= CommandRadius+world.Eps
				}
			}
			// The earlier moves passed against the same positions, so
			// checking this one alone is checking the whole list.
			if to, ok := ck.fitStep(c.u, c.b.Pos, dir, want, pos, inCmd); ok {
				moves = append(moves, UnitMove{Unit: c.u.ID, To: to})
				pos[c.u.ID] = to
			}
		}
		return moves, pos, hqDir
	}
	moves, pos, hqDir := plan(math.Inf(1))
	// A unit that could not follow the HQ (its way blocked, its move
	// halved or dropped) would end out of command: the HQ's move is cut
	// to keep every follower where it ends within CommandRadius and the
	// moves planned again, twice at most; then the HQ stays where it is,
	// which keeps in command every unit that starts so (each other unit
	// ends within CommandRadius of the HQ or closer to it than it was).
	for pass := 0; hq >= 0; pass++ {
		h := cs[hq].b
		moved := 0.0
		if p, ok := pos[h.ID]; ok {
			moved = p.Sub(h.Pos).Len()
		}
		if moved <= 0 {
			break
		}
		hb := h
		hb.Pos = h.Pos.Add(hqDir.Scale(moved))
		ends := make([]world.Base, 0, len(followers))
		lost := false
		for _, o := range followers {
			e := o.b
			if p, ok := pos[e.ID]; ok {
				e.Pos = p
			}
			ends = append(ends, e)
			lost = lost || world.Distance(hb, e) > CommandRadius+world.Eps && world.Distance(h, o.b) <= CommandRadius+world.Eps
		}
		if !lost {
			break
		}
		cut := 0.0
		if pass < 2 {
			cut = hqReach(h, hqDir, moved, ends)
		}
		moves, pos, hqDir = plan(cut)
	}
	return moves
}

// A blocked suggested move tries turns of detourStep, 2 detourStep, ...
// up to maxDetour degrees either side of its straight line (fitStep).
const (
	detourStep = 15.0
	maxDetour  = 45.0
)

// fitStep is where a suggested move of u from `from` along the unit
// vector dir, want cm, ends: straight when the rules accept it; else the
// longest straight move they accept from half length up (bisected); and
// where inCmd is given (the movement phase, a unit other than the HQ),
// the full length turned up to 45 degrees either side when that gets
// further toward the goal (want times the turn's cosine) and inCmd
// accepts its end. It reports false when not even half length is
// accepted and no turn is.
func (c *moveCheck) fitStep(u *rules.Unit, from, dir world.Vec, want float64, pos map[string]world.Vec, inCmd func(world.Vec) bool) (world.Vec, bool) {
	if want < 0.5 {
		return world.Vec{}, false
	}
	at := func(d float64) world.Vec { return from.Add(dir.Scale(d)) }
	if c.one(u, at(want), pos) == nil {
		return at(want), true
	}
	best, got := 0.0, false
	if c.one(u, at(want/2), pos) == nil && want/2 >= 0.5 {
		lo, hi := want/2, want
		for i := 0; i < 5; i++ {
			mid := (lo + hi) / 2
			if c.one(u, at(mid), pos) == nil {
				lo = mid
			} else {
				hi = mid
			}
		}
		best, got = lo, true
	}
	if inCmd != nil {
		for deg := detourStep; deg <= maxDetour+world.Eps; deg += detourStep {
			if want*math.Cos(deg*math.Pi/180) <= best+world.Eps {
				break
			}
			for _, sign := range []float64{1, -1} {
				to := from.Add(dir.Rotate(sign * deg).Scale(want))
				if inCmd(to) && c.one(u, to, pos) == nil {
					return to, true
				}
			}
		}
	}
	return at(best), got
}

// aimFor picks the enemy base a unit heads for: the closest; in an
// assault, the closest not already held by two attackers (E40K-CC-2), and
// under REM-ASM-1 the closest not yet contacted at all (moving straight
// at it never takes the unit away from it). It returns its index, -1 if
// none.
func (c *moveCheck) aimFor(u *rules.Unit, b world.Base, enemies []world.Base, pos map[string]world.Vec) (int, world.Base) {
	best, bd := -1, 0.0
	// The bases of the mover's side (attackersOn's, worked out once for
	// every enemy).
	friends := c.bufFriends[:0]
	if c.assault {
		for i := range c.s.Units {
			w := &c.s.Units[i]
			if w.Side != u.Side || w.ID == u.ID || w.Destroyed || w.OffTable {
				continue
			}
			friends = append(friends, c.baseAt(i, pos))
		}
		c.bufFriends = friends
	}
	for i, e := range enemies {
		if c.assault {
			n := 0
			for _, fb := range friends {
				if touching(fb, e) {
					n++
				}
			}
			if n >= MaxAttackersPerUnit || (c.o.AssaultMove && n > 0) {
				continue
			}
		}
		if d := world.Distance(b, e); best < 0 || d < bd {
			best, bd = i, d
		}
	}
	if best < 0 {
		return -1, world.Base{}
	}
	return best, enemies[best]
}

// follower is a unit in command of its detachment's HQ and how far it
// may move this time.
type follower struct {
	b     world.Base
	reach float64
}

// keepCommand cuts a suggested move of base b by want cm along the unit
// vector dir so that the detachment stays in command (E40K-CMD-1) and
// returns the direction and length to move instead. The HQ (isHQ; hq is
// its base) goes no further than each follower that can now reach
// CommandRadius of it can still reach it. Another unit goes no further
// than CommandRadius from the HQ where it ends (pos holds the HQ's
// suggested end when it moved); one already beyond it walks towards the
// HQ instead, up to allow cm, stopping once back in command.
func keepCommand(hq world.Base, pos map[string]world.Vec, isHQ bool, b world.Base, dir world.Vec, want, allow float64, followers []follower) (world.Vec, float64) {
	at := func(d float64) world.Base {
		m := b
		m.Pos = b.Pos.Add(dir.Scale(d))
		return m
	}
	if isHQ {
		return dir, longest(want, func(d float64) bool {
			e := at(d)
			for _, o := range followers {
				lim := CommandRadius + o.reach + world.Eps
				if world.Distance(b, o.b) <= lim && world.Distance(e, o.b) > lim {
					return false
				}
			}
			return true
		})
	}
	if p, moved := pos[hq.ID]; moved {
		hq.Pos = p
	}
	in := func(d float64) bool { return world.Distance(hq, at(d)) <= CommandRadius+world.Eps }
	if in(0) {
		return dir, longest(want, in)
	}
	// Out of command of the HQ's new place: back towards it.
	to := hq.Pos.Sub(b.Pos)
	l := to.Len()
	if l < world.Eps {
		return dir, 0
	}
	dir = to.Scale(1 / l)
	reach := min(allow, l)
	if !in(reach) {
		// Not back in command this move: as far towards it as it goes
		// (still more than CommandRadius away, so clear of its base).
		return dir, reach
	}
	lo, hi := 0.0, reach
	for i := 0; i < 40; i++ {
		mid := (lo + hi) / 2
		if in(mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return dir, hi
}

// hqReach is how far (at most moved cm) the HQ's base h may go along
// the unit vector dir and keep every base in ends within CommandRadius:
// the furthest such point found in steps of a quarter cm back from
// moved, then refined; 0 when there is none (the HQ stays).
func hqReach(h world.Base, dir world.Vec, moved float64, ends []world.Base) float64 {
	ok := func(d float64) bool {
		b := h
		b.Pos = h.Pos.Add(dir.Scale(d))
		for _, e := range ends {
			if world.Distance(b, e) > CommandRadius+world.Eps {
				return false
			}
		}
		return true
	}
	const step = 0.25
	for d := moved; d > 0; d -= step {
		if ok(d) {
			lo, hi := d, min(moved, d+step)
			for i := 0; i < 30; i++ {
				mid := (lo + hi) / 2
				if ok(mid) {
					lo = mid
				} else {
					hi = mid
				}
			}
			return lo
		}
	}
	return 0
}

// longest is the longest d in [0, want] for which ok holds, assuming ok
// holds on an interval from 0 (distances along a straight move are
// convex); 0 when it fails at 0.
func longest(want float64, ok func(float64) bool) float64 {
	if want <= 0 || ok(want) {
		return want
	}
	if !ok(0) {
		return 0
	}
	lo, hi := 0.0, want
	for i := 0; i < 40; i++ {
		mid := (lo + hi) / 2
		if ok(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

// contactAlong is how far base b must go along the unit vector dir to
// come into base contact with e: at least gap, their edge to edge
// distance, and at most far, the distance between the centres (found by
// halving the interval); gap when b does not touch e anywhere on the way.
func contactAlong(b, e world.Base, dir world.Vec, gap, far float64) float64 {
	at := func(d float64) world.Base {
		m := b
		m.Pos = b.Pos.Add(dir.Scale(d))
		return m
	}
	if world.InContact(at(gap), e) || !world.InContact(at(far), e) {
		return gap
	}
	lo, hi := gap, far
	for i := 0; i < 50 && hi-lo > world.Eps/4; i++ {
		mid := (lo + hi) / 2
		if world.InContact(at(mid), e) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return hi
}
