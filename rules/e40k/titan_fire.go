package e40k

import (
	"fmt"
	"math"
	"sort"
	"strconv"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/world"
)

// e40kMount is the mount id of the stand-in attacker a detachment's
// attack on a titan is resolved with (all-round arc).
const e40kMount = "e40k"

// TitanVolley is a detachment's shooting at a titan under the ATII rules
// (seed 002: vehicles and infantry shoot at titans with the ATII rules,
// Gunnery 4+, their weapons converted by the E40K-weapons-versus-titans
// table, atii.E40KWeaponVsTitan).
type TitanVolley struct {
	// Mode is the fire mode: shooting, overwatch (misses re-rolled
	// unless OptOverwatchTitanNoReroll), bombardment (artillery only, no
	// sight needed: E40K-ART-1) or ground attack (flyers).
	Mode     string
	Firer    string
	Titan    string
	Shooters []string
	// Firepower is the detachment's firepower in range and sight after
	// halving for assault orders and its blast markers (E40K-BM-1): one
	// ATII attack of RoF = firepower at Str 3.
	Firepower int
	// Attacks are the ATII attacks: the firepower attack first, then one
	// per super-heavy weapon left unsuppressed (Disrupt has no effect).
	Attacks []atii.ShotSetup
}

// Odds returns the exact odds of each attack of the volley against the
// titan as it stands (atii.OddsShot, overwatch re-rolls included; shields
// are not carried from one attack to the next). Errors: as atii.OddsShot.
func (v *TitanVolley) Odds() ([]atii.ShotOdds, error) {
	out := make([]atii.ShotOdds, 0, len(v.Attacks))
	for _, sh := range v.Attacks {
		o, err := atii.OddsShot(sh, atiiOptions())
		if err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, nil
}

// Outcomes returns the exact outcome of each attack of the volley on the
// titan (atii.OddsShotOutcome: the damage, destruction and victory
// points it is expected to leave), each attack with the void shields the
// attacks before it are expected to knock down (rounded) already down,
// as the volley is rolled (resolveTitanVolley carries the titan's state
// from each attack to the next). Errors: as atii.OddsShotOutcome.
func (v *TitanVolley) Outcomes() ([]atii.OutcomeOdds, error) {
	out := make([]atii.OutcomeOdds, 0, len(v.Attacks))
	down := 0.0
	for _, sh := range v.Attacks {
		sh.TargetState.ShieldsDown += min(int(math.Round(down)), sh.TargetState.ShieldsUp(sh.Target))
		o, err := atii.OddsShotOutcome(sh, atiiOptions())
		if err != nil {
			return nil, err
		}
		down += o.ShieldsDown
		out = append(out, o)
	}
	return out, nil
}

// PlanTitanFire returns a detachment's shooting at a titan as the current
// decision would fire it (for previews): shooting, overwatch fire or a
// preparatory bombardment. Errors: as planTitanFire.
func (r *Ruleset) PlanTitanFire(s *rules.State, firer, titan string, aim atii.Aim) (*TitanVolley, error) {
	return r.planTitanFire(s, firer, titan, aim, fireMode(s))
}

// fireKeep is which units of detachment f fire at a titan in the
// given mode: in the shooting steps those of the step's kind (war engines
// in their own step); on overwatch every unit, except the artillery of a
// detachment on special orders whose rest is on overwatch (E40K-ART-1:
// the artillery bombards, the rest watches); in a bombardment the
// artillery only.
func (r *Ruleset) fireKeep(s *rules.State, f *rules.Formation, mode string) func(p *Profile) bool {
	switch mode {
	case fireBombard:
		return func(p *Profile) bool { return p.Artillery() }
	case fireOverwatch:
		if specialOrders(f.Orders) {
			return func(p *Profile) bool { return !p.Artillery() }
		}
		return func(*Profile) bool { return true }
	}
	we := warEngineStep(s)
	return func(p *Profile) bool { return p.WarEngine() == we }
}

// aimOrHigh is the declared aim, high when none is given.
func aimOrHigh(a atii.Aim) atii.Aim {
	if a == atii.AimNone {
		return atii.AimHigh
	}
	return a
}

// planTitanFire works out detachment firer's shooting at titan: every
// unit of the step's kind able to fire with the titan in range and sight
// adds its firepower (one attack, RoF = firepower, Str 3) and each
// super-heavy weapon in range is one attack converted by
// atii.E40KWeaponVsTitan. The attack is measured from the firing unit
// closest to the titan (range, cover, legs hidden, the quadrant hit;
// each super-heavy weapon from its own unit) and to-hit follows
// ATII-SHT-4 at Gunnery 4+ (atii.NonTitanGunnery); every attack takes
// the declared aim (ATII-SHT-3: high, or low unless the legs are hidden).
// The mode picks the units (fireKeep); artillery needs no sight of the
// titan (E40K-ART-1), and a titan it cannot see counts as half hidden
// (-1) only under OptBombardUnseenTitanCover.
// Errors: unknown or friendly units, a broken detachment, a titan in
// close combat with a titan (ATII-SHT-1), a forbidden aim, nobody able
// to fire.
func (r *Ruleset) planTitanFire(s *rules.State, firer, titan string, aim atii.Aim, mode string) (*TitanVolley, error) {
	f := s.Formation(firer)
	if f == nil {
		return nil, fmt.Errorf("no detachment %q", firer)
	}
	if r.titanFormation(s, firer) {
		return nil, fmt.Errorf("%s is a titan: titans fire with %s", firer, CmdTitanFire)
	}
	if f.Broken {
		return nil, fmt.Errorf("%s is broken and may not shoot (E40K-BRK-1)", firer)
	}
	t, err := r.titan(s, titan)
	if err != nil {
		return nil, err
	}
	if t.u.Side == f.Side || !operational(t.u) {
		return nil, fmt.Errorf("%s is not an enemy titan on the table", titan)
	}
	o, err := r.options(s)
	if err != nil {
		return nil, err
	}
	cands := r.shooters(s, f, r.fireKeep(s, f, mode))
	tb := titanBase(t)
	inCC := len(r.titansInContact(s, t.u)) > 0
	v := &TitanVolley{Mode: mode, Firer: firer, Titan: titan}
	var fpGeo atii.ShotGeometry
	var fpFrom *rules.Unit
	type heavy struct {
		w   Weapon
		geo atii.ShotGeometry
		u   *rules.Unit
	}
	var heavies []heavy
	fp := 0
	for _, u := range cands {
		p, err := r.Profile(s, u)
		if err != nil {
			return nil, err
		}
		b := world.Base{ID: u.ID, Pos: u.Pos, Facing: u.Facing, Foot: p.Base}
		geo, err := atii.MeasureShot(r.w, r.terrain, "AR", b, tb)
		if err != nil {
			return nil, err
		}
		if geo.LOS == world.LOSBlocked && !p.Artillery() {
			continue
		}
		fired := false
		if p.Firepower > 0 && geo.Range <= p.Range+world.Eps {
			fp += p.Firepower
			fired = true
			if fpFrom == nil || geo.Range < fpGeo.Range {
				fpGeo, fpFrom = geo, u
			}
		}
		for _, w := range p.SuperHeavy {
			if geo.Range <= w.Range+world.Eps {
				heavies = append(heavies, heavy{w: w, geo: geo, u: u})
				fired = true
			}
		}
		if fired {
			v.Shooters = append(v.Shooters, u.ID)
		}
	}
	if len(v.Shooters) == 0 {
		return nil, fmt.Errorf("no unit of %s has %s in range and in sight", firer, titan)
	}
	if f.Orders == OrderAssault {
		fp = Half(fp)
	}
	fpLeft, nw := Suppress(fp, len(heavies), blast(f), o)
	v.Firepower = fpLeft
	add := func(name, fpText string, rng float64, geo atii.ShotGeometry, u *rules.Unit) error {
		w, err := weaponVsTitan(name, fpText)
		if err != nil || w == nil {
			return err
		}
		w.Range = rng
		att := &catalog.Unit{ID: u.ID, Name: firer, Profile: &sheet.Titan{Gunnery: atii.NonTitanGunnery,
			Mounts: []sheet.Mount{{ID: e40kMount, Name: firer, Arc: "AR"}}}}
		sh := atii.ShotSetup{Attacker: att, AttackerID: u.ID, Mount: e40kMount, Weapon: w,
			Target: t.prof, TargetID: titan, TargetState: t.ts, Range: geo.Range, InArc: true, Visible: true,
			Cover: geo.LOS == world.LOSCover || (geo.LOS == world.LOSBlocked && o.BombardUnseenTitanCover), LegsHidden: geo.LegsHidden, Hit: geo.Hit,
			FirerMoved: u.Moved, TargetMoved: t.u.Moved, TargetMovedCM: t.u.MovedDist, TargetInCC: inCC, Aim: aimOrHigh(aim),
			// Overwatch fire re-rolls its misses once (seed 001's
			// orders), here the ATII to-hit dice; a bombardment never
			// does (E40K-ART-1).
			RerollMisses: mode == fireOverwatch && !o.OverwatchTitanNoReroll}
		if _, err := atii.ToHit(sh, atiiOptions()); err != nil {
			return err
		}
		v.Attacks = append(v.Attacks, sh)
		return nil
	}
	if fpLeft > 0 && fpFrom != nil {
		if err := add(fmt.Sprintf("%s firepower %d", firer, fpLeft), strconv.Itoa(fpLeft), fpGeo.Range, fpGeo, fpFrom); err != nil {
			return nil, err
		}
	}
	for _, h := range heavies[:nw] {
		if err := add(h.w.Name, h.w.FP, h.w.Range, h.geo, h.u); err != nil {
			return nil, err
		}
	}
	if len(v.Attacks) == 0 {
		return nil, fmt.Errorf("%s has nothing left that can hurt %s (blast markers, Disrupt)", firer, titan)
	}
	return v, nil
}

// resolveTitanVolley rolls a detachment's attacks on a titan one after
// the other (atii.ResolveShot: to hit, shields, location, damage), the
// titan's state carried from each to the next. Overwatch attacks carry
// RerollMisses (planTitanFire). No blast markers are placed on a titan
// (seed 002).
func (r *Ruleset) resolveTitanVolley(s *rules.State, d rules.Dice, v *TitanVolley) ([]rules.Event, error) {
	t, err := r.titan(s, v.Titan)
	if err != nil {
		return nil, err
	}
	f := s.Formation(v.Firer)
	side := ""
	if f != nil {
		side = f.Side
	}
	evs := rules.LogEvents(d, rules.Event{Kind: rules.EvFired, Side: side, Units: append([]string{v.Titan}, v.Shooters...),
		Text: fmt.Sprintf("%s fires at titan %s with the ATII rules (Gunnery %d+): %d attack(s)", v.Firer, v.Titan, atii.NonTitanGunnery, len(v.Attacks))})
	ts := t.ts
	for _, sh := range v.Attacks {
		sh.TargetState = ts
		res, err := atii.ResolveShot(sh, atiiOptions(), d)
		if err != nil {
			return nil, err
		}
		ts = res.Outcome.State
		how := ""
		if sh.RerollMisses {
			how = fmt.Sprintf(", %d miss(es) re-rolled", len(res.Rerolled))
		}
		evs = append(evs, rules.Event{Kind: rules.EvMessage, Side: side, Units: []string{v.Titan},
			Text: fmt.Sprintf("%s (RoF %d, Str %d, needs %s%s): %d hit(s)", sh.Weapon.Name, res.RoF, res.Spec.Str, res.ToHit.Short(), how, res.Hits)})
		evs = append(evs, atii.DamageEvents(v.Titan, res.Outcome.Hits)...)
	}
	was := t.ts.Destroyed
	if err := t.put(ts); err != nil {
		return nil, err
	}
	if !was && ts.Destroyed {
		evs = append(evs, atii.DestroyedEvent(v.Titan, ts))
	}
	for _, id := range v.Shooters {
		if u := s.Unit(id); u != nil {
			u.Fired = true
		}
	}
	ex, err := r.resolveExplosions(s, d)
	return append(evs, ex...), err
}

// TitanShot is one weapon of a titan fired at a target: an enemy titan
// (unit id: the ATII rules) or an enemy detachment (formation id: the
// weapon's E40K firepower).
type TitanShot struct {
	Mount  string `json:"mount"`
	Target string `json:"target"`
	// Aim is high or low for a shot at a titan (ATII-SHT-2; empty:
	// high); unused against detachments.
	Aim atii.Aim `json:"aim,omitempty"`
}

// TitanFireCmd fires a titan's weapons in the war engines' shooting step
// (seed 002 shooting step 4): weapons aimed at an enemy titan resolve with
// the ATII rules (arc, line of sight, ATII-SHT-1..7); weapons aimed at a
// detachment add their Firepower (or super-heavy type) to one E40K volley
// at it (firepower table, hit allocation, blast markers on the target:
// E40K-BM-1), each weapon needing a unit of the detachment in its arc,
// range and sight. Each mount fires once; the titan fires once a turn.
type TitanFireCmd struct {
	r     *Ruleset
	By    string      `json:"by"`
	Titan string      `json:"titan"`
	Shots []TitanShot `json:"shots"`
}

// Name implements rules.Command.
func (*TitanFireCmd) Name() string { return CmdTitanFire }

// Actor implements rules.Command.
func (c *TitanFireCmd) Actor() string { return c.By }

// titanFirePlan is a checked titan fire command.
type titanFirePlan struct {
	t      titanRef
	atTits []atii.ShotSetup
	vols   []*FirePlan
}

func (c *TitanFireCmd) plan(s *rules.State) (*titanFirePlan, error) {
	if _, err := c.r.pendingOf(s, c.By, KindFire); err != nil {
		return nil, err
	}
	if !warEngineStep(s) {
		return nil, fmt.Errorf("titans shoot with the war engines (seed 002 shooting step 4)")
	}
	if !listed(s, c.Titan) {
		return nil, fmt.Errorf("titan %q may not fire now", c.Titan)
	}
	t, err := c.r.titan(s, c.Titan)
	if err != nil {
		return nil, err
	}
	if t.u.Side != c.By {
		return nil, fmt.Errorf("%s belongs to %s", c.Titan, t.u.Side)
	}
	if len(c.Shots) == 0 {
		return nil, fmt.Errorf("no shots (pass instead)")
	}
	if len(c.r.titansInContact(s, t.u)) > 0 {
		return nil, fmt.Errorf("%s is in close combat with a titan and cannot fire (ATII-SHT-1)", c.Titan)
	}
	ws, err := c.r.titanWeapons(t)
	if err != nil {
		return nil, err
	}
	p := &titanFirePlan{t: t}
	used := map[string]bool{}
	byDet := map[string][]string{}
	for i, sh := range c.Shots {
		if used[sh.Mount] {
			return nil, fmt.Errorf("shot %d: mount %s fires twice", i+1, sh.Mount)
		}
		used[sh.Mount] = true
		w := ws[sh.Mount]
		if w == nil {
			return nil, fmt.Errorf("shot %d: %s has no weapon on mount %q", i+1, c.Titan, sh.Mount)
		}
		if err := atii.CanFire(t.prof, t.ts, sh.Mount, w); err != nil {
			return nil, fmt.Errorf("shot %d: %w", i+1, err)
		}
		if tu := s.Unit(sh.Target); tu != nil && c.r.IsTitan(tu) {
			setup, err := c.r.titanAtTitan(s, t, sh.Mount, w, sh.Target, sh.Aim)
			if err != nil {
				return nil, fmt.Errorf("shot %d: %w", i+1, err)
			}
			p.atTits = append(p.atTits, setup)
			continue
		}
		byDet[sh.Target] = append(byDet[sh.Target], sh.Mount)
	}
	dets := make([]string, 0, len(byDet))
	for id := range byDet {
		dets = append(dets, id)
	}
	sort.Strings(dets)
	for _, id := range dets {
		v, err := c.r.titanAtDetachment(s, t, ws, byDet[id], id)
		if err != nil {
			return nil, err
		}
		p.vols = append(p.vols, v)
	}
	return p, nil
}

// titanAtTitan measures one weapon fired at an enemy titan (ATII rules).
func (r *Ruleset) titanAtTitan(s *rules.State, t titanRef, mount string, w *catalog.Weapon, target string, aim atii.Aim) (atii.ShotSetup, error) {
	e, err := r.titan(s, target)
	if err != nil {
		return atii.ShotSetup{}, err
	}
	if e.u.Side == t.u.Side || !operational(e.u) {
		return atii.ShotSetup{}, fmt.Errorf("%s is not an enemy titan on the table", target)
	}
	var arc string
	for _, m := range sheet.Of(t.prof).Mounts {
		if m.ID == mount {
			arc = m.Arc
		}
	}
	geo, err := atii.MeasureShot(r.w, r.terrain, arc, titanBase(t), titanBase(e))
	if err != nil {
		return atii.ShotSetup{}, err
	}
	sh := atii.ShotSetup{Attacker: t.prof, AttackerID: t.u.ID, AttackerState: t.ts, Mount: mount, Weapon: w,
		Target: e.prof, TargetID: target, TargetState: e.ts, Range: geo.Range, InArc: geo.InArc,
		Visible: geo.LOS != world.LOSBlocked, Cover: geo.LOS == world.LOSCover, LegsHidden: geo.LegsHidden, Hit: geo.Hit,
		FirerMoved: t.u.Moved, TargetMoved: e.u.Moved, TargetMovedCM: e.u.MovedDist,
		TargetInCC: len(r.titansInContact(s, e.u)) > 0, Aim: aimOrHigh(aim)}
	if _, err := atii.ToHit(sh, atiiOptions()); err != nil {
		return sh, err
	}
	return sh, nil
}

// PlanTitanAtDetachment is the E40K volley titan would fire at detachment
// det in the war engines' shooting step with every weapon that may fire
// and has a unit of det in its arc, range and sight (titanAtDetachment's
// plan of a TitanFireCmd aiming those weapons at det), for previews and
// computer players. Errors: not an operational titan, one in close combat
// with a titan (ATII-SHT-1), no weapon able to reach det.
func (r *Ruleset) PlanTitanAtDetachment(s *rules.State, titan, det string) (*FirePlan, error) {
	t, err := r.titan(s, titan)
	if err != nil {
		return nil, err
	}
	if !operational(t.u) {
		return nil, fmt.Errorf("%s is not on the table", titan)
	}
	if len(r.titansInContact(s, t.u)) > 0 {
		return nil, fmt.Errorf("%s is in close combat with a titan and cannot fire (ATII-SHT-1)", titan)
	}
	ws, err := r.titanWeapons(t)
	if err != nil {
		return nil, err
	}
	var mounts []string
	for _, m := range sheet.Of(t.prof).Mounts {
		w := ws[m.ID]
		if w == nil || atii.CanFire(t.prof, t.ts, m.ID, w) != nil {
			continue
		}
		if _, err := r.titanAtDetachment(s, t, ws, []string{m.ID}, det); err == nil {
			mounts = append(mounts, m.ID)
		}
	}
	if len(mounts) == 0 {
		return nil, fmt.Errorf("no weapon of %s reaches %s", titan, det)
	}
	return r.titanAtDetachment(s, t, ws, mounts, det)
}

// titanAtDetachment builds the E40K volley of a titan's weapons on the
// given mounts at detachment det: each weapon needs a unit of det in its
// arc, in range and in sight (super-heavy types as super-heavy shots).
// Titans carry no blast markers, so nothing suppresses their weapons.
func (r *Ruleset) titanAtDetachment(s *rules.State, t titanRef, ws map[string]*catalog.Weapon, mounts []string, det string) (*FirePlan, error) {
	f := s.Formation(det)
	switch {
	case f == nil:
		return nil, fmt.Errorf("no detachment or titan %q", det)
	case f.Side == t.u.Side:
		return nil, fmt.Errorf("%s is not an enemy detachment", det)
	case r.titanFormation(s, det):
		return nil, fmt.Errorf("%s is a titan formation: aim at the titan itself", det)
	}
	tus := members(s, det)
	if len(tus) == 0 {
		return nil, fmt.Errorf("%s has no unit left", det)
	}
	tb := titanBase(t)
	plan := &FirePlan{Mode: fireNormal, Firer: t.u.Formation, Target: det, Shooters: []string{t.u.ID}}
	dist := make([]float64, len(tus))
	for i := range dist {
		dist[i] = -1
	}
	for _, mount := range mounts {
		w := ws[mount]
		var arc world.Arc
		for _, m := range sheet.Of(t.prof).Mounts {
			if m.ID == mount {
				a, err := world.ParseArc(m.Arc)
				if err != nil {
					return nil, err
				}
				arc = a
			}
		}
		n, sw, ok := weaponFirepower(w)
		if !ok {
			return nil, fmt.Errorf("%s has no E40K firepower", w.Name)
		}
		reach := false
		for i, u := range tus {
			b, err := r.base(s, u)
			if err != nil {
				return nil, err
			}
			d := world.Distance(tb, b)
			if !arc.ContainsBase(tb, b) || r.geo.blocked(r.w, r.terrain, tb, b) {
				continue
			}
			if dist[i] < 0 || d < dist[i] {
				dist[i] = d
			}
			if d <= w.Range+world.Eps {
				reach = true
			}
		}
		if !reach {
			return nil, fmt.Errorf("the %s of %s has no unit of %s in arc, range and sight", w.Name, t.u.ID, det)
		}
		plan.Firepower += n
		if sw != nil {
			plan.Weapons = append(plan.Weapons, *sw)
		}
	}
	if err := r.fillTargets(s, plan, f, tus, dist); err != nil {
		return nil, err
	}
	return plan, nil
}

// Validate implements rules.Command. Errors: not this side's decision or
// step, a titan that may not fire now, a mount used twice, a weapon that
// may not fire, and each shot's target problem.
func (c *TitanFireCmd) Validate(s *rules.State) error {
	_, err := c.plan(s)
	return err
}

// Apply implements rules.Command: the shots at titans (atii.ResolveShot,
// in the order given), then one E40K volley per detachment aimed at.
func (c *TitanFireCmd) Apply(s *rules.State, d rules.Dice) ([]rules.Event, error) {
	p, err := c.plan(s)
	if err != nil {
		return nil, err
	}
	g, err := c.r.progress(s)
	if err != nil {
		return nil, err
	}
	o, err := c.r.options(s)
	if err != nil {
		return nil, err
	}
	var evs []rules.Event
	for _, sh := range p.atTits {
		e, err := c.r.titan(s, sh.TargetID)
		if err != nil {
			return nil, err
		}
		sh.TargetState = e.ts
		res, err := atii.ResolveShot(sh, atiiOptions(), d)
		if err != nil {
			return nil, err
		}
		evs = append(evs, rules.Event{Kind: rules.EvFired, Side: c.By, Units: []string{c.Titan, sh.TargetID},
			Text: fmt.Sprintf("%s fires its %s at %s (needs %s): %d hit(s)", c.Titan, sh.Weapon.Name, sh.TargetID, res.ToHit.Short(), res.Hits)})
		evs = append(evs, atii.DamageEvents(sh.TargetID, res.Outcome.Hits)...)
		was := e.ts.Destroyed
		if err := e.put(res.Outcome.State); err != nil {
			return nil, err
		}
		if !was && res.Outcome.State.Destroyed {
			evs = append(evs, atii.DestroyedEvent(sh.TargetID, res.Outcome.State))
		}
	}
	for _, v := range p.vols {
		ve, err := c.r.resolveFire(s, d, v, o)
		if err != nil {
			return nil, err
		}
		evs = append(evs, ve...)
	}
	ex, err := c.r.resolveExplosions(s, d)
	if err != nil {
		return nil, err
	}
	evs = append(evs, ex...)
	p.t.u.Fired = true
	g.markActed(c.Titan)
	g.ToAct = 1 - sideIndex(s, c.By)
	return evs, c.r.sync(s, g)
}

// titanCanFire reports whether titan u may still fire this step: on the
// table, not fired, not in close combat with a titan, with a weapon able
// to fire.
func (r *Ruleset) titanCanFire(s *rules.State, u *rules.Unit) bool {
	if !operational(u) || u.Fired || len(r.titansInContact(s, u)) > 0 {
		return false
	}
	t, err := r.titan(s, u.ID)
	if err != nil {
		return false
	}
	ws, err := r.titanWeapons(t)
	if err != nil {
		return false
	}
	for _, m := range sheet.Of(t.prof).Mounts {
		if w := ws[m.ID]; w != nil && w.Kind != catalog.CloseCombat && atii.CanFire(t.prof, t.ts, m.ID, w) == nil {
			return true
		}
	}
	return false
}

// weaponVsTitan is an E40K weapon of firepower (or special) text fpText
// as the ATII gun it is against a titan (seed 002's weapons table,
// atii.E40KWeaponVsTitan): its RoF and Strength, ignoring shields or
// leaving at least armour cracked; nil when it cannot hurt a titan.
// Errors: a text the table does not read, named by the weapon.
func weaponVsTitan(name, fpText string) (*catalog.Weapon, error) {
	conv, err := atii.E40KWeaponVsTitan(fpText)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if conv.Useless {
		return nil, nil
	}
	w := &catalog.Weapon{ID: name, Name: name, Kind: catalog.Gun, Profile: &sheet.Weapon{RoF: conv.RoF.String(), Str: conv.Str}}
	if conv.IgnoresShields {
		w.Specials = append(w.Specials, "ignores-shields")
	}
	if conv.MinCracked {
		w.Specials = append(w.Specials, "mega-cannon")
	}
	return w, nil
}
