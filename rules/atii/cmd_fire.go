package atii

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/world"
)

// Shot is one weapon's declared target (ATII-SHT-2).
type Shot struct {
	// Mount is the firing mount's id.
	Mount string `json:"mount"`
	// Target is the enemy titan's id.
	Target string `json:"target"`
	// Aim is high or low (ATII-SHT-3).
	Aim Aim `json:"aim"`
	// Overload is the RoF given up to overload a plasma weapon.
	Overload int `json:"overload,omitempty"`
	// PointBlank asks for point-blank fire (advanced rule).
	PointBlank bool `json:"point_blank,omitempty"`
}

// FireCmd is one titan's shooting for the phase: every weapon's target and
// aim are declared together and checked before any die is rolled
// (ATII-SHT-2), then resolved in the order listed. Each shot is checked
// with world geometry: the mount's fire arc (any part of the target's base
// in the arc, from the firer's centre), line of sight with the ATII
// reading (blocked, cover = -1 to hit; a target standing in cover-giving
// terrain has its legs hidden, so no aiming low), range edge to edge (out
// of range is an automatic miss), and the close combat restrictions
// (ATII-SHT-1: titans in close combat neither fire nor are targeted, unless
// the point-blank or shooting-into-combat options allow). Reactor
// explosions caused by the shots are resolved at once.
type FireCmd struct {
	r     *Ruleset
	By    string `json:"by"`
	Unit  string `json:"unit"`
	Shots []Shot `json:"shots"`
}

// Fire returns a fire command bound to the ruleset.
func (r *Ruleset) Fire(by, unit string, shots ...Shot) *FireCmd {
	return &FireCmd{r: r, By: by, Unit: unit, Shots: shots}
}

// Name implements rules.Command.
func (*FireCmd) Name() string { return CmdFire }

// Actor implements rules.Command.
func (c *FireCmd) Actor() string { return c.By }

// mountSees reports whether any part of base to is in the fire arc (an
// ATII arc code) of a mount on base from.
func mountSees(arc string, from, to world.Base) (bool, error) {
	a, err := world.ParseArc(arc)
	if err != nil {
		return false, err
	}
	return a.ContainsBase(from, to), nil
}

// ShotGeometry is what the table says about one weapon firing at one
// titan.
type ShotGeometry struct {
	Range   float64          `json:"range"`
	InArc   bool             `json:"in_arc"`
	LOS     world.LOSVerdict `json:"los"`
	Reason  string           `json:"reason,omitempty"`
	Hit     HitContext       `json:"hit"`
	InCover bool             `json:"in_cover,omitempty"`
	// ObscuredShare is the share of the target's silhouette seen only
	// through cover-giving terrain (world.LOSResult Seen - Visible).
	ObscuredShare float64 `json:"obscured_share,omitempty"`
	// LowHidden is the share of the target's width over which its legs
	// (the lower LegsHeightShare of it) are hidden.
	LowHidden float64 `json:"low_hidden,omitempty"`
	// LegsHidden: the target's legs are hidden by cover, so it may not be
	// aimed at low (LegsHidden, ATII-SHT-3).
	LegsHidden bool `json:"legs_hidden,omitempty"`
}

// MeasureShot measures a shot on the table w: range edge to edge, the
// mount's arc (world.ParseArc, ContainsBase), line of sight (world.LOS with
// the ATII defaults: titans see over terrain by their bases' sight heights)
// and the quadrant and side the shot strikes (world.Quadrant).
// TargetStandsInCover reports a target whose centre is in a cover-giving or
// blocking feature.
func MeasureShot(w *world.World, terrain world.TerrainRules, arc string, firer, target world.Base) (ShotGeometry, error) {
	return MeasureShotWith(w, terrain, arc, firer, target, Options{})
}

// MeasureShotWith is MeasureShot under the game's options
// (OptFlatTerrainSight ignores terrain and titan heights).
func MeasureShotWith(w *world.World, terrain world.TerrainRules, arc string, firer, target world.Base, o Options) (ShotGeometry, error) {
	return measureShot(w, terrain, arc, firer, target, o, nil)
}

