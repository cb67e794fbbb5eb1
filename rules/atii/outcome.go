package atii

import (
	"fmt"

	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
)

// maxMounts bounds the weapon mounts tracked by the exact outcome chain.
const maxMounts = 8

// dmgKey is a titan's damage levels in a comparable form: fixed locations
// then mounts in profile order.
type dmgKey struct {
	lv        [4 + maxMounts]Level
	destroyed bool
}

var fixedLocs = [4]string{LocLegs, LocHead, LocReactor, LocVSG}

func locIndex(u *catalog.Unit, loc string) int {
	for i, l := range fixedLocs {
		if l == loc {
			return i
		}
	}
	for i := range sheet.Of(u).Mounts {
		if sheet.Of(u).Mounts[i].ID == loc {
			return 4 + i
		}
	}
	return -1
}

func keyOf(u *catalog.Unit, s TitanState) dmgKey {
	var k dmgKey
	for i, l := range fixedLocs {
		k.lv[i] = s.Level(l)
	}
	for i := range sheet.Of(u).Mounts {
		k.lv[4+i] = s.Level(sheet.Of(u).Mounts[i].ID)
	}
	k.destroyed = s.Destroyed
	return k
}

type wkey struct {
	k dmgKey
	p float64
}

// OutcomeOdds is the exact distribution of a target's damage after one
// attack.
type OutcomeOdds struct {
	// Destroyed is the chance the attack destroys the titan.
	Destroyed float64 `json:"destroyed"`
	// Levels[loc][l] is the chance location loc ends at level l.
	Levels map[string][5]float64 `json:"levels"`
	// Locations lists the locations in sheet order.
	Locations []string `json:"locations"`
	// VPPercent is the expected share of the target's points an enemy
	// would score for it after the attack, in percent (TitanVictoryPoints'
	// measure on every final damage state: destroyed 100, else 5, 10 and
	// 20 per location at Superficial, Major and Catastrophic, at most 100).
	VPPercent float64 `json:"vp_percent"`
	// ShieldsDown is the expected number of void shields the attack knocks
	// down (the target's and merged partners', OddsShot's ShieldsDown).
	ShieldsDown float64 `json:"shields_down"`
}

// OddsShotOutcome computes the exact distribution of the target's final
// damage (per location, and destruction) after one shot: the hit count and
// shields from OddsShot, then each hit on the titan applied in turn to every
// reachable damage state with escalation and damage effects (crashes,
// reactor explosion, Catastrophic weapon damage spreading Superficial damage
// to another location, any other one of the titan equally likely).
func OddsShotOutcome(sh ShotSetup, opts Options) (OutcomeOdds, error) {
	so, err := OddsShot(sh, opts)
	if err != nil {
		return OutcomeOdds{}, err
	}
	u := sh.Target
	if len(sheet.Of(u).Mounts) > maxMounts {
		return OutcomeOdds{}, fmt.Errorf("%s has more than %d mounts", u.Name, maxMounts)
	}
	spec := hitSpec(sh, opts)
	partner := 0
	if opts.MergeShields || (opts.ShootIntoCC && sh.TargetInCC) {
		partner = sh.MergedShields
	}
	own := sh.TargetState.ShieldsUp(u)
	if spec.IgnoreShields {
		own, partner = 0, 0
	}
	_, _, _, joint := shieldChainJoint(so.Hits, own, partner, so.ShieldP, spec.OverloadShields)
	dmg := strDist(spec)
	step, err := hitStep(u, spec, dmg, sh.Hit)
	if err != nil {
		return OutcomeOdds{}, err
	}
	final := map[dmgKey]float64{}
	for b := 0; b < 2; b++ {
		start := keyOf(u, sh.TargetState)
		if b == 1 {
			start.lv[3] = Catastrophic
		}
		cur := map[dmgKey]float64{start: 1}
		for k := 0; k < len(joint); k++ {
			if w := joint[k][b]; w > 0 {
				for key, p := range cur {
					final[key] += w * p
				}
			}
			if k == len(joint)-1 {
				break
			}
			cur = step(cur)
		}
	}
	out := OutcomeOdds{Levels: map[string][5]float64{}, Locations: Locations(u), ShieldsDown: so.ShieldsDown.Mean()}
	for key, p := range final {
		if key.destroyed {
			out.Destroyed += p
			out.VPPercent += 100 * p
		} else {
			pct := 0
			for i := range out.Locations {
				pct += levelVPPercent(key.lv[i])
			}
			out.VPPercent += float64(min(pct, 100)) * p
		}
		for i, loc := range out.Locations {
			l := out.Levels[loc]
			l[key.lv[i]] += p
			out.Levels[loc] = l
		}
	}
	return out, nil
}

