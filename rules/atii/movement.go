package atii

import (
	"fmt"
	"math"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/world"
)

// eps is the distance tolerance in cm, the project's world.Eps (DESIGN.md:
// compare with 1e-6): a path costing exactly the allowance is legal.
const eps = world.Eps

// BackwardsCost is how many cm of movement one cm moved backwards uses
// (ATII-MOV-3).
const BackwardsCost = 3

// TurnStep is the largest turn in degrees one point of Man pays for
// (ATII-MOV-2).
const TurnStep = 45

// EnemyExclusion is how close (cm) a titan may not come to an enemy titan
// in the movement phase (ATII-MOV-6).
const EnemyExclusion = 10

// OrderEntry is one titan's place in a phase's move order (ATII-MOV-1).
type OrderEntry struct {
	ID   string `json:"id"`
	Side string `json:"side"`
	Man  int    `json:"man"`
	// Moved is set once the titan has started its move; Forfeit when it
	// lost its move because a titan that must wait for it moved first.
	Moved   bool `json:"moved,omitempty"`
	Forfeit bool `json:"forfeit,omitempty"`
}

// mustWait reports whether b must move before a in the phase: movement
// phase lowest Man first, assault phase highest Man first.
func mustWait(a, b OrderEntry, assault bool) bool {
	if assault {
		return b.Man > a.Man
	}
	return b.Man < a.Man
}

// StartMove marks titan id as moving (ATII-MOV-1). Titans must move lowest
// Man first in the movement phase and highest Man first in the assault
// phase; starting a titan out of order is allowed but forfeits the moves of
// that side's unmoved titans that should have gone first. Errors: unknown
// id, already moved, or forfeited.
func StartMove(entries []OrderEntry, id string, assault bool) ([]OrderEntry, error) {
	out := append([]OrderEntry(nil), entries...)
	k := -1
	for i, e := range out {
		if e.ID == id {
			k = i
		}
	}
	if k < 0 {
		return nil, fmt.Errorf("no titan %q in the move order", id)
	}
	switch {
	case out[k].Moved:
		return nil, fmt.Errorf("titan %s has already moved this phase", id)
	case out[k].Forfeit:
		return nil, fmt.Errorf("titan %s forfeited its move: a titan that should have moved after it already moved", id)
	}
	out[k].Moved = true
	for i, e := range out {
		if i != k && e.Side == out[k].Side && !e.Moved && !e.Forfeit && mustWait(out[k], e, assault) {
			out[i].Forfeit = true
		}
	}
	return out, nil
}

// Movable lists side's titans that may still move, in the order the rules
// want them moved (ties in entry order).
func Movable(entries []OrderEntry, side string, assault bool) []string {
	n := 0
	for _, e := range entries {
		if e.Side == side && !e.Moved && !e.Forfeit {
			n++
		}
	}
	return appendMovable(make([]string, 0, n), entries, side, assault)
}

// appendMovable appends Movable's list to dst (a caller's buffer).
func appendMovable(dst []string, entries []OrderEntry, side string, assault bool) []string {
	var buf [16]OrderEntry // on the stack for the usual few titans
	es := buf[:0]
	for _, e := range entries {
		if e.Side == side && !e.Moved && !e.Forfeit {
			es = append(es, e)
		}
	}
	for i := 1; i < len(es); i++ {
		for j := i; j > 0 && mustWait(es[j-1], es[j], assault); j-- {
			es[j-1], es[j] = es[j], es[j-1]
		}
	}
	for _, e := range es {
		dst = append(dst, e.ID)
	}
	return dst
}

// NextSide says which side moves the next titan: sides alternate one titan
// at a time starting with first (chosen by the initiative winner); a side
// with nothing left to move is skipped. last is the side that moved the
// previous titan ("" at the start of the phase). Returns "" when nobody can
// move.
func NextSide(entries []OrderEntry, first, second, last string, assault bool) string {
	order := [2]string{first, second}
	if last == first {
		order = [2]string{second, first}
	}
	for _, s := range order {
		for _, e := range entries {
			if e.Side == s && !e.Moved && !e.Forfeit { // Movable(entries, s) is not empty
				return s
			}
		}
	}
	return ""
}

