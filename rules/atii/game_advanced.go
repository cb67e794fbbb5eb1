package atii

import (
	"fmt"
	"sort"
	"strings"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

// Commands of the advanced rules.
const (
	// CmdOverwatch gives a side's end-of-turn orders: which titans go on
	// overwatch for the next turn (possibly none).
	CmdOverwatch = "overwatch"
	// CmdPass declines an overwatch interrupt.
	CmdPass = "pass"
	// CmdShields sets or clears a titan's standing order to overload its
	// void shields.
	CmdShields = "shields"
)

// Decision kinds of the advanced rules.
const (
	// KindOverwatch: fire with a titan on overwatch now, or pass.
	KindOverwatch = "overwatch"
	// KindOrders: end-of-turn orders (overwatch for next turn).
	KindOrders = "orders"
)

// withShields adds the shields command to a decision's command list when
// overloading void shields is in play, so the side that holds the decision
// may change its standing orders first.
func withShields(opts Options, cmds []string) []string {
	if !opts.OverloadShields {
		return cmds
	}
	return append(append(make([]string, 0, len(cmds)+1), cmds...), CmdShields)
}

// overwatchReady lists side's titans that are on overwatch, have not fired
// this turn and have at least one legal shot now, sorted by id.
func (r *Ruleset) overwatchReady(s *rules.State, side string, opts Options) []string {
	var ids []string
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != side || !operational(u) || u.Fired {
			continue
		}
		t, err := r.titan(s, u.ID)
		if err != nil || !t.ts.Overwatch {
			continue
		}
		if shots, _ := r.bestShots(s, t, opts); len(shots) > 0 {
			ids = append(ids, u.ID)
		}
	}
	sort.Strings(ids)
	return ids
}

// ProcOverwatch is the procedure of an overwatch offer on the engine's
// procedure stack (rules.State.Call): the frame's side may fire with one
// of the frame's titans (CmdFire) or pass (CmdPass); either answer
// returns from it. Params["after"] says what was just done.
const ProcOverwatch = "overwatch"

// overwatchFrame is the offer to side to fire now with the titans ids.
// ret is the step the game carries on in once every frame has returned
// ("" for the current one).
func overwatchFrame(side string, ids []string, after, ret string, opts Options) rules.Frame {
	var params rules.Labels
	if after != "" {
		params.Set("after", after)
	}
	return rules.Frame{Proc: ProcOverwatch, Side: side, Kind: KindOverwatch, Prompt: offerPrompt(ids, after),
		Commands: withShields(opts, []string{CmdFire, CmdPass}), Units: ids, Params: params,
		Return: rules.Return{Step: ret}}
}

// offerPrompt explains an overwatch offer of the titans ids, made after
// what was just done.
func offerPrompt(ids []string, after string) string {
	if after == "" {
		return "overwatch: fire now with " + strings.Join(ids, ", ") + ", or pass"
	}
	return "overwatch (" + after + "): fire now with " + strings.Join(ids, ", ") + ", or pass"
}

// offerOverwatch calls an overwatch offer for side when it has titans on
// overwatch able to fire now (advanced rule: a titan on overwatch may fire
// at any point of the turn, even between the opponent's actions, but
// never in the middle of one). The offer is a frame on the procedure
// stack (ProcOverwatch): its decision is pending until it is answered
// (fire or pass), then the phase resumes.
func (r *Ruleset) offerOverwatch(s *rules.State, side, after string) error {
	opts, err := r.options(s)
	if err != nil || !opts.Overwatch || side == "" {
		return err
	}
	ids := r.overwatchReady(s, side, opts)
	if len(ids) == 0 {
		return nil
	}
	return s.Call(overwatchFrame(side, ids, after, "", opts))
}

