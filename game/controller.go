package game

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/scenarios"
)

// View is what a controller sees when asked to decide: its side's view
// of the state (a copy, safe to read on any goroutine), the side to
// decide for, its legal choices, and ways to fill templates and to test a
// command before answering.
type View struct {
	State   *rules.State
	Side    string
	Choices []rules.Choice
	Ruleset rules.Ruleset
	// Check reports whether a command would be accepted (it runs the
	// command's Validate on a copy of the game's state; nothing is
	// played).
	Check func(rules.Command) error
	// Candidates fills a continuous choice with concrete commands (the
	// system's CandidateGenerator on State; ErrNoCandidates without one).
	Candidates func(context.Context, rules.Choice) ([]rules.Choice, error)
	// Sample draws one concrete command for a continuous choice from rng
	// (Game.Sample on State: the system's Sampler, else one of its
	// candidates); ok is false when none was found.
	Sample func(ctx context.Context, tmpl rules.Choice, rng *rand.Rand) (rules.Choice, bool, error)
	// Sim plays commands on copies of any state of the game (the
	// engine's quiet look-ahead) for controllers that search.
	Sim *rules.Simulator
}

// Controller decides for a side: human input, a script, the AI. Decide may
// take time; it runs off the UI goroutine (see DecideAsync) and must honour
// ctx (its deadline is the time budget). It must answer with one of the
// view's choices (a template filled in).
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

// ErrControllerPanic wraps the panic of a controller run by DecideAsync.
var ErrControllerPanic = errors.New("controller panicked")

// observe is the one place a controller's state is cut down to its
// side's view (rules.Observe: no seed, no secret of another side). A
// state the ruleset cannot cut down is not shown at all (nil: the
// controller fails and the side takes its safe default), so a failure
// never leaks a secret.
func (g *Game) observe(st *rules.State, side string) *rules.State {
	v, err := rules.Observe(g.Ruleset, st, side)
	if err != nil {
		return nil
	}
	return v
}

// ViewFor builds the view of the current decision for side: side's view
// of a clone of the state (observe), the legal choices, Check on the
// clone and the system's candidates.
func (g *Game) ViewFor(side string) View {
	full := g.Engine.Snapshot()
	st := g.observe(full, side)
	return View{State: st, Side: side, Choices: g.Engine.Legal(side), Ruleset: g.Ruleset, Sim: g.Engine.Simulator(),
		Check: func(c rules.Command) error { return g.Bind(c).Validate(full) },
		Candidates: func(ctx context.Context, tmpl rules.Choice) ([]rules.Choice, error) {
			return g.Candidates(ctx, st, side, tmpl)
		},
		Sample: func(ctx context.Context, tmpl rules.Choice, rng *rand.Rand) (rules.Choice, bool, error) {
			return g.Sample(ctx, st, side, tmpl, rng)
		}}
}

// Decision is the answer of a controller run by DecideAsync.
type Decision struct {
	Cmd rules.Command
	Err error
	// Why is the controller's explanation (Reasoner), nil without one.
	Why *Why
}

// DecideAsync runs c.Decide on its own goroutine and delivers the answer on
// the returned channel (buffered: the goroutine never blocks). The view
// holds a copy of the state, so the caller's goroutine keeps the engine.
func DecideAsync(ctx context.Context, c Controller, v View) <-chan Decision {
	out := make(chan Decision, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				out <- Decision{Err: fmt.Errorf("%w: %v", ErrControllerPanic, r)}
			}
		}()
		cmd, why, err := decideWhy(ctx, c, v)
		out <- Decision{Cmd: cmd, Err: err, Why: why}
	}()
	return out
}

// Controller kinds every game or a system may provide (NewController).
const (
	// KindGreedy is a system's one-ply baseline.
	KindGreedy = "greedy"
	// KindRandom picks at random among the legal choices.
	KindRandom = "random"
	// KindAI is a system's search player; "ai:SECONDS" sets its time
	// per decision (ParseAIKind).
	KindAI = "ai"
	// KindScript is the scenario's scripted opponent for a side
	// (ScriptMaker).
	KindScript = "script"
)

// DefaultAIBudget is the search player's time per decision.
const DefaultAIBudget = time.Second

// ParseAIKind reads "ai" or "ai:SECONDS" (0 < SECONDS <= 600): ok is false
// for any other kind; err reports a bad time.
func ParseAIKind(kind string) (budget time.Duration, ok bool, err error) {
	if kind == KindAI {
		return DefaultAIBudget, true, nil
	}
	rest, found := strings.CutPrefix(kind, KindAI+":")
	if !found {
		return 0, false, nil
	}
	sec, perr := strconv.ParseFloat(rest, 64)
	if perr != nil || !(sec > 0 && sec <= 600) {
		return 0, true, fmt.Errorf("%q: the AI's time per decision is a number of seconds from 0 to 600", kind)
	}
	return time.Duration(sec * float64(time.Second)), true, nil
}

// ScriptMaker is implemented by systems that play a scenario's scripted
// opponents: NewScript returns the controller for side of scn (its tasks
// in the side's controller), with the script's own seed.
type ScriptMaker interface {
	NewScript(scn *scenarios.Scenario, side string, seed uint64) (Controller, error)
}

// NewScript returns the scenario's scripted opponent for side. Errors:
// the side has no script (not "scripted" in the scenario), the system
// plays no scripts (ErrControllerKind).
func (g *Game) NewScript(side string) (Controller, error) {
	if !g.HasScript(side) {
		return nil, fmt.Errorf("%w: side %s has no script in %s", ErrControllerKind, side, g.Scenario.File)
	}
	m, ok := g.System.(ScriptMaker)
	if !ok {
		return nil, fmt.Errorf("%w: %s plays no scripts", ErrControllerKind, g.systemName())
	}
	return m.NewScript(g.Scenario, side, g.State().Seed^0x5c819e7)
}

// HasScript reports whether the scenario scripts side.
func (g *Game) HasScript(side string) bool {
	if g.Scenario == nil {
		return false
	}
	for _, sd := range g.Scenario.Sides {
		if sd.ID == side {
			return sd.Controller.Type == "scripted"
		}
	}
	return false
}

// ErrControllerKind is returned for a controller kind the game's system
// does not provide.
var ErrControllerKind = errors.New("controller kind not available")

// ControllerMaker is implemented by systems that ship computer players:
// NewController returns a fresh controller of the kind ("greedy"), or an
// error wrapping ErrControllerKind.
type ControllerMaker interface {
	NewController(kind string) (Controller, error)
}

// NewController returns a computer player of the kind for this game:
// Random (seeded with the game's seed) for KindRandom, else the system's
// own (ControllerMaker). Errors: ErrControllerKind when neither
// provides the kind.
func (g *Game) NewController(kind string) (Controller, error) {
	if kind == KindRandom {
		return Random{Seed: g.State().Seed}, nil
	}
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
