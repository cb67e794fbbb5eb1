package e40k

import (
	"fmt"

	"github.com/auspex/auspex/rules"
)

// Situation is the target detachment's situation, which picks the column
// of the firepower table.
type Situation string

// Firepower table columns.
const (
	Marching Situation = "marching"
	Open     Situation = "open"
	Cover    Situation = "cover"
	// Immobile is an immobilised war engine in the open: one die per
	// firepower point.
	Immobile Situation = "immobile"
)

// knownRows are the firepower table rows found in public references
// (firepower 9..20: marching, open, cover dice); a function, so the table
// cannot be changed.
func knownRows() [12][3]int {
	return [12][3]int{
		{7, 5, 4}, {8, 5, 4}, {8, 6, 4}, {9, 6, 5}, {10, 7, 5}, {11, 7, 5},
		{11, 8, 6}, {12, 8, 6}, {13, 9, 7}, {14, 9, 7}, {14, 10, 7}, {15, 10, 8},
	}
}

// MaxTableFirepower is the largest row of the table; more firepower is
// split into rows of 20 and a remainder.
const MaxTableFirepower = 20

// AttackDice is the number of attack dice firepower fp rolls against a
// target in situation sit (the firepower table). Rows 9-20 are the known
// values; rows 1-8 were not found in any source and are reconstructed from
// the pattern of the known rows: marching 3/4 of the firepower and cover
// 2/5, rounded half up, open 1/2 rounded up, at least 1 die (floor reading
// under OptFPRowsFloor: rounded down, at least 1). Firepower above 20 is
// split into 20 + 20 + ... + the remainder, each part read separately.
// An immobilised war engine in the open takes one die per point. Zero or
// negative firepower rolls nothing. Errors: an unknown situation.
func AttackDice(fp int, sit Situation, o Options) (int, error) {
	col := 0
	switch sit {
	case Marching:
		col = 0
	case Open:
		col = 1
	case Cover:
		col = 2
	case Immobile:
		return max(fp, 0), nil
	default:
		return 0, fmt.Errorf("firepower table: unknown target situation %q", sit)
	}
	n := 0
	for fp > 0 {
		part := min(fp, MaxTableFirepower)
		n += tableRow(part, o.FPRowsFloor)[col]
		fp -= part
	}
	return n, nil
}

// tableRow returns one row (1..20) of the firepower table.
func tableRow(fp int, floor bool) [3]int {
	if fp >= 9 {
		return knownRows()[fp-9]
	}
	if floor {
		return [3]int{max(1, 3*fp/4), max(1, fp/2), max(1, 2*fp/5)}
	}
	return [3]int{max(1, (3*fp+2)/4), (fp + 1) / 2, max(1, (4*fp+5)/10)}
}

// LowestArmour is the armour every attack die must equal or beat: the
// lowest armour among the target detachment's units (the lowest-armour
// rule). A target above 6 is hit only on a natural 6; below 2, on 2+ (a
// natural 1 always misses). Errors: no units.
func LowestArmour(armours []int) (int, error) {
	if len(armours) == 0 {
		return 0, fmt.Errorf("lowest armour: the target has no units")
	}
	lo := armours[0]
	for _, a := range armours[1:] {
		lo = min(lo, a)
	}
	return lo, nil
}

// dieTarget clamps a score to what one D6 can show: 2..6.
func dieTarget(score int) int { return min(max(score, 2), 6) }

// AttackHits is the distribution of hits when n attack dice roll against
// the lowest armour (each die hits on that score or more).
func AttackHits(n, lowest int) rules.Dist { return rules.Successes(n, 6, dieTarget(lowest)) }

// RollAttack rolls n attack dice against the lowest armour and returns
// every face and the faces that hit, logging one roll. Errors: a bad dice
// source.
func RollAttack(d rules.Dice, n, lowest int, purpose string, units []string) (faces, hits []int, err error) {
	need := dieTarget(lowest)
	faces, err = roll(d, rules.Roll{Purpose: purpose, Sides: 6, Target: need,
		Mods: []string{fmt.Sprintf("lowest armour %d+", lowest)}, Units: units}, n)
	if err != nil {
		return nil, nil, err
	}
	for _, f := range faces {
		if f >= need {
			hits = append(hits, f)
		}
	}
	return faces, hits, nil
}

// roll draws n dice from d, checking the faces. Errors: no source, the
// wrong number of dice, a face off the die.
func roll(d rules.Dice, r rules.Roll, n int) ([]int, error) {
	if n <= 0 {
		return nil, nil
	}
	if r.Sides == 0 {
		r.Sides = 6
	}
	if d == nil {
		return nil, fmt.Errorf("%s: no dice source", r.Purpose)
	}
	f := d.Roll(r, n)
	if len(f) != n {
		return nil, fmt.Errorf("%s: dice source gave %d dice, want %d", r.Purpose, len(f), n)
	}
	for _, v := range f {
		if v < 1 || v > r.Sides {
			return nil, fmt.Errorf("%s: face %d is not on a D%d", r.Purpose, v, r.Sides)
		}
	}
	return f, nil
}