// offerPostCombat offers overwatch fire once the close combats are over,
// to the first player, then the second: both offers are made on the same
// position (as the rules put them at the same moment), the second called
// first so that the first player's is answered first. Once both have
// returned the game goes on to the rally step.
func (r *Ruleset) offerPostCombat(s *rules.State, g GameProgress, opts Options) error {
	var frames []rules.Frame
	for _, sd := range []string{g.First, g.Second} {
		if sd == "" {
			continue
		}
		if ids := r.overwatchReady(s, sd, opts); len(ids) > 0 {
			frames = append(frames, overwatchFrame(sd, ids, "after the close combats", StepRally, opts))
		}
	}
	for i := len(frames) - 1; i >= 0; i-- {
		if err := s.Call(frames[i]); err != nil {
			return err
		}
	}
	return nil
}

// offer returns the overwatch offer being answered, nil if none is.
func offer(s *rules.State) *rules.Frame {
	if f := s.Proc(); f != nil && f.Proc == ProcOverwatch {
		return f
	}
	return nil
}

// endOffer returns from the answered offer: the next offer's decision is
// pending, or, when none is left, the phase's own.
func (r *Ruleset) endOffer(s *rules.State) error {
	if _, err := s.Return(); err != nil {
		return err
	}
	if s.Proc() != nil {
		return nil
	}
	return r.resumePhase(s)
}

// resumePhase gives back the decision the phase was waiting for before an
// interrupt.
func (r *Ruleset) resumePhase(s *rules.State) error {
	g, err := r.progress(s)
	if err != nil {
		return err
	}
	opts, err := r.options(s)
	if err != nil {
		return err
	}
	switch s.Step {
	case StepMovement:
		r.setOrderPending(s, &g, g.First, g.Second, false, "move", withShields(opts, []string{CmdMove, CmdHold}))
	case StepAssault:
		r.setOrderPending(s, &g, g.First, g.Second, true, "assault", withShields(opts, []string{CmdMove, CmdHold}))
	case StepShooting:
		r.setOrderPending(s, &g, g.First, g.Second, false, "fire", withShields(opts, []string{CmdFire, CmdHold}))
	default:
		s.Active, s.Pending = "", nil
	}
	return nil
}

// PassCmd declines an overwatch interrupt: the titans stay on overwatch
// and may fire at a later moment.
type PassCmd struct {
	r  *Ruleset
	By string `json:"by"`
}

// Pass returns a pass command bound to the ruleset.
func (r *Ruleset) Pass(by string) *PassCmd { return &PassCmd{r: r, By: by} }

// Name implements rules.Command.
func (*PassCmd) Name() string { return CmdPass }

// Actor implements rules.Command.
func (c *PassCmd) Actor() string { return c.By }

// Validate implements rules.Command: only while side holds an overwatch
// offer.
func (c *PassCmd) Validate(s *rules.State) error {
	if c.r == nil {
		return errUnbound
	}
	if in := offer(s); in == nil || in.Side != c.By {
		return fmt.Errorf("%s has no overwatch fire to pass on", c.By)
	}
	return nil
}

// Apply implements rules.Command.
func (c *PassCmd) Apply(s *rules.State, _ rules.Dice) ([]rules.Event, error) {
	if err := c.Validate(s); err != nil {
		return nil, err
	}
	return []rules.Event{rules.Message(c.By + " holds its overwatch fire")}, c.r.endOffer(s)
}

// OverwatchCmd gives a side's end-of-turn orders (advanced rule): the
// titans listed go on overwatch for the next turn. On overwatch a titan
// may not move or turn at all in the movement or assault phases, but may
// fire once at any point of the turn: in the shooting phase as usual, or
// when offered between the opponent's moves and after the close combats.
// An empty list puts no titan on overwatch.
type OverwatchCmd struct {
	r     *Ruleset
	By    string   `json:"by"`
	Units []string `json:"units,omitempty"`
}

// Overwatch returns an overwatch order bound to the ruleset.
func (r *Ruleset) Overwatch(by string, units ...string) *OverwatchCmd {
	return &OverwatchCmd{r: r, By: by, Units: units}
}

// Name implements rules.Command.
func (*OverwatchCmd) Name() string { return CmdOverwatch }

// Actor implements rules.Command.
func (c *OverwatchCmd) Actor() string { return c.By }

