package e40k

import (
	"fmt"
	"sort"
)

// Target is one unit of a target detachment as hit allocation sees it.
type Target struct {
	ID string
	// Dist is its distance from the firing detachment (edge to edge, cm):
	// hits go to the closest first.
	Dist   float64
	Armour int
	// DC is the remaining damage capacity: 1 for an ordinary unit, 2 for
	// an undamaged resilient unit (REM-RES-1), the war engine's remaining
	// DC otherwise.
	DC int
	// Shields are a war engine's remaining shields (absorb hits first).
	Shields   int
	WarEngine bool
}

// Shot is one hit die to allocate: its face and kind ("" for a firepower
// die). Need, when above 0, is the score it hits on whatever the unit
// (REM-AT-1, the Land Raider trial's AT 4+); else it needs the unit's
// armour.
type Shot struct {
	Face int
	Kind string
	Need int
}

// affects reports whether shot s can hurt unit t.
func (s Shot) affects(t *Target) bool {
	need := s.Need
	if need <= 0 {
		need = t.Armour
	}
	return s.Face >= dieTarget(need)
}

// UnitHits is what allocation did to one target unit.
type UnitHits struct {
	ID string
	// Faces are the dice allocated to it.
	Faces []int
	// Effective counts the allocated dice that could hurt it.
	Effective int
	// Useful counts the dice that took a shield or DC.
	Useful      int
	ShieldsLost int
	DCLost      int
	Destroyed   bool
}

// Allocation is the result of allocating hit dice to a detachment.
type Allocation struct {
	// Units follow the order of the targets given.
	Units []UnitHits
	// Destroyed counts units destroyed; Wasted counts dice that did
	// nothing (too low for the unit they went to, or beyond what it took
	// to destroy it).
	Destroyed int
	Wasted    int
}

// slotsPerRound is how many dice a unit takes in each round of
// allocation: one; a resilient unit with 2 DC left two (REM-RES-1); a war
// engine its remaining DC plus shields under REM-WE-1.
func slotsPerRound(t *Target, o Options) int {
	switch {
	case t.WarEngine && o.WEAllocation:
		return max(1, t.DC+t.Shields)
	case !t.WarEngine && t.DC > 1:
		return t.DC
	}
	return 1
}

// toDestroy is how many effective dice destroy the unit.
func toDestroy(t *Target, s Shot, o Options) int {
	if s.Kind == ShotDeathRay && !t.WarEngine {
		return 1
	}
	if t.WarEngine {
		return t.DC + t.Shields
	}
	return max(1, t.DC)
}

