package atiiai

import (
	"math"
	"sync"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/world"
)

// Goal is a place a side must hold (or reach) at the end of the game to
// meet a victory condition of the scenario or its mission card.
type Goal struct {
	Side  string
	Label string
	// At is the point to hold; Zone, when set, is an area to stand in
	// instead (At is then its centre).
	At   world.Vec
	Zone [][]atii.Point
	// EnemyHalf: the goal is any spot in the enemy's half of the table
	// (Break Through); At is then the enemy's home.
	EnemyHalf bool
	// Weight is the goal's share of the side's objective (the goals of
	// one condition share 1).
	Weight float64
	// Radius is how close (cm, base edge) a titan must stand to the point
	// to hold it, and an enemy titan to contest it; 0 is
	// atii.HoldDistance (Sweep and Clear asks atii.SweepRadius).
	Radius float64
	// Decisive: meeting the condition the goal belongs to at the end
	// wins the game outright (a scenario victory condition that asks
	// for nothing but its goals and the turn), so that holding it
	// securely on the last turn is worth a won game (Evaluator).
	Decisive bool
}

// Goals are the places that matter for each side's victory, read once a
// decision from the set-up stored in the state (the scenario's
// hold-objective and in-zone conditions, or the side's mission card as
// its own view shows it: the other side's hidden card gives none).
type Goals struct {
	List []Goal
	// TurnLimit is the game's last turn (0: none).
	TurnLimit int
	// Homes are the sides' home points (for Break Through).
	Homes map[string]world.Vec
	// walks remembers walkCost (nil: worked out every time).
	walks *walkCache
}

// walkCache remembers walkCost by titan type, position and goal point,
// all it depends on (the terrain does not change during a game); a
// search's workers share it.
type walkCache struct {
	mu sync.Mutex
	m  map[walkKey]float64
}

// walkKey is a walk's titan type and its ends to the millimetre.
type walkKey struct {
	typ            string
	x, y, toX, toY int32
}

// maxWalks caps the cache; past it walks are worked out, not kept.
const maxWalks = 1 << 14

// walk is walkCost for titan u (profile prof, base radius r) to the point
// to, remembered.
func (g *Goals) walk(rs *atii.Ruleset, prof *catalog.Unit, u *rules.Unit, r float64, to world.Vec) float64 {
	if g.walks == nil {
		return walkCost(rs, prof, r, u.Pos, to)
	}
	mm := func(v float64) int32 { return int32(math.Round(v * 10)) }
	k := walkKey{typ: u.Type, x: mm(u.Pos.X), y: mm(u.Pos.Y), toX: mm(to.X), toY: mm(to.Y)}
	c := g.walks
	c.mu.Lock()
	v, ok := c.m[k]
	c.mu.Unlock()
	if ok {
		return v
	}
	v = walkCost(rs, prof, r, u.Pos, to)
	c.mu.Lock()
	if len(c.m) < maxWalks {
		c.m[k] = v
	}
	c.mu.Unlock()
	return v
}

// radius is Radius, or atii.HoldDistance when unset.
func (g Goal) radius() float64 {
	if g.Radius > 0 {
		return g.Radius
	}
	return atii.HoldDistance
}

// BuildGoals reads st's goals. A state without a set-up, or one that does
// not decode, has none.
func BuildGoals(rs *atii.Ruleset, st *rules.State) *Goals {
	var setup atii.GameSetup
	if ok, err := st.GetExt(atii.ExtSetup, &setup); !ok || err != nil {
		return &Goals{}
	}
	var prog atii.GameProgress
	if _, err := st.GetExt(atii.ExtGame, &prog); err != nil {
		prog = atii.GameProgress{}
	}
	g := &Goals{TurnLimit: setup.TurnLimit, Homes: map[string]world.Vec{}, walks: &walkCache{m: map[walkKey]float64{}}}
	for sd, p := range prog.Homes {
		g.Homes[sd] = p.Vec()
	}
	markers := map[string]atii.ObjectivePoint{}
	for _, m := range setup.Objectives {
		markers[m.ID] = m
	}
	if setup.Mission != nil {
		for _, sd := range st.Sides {
			card, ok := prog.Cards[sd.ID]
			if ok && card.Goal == atii.GoalUnknown {
				// A card hidden from this view (its type shows):
				// every card it may be, by the odds.
				g.List = append(g.List, g.likelyGoals(rs, st, setup, prog, sd.ID, card.Type)...)
				continue
			}
			if !ok {
				t, known := setup.Mission.Objectives[sd.ID]
				if !known {
					g.List = append(g.List, g.likelyGoals(rs, st, setup, prog, sd.ID, "")...)
					continue
				}
				c, err := atii.DefaultObjective(atii.ObjectiveType(t))
				if err != nil {
					continue
				}
				card = c
			}
			g.List = append(g.List, g.cardGoals(rs, st, setup, card, sd.ID)...)
		}
		return g
	}
	for _, vr := range setup.Victory {
		if vr.Side == "" || vr.When == nil {
			continue
		}
		var found []Goal
		walkTrigger(vr.When, func(t *atii.Trigger) {
			switch t.Kind {
			case "hold-objective":
				if m, ok := markers[t.Objective]; ok && (t.Side == "" || t.Side == vr.Side) {
					found = append(found, Goal{Side: vr.Side, Label: label(m), At: m.Pos.Vec()})
				}
			case "in-zone":
				if z, ok := setup.Zones[t.Zone]; ok && len(z) > 0 && (t.Side == "" || t.Side == vr.Side) {
					found = append(found, Goal{Side: vr.Side, Label: t.Zone, At: zoneCentre(z), Zone: z})
				}
			}
		})
		dec := decisive(vr.When)
		for i := range found {
			found[i].Weight = 1 / float64(len(found))
			found[i].Decisive = dec
		}
		g.List = append(g.List, found...)
	}
	return g
}