// measureShot is MeasureShotWith reusing the sight facts in c.
func measureShot(w *world.World, terrain world.TerrainRules, arc string, firer, target world.Base, o Options, c sightCache) (ShotGeometry, error) {
	return measureShotIn(w, terrain, arc, arcUnknown, firer, target, o, c)
}

// Whether a target is in a mount's arc, when the caller has read it
// already (arcIn, arcOut; the arc parsed) or not (arcUnknown).
const (
	arcUnknown int8 = iota
	arcIn
	arcOut
)

// measureShotIn is measureShot told, when known, what mountSees says of
// the arc.
func measureShotIn(w *world.World, terrain world.TerrainRules, arc string, inArc int8, firer, target world.Base, o Options, c sightCache) (ShotGeometry, error) {
	in := inArc == arcIn
	if inArc == arcUnknown {
		var err error
		if in, err = mountSees(arc, firer, target); err != nil {
			return ShotGeometry{Range: world.Distance(firer, target)}, err
		}
	}
	key := newSightKey(firer, target, o.FlatTerrainSight)
	if g, ok := c.get(key); ok {
		g.InArc = in
		return g, nil
	}
	g := ShotGeometry{Range: world.Distance(firer, target), InArc: in}
	opt := world.LOSOptions{FlatTerrain: o.FlatTerrainSight, LowBand: LegsHeightShare}
	if c != nil {
		// The rules' own look-ups (Legal, Validate) read only the verdict
		// and the shares, which do not depend on how many sample lines
		// are drawn: one line, and no text (MeasureShotWith, the
		// previews' way in, has c nil and draws and explains).
		opt.Samples = 1
	}
	lc := c.context(w)
	los := lc.lc.LOS(firer, target, terrain, opt)
	g.LOS = los.Verdict
	if c == nil {
		g.Reason = los.Reason()
	}
	g.InCover = len(los.TargetIn) > 0
	g.ObscuredShare = max(0, los.Seen-los.Visible)
	g.LowHidden = los.LowHidden
	c.release(lc) // los's slices are not read after this
	if !o.FlatTerrainSight && firer.Foot.SightHeight > 0 && target.Foot.SightHeight > 0 {
		g.LegsHidden = LegsHiddenByHeight(g.InCover, g.LowHidden)
	} else {
		g.LegsHidden = LegsHidden(g.LOS, g.InCover, g.ObscuredShare)
	}
	g.Hit = hitContext(target, firer.Pos)
	c.put(key, g)
	return g, nil
}

// shotSetup builds the ShotSetup of one declared shot from the state and
// the table.
func (r *Ruleset) shotSetup(s *rules.State, f titan, attacker TitanState, sh Shot) (ShotSetup, error) {
	return r.shotSetupCached(s, f, attacker, sh, r.sight)
}

// shotSetupCached is shotSetup reusing the sight facts in c.
func (r *Ruleset) shotSetupCached(s *rules.State, f titan, attacker TitanState, sh Shot, c sightCache) (ShotSetup, error) {
	opts, err := r.options(s)
	if err != nil {
		// shotSetup reports a bad mount, weapon or target first.
		b := setupBuilder{r: r, s: s, f: f, attacker: attacker, c: c}
		if _, _, _, err := b.lookup(sh); err != nil {
			return ShotSetup{}, err
		}
		return ShotSetup{}, err
	}
	b := setupBuilder{r: r, s: s, f: f, attacker: attacker, opts: opts, c: c}
	return b.setup(sh)
}

// setupBuilder builds the setups of shots of one firer on one state
// (shotSetupCached's), looking each titan's end of a shot up once.
type setupBuilder struct {
	r        *Ruleset
	s        *rules.State
	f        titan
	attacker TitanState
	opts     Options
	c        sightCache
	fe       *shotEnd
	ends     []shotEnd // the targets seen so far
}

