package game

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/auspex/auspex/rules"
)

// Kinds of controller failure (Failure.Kind).
const (
	// FailError: the controller returned an error or no command.
	FailError = "error"
	// FailPanic: the controller panicked.
	FailPanic = "panic"
	// FailDeadline: the controller did not answer within its deadline.
	FailDeadline = "deadline"
	// FailRefused: the engine refused the controller's command.
	FailRefused = "refused"
)

// Failure records a decision a controller failed to make; the side took
// the system's safe default (Game.SafeDefault) instead and the game went
// on.
type Failure struct {
	// Seq is the command count when the decision was asked for.
	Seq  int
	Side string
	// Kind is FailError, FailPanic, FailDeadline or FailRefused.
	Kind string
	Err  error
	// Default is the command played instead.
	Default rules.Command
}

// String is the failure as one log line.
func (f Failure) String() string {
	what := "nothing"
	if f.Default != nil {
		what = f.Default.Name()
	}
	return fmt.Sprintf("%s's controller failed (%s: %v); %s plays %s instead", f.Side, f.Kind, f.Err, f.Side, what)
}

// PlayConfig tunes PlayWith.
type PlayConfig struct {
	// Max caps the commands played (<= 0: no cap).
	Max int
	// Deadline is each decision's time budget (0: none beyond ctx's).
	Deadline time.Duration
	// After, when not nil, is called after each command with its events,
	// preceded by an EvMessage event for a controller failure.
	After func([]rules.Event) error
}

// PlayResult is what PlayWith did.
type PlayResult struct {
	// Commands is the number of commands played.
	Commands int
	// Failures lists the decisions that fell back to the safe default.
	Failures []Failure
	// Thinking is the wall time of each decision asked of a controller,
	// in order (failed ones included).
	Thinking []time.Duration
}

// ErrNoSafeDefault is returned when a controller failed and the side has
// no safe default the engine accepts.
var ErrNoSafeDefault = errors.New("no safe default to play")

// Play runs the game with the given controllers (by side id) until it is
// over, a side without a controller must decide (ErrNoController), or max
// commands have been played (max <= 0: no cap); after (if not nil) is
// called with each command's events. A controller that fails takes the
// safe default (see PlayWith). It returns the number of commands played.
func (g *Game) Play(ctx context.Context, ctrls map[string]Controller, max int, after func([]rules.Event) error) (int, error) {
	r, err := g.PlayWith(ctx, ctrls, PlayConfig{Max: max, After: after})
	return r.Commands, err
}

// PlayWith runs the game like Play, each decision through DecideAsync on
// the side's view (ViewFor) with cfg.Deadline as its budget. When a
// controller errs, answers nothing, panics, runs past its deadline or
// answers a command the engine refuses, the side plays SafeDefault
// instead, the failure is recorded in the result and reported to
// cfg.After as an EvMessage event, and the game goes on. Errors: ctx
// done, ErrNoController, ErrNoSafeDefault, a safe default refused, After's.
func (g *Game) PlayWith(ctx context.Context, ctrls map[string]Controller, cfg PlayConfig) (PlayResult, error) {
	var res PlayResult
	for !g.State().Over && (cfg.Max <= 0 || res.Commands < cfg.Max) {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		side := g.Engine.Decider()
		c := ctrls[side]
		if c == nil {
			return res, fmt.Errorf("%w: %s", ErrNoController, side)
		}
		began := time.Now()
		d, err := g.decide(ctx, c, side, cfg.Deadline)
		res.Thinking = append(res.Thinking, time.Since(began))
		if err != nil {
			return res, err
		}
		var fail *Failure
		switch {
		case d.Err != nil:
			kind := FailError
			if errors.Is(d.Err, ErrControllerPanic) {
				kind = FailPanic
			} else if errors.Is(d.Err, context.DeadlineExceeded) {
				kind = FailDeadline
			}
			fail = &Failure{Kind: kind, Err: d.Err}
		case d.Cmd == nil:
			fail = &Failure{Kind: FailError, Err: errors.New("no command")}
		}
		seq, turn, step := g.State().Seq, g.State().Turn, g.State().Step
		var evs []rules.Event
		if fail == nil {
			evs, err = g.Submit(d.Cmd)
			if err != nil {
				var need *rules.NeedDiceError
				if errors.As(err, &need) {
					return res, fmt.Errorf("%s: %s: %w", side, d.Cmd.Name(), err)
				}
				fail = &Failure{Kind: FailRefused, Err: fmt.Errorf("%s: %w", d.Cmd.Name(), err)}
			}
		}
		if fail != nil {
			fail.Seq, fail.Side = seq, side
			def, err := g.SafeDefault(side)
			if err != nil {
				return res, fmt.Errorf("%s decides: %w (after: %v)", side, err, fail.Err)
			}
			fail.Default = def
			if evs, err = g.Submit(def); err != nil {
				return res, fmt.Errorf("%s: the safe default %s: %w", side, def.Name(), err)
			}
			res.Failures = append(res.Failures, *fail)
			msg := rules.Message(fail.String())
			msg.Side, msg.Cmd, msg.Turn, msg.Step = side, seq+1, g.State().Turn, g.State().Step
			evs = append([]rules.Event{msg}, evs...)
		}
		if fail == nil && d.Why != nil && d.Why.Line != "" {
			g.Engine.NoteLast(d.Why.Line)
			msg := rules.Message(d.Why.Line)
			msg.Side, msg.Cmd, msg.Turn, msg.Step = side, seq+1, turn, step
			evs = append([]rules.Event{msg}, evs...)
		}
		res.Commands++
		if cfg.After != nil {
			if err := cfg.After(evs); err != nil {
				return res, err
			}
		}
	}
	return res, nil
}

// decide asks c for side's decision within deadline (0: none). A decision
// past the deadline comes back as an error wrapping
// context.DeadlineExceeded; ctx done is returned as the error.
func (g *Game) decide(ctx context.Context, c Controller, side string, deadline time.Duration) (Decision, error) {
	dctx, cancel := ctx, context.CancelFunc(func() {})
	if deadline > 0 {
		dctx, cancel = context.WithTimeout(ctx, deadline)
	}
	defer cancel()
	select {
	case d := <-DecideAsync(dctx, c, g.ViewFor(side)):
		if ctx.Err() != nil {
			return d, ctx.Err()
		}
		return d, nil
	case <-dctx.Done():
		if err := ctx.Err(); err != nil {
			return Decision{}, err
		}
		return Decision{Err: fmt.Errorf("no answer within %v: %w", deadline, context.DeadlineExceeded)}, nil
	}
}

// SafeDefault is what side plays when its controller fails: the system's
// choice (System.SafeDefault: hold, end the step, pass) when the engine
// accepts it, else the first discrete legal choice it accepts. Errors:
// ErrNoSafeDefault, Legal's.
func (g *Game) SafeDefault(side string) (rules.Command, error) {
	st := g.State()
	choices, err := g.Engine.LegalAt(st, side)
	if err != nil {
		return nil, fmt.Errorf("safe default: %w", err)
	}
	if g.System != nil {
		if c := g.System.SafeDefault(g.Ruleset, st, side, choices); c != nil && g.Engine.Check(g.Bind(c)) == nil {
			return c, nil
		}
	}
	for _, c := range choices {
		if c.Continuous == "" && g.Engine.Check(g.Bind(c.Cmd)) == nil {
			return c.Cmd, nil
		}
	}
	return nil, fmt.Errorf("%w for %s at %s", ErrNoSafeDefault, side, st.Step)
}
