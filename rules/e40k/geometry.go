package e40k

import (
	"fmt"
	"math"
	"unicode/utf8"

	"github.com/auspex/auspex/world"
)

// Distances of the assault and break rules, cm.
const (
	// RetreatDistance is the longest retreat move (E40K-BRK-1).
	RetreatDistance = 20.0
	// RetreatDanger: a unit ending its retreat this close to an enemy is
	// destroyed (E40K-BRK-1).
	RetreatDanger = 15.0
	// FirefightRange is how close units must be to count in a firefight
	// and to support a close combat (E40K-CC-6, REM-WE-2).
	FirefightRange = 15.0
	// MinAssaultMove is the least an assault move covers unless it ends in
	// contact (REM-ASM-1).
	MinAssaultMove = 5.0
)

// closestEnemy returns the index of the enemy base closest to b (edge to
// edge) among those not skipped, and its distance; -1 when there is none.
func closestEnemy(b world.Base, enemies []world.Base, skip func(i int) bool) (int, float64) {
	best, bd := -1, math.Inf(1)
	for i, e := range enemies {
		if skip != nil && skip(i) {
			continue
		}
		if d := world.Distance(b, e); d < bd {
			best, bd = i, d
		}
	}
	return best, bd
}

// RetreatTo is where a broken unit retreats (E40K-BRK-1): straight away
// from the closest enemy, up to RetreatDistance, stopping short of what
// it may not cross (the table edge, impassable terrain, blockers); it is
// destroyed when it ends within RetreatDanger of an enemy. With no enemy
// on the table it stays put.
func RetreatTo(w *world.World, tr world.TerrainRules, class world.UnitClass, b world.Base, enemies, blockers []world.Base) (world.Base, bool) {
	i, _ := closestEnemy(b, enemies, nil)
	if i < 0 {
		return b, false
	}
	dir := b.Pos.Sub(enemies[i].Pos)
	if dir.Len() < world.Eps {
		dir = world.Vec{X: 0, Y: 1}
	}
	dir = dir.Scale(1 / dir.Len())
	end := b
	if w != nil {
		end = furthest(w, tr, class, b, dir, RetreatDistance, blockers)
	} else {
		end.Pos = b.Pos.Add(dir.Scale(RetreatDistance))
	}
	_, d := closestEnemy(end, enemies, nil)
	return end, d < RetreatDanger-world.Eps
}

// furthest is the base moved as far as it legally can, up to dist, along
// dir (a bisection on the move's length).
func furthest(w *world.World, tr world.TerrainRules, class world.UnitClass, b world.Base, dir world.Vec, dist float64, blockers []world.Base) world.Base {
	ok := func(l float64) bool {
		r := w.MeasureMove(b, []world.Waypoint{{To: b.Pos.Add(dir.Scale(l)), Facing: b.Facing}}, tr, class, world.MoveOptions{Blockers: blockers})
		return r.Legal()
	}
	if ok(dist) {
		b.Pos = b.Pos.Add(dir.Scale(dist))
		return b
	}
	lo, hi := 0.0, dist
	for k := 0; k < 24; k++ {
		mid := (lo + hi) / 2
		if ok(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	b.Pos = b.Pos.Add(dir.Scale(lo))
	return b
}

// AssaultLimit is how far a unit may go straight from its base toward a
// point under REM-ASM-1 before it would move away from the closest
// uncontacted enemy: the distance along the line at which it comes
// nearest to that enemy (the whole way to the point when it keeps
// closing). contacted marks enemies already in base contact, which the
// rule ignores. With no uncontacted enemy the limit is the whole way.
func AssaultLimit(b world.Base, to world.Vec, enemies []world.Base, contacted []bool) float64 {
	total := b.Pos.Dist(to)
	i, _ := closestEnemy(b, enemies, func(i int) bool { return i < len(contacted) && contacted[i] })
	if i < 0 || total < world.Eps {
		return total
	}
	dir := to.Sub(b.Pos).Scale(1 / total)
	at := func(l float64) float64 {
		m := b
		m.Pos = b.Pos.Add(dir.Scale(l))
		return world.Distance(m, enemies[i])
	}
	// The distance to a convex base along a line is convex: find where it
	// stops falling (ternary search), then check the far end.
	lo, hi := 0.0, total
	for k := 0; k < 60; k++ {
		m1, m2 := lo+(hi-lo)/3, hi-(hi-lo)/3
		if at(m1) <= at(m2) {
			hi = m2
		} else {
			lo = m1
		}
	}
	best := (lo + hi) / 2
	if at(total) <= at(best)+1e-6 {
		return total
	}
	// Where the distance reaches its minimum it may be flat (in contact):
	// the limit is the first point of the minimum.
	return best
}

// CheckAssaultMove checks one unit's straight assault move from b to end
// under REM-ASM-1: it must cover at least MinAssaultMove or end in contact
// with an enemy; it must head straight for some enemy unit (the line
// through the move passes through that unit's base, or the move ends in
// contact with it); and it may not go past the point where it would move
// away from the closest uncontacted enemy (AssaultLimit). contacted marks
// enemies already in base contact. Errors explain the broken clause.
func CheckAssaultMove(b world.Base, end world.Vec, enemies []world.Base, contacted []bool) error {
	moved := b.Pos.Dist(end)
	eb := b
	eb.Pos = end
	touching := false
	for _, e := range enemies {
		if world.InContact(eb, e) {
			touching = true
		}
	}
	if moved < MinAssaultMove-world.Eps && !touching {
		return fmt.Errorf("an assault move must cover at least %.0f cm or end in contact (%.1f cm)", MinAssaultMove, moved)
	}
	if moved < world.Eps {
		return nil
	}
	if !headsForEnemy(b, end, enemies) {
		return fmt.Errorf("an assault move must head straight for an enemy unit")
	}
	if lim := AssaultLimit(b, end, enemies, contacted); moved > lim+0.05 {
		return fmt.Errorf("the move goes away from the closest uncontacted enemy after %.1f cm (%.1f cm asked)", lim, moved)
	}
	return nil
}

// headsForEnemy reports whether the ray from b through end passes through
// (or ends touching) some enemy base.
func headsForEnemy(b world.Base, end world.Vec, enemies []world.Base) bool {
	dir := end.Sub(b.Pos)
	l := dir.Len()
	dir = dir.Scale(1 / l)
	for _, e := range enemies {
		// The closest the line comes to the enemy's centre, against the
		// sum of the two bases' reach.
		rel := e.Pos.Sub(b.Pos)
		along := rel.Dot(dir)
		if along <= 0 {
			continue
		}
		off := math.Abs(rel.Cross(dir))
		if off <= e.Foot.BoundRadius()+b.Foot.BoundRadius()/2+world.Eps {
			return true
		}
		eb := b
		eb.Pos = end
		if world.InContact(eb, e) {
			return true
		}
	}
	return false
}

// plainJSONString reads a JSON string with nothing to unescape (no
// backslash, quote or control character, valid UTF-8), as encoding/json
// would; ok is false for anything else (the caller decodes it in full).
func plainJSONString(raw []byte) (string, bool) {
	n := len(raw)
	if n < 2 || raw[0] != '"' || raw[n-1] != '"' {
		return "", false
	}
	body := raw[1 : n-1]
	for _, c := range body {
		if c == '"' || c == '\\' || c < 0x20 {
			return "", false
		}
	}
	if !utf8.Valid(body) {
		return "", false
	}
	return string(body), true
}
