package atiiai

import (
	"context"
	"math"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/world"
)

// operational reports whether u is on the table and fighting.
func operational(u *rules.Unit) bool {
	return !u.Destroyed && !u.OffTable && u.Markers.Value(atii.MarkUnplaced) == 0
}

// nearestEnemy returns the operational enemy titan nearest u (edge to
// edge) and the gap; nil when there is none.
func nearestEnemy(rs *atii.Ruleset, st *rules.State, u *rules.Unit) (*rules.Unit, float64) {
	var best *rules.Unit
	bd := math.Inf(1)
	ub := unitBase(rs, u)
	for i := range st.Units {
		o := &st.Units[i]
		if o.Side == u.Side || !operational(o) {
			continue
		}
		if d := world.Distance(ub, unitBase(rs, o)); d < bd {
			best, bd = o, d
		}
	}
	return best, bd
}

// unitBase is u's base on the table (its catalogue footprint; a point
// when the type is unknown).
func unitBase(rs *atii.Ruleset, u *rules.Unit) world.Base {
	b := world.Base{ID: u.ID, Pos: u.Pos, Facing: u.Facing}
	if p, err := rs.Catalogue().Unit(u.Type); err == nil {
		b.Foot = p.Base
	}
	return b
}

// minAdvance is the shortest advance (cm) advance makes.
const minAdvance = 0.5

// advance is the longest legal advance of u toward the nearest enemy
// titan, stopping outside the 10 cm keep-out in the movement phase
// (ATII-MOV-6) or at base contact in the assault phase (a charge), trying
// the straight line first and then detours of 20 and 40 degrees, each at
// 100 % down to 10 % of the distance, ending facing the enemy after a
// detour. limit caps the distance tried (+Inf: none; Greedy tries the
// whole gap and shrinks it, the candidate generator starts at the titan's
// Speed). It returns nil when there is no enemy, u is already in contact
// (assault), the gap is too small to matter or no try is accepted by check.
// Errors: ctx done.
func advance(ctx context.Context, rs *atii.Ruleset, st *rules.State, side string, u *rules.Unit, check func(rules.Command) error, limit float64) (*atii.MoveCmd, error) {
	return advanceOn(ctx, rs, st, side, u, check, limit, st.Step == atii.StepAssault)
}

// advanceOn is advance charging into base contact only when assault is
// set; otherwise it stops outside the 10 cm keep-out in either phase.
func advanceOn(ctx context.Context, rs *atii.Ruleset, st *rules.State, side string, u *rules.Unit, check func(rules.Command) error, limit float64, assault bool) (*atii.MoveCmd, error) {
	if u == nil {
		return nil, nil
	}
	enemy, gap := nearestEnemy(rs, st, u)
	if enemy == nil {
		return nil, nil
	}
	dir := enemy.Pos.Sub(u.Pos)
	if dir.Len() < 1e-9 {
		return nil, nil
	}
	want := gap - (atii.EnemyExclusion + 0.5) // stay outside 10 cm
	if assault {
		want = gap // base to base
		if gap <= world.Eps {
			return nil, nil // already in combat
		}
	}
	if want <= minAdvance {
		return nil, nil
	}
	want = math.Min(want, limit)
	face := world.Bearing(dir)
	for _, frac := range []float64{1, 0.85, 0.7, 0.55, 0.4, 0.25, 0.1} {
		for _, off := range []float64{0, 20, -20, 40, -40} {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			to := u.Pos.Add(world.Heading(face + off).Scale(want * frac))
			for _, withFace := range []bool{true, false} {
				wp := atii.Waypoint{X: to.X, Y: to.Y}
				if withFace && off != 0 {
					wp.Facing = atii.Face(world.Bearing(enemy.Pos.Sub(to)))
				}
				cand := rs.Move(side, u.ID, wp)
				if check(cand) == nil {
					return cand, nil
				}
			}
		}
	}
	return nil, nil
}

// closeIn is the charge across a gap too small for advance (at most
// minAdvance): in the assault phase, u steps straight into base contact
// with the nearest enemy titan when check accepts it (ATII-CC-1: contact
// is base to base; a charge that dangerous terrain cut short leaves such
// a gap, and without contact there is no close combat). Nil otherwise.
func closeIn(rs *atii.Ruleset, st *rules.State, side string, u *rules.Unit, check func(rules.Command) error) *atii.MoveCmd {
	if u == nil || st.Step != atii.StepAssault {
		return nil
	}
	enemy, gap := nearestEnemy(rs, st, u)
	if enemy == nil || gap <= world.Eps || gap > minAdvance {
		return nil
	}
	dir := enemy.Pos.Sub(u.Pos)
	if dir.Len() < 1e-9 {
		return nil
	}
	to := u.Pos.Add(dir.Scale(gap / dir.Len()))
	cand := rs.Move(side, u.ID, atii.Waypoint{X: to.X, Y: to.Y})
	if check(cand) != nil {
		return nil
	}
	return cand
}
