package e40k

import (
	"fmt"
	"math"
	"sort"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

// The super-heavy weapon types against detachments (digest section 2,
// 8.3; readings in docs/rules/e40k.md):
//
//   - Barrage and heavy barrage: the weapon places a barrage template over
//     the target detachment where it covers the most units (a unit is
//     under it when its centre is); its firepower is the number of units
//     under it (twice that for a heavy barrage), added to the detachment's
//     firepower total before the firepower table.
//   - Mega-cannon: a template too, and each unit under it is rolled for
//     separately on its datasheet armour (no cover bonus): a roll equal or
//     above hits it; one extra blast marker on the target per template.
//   - Pulsar: D6 anti-tank (macro) shots, counted as one super-heavy
//     weapon for blast markers and suppression.
//   - Disrupt: one shot against the target's lowest armour; a hit places
//     a blast marker (D3 under OptDisruptD3) and destroys nothing.
//   - Distortion cannon: one shot allocated like anti-tank fire that
//     ignores a war engine's shields (unless OptDistortionShields).
//   - Death Ray: one allocated shot that destroys any unit but a war
//     engine outright (2+ to hit under OptDeathRay2Plus).
//
// Blast markers on the firer silence one super-heavy or barrage weapon
// each once no firepower is left to reduce (Q&A 8.3); the firer keeps its
// most valuable weapons (weaponRank).

// specialPlan is what a volley's special weapons do, worked out with the
// plan (embedded in FirePlan).
type specialPlan struct {
	// Templates are the barrage templates of the template weapons
	// (barrage, heavy barrage, mega-cannon), in Weapons order.
	Templates []TemplateHit `json:"templates,omitempty"`
	// BarrageHalved: the barrage firepower is halved with the rest of the
	// firepower (assault orders).
	BarrageHalved bool `json:"barrage_halved,omitempty"`
}

// TemplateHit is one barrage template: the weapon (index into
// FirePlan.Weapons) and the target units under it with their datasheet
// armour (a mega-cannon ignores the infantry cover bonus).
type TemplateHit struct {
	Weapon int
	Units  []string
	Armour []int
}

// weaponRank orders super-heavy weapons from the least to the most
// valuable: blast markers silence the least valuable first.
func weaponRank(kind string) int {
	switch kind {
	case ShotDisrupt:
		return 1
	case ShotBarrage:
		return 2
	case ShotAntiTank:
		return 3
	case ShotPulsar:
		return 4
	case ShotHeavy:
		return 5
	case ShotDistortion:
		return 6
	case ShotMegaCannon:
		return 7
	case ShotDeathRay:
		return 8
	}
	return 0
}

// orderWeapons sorts weapons from the most valuable to the least, so that
// suppression (which keeps the first ones) silences the least valuable.
func orderWeapons(ws []Weapon) {
	sort.SliceStable(ws, func(i, j int) bool { return weaponRank(ws[i].Kind) > weaponRank(ws[j].Kind) })
}

// usesTemplate reports whether a weapon type places a barrage template.
func usesTemplate(kind string) bool {
	return kind == ShotBarrage || kind == ShotHeavy || kind == ShotMegaCannon
}

// allocated reports whether a weapon type's shots are allocated with the
// firepower dice (Resolve): anti-tank, pulsar, distortion, Death Ray and
// unknown types; barrages add firepower instead, disrupt and mega-cannon
// are resolved on their own (resolveSpecialShots).
func allocated(kind string) bool {
	return !usesTemplate(kind) && kind != ShotDisrupt
}

// TemplateCover returns the indexes (ascending) of the points a barrage
// template of the given diameter covers when it is placed to cover as
// many as it can (a point is covered within the radius, Eps included).
// With a diameter of 0 it covers one point. No points: nil.
func TemplateCover(pts []world.Vec, diameter float64) []int {
	if len(pts) == 0 {
		return nil
	}
	rad := max(diameter, 0) / 2
	cands := append([]world.Vec(nil), pts...)
	for i := range pts {
		for j := i + 1; j < len(pts); j++ {
			a, b := pts[i], pts[j]
			d := a.Dist(b)
			if d < world.Eps || d > 2*rad+world.Eps {
				continue
			}
			mid := a.Add(b).Scale(0.5)
			h := rad*rad - d*d/4
			if h < 0 {
				h = 0
			}
			off := b.Sub(a).Scale(1 / d).Rotate(90).Scale(math.Sqrt(h))
			cands = append(cands, mid.Add(off), mid.Sub(off))
		}
	}
	var best []int
	for _, c := range cands {
		var in []int
		for k, p := range pts {
			if c.Dist(p) <= rad+world.Eps {
				in = append(in, k)
			}
		}
		if len(in) > len(best) {
			best = in
		}
	}
	return best
}

// planSpecials completes a plan: weapons ordered for suppression, each
// template weapon's template placed over the target units tus (in
// plan.Targets order), and barrage firepower halved on assault orders.
func (r *Ruleset) planSpecials(s *rules.State, plan *FirePlan, tus []*rules.Unit) error {
	o, err := r.options(s)
	if err != nil {
		return err
	}
	orderWeapons(plan.Weapons)
	plan.Templates = nil
	pts := make([]world.Vec, len(tus))
	for i, u := range tus {
		pts[i] = u.Pos
	}
	for i, w := range plan.Weapons {
		if !usesTemplate(w.Kind) {
			continue
		}
		th := TemplateHit{Weapon: i}
		for _, k := range TemplateCover(pts, w.Template) {
			p, err := r.Profile(s, tus[k])
			if err != nil {
				return err
			}
			th.Units = append(th.Units, tus[k].ID)
			a := p.Armour
			if w.Kind == ShotMegaCannon && o.MegaCannonCover {
				a += r.armourBonus(&p, tus[k].Pos) // options_readings.go
			}
			th.Armour = append(th.Armour, a)
		}
		plan.Templates = append(plan.Templates, th)
	}
	if f := s.Formation(plan.Firer); f != nil && f.Orders == OrderAssault {
		plan.BarrageHalved = true
	}
	return nil
}

// BarrageFirepower is the firepower the plan's barrage and heavy barrage
// weapons add when its first nw super-heavy weapons fire (the others are
// suppressed): the units under each template, twice for a heavy barrage,
// halved with the rest on assault orders.
func (p *FirePlan) BarrageFirepower(nw int) int {
	n := 0
	for _, t := range p.Templates {
		if t.Weapon >= nw {
			continue
		}
		switch p.Weapons[t.Weapon].Kind {
		case ShotBarrage:
			n += len(t.Units)
		case ShotHeavy:
			n += 2 * len(t.Units)
		}
	}
	if p.BarrageHalved {
		n = Half(n)
	}
	return n
}

// superHeavyCount is how many of the first nw weapons count as
// super-heavy weapons for blast markers (barrages count as firepower).
func superHeavyCount(ws []Weapon) int {
	n := 0
	for _, w := range ws {
		if w.Kind != ShotBarrage && w.Kind != ShotHeavy {
			n++
		}
	}
	return n
}

// rollAllocatedShots rolls the shots of the weapons whose hits are
// allocated with the firepower dice: one per weapon (anti-tank,
// distortion, Death Ray), D6 anti-tank shots for a pulsar (the number
// rolled first). extra is how many more super-heavy weapons the blast
// markers table counts (OptPulsarShotsCount: a pulsar's shots beyond its
// first). Errors: a bad dice source.
func rollAllocatedShots(d rules.Dice, ws []Weapon, o Options, units []string) (out []Shot, extra int, err error) {
	for _, w := range ws {
		if !allocated(w.Kind) {
			continue
		}
		if w.Kind == ShotPulsar {
			k, err := roll(d, rules.Roll{Purpose: "pulsar: number of shots (" + w.Name + ")", Sides: 6, Units: units}, 1)
			if err != nil {
				return nil, 0, err
			}
			if o.PulsarShotsCount {
				extra += k[0] - 1
			}
			at := Weapon{Name: w.Name, Kind: ShotAntiTank, Range: w.Range, FixedTarget: w.FixedTarget, Shots: k[0]}
			sh, err := RollSuperHeavy(d, []Weapon{at}, o, units)
			if err != nil {
				return nil, 0, err
			}
			out = append(out, sh...)
			continue
		}
		sh, err := RollSuperHeavy(d, []Weapon{w}, o, units)
		if err != nil {
			return nil, 0, err
		}
		if w.Kind == ShotDistortion && o.DistortionShields {
			for i := range sh {
				sh[i].Kind = ShotOther
			}
		}
		out = append(out, sh...)
	}
	return out, extra, nil
}

// resolveSpecialShots rolls the disrupt and mega-cannon shots of the
// first nw weapons against the target (after the allocated hits): the
// blast markers they add, whether any hit, and the events.
func (r *Ruleset) resolveSpecialShots(s *rules.State, d rules.Dice, plan *FirePlan, nw, lowest int, o Options) ([]rules.Event, int, bool, error) {
	t := s.Formation(plan.Target)
	if t == nil {
		return nil, 0, false, fmt.Errorf("fire: detachment vanished")
	}
	var evs []rules.Event
	markers, hit := 0, false
	for _, w := range plan.Weapons[:nw] {
		if w.Kind != ShotDisrupt {
			continue
		}
		_, hits, err := RollAttack(d, 1, lowest, "disrupt: "+w.Name, plan.Shooters)
		if err != nil {
			return nil, 0, false, err
		}
		if len(hits) == 0 {
			continue
		}
		hit = true
		n := 1
		if o.DisruptD3 {
			f, err := roll(d, rules.Roll{Purpose: "disrupt: blast markers (D3)", Sides: 3, Units: plan.Shooters}, 1)
			if err != nil {
				return nil, 0, false, err
			}
			n = f[0]
		}
		markers += n
		evs = append(evs, rules.Event{Kind: rules.EvMessage, Side: t.Side, Text: fmt.Sprintf("%s disrupts %s: %d blast marker(s), nothing destroyed", w.Name, plan.Target, n),
			Data: map[string]string{"disrupt": fmt.Sprint(n)}})
	}
	for _, th := range plan.Templates {
		if th.Weapon >= nw || plan.Weapons[th.Weapon].Kind != ShotMegaCannon || len(th.Units) == 0 {
			continue
		}
		w := plan.Weapons[th.Weapon]
		markers++
		cover := "no cover"
		if o.MegaCannonCover {
			cover = "terrain bonus included"
		}
		evs = append(evs, rules.Event{Kind: rules.EvMessage, Side: t.Side, Units: th.Units,
			Text: fmt.Sprintf("%s: a barrage template over %d unit(s) of %s, each rolled against its armour (%s); one blast marker", w.Name, len(th.Units), plan.Target, cover),
			Data: map[string]string{"template": fmt.Sprint(len(th.Units))}})
		for k, id := range th.Units {
			u := s.Unit(id)
			if u == nil || u.Destroyed || u.OffTable {
				continue
			}
			_, hits, err := RollAttack(d, 1, th.Armour[k], "mega-cannon: "+id, []string{id})
			if err != nil {
				return nil, 0, false, err
			}
			if len(hits) == 0 {
				continue
			}
			hit = true
			evs = append(evs, r.hitUnit(s, u, false)...)
		}
	}
	return evs, markers, hit, nil
}

// specialOdds are the exact odds of a plan's volley with its special
// weapons: barrage firepower in the dice, a pulsar's number of shots
// mixed over its D6, disrupt markers and mega-cannon kills added as
// independent of the allocated hits (exact when no unit is both under a
// mega-cannon template and allocated a hit; the blast marker count of the
// super-heavy weapons sees only allocated shots).
func (p *FirePlan) specialOdds(o Options) (VolleyOdds, error) {
	fp, nw := Suppress(p.Firepower, len(p.Weapons), p.FirerMarkers, o)
	bfp := p.BarrageFirepower(nw)
	n, err := AttackDice(fp+bfp, p.Situation, o)
	if err != nil {
		return VolleyOdds{}, err
	}
	armours := make([]int, len(p.Targets))
	for i, t := range p.Targets {
		armours[i] = t.Armour
	}
	lowest, err := LowestArmour(armours)
	if err != nil {
		return VolleyOdds{}, err
	}
	var alloc []Weapon
	pulsars := 0
	var pulsar Weapon
	for _, w := range p.Weapons[:nw] {
		switch {
		case w.Kind == ShotPulsar:
			pulsars++
			pulsar = Weapon{Name: w.Name, Kind: ShotAntiTank, Range: w.Range, FixedTarget: w.FixedTarget}
		case allocated(w.Kind):
			if w.Kind == ShotDistortion && o.DistortionShields {
				w.Kind = ShotOther
			}
			alloc = append(alloc, w)
		}
	}
	base := Volley{Firepower: p.Firepower + bfp, Dice: n, Weapons: alloc, SuperHeavies: superHeavyCount(p.Weapons[:nw]), Targets: p.Targets,
		Reroll: p.Mode == fireOverwatch}
	var out VolleyOdds
	if pulsars == 0 {
		if out, err = OddsOf(base, o); err != nil {
			return VolleyOdds{}, err
		}
	} else {
		var ws []float64
		var dd, md []rules.Dist
		var ferr error
		rules.SumOfDice(pulsars, 6).Each(func(k int, q float64) {
			if ferr != nil {
				return
			}
			v := base
			v.Weapons = append([]Weapon(nil), alloc...)
			salvo := pulsar
			salvo.Shots = k // one group of k exchangeable shots
			v.Weapons = append(v.Weapons, salvo)
			if o.PulsarShotsCount {
				v.SuperHeavies += k - pulsars // each shot a weapon for the markers
			}
			od, err := OddsOf(v, o)
			if err != nil {
				ferr = err
				return
			}
			ws, dd, md = append(ws, q), append(dd, od.Destroyed), append(md, od.Markers)
			out.Approx = out.Approx || od.Approx
		})
		if ferr != nil {
			return VolleyOdds{}, ferr
		}
		out.Hits = base.attackHits(lowest)
		if out.Destroyed, err = rules.Mix(ws, dd); err != nil {
			return VolleyOdds{}, err
		}
		if out.Markers, err = rules.Mix(ws, md); err != nil {
			return VolleyOdds{}, err
		}
	}
	pHit := rules.AtLeastChance(6, dieTarget(lowest))
	for _, w := range p.Weapons[:nw] {
		if w.Kind != ShotDisrupt {
			continue
		}
		dm := rules.Bernoulli(pHit)
		if o.DisruptD3 {
			dm = dm.Then(func(v int) rules.Dist {
				if v == 0 {
					return rules.Point(0)
				}
				return rules.Die(3)
			})
		}
		out.Markers = out.Markers.Plus(dm)
	}
	for _, th := range p.Templates {
		if th.Weapon >= nw || p.Weapons[th.Weapon].Kind != ShotMegaCannon || len(th.Units) == 0 {
			continue
		}
		out.Markers = out.Markers.Shift(1)
		for k, id := range th.Units {
			for _, t := range p.Targets {
				if t.ID == id && !t.WarEngine && t.DC <= 1 {
					out.Destroyed = out.Destroyed.Plus(rules.Bernoulli(rules.AtLeastChance(6, dieTarget(th.Armour[k]))))
				}
			}
		}
	}
	return out, nil
}

// specialEvents describe a volley's templates and silenced weapons for the
// log and the dice tray, before the dice are rolled.
func (p *FirePlan) specialEvents(side string, nw, bfp int) []rules.Event {
	var evs []rules.Event
	for _, th := range p.Templates {
		if th.Weapon >= nw {
			continue
		}
		w := p.Weapons[th.Weapon]
		var text string
		switch w.Kind {
		case ShotBarrage:
			text = fmt.Sprintf("%s: barrage template over %d unit(s) of %s: +%d firepower", w.Name, len(th.Units), p.Target, len(th.Units))
		case ShotHeavy:
			text = fmt.Sprintf("%s: heavy barrage template over %d unit(s) of %s: +%d firepower", w.Name, len(th.Units), p.Target, 2*len(th.Units))
		default:
			continue // mega-cannon: described when it is rolled
		}
		evs = append(evs, rules.Event{Kind: rules.EvMessage, Side: side, Units: th.Units, Text: text,
			Data: map[string]string{"template": fmt.Sprint(len(th.Units)), "weapon": w.Name}})
	}
	if p.BarrageHalved && bfp > 0 {
		evs = append(evs, rules.Message(fmt.Sprintf("%s is on assault orders: barrage firepower halved to %d", p.Firer, bfp)))
	}
	if nw < len(p.Weapons) {
		var names []string
		for _, w := range p.Weapons[nw:] {
			names = append(names, w.Name)
		}
		evs = append(evs, rules.Event{Kind: rules.EvMessage, Side: side, Text: fmt.Sprintf("%s's blast markers silence %d weapon(s): %v (Q&A: one marker per super-heavy or barrage weapon)", p.Firer, len(names), names),
			Data: map[string]string{"suppressed": fmt.Sprint(len(names))}})
	}
	return evs
}