// likelyGoals are the goals of side's hidden mission card as far as the
// view can tell: the goals of every card of the deck it may be
// (atii.StandInObjectives, drawn with a die of one face per card), each
// weighted by that card's chance. The deck is public, and so is the
// card's type when the view shows it (t; "" when not), else the
// deployment map, which the two cards' types chose (atii.DeploymentMap):
// with the other side's card known, only the cards whose type gives that
// map remain. Cards that name no place (Hunt, Guard) give no goal.
func (g *Goals) likelyGoals(rs *atii.Ruleset, st *rules.State, setup atii.GameSetup, prog atii.GameProgress, side string, t atii.ObjectiveType) []Goal {
	deck := atii.StandInObjectives()
	var known *atii.ObjectiveCard
	for sd, c := range prog.Cards {
		if sd != side && c.Goal != atii.GoalUnknown {
			known = &c
		}
	}
	var maybe []atii.ObjectiveCard
	for _, c := range deck {
		if t != "" && c.Type != t {
			continue
		}
		if t == "" && known != nil && prog.Map != "" {
			if m, err := atii.DeploymentMap(known.Type, c.Type); err != nil || m != prog.Map {
				continue
			}
		}
		maybe = append(maybe, c)
	}
	var out []Goal
	for _, c := range maybe {
		for _, goal := range g.cardGoals(rs, st, setup, c, side) {
			goal.Weight /= float64(len(maybe))
			out = append(out, goal)
		}
	}
	return out
}

// cardGoals are the places a mission card asks side to hold
// (atii.JudgeObjective's goals): the centre, the marker nearest the
// enemy, the flanks, markers, the enemy's half. Hunt and Guard name no
// place to go (the damage and threat terms already pursue them).
func (g *Goals) cardGoals(rs *atii.Ruleset, st *rules.State, setup atii.GameSetup, card atii.ObjectiveCard, side string) []Goal {
	enemy := ""
	for _, sd := range st.Sides {
		if sd.ID != side {
			enemy = sd.ID
		}
	}
	var tb world.Table
	if w := rs.World(); w != nil {
		tb = w.Table
	}
	marks := setup.Objectives
	if len(marks) == 0 {
		h, okh := g.Homes[side]
		e, oke := g.Homes[enemy]
		if okh && oke && tb.W > 0 {
			marks = atii.StandInMarkers(tb, h, e)
		}
	}
	mid := world.Vec{X: tb.W / 2, Y: tb.H / 2}
	one := func(label string, at world.Vec) []Goal {
		return []Goal{{Side: side, Label: label, At: at, Weight: 1}}
	}
	switch card.Goal {
	case atii.GoalHoldCentre:
		return one("the table centre", mid)
	case atii.GoalSweep:
		// ours within SweepRadius of the centre and none of theirs
		return []Goal{{Side: side, Label: "the table centre", At: mid, Weight: 1, Radius: atii.SweepRadius}}
	case atii.GoalBreakThrough:
		if e, ok := g.Homes[enemy]; ok {
			return []Goal{{Side: side, Label: "the enemy's half", At: e, EnemyHalf: true, Weight: 1}}
		}
	case atii.GoalBastion:
		if e, ok := g.Homes[enemy]; ok && len(marks) > 0 {
			best := marks[0]
			for _, m := range marks[1:] {
				if m.Pos.Vec().Dist(e) < best.Pos.Vec().Dist(e) {
					best = m
				}
			}
			return one(label(best), best.Pos.Vec())
		}
	case atii.GoalPincer:
		h, okh := g.Homes[side]
		e, oke := g.Homes[enemy]
		if !okh || !oke || len(marks) == 0 {
			return nil
		}
		fl := atii.PincerFlanks(tb, marks, h, e)
		return []Goal{{Side: side, Label: label(fl[0]), At: fl[0].Pos.Vec(), Weight: 0.5},
			{Side: side, Label: label(fl[1]), At: fl[1].Pos.Vec(), Weight: 0.5}}
	case atii.GoalTwinStrike, atii.GoalScatter:
		var out []Goal
		for _, m := range marks {
			out = append(out, Goal{Side: side, Label: label(m), At: m.Pos.Vec()})
		}
		for i := range out {
			out[i].Weight = 1 / float64(len(out))
		}
		return out
	}
	return nil
}

