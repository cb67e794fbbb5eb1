package e40k

import (
	"fmt"
	"math"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/world"
)

// Titan steps of the sequence of play (seed 002's modified sequence).
const (
	// StepTitanMove: movement phase step 3, players alternate moving
	// titans (after the initiative, before the detachments).
	StepTitanMove = "movement/titans"
	// StepTitanAssault: assault phase steps 2 and 3, players alternate
	// titans' assault moves (stomping stands on the way), then the titan
	// close combats, before the detachments' assaults.
	StepTitanAssault = "assault/titans"
)

// Titan command names and decision kinds.
const (
	CmdTitanMove  = "titan-move"
	CmdTitanFire  = "titan-fire"
	KindTitanMove = "titan-move"
)

// stageTitanCombat: the titan close combats of the assault phase.
const stageTitanCombat = "titan-combat"

// atiiOptions are the ATII options titans fight under inside E40K: the
// core rules (no ATII advanced rules).
func atiiOptions() atii.Options { return atii.Options{} }

// beginTitanPhase starts a titan step: a titan with Major reactor damage
// rolls its 4+ to move (atii.ReactorMoveCheck, movement and assault
// phases), and every titan able to move enters the move order
// (ATII-MOV-1: lowest Man first in the movement phase, highest first in
// the assault phase).
func (r *Ruleset) beginTitanPhase(assault bool) func(*rules.State, rules.Dice) ([]rules.Event, error) {
	return func(s *rules.State, d rules.Dice) ([]rules.Event, error) {
		g, err := r.progress(s)
		if err != nil {
			return nil, err
		}
		g.TitanOrder, g.TitanLast, g.Acted, g.Stage, g.Reaction = nil, "", nil, stageMoves, ""
		for i := range s.Units {
			u := &s.Units[i]
			if !operational(u) || !r.IsTitan(u) {
				continue
			}
			t, err := r.titan(s, u.ID)
			if err != nil {
				return nil, err
			}
			ts, err := atii.ReactorMoveCheck(t.prof, t.ts, d)
			if err != nil {
				return nil, err
			}
			if err := t.put(ts); err != nil {
				return nil, err
			}
			if atii.CanMove(ts) == nil {
				g.TitanOrder = append(g.TitanOrder, atii.OrderEntry{ID: u.ID, Side: u.Side, Man: sheet.Of(t.prof).Man})
			}
		}
		return nil, r.sync(s, g)
	}
}

// syncTitans sets the titan step's decision: the side whose turn it is to
// move a titan (alternating, the initiative's first side starting;
// atii.NextSide), then, in the assault phase, the close combats.
func (r *Ruleset) syncTitans(s *rules.State, g *Progress) {
	assault := s.Step == StepTitanAssault
	if g.Stage == stageMoves && g.Reaction != "" {
		// A titan has just moved: the enemy's detachments on overwatch
		// may fire at it, with the ATII rules (seed 002).
		if u := s.Unit(g.Reaction); u != nil && operational(u) {
			opp := 1 - sideIndex(s, u.Side)
			ids := r.detachments(s, opp, func(f *rules.Formation) bool { return r.canOverwatch(s, f, g.Reaction) })
			if len(ids) > 0 {
				r.wait(s, opp, KindOverwatch, "overwatch: fire at titan "+g.Reaction+", or pass", ids, CmdFire, CmdPass)
				return
			}
		}
		g.Reaction = ""
	}
	if g.Stage == stageMoves {
		first := max(g.First, 0)
		next := atii.NextSide(g.TitanOrder, s.Sides[first].ID, s.Sides[1-first].ID, g.TitanLast, assault)
		if next != "" {
			r.wait(s, sideIndex(s, next), KindTitanMove, "move a titan (or hold it)", atii.Movable(g.TitanOrder, next, assault), CmdTitanMove, CmdPass)
			return
		}
		g.Stage = stageDone
		if assault {
			g.Stage = stageTitanCombat
		}
	}
	if g.Stage == stageTitanCombat && len(r.titanFights(s, g)) == 0 && len(r.titanWarEngineFights(s, g)) == 0 {
		g.Stage = stageDone
	}
}

