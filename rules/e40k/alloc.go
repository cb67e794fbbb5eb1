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
// takes the least useful die that can hurt it: the one able to hurt the
// fewest units, the lowest face on a tie); a die that cannot hurt the
// unit it goes to, or that lands on a unit already destroyed, is wasted.
// A resilient unit takes its dice in pairs that can, or cannot, hurt it
// where possible. War engines lose shields before DC; a Death Ray hit
// destroys any unit but a war engine outright (REM-RES-1). Errors: a face
// off the die.
func Allocate(targets []Target, shots []Shot, o Options) (Allocation, error) {
	a := newAllocator(targets, o)
	a.faces = true
	return a.run(shots)
}

// allocator is Allocate with its orderings worked out once for a target
// detachment and its scratch space kept between calls (exact odds run it
// once per way the dice can fall).
type allocator struct {
	o       Options
	targets []Target
	// order is closest first; byEase the order units are destroyed in.
	order, byEase []int
	// faces records each unit's faces in the result.
	faces     bool
	n         []int
	destroyed []bool
	used      []bool
	pool      []Shot
	keys      []int
	// given holds, per unit, indexes into pool.
	given [][]int
	// units is reused for results when faces is off (callers that only
	// count).
	units []UnitHits
}

func newAllocator(targets []Target, o Options) *allocator {
	a := &allocator{o: o, targets: targets, order: make([]int, len(targets)),
		n: make([]int, len(targets)), destroyed: make([]bool, len(targets)), given: make([][]int, len(targets))}
	for i := range a.order {
		a.order[i] = i
	}
	sort.SliceStable(a.order, func(x, y int) bool { return targets[a.order[x]].Dist < targets[a.order[y]].Dist })
	a.byEase = append([]int(nil), a.order...)
	sort.SliceStable(a.byEase, func(x, y int) bool {
		ta, tb := &targets[a.byEase[x]], &targets[a.byEase[y]]
		ha, hb := toDestroy(ta, Shot{}, o), toDestroy(tb, Shot{}, o)
		if ha != hb {
			return ha < hb
		}
		return ta.Armour < tb.Armour
	})
	return a
}

// Ways to pick a die from the pool.
const (
	pickAny = iota
	pickAffects
	pickNotAffects
	pickDeathRay
)

// take gives unit i the least useful unused die of the pool that fits how.
func (a *allocator) take(i, how int) bool {
	t := &a.targets[i]
	for j := range a.pool {
		if a.used[j] {
			continue
		}
		s := a.pool[j]
		ok := true
		switch how {
		case pickAffects:
			ok = s.affects(t)
		case pickNotAffects:
			ok = !s.affects(t)
		case pickDeathRay:
			ok = s.Kind == ShotDeathRay && s.affects(t)
		}
		if ok {
			a.used[j] = true
			a.given[i] = append(a.given[i], j)
			return true
		}
	}
	return false
}

func (a *allocator) run(shots []Shot) (Allocation, error) {
	targets, o := a.targets, a.o
	var out Allocation
	if a.faces {
		out.Units = make([]UnitHits, len(targets))
	} else {
		if len(a.units) != len(targets) {
			a.units = make([]UnitHits, len(targets))
		}
		out.Units = a.units
	}
	// Reused results start clean (an empty volley returns them as they
	// are).
	for i, t := range targets {
		out.Units[i] = UnitHits{ID: t.ID}
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
	for i := range targets {
		a.n[i], a.destroyed[i], a.given[i] = 0, false, a.given[i][:0]
	}
	// Dice per unit, round by round, closest first.
	left := len(shots)
	for left > 0 {
		for _, i := range a.order {
			k := min(slotsPerRound(&targets[i], o), left)
			a.n[i] += k
			left -= k
			if left == 0 {
				break
			}
		}
	}
	// The pool runs from the least useful die to the most: by how many
	// units it can hurt (these sets are nested, so the count names the
	// set), Death Rays after other dice, then face. Choices then depend
	// only on what each die can do, which lets exact odds group faces.
	a.pool = append(a.pool[:0], shots...)
	a.keys = a.keys[:0]
	for _, sh := range a.pool {
		k := 0
		for i := range targets {
			if sh.affects(&targets[i]) {
				k++
			}
		}
		k = k * 2
		if sh.Kind == ShotDeathRay {
			k++
		}
		a.keys = append(a.keys, k*8+sh.Face)
	}
	for i := 1; i < len(a.pool); i++ { // insertion sort: a few dice
		for j := i; j > 0 && a.keys[j] < a.keys[j-1]; j-- {
			a.pool[j], a.pool[j-1] = a.pool[j-1], a.pool[j]
			a.keys[j], a.keys[j-1] = a.keys[j-1], a.keys[j]
		}
	}
	a.used = a.used[:0]
	for range a.pool {
		a.used = append(a.used, false)
	}
	// Pass 1: destroy units, the easiest first, with the smallest dice
	// that can hurt them.
	for _, i := range a.byEase {
		t := &targets[i]
		need := toDestroy(t, Shot{}, o)
		// A Death Ray alone destroys a non-war-engine unit.
		if !t.WarEngine && a.n[i] >= 1 && need > 1 && a.take(i, pickDeathRay) {
			a.destroyed[i] = true
			continue
		}
		if a.n[i] < need || countAffecting(a.pool, a.used, t) < need {
			continue
		}
		for k := 0; k < need; k++ {
			a.take(i, pickAffects)
		}
		a.destroyed[i] = true
	}
	// Pass 2: damage war engines that survive with the dice that can hurt
	// them.
	for _, i := range a.order {
		if a.destroyed[i] || !targets[i].WarEngine {
			continue
		}
		for len(a.given[i]) < a.n[i] && a.take(i, pickAffects) {
		}
	}
	// Pass 3: fill every remaining place. Survivors take dice that cannot
	// hurt them where possible; then anything left.
	for _, i := range a.order {
		for len(a.given[i]) < a.n[i] && a.take(i, pickNotAffects) {
		}
	}
	for _, i := range a.order {
		for len(a.given[i]) < a.n[i] && a.take(i, pickAny) {
		}
	}
	pairSwaps(targets, a.pool, a.given, a.destroyed)
	for i := range targets {
		out.Units[i] = resolveUnit(&targets[i], a.pool, a.given[i], a.faces)
		if out.Units[i].Destroyed {
			out.Destroyed++
		}
		out.Wasted += len(a.given[i]) - out.Units[i].Useful
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
func resolveUnit(t *Target, pool []Shot, dice []int, faces bool) UnitHits {
	u := UnitHits{ID: t.ID}
	shields, dc := t.Shields, max(1, t.DC)
	for _, j := range dice {
		s := pool[j]
		if faces {
			u.Faces = append(u.Faces, s.Face)
		}
		if !s.affects(t) {
			continue
		}
		u.Effective++
		if u.Destroyed {
			continue
		}
		u.Useful++
		switch {
		case shields > 0 && t.WarEngine && s.Kind != ShotDistortion:
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
func pairSwaps(targets []Target, pool []Shot, given [][]int, destroyed []bool) {
	for r := range targets {
		t := &targets[r]
		if t.WarEngine || t.DC < 2 || destroyed[r] {
			continue
		}
		for k, x := range given[r] {
			if !pool[x].affects(t) {
				continue
			}
			swapped := false
			for u := range targets {
				if u == r || swapped {
					continue
				}
				for m, y := range given[u] {
					if pool[y].affects(t) || pool[x].affects(&targets[u]) != pool[y].affects(&targets[u]) {
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
