package e40kai

import (
	"math"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/world"
)

// onTable reports whether u is still in play.
func onTable(u *rules.Unit) bool { return !u.Destroyed && !u.OffTable }

// members returns the units of detachment det still in play.
func members(s *rules.State, det string) []*rules.Unit {
	var out []*rules.Unit
	for i := range s.Units {
		if u := &s.Units[i]; u.Formation == det && onTable(u) {
			out = append(out, u)
		}
	}
	return out
}

// baseOf is u's base on the table (a point when its profile is unknown).
func baseOf(rs *e40k.Ruleset, s *rules.State, u *rules.Unit) world.Base {
	b := world.Base{ID: u.ID, Pos: u.Pos, Facing: u.Facing}
	if p, err := rs.Profile(s, u); err == nil {
		b.Foot = p.Base
	}
	return b
}

// nearestEnemy returns the enemy unit in play nearest b (edge to edge)
// and the gap; nil when side has no enemy left.
func nearestEnemy(rs *e40k.Ruleset, s *rules.State, side string, b world.Base) (*rules.Unit, float64) {
	return nearestEnemyBut(rs, s, side, b, false)
}

// nearestEnemyBut is nearestEnemy, leaving titans out when noTitans
// (detachments never assault titans: seed 002).
func nearestEnemyBut(rs *e40k.Ruleset, s *rules.State, side string, b world.Base, noTitans bool) (*rules.Unit, float64) {
	var best *rules.Unit
	bd := math.Inf(1)
	for i := range s.Units {
		o := &s.Units[i]
		if o.Side == side || !onTable(o) || (noTitans && rs.IsTitan(o)) {
			continue
		}
		if d := world.Distance(b, baseOf(rs, s, o)); d < bd {
			best, bd = o, d
		}
	}
	return best, bd
}

// centre is the mean position of units (the zero vector for none).
func centre(us []*rules.Unit) world.Vec {
	var c world.Vec
	for _, u := range us {
		c = c.Add(u.Pos)
	}
	if len(us) > 0 {
		c = c.Scale(1 / float64(len(us)))
	}
	return c
}

// polyCentre returns the mean of a polygon's vertices and the largest
// distance from it to a vertex.
func polyCentre(poly []world.Vec) (world.Vec, float64) {
	var c world.Vec
	for _, p := range poly {
		c = c.Add(p)
	}
	c = c.Scale(1 / float64(len(poly)))
	rad := 0.0
	for _, p := range poly {
		rad = math.Max(rad, p.Sub(c).Len())
	}
	return c, rad
}
