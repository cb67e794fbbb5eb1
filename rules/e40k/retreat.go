package e40k

import (
	"math"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

// Retreats and the table edge (E40K-BRK-1). RetreatTo (geometry.go) stops
// a retreat where the table would refuse the move; RetreatOff is what the
// game uses: by default a unit whose retreat carries it over the table
// edge leaves the table and counts as destroyed; under
// OptRetreatStopsAtEdge it stops at the edge. Either way no unit is left
// standing past the edge: a unit whose base still sticks out past it
// after its retreat (one that started partly off the table, which the
// world's move check then allows to go further out) has left the table.

// RetreatOff is where a broken unit retreats: straight away from the
// closest enemy up to RetreatDistance, stopping short of impassable
// terrain and blockers; off reports that the retreat takes it over the
// table edge (it leaves the table), dead that it ends within
// RetreatDanger of an enemy. With stopAtEdge the retreat stops at the
// edge instead. With no enemy on the table the unit stays put.
func RetreatOff(w *world.World, tr world.TerrainRules, class world.UnitClass, b world.Base, enemies, blockers []world.Base, stopAtEdge bool) (end world.Base, dead, off bool) {
	i, _ := closestEnemy(b, enemies, nil)
	if i < 0 || w == nil {
		end, dead = RetreatTo(w, tr, class, b, enemies, blockers)
		return end, dead, false
	}
	dir := b.Pos.Sub(enemies[i].Pos)
	if dir.Len() < world.Eps {
		dir = world.Vec{X: 0, Y: 1}
	}
	dir = dir.Scale(1 / dir.Len())
	start := OffTableBy(w.Table, b)
	at := func(l float64) world.Base {
		e := b
		e.Pos = b.Pos.Add(dir.Scale(l))
		return e
	}
	ok := func(l float64) bool {
		rep := w.MeasureMove(b, []world.Waypoint{{To: at(l).Pos, Facing: b.Facing}}, tr, class, world.MoveOptions{Blockers: blockers, AllowOffTable: true})
		if !rep.Legal() {
			return false
		}
		// Stopping at the edge: never further out than it started.
		return !stopAtEdge || OffTableBy(w.Table, at(l)) <= max(start, 0)+world.Eps
	}
	l := RetreatDistance
	if !ok(l) {
		lo, hi := 0.0, l
		for k := 0; k < 24; k++ {
			mid := (lo + hi) / 2
			if ok(mid) {
				lo = mid
			} else {
				hi = mid
			}
		}
		l = lo
	}
	end = at(l)
	if stopAtEdge {
		end = ontoTable(w.Table, end)
	}
	if OffTableBy(w.Table, end) > world.Eps {
		return end, false, true
	}
	_, d := closestEnemy(end, enemies, nil)
	return end, d < RetreatDanger-world.Eps, false
}

// OffTableBy is how far (cm) a base sticks out past the table edge (0
// when it lies wholly on the table).
func OffTableBy(t world.Table, b world.Base) float64 {
	ex, ey := extents(b)
	return max(0, ex-b.Pos.X, b.Pos.X+ex-t.W, ey-b.Pos.Y, b.Pos.Y+ey-t.H)
}

// ontoTable moves a base that sticks out past the table edge straight
// back inside it, touching the edge.
func ontoTable(t world.Table, b world.Base) world.Base {
	ex, ey := extents(b)
	if 2*ex <= t.W {
		b.Pos.X = min(max(b.Pos.X, ex), t.W-ex)
	}
	if 2*ey <= t.H {
		b.Pos.Y = min(max(b.Pos.Y, ey), t.H-ey)
	}
	return b
}

// extents are a base's half extents along the table's axes.
func extents(b world.Base) (float64, float64) {
	ex, ey := b.Foot.Radius, b.Foot.Radius
	if b.Foot.Shape == world.Rect {
		ex, ey = 0, 0
		for _, c := range b.Corners() {
			ex = max(ex, math.Abs(c.X-b.Pos.X))
			ey = max(ey, math.Abs(c.Y-b.Pos.Y))
		}
	}
	return ex, ey
}

// leaveTable takes a unit that retreated over the table edge off the
// table: it is off the table and counts as destroyed (E40K-BRK-1 reading;
// its HQ role passes on, E40K-CMD-1).
func (r *Ruleset) leaveTable(s *rules.State, u *rules.Unit) []rules.Event {
	u.OffTable = true
	evs := []rules.Event{{Kind: rules.EvMessage, Side: u.Side, Units: []string{u.ID}, Text: u.ID + " retreats off the table and counts as destroyed"}}
	return append(evs, r.destroy(s, u)...)
}