// MoveSegment is one straight piece of a planned move, in path order, as
// measured against the terrain by the caller (world.MeasureMove adapts to
// this).
type MoveSegment struct {
	// Length in cm (0 for a turn on the spot).
	Length float64 `json:"length"`
	// TurnBefore is the turn in degrees made at the start of the segment
	// (sign ignored).
	TurnBefore float64 `json:"turn_before,omitempty"`
	Backwards  bool    `json:"backwards,omitempty"`
	// Dangerous and Impassable say what terrain the segment crosses (the
	// ruleset's terrain table decides; the caller splits at boundaries).
	Dangerous  bool `json:"dangerous,omitempty"`
	Impassable bool `json:"impassable,omitempty"`
}

// EnemyApproach is the edge-to-edge distance to one enemy titan at the
// start of the move and at its closest during the move.
type EnemyApproach struct {
	ID      string  `json:"id"`
	Start   float64 `json:"start"`
	Closest float64 `json:"closest"`
	// Engaged is set when the two are in close combat (base contact) at
	// the start of the move.
	Engaged bool `json:"engaged,omitempty"`
}

// MovePlan is a proposed move as plain measured facts.
type MovePlan struct {
	Segments []MoveSegment `json:"segments"`
	// FinalTurn is a turn made after the last segment (degrees).
	FinalTurn float64         `json:"final_turn,omitempty"`
	Enemies   []EnemyApproach `json:"enemies,omitempty"`
	// Assault marks an assault-phase move (contact allowed; a titan in
	// close combat at its start may only turn).
	Assault bool `json:"assault,omitempty"`
	// InCloseCombat is set when the titan starts in base contact with an
	// enemy titan.
	InCloseCombat bool `json:"in_close_combat,omitempty"`
	// Unit is the moving titan's id in the game, named on the logged
	// dangerous-terrain roll (the profile id when empty).
	Unit string `json:"unit,omitempty"`
}

// TurnCost is the Man a turn of deg degrees uses: one point per 45 degrees
// or part (ATII-MOV-2); 0 for no turn.
func TurnCost(deg float64) int {
	a := math.Abs(deg)
	if a < eps {
		return 0
	}
	return int(math.Ceil(a/TurnStep - 1e-9))
}

// MoveCheck is what can be known about a plan before any die is rolled.
type MoveCheck struct {
	// Speed is the allowance in cm (after leg damage, overcharge).
	Speed float64 `json:"speed"`
	// ManForTurns is the Man the plan's turns use; TurnsInDangerous how
	// many of those turns are made inside dangerous terrain.
	ManForTurns      int `json:"man_for_turns"`
	TurnsInDangerous int `json:"turns_in_dangerous"`
	// Dangerous is set when the move starts in or enters dangerous
	// terrain; DangerDice is then the D6s rolled (one per unspent Man).
	Dangerous  bool `json:"dangerous"`
	DangerDice int  `json:"danger_dice"`
	// Length is the path length; Cost the Speed it uses when nothing is
	// dangerous (backwards cm count 3 times).
	Length float64 `json:"length"`
	Cost   float64 `json:"cost"`
}

