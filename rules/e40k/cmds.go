package e40k

import (
	"fmt"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
)

// pendingOf checks that the game waits for side with a decision of one of
// the kinds and returns the progress. Errors name what the game waits for.
func (r *Ruleset) pendingOf(s *rules.State, side string, kinds ...string) (Progress, error) {
	g, err := r.progress(s)
	if err != nil {
		return g, err
	}
	p := s.Pending
	if p == nil {
		return g, fmt.Errorf("nothing to decide at %s", s.Step)
	}
	if p.Side != side {
		return g, fmt.Errorf("waiting for %s, not %s", p.Side, side)
	}
	for _, k := range kinds {
		if p.Kind == k {
			return g, nil
		}
	}
	return g, fmt.Errorf("the game waits for %s (%s)", p.Kind, p.Prompt)
}

// listed reports whether id is one of the decision's detachments.
func listed(s *rules.State, id string) bool {
	if s.Pending == nil {
		return false
	}
	for _, u := range s.Pending.Units {
		if u == id {
			return true
		}
	}
	return false
}

// OrdersCmd gives a detachment its orders for the turn (E40K-ORD-1). A
// detachment with blast markers tests leadership (E40K-BM-1, E40K-LD-1,
// E40K-ORD-2); if it fails it holds: no moving this turn. Special orders
// need an artillery unit in the detachment (E40K-ART-1); when it has
// artillery and other units able to shoot, its player then chooses what
// the rest does (RestCmd).
type OrdersCmd struct {
	r          *Ruleset
	By         string `json:"by"`
	Detachment string `json:"detachment"`
	Order      string `json:"order"`
}

// Name implements rules.Command.
func (*OrdersCmd) Name() string { return CmdOrders }

// Actor implements rules.Command.
func (c *OrdersCmd) Actor() string { return c.By }

// Validate implements rules.Command. Errors: not this side's decision, a
// detachment not waiting for orders, an unknown order, special orders
// without artillery.
func (c *OrdersCmd) Validate(s *rules.State) error {
	if _, err := c.r.pendingOf(s, c.By, KindOrders); err != nil {
		return err
	}
	if !listed(s, c.Detachment) {
		return fmt.Errorf("detachment %q is not waiting for orders", c.Detachment)
	}
	switch c.Order {
	case OrderAssault, OrderMarch, OrderOverwatch:
	case OrderSpecial:
		if !c.r.hasArtillery(s, c.Detachment) && !c.r.hasFlak(s, c.Detachment) {
			return fmt.Errorf("%s has no artillery or flak for special orders", c.Detachment)
		}
	default:
		return fmt.Errorf("unknown order %q (assault, march, overwatch, special)", c.Order)
	}
	return nil
}

// Apply implements rules.Command.
func (c *OrdersCmd) Apply(s *rules.State, d rules.Dice) ([]rules.Event, error) {
	g, err := c.r.progress(s)
	if err != nil {
		return nil, err
	}
	f := s.Formation(c.Detachment)
	if f == nil {
		return nil, fmt.Errorf("no detachment %q", c.Detachment)
	}
	ok, err := RollLeadership(d, c.Detachment+" takes "+c.Order+" orders", blast(f), len(members(s, f.ID)), []string{f.ID})
	if err != nil {
		return nil, err
	}
	f.Orders = c.Order
	text := fmt.Sprintf("%s is on %s orders", f.ID, c.Order)
	if !ok {
		f.Orders = OrderHold
		text = fmt.Sprintf("%s fails its leadership test and holds", f.ID)
	}
	g.markActed(f.ID)
	if f.Orders == OrderSpecial && c.r.hasArtillery(s, f.ID) && c.r.hasRest(s, f.ID) {
		g.RestFor = f.ID // the rest: 5 cm move or overwatch (RestCmd)
	}
	return []rules.Event{{Kind: rules.EvMessage, Side: f.Side, Text: text, Data: map[string]string{"orders": f.Orders}}}, c.r.sync(s, g)
}

// RestCmd chooses what the rest of a detachment just put on special
// orders does (seed 001, E40K-ART-1: "the rest of the detachment can then
// be set to overwatch and other units can make normal 5 cm move and fire
// in the shooting phase"): with Overwatch its units that are not
// artillery stay put on overwatch (OrderSpecialOverwatch), else they may
// move 5 cm and fire (OrderSpecial). The artillery bombards either way.
type RestCmd struct {
	r          *Ruleset
	By         string `json:"by"`
	Detachment string `json:"detachment"`
	Overwatch  bool   `json:"overwatch,omitempty"`
}

