package atii

import (
	"fmt"
	"sort"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/catalog"
)

// MeleeFighter is one titan of a melee: every titan joined to it by base
// contact with enemies, however many (ATII-CC-1: the close combats of the
// turn are fought together). The caller measures the geometry.
type MeleeFighter struct {
	ID      string
	Unit    *catalog.Unit
	State   TitanState
	Weapons map[string]*catalog.Weapon
	Charged bool
	// Opponents are the enemy titans in base contact, in the order a
	// weapon picks its target (the first one it may strike).
	Opponents []string
	// InArc lists, per mount, the opponents inside its arc.
	InArc map[string][]string
	// HitFrom says where each opponent's blows land on this titan.
	HitFrom map[string]HitContext
}

// MeleeResult is a resolved melee: every strike in order and each
// fighter's state afterwards.
type MeleeResult struct {
	Strikes []CCStrike            `json:"strikes"`
	States  map[string]TitanState `json:"states"`
}

// combatant is the fighter seen as a two-titan combatant against no one in
// particular: a mount is in arc when any opponent is.
func (f MeleeFighter) combatant(st TitanState) Combatant {
	c := Combatant{ID: f.ID, Unit: f.Unit, State: st, Weapons: f.Weapons, Charged: f.Charged, InArc: map[string]bool{}}
	for m, ids := range f.InArc {
		c.InArc[m] = len(ids) > 0
	}
	return c
}

// ResolveMelee fights one melee (ATII-CC-1, ATII-CC-2, ATII-CC-3) as a
// single swiftness sequence: swiftness levels highest first; at each level
// every weapon still able to strike picks its target when the level
// begins: the first opponent (MeleeFighter.Opponents order) in its arc
// that is not yet destroyed (improvised attacks need no arc). Each weapon,
// and the improvised attacks, strike once per melee whatever the number of
// opponents; blows of one level are simultaneous (a titan wrecked by an
// equally swift blow still strikes), fighters striking in the order given.
// A weapon whose every opponent in arc has fallen does not strike. Errors:
// a fighter without a profile, an opponent not in the melee, a dice
// failure.
func ResolveMelee(fs []MeleeFighter, opts Options, d rules.Dice) (MeleeResult, error) {
	res := MeleeResult{States: map[string]TitanState{}}
	idx := map[string]int{}
	for i, f := range fs {
		if f.Unit == nil {
			return res, fmt.Errorf("close combat: %s has no profile", f.ID)
		}
		idx[f.ID] = i
		res.States[f.ID] = f.State.Clone()
	}
	for _, f := range fs {
		for _, o := range f.Opponents {
			if _, ok := idx[o]; !ok {
				return res, fmt.Errorf("close combat: %s's opponent %s is not in the melee", f.ID, o)
			}
		}
	}
	levels := map[int]bool{}
	for _, f := range fs {
		ws, err := CCWeapons(f.combatant(f.State), opts)
		if err != nil {
			return res, err
		}
		for _, w := range ws {
			levels[w.Swiftness] = true
		}
	}
	order := swiftnessOrder(levels)
	type job struct {
		att, def int
		w        CCWeapon
	}
	for _, lvl := range order {
		var jobs []job
		for i, f := range fs {
			ws, err := CCWeapons(f.combatant(res.States[f.ID]), opts)
			if err != nil {
				return res, err
			}
			for _, w := range ws {
				if w.Swiftness != lvl {
					continue
				}
				cands := f.Opponents
				if w.Mount != ImprovisedMount {
					cands = f.InArc[w.Mount]
				}
				for _, o := range f.Opponents {
					if !hasString(cands, o) || res.States[o].Destroyed {
						continue
					}
					jobs = append(jobs, job{i, idx[o], w})
					break
				}
			}
		}
		for _, j := range jobs {
			att, def := fs[j.att], fs[j.def]
			ac := att.combatant(res.States[att.ID])
			dc := def.combatant(res.States[def.ID])
			dc.Hit = def.HitFrom[att.ID]
			ds := res.States[def.ID]
			st, err := strikeCC(ac, dc, j.w, &ds, opts, d)
			if err != nil {
				return res, err
			}
			res.States[def.ID] = ds
			res.Strikes = append(res.Strikes, st)
		}
	}
	return res, nil
}

// swiftnessOrder lists the swiftness levels present, highest first
// (ATII-CC-2).
func swiftnessOrder(levels map[int]bool) []int {
	var order []int
	for l := range levels {
		order = append(order, l)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(order)))
	return order
}
