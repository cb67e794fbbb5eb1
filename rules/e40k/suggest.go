package e40k

import (
	"sort"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

// SuggestMoves proposes concrete moves for a detachment, for interfaces
// and computer players: each unit that may move goes straight toward its
// closest enemy (in an assault, the closest not yet contacted by two
// attackers, into base contact when it can reach; in the movement phase,
// stopping 1 cm short of contact), as far as its allowance goes. Units are
// taken closest to the enemy first; a move the rules refuse is tried at
// half length, then dropped, so the result always validates (it may be
// empty).
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
	var moves []UnitMove
	pos := map[string]world.Vec{}
	for _, c := range cs {
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
			gap = world.Distance(c.b, eb)
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
		for _, d := range []float64{want, want / 2} {
			if d < 0.5 {
				break
			}
			// The earlier moves passed against the same positions, so
			// checking this one alone is checking the whole list.
			to := c.b.Pos.Add(dir.Scale(d))
			if ck.one(c.u, to, pos) == nil {
				moves = append(moves, UnitMove{Unit: c.u.ID, To: to})
				pos[c.u.ID] = to
				break
			}
		}
	}
	return moves
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