// Name implements rules.Command.
func (*RestCmd) Name() string { return CmdRest }

// Actor implements rules.Command.
func (c *RestCmd) Actor() string { return c.By }

// Validate implements rules.Command. Errors: not this side's decision, or
// another detachment than the one just put on special orders.
func (c *RestCmd) Validate(s *rules.State) error {
	g, err := c.r.pendingOf(s, c.By, KindSpecialRest)
	if err != nil {
		return err
	}
	if c.Detachment != g.RestFor {
		return fmt.Errorf("the rest of %s is to be set now, not of %q", g.RestFor, c.Detachment)
	}
	return nil
}

// Apply implements rules.Command.
func (c *RestCmd) Apply(s *rules.State, _ rules.Dice) ([]rules.Event, error) {
	g, err := c.r.progress(s)
	if err != nil {
		return nil, err
	}
	f := s.Formation(c.Detachment)
	if f == nil {
		return nil, fmt.Errorf("no detachment %q", c.Detachment)
	}
	text := f.ID + ": the artillery bombards, the rest may move 5 cm and fire"
	f.Orders = OrderSpecial
	if c.Overwatch {
		f.Orders = OrderSpecialOverwatch
		text = f.ID + ": the artillery bombards, the rest is on overwatch"
	}
	g.RestFor = ""
	return []rules.Event{{Kind: rules.EvMessage, Side: f.Side, Units: []string{f.ID}, Text: text, Data: map[string]string{"orders": f.Orders}}}, c.r.sync(s, g)
}

// hasRest reports whether detachment f has a unit that is not artillery
// and can shoot (firepower or a super-heavy weapon): the rest of a
// detachment on special orders that may go on overwatch (E40K-ART-1).
func (r *Ruleset) hasRest(s *rules.State, f string) bool {
	for _, u := range members(s, f) {
		if p, err := r.Profile(s, u); err == nil && !p.Artillery() && (p.Firepower > 0 || len(p.SuperHeavy) > 0) {
			return true
		}
	}
	return false
}

func (r *Ruleset) hasArtillery(s *rules.State, f string) bool {
	for _, u := range members(s, f) {
		if p, err := r.Profile(s, u); err == nil && p.Artillery() {
			return true
		}
	}
	return false
}

// InitiativeCmd: the side whose counter was drawn goes first or second
// (E40K-INI-1).
type InitiativeCmd struct {
	r     *Ruleset
	By    string `json:"by"`
	First bool   `json:"first"`
}

// Name implements rules.Command.
func (*InitiativeCmd) Name() string { return CmdInitiative }

// Actor implements rules.Command.
func (c *InitiativeCmd) Actor() string { return c.By }

// Validate implements rules.Command. Errors: not this side's initiative.
func (c *InitiativeCmd) Validate(s *rules.State) error {
	_, err := c.r.pendingOf(s, c.By, KindInitiative)
	return err
}

// Apply implements rules.Command.
func (c *InitiativeCmd) Apply(s *rules.State, _ rules.Dice) ([]rules.Event, error) {
	g, err := c.r.progress(s)
	if err != nil {
		return nil, err
	}
	me := sideIndex(s, c.By)
	g.First = me
	how := "first"
	if !c.First {
		g.First, how = 1-me, "second"
	}
	return []rules.Event{rules.Message(fmt.Sprintf("%s chooses to go %s", c.By, how))}, c.r.sync(s, g)
}

// FireCmd: a detachment shoots at an enemy detachment: in the shooting
// steps (war engines in their own step), as overwatch fire at a detachment
// that has just moved (re-rolling misses), or as a preparatory bombardment
// by artillery on special orders (E40K-ART-1, no line of sight needed).
//
// With Titan set the detachment shoots at that enemy titan instead, with
// the ATII rules at Gunnery 4+ (seed 002; planTitanFire): in the
// shooting steps, as overwatch fire at a titan that has just moved
// (misses re-rolled), or as a preparatory bombardment (E40K-ART-1); its
// attacks aimed high or low as Aim declares (ATII-SHT-2, ATII-SHT-3;
// empty means high); Target is then ignored.
type FireCmd struct {
	r          *Ruleset
	By         string   `json:"by"`
	Detachment string   `json:"detachment"`
	Target     string   `json:"target"`
	Titan      string   `json:"titan,omitempty"`
	Aim        atii.Aim `json:"aim,omitempty"`
}