// lookup finds sh's mount, weapon and target end, with shotSetup's
// errors.
func (b *setupBuilder) lookup(sh Shot) (*sheet.Mount, *catalog.Weapon, *shotEnd, error) {
	r, s, f := b.r, b.s, b.f
	m := mountByID(f.prof, sh.Mount)
	if m == nil {
		return nil, nil, nil, fmt.Errorf("%s has no mount %q", f.u.ID, sh.Mount)
	}
	w, err := r.weaponAt(f.u, sh.Mount)
	if err != nil {
		return nil, nil, nil, err
	}
	var te *shotEnd
	for i := range b.ends {
		if b.ends[i].t.u.ID == sh.Target {
			te = &b.ends[i]
			break
		}
	}
	if te == nil {
		t, err := r.titan(s, sh.Target)
		if err != nil {
			return nil, nil, nil, err
		}
		switch {
		case t.u.Side == f.u.Side:
			return nil, nil, nil, fmt.Errorf("%s is not an enemy titan", sh.Target)
		case !operational(t.u):
			return nil, nil, nil, fmt.Errorf("%s is not on the table", sh.Target)
		}
		b.ends = append(b.ends, shotEnd{t: t, b: r.base(t.u), cc: r.enemiesInContact(s, t.u)})
		te = &b.ends[len(b.ends)-1]
	}
	return m, w, te, nil
}

// setup is shotSetupCached for sh.
func (b *setupBuilder) setup(sh Shot) (ShotSetup, error) {
	m, w, te, err := b.lookup(sh)
	if err != nil {
		return ShotSetup{}, err
	}
	if b.fe == nil {
		b.fe = &shotEnd{t: b.f, b: b.r.base(b.f.u), cc: b.r.enemiesInContact(b.s, b.f.u)}
	}
	return b.r.setupOf(b.s, b.fe, b.attacker, sh, m, w, te, b.opts, b.c, arcUnknown)
}

// shotEnd is one end of a shot: the titan, its base, the enemies in
// base contact with it.
type shotEnd struct {
	t  titan
	b  world.Base
	cc []string
}

// setupOf is shotSetupCached once the mount, weapon, target and the ends'
// facts are looked up (the target an operational enemy).
func (r *Ruleset) setupOf(s *rules.State, fe *shotEnd, attacker TitanState, sh Shot, m *sheet.Mount, w *catalog.Weapon, te *shotEnd, opts Options, c sightCache, inArc int8) (ShotSetup, error) {
	var out ShotSetup
	f, t := fe.t, te.t
	fb, tb := fe.b, te.b
	geo, err := measureShotIn(r.w, r.terrain, m.Arc, inArc, fb, tb, opts, c)
	if err != nil {
		return out, err
	}
	fcc, tcc := fe.cc, te.cc
	merged := 0
	pool := []string(nil)
	switch {
	case opts.ShootIntoCC && len(tcc) > 0 && !hasString(fcc, t.u.ID):
		pool = r.contactGroup(s, t.u.ID, false)
	case opts.MergeShields:
		pool = r.contactGroup(s, t.u.ID, true)
	}
	for _, id := range pool {
		if id == t.u.ID {
			continue
		}
		if p, err := r.titan(s, id); err == nil {
			merged += p.ts.ShieldsUp(p.prof)
		}
	}
	out = ShotSetup{
		Attacker: f.prof, AttackerID: f.u.ID, AttackerState: attacker, Mount: sh.Mount, Weapon: w,
		Target: t.prof, TargetID: t.u.ID, TargetState: t.ts,
		Range: geo.Range, InArc: geo.InArc, Visible: geo.LOS != world.LOSBlocked,
		Cover: geo.LOS == world.LOSCover, LegsHidden: geo.LegsHidden,
		MergedShields: merged, OverloadShields: t.ts.OverloadOrder,
		Hit:        geo.Hit,
		FirerMoved: f.u.Moved, TargetMoved: t.u.Moved, TargetMovedCM: t.u.MovedDist,
		Aim: sh.Aim, Overload: sh.Overload, PointBlank: sh.PointBlank,
		FirerInCC: len(fcc) > 0, TargetInCC: len(tcc) > 0, CCOpponent: hasString(fcc, t.u.ID),
	}
	return out, nil
}