// Allocate allocates hit dice to a target detachment the E40K way: the
// attacker allocates, closest unit first, one die each (a resilient unit
// under REM-RES-1 takes two, a war engine under REM-WE-1 as many as its
// remaining DC and shields) before any unit takes more, round after round
// until the dice run out. Within those counts the attacker places the
// faces to destroy as many units as possible (the lowest armour first
// takes the smallest die that can hurt it); a die that cannot hurt the
// unit it goes to, or that lands on a unit already destroyed, is wasted.
// A resilient unit takes its dice in pairs that can, or cannot, hurt it
// where possible. War engines lose shields before DC; a Death Ray hit
// destroys any unit but a war engine outright (REM-RES-1). Errors: a face
// off the die.
func Allocate(targets []Target, shots []Shot, o Options) (Allocation, error) {
	out := Allocation{Units: make([]UnitHits, len(targets))}
	for i, t := range targets {
		out.Units[i].ID = t.ID
	}
	for _, s := range shots {
		if s.Face < 1 || s.Face > 6 {
			return Allocation{}, fmt.Errorf("allocate: face %d is not on a D6", s.Face)
		}
	}
	if len(targets) == 0 || len(shots) == 0 {
		out.Wasted = len(shots)
		return out, nil
	}
	order := make([]int, len(targets))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return targets[order[a]].Dist < targets[order[b]].Dist })
	// Dice per unit, round by round, closest first.
	n := make([]int, len(targets))
	left := len(shots)
	for left > 0 {
		for _, i := range order {
			k := min(slotsPerRound(&targets[i], o), left)
			n[i] += k
			left -= k
			if left == 0 {
				break
			}
		}
	}
	pool := append([]Shot(nil), shots...)
	sort.SliceStable(pool, func(a, b int) bool { return pool[a].Face < pool[b].Face })
	used := make([]bool, len(pool))
	given := make([][]Shot, len(targets))
	take := func(i int, pick func(s Shot) bool) bool {
		for j, s := range pool {
			if !used[j] && pick(s) {
				used[j] = true
				given[i] = append(given[i], s)
				return true
			}
		}
		return false
	}
	// Pass 1: destroy units, the easiest first, with the smallest dice
	// that can hurt them.
	byEase := append([]int(nil), order...)
	sort.SliceStable(byEase, func(a, b int) bool {
		ta, tb := &targets[byEase[a]], &targets[byEase[b]]
		ha, hb := toDestroy(ta, Shot{}, o), toDestroy(tb, Shot{}, o)
		if ha != hb {
			return ha < hb
		}
		return ta.Armour < tb.Armour
	})
	destroyed := make([]bool, len(targets))
	for _, i := range byEase {
		t := &targets[i]
		// A Death Ray alone destroys a non-war-engine unit.
		if !t.WarEngine && n[i] >= 1 && toDestroy(t, Shot{}, o) > 1 {
			if take(i, func(s Shot) bool { return s.Kind == ShotDeathRay && s.affects(t) }) {
				destroyed[i] = true
				continue
			}
		}
		need := toDestroy(t, Shot{}, o)
		if n[i] < need || countAffecting(pool, used, t) < need {
			continue
		}
		for k := 0; k < need; k++ {
			take(i, func(s Shot) bool { return s.affects(t) })
		}
		destroyed[i] = true
	}
	// Pass 2: damage war engines that survive with the dice that can hurt
	// them.
	for _, i := range order {
		t := &targets[i]
		if destroyed[i] || !t.WarEngine {
			continue
		}
		for len(given[i]) < n[i] && take(i, func(s Shot) bool { return s.affects(t) }) {
		}
	}
	// Pass 3: fill every remaining place. Resilient and ordinary survivors
	// take dice that cannot hurt them where possible; then anything left.
	for _, i := range order {
		t := &targets[i]
		for len(given[i]) < n[i] && take(i, func(s Shot) bool { return !s.affects(t) }) {
		}
	}
	for _, i := range order {
		for len(given[i]) < n[i] && take(i, func(Shot) bool { return true }) {
		}
	}
	pairSwaps(targets, given, destroyed)
	for i := range targets {
		out.Units[i] = resolveUnit(&targets[i], given[i])
		if out.Units[i].Destroyed {
			out.Destroyed++
		}
		out.Wasted += len(given[i]) - out.Units[i].Useful
	}
	return out, nil
}

func countAffecting(pool []Shot, used []bool, t *Target) int {
	c := 0
	for j, s := range pool {
		if !used[j] && s.affects(t) {
			c++
		}
	}
	return c
}

// resolveUnit applies the dice given to one unit, in the order given.
func resolveUnit(t *Target, dice []Shot) UnitHits {
	u := UnitHits{ID: t.ID}
	shields, dc := t.Shields, max(1, t.DC)
	for _, s := range dice {
		u.Faces = append(u.Faces, s.Face)
		if !s.affects(t) {
			continue
		}
		u.Effective++
		if u.Destroyed {
			continue
		}
		u.Useful++
		switch {
		case shields > 0 && t.WarEngine:
			shields--
			u.ShieldsLost++
		case s.Kind == ShotDeathRay && !t.WarEngine:
			u.DCLost += dc
			dc = 0
		default:
			dc--
			u.DCLost++
		}
		if dc <= 0 {
			u.Destroyed = true
		}
	}
	return u
}

// pairSwaps keeps REM-RES-1's pairs rule where a swap allows it: a
// surviving resilient unit holding a single die that can hurt it trades
// it with another unit's die that cannot hurt the resilient unit, when the
// other unit's outcome stays the same.
func pairSwaps(targets []Target, given [][]Shot, destroyed []bool) {
	for r := range targets {
		t := &targets[r]
		if t.WarEngine || t.DC < 2 || destroyed[r] {
			continue
		}
		for k, x := range given[r] {
			if !x.affects(t) {
				continue
			}
			swapped := false
			for u := range targets {
				if u == r || swapped {
					continue
				}
				for m, y := range given[u] {
					if y.affects(t) || x.affects(&targets[u]) != y.affects(&targets[u]) {
						continue
					}
					given[r][k], given[u][m] = y, x
					swapped = true
					break
				}
			}
		}
	}
}