// Name implements rules.Command.
func (*FireCmd) Name() string { return CmdFire }

// Actor implements rules.Command.
func (c *FireCmd) Actor() string { return c.By }

// mode returns the fire mode of the pending decision.
func fireMode(s *rules.State) string {
	if s.Pending != nil {
		switch s.Pending.Kind {
		case KindBombard:
			return fireBombard
		case KindOverwatch:
			return fireOverwatch
		case KindSnapFire:
			return fireSnap
		}
	}
	return fireNormal
}

// Validate implements rules.Command. Errors: not this side's decision, a
// detachment that may not fire now, overwatch fire at another detachment
// than the one that moved, and planFire's errors.
func (c *FireCmd) Validate(s *rules.State) error {
	g, err := c.r.pendingOf(s, c.By, KindFire, KindBombard, KindOverwatch, KindSnapFire)
	if err != nil {
		return err
	}
	if !listed(s, c.Detachment) {
		return fmt.Errorf("detachment %q may not fire now", c.Detachment)
	}
	mode := fireMode(s)
	if c.Titan != "" {
		switch {
		case mode == fireSnap:
			return fmt.Errorf("snap fire is at detachments that made assault moves, not at titans")
		case mode == fireOverwatch && c.Titan != g.Reaction:
			return fmt.Errorf("overwatch fire must be at %s, which has just moved", g.Reaction)
		}
		_, err = c.r.planTitanFire(s, c.Detachment, c.Titan, c.Aim, mode)
		return err
	}
	if mode == fireOverwatch && c.Target != g.Reaction {
		return fmt.Errorf("overwatch fire must be at %s, which has just moved", g.Reaction)
	}
	if mode == fireSnap && !inList(g.Assaulted, c.Target) {
		return fmt.Errorf("snap fire must be at a detachment that has made assault moves (%v)", g.Assaulted)
	}
	_, err = c.r.planFire(s, c.Detachment, c.Target, mode)
	return err
}

// Apply implements rules.Command.
func (c *FireCmd) Apply(s *rules.State, d rules.Dice) ([]rules.Event, error) {
	o, err := c.r.options(s)
	if err != nil {
		return nil, err
	}
	g, err := c.r.progress(s)
	if err != nil {
		return nil, err
	}
	mode := fireMode(s)
	var evs []rules.Event
	if c.Titan != "" {
		v, err := c.r.planTitanFire(s, c.Detachment, c.Titan, c.Aim, mode)
		if err != nil {
			return nil, err
		}
		if evs, err = c.r.resolveTitanVolley(s, d, v); err != nil {
			return nil, err
		}
	} else {
		plan, err := c.r.planFire(s, c.Detachment, c.Target, mode)
		if err != nil {
			return nil, err
		}
		if evs, err = c.r.resolveFire(s, d, plan, o); err != nil {
			return nil, err
		}
	}
	if mode == fireNormal {
		g.markActed(c.Detachment)
		g.ToAct = 1 - sideIndex(s, c.By)
	}
	if mode == fireSnap {
		g.markActed(snapDone(c.Detachment))
	}
	return evs, c.r.sync(s, g)
}

// PassCmd: a detachment does nothing now (move, shoot, assault, rally),
// or, with no detachment, the side declines overwatch fire or a
// bombardment window.
type PassCmd struct {
	r          *Ruleset
	By         string `json:"by"`
	Detachment string `json:"detachment,omitempty"`
}

// Name implements rules.Command.
func (*PassCmd) Name() string { return CmdPass }

// Actor implements rules.Command.
func (c *PassCmd) Actor() string { return c.By }

// Validate implements rules.Command. Errors: not this side's decision, or
// a detachment not waiting.
func (c *PassCmd) Validate(s *rules.State) error {
	if _, err := c.r.pendingOf(s, c.By, KindMove, KindFire, KindAssault, KindRally, KindBombard, KindOverwatch, KindTitanMove, KindSnapFire); err != nil {
		return err
	}
	switch s.Pending.Kind {
	case KindBombard, KindOverwatch, KindSnapFire:
		return nil
	}
	if !listed(s, c.Detachment) {
		return fmt.Errorf("detachment %q is not waiting to act", c.Detachment)
	}
	return nil
}

