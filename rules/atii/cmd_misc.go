package atii

import (
	"fmt"
	"math"
	"strings"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/world"
)

// OrderCmd is the initiative winner's choice to go first or second: for
// the turn in the initiative step, and again at the start of the assault
// phase (and of the shooting phase with OptInitiativeEachPhase) for that
// phase and the rest of the turn (ATII-MOV-1).
type OrderCmd struct {
	r     *Ruleset
	By    string `json:"by"`
	First bool   `json:"first"`
}

// Order returns an order command bound to the ruleset.
func (r *Ruleset) Order(by string, first bool) *OrderCmd {
	return &OrderCmd{r: r, By: by, First: first}
}

// Name implements rules.Command.
func (*OrderCmd) Name() string { return CmdOrder }

// Actor implements rules.Command.
func (c *OrderCmd) Actor() string { return c.By }

// Validate implements rules.Command: only by the side that won the
// initiative, in the initiative step before the order is chosen or in a
// phase waiting for the choice.
func (c *OrderCmd) Validate(s *rules.State) error {
	g, err := getProgress(s)
	if err != nil {
		return err
	}
	switch {
	case s.Step == StepInitiative && g.First != "":
		return fmt.Errorf("the order is already chosen")
	case s.Step != StepInitiative && !g.Choosing:
		return fmt.Errorf("the player order is chosen in the initiative step (and at the start of the assault phase), not now")
	}
	if c.By != g.InitiativeWinner {
		return fmt.Errorf("%s did not win the initiative (%s did)", c.By, g.InitiativeWinner)
	}
	return nil
}

// Apply implements rules.Command.
func (c *OrderCmd) Apply(s *rules.State, _ rules.Dice) ([]rules.Event, error) {
	if err := c.Validate(s); err != nil {
		return nil, err
	}
	g, err := getProgress(s)
	if err != nil {
		return nil, err
	}
	g.First, g.Second = c.By, otherSide(s, c.By)
	if !c.First {
		g.First, g.Second = g.Second, g.First
	}
	what := "this turn"
	if g.Choosing {
		what = "in the " + s.Phase + " phase"
	}
	ev := rules.Message(fmt.Sprintf("%s chooses to go %s %s: %s first, %s second", c.By, map[bool]string{true: "first", false: "second"}[c.First], what, g.First, g.Second))
	if !g.Choosing {
		s.Active, s.Pending = "", nil
		return []rules.Event{ev}, keepProgress(s, g)
	}
	if c.r == nil {
		return nil, errUnbound
	}
	g.Choosing, g.Last = false, ""
	if err := putProgress(s, g); err != nil {
		return nil, err
	}
	return []rules.Event{ev}, c.r.resumePhase(s)
}

// DeployCmd places a titan that was not pre-placed: inside its side's
// deployment zone (the whole base), on the table, not overlapping another
// titan; sides alternate and each deploys its lowest-Man titan first.
type DeployCmd struct {
	r      *Ruleset
	By     string  `json:"by"`
	Unit   string  `json:"unit"`
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Facing float64 `json:"facing"`
}

// Deploy returns a deploy command bound to the ruleset.
func (r *Ruleset) Deploy(by, unit string, x, y, facing float64) *DeployCmd {
	return &DeployCmd{r: r, By: by, Unit: unit, X: x, Y: y, Facing: facing}
}

// Name implements rules.Command.
func (*DeployCmd) Name() string { return CmdDeploy }

// Actor implements rules.Command.
func (c *DeployCmd) Actor() string { return c.By }

// footprintPoints samples the outline of a base: the corners of a
// rectangle, 16 points around a circle, and the centre.
func footprintPoints(b world.Base) []world.Vec {
	pts := []world.Vec{b.Pos}
	if b.Foot.Shape == world.Rect {
		return append(pts, b.Corners()...)
	}
	for i := 0; i < 16; i++ {
		a := float64(i) * math.Pi / 8
		pts = append(pts, world.Vec{X: b.Pos.X + b.Foot.Radius*math.Sin(a), Y: b.Pos.Y - b.Foot.Radius*math.Cos(a)})
	}
	return pts
}