// CheckMove validates the parts of a move known before rolling:
// ATII-MOV-2 turns within Man (45 degrees per point, combinable),
// ATII-MOV-3 backwards costs 3 cm per cm and is not allowed in dangerous
// terrain, ATII-MOV-5 no impassable terrain, ATII-MOV-6 the 10 cm exclusion
// around enemy titans in the movement phase (a titan starting in close
// combat may move away; one that starts within 10 cm may not get closer),
// a titan in close combat in the assault phase may only turn, damage that
// stops movement, and Speed (ATII-MOV-4): a path through dangerous terrain
// may be no longer (backwards cm counted 3 times) than Speed either, since
// the whole rolled total comes off Speed. Whether the roll actually made
// covers the path is for ResolveMove, which stops the titan where the
// allowance rolled runs out (a path deeper into dangerous terrain than the
// dice can reach is a legal "as far as it gets").
func CheckMove(u *catalog.Unit, s TitanState, plan MovePlan, opts Options) (MoveCheck, error) {
	c := MoveCheck{Speed: Speed(u, s, opts)}
	// Length and Cost are measured before any check, so that a refused
	// plan still says what its path would cost (a preview of an illegal
	// move must not read "costs 0.0").
	for _, sg := range plan.Segments {
		c.Length += sg.Length
		c.Cost += segCost(sg)
	}
	total := c.Length
	turns := plan.FinalTurn != 0
	for _, sg := range plan.Segments {
		turns = turns || sg.TurnBefore != 0
	}
	if total > eps || turns {
		if err := CanMove(s); err != nil {
			return c, err
		}
	}
	if plan.Assault && plan.InCloseCombat && total > eps {
		return c, fmt.Errorf("in close combat at the start of the assault move: may only turn, not move")
	}
	inDanger := false
	for i, sg := range plan.Segments {
		if sg.Length < 0 || math.IsNaN(sg.Length) || math.IsInf(sg.Length, 0) {
			return c, fmt.Errorf("segment %d: bad length %v", i+1, sg.Length)
		}
		if sg.Impassable {
			return c, fmt.Errorf("segment %d enters impassable terrain: the titan must stop before it", i+1)
		}
		if sg.Backwards && sg.Dangerous {
			return c, fmt.Errorf("segment %d: a titan may not move backwards in dangerous terrain", i+1)
		}
		tc := TurnCost(sg.TurnBefore)
		c.ManForTurns += tc
		if tc > 0 && inDanger && sg.Dangerous {
			c.TurnsInDangerous++
		}
		if sg.Dangerous {
			c.Dangerous = true
		}
		inDanger = sg.Dangerous
	}
	if tc := TurnCost(plan.FinalTurn); tc > 0 {
		c.ManForTurns += tc
		if inDanger {
			c.TurnsInDangerous++
		}
	}
	if c.ManForTurns > sheet.Of(u).Man {
		return c, fmt.Errorf("turns need %d Man, %s has %d (one point per 45 degrees)", c.ManForTurns, u.Name, sheet.Of(u).Man)
	}
	if c.Dangerous {
		c.DangerDice = sheet.Of(u).Man - c.ManForTurns
	}
	if !plan.Assault {
		for _, e := range plan.Enemies {
			switch {
			case e.Engaged || e.Start < EnemyExclusion-eps:
				if e.Closest < e.Start-eps {
					return c, fmt.Errorf("may not move closer to enemy titan %s (%.1f cm, within %d cm)", e.ID, e.Start, EnemyExclusion)
				}
			case e.Closest < EnemyExclusion-eps:
				return c, fmt.Errorf("may not move within %d cm of enemy titan %s in the movement phase (comes to %.1f cm)", EnemyExclusion, e.ID, e.Closest)
			}
		}
	}
	if !c.Dangerous {
		if c.Cost > c.Speed+eps {
			return c, fmt.Errorf("move needs %s cm of Speed, %s has %.1f%s", cm(c.Cost, c.Speed), u.Name, c.Speed, over(c.Cost, c.Speed))
		}
		return c, nil
	}
	before := 0.0
	for _, sg := range plan.Segments {
		if sg.Dangerous {
			break
		}
		before += segCost(sg)
	}
	if before > c.Speed+eps {
		return c, fmt.Errorf("move needs %s cm of Speed before the dangerous terrain, %s has %.1f%s", cm(before, c.Speed), u.Name, c.Speed, over(before, c.Speed))
	}
	// The rolled total comes off Speed whole, so no roll lets a titan go
	// further than its Speed: a longer path could never be completed.
	if c.Cost > c.Speed+eps {
		return c, fmt.Errorf("move needs %s cm of Speed, %s has %.1f%s (dangerous terrain dice come off Speed too, ATII-MOV-4)", cm(c.Cost, c.Speed), u.Name, c.Speed, over(c.Cost, c.Speed))
	}
	return c, nil
}