// Validate implements rules.Command: at the end of a turn, by a side still
// to give its orders, for its own titans able to go on overwatch.
func (c *OverwatchCmd) Validate(s *rules.State) error {
	r := c.r
	if r == nil {
		return errUnbound
	}
	if s.Step != StepEnd {
		return fmt.Errorf("titans go on overwatch at the end of a turn, not in %s", s.Step)
	}
	g, err := r.progress(s)
	if err != nil {
		return err
	}
	if !hasString(g.OrdersDue, c.By) {
		return fmt.Errorf("%s has no orders to give now", c.By)
	}
	opts, err := r.options(s)
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, id := range c.Units {
		if seen[id] {
			return fmt.Errorf("%s listed twice", id)
		}
		seen[id] = true
		t, err := r.titan(s, id)
		if err != nil {
			return err
		}
		if t.u.Side != c.By {
			return fmt.Errorf("%s belongs to %s", id, t.u.Side)
		}
		if !operational(t.u) {
			return fmt.Errorf("%s is not on the table", id)
		}
		if err := OverwatchEligible(t.prof, t.ts, opts); err != nil {
			return fmt.Errorf("%s: %w", id, err)
		}
	}
	return nil
}

// Apply implements rules.Command.
func (c *OverwatchCmd) Apply(s *rules.State, _ rules.Dice) ([]rules.Event, error) {
	if err := c.Validate(s); err != nil {
		return nil, err
	}
	r := c.r
	for _, id := range c.Units {
		t, err := r.titan(s, id)
		if err != nil {
			return nil, err
		}
		ts := t.ts.Clone()
		ts.Overwatch = true
		if err := putTitan(t.u, t.prof, ts); err != nil {
			return nil, err
		}
	}
	text := c.By + " puts no titan on overwatch"
	if len(c.Units) > 0 {
		text = c.By + " puts " + strings.Join(c.Units, ", ") + " on overwatch for the next turn"
	}
	g, err := r.progress(s)
	if err != nil {
		return nil, err
	}
	var due []string
	for _, sd := range g.OrdersDue {
		if sd != c.By {
			due = append(due, sd)
		}
	}
	g.OrdersDue = due
	if err := putProgress(s, g); err != nil {
		return nil, err
	}
	return []rules.Event{{Kind: rules.EvMessage, Side: c.By, Units: c.Units, Text: text}}, r.ordersPending(s)
}

// beginOrders starts the end-of-turn orders when overwatch is in play and
// the game goes on: every titan's overwatch of the ending turn lapses, and
// each side that has a titan able to go on overwatch is asked, the first
// player first.
func (r *Ruleset) beginOrders(s *rules.State, setup GameSetup) error {
	opts, err := r.options(s)
	if err != nil || !opts.Overwatch {
		return err
	}
	if r.gameEnding(s, setup) {
		return nil
	}
	g, err := r.progress(s)
	if err != nil {
		return err
	}
	eligible := map[string]bool{}
	for i := range s.Units {
		u := &s.Units[i]
		if u.Destroyed {
			continue
		}
		t, err := r.titan(s, u.ID)
		if err != nil {
			return err
		}
		if t.ts.Overwatch {
			ts := t.ts.Clone()
			ts.Overwatch = false
			if err := putTitan(u, t.prof, ts); err != nil {
				return err
			}
			t.ts = ts
		}
		if operational(u) && OverwatchEligible(t.prof, t.ts, opts) == nil {
			eligible[u.Side] = true
		}
	}
	g.OrdersDue = nil
	for _, sd := range []string{g.First, g.Second} {
		if sd != "" && eligible[sd] {
			g.OrdersDue = append(g.OrdersDue, sd)
		}
	}
	if err := putProgress(s, g); err != nil {
		return err
	}
	return r.ordersPending(s)
}

// ordersPending gives the end-of-turn orders decision to the next side
// due, or clears it.
func (r *Ruleset) ordersPending(s *rules.State) error {
	g, err := r.progress(s)
	if err != nil {
		return err
	}
	if len(g.OrdersDue) == 0 {
		s.Active, s.Pending = "", nil
		return nil
	}
	opts, err := r.options(s)
	if err != nil {
		return err
	}
	side := g.OrdersDue[0]
	var ids []string
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != side || !operational(u) {
			continue
		}
		if t, err := r.titan(s, u.ID); err == nil && OverwatchEligible(t.prof, t.ts, opts) == nil {
			ids = append(ids, u.ID)
		}
	}
	s.Active = side
	s.Pending = &rules.Decision{Side: side, Kind: KindOrders, Commands: withShields(opts, []string{CmdOverwatch}), Units: ids,
		Prompt: "end of turn: choose the titans to put on overwatch for the next turn (none is allowed): " + strings.Join(ids, ", ")}
	return nil
}

