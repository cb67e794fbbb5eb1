package atii

import (
	"fmt"

	"github.com/auspex/auspex/rules/catalog"
)

// LocationOdds is the damage one hit on the titan itself does to one
// location.
type LocationOdds struct {
	// Loc is the location (mount id for weapons); Row its table row.
	Loc    string `json:"loc"`
	Armour int    `json:"armour"`
	// P is the chance a titan hit lands here.
	P float64 `json:"p"`
	// Result[r] is the chance of damage result r given it lands here.
	Result [5]float64 `json:"result"`
	// Current is the location's level now; After[l] the chance the hit
	// leaves it at level l (escalation applied to the current level).
	Current Level      `json:"current"`
	After   [5]float64 `json:"after"`
}

// ShotOdds is the exact-odds twin of ResolveShot.
type ShotOdds struct {
	ToHit ToHitNumber `json:"to_hit"`
	// RoF is the rate of fire distribution.
	RoF Dist `json:"rof"`
	// Hits is the distribution of hits (extra hits included).
	Hits Dist `json:"hits"`
	// ShieldP is the chance one hit on a shield knocks it down.
	ShieldP float64 `json:"shield_p"`
	// ShieldsDown is the distribution of shields knocked down (target and
	// partners together); TitanHits of hits reaching the titan itself;
	// Blown is the chance an overload blows every generator.
	ShieldsDown Dist    `json:"shields_down"`
	TitanHits   Dist    `json:"titan_hits"`
	Blown       float64 `json:"blown,omitempty"`
	// PerHit is the damage of one hit on the titan, by location.
	PerHit []LocationOdds `json:"per_hit"`
	// AtLeastOneTitanHit is P(TitanHits >= 1).
	AtLeastOneTitanHit float64 `json:"at_least_one_titan_hit"`
}

// OddsShot computes ShotOdds without rolling: the same checks as ToHit, the
// rate of fire, the hit count with extra hits, a Markov chain over the
// shields hit by hit (including overloading), and the location and damage
// table distribution of one titan hit.
func OddsShot(sh ShotSetup, opts Options) (ShotOdds, error) {
	t, err := ToHit(sh, opts)
	if err != nil {
		return ShotOdds{}, err
	}
	w := sh.Weapon
	so := ShotOdds{ToHit: t}
	spec := hitSpec(sh, opts)
	switch {
	case t.AutoHit:
		so.RoF = Dist{0, 1}
		so.Hits = DiceExpr{N: 1, Sides: 3, Plus: 1}.Dist()
	default:
		rof, err := rofExpr(sh)
		if err != nil {
			return so, err
		}
		so.RoF = rof.Dist()
		if t.AutoMiss {
			so.Hits = Dist{1}
			break
		}
		per := Dist{0, 1} // hits per successful die
		switch {
		case w.HasSpecial("inferno"):
			per = DiceExpr{N: 1, Sides: 3, Plus: 1}.Dist()
		case w.HasSpecial("plasma-missile"):
			per = DiceExpr{N: 1, Sides: 6, Plus: 2}.Dist()
		}
		ph := t.P
		if sh.RerollMisses {
			ph += (1 - ph) * ph // a miss rolled once more
		}
		perDie := Dist{1 - ph}
		for v := 1; v < len(per); v++ {
			perDie = perDie.add(v, ph*per[v])
		}
		for r, p := range so.RoF {
			if p == 0 {
				continue
			}
			h := Dist{1}
			for i := 0; i < r; i++ {
				h = h.Convolve(perDie)
			}
			for v, q := range h {
				so.Hits = so.Hits.add(v, p*q)
			}
		}
	}
	// One hit on a shield.
	dmg := strDist(spec)
	if spec.Haywire {
		so.ShieldP = 1
	} else {
		for v, p := range dmg {
			if shieldDrops(v+spec.Str-ShieldArmour, opts) {
				so.ShieldP += p
			}
		}
	}
	partner := 0
	if opts.MergeShields || (opts.ShootIntoCC && sh.TargetInCC) {
		partner = sh.MergedShields
	}
	own := sh.TargetState.ShieldsUp(sh.Target)
	if spec.IgnoreShields {
		own, partner = 0, 0
	}
	so.ShieldsDown, so.TitanHits, so.Blown = shieldChain(so.Hits, own, partner, so.ShieldP, spec.OverloadShields)
	so.AtLeastOneTitanHit = so.TitanHits.AtLeast(1)
	so.PerHit, err = perHitOdds(sh.Target, sh.TargetState, spec, dmg, sh.Hit)
	return so, err
}

// strDist is the distribution of a damage roll: D6 plus Str dice.
func strDist(spec HitSpec) Dist {
	e := spec.StrDice
	e.N++
	e.Sides = 6
	return e.Dist()
}

type chainKey struct {
	own, partner, down, titan int
	blown                     bool
}

// shieldChain runs the hits through the shields in order, as ResolveHits
// does, for every hit count weighted by its probability.
func shieldChain(hits Dist, own, partner int, q float64, overload bool) (down, titan Dist, blown float64) {
	down, titan, blown, _ = shieldChainJoint(hits, own, partner, q, overload)
	return down, titan, blown
}