// titanFights lists the pairs of enemy titans in base contact whose close
// combat is still to be fought this phase.
func (r *Ruleset) titanFights(s *rules.State, g *Progress) [][2]string {
	var out [][2]string
	if len(s.Sides) != 2 {
		return nil
	}
	// Every pair has one titan of the first side.
	for _, id := range r.titanIDs(s, 0) {
		for _, e := range r.titansInContact(s, s.Unit(id)) {
			if !g.acted(fightKey(id, e)) {
				out = append(out, [2]string{id, e})
			}
		}
	}
	return out
}

func fightKey(a, b string) string { return "titan-cc:" + a + "|" + b }

// TitanMoveCmd moves one titan in the movement phase or makes its assault
// move (seed 002, ATII rules): the path is measured on the table
// (world.MeasureMove, pivoting to face each leg) and priced by
// atii.CheckMove (Man for turns, Speed, backwards cost, dangerous terrain,
// damage that stops movement: ATII-MOV-2..5); in the movement phase it may
// not come within 10 cm of an enemy titan (ATII-MOV-6). Other titans and
// war engines block it; infantry and vehicles do not: any it ends on are
// pushed out of the way (seed 002). The move order is ATII-MOV-1's
// (atii.StartMove: moving a titan out of Man order forfeits the side's
// titans that should have gone first). An empty path holds the titan
// where it is.
//
// In the assault phase Stomp lists enemy infantry or vehicle stands the
// titan ends in base contact with that it attacks with its improvised
// attacks (atii.Stomp: CCS to hit, a hit destroys the stand; +1 attack
// when it charged them); stands in terrain impassable to titans cannot be
// stomped, and improvised attacks used so may not be used against a titan
// this turn.
type TitanMoveCmd struct {
	r     *Ruleset
	By    string          `json:"by"`
	Titan string          `json:"titan"`
	Path  []atii.Waypoint `json:"path,omitempty"`
	Stomp []string        `json:"stomp,omitempty"`
}

// Name implements rules.Command.
func (*TitanMoveCmd) Name() string { return CmdTitanMove }

// Actor implements rules.Command.
func (c *TitanMoveCmd) Actor() string { return c.By }

// titanMovePrep is a measured, checked titan move.
type titanMovePrep struct {
	t       titanRef
	start   world.Base
	rep     world.MoveReport
	plan    atii.MovePlan
	assault bool
	order   []atii.OrderEntry
	// before lists the enemy units in contact at the start.
	before map[string]bool
}

