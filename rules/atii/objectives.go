package atii

import (
	"fmt"
	"math"
	"strings"

	"github.com/auspex/auspex/world"
)

// Goals of the stand-in objective cards: what the rules check at the end
// of a mission game (JudgeObjective). The printed cards are artwork that
// did not survive in the source; these are Auspex's own, labelled
// stand-ins, one family per objective type.
const (
	// Mobile.
	GoalBreakThrough = "break-through"
	GoalHunt         = "hunt"
	GoalSweep        = "sweep"
	// Static.
	GoalHoldCentre = "hold-centre"
	GoalGuard      = "guard"
	GoalBastion    = "bastion"
	// Divided.
	GoalPincer     = "pincer"
	GoalTwinStrike = "twin-strike"
	GoalScatter    = "scatter"
)

// SweepRadius is the distance (cm, base edge) from the table centre that
// the Sweep and Clear stand-in objective must clear of enemy titans.
const SweepRadius = 30

// DefaultObjective is the stand-in card used for a side whose objective
// type the scenario states without drawing a card: the type's force level
// I card.
func DefaultObjective(t ObjectiveType) (ObjectiveCard, error) {
	for _, c := range StandInObjectives() {
		if c.Type == t && c.ForceLevel == 1 {
			return c, nil
		}
	}
	return ObjectiveCard{}, fmt.Errorf("objective type %q: want mobile, static or divided", t)
}

// ObjectiveTitan is one titan as the objective judge sees it.
type ObjectiveTitan struct {
	ID     string
	Side   string
	Base   world.Base
	Points int
	// Operational: on the table and not destroyed. OffTable: it left the
	// table (Base.Pos is where its centre went off).
	Operational, Destroyed, OffTable bool
}

// ObjectiveBoard is the end-of-game position the objectives are judged on:
// the table, each side's home point (the centre of its deployment zone or
// of its titans' starting positions), the objective markers and the
// titans.
type ObjectiveBoard struct {
	Table   world.Table
	Homes   map[string]world.Vec
	Markers []ObjectivePoint
	Titans  []ObjectiveTitan
}

// StandInMarkers are the objective markers used when a mission scenario
// places none: the table centre and two flank points on the line through
// the centre square to the line between the two homes, a third of the
// table's width (or height) out on either side.
func StandInMarkers(t world.Table, homeA, homeB world.Vec) []ObjectivePoint {
	c := world.Vec{X: t.W / 2, Y: t.H / 2}
	ax := homeB.Sub(homeA)
	var off world.Vec
	if math.Abs(ax.Y) >= math.Abs(ax.X) {
		off = world.Vec{X: t.W / 3}
	} else {
		off = world.Vec{Y: t.H / 3}
	}
	a, b := c.Sub(off), c.Add(off)
	return []ObjectivePoint{
		{ID: "stand-in-centre", Label: "centre (stand-in)", Pos: Point{c.X, c.Y}},
		{ID: "stand-in-flank-1", Label: "flank (stand-in)", Pos: Point{a.X, a.Y}},
		{ID: "stand-in-flank-2", Label: "flank (stand-in)", Pos: Point{b.X, b.Y}},
	}
}

// PincerFlanks are the two flanks the Pincer card asks a side at home to
// hold against an enemy at enemyHome: the markers furthest apart across
// the line between the homes. When the markers do not spread across that
// line (every one on it, as the three markers of a map whose homes face
// along the row of markers), the flanks are the stand-in flank points
// (StandInMarkers), square to the line a third of the table out.
func PincerFlanks(t world.Table, marks []ObjectivePoint, home, enemyHome world.Vec) [2]ObjectivePoint {
	ax := enemyHome.Sub(home)
	perp := world.Vec{X: -ax.Y, Y: ax.X}
	if l := perp.Len(); l > 0 {
		perp = perp.Scale(1 / l)
	}
	if len(marks) > 0 {
		lo, hi := marks[0], marks[0]
		for _, m := range marks[1:] {
			if m.Pos.Vec().Dot(perp) < lo.Pos.Vec().Dot(perp)-eps {
				lo = m
			}
			if m.Pos.Vec().Dot(perp) > hi.Pos.Vec().Dot(perp)+eps {
				hi = m
			}
		}
		if hi.Pos.Vec().Dot(perp)-lo.Pos.Vec().Dot(perp) > HoldDistance {
			return [2]ObjectivePoint{lo, hi}
		}
	}
	st := StandInMarkers(t, home, enemyHome)
	return [2]ObjectivePoint{st[1], st[2]}
}