// inZone reports whether p is in one of the zone's pieces (edges count).
func inZone(pieces [][]Point, p world.Vec) bool {
	for _, pc := range pieces {
		poly := make([]world.Vec, len(pc))
		for i, q := range pc {
			poly[i] = q.Vec()
		}
		if world.PointInPolygon(p, poly) || onOutline(poly, p) {
			return true
		}
	}
	return false
}

func onOutline(poly []world.Vec, p world.Vec) bool {
	for i := range poly {
		a, b := poly[i], poly[(i+1)%len(poly)]
		ab := b.Sub(a)
		l2 := ab.Dot(ab)
		t := 0.0
		if l2 > 0 {
			t = math.Max(0, math.Min(1, p.Sub(a).Dot(ab)/l2))
		}
		if a.Add(ab.Scale(t)).Dist(p) <= 1e-6 {
			return true
		}
	}
	return false
}

// Validate implements rules.Command.
func (c *DeployCmd) Validate(s *rules.State) error {
	r := c.r
	if r == nil {
		return errUnbound
	}
	if s.Step != StepDeploy {
		return fmt.Errorf("titans are deployed before the game, not in %s", s.Step)
	}
	t, err := r.titan(s, c.Unit)
	if err != nil {
		return err
	}
	if t.u.Side != c.By {
		return fmt.Errorf("%s belongs to %s", c.Unit, t.u.Side)
	}
	if t.u.Markers.Value(MarkUnplaced) == 0 {
		return fmt.Errorf("%s is already on the table", c.Unit)
	}
	if s.Pending == nil || s.Pending.Side != c.By {
		return fmt.Errorf("it is not %s's turn to deploy", c.By)
	}
	g, err := r.progress(s)
	if err != nil {
		return err
	}
	next := Movable(g.Order, c.By, false)
	if len(next) == 0 {
		return fmt.Errorf("%s has nothing left to deploy", c.By)
	}
	if first, _ := r.titan(s, next[0]); first.prof != nil && sheet.Of(t.prof).Man > sheet.Of(first.prof).Man {
		return fmt.Errorf("deploy the lowest-Man titan first (%s, Man %d)", next[0], sheet.Of(first.prof).Man)
	}
	if !finite(c.X) || !finite(c.Y) || !finite(c.Facing) {
		return fmt.Errorf("position and facing must be finite numbers")
	}
	b := r.base(t.u)
	b.Pos, b.Facing = world.Vec{X: c.X, Y: c.Y}, world.NormDeg(c.Facing)
	setup, err := r.setup(s)
	if err != nil {
		return err
	}
	zone := setup.SideZones[c.By]
	for _, p := range footprintPoints(b) {
		if !r.w.Table.Contains(p) {
			return fmt.Errorf("%s would stand off the table", c.Unit)
		}
		if zone != "" && !inZone(setup.Zones[zone], p) {
			return fmt.Errorf("%s must be set up wholly inside %s's deployment zone (%s)", c.Unit, c.By, r.ZoneName(zone))
		}
	}
	for i := range s.Units {
		o := &s.Units[i]
		if o.ID == c.Unit || !operational(o) {
			continue
		}
		if world.Overlap(b, r.base(o)) {
			return fmt.Errorf("%s would overlap %s", c.Unit, o.ID)
		}
	}
	return nil
}

// Apply implements rules.Command.
func (c *DeployCmd) Apply(s *rules.State, _ rules.Dice) ([]rules.Event, error) {
	if err := c.Validate(s); err != nil {
		return nil, err
	}
	u := s.Unit(c.Unit)
	u.Pos, u.Facing = world.Vec{X: c.X, Y: c.Y}, world.NormDeg(c.Facing)
	u.Markers.Delete(MarkUnplaced)
	ev := rules.Event{Kind: rules.EvMoved, Units: []string{c.Unit}, Path: []world.Vec{u.Pos},
		Text: fmt.Sprintf("%s deploys %s at (%.1f, %.1f) facing %.0f", c.By, c.Unit, c.X, c.Y, u.Facing)}
	return []rules.Event{ev}, c.r.advanceOrder(s, c.Unit)
}