// declared checks every shot of the command and returns their setups.
func (c *FireCmd) declared(s *rules.State) (titan, []ShotSetup, Options, error) {
	r := c.r
	if r == nil {
		return titan{}, nil, Options{}, errUnbound
	}
	var f titan
	var err error
	if in := offer(s); in != nil {
		// Overwatch fire between the opponent's actions.
		if in.Side != c.By || !hasString(in.Units, c.Unit) {
			return f, nil, Options{}, fmt.Errorf("%s may not fire now: the overwatch offer is to %s for %s", c.Unit, in.Side, strings.Join(in.Units, ", "))
		}
		if f, err = r.titan(s, c.Unit); err != nil {
			return f, nil, Options{}, err
		}
	} else {
		if s.Step != StepShooting {
			return titan{}, nil, Options{}, fmt.Errorf("titans fire in the shooting phase (or on overwatch), not %s", s.Step)
		}
		if f, err = r.ownActivation(s, c.By, c.Unit); err != nil {
			return f, nil, Options{}, err
		}
	}
	opts, err := r.options(s)
	if err != nil {
		return f, nil, opts, err
	}
	if len(c.Shots) == 0 {
		return f, nil, opts, fmt.Errorf("no shots declared (use hold to hold fire)")
	}
	seen := map[string]bool{}
	out := make([]ShotSetup, 0, len(c.Shots))
	b := setupBuilder{r: r, s: s, f: f, attacker: f.ts, opts: opts, c: r.sight}
	for i, sh := range c.Shots {
		if seen[sh.Mount] {
			return f, nil, opts, fmt.Errorf("shot %d: mount %s fires once per phase", i+1, sh.Mount)
		}
		seen[sh.Mount] = true
		setup, err := b.setup(sh)
		if err != nil {
			return f, nil, opts, fmt.Errorf("shot %d (%s): %w", i+1, sh.Mount, err)
		}
		if _, err := toHitP(setup, opts); err != nil {
			return f, nil, opts, fmt.Errorf("shot %d (%s at %s): %w", i+1, setup.Weapon.Name, sh.Target, err)
		}
		out = append(out, setup)
	}
	return f, out, opts, nil
}

// Validate implements rules.Command.
func (c *FireCmd) Validate(s *rules.State) error {
	_, _, _, err := c.declared(s)
	return err
}

// firePlan is what declared found, kept between Plan and ApplyPlan.
type firePlan struct {
	f      titan
	setups []ShotSetup
	opts   Options
}

// Plan implements rules.Planner: Validate keeping the declared shots
// with their measured sight lines for ApplyPlan (the engine measures them
// once).
func (c *FireCmd) Plan(s *rules.State) (any, error) {
	f, setups, opts, err := c.declared(s)
	if err != nil {
		return nil, err
	}
	f.u = nil // a pointer into s: ApplyPlan looks the unit up in its own state
	return &firePlan{f: f, setups: setups, opts: opts}, nil
}

// ApplyPlan implements rules.Planner.
func (c *FireCmd) ApplyPlan(s *rules.State, d rules.Dice, plan any) ([]rules.Event, error) {
	p, ok := plan.(*firePlan)
	if !ok {
		return c.Apply(s, d)
	}
	f := p.f
	if f.u = s.Unit(c.Unit); f.u == nil {
		return nil, fmt.Errorf("no unit %q", c.Unit)
	}
	return c.apply(s, d, f, p.setups, p.opts)
}

// Apply implements rules.Command.
func (c *FireCmd) Apply(s *rules.State, d rules.Dice) ([]rules.Event, error) {
	f, setups, opts, err := c.declared(s)
	if err != nil {
		return nil, err
	}
	return c.apply(s, d, f, setups, opts)
}

