package game

import (
	"context"
	"errors"
	"fmt"

	"github.com/auspex/auspex/rules"
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

// Controller kinds every game or a system may provide (NewController).
const (
	// KindGreedy is a system's one-ply baseline.
	KindGreedy = "greedy"
	// KindRandom picks at random among the legal choices.
	KindRandom = "random"
)

// ErrControllerKind is returned for a controller kind the game's system
// does not provide.
var ErrControllerKind = errors.New("controller kind not available")

// ControllerMaker is implemented by systems that ship computer players:
// NewController returns a fresh controller of the kind ("greedy"), or an
// error wrapping ErrControllerKind.
type ControllerMaker interface {
	NewController(kind string) (Controller, error)
}

// NewController returns a computer player of the kind for this game: the
// system's own (ControllerMaker). Errors: ErrControllerKind when neither
// provides the kind.
func (g *Game) NewController(kind string) (Controller, error) {
	if m, ok := g.System.(ControllerMaker); ok {
		return m.NewController(kind)
	}
	return nil, fmt.Errorf("%w: %s has no %q player", ErrControllerKind, g.systemName(), kind)
}

// systemName names the game's system for messages.
func (g *Game) systemName() string {
	if g.System != nil {
		return g.System.Name()
	}
	return "the game's system"
}
