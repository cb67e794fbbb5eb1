package game

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/world"
)

// View is what a controller sees when asked to decide: a copy of the state
// (safe to read on any goroutine), the side to decide for, its legal
// choices, and a way to test a command before answering.
type View struct {
	State   *rules.State
	Side    string
	Choices []rules.Choice
	Ruleset rules.Ruleset
	// Check reports whether a command would be accepted on State (it runs
	// the command's Validate on the copy; nothing is played).
	Check func(rules.Command) error
}

// Controller decides for a side: human input, a script, the AI. Decide may
// take time; it runs off the UI goroutine (see DecideAsync) and must honour
// ctx (its deadline is the time budget).
type Controller interface {
	Decide(ctx context.Context, v View) (rules.Command, error)
}

// ControllerFunc adapts a function to Controller.
type ControllerFunc func(ctx context.Context, v View) (rules.Command, error)

// Decide implements Controller.
func (f ControllerFunc) Decide(ctx context.Context, v View) (rules.Command, error) { return f(ctx, v) }

// ErrNoController is returned by Play when the side to decide has no
// controller (a human must decide through the UI).
var ErrNoController = errors.New("no controller for the side to decide")

// ViewFor builds the view of the current decision for side: a clone of the
// state and the legal choices.
func (g *Game) ViewFor(side string) View {
	st := g.Engine.Snapshot()
	return View{State: st, Side: side, Choices: g.Engine.Legal(side), Ruleset: g.Ruleset,
		Check: func(c rules.Command) error { return g.Bind(c).Validate(st) }}
}

// Decision is the answer of a controller run by DecideAsync.
type Decision struct {
	Cmd rules.Command
	Err error
}

// DecideAsync runs c.Decide on its own goroutine and delivers the answer on
// the returned channel (buffered: the goroutine never blocks). The view
// holds a copy of the state, so the caller's goroutine keeps the engine.
func DecideAsync(ctx context.Context, c Controller, v View) <-chan Decision {
	out := make(chan Decision, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				out <- Decision{Err: fmt.Errorf("controller panicked: %v", r)}
			}
		}()
		cmd, err := c.Decide(ctx, v)
		out <- Decision{Cmd: cmd, Err: err}
	}()
	return out
}

// Play runs the game with the given controllers (by side id) until it is
// over, a side without a controller must decide (ErrNoController), or max
// commands have been played (max <= 0: no cap). Each decision runs through
// DecideAsync; after each command, after (if not nil) is called with the
// events. It returns the number of commands played.
func (g *Game) Play(ctx context.Context, ctrls map[string]Controller, max int, after func([]rules.Event) error) (int, error) {
	n := 0
	for !g.State().Over && (max <= 0 || n < max) {
		if err := ctx.Err(); err != nil {
			return n, err
		}
		side := g.Engine.Decider()
		c := ctrls[side]
		if c == nil {
			return n, fmt.Errorf("%w: %s", ErrNoController, side)
		}
		var d Decision
		select {
		case d = <-DecideAsync(ctx, c, g.ViewFor(side)):
		case <-ctx.Done():
			return n, ctx.Err()
		}
		if d.Err != nil {
			return n, fmt.Errorf("%s decides: %w", side, d.Err)
		}
		if d.Cmd == nil {
			return n, fmt.Errorf("%s decides: no command", side)
		}
		evs, err := g.Submit(d.Cmd)
		if err != nil {
			return n, fmt.Errorf("%s: %s: %w", side, d.Cmd.Name(), err)
		}
		n++
		if after != nil {
			if err := after(evs); err != nil {
				return n, err
			}
		}
	}
	return n, nil
}

// Greedy is a simple controller for tests and solo play: it goes first,
// walks each titan straight at the nearest enemy titan (as far as the rules
// allow, trying small detours), fires every weapon at its nearest legal
// target, charges into base contact in the assault phase when an enemy is
// within reach, repairs in the default order and claims no objective.
type Greedy struct{}

