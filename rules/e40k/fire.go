package e40k

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

// Fire modes.
const (
	fireNormal    = "shooting"
	fireOverwatch = "overwatch"
	fireBombard   = "bombardment"
	fireSnap      = "snap fire"
)

// errOutOfReach is the refusal of a fire at target none of firer's units
// can reach: out of range or out of sight, or for a preparatory
// bombardment, which needs no sight (E40K-ART-1), out of range.
func errOutOfReach(firer, target, mode string) error {
	if mode == fireBombard {
		return fmt.Errorf("no unit of %s has %s in range (a bombardment needs no line of sight)", firer, target)
	}
	return fmt.Errorf("no unit of %s has %s in range and in sight", firer, target)
}

// FirePlan is what a detachment's shooting at another would be: who fires,
// with what, at whom. Plan and PreviewFire expose it to interfaces.
type FirePlan struct {
	Mode      string
	Firer     string
	Target    string
	Shooters  []string
	Firepower int
	Weapons   []Weapon
	Situation Situation
	Targets   []Target
	// FirerMarkers are the firer's blast markers (they reduce its dice).
	FirerMarkers int
	// specialPlan holds the barrage templates (special.go).
	specialPlan
}

// planFire works out a detachment's shooting at a target detachment.
// Errors: unknown or friendly detachments, nobody able to fire, the
// target out of range or out of sight of every firer.
func (r *Ruleset) planFire(s *rules.State, firer, target, mode string) (*FirePlan, error) {
	f, t := s.Formation(firer), s.Formation(target)
	switch {
	case f == nil:
		return nil, fmt.Errorf("no detachment %q", firer)
	case t == nil:
		return nil, fmt.Errorf("no detachment %q", target)
	case f.Side == t.Side:
		return nil, fmt.Errorf("%s is not an enemy detachment", target)
	case f.Broken:
		return nil, fmt.Errorf("%s is broken and may not shoot (E40K-BRK-1)", firer)
	case r.titanFormation(s, target):
		return nil, fmt.Errorf("%s is a titan: detachments shoot at titans with the ATII rules (fire with a titan target)", target)
	case r.titanFormation(s, firer):
		return nil, fmt.Errorf("%s is a titan: titans fire with %s", firer, CmdTitanFire)
	}
	cands := r.shooters(s, f, r.fireKeep(s, f, mode))
	if mode == fireSnap {
		cands = r.snapShooters(s, f)
	}
	if len(cands) == 0 {
		return nil, fmt.Errorf("%s has no unit able to fire now", firer)
	}
	tus := members(s, target)
	if len(tus) == 0 {
		return nil, fmt.Errorf("%s has no unit left", target)
	}
	tbs := make([]world.Base, len(tus))
	for i, u := range tus {
		b, err := r.base(s, u)
		if err != nil {
			return nil, err
		}
		tbs[i] = b
	}
	if r.outOfReach(s, cands, tbs, mode) {
		return nil, errOutOfReach(firer, target, mode)
	}
	plan := &FirePlan{Mode: mode, Firer: firer, Target: target, FirerMarkers: blast(f)}
	dist := make([]float64, len(tus))
	for i := range dist {
		dist[i] = -1
	}
	gap, order := make([]float64, len(tus)), make([]int, len(tus))
	for _, u := range cands {
		p, err := r.Profile(s, u)
		if err != nil {
			return nil, err
		}
		b, err := r.base(s, u)
		if err != nil {
			return nil, err
		}
		indirect := mode == fireBombard || p.Artillery()
		best := -1.0
		// Targets nearest first: once the firer sees one, a farther
		// target's sight line only matters if no nearer firer sees it.
		for k := range tbs {
			gap[k] = world.Distance(b, tbs[k])
			order[k] = k
			for j := k; j > 0 && gap[order[j]] < gap[order[j-1]]; j-- {
				order[j], order[j-1] = order[j-1], order[j]
			}
		}
		for _, i := range order {
			d, tb := gap[i], tbs[i]
			if best >= 0 && d >= best && dist[i] >= 0 && d >= dist[i] {
				continue // seen or not, it changes neither distance
			}
			if !indirect && r.geo.blocked(r.w, r.terrain, b, tb) {
				continue
			}
			if best < 0 || d < best {
				best = d
			}
			if dist[i] < 0 || d < dist[i] {
				dist[i] = d
			}
		}
		if best < 0 {
			continue
		}
		fired := false
		if p.Firepower > 0 && best <= p.Range+world.Eps {
			plan.Firepower += p.Firepower
			fired = true
		}
		for _, w := range p.SuperHeavy {
			if mode == fireSnap {
				break // snap fire: firepower only (snap.go)
			}
			if best <= w.Range+world.Eps {
				plan.Weapons = append(plan.Weapons, w)
				fired = true
			}
		}
		if fired {
			plan.Shooters = append(plan.Shooters, u.ID)
		}
	}
	if len(plan.Shooters) == 0 {
		return nil, errOutOfReach(firer, target, mode)
	}
	if f.Orders == OrderAssault {
		plan.Firepower = Half(plan.Firepower)
	}
	if mode == fireSnap {
		r.snapPlan(s, plan)
	}
	if o, err := r.options(s); err == nil && plan.Idle(o) {
		return nil, fmt.Errorf("%s has no firepower left to fire at %s (firepower %d after halving, %d blast marker(s): E40K-BM-1)",
			firer, target, plan.Firepower, plan.FirerMarkers)
	}
	if err := r.fillTargets(s, plan, t, tus, dist); err != nil {
		return nil, err
	}
	return plan, nil
}