// shieldChainJoint is shieldChain plus the joint distribution of (hits on
// the titan, generators blown): joint[k][1] = P(k titan hits, blown).
func shieldChainJoint(hits Dist, own, partner int, q float64, overload bool) (down, titan Dist, blown float64, joint [][2]float64) {
	cur := map[chainKey]float64{{own: own, partner: partner}: 1}
	collect := func(p float64) {
		for k, v := range cur {
			down = down.add(k.down, p*v)
			titan = titan.add(k.titan, p*v)
			if k.blown {
				blown += p * v
			}
			for len(joint) <= k.titan {
				joint = append(joint, [2]float64{})
			}
			b := 0
			if k.blown {
				b = 1
			}
			joint[k.titan][b] += p * v
		}
	}
	for n := 0; n < len(hits); n++ {
		if hits[n] > 0 {
			collect(hits[n])
		}
		if n == len(hits)-1 {
			break
		}
		next := make(map[chainKey]float64, len(cur)*2)
		for k, p := range cur {
			if k.own+k.partner == 0 {
				k2 := k
				k2.titan++
				next[k2] += p
				continue
			}
			next[k] += p * (1 - q)
			pd := p * q
			if overload {
				next[k] += pd * 2 / 3 // 3+ the shield stays up
				pd /= 3
				if k.own > 0 {
					k2 := k
					k2.own, k2.blown = 0, true
					next[k2] += pd
					continue
				}
			}
			k2 := k
			if k.own > 0 {
				k2.own--
			} else {
				k2.partner--
			}
			k2.down++
			next[k2] += pd
		}
		cur = next
	}
	if len(down) == 0 {
		down, titan, joint = Dist{1}, Dist{1}, [][2]float64{{1, 0}}
	}
	return down, titan, blown, joint
}

// perHitOdds is the location and damage table distribution of one hit on
// the titan itself (ATII-SHT-5, ATII-SHT-6).
func perHitOdds(u *catalog.Unit, s TitanState, spec HitSpec, dmg Dist, hc HitContext) ([]LocationOdds, error) {
	idx := map[string]int{}
	var out []LocationOdds
	for f := 1; f <= 6; f++ {
		row, err := HitRowFor(u, hc.Direction, f+spec.AimMod)
		if err != nil {
			return nil, err
		}
		var locs []string
		switch row.Location {
		case "arm", "carapace":
			locs, err = ClosestMounts(u, row.Location, hc.Side)
			if err != nil {
				return nil, err
			}
		default:
			locs = []string{row.Location}
		}
		for _, loc := range locs {
			p := 1.0 / 6 / float64(len(locs))
			i, ok := idx[loc]
			if !ok {
				i = len(out)
				idx[loc] = i
				lo := LocationOdds{Loc: loc, Armour: row.Armour, Current: s.Level(loc)}
				if spec.Haywire {
					lo.Result[Superficial] = 1
				} else {
					for v, q := range dmg {
						r := ResultFromMargin(v + spec.Str - row.Armour)
						if spec.MinCracked && r < ArmourCracked {
							r = ArmourCracked
						}
						lo.Result[r] += q
					}
				}
				for r, q := range lo.Result {
					lo.After[Escalate(lo.Current, Level(r))] += q
				}
				out = append(out, lo)
			}
			out[i].P += p
		}
	}
	return out, nil
}

// Format renders the odds as text lines for a terminal.
func (so ShotOdds) Format() []string {
	var l []string
	l = append(l, "to hit: "+so.ToHit.String())
	l = append(l, fmt.Sprintf("  chance per die %.1f%%", 100*so.ToHit.P))
	l = append(l, "hits: "+distText(so.Hits))
	if len(so.ShieldsDown) > 1 {
		l = append(l, fmt.Sprintf("void shields: each hit knocks one down %.1f%%", 100*so.ShieldP))
		l = append(l, "shields down: "+distText(so.ShieldsDown))
	}
	if so.Blown > 0 {
		l = append(l, fmt.Sprintf("overload blows every generator: %.1f%%", 100*so.Blown))
	}
	l = append(l, "hits on the titan: "+distText(so.TitanHits))
	l = append(l, fmt.Sprintf("at least one hit on the titan: %.1f%%", 100*so.AtLeastOneTitanHit))
	l = append(l, "each hit on the titan:")
	for _, lo := range so.PerHit {
		s := fmt.Sprintf("  %-14s %5.1f%% (armour %d):", lo.Loc, 100*lo.P, lo.Armour)
		for r := ArmourCracked; r <= Catastrophic; r++ {
			if lo.Result[r] > 0 {
				s += fmt.Sprintf(" %s %.1f%%", r, 100*lo.Result[r])
			}
		}
		if lo.Result[Undamaged] > 1-1e-12 {
			s += " no damage possible"
		}
		if lo.Current > Undamaged {
			s += fmt.Sprintf(" [now %s]", lo.Current)
		}
		l = append(l, s)
	}
	return l
}

func distText(d Dist) string {
	s := ""
	for v, p := range d {
		if p < 5e-7 {
			continue
		}
		if s != "" {
			s += ", "
		}
		s += fmt.Sprintf("%d: %.1f%%", v, 100*p)
	}
	if s == "" {
		return "none"
	}
	return s
}