// Decide implements Controller.
func (Greedy) Decide(ctx context.Context, v View) (rules.Command, error) {
	rs, ok := v.Ruleset.(*atii.Ruleset)
	if !ok {
		return nil, fmt.Errorf("greedy plays ATII only, not %s", v.State.Ruleset)
	}
	if len(v.Choices) == 0 {
		return nil, fmt.Errorf("no legal choice for %s at %s", v.Side, v.State.Step)
	}
	switch v.State.Step {
	case atii.StepDeploy:
		return greedyDeploy(v, rs)
	case atii.StepMovement, atii.StepAssault:
		return greedyMove(ctx, v, rs)
	case atii.StepDebrief:
		return v.Choices[len(v.Choices)-1].Cmd, nil
	}
	return v.Choices[0].Cmd, nil
}

// nearestEnemy returns the operational enemy titan nearest u (edge to edge).
func nearestEnemy(v View, rs *atii.Ruleset, u *rules.Unit) (*rules.Unit, float64) {
	var best *rules.Unit
	bd := math.Inf(1)
	ub := unitBase(v, rs, u)
	for i := range v.State.Units {
		o := &v.State.Units[i]
		if o.Side == u.Side || o.Destroyed || o.OffTable || o.Markers.Value(atii.MarkUnplaced) > 0 {
			continue
		}
		if d := world.Distance(ub, unitBase(v, rs, o)); d < bd {
			best, bd = o, d
		}
	}
	return best, bd
}

func unitBase(v View, rs *atii.Ruleset, u *rules.Unit) world.Base {
	b := world.Base{ID: u.ID, Pos: u.Pos, Facing: u.Facing}
	if p, err := rs.Catalogue().Unit(u.Type); err == nil {
		b.Foot = p.Base
	}
	return b
}

func greedyMove(ctx context.Context, v View, rs *atii.Ruleset) (rules.Command, error) {
	ch := v.Choices[0] // the first titan the order allows
	var hold rules.Command
	for _, c := range v.Choices {
		if c.Name == atii.CmdHold && len(c.Units) > 0 && c.Units[0] == ch.Units[0] {
			hold = c.Cmd
		}
	}
	if ch.Name != atii.CmdMove {
		return ch.Cmd, nil
	}
	mv := ch.Cmd.(*atii.MoveCmd)
	u := v.State.Unit(mv.Unit)
	enemy, gap := nearestEnemy(v, rs, u)
	if enemy == nil {
		return hold, nil
	}
	assault := v.State.Step == atii.StepAssault
	dir := enemy.Pos.Sub(u.Pos)
	centre := dir.Len()
	if centre < 1e-9 {
		return hold, nil
	}
	want := gap - (atii.EnemyExclusion + 0.5) // stay outside 10 cm
	if assault {
		want = gap // base to base
		if gap <= world.Eps {
			return hold, nil // already in combat
		}
	}
	if want <= 0.5 {
		return hold, nil
	}
	face := world.Bearing(dir)
	// Longest legal advance first, with small detours.
	for _, frac := range []float64{1, 0.85, 0.7, 0.55, 0.4, 0.25, 0.1} {
		for _, off := range []float64{0, 20, -20, 40, -40} {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			l := want * frac
			h := world.Heading(face + off)
			to := u.Pos.Add(h.Scale(l))
			for _, withFace := range []bool{true, false} {
				wp := atii.Waypoint{X: to.X, Y: to.Y}
				if withFace && off != 0 {
					wp.Facing = atii.Face(world.Bearing(enemy.Pos.Sub(to)))
				}
				cand := rs.Move(v.Side, u.ID, wp)
				if v.Check(cand) == nil {
					return cand, nil
				}
			}
		}
	}
	return hold, nil
}

func greedyDeploy(v View, rs *atii.Ruleset) (rules.Command, error) {
	ch := v.Choices[0]
	dc, ok := ch.Cmd.(*atii.DeployCmd)
	if !ok {
		return ch.Cmd, nil
	}
	if v.Check(dc) == nil {
		return dc, nil
	}
	t := rs.World().Table
	for y := 2.0; y < t.H; y += 4 {
		for x := 2.0; x < t.W; x += 4 {
			c := rs.Deploy(v.Side, dc.Unit, x, y, dc.Facing)
			if v.Check(c) == nil {
				return c, nil
			}
		}
	}
	return nil, fmt.Errorf("no legal place to deploy %s", dc.Unit)
}
