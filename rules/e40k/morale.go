package e40k

import (
	"fmt"

	"github.com/auspex/auspex/rules"
)

// LargeDetachment is the size from which a detachment adds 1 to its
// leadership roll (E40K-LD-1).
const LargeDetachment = 15

// LeadershipPasses reports whether a natural leadership roll passes for a
// detachment with the given blast markers and units (E40K-LD-1): the roll,
// plus 1 for 15 or more units, must be more than the markers; a natural 6
// always passes.
func LeadershipPasses(face, markers, units int) bool {
	if face == 6 {
		return true
	}
	if units >= LargeDetachment {
		face++
	}
	return face > markers
}

// LeadershipChance is the chance that the leadership test passes.
func LeadershipChance(markers, units int) float64 {
	return rules.FaceChance(6, func(f int) bool { return LeadershipPasses(f, markers, units) })
}

// RollLeadership rolls a leadership test (E40K-LD-1, E40K-BM-1) and
// reports whether it passed. A detachment without blast markers passes
// without rolling. Errors: a bad dice source.
func RollLeadership(d rules.Dice, what string, markers, units int, ids []string) (bool, error) {
	if markers <= 0 {
		return true, nil
	}
	mods := []string{fmt.Sprintf("more than %d blast markers", markers)}
	if units >= LargeDetachment {
		mods = append(mods, "+1 for 15 or more units")
	}
	f, err := roll(d, rules.Roll{Purpose: "leadership: " + what, Sides: 6, Mods: mods, Units: ids}, 1)
	if err != nil {
		return false, err
	}
	return LeadershipPasses(f[0], markers, units), nil
}

// CanRally reports whether a broken detachment may try to rally: not when
// it has as many blast markers as units left, or more.
func CanRally(markers, units int) bool { return markers < units }

// RallyRemoval is how many blast markers the rally phase removes from a
// detachment for a D6 roll: the roll minus one, at most the markers it
// has.
func RallyRemoval(face, markers int) int { return min(max(face-1, 0), max(markers, 0)) }

// RallyRemovalDist is the distribution of the markers left after the
// rally phase's D6-1 removal.
func RallyRemovalDist(markers int) rules.Dist {
	return rules.Die(6).Map(func(f int) int { return markers - RallyRemoval(f, markers) })
}

// RallyChance is the chance a broken detachment rallies: it must be
// allowed to try (CanRally) and pass a leadership test with the markers
// left after the removal roll. The removal and the test are separate
// rolls; this is the chance of the test given the markers left.
func RallyChance(markers, units int) float64 {
	if !CanRally(markers, units) {
		return 0
	}
	return LeadershipChance(markers, units)
}

// RepairTarget is the D6 score that repairs one point of war engine
// damage or one shield in the rally phase (4+ each).
const RepairTarget = 4