// decisive reports whether trigger t asks for nothing but places held
// (hold-objective, in-zone) and the time (turn, turn-end, turn-limit),
// all of them together: a victory rule with such a trigger wins the game
// for its side as soon as its goals are met when it is checked.
func decisive(t *atii.Trigger) bool {
	if t == nil {
		return false
	}
	switch t.Kind {
	case "hold-objective", "in-zone", "turn", "turn-end", "turn-limit":
		return true
	case "all":
		for _, p := range t.Parts {
			if !decisive(p) {
				return false
			}
		}
		return len(t.Parts) > 0
	}
	return false
}

// walkTrigger calls f on t and every part of it.
func walkTrigger(t *atii.Trigger, f func(*atii.Trigger)) {
	if t == nil {
		return
	}
	f(t)
	for _, p := range t.Parts {
		walkTrigger(p, f)
	}
}

func label(m atii.ObjectivePoint) string {
	if m.Label != "" {
		return m.Label
	}
	return m.ID
}

// zoneCentre is the mean of a zone's polygon vertices.
func zoneCentre(z [][]atii.Point) world.Vec {
	var c world.Vec
	n := 0
	for _, poly := range z {
		for _, p := range poly {
			c = c.Add(p.Vec())
			n++
		}
	}
	if n == 0 {
		return c
	}
	return c.Scale(1 / float64(n))
}

// inZone reports whether p lies in one of z's polygons.
func inZone(p world.Vec, z [][]atii.Point) bool {
	for _, poly := range z {
		vs := make([]world.Vec, len(poly))
		for i, q := range poly {
			vs[i] = q.Vec()
		}
		if world.PointInPolygon(p, vs) {
			return true
		}
	}
	return false
}

// progress is how far side is toward goal g on st, 0..1: 1 when it holds
// it (a titan within the goal's radius of the point, its base edge, and no
// enemy titan that close; in the zone; in the enemy's half) and, for a
// point, holds it securely (Goals.secure; openHold when an enemy titan
// could still walk in and contest it), else up to nearBonus for the
// nearest titan coming within approach cm of holding, plus up to
// farBonus for the side's titans coming nearer, on average, from as far
// as each one's walking reaches in the moves left before the turn limit
// (so that a titan making for a goal across the table is worth more than
// one standing still), while there are moves left.
func (g *Goals) progress(rs *atii.Ruleset, st *rules.State, goal Goal) float64 {
	const nearBonus, approach, farBonus = 0.3, 40.0, 0.05
	gap := math.Inf(1)    // the side's best distance from holding
	far, titans := 0.0, 0 // the side's titans' farBonus shares, summed
	contested := false
	for i := range st.Units {
		u := &st.Units[i]
		if !operational(u) {
			continue
		}
		var d float64
		switch {
		case goal.EnemyHalf:
			own, ok := g.Homes[goal.Side]
			if !ok {
				return 0
			}
			// positive while nearer the own home than the enemy's
			d = (u.Pos.Dist(goal.At) - u.Pos.Dist(own)) / 2
		case goal.Zone != nil:
			if inZone(u.Pos, goal.Zone) {
				d = -1
			} else {
				d = u.Pos.Dist(goal.At)
			}
		default:
			d = world.MeasurePoint(unitBase(rs, u), goal.At).Dist - goal.radius()
		}
		if u.Side != goal.Side {
			if !goal.EnemyHalf && goal.Zone == nil && d <= world.Eps {
				contested = true
			}
			continue
		}
		gap = math.Min(gap, d)
		titans++
		if g.TurnLimit > 0 {
			if prof, err := rs.Catalogue().Unit(u.Type); err == nil && prof.Speed > 0 {
				reach := prof.Speed * float64(movesLeft(st, g.TurnLimit))
				if d > 0 && goal.Zone == nil && !goal.EnemyHalf {
					// the walk there, round or through the terrain on
					// the way (walkCost), not as the crow flies
					r := baseRadius(rs, u)
					d = math.Max(0, g.walk(rs, prof, u, r, goal.At)-r-goal.radius())
				}
				far += math.Max(0, 1-math.Max(d, 0)/reach)
			}
		}
	}
	switch {
	case gap <= world.Eps && !contested:
		if goal.EnemyHalf || goal.Zone != nil || g.secure(rs, st, goal) {
			return 1
		}
		return openHold
	case math.IsInf(gap, 1):
		return 0
	case g.TurnLimit > 0 && movesLeft(st, g.TurnLimit) == 0:
		return 0 // no move left to come nearer
	}
	return nearBonus*math.Max(0, 1-math.Max(gap, 0)/approach) + farBonus*far/float64(titans)
}