// hitStep returns the transition of one hit on the titan itself over a
// distribution of damage states.
func hitStep(u *catalog.Unit, spec HitSpec, dmg Dist, hc HitContext) (func(map[dmgKey]float64) map[dmgKey]float64, error) {
	type branch struct {
		loc int
		p   float64
		res [5]float64
	}
	var branches []branch
	for f := 1; f <= 6; f++ {
		row, err := HitRowFor(u, hc.Direction, f+spec.AimMod)
		if err != nil {
			return nil, err
		}
		locs := []string{row.Location}
		if row.Location == "arm" || row.Location == "carapace" {
			if locs, err = ClosestMounts(u, row.Location, hc.Side); err != nil {
				return nil, err
			}
		}
		for _, loc := range locs {
			b := branch{loc: locIndex(u, loc), p: 1.0 / 6 / float64(len(locs))}
			if b.loc < 0 {
				return nil, fmt.Errorf("%s: unknown location %q", u.Name, loc)
			}
			if spec.Haywire {
				b.res[Superficial] = 1
			} else {
				for v, q := range dmg {
					r := ResultFromMargin(v + spec.Str - row.Armour)
					if spec.MinCracked && r < ArmourCracked {
						r = ArmourCracked
					}
					b.res[r] += q
				}
			}
			branches = append(branches, b)
		}
	}
	// The extra location of Catastrophic weapon damage: any other
	// location of the titan, each equally likely (randomOtherLocation).
	nloc := len(Locations(u))
	others := make([][]wloc, len(sheet.Of(u).Mounts))
	for m := range sheet.Of(u).Mounts {
		self := 4 + m
		var list []wloc
		for i := 0; i < nloc; i++ {
			if i != self {
				list = append(list, wloc{i, 1 / float64(nloc-1)})
			}
		}
		others[m] = list
	}
	var apply func(k dmgKey, loc int, r Level, depth int, p float64, out map[dmgKey]float64)
	apply = func(k dmgKey, loc int, r Level, depth int, p float64, out map[dmgKey]float64) {
		if k.destroyed || r == Undamaged {
			out[k] += p
			return
		}
		old := k.lv[loc]
		nl := Escalate(old, r)
		k.lv[loc] = nl
		if nl > old && nl == Catastrophic {
			switch {
			case loc < 3: // legs, head, reactor
				k.destroyed = true
			case loc >= 4 && depth <= 4 && len(others[loc-4]) > 0:
				for _, o := range others[loc-4] {
					apply(k, o.loc, Superficial, depth+1, p*o.p, out)
				}
				return
			}
		}
		out[k] += p
	}
	return func(cur map[dmgKey]float64) map[dmgKey]float64 {
		next := make(map[dmgKey]float64, len(cur)*4)
		for k, p := range cur {
			if k.destroyed {
				next[k] += p
				continue
			}
			for _, b := range branches {
				for r, q := range b.res {
					if q > 0 {
						apply(k, b.loc, Level(r), 0, p*b.p*q, next)
					}
				}
			}
		}
		return next
	}, nil
}

type wloc struct {
	loc int
	p   float64
}