// Apply implements rules.Command.
func (c *PassCmd) Apply(s *rules.State, _ rules.Dice) ([]rules.Event, error) {
	g, err := c.r.progress(s)
	if err != nil {
		return nil, err
	}
	text := c.By + " passes"
	switch s.Pending.Kind {
	case KindBombard:
		mover := s.Sides[(max(g.First, 0)+g.Sub)%2].ID
		g.markActed("window:" + g.Stage + ":" + mover)
		text = c.By + " does not bombard now"
	case KindOverwatch:
		g.Reaction = ""
		text = c.By + " holds its overwatch fire"
	case KindSnapFire:
		mover := s.Sides[(max(g.First, 0)+g.Sub)%2].ID
		g.markActed(snapWindow(mover))
		text = c.By + " holds its snap fire"
	case KindTitanMove:
		// The titan holds: its place in the move order is used
		// (ATII-MOV-1).
		order, err := atii.StartMove(g.TitanOrder, c.Detachment, s.Step == StepTitanAssault)
		if err != nil {
			return nil, err
		}
		g.TitanOrder, g.TitanLast = order, c.By
		text = c.Detachment + " holds"
	case KindFire:
		g.markActed(c.Detachment)
		g.ToAct = 1 - sideIndex(s, c.By)
		text = c.Detachment + " does not shoot"
	default:
		g.markActed(c.Detachment)
		text = c.Detachment + " passes"
	}
	return []rules.Event{rules.Message(text)}, c.r.sync(s, g)
}

// RallyCmd: a broken detachment tests leadership to rally (rally phase;
// impossible with as many blast markers as units, CanRally).
type RallyCmd struct {
	r          *Ruleset
	By         string `json:"by"`
	Detachment string `json:"detachment"`
}

// Name implements rules.Command.
func (*RallyCmd) Name() string { return CmdRally }

// Actor implements rules.Command.
func (c *RallyCmd) Actor() string { return c.By }

// Validate implements rules.Command.
func (c *RallyCmd) Validate(s *rules.State) error {
	if _, err := c.r.pendingOf(s, c.By, KindRally); err != nil {
		return err
	}
	if !listed(s, c.Detachment) {
		return fmt.Errorf("detachment %q may not rally now", c.Detachment)
	}
	return nil
}

// Apply implements rules.Command.
func (c *RallyCmd) Apply(s *rules.State, d rules.Dice) ([]rules.Event, error) {
	g, err := c.r.progress(s)
	if err != nil {
		return nil, err
	}
	f := s.Formation(c.Detachment)
	if f == nil {
		return nil, fmt.Errorf("no detachment %q", c.Detachment)
	}
	n := len(members(s, f.ID))
	face, err := roll(d, rules.Roll{Purpose: "rally: " + f.ID, Sides: 6, Mods: []string{fmt.Sprintf("more than %d blast markers", blast(f))}, Units: []string{f.ID}}, 1)
	if err != nil {
		return nil, err
	}
	ok := LeadershipPasses(face[0], blast(f), n)
	g.markActed(f.ID)
	text := f.ID + " fails to rally"
	if ok {
		f.Broken, f.Orders = false, ""
		text = f.ID + " rallies"
	}
	return []rules.Event{{Kind: rules.EvMessage, Side: f.Side, Text: text}}, c.r.sync(s, g)
}

// ActingFor is the detachment or titan command c acts for: orders, moves,
// assaults, fire, passes and rallies name a detachment, titan moves and
// fire a titan; "" for a command of the side as a whole (the initiative,
// missions, declining a window) and for commands of other rulesets.
func ActingFor(c rules.Command) string {
	switch c := c.(type) {
	case *OrdersCmd:
		return c.Detachment
	case *MoveCmd:
		return c.Detachment
	case *AssaultCmd:
		return c.Detachment
	case *FireCmd:
		return c.Detachment
	case *PassCmd:
		return c.Detachment
	case *RallyCmd:
		return c.Detachment
	case *TitanMoveCmd:
		return c.Titan
	case *TitanFireCmd:
		return c.Titan
	}
	return ""
}
