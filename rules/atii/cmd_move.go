package atii

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/world"
)

// errUnbound is returned by a command made outside a Ruleset (a zero
// struct) that needs the ruleset's table and catalogue.
var errUnbound = errors.New("command is not bound to an ATII ruleset (make it with the Ruleset's constructors or Bind)")

// MaxWaypoints caps the waypoints of one move.
const MaxWaypoints = 64

// Waypoint is one step of a move: the titan walks in a straight line to
// (X, Y), pivoting first to face along the leg; a leg more than 90 degrees
// off its facing is walked straight back instead (ATII-MOV-3), the titan
// first turning its rear square to the leg unless it is already within
// world.DefaultBackTolerance degrees of straight back, so a sideways step
// pays for the turn it takes. If Facing is set it then pivots on the spot
// to that facing. Every pivot is a turn paid in Man (ATII-MOV-2). A turn on
// the spot is a waypoint at the titan's position.
type Waypoint struct {
	X      float64  `json:"x"`
	Y      float64  `json:"y"`
	Facing *float64 `json:"facing,omitempty"`
}

// Face returns a pointer to deg, for Waypoint.Facing.
func Face(deg float64) *float64 { return &deg }

// MoveCmd moves one titan in the movement or assault phase.
//
// Validate measures the path on the table (world.MeasureMove with the ATII
// terrain table): impassable terrain, the table edge (unless disengaging),
// overlapping another titan, and in the movement phase the 10 cm exclusion
// around enemy titans (ATII-MOV-6; a titan already closer may not get
// closer). The measured path becomes a MovePlan checked by CheckMove: Man
// for turns, Speed, backwards cost, dangerous terrain rules (ATII-MOV-2..5),
// damage that stops movement, and the move order (ATII-MOV-1: lowest Man
// first in the movement phase, highest first in the assault phase; moving a
// titan out of order forfeits the side's titans that should have gone
// first). Apply rolls the dangerous terrain dice (ResolveMove) and moves the
// titan as far along the path as it gets.
//
// Overcharge (advanced rule) doubles Speed and forbids shooting this turn;
// it is declared with the move in the movement phase. A titan declared
// disengaging at the start of the turn (DisengageCmd) has double Speed, may
// not shoot or fight in close combat, and may walk off the table in its
// movement or assault move: a titan whose base centre ends beyond the table
// edge has left the battle. Disengage on the move is the older form of the
// declaration, kept so that saves using it replay (movement phase only).
type MoveCmd struct {
	r          *Ruleset
	By         string     `json:"by"`
	Unit       string     `json:"unit"`
	Path       []Waypoint `json:"path"`
	Overcharge bool       `json:"overcharge,omitempty"`
	Disengage  bool       `json:"disengage,omitempty"`
}

// Name implements rules.Command.
func (*MoveCmd) Name() string { return CmdMove }

// Actor implements rules.Command.
func (c *MoveCmd) Actor() string { return c.By }

// Move returns a move command bound to the ruleset.
func (r *Ruleset) Move(by, unit string, path ...Waypoint) *MoveCmd {
	return &MoveCmd{r: r, By: by, Unit: unit, Path: path}
}

// Bind attaches the ruleset to a command of this package made as a plain
// struct (decoded from JSON by hand, or built in a test) and returns it.
func (r *Ruleset) Bind(c rules.Command) rules.Command {
	switch x := c.(type) {
	case *MoveCmd:
		x.r = r
	case *HoldCmd:
		x.r = r
	case *FireCmd:
		x.r = r
	case *RepairCmd:
		x.r = r
	case *DeployCmd:
		x.r = r
	case *OverwatchCmd:
		x.r = r
	case *PassCmd:
		x.r = r
	case *ShieldsCmd:
		x.r = r
	case *OrderCmd:
		x.r = r
	case *AllocateCmd:
		x.r = r
	case *DisengageCmd:
		x.r = r
	}
	return c
}

// movePrep is a measured, checked move.
type movePrep struct {
	t       titan
	ts      TitanState
	opts    Options
	start   world.Base
	rep     world.MoveReport
	plan    MovePlan
	check   MoveCheck
	assault bool
	contact []string
}

