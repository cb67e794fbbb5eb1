package e40k

import (
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

// UnitMove is one unit's straight move to a new place.
type UnitMove struct {
	Unit string    `json:"unit"`
	To   world.Vec `json:"to"`
}

// MoveCmd moves a detachment's units in the movement phase: each listed
// unit in a straight line, in the order given; unlisted units stay.
// Allowances by orders: assault Speed, march three times Speed, overwatch
// and hold none, special none for artillery and 5 cm for the others
// (E40K-ART-1). Out-of-command units may not move (E40K-CMD-1). No unit
// may end in contact with an enemy.
type MoveCmd struct {
	r          *Ruleset
	By         string     `json:"by"`
	Detachment string     `json:"detachment"`
	Moves      []UnitMove `json:"moves,omitempty"`
}

// Name implements rules.Command.
func (*MoveCmd) Name() string { return CmdMove }

// Actor implements rules.Command.
func (c *MoveCmd) Actor() string { return c.By }

// Validate implements rules.Command. Errors: not this side's decision, a
// detachment not waiting to move, and the first illegal unit move.
func (c *MoveCmd) Validate(s *rules.State) error {
	if _, err := c.r.pendingOf(s, c.By, KindMove); err != nil {
		return err
	}
	if !listed(s, c.Detachment) {
		return fmt.Errorf("detachment %q may not move now", c.Detachment)
	}
	_, err := c.r.checkMoves(s, c.Detachment, c.Moves, false)
	return err
}

// Apply implements rules.Command.
func (c *MoveCmd) Apply(s *rules.State, d rules.Dice) ([]rules.Event, error) {
	g, err := c.r.progress(s)
	if err != nil {
		return nil, err
	}
	evs, moved, err := c.r.applyMoves(s, d, c.Detachment, c.Moves, false)
	if err != nil {
		return nil, err
	}
	c.r.carryAlong(s, c.Moves)
	g.markActed(c.Detachment)
	if moved {
		g.Reaction = c.Detachment
	}
	return evs, c.r.sync(s, g)
}

// AssaultCmd makes a detachment's assault moves (assault phase, assault
// orders): each listed unit moves straight up to its Speed, an infantry
// unit that ends in base contact with an enemy up to twice its Speed
// (reading of the Q&A); units may end in contact. Under REM-ASM-1 each
// move must also pass CheckAssaultMove, in the order given. The
// detachment's close combats and firefights follow its side's moves.
type AssaultCmd struct {
	r          *Ruleset
	By         string     `json:"by"`
	Detachment string     `json:"detachment"`
	Moves      []UnitMove `json:"moves,omitempty"`
}

// Name implements rules.Command.
func (*AssaultCmd) Name() string { return CmdAssault }

// Actor implements rules.Command.
func (c *AssaultCmd) Actor() string { return c.By }

// Validate implements rules.Command.
func (c *AssaultCmd) Validate(s *rules.State) error {
	if _, err := c.r.pendingOf(s, c.By, KindAssault); err != nil {
		return err
	}
	if !listed(s, c.Detachment) {
		return fmt.Errorf("detachment %q may not assault now", c.Detachment)
	}
	_, err := c.r.checkMoves(s, c.Detachment, c.Moves, true)
	return err
}

// Apply implements rules.Command.
func (c *AssaultCmd) Apply(s *rules.State, d rules.Dice) ([]rules.Event, error) {
	g, err := c.r.progress(s)
	if err != nil {
		return nil, err
	}
	evs, _, err := c.r.applyMoves(s, d, c.Detachment, c.Moves, true)
	if err != nil {
		return nil, err
	}
	for _, mv := range c.Moves {
		if u := s.Unit(mv.Unit); u != nil && u.Moved {
			u.Activated = true // made an assault move this phase
		}
	}
	g.markActed(c.Detachment)
	g.Assaulted = append(g.Assaulted, c.Detachment)
	return evs, c.r.sync(s, g)
}

// Allowance is how far a unit may move in the movement phase under its
// detachment's orders (see MoveCmd), or in an assault move (its Speed).
func Allowance(p *Profile, orders string, assault bool) float64 {
	if assault {
		return p.Speed
	}
	switch orders {
	case OrderAssault:
		return p.Speed
	case OrderMarch:
		return 3 * p.Speed
	case OrderSpecial:
		if p.Artillery() {
			return 0
		}
		return 5
	case OrderSpecialOverwatch:
		return 0 // the artillery bombards, the rest is on overwatch (E40K-ART-1)
	}
	return 0
}

// checkMoves checks a detachment's unit moves in order, each against the
// positions the earlier ones leave; it returns the new positions.
func (r *Ruleset) checkMoves(s *rules.State, det string, moves []UnitMove, assault bool) (map[string]world.Vec, error) {
	c, err := r.newMoveCheck(s, det, assault)
	if err != nil {
		return nil, err
	}
	defer r.checks.put(c)
	pos := map[string]world.Vec{}
	for i, mv := range moves {
		u := s.Unit(mv.Unit)
		switch {
		case u == nil:
			return nil, fmt.Errorf("move %d: no unit %q", i+1, mv.Unit)
		case u.Formation != det || u.Destroyed || u.OffTable:
			return nil, fmt.Errorf("move %d: %s is not a unit of %s on the table", i+1, mv.Unit, det)
		case u.Markers.Value(MarkOutOfCommand) > 0:
			return nil, fmt.Errorf("move %d: %s is out of command and may not move (E40K-CMD-1)", i+1, u.ID)
		}
		if _, dup := pos[u.ID]; dup {
			return nil, fmt.Errorf("move %d: %s moves twice", i+1, u.ID)
		}
		if err := c.one(u, mv.To, pos); err != nil {
			return nil, fmt.Errorf("move %d (%s): %w", i+1, u.ID, err)
		}
		pos[u.ID] = mv.To
	}
	return pos, nil
}

// MoveChecker builds a detachment's move or assault list unit by unit,
// for interfaces and computer players: Try checks one more unit move
// against the positions the accepted ones leave, exactly as the command's
// Validate checks that entry of a list, and keeps it when it passes. The
// kept list (Moves) is one the command accepts.
type MoveChecker struct {
	c     *moveCheck
	pos   map[string]world.Vec
	moves []UnitMove
}

// NewMoveChecker starts an empty list of det's moves (assault: assault
// moves) for side on s. Errors: those of MoveCmd's (AssaultCmd's)
// Validate with no moves.
func (r *Ruleset) NewMoveChecker(s *rules.State, side, det string, assault bool) (*MoveChecker, error) {
	kind, what := KindMove, "move"
	if assault {
		kind, what = KindAssault, "assault"
	}
	if _, err := r.pendingOf(s, side, kind); err != nil {
		return nil, err
	}
	if !listed(s, det) {
		return nil, fmt.Errorf("detachment %q may not %s now", det, what)
	}
	c, err := r.newMoveCheck(s, det, assault)
	if err != nil {
		return nil, err
	}
	return &MoveChecker{c: c, pos: map[string]world.Vec{}}, nil
}

// Try checks mv after the moves kept so far and keeps it if the rules
// accept it. Errors: why the rules refuse it (it is not kept).
func (m *MoveChecker) Try(mv UnitMove) error {
	if m.c == nil {
		return errors.New("move checker already released")
	}
	s, det := m.c.s, m.c.f.ID
	u := s.Unit(mv.Unit)
	switch {
	case u == nil:
		return fmt.Errorf("no unit %q", mv.Unit)
	case u.Formation != det || u.Destroyed || u.OffTable:
		return fmt.Errorf("%s is not a unit of %s on the table", mv.Unit, det)
	case u.Markers.Value(MarkOutOfCommand) > 0:
		return fmt.Errorf("%s is out of command and may not move (E40K-CMD-1)", u.ID)
	}
	if _, dup := m.pos[u.ID]; dup {
		return fmt.Errorf("%s moves twice", u.ID)
	}
	if err := m.c.one(u, mv.To, m.pos); err != nil {
		return err
	}
	m.pos[u.ID] = mv.To
	m.moves = append(m.moves, mv)
	return nil
}

// Moves returns the moves kept so far, in order (nil for none).
func (m *MoveChecker) Moves() []UnitMove { return m.moves }

// Release gives the checker's scratch lists back to the ruleset for the
// next checks; Try must not be called after it (Moves still may). It is
// optional: a checker not released is left to the garbage collector.
func (m *MoveChecker) Release() {
	if m.c != nil {
		m.c.r.checks.put(m.c)
		m.c = nil
	}
}

// moveCheck checks one detachment's unit moves on one state: the options,
// the detachment and every unit's profile are looked up once for a
// series of checks (checkMoves, SuggestMoves).
type moveCheck struct {
	r       *Ruleset
	s       *rules.State
	f       *rules.Formation
	o       Options
	assault bool
	// prof is what the checks read of each unit's profile, by index in
	// s.Units (zero for units off the table); perr is the first profile
	// lookup that failed, reported by every check.
	prof []checkProfile
	perr error
	// Scratch lists one check fills (a moveCheck serves one goroutine).
	bufBlockers, bufEnemies, bufFriends []world.Base
	bufContacted                        []bool
}

// newMoveCheck prepares the checks of det's moves on s. Errors: bad
// options, no such detachment.
func (r *Ruleset) newMoveCheck(s *rules.State, det string, assault bool) (*moveCheck, error) {
	o, err := r.options(s)
	if err != nil {
		return nil, err
	}
	f := s.Formation(det)
	if f == nil {
		return nil, fmt.Errorf("no detachment %q", det)
	}
	c := r.checks.get()
	c.r, c.s, c.f, c.o, c.assault = r, s, f, o, assault
	c.prof = slices.Grow(c.prof[:0], len(s.Units))[:len(s.Units)]
	clear(c.prof)
	c.bufBlockers = slices.Grow(c.bufBlockers[:0], len(s.Units))
	c.bufEnemies = slices.Grow(c.bufEnemies[:0], len(s.Units))
	for i := range s.Units {
		v := &s.Units[i]
		if v.Destroyed || v.OffTable {
			continue
		}
		p, err := r.profileWith(o, v)
		if err != nil {
			if c.perr == nil {
				c.perr = err
			}
			continue
		}
		c.prof[i] = checkProfile{foot: p.Base, class: p.Class, warEngine: p.WarEngine()}
	}
	return c, nil
}

// checkPool keeps idle move checks, whose lists (a profile and two bases
// per unit of the state) would otherwise be made anew for every
// detachment checked. A nil pool keeps nothing.
type checkPool struct{ p sync.Pool }

// get returns an idle move check (its lists emptied) or a new one.
func (cp *checkPool) get() *moveCheck {
	if cp != nil {
		if c, ok := cp.p.Get().(*moveCheck); ok {
			return c
		}
	}
	return &moveCheck{}
}

// put gives back a move check nothing reads any more (nil: nothing).
func (cp *checkPool) put(c *moveCheck) {
	if cp == nil || c == nil {
		return
	}
	*c = moveCheck{prof: c.prof[:0], bufBlockers: c.bufBlockers[:0], bufEnemies: c.bufEnemies[:0], bufContacted: c.bufContacted[:0],
		bufFriends: c.bufFriends[:0]}
	cp.p.Put(c)
}

// checkProfile is the part of a unit's profile move checks read.
type checkProfile struct {
	foot      world.Footprint
	class     world.UnitClass
	warEngine bool
}

// touching is world.InContact, answered at once for bases whose bounding
// circles are apart (most pairs on the table).
func touching(a, b world.Base) bool {
	r := reach(a.Foot) + reach(b.Foot) + 2*world.Eps
	if d := a.Pos.Sub(b.Pos); d.X*d.X+d.Y*d.Y > r*r {
		return false
	}
	return world.InContact(a, b)
}

// reach is at least a footprint's bounding radius (a rectangle's half
// width plus half height: no square root), for quick rejections.
func reach(f world.Footprint) float64 {
	if f.Shape == world.Rect {
		return (f.W + f.H) / 2
	}
	return f.BoundRadius()
}

// baseAt is unit i's base, at its new position in pos if it has one.
func (c *moveCheck) baseAt(i int, pos map[string]world.Vec) world.Base {
	v := &c.s.Units[i]
	b := world.Base{ID: v.ID, Pos: v.Pos, Facing: v.Facing, Foot: c.prof[i].foot}
	if len(pos) > 0 {
		if at, ok := pos[v.ID]; ok {
			b.Pos = at
		}
	}
	return b
}

// one checks one unit's straight move with the earlier moves of its
// detachment in pos.
func (c *moveCheck) one(u *rules.Unit, to world.Vec, pos map[string]world.Vec) error {
	if c.perr != nil {
		return c.perr
	}
	r, s, o, assault := c.r, c.s, c.o, c.assault
	p, err := r.profileWith(o, u)
	if err != nil {
		return err
	}
	start := world.Base{ID: u.ID, Pos: u.Pos, Facing: u.Facing, Foot: p.Base}
	end := start
	end.Pos = to
	dist := u.Pos.Dist(to)
	if !assault && dist > world.Eps && u.Markers.Value(MarkDisembarked) > 0 {
		return fmt.Errorf("disembarked this turn: its move is spent (digest 8.3)")
	}
	c.bufBlockers, c.bufEnemies, c.bufContacted = c.bufBlockers[:0], c.bufEnemies[:0], c.bufContacted[:0]
	inContact := false
	for i := range s.Units {
		v := &s.Units[i]
		if v.ID == u.ID || v.Destroyed || v.OffTable {
			continue
		}
		vp := &c.prof[i]
		vb := c.baseAt(i, pos)
		enemy := v.Side != u.Side
		if enemy {
			c.bufEnemies = append(c.bufEnemies, vb)
			ct := false
			if assault && (o.AssaultMove || (o.MoveThrough && (p.Has(SpecialJumpPacks) || p.Has(SpecialSkimmer)))) {
				ct = c.contacted(v, vb, pos)
			}
			c.bufContacted = append(c.bufContacted, ct)
			if dist > world.Eps && touching(end, vb) {
				if assault && vp.class == world.Titan && !mayAssaultTitan(p, o) {
					return fmt.Errorf("vehicles and infantry may not assault titan %s (seed 002; they may firefight it; only war engines armed with close combat weapons may assault it)", v.ID)
				}
				inContact = true
				if assault && c.attackersOn(u, vb, pos) >= MaxAttackersPerUnit {
					return fmt.Errorf("%s already has %d attackers in base contact (E40K-CC-2)", v.ID, MaxAttackersPerUnit)
				}
			}
			if assault && ct && (p.Has(SpecialJumpPacks) || p.Has(SpecialSkimmer)) && o.MoveThrough {
				if world.Overlap(end, vb) {
					return fmt.Errorf("ends on top of %s", v.ID)
				}
				continue // jumps over contacted enemies (REM-MOV-1)
			}
			c.bufBlockers = append(c.bufBlockers, vb)
			continue
		}
		if o.MoveThrough && !vp.warEngine {
			if world.Overlap(end, vb) {
				return fmt.Errorf("ends on top of %s", v.ID)
			}
			continue // moves through allies (REM-MOV-1)
		}
		c.bufBlockers = append(c.bufBlockers, vb)
	}
	allow := o.Allowance(p, c.f.Orders, assault)
	if assault && inContact && p.Class == world.Infantry {
		allow *= 2
	}
	if dist < world.Eps {
		return nil
	}
	if allow > 0 && dist > allow+world.Eps && dist <= allow+RoadBonus+world.Eps && r.onRoad(start, to, p.Class) {
		allow += RoadBonus
	}
	if dist > allow+world.Eps {
		return fmt.Errorf("moves %.1f cm, allowed %.1f cm", dist, allow)
	}
	if !assault && inContact {
		return fmt.Errorf("may not end in contact with an enemy in the movement phase")
	}
	if why := r.geo.measureMove(r.w, r.terrain, p.Class, start, to, c.bufBlockers); why != "" {
		return fmt.Errorf("%s", why)
	}
	if assault && o.AssaultMove {
		if err := CheckAssaultMove(start, to, c.bufEnemies, c.bufContacted); err != nil {
			return fmt.Errorf("%w (REM-ASM-1)", err)
		}
	}
	return nil
}

// RoadBonus is the extra movement of a unit whose whole move is on road
// (digest section 2, terrain).
const RoadBonus = 5.0

// onRoad reports whether a straight move from b to to lies on road the
// whole way (every stretch of it has the footprint on a road feature).
func (r *Ruleset) onRoad(b world.Base, to world.Vec, class world.UnitClass) bool {
	rep := r.w.MeasureMove(b, []world.Waypoint{{To: to, Facing: b.Facing}}, r.terrain, class, world.MoveOptions{})
	if len(rep.Segments) == 0 {
		return false
	}
	for _, sg := range rep.Segments {
		road := false
		for _, k := range sg.Kinds {
			if k == world.Road {
				road = true
			}
		}
		if !road {
			return false
		}
	}
	return true
}

// MaxAttackersPerUnit is how many attacking units may be in base contact
// with one enemy unit (E40K-CC-2).
const MaxAttackersPerUnit = 2

// attackersOn counts the units of mover's side other than mover in base
// contact with the enemy base vb, using the new positions in pos.
func (c *moveCheck) attackersOn(mover *rules.Unit, vb world.Base, pos map[string]world.Vec) int {
	n := 0
	for i := range c.s.Units {
		w := &c.s.Units[i]
		if w.Side != mover.Side || w.ID == mover.ID || w.Destroyed || w.OffTable {
			continue
		}
		if touching(c.baseAt(i, pos), vb) {
			n++
		}
	}
	return n
}

// contacted reports whether enemy unit v (at base vb) is in base contact
// with a unit of the other side, using the new positions in pos.
func (c *moveCheck) contacted(v *rules.Unit, vb world.Base, pos map[string]world.Vec) bool {
	for i := range c.s.Units {
		w := &c.s.Units[i]
		if w.Side == v.Side || w.Destroyed || w.OffTable {
			continue
		}
		if touching(c.baseAt(i, pos), vb) {
			return true
		}
	}
	return false
}

// applyMoves moves the units and rolls dangerous terrain tests (digest
// section 2, terrain): a unit entering or starting in dangerous terrain
// rolls a D6; a 1 halts it where it entered and it rolls again, a second 1
// is a hit: one DC off a war engine or resilient unit with more than one
// left, else the unit is destroyed. It reports whether any unit moved.
func (r *Ruleset) applyMoves(s *rules.State, d rules.Dice, det string, moves []UnitMove, assault bool) ([]rules.Event, bool, error) {
	if _, err := r.checkMoves(s, det, moves, assault); err != nil {
		return nil, false, err
	}
	var evs []rules.Event
	moved := false
	for _, mv := range moves {
		u := s.Unit(mv.Unit)
		if u == nil {
			return nil, false, fmt.Errorf("no unit %q", mv.Unit)
		}
		p, err := r.Profile(s, u)
		if err != nil {
			return nil, false, err
		}
		from := u.Pos
		if from.Dist(mv.To) < world.Eps {
			continue
		}
		to := mv.To
		start := world.Base{ID: u.ID, Pos: u.Pos, Facing: u.Facing, Foot: p.Base}
		rep := r.w.MeasureMove(start, []world.Waypoint{{To: to, Facing: u.Facing}}, r.terrain, p.Class, world.MoveOptions{})
		halted, hit := false, false
		if rep.FirstDangerous != nil {
			f, err := roll(d, rules.Roll{Purpose: "dangerous terrain: " + u.ID, Sides: 6, Target: 2, Units: []string{u.ID}}, 1)
			if err != nil {
				return nil, false, err
			}
			if f[0] == 1 {
				to, halted = rep.FirstDangerous.At, true
				f, err = roll(d, rules.Roll{Purpose: "dangerous terrain again: " + u.ID, Sides: 6, Target: 2, Units: []string{u.ID}}, 1)
				if err != nil {
					return nil, false, err
				}
				hit = f[0] == 1
			}
		}
		u.Pos = to
		moved = true
		haltMsg := rules.Event{Kind: rules.EvMessage, Side: u.Side, Units: []string{u.ID}, Text: u.ID + " is halted by dangerous terrain where it entered"}
		if hit && s.HasQuirk(QuirkHaltHitUnmoved) {
			// Saves before format 5: halted and hit, the unit stood at the
			// entry point without being marked as moved.
			evs = append(evs, haltMsg)
		} else {
			// A unit halted where it entered has moved there, hit or not.
			u.MovedDist += from.Dist(to)
			u.Moved = true
			text := fmt.Sprintf("%s moves %.1f cm", u.ID, from.Dist(to))
			if fmt.Sprintf("%.1f", from.Dist(to)) == "0.0" {
				text = u.ID + " stays in place" // halted where it stood: no move of 0.0 cm
			}
			evs = append(evs, rules.Event{Kind: rules.EvMoved, Side: u.Side, Units: []string{u.ID}, Path: []world.Vec{from, to}, Text: text})
			if halted {
				// Said after the move, so the dice tray reads "moves 38.2
				// cm", then why it stopped there.
				evs = append(evs, haltMsg)
			}
		}
		if !hit {
			continue
		}
		if damageLeft(&p, u) > 1 {
			// A hit costs a war engine or a resilient unit one DC.
			rules.AddCount(&u.Markers, MarkDamage, 1)
			evs = append(evs, rules.Event{Kind: rules.EvDamaged, Side: u.Side, Units: []string{u.ID}, Text: u.ID + " takes a hit in dangerous terrain"})
			continue
		}
		evs = append(evs, r.destroy(s, u)...)
	}
	cev, err := r.catastrophes(s, d) // a war engine lost in dangerous terrain (wedamage.go)
	if err != nil {
		return nil, false, err
	}
	return append(evs, cev...), moved, nil
}

// autoMovement retreats the moving side's broken detachments, one a call
// (E40K-BRK-1).
func (r *Ruleset) autoMovement(s *rules.State, d rules.Dice) ([]rules.Event, bool, error) {
	g, err := r.progress(s)
	if err != nil {
		return nil, false, err
	}
	if g.Sub >= 2 || g.Stage != stageRetreat {
		return nil, false, nil
	}
	mover := (max(g.First, 0) + g.Sub) % 2
	ids := r.detachments(s, mover, func(f *rules.Formation) bool { return f.Broken && !g.acted(f.ID) })
	if len(ids) == 0 {
		return nil, false, nil
	}
	evs, err := r.retreat(s, ids[0])
	if err != nil {
		return nil, false, err
	}
	cev, err := r.catastrophes(s, d) // a war engine lost in its retreat (wedamage.go)
	if err != nil {
		return nil, false, err
	}
	evs = append(evs, cev...)
	g.markActed(ids[0])
	return evs, true, r.sync(s, g)
}

// retreat moves every unit of a broken detachment in command up to 20 cm
// away from the enemy; units ending within 15 cm of an enemy are
// destroyed (E40K-BRK-1). Separated units stay (E40K-CMD-1).
func (r *Ruleset) retreat(s *rules.State, det string) ([]rules.Event, error) {
	f := s.Formation(det)
	if f == nil {
		return nil, fmt.Errorf("no detachment %q", det)
	}
	enemies, _, err := r.enemyBases(s, f.Side)
	if err != nil {
		return nil, err
	}
	o, err := r.options(s)
	if err != nil {
		return nil, err
	}
	var evs []rules.Event
	for _, u := range members(s, det) {
		if u.Markers.Value(MarkOutOfCommand) > 0 {
			continue // separated units are not affected (E40K-CMD-1)
		}
		p, err := r.Profile(s, u)
		if err != nil {
			return nil, err
		}
		if p.WarEngine() && !o.WarEnginesRetreat {
			evs = append(evs, rules.Message(u.ID+" is a war engine: it does not retreat (digest 8.5)"))
			continue
		}
		b := world.Base{ID: u.ID, Pos: u.Pos, Facing: u.Facing, Foot: p.Base}
		end, dead, off := RetreatOff(r.w, r.terrain, p.Class, b, enemies, nil, o.RetreatStopsAtEdge) // retreat.go
		from := u.Pos
		u.Pos = end.Pos
		evs = append(evs, rules.Event{Kind: rules.EvMoved, Side: u.Side, Units: []string{u.ID}, Path: []world.Vec{from, end.Pos},
			Text: fmt.Sprintf("%s retreats %.1f cm", u.ID, from.Dist(end.Pos))})
		if off {
			evs = append(evs, r.leaveTable(s, u)...)
			continue
		}
		if dead {
			evs = append(evs, rules.Event{Kind: rules.EvMessage, Side: u.Side, Units: []string{u.ID}, Text: u.ID + " ends its retreat within 15 cm of the enemy"})
			evs = append(evs, r.destroy(s, u)...)
		}
	}
	return evs, nil
}
