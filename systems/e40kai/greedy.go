package e40kai

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/world"
)

// Greedy is E40K's one-ply baseline. It shoots with the best immediate
// expected damage (the exact odds of Ruleset.Plan and FirePlan.Odds:
// expected points destroyed plus the blast markers' worth), moves each
// detachment to the candidate whose resulting position the Evaluator
// likes best, charges when its detachment is not much weaker in close
// combat than the enemy it would meet (chargeRatio), gives orders by distance (artillery
// special, in range overwatch or assault, within a move assault, else
// march), moves second and shoots and assaults first, and always tries
// to rally.
type Greedy struct {
	// Weights tune the evaluation (zero: DefaultWeights).
	Weights Weights
}

// Decide implements game.Controller. Errors: not an E40K view, no choice,
// ctx done.
func (gr Greedy) Decide(ctx context.Context, v game.View) (rules.Command, error) {
	rs, ok := v.Ruleset.(*e40k.Ruleset)
	if !ok || v.State == nil {
		return nil, errors.New("e40k greedy: needs an E40K game's view")
	}
	if len(v.Choices) == 0 {
		return nil, fmt.Errorf("e40k greedy: no legal choice for %s at %s", v.Side, v.State.Step)
	}
	w := gr.Weights
	if w == (Weights{}) {
		w = DefaultWeights()
	}
	ev := Evaluator{RS: rs, W: w}
	st := v.State
	kind := ""
	if st.Pending != nil {
		kind = st.Pending.Kind
	}
	switch kind {
	case e40k.KindOrders:
		return greedyOrders(rs, st, v.Side, v.Choices), nil
	case e40k.KindSpecialRest:
		return greedyRest(rs, st, v.Side, v.Choices), nil
	case e40k.KindInitiative:
		first := st.Step != e40k.StepMoveInit
		for _, c := range v.Choices {
			if ic, ok := c.Cmd.(*e40k.InitiativeCmd); ok && ic.First == first {
				return c.Cmd, nil
			}
		}
	case e40k.KindFire, e40k.KindBombard, e40k.KindOverwatch, e40k.KindSnapFire:
		return greedyFire(rs, v, ev), nil
	case e40k.KindMission, e40k.KindIntercept, e40k.KindLanding:
		return greedyAir(rs, v, ev), nil
	case e40k.KindMove, e40k.KindAssault, e40k.KindTitanMove:
		if c := greedyDisembark(v); c != nil {
			return c, nil
		}
		return greedyMove(ctx, rs, v, ev, kind == e40k.KindAssault)
	case e40k.KindRally:
		for _, c := range v.Choices {
			if c.Name == e40k.CmdRally {
				return c.Cmd, nil
			}
		}
	case e40k.KindCounterattack:
		// The card is asked for only when losing or tied, and re-rolling
		// the lower die never lowers the result: always worth playing
		// (one card a game, and no later combat is surer to need it).
		for _, c := range v.Choices {
			if cc, ok := c.Cmd.(*e40k.CounterattackCmd); ok && cc.Play {
				return c.Cmd, nil
			}
		}
	}
	for _, c := range v.Choices {
		if c.Continuous == "" {
			return c.Cmd, nil
		}
	}
	return nil, fmt.Errorf("e40k greedy: no discrete choice at %s", st.Step)
}

// greedyOrders orders the first detachment offered: special for
// artillery, overwatch when an enemy is in range now and the detachment
// shoots better than it fights, assault when an enemy is within range
// plus a move, else march.
func greedyOrders(rs *e40k.Ruleset, st *rules.State, side string, choices []rules.Choice) rules.Command {
	det := ""
	offered := map[string]rules.Command{}
	for _, c := range choices {
		oc, ok := c.Cmd.(*e40k.OrdersCmd)
		if !ok {
			continue
		}
		if det == "" {
			det = oc.Detachment
		}
		if oc.Detachment == det {
			offered[oc.Order] = c.Cmd
		}
	}
	if det == "" {
		return choices[0].Cmd
	}
	pick := func(order string) rules.Command { return offered[order] }
	var rng, speed, fp, as float64
	gap := math.Inf(1)
	speed = math.Inf(1)
	for _, u := range members(st, det) {
		p, err := rs.Profile(st, u)
		if err != nil {
			continue
		}
		rng = math.Max(rng, p.Range)
		speed = math.Min(speed, p.Speed)
		fp += float64(p.Firepower)
		as += float64(p.Assault)
		if _, d := nearestEnemy(rs, st, side, baseOf(rs, st, u)); d < gap {
			gap = d
		}
	}
	if c := pick(e40k.OrderSpecial); c != nil {
		return c
	}
	order := e40k.OrderMarch
	switch {
	case gap <= rng && fp >= as:
		order = e40k.OrderOverwatch
	case gap <= rng+speed:
		order = e40k.OrderAssault
	}
	if c := pick(order); c != nil {
		return c
	}
	if c := pick(e40k.OrderAssault); c != nil {
		return c
	}
	return choices[0].Cmd
}