// cm formats a cost that exceeds the allowance speed: to 0.1 cm, or to
// 0.01 cm when 0.1 cm would print the two alike (a path a hair too long
// must not read "needs 20.0, has 20.0").
func cm(cost, speed float64) string {
	if s := fmt.Sprintf("%.1f", cost); s != fmt.Sprintf("%.1f", speed) {
		return s
	}
	return fmt.Sprintf("%.2f", cost)
}

// over says by how much a cost exceeds the allowance when that is less
// than 0.1 cm (else the two figures say it).
func over(cost, speed float64) string {
	if d := cost - speed; d < 0.1 {
		return fmt.Sprintf(": %.2f cm too long", math.Max(d, 0.01))
	}
	return ""
}

func segCost(sg MoveSegment) float64 {
	if sg.Backwards {
		return BackwardsCost * sg.Length
	}
	return sg.Length
}

// MoveOutcome is what a move achieves.
type MoveOutcome struct {
	Check MoveCheck `json:"check"`
	// DangerRoll is the dangerous terrain dice and DangerTotal their sum.
	DangerRoll  []int `json:"danger_roll,omitempty"`
	DangerTotal int   `json:"danger_total,omitempty"`
	// DangerAllowance is how far the titan may go through dangerous
	// terrain: the roll capped by the Speed left when it entered.
	DangerAllowance float64 `json:"danger_allowance,omitempty"`
	// Distance is how far along the path the titan got; Complete is set
	// when that is the whole path.
	Distance float64 `json:"distance"`
	Complete bool    `json:"complete"`
	// StopReason explains a short move.
	StopReason string `json:"stop_reason,omitempty"`
	// SpeedLeft is the normal movement left at the end.
	SpeedLeft float64 `json:"speed_left"`
}

// walkMove runs a checked plan with a given dangerous-terrain total
// (ATII-MOV-4): the total is the distance the titan may cover in dangerous
// terrain, capped by the Speed left on entering; the whole total (not the
// distance used) comes off Speed, and what is left is normal movement. One
// roll covers all dangerous terrain of the move (moving from one type to
// another needs no new roll). If nothing is left the titan stops where it
// is (just outside the dangerous terrain when it has left it).
func walkMove(plan MovePlan, c MoveCheck, total int) MoveOutcome {
	o := MoveOutcome{Check: c, Complete: true}
	speedLeft := c.Speed
	rolled := false
	danger := 0.0
	for _, sg := range plan.Segments {
		if sg.Dangerous {
			if !rolled {
				rolled = true
				o.DangerTotal = total
				danger = math.Min(float64(total), speedLeft)
				o.DangerAllowance = danger
				speedLeft = math.Max(0, speedLeft-float64(total))
			}
			if sg.Length > danger+eps {
				o.Distance += danger
				o.Complete = false
				o.StopReason = fmt.Sprintf("dangerous terrain allowance used up (%.1f cm)", o.DangerAllowance)
				break
			}
			danger -= sg.Length
			o.Distance += sg.Length
			continue
		}
		cost := segCost(sg)
		if cost > speedLeft+eps {
			per := 1.0
			if sg.Backwards {
				per = BackwardsCost
			}
			o.Distance += speedLeft / per
			speedLeft = 0
			o.Complete = false
			if rolled {
				o.StopReason = "no Speed left after the dangerous terrain roll"
			} else {
				o.StopReason = "out of Speed"
			}
			break
		}
		speedLeft -= cost
		o.Distance += sg.Length
	}
	o.SpeedLeft = speedLeft
	return o
}

