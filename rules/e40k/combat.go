package e40k

import (
	"fmt"

	"github.com/auspex/auspex/rules"
)

// Combat kinds.
const (
	CloseCombat = "close combat"
	Firefight   = "firefight"
)

// CombatSide is one side of a close combat or firefight.
type CombatSide struct {
	// Detachment is the formation id (for the log).
	Detachment string
	// Value is the side's total: assault values of the units in base
	// contact plus support (close combat), or firepower of the units
	// within 15 cm (firefight); halving for broken or marching units is
	// the caller's (Half).
	Value int
	// Markers are the detachment's blast markers, Psykers its psykers
	// taking part.
	Markers int
	Psykers int
	// Units are the units that roll for hits (one die each): in base
	// contact (close combat) or within 15 cm (firefight).
	Units []string
}

// Half is a halved value, rounded down (broken detachments, marching
// units in a firefight; E40K-BRK-1, E40K-CC-6).
func Half(v int) int { return v / 2 }

// SupportValue is what one supporting unit adds to its side's close
// combat total: +1, or for a war engine under REM-WE-2 half its remaining
// DC rounded up.
func SupportValue(warEngine bool, dcLeft int, o Options) int {
	if warEngine && o.WESupport {
		return (max(dcLeft, 0) + 1) / 2
	}
	return 1
}

// CombatBonus is what a side adds to its result roll: +1 if the enemy has
// 5 or more blast markers, +1 if the enemy has more markers, +1 for more
// psykers, and for the higher total +1, or +2/+3/+4 for at least twice,
// three times, four times the enemy's; +4 against a total of 0.
func CombatBonus(me, enemy CombatSide) int {
	b := 0
	if enemy.Markers >= 5 {
		b++
	}
	if enemy.Markers > me.Markers {
		b++
	}
	if me.Psykers > enemy.Psykers {
		b++
	}
	if me.Value <= enemy.Value {
		return b
	}
	switch {
	case enemy.Value <= 0 || me.Value >= 4*enemy.Value:
		b += 4
	case me.Value >= 3*enemy.Value:
		b += 3
	case me.Value >= 2*enemy.Value:
		b += 2
	default:
		b++
	}
	return b
}

// ResultRow is one row of the result table.
type ResultRow struct {
	Name string
	// WinnerHits and LoserHits are the D6 scores each side's units hit
	// on.
	WinnerHits, LoserHits int
}

// ResultFor returns the result table row for a winning difference (1..5,
// more counts as 5). Errors: a difference below 1.
func ResultFor(diff int) (ResultRow, error) {
	rows := [5]ResultRow{
		{"Narrow Win", 4, 4}, {"Forced Back", 3, 4}, {"Driven Off", 3, 5},
		{"Hurled Back", 2, 5}, {"Overwhelmed", 2, 6},
	}
	if diff < 1 {
		return ResultRow{}, fmt.Errorf("result table: difference %d is not a win", diff)
	}
	return rows[min(diff, 5)-1], nil
}

// ResultRoll is the distribution of one side's natural result roll: a D6,
// or the highest of 2D6 under REM-CC-1.
func ResultRoll(o Options) rules.Dist {
	if o.CC2D6 {
		return rules.Combine(rules.Die(6), rules.Die(6), func(x, y int) int { return max(x, y) })
	}
	return rules.Die(6)
}

// MarginDist is the distribution of side a's total minus side b's for one
// result roll each (ties are fought again).
func MarginDist(a, b CombatSide, o Options) rules.Dist {
	ra := ResultRoll(o).Shift(CombatBonus(a, b))
	rb := ResultRoll(o).Shift(CombatBonus(b, a))
	return rules.Combine(ra, rb, func(x, y int) int { return x - y })
}

// CombatResult is the outcome of a close combat or firefight.
type CombatResult struct {
	Kind string
	// Winner is 0 (side a) or 1 (side b); -1 when the ties ran past
	// MaxTies and nobody won.
	Winner int
	Diff   int
	Row    ResultRow
	// Ties is how many tied rolls came first: each put one blast marker
	// on every detachment involved (E40K-CC-4).
	Ties int
	// Hits are the hits each side scored (index as Winner).
	Hits [2]int
}

