package e40k

import (
	"fmt"
	"sort"

	"github.com/auspex/auspex/rules"
)

// Flyer missions declared at the start of the turn (seed 001, sequence of
// play step 1).
const (
	MissionGroundAttack = "ground-attack"
	MissionTransport    = "transport"
	MissionIntercept    = "intercept"
)

// Flyer is one flyer in a dogfight (digest 8.6): its Dogfight value X/Y is
// Intercept (agility) / Gunnery (dice).
type Flyer struct {
	ID        string
	Side      string
	Intercept int
	Gunnery   int
	Armour    int
	// Mission is the flyer detachment's mission.
	Mission string
}

// DogfightOrder is the order flyers attack in (digest 8.6): highest
// Intercept first; on a tie flyers on intercept missions first; further
// ties alternate between the sides, the initiative holder's first (then
// by id). It returns indexes into fs.
func DogfightOrder(fs []Flyer, initiative string) []int {
	idx := make([]int, len(fs))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool {
		x, y := fs[idx[a]], fs[idx[b]]
		if x.Intercept != y.Intercept {
			return x.Intercept > y.Intercept
		}
		if (x.Mission == MissionIntercept) != (y.Mission == MissionIntercept) {
			return x.Mission == MissionIntercept
		}
		return x.ID < y.ID
	})
	// Alternate sides within each run of equal (Intercept, intercept
	// mission), the initiative holder first.
	out := make([]int, 0, len(idx))
	for start := 0; start < len(idx); {
		end := start + 1
		key := func(i int) (int, bool) { return fs[i].Intercept, fs[i].Mission == MissionIntercept }
		for end < len(idx) {
			a1, b1 := key(idx[start])
			a2, b2 := key(idx[end])
			if a1 != a2 || b1 != b2 {
				break
			}
			end++
		}
		var mine, theirs []int
		for _, i := range idx[start:end] {
			if fs[i].Side == initiative {
				mine = append(mine, i)
			} else {
				theirs = append(theirs, i)
			}
		}
		for len(mine) > 0 || len(theirs) > 0 {
			if len(mine) > 0 {
				out, mine = append(out, mine[0]), mine[1:]
			}
			if len(theirs) > 0 {
				out, theirs = append(out, theirs[0]), theirs[1:]
			}
		}
		start = end
	}
	return out
}

// DogfightKillChance is the chance one attacker's Gunnery dice destroy a
// flyer of the given armour (each die equal to or above the armour hits;
// one hit destroys).
func DogfightKillChance(gunnery, armour int) float64 {
	return rules.Successes(gunnery, 6, dieTarget(armour)).AtLeast(1)
}

// Dogfight resolves a dogfight (digest 8.6): flyers attack in
// DogfightOrder, each rolling its Gunnery dice at the enemy flyer targets
// names for it; each die equal to or above the target's armour is a hit
// and a hit destroys the target at once, so a flyer destroyed before its
// turn does not attack and dice at a destroyed target are lost. It
// returns the ids destroyed. Errors: a target that is not an enemy flyer
// of the dogfight, a bad dice source.
func Dogfight(d rules.Dice, fs []Flyer, targets map[string]string, initiative string) (map[string]bool, error) {
	byID := map[string]int{}
	for i, f := range fs {
		byID[f.ID] = i
	}
	dead := map[string]bool{}
	for _, i := range DogfightOrder(fs, initiative) {
		a := fs[i]
		tid, ok := targets[a.ID]
		if !ok || dead[a.ID] {
			continue
		}
		j, ok := byID[tid]
		if !ok || fs[j].Side == a.Side {
			return nil, fmt.Errorf("dogfight: %s's target %q is not an enemy flyer", a.ID, tid)
		}
		if dead[tid] {
			continue
		}
		need := dieTarget(fs[j].Armour)
		f, err := roll(d, rules.Roll{Purpose: fmt.Sprintf("dogfight: %s at %s", a.ID, tid), Sides: 6, Target: need, Units: []string{a.ID, tid}}, a.Gunnery)
		if err != nil {
			return nil, err
		}
		for _, x := range f {
			if x >= need {
				dead[tid] = true
				break
			}
		}
	}
	return dead, nil
}