// ownActivation checks that unit belongs to side and may act now in the
// phase's order.
func (r *Ruleset) ownActivation(s *rules.State, side, unit string) (titan, error) {
	return r.activation(s, side, unit, r.titan)
}

// ownActivationRead is ownActivation for a caller that only reads the
// titan's state (titanRead: no copy).
func (r *Ruleset) ownActivationRead(s *rules.State, side, unit string) (titan, error) {
	return r.activation(s, side, unit, r.titanRead)
}

func (r *Ruleset) activation(s *rules.State, side, unit string, look func(*rules.State, string) (titan, error)) (titan, error) {
	t, err := look(s, unit)
	if err != nil {
		return t, err
	}
	if t.u.Side != side {
		return t, fmt.Errorf("%s belongs to %s, not %s", unit, t.u.Side, side)
	}
	if !operational(t.u) {
		return t, fmt.Errorf("%s is not on the table", unit)
	}
	g, err := r.progressView(s)
	if err != nil {
		return t, err
	}
	for _, e := range g.Order {
		if e.ID != unit {
			continue
		}
		switch {
		case e.Moved:
			return t, fmt.Errorf("%s has already acted this phase", unit)
		case e.Forfeit:
			return t, fmt.Errorf("%s forfeited its activation: a titan that should have gone after it already went (ATII-MOV-1)", unit)
		}
		if s.Pending != nil && s.Pending.Side != side {
			return t, fmt.Errorf("it is %s's turn to activate a titan", s.Pending.Side)
		}
		return t, nil
	}
	return t, fmt.Errorf("%s takes no part in the %s phase", unit, s.Phase)
}