// apply fires the shots declared (and checked) on s or on the state s is
// a copy of.
func (c *FireCmd) apply(s *rules.State, d rules.Dice, f titan, setups []ShotSetup, opts Options) ([]rules.Event, error) {
	r := c.r
	attacker := f.ts
	for i, sh := range setups {
		t, err := r.titan(s, sh.TargetID)
		if err != nil {
			return nil, err
		}
		quiet := rules.Quiet(d) // search: no log text
		if !quiet {
			th, _ := ToHit(sh, opts)
			rules.LogEvents(d, rules.Event{Kind: rules.EvFired, Units: []string{c.Unit, sh.TargetID},
				Text: fmt.Sprintf("%s fires %s at %s (%.1f cm, aimed %s, into its %s): %s", c.Unit, sh.Weapon.Name, sh.TargetID, sh.Range, sh.Aim, sh.Hit.Direction, th.String()),
				Data: map[string]string{"mount": sh.Mount, "weapon": sh.Weapon.ID}})
		}
		if t.ts.Destroyed || !operational(t.u) {
			if !quiet {
				rules.LogEvents(d, rules.Message(fmt.Sprintf("%s is already destroyed: the %s's shot is wasted", sh.TargetID, sh.Weapon.Name)))
			}
			continue
		}
		sh.AttackerState, sh.TargetState = attacker, t.ts
		hr, err := RollHits(sh, opts, d)
		if err != nil {
			return nil, fmt.Errorf("shot %d: %w", i+1, err)
		}
		attacker = hr.AttackerState
		if !quiet {
			rules.LogEvents(d, rules.Event{Kind: rules.EvMessage, Units: []string{c.Unit, sh.TargetID}, Text: fmt.Sprintf("%s: %d hit(s)", sh.Weapon.Name, hr.Hits)})
		}
		if hr.Hits > 0 {
			if err := r.shotHits(s, d, f.u, sh, hr, opts); err != nil {
				return nil, err
			}
		}
		// The firer's own state may have changed (an explosion nearby).
		cur, err := TitanOf(f.u)
		if err != nil {
			return nil, err
		}
		cur.MissilesSpent = attacker.MissilesSpent
		attacker = cur
		if err := putTitan(f.u, f.prof, attacker); err != nil {
			return nil, err
		}
		if err := r.resolveExplosions(s, d, opts); err != nil {
			return nil, err
		}
	}
	f.u.Fired = true
	if offer(s) != nil {
		return nil, r.endOffer(s)
	}
	f.u.Activated = true
	return nil, r.advanceOrder(s, c.Unit)
}

// bestShots picks, for each weapon of titan f able to fire, the nearest
// enemy titan in range it may legally shoot (aimed high, or low when high
// is not allowed). Weapons with no target in range are left out. Used by
// Legal.
func (r *Ruleset) bestShots(s *rules.State, f titan, opts Options) ([]Shot, []float64) {
	return r.bestShotsCached(s, f, opts, r.sight)
}

// mountShot is one legal shot of a mount: its target, the chance a die
// hits aimed high, and whether it may also be aimed low (ATII-SHT-3).
type mountShot struct {
	shot   Shot
	p      float64
	lowOK  bool
	target string
}

// unitEnds looks the titans of one state up for shots once per call
// (Legal): each unit's end of a shot (titan, base, contacts) by its index
// in the state's units.
type unitEnds struct {
	ends []shotEnd
	look []int8 // 0: not looked up yet, 1: a titan, -1: not one
	// shotsByMount's buffers, reused from one firer to the next: what it
	// returns is only good until its next call with these ends.
	enemies []fireEnemy
	shots   []mountShot
	byMount [][]mountShot
	order   []int // the firer's mounts in resolution order
	// fire is legalFire's scratch, memo its choices kept from one call
	// to the next.
	fire fireScratch
	memo fireMemo
}

// fireEnemy is an enemy titan as shotsByMount sees it.
type fireEnemy struct {
	id   string
	rng  float64
	base world.Base
	idx  int // in s.Units
}