func (r *Ruleset) ordersDone(s *rules.State) bool {
	g, err := r.progress(s)
	return err != nil || len(g.OrdersDue) == 0
}

// ShieldsCmd sets a titan's standing order to overload its void shields
// (advanced rule, OptOverloadShields). The source lets the owner decide
// each time a shield is knocked down; since that happens in the middle of
// the opponent's shot, Auspex asks for the choice in advance: while the
// order stands, every shield of the titan knocked down (by shooting or an
// explosion) rolls a D6, 3+ it stays up, 1-2 every generator blows for the
// battle. The order may be given by the side holding the current decision
// in the movement, shooting and assault phases and with the end-of-turn
// orders; it costs no activation and lasts until changed.
type ShieldsCmd struct {
	r        *Ruleset
	By       string `json:"by"`
	Unit     string `json:"unit"`
	Overload bool   `json:"overload"`
}

// Shields returns a shields order bound to the ruleset.
func (r *Ruleset) Shields(by, unit string, overload bool) *ShieldsCmd {
	return &ShieldsCmd{r: r, By: by, Unit: unit, Overload: overload}
}

// Name implements rules.Command.
func (*ShieldsCmd) Name() string { return CmdShields }

// Actor implements rules.Command.
func (c *ShieldsCmd) Actor() string { return c.By }

// Validate implements rules.Command.
func (c *ShieldsCmd) Validate(s *rules.State) error {
	r := c.r
	if r == nil {
		return errUnbound
	}
	opts, err := r.options(s)
	if err != nil {
		return err
	}
	if !opts.OverloadShields {
		return fmt.Errorf("overloading void shields is an advanced rule (%s)", OptOverloadShields)
	}
	if s.Pending == nil || s.Pending.Side != c.By {
		return fmt.Errorf("%s may give orders only when it holds the decision", c.By)
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
	case t.ts.OverloadOrder == c.Overload:
		return fmt.Errorf("%s already has that order", c.Unit)
	}
	return nil
}

// Apply implements rules.Command.
func (c *ShieldsCmd) Apply(s *rules.State, _ rules.Dice) ([]rules.Event, error) {
	if err := c.Validate(s); err != nil {
		return nil, err
	}
	t, err := c.r.titan(s, c.Unit)
	if err != nil {
		return nil, err
	}
	ts := t.ts.Clone()
	ts.OverloadOrder = c.Overload
	if err := putTitan(t.u, t.prof, ts); err != nil {
		return nil, err
	}
	text := c.Unit + " will overload its void shields as they go down (3+ holds, 1-2 blows every generator)"
	if !c.Overload {
		text = c.Unit + " will not overload its void shields"
	}
	return []rules.Event{{Kind: rules.EvMessage, Side: c.By, Units: []string{c.Unit}, Text: text}}, nil
}

// contactGroup is the titans linked to id by chains of base contact
// (id first, then the rest in id order). same keeps only id's side;
// otherwise every side counts (a close combat melee).
func (r *Ruleset) contactGroup(s *rules.State, id string, same bool) []string {
	start := s.Unit(id)
	if start == nil {
		return nil
	}
	group := []string{id}
	in := map[string]bool{id: true}
	for k := 0; k < len(group); k++ {
		b := r.base(s.Unit(group[k]))
		for i := range s.Units {
			o := &s.Units[i]
			if in[o.ID] || !operational(o) || (same && o.Side != start.Side) {
				continue
			}
			if world.InContact(b, r.base(o)) {
				in[o.ID] = true
				group = append(group, o.ID)
			}
		}
	}
	sort.Strings(group[1:])
	return group
}