// MaxTies bounds the re-rolled ties of one combat.
const MaxTies = 12

// rollResult rolls one side's result die (or 2D6, keep the highest).
func rollResult(d rules.Dice, kind string, s CombatSide, bonus int, o Options) (int, error) {
	n, how := 1, "D6"
	if o.CC2D6 {
		n, how = 2, "2D6 keep the highest"
	}
	f, err := roll(d, rules.Roll{Purpose: fmt.Sprintf("%s result %s (%s)", kind, s.Detachment, how), Sides: 6,
		Mods: []string{fmt.Sprintf("%+d bonus", bonus)}, Units: s.Units}, n)
	if err != nil {
		return 0, err
	}
	best := f[0]
	for _, x := range f[1:] {
		best = max(best, x)
	}
	return best + bonus, nil
}

// Contest rolls the result of a close combat or firefight between sides
// a and b without the hits (E40K-CC-3, REM-CC-1): each side rolls its
// result die plus its bonus (CombatBonus); on a tie each side takes a
// blast marker (for the bonuses) and both roll again, up to MaxTies
// times. It sets Winner (-1: still tied), Diff and Ties. Errors: a bad
// dice source.
func Contest(d rules.Dice, kind string, a, b CombatSide, o Options) (CombatResult, error) {
	res := CombatResult{Kind: kind, Winner: -1}
	for res.Ties <= MaxTies {
		ta, err := rollResult(d, kind, a, CombatBonus(a, b), o)
		if err != nil {
			return res, err
		}
		tb, err := rollResult(d, kind, b, CombatBonus(b, a), o)
		if err != nil {
			return res, err
		}
		if ta != tb {
			res.Winner, res.Diff = 0, ta-tb
			if tb > ta {
				res.Winner, res.Diff = 1, tb-ta
			}
			return res, nil
		}
		res.Ties++
		a.Markers++
		b.Markers++
	}
	return res, nil
}

// Fight resolves a close combat or firefight between sides a and b
// (E40K-CC-3, E40K-CC-4, REM-CC-1): each rolls its result die plus its
// bonus (CombatBonus); on a tie each detachment takes a blast marker, the
// bonuses are worked out again and both roll again. The difference picks
// the result table row; then every unit of both sides rolls one D6 and
// hits on its side's score. The loser breaks and takes blast markers
// equal to the difference (the caller applies both). Errors: a bad dice
// source.
func Fight(d rules.Dice, kind string, a, b CombatSide, o Options) (CombatResult, error) {
	res, err := Contest(d, kind, a, b, o)
	if err != nil || res.Winner < 0 {
		return res, err
	}
	row, err := ResultFor(res.Diff)
	if err != nil {
		return res, err
	}
	res.Row = row
	res.Hits, err = rollCombatHits(d, kind, row, res.Winner, [2]CombatSide{a, b})
	return res, err
}

// rollCombatHits rolls one D6 for every unit of both sides that fought,
// each hitting on its side's score of the result row (E40K-CC-3), and
// returns each side's hits.
func rollCombatHits(d rules.Dice, kind string, row ResultRow, winner int, sides [2]CombatSide) ([2]int, error) {
	var hits [2]int
	for i, s := range sides {
		need := row.LoserHits
		if i == winner {
			need = row.WinnerHits
		}
		f, err := roll(d, rules.Roll{Purpose: fmt.Sprintf("%s hits %s", kind, s.Detachment), Sides: 6, Target: need, Units: s.Units}, len(s.Units))
		if err != nil {
			return hits, err
		}
		for _, x := range f {
			if x >= need {
				hits[i]++
			}
		}
	}
	return hits, nil
}

// CombatHits allocates close combat or firefight hits to the enemy units
// that fought: armour is ignored, and every unit takes a hit before any
// takes a second (E40K-CC-3). It is Allocate with every hit counting.
func CombatHits(targets []Target, hits int, o Options) (Allocation, error) {
	ts := make([]Target, len(targets))
	for i, t := range targets {
		t.Armour = 1
		ts[i] = t
	}
	shots := make([]Shot, hits)
	for i := range shots {
		shots[i] = Shot{Face: 6}
	}
	return Allocate(ts, shots, o)
}