func newUnitEnds(n int) *unitEnds {
	return &unitEnds{ends: make([]shotEnd, n), look: make([]int8, n), enemies: make([]fireEnemy, 0, n)}
}

// unitEnds returns empty ends for a state of n units, kept from an
// earlier call when there is one (hand them back with putUnitEnds).
func (r *Ruleset) unitEnds(n int) *unitEnds {
	if r.ends != nil {
		if e, _ := r.ends.Get().(*unitEnds); e != nil {
			if cap(e.ends) < n {
				e.ends, e.look = make([]shotEnd, n), make([]int8, n)
			}
			e.ends, e.look = e.ends[:n], e.look[:n]
			clear(e.look)
			return e
		}
	}
	return newUnitEnds(n)
}

// putUnitEnds keeps e for the next call, dropping what it points into.
func (r *Ruleset) putUnitEnds(e *unitEnds) {
	if r.ends == nil {
		return
	}
	clear(e.ends)
	clear(e.enemies[:cap(e.enemies)])
	clear(e.shots[:cap(e.shots)])
	clear(e.byMount[:cap(e.byMount)])
	e.enemies, e.shots, e.byMount = e.enemies[:0], e.shots[:0], e.byMount[:0]
	e.fire.reset()
	r.ends.Put(e)
}

// get returns unit i's end (b its base), nil when it cannot be read as a
// titan.
func (e *unitEnds) get(r *Ruleset, s *rules.State, i int, b world.Base) *shotEnd {
	if e.look[i] == 0 {
		e.look[i] = -1
		if t, err := r.titanRead(s, s.Units[i].ID); err == nil { // only read
			e.ends[i], e.look[i] = shotEnd{t: t, b: b, cc: r.enemiesInContact(s, t.u)}, 1
		}
	}
	if e.look[i] < 0 {
		return nil
	}
	return &e.ends[i]
}

// shotsByMount lists, for every mount of f that may fire, in resolution
// order (mountOrder: weakest weapon first), each legal shot it has (aimed
// high; nearest target first), tracing sight lines through
// the cache c and looking targets up through ue (shared by the titans of
// one call; nil: its own). keep, when set, is given each shot's setup
// with its mount's index (once more aimed low where the rules allow it);
// the setup is the caller's to copy, not to keep.
func (r *Ruleset) shotsByMount(s *rules.State, f titan, opts Options, c sightCache, ue *unitEnds, keep func(mount int, su *ShotSetup)) [][]mountShot {
	if ue == nil || len(ue.look) != len(s.Units) {
		ue = newUnitEnds(len(s.Units))
	}
	enemies := ue.enemies[:0]
	fb := r.base(f.u)
	for i := range s.Units {
		o := &s.Units[i]
		if o.Side == f.u.Side || !operational(o) {
			continue
		}
		tb := r.base(o)
		enemies = append(enemies, fireEnemy{id: o.ID, rng: world.Distance(fb, tb), base: tb, idx: i})
	}
	ue.enemies = enemies
	slices.SortStableFunc(enemies, func(a, b fireEnemy) int { return cmp.Compare(a.rng, b.rng) })
	var fe shotEnd
	feOK := false
	out := ue.byMount[:0]
	shots := ue.shots[:0]
	ue.order = r.mountOrder(f, ue.order)
	for _, mi := range ue.order {
		m := &sheet.Of(f.prof).Mounts[mi]
		w, err := r.weaponAt(f.u, m.ID)
		if err != nil || w.Kind == catalog.CloseCombat || !canFire(f.prof, &f.ts, m.ID, w) {
			continue
		}
		first := len(shots)
		arc, arcErr := world.ParseArc(m.Arc) // mountSees, parsed once per mount
		for ei := range enemies {
			o := &enemies[ei]
			inArc := arcUnknown // a bad arc: setupOf reports it
			if arcErr == nil {
				if !arc.ContainsBase(fb, o.base) {
					continue
				}
				inArc = arcIn
			}
			if !w.Unlimited && !w.HasSpecial("haywire") && o.rng > w.Range+eps {
				continue
			}
			// What shotSetupCached looks up, once per titan: the target
			// (skipped when it cannot be read) and the contacts.
			te := ue.get(r, s, o.idx, o.base)
			if te == nil {
				continue
			}
			if !feOK {
				fe, feOK = shotEnd{t: f, b: fb, cc: r.enemiesInContact(s, f.u)}, true
			}
			sh := Shot{Mount: m.ID, Target: o.id, Aim: AimHigh}
			setup, err := r.setupOf(s, &fe, f.ts, sh, m, w, te, opts, c, inArc)
			if err != nil {
				continue
			}
			if opts.PointBlank && setup.CCOpponent && setup.Range <= PointBlankRange+eps {
				sh.PointBlank, setup.PointBlank = true, true
			}
			th, err := toHitP(setup, opts)
			if err != nil || th.AutoMiss {
				continue
			}
			low := !sh.PointBlank && aimBar(AimLow, setup.LegsHidden, setup.OnlyLegsVisible) == aimAllowed
			shots = append(shots, mountShot{shot: sh, p: th.P, lowOK: low, target: o.id})
			if keep != nil {
				// A copy of its own: only this branch moves a setup to
				// the heap (keep takes its address), not every shot Legal
				// measures.
				su := setup
				keep(mi, &su)
				if low {
					su.Aim = AimLow
					keep(mi, &su)
				}
			}
		}
		if len(shots) > first {
			// Capped, so that a later list does not grow into it (an
			// append that moves shots leaves this one where it was).
			out = append(out, shots[first:len(shots):len(shots)])
		}
	}
	ue.shots, ue.byMount = shots, out
	return out
}