// outOfReach reports whether no candidate firer has any target unit
// within the range of its firepower or of a super-heavy weapon (snap
// fire: firepower only), whatever the sight lines: planFire then finds
// no shooter without tracing any. It answers false when a profile or a
// base cannot be read (planFire reports that).
func (r *Ruleset) outOfReach(s *rules.State, cands []*rules.Unit, tbs []world.Base, mode string) bool {
	for _, u := range cands {
		p, err := r.Profile(s, u)
		if err != nil {
			return false
		}
		b, err := r.base(s, u)
		if err != nil {
			return false
		}
		reach := -1.0
		if p.Firepower > 0 {
			reach = p.Range
		}
		if mode != fireSnap {
			for _, w := range p.SuperHeavy {
				reach = max(reach, w.Range)
			}
		}
		if reach < 0 {
			continue
		}
		for _, tb := range tbs {
			if world.Distance(b, tb) <= reach+world.Eps {
				return false
			}
		}
	}
	return true
}

// Idle reports whether the plan can do nothing at all: after the firer's
// blast markers (E40K-BM-1) no firepower and no super-heavy weapon is
// left to roll, and its firepower is too small to place a blast marker
// without a hit. Halving on assault orders (digest section 2) or for
// snap fire can leave a detachment of one firepower with nothing; such a
// fire is refused (planFire), so Legal does not offer it and no snap
// fire window opens for it.
func (p *FirePlan) Idle(o Options) bool {
	fp, nw := Suppress(p.Firepower, len(p.Weapons), p.FirerMarkers, o)
	return fp == 0 && nw == 0 && ShootingMarkers(p.Firepower, false, 0, false) == 0
}

// fillTargets sets a plan's target units (dist: each unit's distance from
// the nearest firer, -1 when none sees it) and the target's situation:
// marching orders, else cover when at least half its units stand in
// cover-giving terrain, else open.
func (r *Ruleset) fillTargets(s *rules.State, plan *FirePlan, t *rules.Formation, tus []*rules.Unit, dist []float64) error {
	o, err := r.options(s)
	if err != nil {
		return err
	}
	inCover := 0
	for i, u := range tus {
		p, err := r.Profile(s, u)
		if err != nil {
			return err
		}
		d := dist[i]
		if d < 0 {
			if o.AllocSeenOnly {
				// Unseen by every firer: no hit may go to it
				// (options_readings.go), but it still counts for the
				// target's situation.
				if r.inCover(u.Pos) {
					inCover++
				}
				continue
			}
			d = 1e9
		}
		plan.Targets = append(plan.Targets, Target{ID: u.ID, Dist: d, Armour: p.Armour + r.armourBonus(&p, u.Pos), DC: damageLeft(&p, u),
			Shields: shieldsLeft(&p, u), WarEngine: p.WarEngine()})
		if r.inCover(u.Pos) {
			inCover++
		}
	}
	switch {
	case t.Orders == OrderMarch:
		plan.Situation = Marching
	case 2*inCover >= len(tus):
		plan.Situation = Cover
	default:
		plan.Situation = openOrImmobile(tus) // critical.go
	}
	return r.planSpecials(s, plan, tus)
}