// markers are the board's objective markers, or the stand-ins.
func (b *ObjectiveBoard) markers(side, enemy string) []ObjectivePoint {
	if len(b.Markers) > 0 {
		return b.Markers
	}
	return StandInMarkers(b.Table, b.Homes[side], b.Homes[enemy])
}

// ownHalf reports whether p is nearer side's home than the enemy's.
func (b *ObjectiveBoard) ownHalf(p world.Vec, side, enemy string) bool {
	return p.Dist(b.Homes[side]) < b.Homes[enemy].Dist(p)
}

// near lists the operational titans of side within dist of point p (base
// edge).
func (b *ObjectiveBoard) near(p world.Vec, side string, dist float64) []string {
	var ids []string
	for _, t := range b.Titans {
		if t.Side == side && t.Operational && world.MeasurePoint(t.Base, p).Dist <= dist+eps {
			ids = append(ids, t.ID)
		}
	}
	return ids
}

// holds: side has a titan within HoldDistance of p and the enemy none.
func (b *ObjectiveBoard) holds(p world.Vec, side, enemy string) bool {
	return len(b.near(p, side, HoldDistance)) > 0 && len(b.near(p, enemy, HoldDistance)) == 0
}

// BrokeThrough reports whether titan t counts for Break Through: it stands
// in the enemy's half, or left the table from it (then it left the table
// as part of its objective, which costs no victory points).
func (b *ObjectiveBoard) BrokeThrough(t ObjectiveTitan, enemy string) bool {
	if t.Destroyed || (!t.Operational && !t.OffTable) {
		return false
	}
	return b.ownHalf(t.Base.Pos, enemy, t.Side)
}