// RepairCmd rolls one damaged titan's repair dice in the rally phase
// (ATII-REP-1): each 4+ is one repair. The player sees the dice, then
// allocates the successes with AllocateCmd (when there is a choice to
// make; otherwise they go where they can). Knocked-down shields repaired
// now come back up at the start of the next turn. With the damage control
// option a titan that neither moved nor fired re-rolls its failed dice
// once.
//
// Priorities is the older form, kept so that saves recorded with it
// replay: the successes go at once to the systems listed (locations: legs,
// head, reactor, a mount id, or "shield"; repeats allowed), then to
// whatever is still repairable.
type RepairCmd struct {
	r          *Ruleset
	By         string   `json:"by"`
	Unit       string   `json:"unit"`
	Priorities []string `json:"priorities,omitempty"`
}

// Repair returns a repair command bound to the ruleset.
func (r *Ruleset) Repair(by, unit string, priorities ...string) *RepairCmd {
	return &RepairCmd{r: r, By: by, Unit: unit, Priorities: priorities}
}

// Name implements rules.Command.
func (*RepairCmd) Name() string { return CmdRepair }

// Actor implements rules.Command.
func (c *RepairCmd) Actor() string { return c.By }

// Validate implements rules.Command.
func (c *RepairCmd) Validate(s *rules.State) error {
	r := c.r
	if r == nil {
		return errUnbound
	}
	if s.Step != StepRally {
		return fmt.Errorf("repairs are rolled in the rally phase, not %s", s.Step)
	}
	t, err := r.titan(s, c.Unit)
	if err != nil {
		return err
	}
	switch {
	case t.u.Side != c.By:
		return fmt.Errorf("%s belongs to %s", c.Unit, t.u.Side)
	case !operational(t.u):
		return fmt.Errorf("%s is not on the table", c.Unit)
	case t.u.Activated:
		return fmt.Errorf("%s has nothing to repair or has already rolled", c.Unit)
	}
	if len(c.Priorities) > 32 {
		return fmt.Errorf("at most 32 priorities")
	}
	locs := Locations(t.prof)
	for _, p := range c.Priorities {
		if p != RepairShield && !hasString(locs, p) {
			return fmt.Errorf("%s has no system %q to repair (systems: %s, %s)", c.Unit, p, strings.Join(locs, ", "), RepairShield)
		}
	}
	return nil
}

// Apply implements rules.Command.
func (c *RepairCmd) Apply(s *rules.State, d rules.Dice) ([]rules.Event, error) {
	if err := c.Validate(s); err != nil {
		return nil, err
	}
	r := c.r
	t, err := r.titan(s, c.Unit)
	if err != nil {
		return nil, err
	}
	opts, err := r.options(s)
	if err != nil {
		return nil, err
	}
	ts := t.ts.Clone()
	ts.DamageControl = opts.DamageControl && !t.u.Moved && !t.u.Fired
	t.u.Activated = true
	if len(c.Priorities) > 0 {
		o, err := Repair(t.prof, ts, c.Priorities, opts, d)
		if err != nil {
			return nil, err
		}
		if err := putTitan(t.u, t.prof, o.State); err != nil {
			return nil, err
		}
		return repairedEvents(d, c.Unit, o.Successes, o.Repaired), r.rallyPending(s)
	}
	o, err := RollRepairs(t.prof, ts, opts, d)
	if err != nil {
		return nil, err
	}
	n := RepairsToAllocate(t.prof, ts, o.Successes)
	rep := Repairable(t.prof, ts)
	if n == 0 || n == len(rep) || distinct(rep) == 1 {
		// No choice to make: everything, or one system, gets repaired.
		ns, err := AllocateRepairs(t.prof, ts, o.Successes, rep[:n])
		if err != nil {
			return nil, err
		}
		if err := putTitan(t.u, t.prof, ns); err != nil {
			return nil, err
		}
		return repairedEvents(d, c.Unit, o.Successes, rep[:n]), r.rallyPending(s)
	}
	if err := putTitan(t.u, t.prof, ts); err != nil {
		return nil, err
	}
	g, err := r.progress(s)
	if err != nil {
		return nil, err
	}
	g.Repair = &PendingRepair{Side: c.By, Unit: c.Unit, Successes: o.Successes}
	if err := putProgress(s, g); err != nil {
		return nil, err
	}
	ev := rules.Event{Kind: rules.EvMessage, Units: []string{c.Unit}, Text: fmt.Sprintf("%s: %d repair(s) to allocate", c.Unit, o.Successes)}
	return []rules.Event{ev}, r.rallyPending(s)
}