// greedyRest sets the rest of a detachment on special orders on overwatch
// when an enemy already stands within the range of one of its units that
// are not artillery, else lets it move 5 cm (E40K-ART-1).
func greedyRest(rs *e40k.Ruleset, st *rules.State, side string, choices []rules.Choice) rules.Command {
	var move, watch rules.Command
	det := ""
	for _, c := range choices {
		if rc, ok := c.Cmd.(*e40k.RestCmd); ok {
			det = rc.Detachment
			if rc.Overwatch {
				watch = c.Cmd
			} else {
				move = c.Cmd
			}
		}
	}
	if move == nil || watch == nil {
		return choices[0].Cmd
	}
	for _, u := range members(st, det) {
		p, err := rs.Profile(st, u)
		if err != nil || p.Artillery() || p.Range <= 0 {
			continue
		}
		if _, d := nearestEnemy(rs, st, side, baseOf(rs, st, u)); d <= p.Range {
			return watch
		}
	}
	return move
}

// fireValue is a volley's expected worth: the expected number of units
// destroyed times the target's mean unit Worth, plus the expected blast
// markers times the evaluation's marker worth. ok is false when it has no
// plan or odds.
func fireValue(rs *e40k.Ruleset, st *rules.State, ev Evaluator, fc *e40k.FireCmd) (float64, bool) {
	plan, err := rs.Plan(st, fc.Detachment, fc.Target)
	if err != nil {
		return 0, false
	}
	return planValue(rs, st, ev, plan, fc.Target)
}

// planValue is fireValue's measure of a fire plan at detachment target.
func planValue(rs *e40k.Ruleset, st *rules.State, ev Evaluator, plan *e40k.FirePlan, target string) (float64, bool) {
	o, err := e40k.ParseOptions(st.Options)
	if err != nil {
		return 0, false
	}
	od, err := plan.Odds(o)
	if err != nil {
		return 0, false
	}
	var pts float64
	ms := members(st, target)
	for _, u := range ms {
		if p, err := rs.Profile(st, u); err == nil {
			pts += Worth(&p)
		}
	}
	if len(ms) == 0 {
		return 0, false
	}
	mean := pts / float64(len(ms))
	return od.Destroyed.Mean()*mean + od.Markers.Mean()*ev.W.Blast*mean, true
}

// greedyFire fires the volley of greatest expected worth, or passes when
// no volley is worth anything. A detachment's volley at a detachment is
// valued by its exact odds (fireValue); fire at or by a titan (seed 002:
// the ATII rules) by the mean change of the evaluation over two plays of
// it with the player's own dice.
func greedyFire(rs *e40k.Ruleset, v game.View, ev Evaluator) rules.Command {
	var best, pass rules.Command
	bv := 0.0
	for _, c := range v.Choices {
		val, ok := 0.0, false
		switch x := c.Cmd.(type) {
		case *e40k.FireCmd:
			if x.Titan == "" {
				val, ok = fireValue(rs, v.State, ev, x)
			} else {
				val, ok = sampledValue(v, ev, c.Cmd)
			}
		case *e40k.TitanFireCmd:
			val, ok = sampledValue(v, ev, c.Cmd)
		case *e40k.PassCmd:
			if pass == nil {
				pass = c.Cmd
			}
		}
		if ok && val > bv {
			best, bv = c.Cmd, val
		}
	}
	if best != nil {
		return best
	}
	if pass != nil {
		return pass
	}
	return v.Choices[0].Cmd
}