// bestShotsCached is bestShots with a sight cache shared by every titan
// of one Legal call. Each mount takes the nearest enemy it can hit (ties:
// the first in the state's order): enemies are tried nearest first, so
// sight lines are traced only until one is found.
func (r *Ruleset) bestShotsCached(s *rules.State, f titan, opts Options, c sightCache) ([]Shot, []float64) {
	type enemy struct {
		id   string
		rng  float64
		base world.Base
	}
	var enemies []enemy
	fb := r.base(f.u)
	for i := range s.Units {
		o := &s.Units[i]
		if o.Side == f.u.Side || !operational(o) {
			continue
		}
		tb := r.base(o)
		enemies = append(enemies, enemy{o.ID, world.Distance(fb, tb), tb})
	}
	slices.SortStableFunc(enemies, func(a, b enemy) int { return cmp.Compare(a.rng, b.rng) })
	var shots []Shot
	var probs []float64
	var order [8]int
	for _, mi := range r.mountOrder(f, order[:0]) {
		m := &sheet.Of(f.prof).Mounts[mi]
		w, err := r.weaponAt(f.u, m.ID)
		if err != nil || w.Kind == catalog.CloseCombat || !canFire(f.prof, &f.ts, m.ID, w) {
			continue
		}
		for _, o := range enemies {
			// Out of the arc (refused,
			// ATII-SHT-2; out of range, ATII-SHT-4) whatever the sight line: skip it untraced.
			if in, err := mountSees(m.Arc, fb, o.base); err == nil && !in {
				continue
			}
			if !w.Unlimited && !w.HasSpecial("haywire") && o.rng > w.Range+eps {
				continue
			}
			sh := Shot{Mount: m.ID, Target: o.id, Aim: AimHigh}
			setup, err := r.shotSetupCached(s, f, f.ts, sh, c)
			if err != nil {
				continue
			}
			if opts.PointBlank && setup.CCOpponent && setup.Range <= PointBlankRange+eps {
				// Point-blank at the close combat opponent: the only
				// shot a titan in combat has, and shields ignored.
				sh.PointBlank, setup.PointBlank = true, true
			}
			th, err := toHitP(setup, opts)
			if err != nil || th.AutoMiss {
				continue
			}
			shots = append(shots, sh)
			probs = append(probs, th.P)
			break
		}
	}
	return shots, probs
}