// ResolveMove checks the plan (CheckMove), rolls the dangerous terrain dice
// when needed (one D6 per Man point not used for turns, ATII-MOV-4) and
// returns how far the titan gets. An illegal plan is an error and rolls
// nothing; a legal plan that the dice cut short is not an error
// (Complete is false and StopReason says why).
func ResolveMove(u *catalog.Unit, s TitanState, plan MovePlan, opts Options, d rules.Dice) (MoveOutcome, error) {
	c, err := CheckMove(u, s, plan, opts)
	if err != nil {
		return MoveOutcome{Check: c}, fmt.Errorf("%s move: %w", u.ID, err)
	}
	total := 0
	var faces []int
	if c.Dangerous && c.DangerDice > 0 {
		who := plan.Unit
		if who == "" {
			who = u.ID
		}
		faces, err = rollDice(d, rules.Roll{Purpose: fmt.Sprintf("dangerous terrain: %dD6 cm", c.DangerDice), Sides: 6, Units: []string{who}}, c.DangerDice)
		if err != nil {
			return MoveOutcome{Check: c}, fmt.Errorf("%s move: %w", u.ID, err)
		}
		total = sum(faces)
	}
	o := walkMove(plan, c, total)
	o.DangerRoll = faces
	return o, nil
}

// MoveOdds is the exact-odds twin of ResolveMove.
type MoveOdds struct {
	Check MoveCheck `json:"check"`
	// Complete is the chance of finishing the whole path.
	Complete float64 `json:"complete"`
	// Reach[d] is the chance of getting at least d cm along the path.
	Reach []float64 `json:"reach"`
	// DangerReach[d] is the chance the dangerous terrain allowance is at
	// least d cm (nil when the move is not dangerous).
	DangerReach []float64 `json:"danger_reach,omitempty"`
}

// MoveOddsFor computes MoveOdds by running the same walk as ResolveMove for
// every dangerous terrain total, weighted by its probability.
func MoveOddsFor(u *catalog.Unit, s TitanState, plan MovePlan, opts Options) (MoveOdds, error) {
	c, err := CheckMove(u, s, plan, opts)
	if err != nil {
		return MoveOdds{Check: c}, fmt.Errorf("%s move: %w", u.ID, err)
	}
	mo := MoveOdds{Check: c}
	totals := Dist{1}
	if c.Dangerous {
		totals = DiceExpr{N: c.DangerDice, Sides: 6}.Dist()
		before := 0.0
		for _, sg := range plan.Segments {
			if sg.Dangerous {
				break
			}
			before += segCost(sg)
		}
		mo.DangerReach = DangerReach(c.DangerDice, c.Speed-before)
	}
	n := int(math.Floor(c.Length+eps)) + 1
	mo.Reach = make([]float64, n)
	for t, p := range totals {
		if p == 0 {
			continue
		}
		o := walkMove(plan, c, t)
		if o.Complete {
			mo.Complete += p
		}
		for dd := 0; dd < n; dd++ {
			if o.Distance+eps >= float64(dd) {
				mo.Reach[dd] += p
			}
		}
	}
	return mo, nil
}

// DangerReach is the risk overlay for dangerous terrain (ATII-MOV-4): with
// dice D6 and speedLeft cm of Speed on entering, element d is the chance
// that the titan may go at least d cm through the dangerous terrain
// (allowance = min(dice total, speedLeft)).
func DangerReach(dice int, speedLeft float64) []float64 {
	if dice < 0 {
		dice = 0
	}
	dist := DiceExpr{N: dice, Sides: 6}.Dist()
	out := make([]float64, 6*dice+1)
	for dd := range out {
		if float64(dd) > speedLeft+eps {
			break
		}
		out[dd] = dist.AtLeast(dd)
	}
	return out
}