// sampledValue is the mean change of the evaluation when cmd is played
// twice on copies of the view's state with the player's own dice.
func sampledValue(v game.View, ev Evaluator, cmd rules.Command) (float64, bool) {
	if v.Sim == nil {
		return 0, false
	}
	before := ev.Evaluate(v.State, v.Side).Value
	var sum float64
	for k := uint64(0); k < 2; k++ {
		n, err := v.Sim.Play(v.State, cmd, rules.NewSeededDice(uint64(v.State.Seq)*0x9e3779b97f4a7c15+11, k))
		if err != nil {
			return 0, false
		}
		sum += ev.Evaluate(n, v.Side).Value - before
	}
	return sum / 2, true
}

// greedyMove decides for the first detachment offered: in an assault it
// charges (the ruleset's suggested charge) when its close-combat strength
// matches the enemy's near it; otherwise every candidate and passing are
// played on a copy of the state with the player's own dice and the best
// position by the Evaluator wins.
func greedyMove(ctx context.Context, rs *e40k.Ruleset, v game.View, ev Evaluator, assault bool) (rules.Command, error) {
	det := e40k.ActingFor(v.Choices[0].Cmd)
	var opts []rules.Choice
	for _, c := range v.Choices {
		if e40k.ActingFor(c.Cmd) != det {
			continue
		}
		if c.Continuous == "" {
			opts = append(opts, c)
			continue
		}
		cands, err := Candidates(ctx, rs, v.State, v.Side, c)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			continue
		}
		opts = append(opts, cands...)
	}
	if assault {
		for _, c := range opts {
			if ac, ok := c.Cmd.(*e40k.AssaultCmd); ok && len(ac.Moves) > 0 && chargeWorth(rs, v.State, ac) {
				return c.Cmd, nil
			}
		}
	}
	var best rules.Command
	bv := math.Inf(-1)
	dice := rules.NewSeededDice(uint64(v.State.Seq)*0x9e3779b97f4a7c15+7, 1)
	for _, c := range opts {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if ac, ok := c.Cmd.(*e40k.AssaultCmd); ok && len(ac.Moves) > 0 && !chargeWorth(rs, v.State, ac) && charges(rs, v.State, v.Side, ac) {
			continue
		}
		val := ev.Evaluate(v.State, v.Side).Value
		if v.Sim != nil {
			n, err := v.Sim.Play(v.State, c.Cmd, dice)
			if err != nil {
				continue
			}
			val = ev.Evaluate(n, v.Side).Value
		}
		if val > bv+1e-9 {
			best, bv = c.Cmd, val
		}
	}
	if best == nil {
		return v.Choices[0].Cmd, nil
	}
	return best, nil
}

// charges reports whether an assault move ends a unit in contact with an
// enemy.
func charges(rs *e40k.Ruleset, st *rules.State, side string, ac *e40k.AssaultCmd) bool {
	for _, m := range ac.Moves {
		u := st.Unit(m.Unit)
		if u == nil {
			continue
		}
		b := baseOf(rs, st, u)
		b.Pos = m.To
		if _, gap := nearestEnemy(rs, st, side, b); gap <= world.Eps {
			return true
		}
	}
	return false
}

// chargeWorth reports whether the charging detachment's assault values
// add up to at least chargeRatio of those of the enemy units within 15 cm
// of where its units end (the units it would fight and their supports).
func chargeWorth(rs *e40k.Ruleset, st *rules.State, ac *e40k.AssaultCmd) bool {
	if !charges(rs, st, ac.By, ac) {
		return false
	}
	var mine, theirs float64
	ends := map[string]world.Vec{}
	for _, m := range ac.Moves {
		ends[m.Unit] = m.To
	}
	var near []world.Base
	for _, u := range members(st, ac.Detachment) {
		p, err := rs.Profile(st, u)
		if err != nil {
			continue
		}
		mine += float64(p.Assault)
		b := world.Base{ID: u.ID, Pos: u.Pos, Facing: u.Facing, Foot: p.Base}
		if to, ok := ends[u.ID]; ok {
			b.Pos = to
		}
		near = append(near, b)
	}
	for i := range st.Units {
		e := &st.Units[i]
		if e.Side == ac.By || !onTable(e) {
			continue
		}
		eb := baseOf(rs, st, e)
		for _, b := range near {
			if world.Distance(b, eb) <= 15 {
				if p, err := rs.Profile(st, e); err == nil {
					theirs += float64(p.Assault)
				}
				break
			}
		}
	}
	return mine >= chargeRatio*theirs
}

// chargeRatio is how strong in close combat a detachment must be, as a
// share of the enemy near where it would end, for Greedy to charge (the
// attacker picks its fights and supports count for both sides).
const chargeRatio = 0.6