func (c *MoveCmd) prepare(s *rules.State) (movePrep, error) {
	var p movePrep
	r := c.r
	if r == nil {
		return p, errUnbound
	}
	if s.Step != StepMovement && s.Step != StepAssault {
		return p, fmt.Errorf("titans move in the movement and assault phases, not %s", s.Step)
	}
	p.assault = s.Step == StepAssault
	// Read only: p.ts changes only its own fields, and a move stores it
	// whole (keepTitan), its lists shared with the stored state.
	t, err := r.ownActivationRead(s, c.By, c.Unit)
	if err != nil {
		return p, err
	}
	p.t = t
	if p.opts, err = r.options(s); err != nil {
		return p, err
	}
	if len(c.Path) == 0 {
		return p, fmt.Errorf("empty path (use hold to stay put)")
	}
	if len(c.Path) > MaxWaypoints {
		return p, fmt.Errorf("%d waypoints: at most %d", len(c.Path), MaxWaypoints)
	}
	p.ts = t.ts
	if c.Overcharge {
		switch {
		case !p.opts.Overcharge:
			return p, fmt.Errorf("overcharging engines is an advanced rule (%s)", OptOvercharge)
		case p.assault:
			return p, fmt.Errorf("overcharge is declared before moving in the movement phase")
		}
		p.ts.Overcharged = true
	}
	if c.Disengage {
		if p.assault {
			return p, fmt.Errorf("titans disengage in the movement phase")
		}
		p.ts.Disengaging = true
	}
	path := make([]world.Waypoint, len(c.Path))
	for i, wp := range c.Path {
		if !finite(wp.X) || !finite(wp.Y) || (wp.Facing != nil && !finite(*wp.Facing)) {
			return p, fmt.Errorf("waypoint %d: coordinates must be finite numbers", i+1)
		}
		path[i] = world.Waypoint{To: world.Vec{X: wp.X, Y: wp.Y}}
		if wp.Facing != nil {
			path[i].Facing, path[i].Turn = world.NormDeg(*wp.Facing), true
		}
	}
	p.start = r.base(t.u)
	buf := r.moves.basesBuf(2 * len(s.Units))
	bases := (*buf)[: 0 : 2*len(s.Units)] // blockers, then keepouts
	mo := world.MoveOptions{FaceMovement: true, AllowOffTable: p.ts.Disengaging, KeepoutDist: EnemyExclusion,
		Blockers: bases[:0:len(s.Units)]}
	if !p.assault {
		mo.Keepout = bases[len(s.Units):len(s.Units)]
	}
	for i := range s.Units {
		o := &s.Units[i]
		if o.ID == t.u.ID || !operational(o) {
			continue
		}
		ob := r.base(o)
		mo.Blockers = append(mo.Blockers, ob)
		if o.Side != t.u.Side && !p.assault {
			mo.Keepout = append(mo.Keepout, ob)
		}
	}
	p.contact = r.enemiesInContact(s, t.u)
	p.rep = r.moves.measure(r.w, r.terrain, p.start, path, t.prof.Class, mo)
	r.moves.putBases(buf) // measure keeps a copy of what it remembers
	if p.rep.Illegal != nil {
		reason := p.rep.Illegal.Reason
		if p.rep.Illegal.Kind == "keepout" {
			reason += " (ATII-MOV-6: no closer than 10 cm to an enemy titan in the movement phase)"
		}
		return p, fmt.Errorf("%s cannot take that path: %s", c.Unit, reason)
	}
	p.plan = planFromReport(&p.rep, p.assault, len(p.contact) > 0)
	p.plan.Unit = t.u.ID
	p.check, err = CheckMove(t.prof, p.ts, p.plan, p.opts)
	if err != nil {
		return p, fmt.Errorf("%s: %w", c.Unit, err)
	}
	return p, nil
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// SurelyRefused reports whether a move of titan id (side's, in the
// movement or assault phase) to the single waypoint wp is surely refused
// by Validate, read without measuring the path: its turns alone exceed
// the titan's Man (TurnsOverMan), or the walk surely leaves the table,
// comes within 10 cm of an enemy titan in the movement phase (ATII-MOV-6)
// or overlaps another titan (world.MoveSurelyIllegal, with the bases and
// options Validate measures with). A sampler uses it to skip measuring
// such draws. False when unsure.
func (r *Ruleset) SurelyRefused(s *rules.State, id string, wp Waypoint) bool {
	if r.TurnsOverMan(s, id, wp) {
		return true
	}
	u := s.Unit(id)
	if u == nil || (s.Step != StepMovement && s.Step != StepAssault) || !finite(wp.X) || !finite(wp.Y) || (wp.Facing != nil && !finite(*wp.Facing)) {
		return false
	}
	ts, err := titanView(u)
	if err != nil {
		return false
	}
	assault := s.Step == StepAssault
	path := [1]world.Waypoint{{To: world.Vec{X: wp.X, Y: wp.Y}}}
	if wp.Facing != nil {
		path[0].Facing, path[0].Turn = world.NormDeg(*wp.Facing), true
	}
	// The options prepare measures with.
	buf := r.moves.basesBuf(2 * len(s.Units))
	defer r.moves.putBases(buf)
	bases := (*buf)[: 0 : 2*len(s.Units)]
	mo := world.MoveOptions{FaceMovement: true, AllowOffTable: ts.Disengaging, KeepoutDist: EnemyExclusion,
		Blockers: bases[:0:len(s.Units)]}
	if !assault {
		mo.Keepout = bases[len(s.Units):len(s.Units)]
	}
	for i := range s.Units {
		o := &s.Units[i]
		if o.ID == u.ID || !operational(o) {
			continue
		}
		ob := r.base(o)
		mo.Blockers = append(mo.Blockers, ob)
		if o.Side != u.Side && !assault {
			mo.Keepout = append(mo.Keepout, ob)
		}
	}
	return r.w.MoveSurelyIllegal(r.base(u), path[:], mo)
}

// TurnsOverMan reports whether titan id's move to the single waypoint wp
// surely turns by more than its Man allows (ATII-MOV-2), read from the
// pivots alone (world.PathTurns) without measuring the path: a move
// command along it is then refused by Validate, whatever else it meets.
// A sampler uses it to skip measuring such draws. False when unsure (no
// such titan, a coordinate not finite).
//
// Validate prices the turns from the measured path (planFromReport,
// CheckMove): the pivot made before walking goes with the first segment,
// the waypoint's own pivot after it with a later segment or as the final
// turn, so they cost TurnCost(before) + TurnCost(after), or, were the walk
// to give no segment at all, TurnCost(before + after) as one final turn.
// The smaller of the two is what is compared with the Man.
func (r *Ruleset) TurnsOverMan(s *rules.State, id string, wp Waypoint) bool {
	u := s.Unit(id)
	if u == nil || !finite(wp.X) || !finite(wp.Y) || (wp.Facing != nil && !finite(*wp.Facing)) {
		return false
	}
	p, err := r.profile(u)
	if err != nil {
		return false
	}
	path := [1]world.Waypoint{{To: world.Vec{X: wp.X, Y: wp.Y}}}
	if wp.Facing != nil {
		path[0].Facing, path[0].Turn = world.NormDeg(*wp.Facing), true
	}
	var buf [2]world.MoveTurn
	before, after := 0.0, 0.0
	for _, t := range world.PathTurns(r.base(u), path[:], world.MoveOptions{FaceMovement: true}, buf[:0]) {
		if t.Auto {
			before += t.Degrees
		} else {
			after += t.Degrees
		}
	}
	need := min(TurnCost(before)+TurnCost(after), TurnCost(before+after))
	return need > sheet.Of(p).Man
}

// FinalTurnRoom reads, for titan id walking straight to `to` (no final
// facing given), the facing the walk ends in (the titan turned to its
// travel, forwards or backwards, as world.PathTurns turns it) and the
// largest final turn in degrees its Man still pays for once the pivot
// before walking is paid (ATII-MOV-2: each is its own turn, TurnStep
// degrees a point of Man). A sampler uses it to end a move facing a
// target only as far as the titan may turn. ok is false when there is
// no such titan, its profile is unknown, `to` is not finite, or the
// pivot alone needs more Man than it has.
func (r *Ruleset) FinalTurnRoom(s *rules.State, id string, to world.Vec) (facing, room float64, ok bool) {
	u := s.Unit(id)
	if u == nil || !finite(to.X) || !finite(to.Y) {
		return 0, 0, false
	}
	p, err := r.profile(u)
	if err != nil {
		return 0, 0, false
	}
	path := [1]world.Waypoint{{To: to}}
	var buf [1]world.MoveTurn
	facing, before := u.Facing, 0.0
	for _, t := range world.PathTurns(r.base(u), path[:], world.MoveOptions{FaceMovement: true}, buf[:0]) {
		before += t.Degrees
		facing = t.To
	}
	left := sheet.Of(p).Man - TurnCost(before)
	if left < 0 {
		return 0, 0, false
	}
	return facing, float64(left * TurnStep), true
}

// planFromReport converts a measured path into the facts the movement
// rules price: segments in path order with the turns made before each
// (pivots at the same point combined into one turn), and a final turn.
func planFromReport(rep *world.MoveReport, assault, inCC bool) MovePlan {
	plan := MovePlan{Assault: assault, InCloseCombat: inCC}
	if len(rep.Segments) > 0 {
		plan.Segments = make([]MoveSegment, 0, len(rep.Segments))
	}
	ti := 0
	for _, sg := range rep.Segments {
		turn := 0.0
		for ti < len(rep.Turns) && rep.Turns[ti].PathDist <= sg.Start+eps {
			turn += rep.Turns[ti].Degrees
			ti++
		}
		plan.Segments = append(plan.Segments, MoveSegment{Length: sg.Length, TurnBefore: turn, Backwards: sg.Backwards, Dangerous: sg.Dangerous, Impassable: sg.Impassable})
	}
	for ; ti < len(rep.Turns); ti++ {
		plan.FinalTurn += rep.Turns[ti].Degrees
	}
	return plan
}

// LegTurnMan splits the Man a measured move's turns use (ATII-MOV-2) by
// leg, for a move preview: perLeg[i] is what the turns made at the start of
// waypoint i's leg cost (the previous waypoint's own pivot included, as it
// is made at the same spot and the two count as one turn; pivots of a turn
// on the spot go with the next leg that walks), final what the pivots after
// the last walk cost. They add up to MoveCheck.ManForTurns.
func LegTurnMan(rep *world.MoveReport) (perLeg []int, final int) {
	perLeg = make([]int, len(rep.Legs))
	plan := planFromReport(rep, false, false)
	for j, sg := range plan.Segments {
		if w := rep.Segments[j].Waypoint; w >= 0 && w < len(perLeg) {
			perLeg[w] += TurnCost(sg.TurnBefore)
		}
	}
	return perLeg, TurnCost(plan.FinalTurn)
}

// positionAt is where the titan stands after going dist cm along the
// measured path (the path's end when it completed it).
func positionAt(rep *world.MoveReport, start world.Base, dist float64, complete bool) (world.Vec, float64) {
	if complete {
		return rep.End.Pos, rep.End.Facing
	}
	pos, facing := start.Pos, start.Facing
	for _, sg := range rep.Segments {
		if dist <= sg.End+eps {
			t := 0.0
			if sg.Length > 0 {
				t = math.Max(0, math.Min(1, (dist-sg.Start)/sg.Length))
			}
			return sg.From.Lerp(sg.To, t), sg.Facing
		}
		pos, facing = sg.To, sg.Facing
	}
	return pos, facing
}

// Validate implements rules.Command.
func (c *MoveCmd) Validate(s *rules.State) error {
	_, err := c.prepare(s)
	return err
}

// Plan implements rules.Planner: Validate keeping the measured, checked
// move for ApplyPlan (the engine measures the path once).
func (c *MoveCmd) Plan(s *rules.State) (any, error) {
	p, err := c.prepare(s)
	if err != nil {
		return nil, err
	}
	p.t.u = nil // a pointer into s: ApplyPlan looks the unit up in its own state
	return &p, nil
}

// ApplyPlan implements rules.Planner.
func (c *MoveCmd) ApplyPlan(s *rules.State, d rules.Dice, plan any) ([]rules.Event, error) {
	p, ok := plan.(*movePrep)
	if !ok {
		return c.Apply(s, d)
	}
	prep := *p
	if prep.t.u = s.Unit(c.Unit); prep.t.u == nil {
		return nil, fmt.Errorf("no unit %q", c.Unit)
	}
	return c.apply(s, d, prep)
}

// Apply implements rules.Command.
func (c *MoveCmd) Apply(s *rules.State, d rules.Dice) ([]rules.Event, error) {
	p, err := c.prepare(s)
	if err != nil {
		return nil, err
	}
	return c.apply(s, d, p)
}

// apply moves the titan as planned by prepare on s (or on the state s is
// a copy of).
func (c *MoveCmd) apply(s *rules.State, d rules.Dice, p movePrep) ([]rules.Event, error) {
	r := c.r
	g, err := r.progressView(s)
	if err != nil {
		return nil, err
	}
	var evs []rules.Event
	quiet := rules.Quiet(d) // search: no log text
	if lost := forfeited(g.Order, c.Unit, p.assault); len(lost) > 0 && !quiet {
		evs = append(evs, rules.LogEvents(d, rules.Message(fmt.Sprintf("%s goes out of order: %s forfeit(s) this phase (ATII-MOV-1)", c.Unit, strings.Join(lost, ", "))))...)
	}
	o, err := ResolveMove(p.t.prof, p.ts, p.plan, p.opts, d)
	if err != nil {
		return nil, err
	}
	u := p.t.u
	pos, facing := positionAt(&p.rep, p.start, o.Distance, o.Complete)
	u.Pos, u.Facing = pos, facing
	u.MovedDist += o.Distance
	if o.Distance > eps || math.Abs(world.RelDeg(facing-p.start.Facing)) > eps {
		u.Moved = true
	}
	u.Activated = true
	if err := keepTitan(u, p.t.prof, p.ts); err != nil { // see prepare
		return nil, err
	}
	if !quiet {
		pts := []world.Vec{p.start.Pos}
		for _, wp := range c.Path {
			pts = append(pts, world.Vec{X: wp.X, Y: wp.Y})
		}
		dist := strconv.FormatFloat(o.Distance, 'f', 1, 64)
		text := c.Unit + " moves " + dist + " cm"
		if p.assault {
			text = c.Unit + " makes an assault move of " + dist + " cm"
		}
		if turned := world.RelDeg(facing - p.start.Facing); dist == "0.0" && o.Complete && math.Abs(turned) > eps {
			// A turn on the spot: say the turn, not a move of 0.0 cm.
			text = c.Unit + " turns " + world.TurnWords(turned) + " on the spot"
			if p.assault {
				text += " (its assault move)"
			}
		}
		if !o.Complete {
			text += " and stops: " + o.StopReason
			pts = append(pts, pos)
		}
		if p.ts.Overcharged {
			text += " (engines overcharged)"
		}
		evs = append(evs, rules.Event{Kind: rules.EvMoved, Units: []string{c.Unit}, Path: pts, Text: text,
			Data: map[string]string{"distance": strconv.FormatFloat(o.Distance, 'f', 2, 64), "facing": strconv.FormatFloat(facing, 'f', 1, 64)}})
	}
	if p.ts.Disengaging && !r.w.Table.Contains(pos) {
		u.OffTable = true
		evs = append(evs, rules.Message(c.Unit+" leaves the table"))
	}
	if p.assault {
		now := r.enemiesInContact(s, u)
		for _, id := range now {
			if !hasString(p.contact, id) {
				u.Markers.Set(MarkCharged, 1)
				evs = append(evs, rules.Event{Kind: rules.EvMessage, Units: []string{c.Unit, id}, Text: fmt.Sprintf("%s charges into close combat with %s", c.Unit, id)})
			}
		}
	}
	if err := r.advanceOrder(s, c.Unit); err != nil {
		return nil, err
	}
	// Titans on overwatch may fire between the opponent's moves.
	return evs, r.offerOverwatch(s, otherSide(s, c.By), "after "+c.Unit+" moved")
}

// HoldCmd passes a titan's activation in the movement, shooting or assault
// phase: it stays where it is (or does not fire).
type HoldCmd struct {
	r    *Ruleset
	By   string `json:"by"`
	Unit string `json:"unit"`
}

// Hold returns a hold command bound to the ruleset.
func (r *Ruleset) Hold(by, unit string) *HoldCmd { return &HoldCmd{r: r, By: by, Unit: unit} }

// Name implements rules.Command.
func (*HoldCmd) Name() string { return CmdHold }

// Actor implements rules.Command.
func (c *HoldCmd) Actor() string { return c.By }

// Validate implements rules.Command.
func (c *HoldCmd) Validate(s *rules.State) error {
	if c.r == nil {
		return errUnbound
	}
	switch s.Step {
	case StepMovement, StepAssault, StepShooting:
	default:
		return fmt.Errorf("hold is for the movement, shooting and assault phases, not %s", s.Step)
	}
	_, err := c.r.ownActivationRead(s, c.By, c.Unit)
	return err
}

// Apply implements rules.Command.
func (c *HoldCmd) Apply(s *rules.State, d rules.Dice) ([]rules.Event, error) {
	if err := c.Validate(s); err != nil {
		return nil, err
	}
	g, err := c.r.progressView(s)
	if err != nil {
		return nil, err
	}
	assault := s.Step == StepAssault
	var evs []rules.Event
	if lost := forfeited(g.Order, c.Unit, assault); len(lost) > 0 && s.Step != StepShooting {
		evs = append(evs, rules.Message(fmt.Sprintf("%s goes out of order: %s forfeit(s) this phase (ATII-MOV-1)", c.Unit, strings.Join(lost, ", "))))
	}
	verb := "holds its position"
	if s.Step == StepShooting {
		verb = "holds its fire"
	}
	if u := s.Unit(c.Unit); u != nil {
		u.Activated = true
	}
	evs = append(evs, rules.Event{Kind: rules.EvMessage, Units: []string{c.Unit}, Text: c.Unit + " " + verb})
	return evs, c.r.advanceOrder(s, c.Unit)
}