// JudgeObjective decides whether side achieved its stand-in objective card
// on the final board, with a sentence saying why:
//   - break-through: a titan of side stands in the enemy's half of the
//     table or left the table from it;
//   - hunt: the enemy's most expensive titan (every one, if tied) is
//     destroyed or has left the table;
//   - sweep: no enemy titan within SweepRadius of the table centre and at
//     least one of side's;
//   - hold-centre: side holds the table centre (a titan within
//     HoldDistance, no enemy titan that close);
//   - guard: no enemy titan in side's half, and side has a titan on the
//     table;
//   - bastion: side holds the objective marker nearest the enemy's home;
//   - pincer: side holds the two markers furthest apart across the line
//     between the homes (the flanks);
//   - twin-strike: side has titans within HoldDistance of two different
//     markers;
//   - scatter: side holds more markers than the enemy;
//   - unknown (GoalUnknown, the placeholder a per-side view holds for the
//     other side's card): never achieved.
//
// Markers are the scenario's, or StandInMarkers when it has none. Errors:
// an unknown goal, or a side without a home.
func JudgeObjective(card ObjectiveCard, side, enemy string, b ObjectiveBoard) (bool, string, error) {
	if _, ok := b.Homes[side]; !ok {
		return false, "", fmt.Errorf("objective %q: side %q has no home point", card.Name, side)
	}
	if _, ok := b.Homes[enemy]; !ok {
		return false, "", fmt.Errorf("objective %q: side %q has no home point", card.Name, enemy)
	}
	centre := world.Vec{X: b.Table.W / 2, Y: b.Table.H / 2}
	marks := b.markers(side, enemy)
	holdsMark := func(s, e string) []string {
		var ids []string
		for _, m := range marks {
			if b.holds(m.Pos.Vec(), s, e) {
				ids = append(ids, m.ID)
			}
		}
		return ids
	}
	switch card.Goal {
	case GoalUnknown:
		return false, "the objective is hidden from this side", nil
	case GoalBreakThrough:
		for _, t := range b.Titans {
			if t.Side == side && b.BrokeThrough(t, enemy) {
				return true, t.ID + " broke through into the enemy's half", nil
			}
		}
		return false, "no titan reached the enemy's half", nil
	case GoalHunt:
		best := -1
		for _, t := range b.Titans {
			if t.Side == enemy && t.Points > best {
				best = t.Points
			}
		}
		var alive []string
		for _, t := range b.Titans {
			if t.Side == enemy && t.Points == best && t.Operational {
				alive = append(alive, t.ID)
			}
		}
		if best < 0 {
			return false, "the enemy has no titan", nil
		}
		if len(alive) > 0 {
			return false, strings.Join(alive, ", ") + " still stands", nil
		}
		return true, "the enemy's most expensive titan is gone", nil
	case GoalSweep:
		if e := b.near(centre, enemy, SweepRadius); len(e) > 0 {
			return false, fmt.Sprintf("%s within %d cm of the centre", strings.Join(e, ", "), SweepRadius), nil
		}
		if len(b.near(centre, side, SweepRadius)) == 0 {
			return false, fmt.Sprintf("no titan of %s within %d cm of the centre", side, SweepRadius), nil
		}
		return true, "the centre is swept clear", nil
	case GoalHoldCentre:
		if b.holds(centre, side, enemy) {
			return true, "holds the table centre", nil
		}
		return false, "does not hold the table centre", nil
	case GoalGuard:
		mine := false
		for _, t := range b.Titans {
			if !t.Operational {
				continue
			}
			if t.Side == side {
				mine = true
			}
			if t.Side == enemy && b.ownHalf(t.Base.Pos, side, enemy) {
				return false, t.ID + " stands in " + side + "'s half", nil
			}
		}
		if !mine {
			return false, side + " has no titan left to guard with", nil
		}
		return true, "no enemy titan in " + side + "'s half", nil
	case GoalBastion:
		if len(marks) == 0 {
			return false, "no objective marker", nil
		}
		best := marks[0]
		for _, m := range marks[1:] {
			if m.Pos.Vec().Dist(b.Homes[enemy]) < best.Pos.Vec().Dist(b.Homes[enemy])-eps {
				best = m
			}
		}
		if b.holds(best.Pos.Vec(), side, enemy) {
			return true, "holds " + best.ID, nil
		}
		return false, "does not hold " + best.ID, nil
	case GoalPincer:
		if len(marks) == 0 {
			return false, "no objective marker", nil
		}
		fl := PincerFlanks(b.Table, marks, b.Homes[side], b.Homes[enemy])
		lo, hi := fl[0], fl[1]
		if b.holds(lo.Pos.Vec(), side, enemy) && b.holds(hi.Pos.Vec(), side, enemy) {
			return true, "holds both flanks (" + lo.ID + ", " + hi.ID + ")", nil
		}
		return false, "does not hold both flanks (" + lo.ID + ", " + hi.ID + ")", nil
	case GoalTwinStrike:
		var at []string
		for _, m := range marks {
			if len(b.near(m.Pos.Vec(), side, HoldDistance)) > 0 {
				at = append(at, m.ID)
			}
		}
		if len(at) >= 2 || (len(marks) == 1 && len(at) == 1) {
			return true, "titans at " + strings.Join(at, ", "), nil
		}
		return false, fmt.Sprintf("titans at %d objective(s)", len(at)), nil
	case GoalScatter:
		mine, theirs := holdsMark(side, enemy), holdsMark(enemy, side)
		if len(mine) > len(theirs) {
			return true, fmt.Sprintf("holds %d objective(s) to %d", len(mine), len(theirs)), nil
		}
		return false, fmt.Sprintf("holds %d objective(s) to %d", len(mine), len(theirs)), nil
	}
	return false, "", fmt.Errorf("objective %q: unknown goal %q", card.Name, card.Goal)
}

// polygonCentroid is the area centroid of the union of pieces (assumed not
// to overlap), falling back to the vertex average for degenerate pieces.
func polygonCentroid(pieces [][]Point) (world.Vec, bool) {
	var cx, cy, area float64
	var sx, sy float64
	n := 0
	for _, pc := range pieces {
		for i := range pc {
			p, q := pc[i], pc[(i+1)%len(pc)]
			cr := p.X*q.Y - q.X*p.Y
			area += cr
			cx += (p.X + q.X) * cr
			cy += (p.Y + q.Y) * cr
			sx += p.X
			sy += p.Y
			n++
		}
	}
	if n == 0 {
		return world.Vec{}, false
	}
	if math.Abs(area) < 1e-9 {
		return world.Vec{X: sx / float64(n), Y: sy / float64(n)}, true
	}
	return world.Vec{X: cx / (3 * area), Y: cy / (3 * area)}, true
}