// openHold is the progress of a point goal held for now that an enemy
// titan could still contest before the game ends (Goals.secure): a hold
// the enemy can walk into is not yet a won objective.
const openHold = 0.7

// secure reports whether goal.Side's hold on the point goal at st will
// last as far as the enemy's walking goes: every operational enemy titan
// either cannot come within the goal's radius of the point (base edge) in
// the moves it has left before the turn limit (a move in the movement
// and one in the assault phase each turn, at its Speed), or walking
// straight at the point it meets one of the side's holding titans first
// (base contact, the closest the assault phase allows; ATII-MOV-6 keeps
// it 10 cm further off in the movement phase) still outside the hold
// distance: a holder standing between the enemy and the point screens it.
func (g *Goals) secure(rs *atii.Ruleset, st *rules.State, goal Goal) bool {
	var holders []*rules.Unit
	for i := range st.Units {
		u := &st.Units[i]
		if u.Side == goal.Side && operational(u) &&
			world.MeasurePoint(unitBase(rs, u), goal.At).Dist <= goal.radius()+world.Eps {
			holders = append(holders, u)
		}
	}
	for i := range st.Units {
		e := &st.Units[i]
		if e.Side == goal.Side || !operational(e) {
			continue
		}
		re := baseRadius(rs, e)
		if g.TurnLimit > 0 {
			if prof, err := rs.Catalogue().Unit(e.Type); err == nil {
				gap := e.Pos.Dist(goal.At) - re - goal.radius()
				if gap > prof.Speed*float64(movesLeft(st, g.TurnLimit))+world.Eps {
					continue // out of reach before the end
				}
			}
		}
		blocked := false
		for _, h := range holders {
			if p, ok := firstContact(e.Pos, goal.At, h.Pos, re+baseRadius(rs, h)); ok && p.Dist(goal.At)-re > goal.radius()+world.Eps {
				blocked = true
				break
			}
		}
		if !blocked {
			return false
		}
	}
	return true
}

// movesLeft is how many moves (a movement and an assault phase move each
// turn, ATII's turn sequence) a titan has left before the end of turn
// limit, counting from st's step.
func movesLeft(st *rules.State, limit int) int {
	n := 2 * max(limit-st.Turn, 0)
	if st.Turn > limit {
		return 0
	}
	switch st.Step {
	case atii.StepMovement, atii.StepInitiative:
		n += 2
	case atii.StepShooting, atii.StepAssault:
		n++
	}
	return n
}

// firstContact is where a base walking in a straight line from a toward b
// first comes within r of c (centre to centre), and whether it does
// before reaching b.
func firstContact(a, b, c world.Vec, r float64) (world.Vec, bool) {
	d := b.Sub(a)
	f := a.Sub(c)
	dd := d.X*d.X + d.Y*d.Y
	if f.Len() <= r {
		return a, true
	}
	if dd < 1e-12 {
		return a, false
	}
	// |f + t d| = r: dd t^2 + 2 (f.d) t + |f|^2 - r^2 = 0
	fd := f.X*d.X + f.Y*d.Y
	disc := fd*fd - dd*(f.X*f.X+f.Y*f.Y-r*r)
	if disc < 0 {
		return a, false
	}
	t := (-fd - math.Sqrt(disc)) / dd
	if t < 0 || t > 1 {
		return a, false
	}
	return a.Add(d.Scale(t)), true
}