// repairedEvents is the message of a titan's repairs; none in a quiet
// game (search), which logs nothing.
func repairedEvents(d rules.Dice, unit string, successes int, repaired []string) []rules.Event {
	if rules.Quiet(d) {
		return nil
	}
	return []rules.Event{repairedEvent(unit, successes, repaired)}
}

func repairedEvent(unit string, successes int, repaired []string) rules.Event {
	text := fmt.Sprintf("%s: %d repair(s)", unit, successes)
	if len(repaired) > 0 {
		text += ": " + strings.Join(repaired, ", ")
	}
	return rules.Event{Kind: rules.EvMessage, Units: []string{unit}, Text: text, Data: map[string]string{"repaired": strings.Join(repaired, ",")}}
}

// distinct counts the different entries of a list.
func distinct(list []string) int {
	seen := map[string]bool{}
	for _, x := range list {
		seen[x] = true
	}
	return len(seen)
}

// PendingRepair is a titan's repair roll waiting for its player to
// allocate the successes (AllocateCmd).
type PendingRepair struct {
	Side      string `json:"side"`
	Unit      string `json:"unit"`
	Successes int    `json:"successes"`
}

// AllocateCmd allocates a titan's repair successes after the roll
// (ATII-REP-1): Systems lists what each repair fixes, in order (locations
// or "shield", repeats for several repairs), one per success unless there
// is less to repair.
type AllocateCmd struct {
	r       *Ruleset
	By      string   `json:"by"`
	Unit    string   `json:"unit"`
	Systems []string `json:"systems"`
}

// Allocate returns an allocate command bound to the ruleset.
func (r *Ruleset) Allocate(by, unit string, systems ...string) *AllocateCmd {
	return &AllocateCmd{r: r, By: by, Unit: unit, Systems: systems}
}

// Name implements rules.Command.
func (*AllocateCmd) Name() string { return CmdAllocate }

// Actor implements rules.Command.
func (c *AllocateCmd) Actor() string { return c.By }

// Validate implements rules.Command: the titan's roll waits for this
// side's allocation and the systems fit it (AllocateRepairs).
func (c *AllocateCmd) Validate(s *rules.State) error {
	_, err := c.allocate(s)
	return err
}

func (c *AllocateCmd) allocate(s *rules.State) (TitanState, error) {
	r := c.r
	if r == nil {
		return TitanState{}, errUnbound
	}
	g, err := r.progress(s)
	if err != nil {
		return TitanState{}, err
	}
	switch {
	case s.Step != StepRally || g.Repair == nil:
		return TitanState{}, fmt.Errorf("no repair roll waits to be allocated")
	case g.Repair.Unit != c.Unit || g.Repair.Side != c.By:
		return TitanState{}, fmt.Errorf("the repairs to allocate are %s's for %s", g.Repair.Side, g.Repair.Unit)
	case len(c.Systems) > 64:
		return TitanState{}, fmt.Errorf("at most 64 systems")
	}
	t, err := r.titan(s, c.Unit)
	if err != nil {
		return TitanState{}, err
	}
	return AllocateRepairs(t.prof, t.ts, g.Repair.Successes, c.Systems)
}

// Apply implements rules.Command.
func (c *AllocateCmd) Apply(s *rules.State, d rules.Dice) ([]rules.Event, error) {
	ns, err := c.allocate(s)
	if err != nil {
		return nil, err
	}
	r := c.r
	t, err := r.titan(s, c.Unit)
	if err != nil {
		return nil, err
	}
	g, err := r.progress(s)
	if err != nil {
		return nil, err
	}
	n := g.Repair.Successes
	g.Repair = nil
	if err := putProgress(s, g); err != nil {
		return nil, err
	}
	if err := putTitan(t.u, t.prof, ns); err != nil {
		return nil, err
	}
	return repairedEvents(d, c.Unit, n, c.Systems), r.rallyPending(s)
}