// armourBonus is the terrain armour bonus of an infantry unit standing at
// p (Tables.ArmourBonus).
func (r *Ruleset) armourBonus(prof *Profile, p world.Vec) int {
	if prof.Class != world.Infantry || len(r.tables.ArmourBonus) == 0 {
		return 0
	}
	best := 0
	for _, fi := range r.w.FeaturesAt(p, nil) {
		best = max(best, r.tables.ArmourBonus[r.w.Features[fi].Kind])
	}
	return best
}

// inCover reports whether a point lies in cover-giving terrain.
func (r *Ruleset) inCover(p world.Vec) bool {
	for _, fi := range r.w.FeaturesAt(p, nil) {
		if r.terrain[r.w.Features[fi].Kind].Cover {
			return true
		}
	}
	return false
}

// Odds returns the exact odds of the plan's shooting (hits, units
// destroyed, blast markers placed). Errors: as OddsOf.
func (p *FirePlan) Odds(o Options) (VolleyOdds, error) {
	return p.specialOdds(o) // special.go: barrages, pulsars, disrupt, mega-cannon
}

// resolveFire rolls and applies a planned volley: the firer's blast
// markers reduce its firepower and silence super-heavy weapons
// (E40K-BM-1), the firepower table gives the dice, every die needs the
// target's lowest armour, overwatch fire re-rolls misses once (not a
// bombardment, E40K-ART-1), hits are allocated (Resolve), and the target
// takes its blast markers (placed from the full firepower).
func (r *Ruleset) resolveFire(s *rules.State, d rules.Dice, plan *FirePlan, o Options) ([]rules.Event, error) {
	f, t := s.Formation(plan.Firer), s.Formation(plan.Target)
	if f == nil || t == nil {
		return nil, fmt.Errorf("fire: detachment vanished")
	}
	fp, nw := Suppress(plan.Firepower, len(plan.Weapons), plan.FirerMarkers, o)
	bfp := plan.BarrageFirepower(nw)
	evs := rules.LogEvents(d, rules.Event{Kind: rules.EvFired, Side: f.Side, Units: plan.Shooters,
		Text: fmt.Sprintf("%s fires at %s (%s): firepower %d, %d super-heavy weapon(s), target %s", plan.Firer, plan.Target, plan.Mode, plan.Firepower, len(plan.Weapons), plan.Situation)})
	evs = append(evs, plan.specialEvents(f.Side, nw, bfp)...)
	n, err := AttackDice(fp+bfp, plan.Situation, o)
	if err != nil {
		return nil, err
	}
	armours := make([]int, len(plan.Targets))
	ids := make([]string, len(plan.Targets))
	for i, tg := range plan.Targets {
		armours[i], ids[i] = tg.Armour, tg.ID
	}
	lowest, err := LowestArmour(armours)
	if err != nil {
		return nil, err
	}
	_, hits, err := RollAttack(d, n, lowest, fmt.Sprintf("attack dice: %s firepower %d (%s)", plan.Firer, fp+bfp, plan.Situation), ids)
	if err != nil {
		return nil, err
	}
	if plan.Mode == fireOverwatch && len(hits) < n {
		_, more, err := RollAttack(d, n-len(hits), lowest, "overwatch: misses re-rolled", ids)
		if err != nil {
			return nil, err
		}
		hits = append(hits, more...)
	}
	shw, pulsarExtra, err := rollAllocatedShots(d, plan.Weapons[:nw], o, plan.Shooters)
	if err != nil {
		return nil, err
	}
	fpShots := make([]Shot, len(hits))
	for i, h := range hits {
		fpShots[i] = Shot{Face: h}
	}
	alloc, err := Resolve(plan.Targets, fpShots, shw, o)
	if err != nil {
		return nil, err
	}
	shwHit := false
	for _, sh := range shw {
		for i := range plan.Targets {
			if sh.affects(&plan.Targets[i]) {
				shwHit = true
			}
		}
	}
	if !rules.Quiet(d) {
		evs = append(evs, allocationEvents(t.Side, alloc)...)
	}
	evs = append(evs, r.applyHits(s, alloc)...)
	sev, extra, specialHit, err := r.resolveSpecialShots(s, d, plan, nw, lowest, o)
	if err != nil {
		return nil, err
	}
	evs = append(evs, sev...)
	m := ShootingMarkers(plan.Firepower+bfp, len(hits) > 0, superHeavyCount(plan.Weapons[:nw])+pulsarExtra, shwHit || specialHit) + extra
	addBlast(t, m)
	evs = append(evs, rules.Event{Kind: rules.EvMessage, Side: t.Side, Text: fmt.Sprintf("%s: %d hit(s), %d unit(s) destroyed, %d wasted; %d blast marker(s) placed (%d now)",
		plan.Target, len(hits)+len(shw), alloc.Destroyed, alloc.Wasted, m, blast(t)), Data: map[string]string{"blast": fmt.Sprint(m)}})
	for _, id := range plan.Shooters {
		if u := s.Unit(id); u != nil {
			u.Fired = true
		}
	}
	cev, err := r.catastrophes(s, d)
	if err != nil {
		return nil, err
	}
	return append(evs, cev...), nil
}