func (c *TitanMoveCmd) prepare(s *rules.State) (titanMovePrep, error) {
	var p titanMovePrep
	g, err := c.r.pendingOf(s, c.By, KindTitanMove)
	if err != nil {
		return p, err
	}
	if !listed(s, c.Titan) {
		return p, fmt.Errorf("titan %q may not move now", c.Titan)
	}
	p.assault = s.Step == StepTitanAssault
	if p.order, err = atii.StartMove(g.TitanOrder, c.Titan, p.assault); err != nil {
		return p, err
	}
	if p.t, err = c.r.titan(s, c.Titan); err != nil {
		return p, err
	}
	if p.t.u.Side != c.By {
		return p, fmt.Errorf("%s belongs to %s", c.Titan, p.t.u.Side)
	}
	if len(c.Path) > atii.MaxWaypoints {
		return p, fmt.Errorf("%d waypoints: at most %d", len(c.Path), atii.MaxWaypoints)
	}
	if len(c.Stomp) > 0 && !p.assault {
		return p, fmt.Errorf("titans stomp stands in the assault phase")
	}
	p.start = titanBase(p.t)
	p.before = map[string]bool{}
	for i := range s.Units {
		o := &s.Units[i]
		if o.Side == c.By || !operational(o) {
			continue
		}
		if ob, err := c.r.base(s, o); err == nil && world.InContact(p.start, ob) {
			p.before[o.ID] = true
		}
	}
	end := p.start
	if len(c.Path) > 0 {
		if err := atii.CanMove(p.t.ts); err != nil {
			return p, fmt.Errorf("%s: %w", c.Titan, err)
		}
		path := make([]world.Waypoint, len(c.Path))
		for i, wp := range c.Path {
			if !finiteNum(wp.X) || !finiteNum(wp.Y) || (wp.Facing != nil && !finiteNum(*wp.Facing)) {
				return p, fmt.Errorf("waypoint %d: coordinates must be finite numbers", i+1)
			}
			path[i] = world.Waypoint{To: world.Vec{X: wp.X, Y: wp.Y}}
			if wp.Facing != nil {
				path[i].Facing, path[i].Turn = world.NormDeg(*wp.Facing), true
			}
		}
		mo := world.MoveOptions{FaceMovement: true, KeepoutDist: atii.EnemyExclusion}
		for i := range s.Units {
			o := &s.Units[i]
			if o.ID == c.Titan || !operational(o) {
				continue
			}
			op, err := c.r.Profile(s, o)
			if err != nil {
				return p, err
			}
			if !op.WarEngine() {
				continue // infantry and vehicles are pushed aside
			}
			ob := world.Base{ID: o.ID, Pos: o.Pos, Facing: o.Facing, Foot: op.Base}
			mo.Blockers = append(mo.Blockers, ob)
			if o.Side != c.By && !p.assault && c.r.IsTitan(o) {
				mo.Keepout = append(mo.Keepout, ob)
			}
		}
		p.rep = c.r.w.MeasureMove(p.start, path, c.r.terrain, world.Titan, mo)
		if p.rep.Illegal != nil {
			reason := p.rep.Illegal.Reason
			if p.rep.Illegal.Kind == "keepout" {
				reason += " (ATII-MOV-6: no closer than 10 cm to an enemy titan in the movement phase)"
			}
			return p, fmt.Errorf("%s cannot take that path: %s", c.Titan, reason)
		}
		p.plan = atii.PlanFromReport(&p.rep, p.assault, len(c.r.titansInContact(s, p.t.u)) > 0)
		p.plan.Unit = c.Titan
		if _, err := atii.CheckMove(p.t.prof, p.t.ts, p.plan, atiiOptions()); err != nil {
			return p, fmt.Errorf("%s: %w", c.Titan, err)
		}
		end = p.rep.End
		end.Foot = p.start.Foot
	}
	if len(c.Stomp) > 0 && p.t.u.Markers.Value(MarkStomped) > 0 {
		return p, fmt.Errorf("%s has already used its improvised attacks this turn", c.Titan)
	}
	seen := map[string]bool{}
	for _, id := range c.Stomp {
		if err := c.r.checkStomp(s, p.t, end, id); err != nil {
			return p, err
		}
		if seen[id] {
			return p, fmt.Errorf("%s is listed twice to stomp", id)
		}
		seen[id] = true
	}
	return p, nil
}

// checkStomp checks that a titan at end may stomp unit id: an enemy
// infantry or vehicle stand (not a war engine) in base contact, not in
// terrain impassable to titans.
func (r *Ruleset) checkStomp(s *rules.State, t titanRef, end world.Base, id string) error {
	v := s.Unit(id)
	if v == nil || !operational(v) {
		return fmt.Errorf("no unit %q to stomp", id)
	}
	if v.Side == t.u.Side {
		return fmt.Errorf("%s is not an enemy", id)
	}
	vp, err := r.Profile(s, v)
	if err != nil {
		return err
	}
	if vp.WarEngine() {
		return fmt.Errorf("%s is a war engine: titans stomp infantry and vehicles only", id)
	}
	vb := world.Base{ID: v.ID, Pos: v.Pos, Facing: v.Facing, Foot: vp.Base}
	if !world.InContact(end, vb) && !world.Overlap(end, vb) {
		return fmt.Errorf("%s is not in base contact with %s", id, t.u.ID)
	}
	for _, fi := range r.w.FeaturesAt(v.Pos, nil) {
		if r.terrain.PassageFor(r.w.Features[fi].Kind, world.Titan) == world.Impassable {
			return fmt.Errorf("%s stands in terrain impassable to titans and cannot be stomped", id)
		}
	}
	return nil
}

