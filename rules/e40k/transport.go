package e40k

import (
	"errors"
	"fmt"
	"math"
	"sort"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

// Transports (digest 8.3; catalogue key transport): infantry stands ride in
// a friendly transport. A carried stand is off the table (it cannot shoot,
// be shot at or be ordered), keeps the transport's id in its ExtAboard and
// comes back on the table by disembarking.

// Command names, decision kinds and markers of transports.
const (
	CmdEmbark    = "embark"
	CmdDisembark = "disembark"
	// ExtAboard is the unit extension holding the id of the transport a
	// stand rides in.
	ExtAboard = "e40k/aboard"
	// MarkDisembarked marks a stand that disembarked this turn: its
	// movement is spent (it may still make assault moves).
	MarkDisembarked = "disembarked"
)

// DisembarkPenalty is the movement disembarking troops lose (digest 8.3).
const DisembarkPenalty = 5.0

// DisembarkAllowance is how far a stand may be placed from its
// transport's base when it disembarks: its allowance (DisembarkOrders
// reads the orders), doubled when an infantry stand's assault move ends in
// contact, minus DisembarkPenalty applied after the doubling (digest 8.3),
// never below 0 (a stand may always step out into contact with its
// transport).
func DisembarkAllowance(p *Profile, orders string, assault, contact bool) float64 {
	a := Allowance(p, DisembarkOrders(orders), assault)
	if assault && contact && p.Class == world.Infantry {
		a *= 2
	}
	return max(0, a-DisembarkPenalty)
}

// DisembarkOrders are the orders a disembarking stand moves under: its
// detachment's, or assault orders (a normal move) when the detachment has
// none because it spent the orders step aboard (reading: the seeds give no
// orders to carried troops).
func DisembarkOrders(orders string) string {
	if orders == "" {
		return OrderAssault
	}
	return orders
}

// aboard returns the id of the transport u rides in, "" when none.
func aboard(u *rules.Unit) string {
	if u.Ext.Len() == 0 {
		return ""
	}
	if v, ok := u.Ext.Get(ExtAboard); ok {
		if raw, ok := v.(rules.RawExt); ok {
			if id, ok := plainJSONString(raw); ok {
				return id
			}
		}
	}
	var id string
	if ok, err := u.GetExt(ExtAboard, &id); !ok || err != nil {
		return ""
	}
	return id
}

// Carried returns the living stands aboard transport id, in unit order.
func Carried(s *rules.State, id string) []*rules.Unit {
	var out []*rules.Unit
	for i := range s.Units {
		u := &s.Units[i]
		if !u.Destroyed && u.OffTable && aboard(u) == id {
			out = append(out, u)
		}
	}
	return out
}

// Aboard returns the id of the transport a unit rides in, "" when none.
func Aboard(u *rules.Unit) string { return aboard(u) }

// board puts stand u aboard transport t.
func board(u, t *rules.Unit) error {
	u.OffTable, u.Pos = true, t.Pos
	return u.SetExt(ExtAboard, t.ID)
}

// inReserve reports whether an off-table unit is still in the game: a
// flyer at its airfield or a stand aboard a transport (not counted as lost
// for army morale).
func (r *Ruleset) inReserve(s *rules.State, u *rules.Unit) bool {
	if u.Destroyed || !u.OffTable {
		return false
	}
	if aboard(u) != "" {
		return true
	}
	p, err := r.Profile(s, u)
	return err == nil && p.Flyer
}

// BailOutReach is how far from its wreck a stand getting out of a
// destroyed transport is placed under OptTransportBailOut (cm, edge to
// edge; reading).
const BailOutReach = 1.0

// destroyCarried destroys the stands aboard a destroyed transport (best
// reading: the troops inside are lost with it; the seeds and the Q&A say
// nothing of survivors). Under OptTransportBailOut the stands of a
// transport destroyed on the table get out beside the wreck instead (as
// a disembark with no move: they have moved this turn), their detachment
// takes a blast marker, and only those with no room are lost; a flyer's
// troops are always lost with it.
func (r *Ruleset) destroyCarried(s *rules.State, t *rules.Unit) []rules.Event {
	p, err := r.Profile(s, t)
	if err != nil || p.Transport == 0 {
		return nil
	}
	var evs []rules.Event
	if o, err := r.options(s); err == nil && o.TransportBailOut && !t.OffTable && len(Carried(s, t.ID)) > 0 {
		marked := map[string]bool{}
		for _, mv := range r.disembarkPlan(s, t, t.Pos, 0, true, nil) {
			u := s.Unit(mv.Unit)
			u.Ext.Delete(ExtAboard)
			if u.Ext.Len() == 0 {
				u.Ext = nil
			}
			u.OffTable, u.Pos, u.Moved = false, mv.To, true
			u.Markers.Set(MarkDisembarked, 1)
			if f := s.Formation(u.Formation); f != nil && !marked[f.ID] {
				marked[f.ID] = true
				addBlast(f, 1)
			}
			evs = append(evs, rules.Event{Kind: rules.EvMoved, Side: u.Side, Units: []string{u.ID, t.ID}, Text: fmt.Sprintf("%s bails out of the wreck of %s", u.ID, t.ID),
				Data: map[string]string{DataTransport: t.ID}})
		}
	}
	for _, u := range Carried(s, t.ID) {
		u.Destroyed = true
		evs = append(evs, rules.Event{Kind: rules.EvDestroyed, Side: u.Side, Units: []string{u.ID}, Text: u.ID + " is destroyed with its transport " + t.ID,
			Data: map[string]string{DataTransport: t.ID}})
	}
	return evs
}

// DataTransport is the event data key naming the destroyed transport on
// the events of the stands that were aboard it: each one lost with it
// (EvDestroyed) or bailing out of its wreck (EvMoved, under
// OptTransportBailOut), so that an interface can say what became of the
// passengers.
const DataTransport = "transport"

// spaceLeft is how many more stands transport t may carry.
func (r *Ruleset) spaceLeft(s *rules.State, t *rules.Unit) int {
	p, err := r.Profile(s, t)
	if err != nil {
		return 0
	}
	return p.Transport - len(Carried(s, t.ID))
}

// EmbarkCmd puts an infantry stand aboard a friendly transport in the
// movement phase: the stand's detachment is waiting to move, the stand has
// not moved and is in command, and the transport's base is within the
// stand's move allowance. Boarding is the stand's move; carried stands go
// where the transport goes and cannot shoot.
type EmbarkCmd struct {
	r         *Ruleset
	By        string `json:"by"`
	Unit      string `json:"unit"`
	Transport string `json:"transport"`
}

// Name implements rules.Command.
func (*EmbarkCmd) Name() string { return CmdEmbark }

// Actor implements rules.Command.
func (c *EmbarkCmd) Actor() string { return c.By }

// Validate implements rules.Command.
func (c *EmbarkCmd) Validate(s *rules.State) error {
	if _, err := c.r.pendingOf(s, c.By, KindMove); err != nil {
		return err
	}
	u, t := s.Unit(c.Unit), s.Unit(c.Transport)
	switch {
	case u == nil || u.Destroyed || u.OffTable || u.Side != c.By:
		return fmt.Errorf("%q is not a stand of %s on the table", c.Unit, c.By)
	case !listed(s, u.Formation):
		return fmt.Errorf("%s's detachment is not waiting to move", u.ID)
	case u.Moved || u.Markers.Value(MarkDisembarked) > 0:
		return fmt.Errorf("%s has already moved this turn", u.ID)
	case u.Markers.Value(MarkOutOfCommand) > 0:
		return fmt.Errorf("%s is out of command and may not move (E40K-CMD-1)", u.ID)
	case t == nil || t.Destroyed || t.OffTable || t.Side != c.By || t.ID == u.ID:
		return fmt.Errorf("%q is not a transport of %s on the table", c.Transport, c.By)
	}
	up, err := c.r.Profile(s, u)
	if err != nil {
		return err
	}
	if up.Class != world.Infantry {
		return fmt.Errorf("%s is not infantry", u.ID)
	}
	if c.r.spaceLeft(s, t) <= 0 {
		return fmt.Errorf("%s has no room left", t.ID)
	}
	ub, err := c.r.base(s, u)
	if err != nil {
		return err
	}
	tb, err := c.r.base(s, t)
	if err != nil {
		return err
	}
	f := s.Formation(u.Formation)
	if f == nil {
		return fmt.Errorf("%s has no detachment", u.ID)
	}
	allow := Allowance(&up, f.Orders, false)
	if d := world.Distance(ub, tb); d > allow+world.Eps {
		return fmt.Errorf("%s is %.1f cm from %s, its move allows %.1f cm", u.ID, d, t.ID, allow)
	}
	return nil
}

// Apply implements rules.Command.
func (c *EmbarkCmd) Apply(s *rules.State, _ rules.Dice) ([]rules.Event, error) {
	g, err := c.r.progress(s)
	if err != nil {
		return nil, err
	}
	u, t := s.Unit(c.Unit), s.Unit(c.Transport)
	if u == nil || t == nil {
		return nil, fmt.Errorf("unit vanished")
	}
	if err := board(u, t); err != nil {
		return nil, err
	}
	u.Moved = true
	ev := rules.Event{Kind: rules.EvMessage, Side: u.Side, Units: []string{u.ID, t.ID}, Text: fmt.Sprintf("%s embarks in %s", u.ID, t.ID)}
	return []rules.Event{ev}, c.r.sync(s, g)
}

// DisembarkCmd sets stands carried by a transport down on the table, each
// in a straight line from the transport's base up to DisembarkAllowance
// (their move less 5 cm, digest 8.3), not through or onto other units or
// impassable terrain, not in contact with an enemy. Disembarking is the
// stands' move for the turn. In the movement phase the transport is on
// the table (before or after it moves); a flyer on a transport mission
// sets its troops down at its landing point when it arrives (flyer step).
// With no moves, a landed flyer's troops stay aboard.
type DisembarkCmd struct {
	r         *Ruleset
	By        string     `json:"by"`
	Transport string     `json:"transport"`
	Moves     []UnitMove `json:"moves,omitempty"`
}

// Name implements rules.Command.
func (*DisembarkCmd) Name() string { return CmdDisembark }

// Actor implements rules.Command.
func (c *DisembarkCmd) Actor() string { return c.By }

// Validate implements rules.Command.
func (c *DisembarkCmd) Validate(s *rules.State) error {
	if _, err := c.r.pendingOf(s, c.By, KindMove, KindLanding); err != nil {
		return err
	}
	t := s.Unit(c.Transport)
	if t == nil || t.Destroyed || t.Side != c.By {
		return fmt.Errorf("disembark: %q is not a transport of %s", c.Transport, c.By)
	}
	if s.Pending.Kind == KindLanding {
		if !c.r.landing(s, t) {
			return fmt.Errorf("disembark: %s is not landing now", t.ID)
		}
	} else {
		if t.OffTable {
			return fmt.Errorf("disembark: %s is not on the table", t.ID)
		}
		if len(c.Moves) == 0 {
			return fmt.Errorf("disembark: no stand named")
		}
	}
	_, err := c.r.checkDisembark(s, t, c.Moves, false)
	return err
}

// landing reports whether t is a flyer of the landing procedure on top of
// the stack that has not set its troops down yet.
func (r *Ruleset) landing(s *rules.State, t *rules.Unit) bool {
	f := s.Proc()
	if f == nil || f.Proc != ProcLanding || f.Params.Value("detachment") != t.Formation {
		return false
	}
	return t.Markers.Value(markLanded) == 0
}

// checkDisembark checks the moves in order; it returns the end bases.
// With bail set (stands getting out of a wreck, OptTransportBailOut) the
// stands need not be unmoved nor in good order and go at most
// BailOutReach from the wreck.
func (r *Ruleset) checkDisembark(s *rules.State, t *rules.Unit, moves []UnitMove, bail bool) ([]world.Base, error) {
	tb, err := r.base(s, t)
	if err != nil {
		return nil, err
	}
	var placed []world.Base
	for i, mv := range moves {
		end, err := r.checkDisembarkOne(s, t, tb, placed, i, mv, bail)
		if err != nil {
			return nil, err
		}
		placed = append(placed, end)
	}
	return placed, nil
}

// checkDisembarkOne checks move i of a disembarkation after the stands
// placed by the earlier ones (checkDisembark); it returns the stand's
// end base.
func (r *Ruleset) checkDisembarkOne(s *rules.State, t *rules.Unit, tb world.Base, placed []world.Base, i int, mv UnitMove, bail bool) (world.Base, error) {
	return r.checkDisembarkAmong(s, t, tb, placed, i, mv, bail, nil, false)
}

// errSpotRefused is a quiet trial check's refusal (checkDisembarkAmong).
var errSpotRefused = errors.New("disembark: spot refused")

// tableBases are the bases of the units on the table but a transport,
// in state order, worked out once for the trial spots of placeNear.
type tableBases struct {
	units []*rules.Unit
	bases []world.Base
	// scratch is the blocker list one check fills.
	scratch []world.Base
}

// tableBasesBut returns the bases of the units on the table but t; ok is
// false when a base cannot be worked out (the checks then report it).
func (r *Ruleset) tableBasesBut(s *rules.State, t *rules.Unit) (*tableBases, bool) {
	tb := &tableBases{units: make([]*rules.Unit, 0, len(s.Units)), bases: make([]world.Base, 0, len(s.Units)),
		scratch: make([]world.Base, 0, len(s.Units)+8)}
	for j := range s.Units {
		v := &s.Units[j]
		if v.Destroyed || v.OffTable || v.ID == t.ID {
			continue
		}
		vb, err := r.base(s, v)
		if err != nil {
			return nil, false
		}
		tb.units, tb.bases = append(tb.units, v), append(tb.bases, vb)
	}
	return tb, true
}

// checkDisembarkAmong is checkDisembarkOne reading the other units'
// bases from others when it is not nil.
//
// quiet trial checks (placeNear's spots, whose reasons nobody reads)
// refuse a spot with errSpotRefused rather than a worded error.
func (r *Ruleset) checkDisembarkAmong(s *rules.State, t *rules.Unit, tb world.Base, placed []world.Base, i int, mv UnitMove, bail bool, others *tableBases, quiet bool) (world.Base, error) {
	u := s.Unit(mv.Unit)
	named := false
	for _, b := range placed {
		named = named || (u != nil && b.ID == u.ID)
	}
	switch {
	case u == nil || u.Destroyed || !u.OffTable || aboard(u) != t.ID:
		return world.Base{}, fmt.Errorf("disembark %d: %q is not aboard %s", i+1, mv.Unit, t.ID)
	case named:
		return world.Base{}, fmt.Errorf("disembark %d: %s is named twice", i+1, u.ID)
	case u.Moved && !bail:
		return world.Base{}, fmt.Errorf("disembark %d: %s has already moved this turn", i+1, u.ID)
	}
	p, err := r.profile(s, u)
	if err != nil {
		return world.Base{}, err
	}
	orders := ""
	if f := s.Formation(u.Formation); f != nil {
		if f.Broken && !bail {
			return world.Base{}, fmt.Errorf("disembark %d: %s's detachment is broken", i+1, u.ID)
		}
		orders = f.Orders
	}
	allow := DisembarkAllowance(p, orders, false, false)
	if bail {
		allow = BailOutReach
	}
	end := world.Base{ID: u.ID, Pos: mv.To, Facing: t.Facing, Foot: p.Base}
	if d := world.Distance(tb, end); d > allow+world.Eps {
		if quiet {
			return world.Base{}, errSpotRefused
		}
		return world.Base{}, fmt.Errorf("disembark %d: %s would be %.1f cm from %s, allowed %.1f cm (its move less %.0f cm, digest 8.3)", i+1, u.ID, d, t.ID, allow, DisembarkPenalty)
	}
	var blockers []world.Base
	if others != nil {
		blockers = others.scratch[:0]
		for j, v := range others.units {
			vb := others.bases[j]
			if v.Side != u.Side && touching(end, vb) {
				if quiet {
					return world.Base{}, errSpotRefused
				}
				return world.Base{}, fmt.Errorf("disembark %d: %s may not end in contact with the enemy %s", i+1, u.ID, v.ID)
			}
			blockers = append(blockers, vb)
		}
		defer func() { others.scratch = blockers[:0] }()
	} else {
		for j := range s.Units {
			v := &s.Units[j]
			if v.Destroyed || v.OffTable || v.ID == t.ID {
				continue
			}
			vb, err := r.base(s, v)
			if err != nil {
				return world.Base{}, err
			}
			if v.Side != u.Side && touching(end, vb) {
				return world.Base{}, fmt.Errorf("disembark %d: %s may not end in contact with the enemy %s", i+1, u.ID, v.ID)
			}
			blockers = append(blockers, vb)
		}
	}
	for _, b := range placed {
		if world.Overlap(end, b) {
			if quiet {
				return world.Base{}, errSpotRefused
			}
			return world.Base{}, fmt.Errorf("disembark %d: %s ends on top of %s", i+1, u.ID, b.ID)
		}
	}
	blockers = append(blockers, placed...)
	start := world.Base{ID: u.ID, Pos: t.Pos, Facing: t.Facing, Foot: p.Base}
	if why := r.geo.measureMove(r.w, r.terrain, p.Class, start, mv.To, blockers); why != "" {
		if quiet {
			return world.Base{}, errSpotRefused
		}
		return world.Base{}, fmt.Errorf("disembark %d: %s: %s", i+1, u.ID, why)
	}
	return end, nil
}

// Apply implements rules.Command.
func (c *DisembarkCmd) Apply(s *rules.State, _ rules.Dice) ([]rules.Event, error) {
	t := s.Unit(c.Transport)
	if t == nil {
		return nil, fmt.Errorf("disembark: no transport %q", c.Transport)
	}
	var evs []rules.Event
	for _, mv := range c.Moves {
		u := s.Unit(mv.Unit)
		if u == nil {
			return nil, fmt.Errorf("disembark: no unit %q", mv.Unit)
		}
		u.Ext.Delete(ExtAboard)
		if u.Ext.Len() == 0 {
			u.Ext = nil
		}
		u.OffTable, u.Pos, u.Facing, u.Moved = false, mv.To, t.Facing, true
		u.MovedDist = t.Pos.Dist(mv.To)
		u.Markers.Set(MarkDisembarked, 1)
		evs = append(evs, rules.Event{Kind: rules.EvMoved, Side: u.Side, Units: []string{u.ID, t.ID},
			Text: fmt.Sprintf("%s disembarks from %s", u.ID, t.ID)})
	}
	if len(c.Moves) == 0 {
		evs = append(evs, rules.Event{Kind: rules.EvMessage, Side: t.Side, Units: []string{t.ID}, Text: t.ID + "'s troops stay aboard"})
	}
	if s.Pending != nil && s.Pending.Kind == KindLanding {
		more, err := c.r.landed(s, t)
		return append(evs, more...), err
	}
	g, err := c.r.progress(s)
	if err != nil {
		return nil, err
	}
	if len(c.Moves) > 0 {
		// Enemy overwatch may fire at the stands that just came out.
		if u := s.Unit(c.Moves[0].Unit); u != nil {
			g.Reaction = u.Formation
		}
	}
	return evs, c.r.sync(s, g)
}

// footRadius is the radius of the circle around a footprint.
func footRadius(f world.Footprint) float64 {
	if f.Radius > 0 {
		return f.Radius
	}
	return math.Hypot(f.W, f.H) / 2
}

// disembarkPlan places the stands aboard t around it, facing toward aim
// (the nearest enemy, say), each as far out as reach lets it (0: beside
// the transport), keeping only the placements that validate.
//
// others are the bases of the units on the table but t (nil: worked out
// here).
func (r *Ruleset) disembarkPlan(s *rules.State, t *rules.Unit, aim world.Vec, reach float64, bail bool, others *tableBases) []UnitMove {
	carried := Carried(s, t.ID)
	if len(carried) == 0 {
		return nil
	}
	tp, err := r.profile(s, t)
	if err != nil {
		return nil
	}
	dir := aim.Sub(t.Pos)
	base := 0.0
	if dir.Len() > world.Eps {
		base = math.Atan2(dir.Y, dir.X)
	}
	if others == nil {
		if o, ok := r.tableBasesBut(s, t); ok {
			others = o
		}
	}
	var moves []UnitMove
	var ends []world.Base
	for i, u := range carried {
		p, err := r.profile(s, u)
		if err != nil {
			continue
		}
		orders := ""
		if f := s.Formation(u.Formation); f != nil {
			orders = f.Orders
		}
		out := min(reach, DisembarkAllowance(p, orders, false, false))
		if to, end, ok := r.placeNear(s, t, moves, ends, u.ID, base+float64(i)*0.9*sign(i), footRadius(tp.Base)+footRadius(p.Base)+0.2+out, footRadius(p.Base)+0.25, bail, others); ok {
			moves = append(moves, UnitMove{Unit: u.ID, To: to})
			ends = append(ends, end)
		}
	}
	return moves
}

// placeNear finds a place for stand id around transport t, after the
// moves already placed: at the bearing ang (radians) and dist cm from
// the transport's centre, else fanning out around it and coming closer
// by back cm at a time; ok is false when nothing validates. others are
// the other units' bases (nil: read them at each check).
//
// prev are the end bases of the placed moves, which placeNear returned
// for them on the same state (checking them again gives the same bases);
// end is the new stand's.
func (r *Ruleset) placeNear(s *rules.State, t *rules.Unit, placed []UnitMove, prev []world.Base, id string, ang, dist, back float64, bail bool, others *tableBases) (to world.Vec, end world.Base, ok bool) {
	// The placed moves were checked in this order: only the new one is
	// left to check, after them.
	tb, err := r.base(s, t)
	if err != nil {
		return world.Vec{}, world.Base{}, false
	}
	for _, spread := range []float64{0, 1, -1, 2, -2, 3, -3, 4, -4, 6} {
		a := ang + spread*0.45
		for try := 0; try < 3; try++ {
			d := dist - float64(try)*back
			to := t.Pos.Add(world.Vec{X: math.Cos(a), Y: math.Sin(a)}.Scale(d))
			if end, err := r.checkDisembarkAmong(s, t, tb, prev, len(placed), UnitMove{Unit: id, To: to}, bail, others, true); err == nil {
				return to, end, true
			}
		}
	}
	return world.Vec{}, world.Base{}, false
}

func sign(i int) float64 {
	if i%2 == 1 {
		return -1
	}
	return 1
}

// transportChoices lists, for a movement decision, each stand that may
// embark in a transport within reach and each transport's stands
// disembarking toward the nearest enemy and beside it.
func (r *Ruleset) transportChoices(s *rules.State, side string) []rules.Choice {
	var out []rules.Choice
	var transports []*rules.Unit
	for i := range s.Units {
		t := &s.Units[i]
		if t.Side != side || t.Destroyed || t.OffTable {
			continue
		}
		if p, err := r.profile(s, t); err == nil && p.Transport > 0 {
			transports = append(transports, t)
		}
	}
	if len(transports) == 0 {
		return nil
	}
	for _, t := range transports {
		if r.spaceLeft(s, t) > 0 {
			tb, err := r.base(s, t)
			if err != nil {
				continue
			}
			for _, det := range s.Pending.Units {
				f := s.Formation(det)
				for _, u := range members(s, det) {
					// Cheap tests first: an unmoved infantry stand within
					// its move of the transport; Validate checks the rest.
					p, err := r.profile(s, u)
					if err != nil || u.Moved || p.Class != world.Infantry || f == nil {
						continue
					}
					if world.Distance(world.Base{Pos: u.Pos, Facing: u.Facing, Foot: p.Base}, tb) > Allowance(p, f.Orders, false)+world.Eps {
						continue
					}
					c := &EmbarkCmd{r: r, By: side, Unit: u.ID, Transport: t.ID}
					if c.Validate(s) == nil {
						out = append(out, rules.Choice{Name: CmdEmbark, Text: fmt.Sprintf("%s embarks in %s", u.ID, t.ID), Units: []string{u.ID, t.ID}, Cmd: c})
					}
				}
			}
		}
		out = append(out, r.disembarkChoices(s, side, t)...)
	}
	return out
}

// disembarkChoices offers a transport's stands disembarking toward the
// nearest enemy (as far as allowed) and beside the transport.
func (r *Ruleset) disembarkChoices(s *rules.State, side string, t *rules.Unit) []rules.Choice {
	if len(Carried(s, t.ID)) == 0 {
		return nil
	}
	aim := t.Pos
	if enemies, _, err := r.enemyBases(s, side); err == nil && len(enemies) > 0 {
		sort.SliceStable(enemies, func(i, j int) bool { return enemies[i].Pos.Dist(t.Pos) < enemies[j].Pos.Dist(t.Pos) })
		aim = enemies[0].Pos
	}
	var out []rules.Choice
	seen := ""
	others, ok := r.tableBasesBut(s, t)
	if !ok {
		others = nil
	}
	for _, reach := range []float64{1e9, 0} {
		mv := r.disembarkPlan(s, t, aim, reach, false, others)
		if len(mv) == 0 || fmt.Sprint(mv) == seen {
			continue
		}
		seen = fmt.Sprint(mv)
		c := &DisembarkCmd{r: r, By: side, Transport: t.ID, Moves: mv}
		if c.Validate(s) != nil {
			continue
		}
		text := fmt.Sprintf("%d stand(s) disembark from %s toward the enemy", len(mv), t.ID)
		if reach == 0 {
			text = fmt.Sprintf("%d stand(s) disembark beside %s", len(mv), t.ID)
		}
		units := []string{t.ID}
		for _, m := range mv {
			units = append(units, m.Unit)
		}
		out = append(out, rules.Choice{Name: CmdDisembark, Text: text, Units: units, Cmd: c})
	}
	return out
}

// InReserve reports whether an off-table unit is still in play: a flyer at
// its airfield or a stand aboard a transport (for evaluations and army
// morale).
func (r *Ruleset) InReserve(s *rules.State, u *rules.Unit) bool { return r.inReserve(s, u) }

// carryAlong keeps the stands carried by the moved units at their
// transports' places (they ride with them).
func (r *Ruleset) carryAlong(s *rules.State, moves []UnitMove) {
	for _, mv := range moves {
		t := s.Unit(mv.Unit)
		if t == nil {
			continue
		}
		if p, err := r.Profile(s, t); err != nil || p.Transport == 0 {
			continue
		}
		for _, u := range Carried(s, t.ID) {
			u.Pos = t.Pos
		}
	}
}