// EvAllocated is the event kind telling which dice an allocation gave a
// unit (Data["faces"], Data["effective"]), for the dice tray.
const EvAllocated = "allocated"

// allocationEvents describes, unit by unit, the dice an allocation gave.
func allocationEvents(side string, a Allocation) []rules.Event {
	var evs []rules.Event
	for _, uh := range a.Units {
		if len(uh.Faces) == 0 {
			continue
		}
		faces := make([]string, len(uh.Faces))
		for i, f := range uh.Faces {
			faces[i] = strconv.Itoa(f)
		}
		what := "no effect"
		switch {
		case uh.Destroyed:
			what = "destroyed"
		case uh.Useful > 0:
			what = fmt.Sprintf("%d shield(s), %d DC lost", uh.ShieldsLost, uh.DCLost)
		}
		evs = append(evs, rules.Event{Kind: EvAllocated, Side: side, Units: []string{uh.ID},
			Text: fmt.Sprintf("%s takes dice %s: %s", uh.ID, strings.Join(faces, " "), what),
			Data: map[string]string{"faces": strings.Join(faces, " "), "effective": strconv.Itoa(uh.Effective)}})
	}
	return evs
}

// applyHits writes an allocation's damage to the units.
func (r *Ruleset) applyHits(s *rules.State, a Allocation) []rules.Event {
	var evs []rules.Event
	for _, uh := range a.Units {
		u := s.Unit(uh.ID)
		if u == nil || u.Destroyed {
			continue
		}
		if uh.ShieldsLost > 0 {
			rules.AddCount(&u.Markers, MarkShieldsDown, uh.ShieldsLost)
			u.Shields = max(0, u.Shields-uh.ShieldsLost)
			evs = append(evs, rules.Event{Kind: rules.EvShield, Side: u.Side, Units: []string{u.ID}, Text: fmt.Sprintf("%s loses %d shield(s)", u.ID, uh.ShieldsLost)})
		}
		if uh.Destroyed {
			evs = append(evs, r.destroy(s, u)...)
			continue
		}
		if uh.DCLost > 0 {
			rules.AddCount(&u.Markers, MarkDamage, uh.DCLost)
			evs = append(evs, rules.Event{Kind: rules.EvDamaged, Side: u.Side, Units: []string{u.ID}, Text: fmt.Sprintf("%s loses %d DC", u.ID, uh.DCLost)})
		}
	}
	return evs
}