// shieldOwner is the titan of pool whose void shield takes the next hit on
// target: the target's own first, then the partners' in id order; "" when
// every shield of the pool is down.
func (r *Ruleset) shieldOwner(s *rules.State, target string, pool []string) (string, error) {
	order := append([]string{target}, pool...)
	for _, id := range order {
		t, err := r.titan(s, id)
		if err != nil {
			return "", err
		}
		if operational(t.u) && t.ts.ShieldsUp(t.prof) > 0 {
			return id, nil
		}
	}
	return "", nil
}

// applyPooledHits resolves n hits on target whose void shields are merged
// with the titans of pool (merging void shields, or a close combat shot
// into): while any shield of the pool is up a hit knocks at one of them
// (the target's own first), and the owner's overload order applies; once
// all are down the hits fall on the target as usual. Without partners it
// is applyHits.
func (r *Ruleset) applyPooledHits(s *rules.State, d rules.Dice, target string, n int, spec HitSpec, hc HitContext, opts Options, pool []string) error {
	var partners []string
	for _, id := range pool {
		if id != target {
			partners = append(partners, id)
		}
	}
	if len(partners) == 0 || spec.IgnoreShields {
		_, err := r.applyHits(s, d, target, n, spec, hc, opts)
		return err
	}
	for i := 0; i < n; i++ {
		t, err := r.titan(s, target)
		if err != nil {
			return err
		}
		if t.ts.Destroyed {
			return nil
		}
		owner, err := r.shieldOwner(s, target, partners)
		if err != nil {
			return err
		}
		if owner != "" && owner != target {
			rules.LogEvents(d, rules.Event{Kind: rules.EvMessage, Units: []string{target, owner},
				Text: fmt.Sprintf("%s's void shields are merged with %s's: the hit falls on a shield of %s", target, owner, owner)})
			if _, err := r.applyHits(s, d, owner, 1, spec, hc, opts); err != nil {
				return err
			}
			continue
		}
		if _, err := r.applyHits(s, d, target, 1, spec, hc, opts); err != nil {
			return err
		}
	}
	return nil
}

// shotHits resolves the hits of one shot in play with the advanced rules:
// shooting into a close combat randomises each hit between the titans of
// the melee (the firer's enemies first, SplitIntoCombat) and pools all
// their shields; merging void shields pools the shields of the target's
// friends in base contact. Otherwise the hits fall on the target.
func (r *Ruleset) shotHits(s *rules.State, d rules.Dice, firer *rules.Unit, sh ShotSetup, hr HitRoll, opts Options) error {
	if opts.ShootIntoCC && sh.TargetInCC && !sh.CCOpponent {
		melee := r.contactGroup(s, sh.TargetID, false)
		var enemies, friends []string
		for _, id := range melee {
			if u := s.Unit(id); u != nil && u.Side == firer.Side {
				friends = append(friends, id)
			} else {
				enemies = append(enemies, id)
			}
		}
		sort.Strings(enemies)
		sort.Strings(friends)
		combatants := append(enemies, friends...)
		if len(combatants) > 6 {
			combatants = combatants[:6]
		}
		split, err := SplitIntoCombat(hr.Hits, len(combatants), d)
		if err != nil {
			return err
		}
		var parts []string
		for i, id := range combatants {
			parts = append(parts, fmt.Sprintf("%s %d", id, split[i]))
		}
		rules.LogEvents(d, rules.Event{Kind: rules.EvMessage, Units: combatants, Text: "shot into close combat, hits randomised: " + strings.Join(parts, ", ")})
		fb := r.base(firer)
		for i, id := range combatants {
			if split[i] == 0 {
				continue
			}
			u := s.Unit(id)
			if u == nil || !operational(u) {
				continue
			}
			if err := r.applyPooledHits(s, d, id, split[i], hr.Spec, hitContext(r.base(u), fb.Pos), opts, melee); err != nil {
				return err
			}
		}
		return nil
	}
	pool := []string{sh.TargetID}
	if opts.MergeShields {
		pool = r.contactGroup(s, sh.TargetID, true)
	}
	return r.applyPooledHits(s, d, sh.TargetID, hr.Hits, hr.Spec, sh.Hit, opts, pool)
}