func finiteNum(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// Validate implements rules.Command. Errors: not this side's decision, a
// titan that may not move now or out of its turn, and the path's or the
// stomp's first problem.
func (c *TitanMoveCmd) Validate(s *rules.State) error {
	_, err := c.prepare(s)
	return err
}

// Apply implements rules.Command: the dangerous terrain dice
// (atii.ResolveMove), the titan as far along the path as it gets, stands
// in its way pushed aside, a charge noted, then the stomps.
func (c *TitanMoveCmd) Apply(s *rules.State, d rules.Dice) ([]rules.Event, error) {
	p, err := c.prepare(s)
	if err != nil {
		return nil, err
	}
	g, err := c.r.progress(s)
	if err != nil {
		return nil, err
	}
	g.TitanOrder, g.TitanLast = p.order, c.By
	u := p.t.u
	var evs []rules.Event
	if len(c.Path) > 0 {
		o, err := atii.ResolveMove(p.t.prof, p.t.ts, p.plan, atiiOptions(), d)
		if err != nil {
			return nil, err
		}
		pos, facing := atii.PositionAt(&p.rep, p.start, o.Distance, o.Complete)
		u.Pos, u.Facing = pos, facing
		u.MovedDist += o.Distance
		u.Moved = true
		if !p.assault && o.Distance > world.Eps {
			g.Reaction = u.ID // overwatch fire may follow (syncTitans)
		}
		text := fmt.Sprintf("%s moves %.1f cm", u.ID, o.Distance)
		if p.assault {
			text = fmt.Sprintf("%s makes an assault move of %.1f cm", u.ID, o.Distance)
		}
		still := fmt.Sprintf("%.1f", o.Distance) == "0.0"
		turned := world.RelDeg(facing - p.start.Facing)
		switch {
		case still && o.Complete && math.Abs(turned) > world.Eps:
			// A turn on the spot: say the turn, not a move of 0.0 cm.
			text = u.ID + " turns " + world.TurnWords(turned) + " on the spot"
			if p.assault {
				text += " (its assault move)"
			}
		case still:
			// Nothing moved: no move of 0.0 cm in the log.
			text = u.ID + " stays in place"
			if !o.Complete {
				text += ": " + o.StopReason
			}
		case !o.Complete:
			text += " and stops: " + o.StopReason
		}
		evs = append(evs, rules.Event{Kind: rules.EvMoved, Side: u.Side, Units: []string{u.ID}, Path: []world.Vec{p.start.Pos, pos}, Text: text})
		evs = append(evs, c.r.pushAside(s, p.t)...)
	} else {
		evs = append(evs, rules.Message(u.ID+" holds its ground"))
	}
	u.Activated = true
	now := titanBase(p.t)
	if p.assault {
		for _, id := range c.r.titansInContact(s, u) {
			if !p.before[id] {
				u.Markers.Set(MarkCharged, 1)
				evs = append(evs, rules.Event{Kind: rules.EvMessage, Side: u.Side, Units: []string{u.ID, id}, Text: u.ID + " charges into close combat with " + id})
			}
		}
		for _, id := range c.r.warEnginesTouching(s, u) {
			if !p.before[id] {
				u.Markers.Set(MarkChargedWE, 1) // fights it after the titan combats (titan_we.go)
				evs = append(evs, rules.Event{Kind: rules.EvMessage, Side: u.Side, Units: []string{u.ID, id}, Text: u.ID + " assaults war engine " + id + " (seed 002)"})
			}
		}
	}
	if len(c.Stomp) > 0 {
		se, err := c.r.stomp(s, d, p, now, c.Stomp)
		if err != nil {
			return nil, err
		}
		evs = append(evs, se...)
	}
	return evs, c.r.sync(s, g)
}

// stomp resolves a titan's improvised attacks on the listed stands still
// in base contact after its move (atii.Stomp), destroying those hit.
func (r *Ruleset) stomp(s *rules.State, d rules.Dice, p titanMovePrep, now world.Base, ids []string) ([]rules.Event, error) {
	var stands []string
	charged := false
	for _, id := range ids {
		if r.checkStomp(s, p.t, now, id) != nil {
			continue // the move stopped short of it
		}
		stands = append(stands, id)
		if !p.before[id] {
			charged = true
		}
	}
	p.t.u.Markers.Set(MarkStomped, 1)
	if len(stands) == 0 {
		return []rules.Event{rules.Message(p.t.u.ID + " reaches no stand to stomp")}, nil
	}
	hit, err := atii.Stomp(p.t.prof, p.t.u.ID, stands, charged, d)
	if err != nil {
		return nil, err
	}
	var evs []rules.Event
	for i, id := range stands {
		if !hit[i] {
			continue
		}
		if v := s.Unit(id); v != nil && !v.Destroyed {
			evs = append(evs, rules.Event{Kind: rules.EvMessage, Side: p.t.u.Side, Units: []string{p.t.u.ID, id}, Text: p.t.u.ID + " stomps " + id})
			evs = append(evs, r.destroy(s, v)...)
		}
	}
	return evs, nil
}

// pushAside moves every infantry or vehicle unit the titan now stands on
// straight out from the titan's centre until the bases no longer overlap
// (seed 002: "push the units out of the way").
func (r *Ruleset) pushAside(s *rules.State, t titanRef) []rules.Event {
	tb := titanBase(t)
	var evs []rules.Event
	for i := range s.Units {
		v := &s.Units[i]
		if v.ID == t.u.ID || !operational(v) {
			continue
		}
		vp, err := r.Profile(s, v)
		if err != nil || vp.WarEngine() {
			continue
		}
		vb := world.Base{ID: v.ID, Pos: v.Pos, Facing: v.Facing, Foot: vp.Base}
		if !world.Overlap(tb, vb) {
			continue
		}
		dir := v.Pos.Sub(tb.Pos)
		if dir.Len() < world.Eps {
			dir = world.Vec{X: 1}
		}
		dir = dir.Scale(1 / dir.Len())
		from := v.Pos
		for k := 0; k < 400 && world.Overlap(tb, vb); k++ {
			vb.Pos = vb.Pos.Add(dir.Scale(0.25))
		}
		v.Pos = vb.Pos
		evs = append(evs, rules.Event{Kind: rules.EvMoved, Side: v.Side, Units: []string{v.ID}, Path: []world.Vec{from, v.Pos},
			Text: fmt.Sprintf("%s is pushed aside by %s", v.ID, t.u.ID)})
	}
	return evs
}

// autoTitanCombat fights the titan close combats of the assault phase,
// one pair a call, after every titan has moved (seed 002 step 3;
// ATII-CC-1..3 through atii.ResolveCloseCombat): void shields do not
// protect; a titan that stomped has no improvised attacks left.
func (r *Ruleset) autoTitanCombat(s *rules.State, d rules.Dice) ([]rules.Event, bool, error) {
	g, err := r.progress(s)
	if err != nil {
		return nil, false, err
	}
	if g.Stage != stageTitanCombat {
		return nil, false, nil
	}
	fights := r.titanFights(s, &g)
	if len(fights) == 0 {
		// Then the titans that assaulted war engines (seed 002).
		if wf := r.titanWarEngineFights(s, &g); len(wf) > 0 {
			g.markActed(duelKey(wf[0][1], wf[0][0]))
			evs, err := r.warEngineTitanFight(s, d, wf[0][1], wf[0][0])
			if err != nil {
				return nil, false, err
			}
			ex, err := r.resolveExplosions(s, d)
			if err != nil {
				return nil, false, err
			}
			cev, err := r.catastrophes(s, d)
			if err != nil {
				return nil, false, err
			}
			return append(append(evs, ex...), cev...), true, r.sync(s, g)
		}
		return nil, true, r.sync(s, g)
	}
	pr := fights[0]
	g.markActed(fightKey(pr[0], pr[1]))
	evs, err := r.titanCloseCombat(s, d, pr[0], pr[1])
	if err != nil {
		return nil, false, err
	}
	return evs, true, r.sync(s, g)
}

// titanCloseCombat resolves one close combat between titans a and b.
func (r *Ruleset) titanCloseCombat(s *rules.State, d rules.Dice, a, b string) ([]rules.Event, error) {
	ta, err := r.titan(s, a)
	if err != nil {
		return nil, err
	}
	tb, err := r.titan(s, b)
	if err != nil {
		return nil, err
	}
	ca, err := r.combatant(ta, tb)
	if err != nil {
		return nil, err
	}
	cb, err := r.combatant(tb, ta)
	if err != nil {
		return nil, err
	}
	evs := rules.LogEvents(d, rules.Event{Kind: rules.EvMessage, Units: []string{a, b}, Text: "titan close combat: " + a + " against " + b})
	res, err := atii.ResolveCloseCombat(ca, cb, atiiOptions(), d)
	if err != nil {
		return nil, err
	}
	for _, st := range res.Strikes {
		evs = append(evs, rules.Event{Kind: rules.EvMessage, Units: []string{st.Attacker, st.Target},
			Text: fmt.Sprintf("%s strikes %s with %s: %d hit(s) from %d attack(s)", st.Attacker, st.Target, st.Weapon.Name, st.Hits, st.Attacks)})
		evs = append(evs, atii.DamageEvents(st.Target, st.Results)...)
	}
	for _, x := range []struct {
		t  titanRef
		ts atii.TitanState
	}{{ta, res.A}, {tb, res.B}} {
		was := x.t.ts.Destroyed
		if err := x.t.put(x.ts); err != nil {
			return nil, err
		}
		if !was && x.ts.Destroyed {
			evs = append(evs, atii.DestroyedEvent(x.t.u.ID, x.ts))
		}
	}
	ex, err := r.resolveExplosions(s, d)
	return append(evs, ex...), err
}

// combatant is a titan's side of a close combat with opp.
func (r *Ruleset) combatant(me, opp titanRef) (atii.Combatant, error) {
	ws, err := r.titanWeapons(me)
	if err != nil {
		return atii.Combatant{}, err
	}
	mb, ob := titanBase(me), titanBase(opp)
	in := map[string]bool{}
	for _, m := range sheet.Of(me.prof).Mounts {
		a, err := world.ParseArc(m.Arc)
		if err != nil {
			return atii.Combatant{}, fmt.Errorf("titan %s mount %s: %w", me.u.ID, m.ID, err)
		}
		in[m.ID] = a.ContainsBase(mb, ob)
	}
	prof := me.prof
	charged := me.u.Markers.Value(MarkCharged) > 0
	if me.u.Markers.Value(MarkStomped) > 0 {
		cp, sh := *prof, *sheet.Of(prof)
		sh.ImprovisedAttacks = "0" // used up stomping (seed 002)
		cp.Profile = &sh
		prof, charged = &cp, false
	}
	return atii.Combatant{ID: me.u.ID, Unit: prof, State: me.ts, Weapons: ws, InArc: in, Charged: charged,
		Hit: atii.HitContextFrom(mb, ob.Pos)}, nil
}
