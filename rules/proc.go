package rules

import (
	"errors"
	"fmt"
	"strings"
)

// Frame is one running procedure on the state's procedure stack,
// State.Procs (sub-procedures: call and return).
//
// Many rules interrupt the normal sequence of a phase with a short
// procedure of their own and then carry on where they left off: an
// overwatch offer between two of the opponent's moves (ATII), a firefight
// in a close assault (E40K), an assault with its charge, counter-charge,
// support fire, result and withdrawal (EA), an interception by combat air
// patrol (CAP). Each such procedure is a Frame on State.Procs, a stack:
// the last frame is the one running.
//
// Calling and returning:
//
//   - A command's Apply, or a step's OnBegin or Auto, calls a procedure
//     with State.Call(Frame{...}). Call records in the frame where to
//     return (Frame.Return: the current step unless the frame names
//     another, the active side and the pending decision), pushes it and
//     makes its decision the pending one.
//   - While a frame is on top, the pending decision, the deciding side and
//     the commands accepted come from it: State.Pending and State.Active
//     mirror the top frame (the engine re-establishes them after every
//     command and automatic action, so ruleset code that rewrites Pending
//     meanwhile cannot take the decision away), and Submit, Check and
//     Preview accept only the frame's Commands from the frame's Side.
//   - The flow holds still: while any frame is open the engine does not
//     consult the current step's EndIf, so the step never ends under an
//     open procedure. The step's Auto still runs after every command (it
//     may inspect State.Proc to resolve a procedure's automatic parts, or
//     prune frames whose units are gone).
//   - The command that answers a frame calls State.Return, which pops it.
//     If another frame is left, its decision is pending again (nested
//     procedures unwind one level at a time). If the stack is empty, the
//     decision the game waited for at the call is restored; and if the
//     frame's Return.Step differs from the current step, the engine enters
//     that step next (its OnBegin runs, a new turn starts if it is a
//     NewTurn step): a procedure run at the end of a step can so "return"
//     to the following one.
//   - A command accepted during a frame need not answer it (an ATII
//     standing order given while an offer is open): only State.Return pops.
//
// A frame with no Side is automatic: it waits for no decision, and the
// step's Auto must resolve it (call, return or change it); if Auto has
// nothing to do while an automatic frame is on top the command fails.
// A frame with a Side must list its Commands.
//
// Nesting, an EA assault for example: the assault step's command calls
// "charge" (the attacker moves its formation); answering it calls
// "counter-charge" for the defender, whose answer returns to "charge",
// which the step's Auto resolves by calling "support", then "result", then
// "withdrawal" (the loser's decision); each returns in turn, and the last
// Return gives back the assault step's next activation. Frame.Params and
// Frame.Nums carry the procedure's small arguments (the formations
// involved, the combat resolution so far); bigger data belongs in Ext.
//
// State.Drop removes a frame that is no longer wanted from anywhere in the
// stack (its units all destroyed, say): the frame above it then returns to
// where the dropped one would have.
//
// The stack is part of the state: Clone copies it, Hash and PositionHash
// cover it (an empty stack adds nothing, so states without frames hash as
// before the stack existed), and it is saved in JSON as "procs". The game
// ending clears it.
type Frame struct {
	// Proc names the procedure ("overwatch", "firefight", "charge").
	Proc string `json:"proc"`
	// Side decides while the frame is on top; "" for an automatic frame.
	Side string `json:"side,omitempty"`
	// Kind and Prompt name and explain the decision (as Decision's).
	Kind   string `json:"kind,omitempty"`
	Prompt string `json:"prompt,omitempty"`
	// Commands are the command names accepted while the frame is on top
	// (the ruleset's registered commands; required when Side is set).
	Commands []string `json:"commands,omitempty"`
	// Units are the units involved (the decision's units to highlight).
	Units []string `json:"units,omitempty"`
	// Params and Nums are the procedure's small named arguments.
	Params Labels   `json:"params,omitempty"`
	Nums   Counters `json:"nums,omitempty"`
	// Return is where the game goes back to when the frame returns; Call
	// fills it.
	Return Return `json:"return"`
}

// Return is the caller a frame returns to.
type Return struct {
	// Step is the flow step to carry on in: the step at the call unless
	// the frame was called with another one.
	Step string `json:"step"`
	// Active and Pending are the active side and the decision pending at
	// the call, restored when the stack empties.
	Active  string    `json:"active,omitempty"`
	Pending *Decision `json:"pending,omitempty"`
}

// Errors of the procedure stack.
var (
	// ErrNoProc: Return or Drop with no such frame on the stack.
	ErrNoProc = errors.New("no procedure frame")
	// ErrBadFrame: Call with a frame that is not well formed.
	ErrBadFrame = errors.New("bad procedure frame")
)

// Decision returns the decision the frame asks for; nil for an automatic
// frame.
func (f *Frame) Decision() *Decision {
	if f.Side == "" {
		return nil
	}
	return &Decision{Side: f.Side, Kind: f.Kind, Prompt: f.Prompt,
		Commands: cloneSlice(f.Commands), Units: cloneSlice(f.Units)}
}

// Proc returns the running procedure (the top frame), nil when none is.
// The pointer is into s.Procs: a ruleset may edit the frame's fields (the
// engine brings Pending up to date after the command or action).
func (s *State) Proc() *Frame {
	if len(s.Procs) == 0 {
		return nil
	}
	return &s.Procs[len(s.Procs)-1]
}

// Call pushes f as the running procedure (see Frame on the
// procedure stack): f.Return.Step defaults to the current step, its
// Active and Pending are set to the state's, and the frame's decision
// becomes the pending one. Errors (ErrBadFrame): no Proc name, or a
// deciding side without commands.
func (s *State) Call(f Frame) error {
	if f.Proc == "" {
		return fmt.Errorf("%w: no procedure name", ErrBadFrame)
	}
	if f.Side != "" && len(f.Commands) == 0 {
		return fmt.Errorf("%w: procedure %s: %s decides but no command is listed", ErrBadFrame, f.Proc, f.Side)
	}
	f = f.clone()
	if f.Return.Step == "" {
		// A frame called after the stack emptied towards another step in
		// the same command returns there in its place.
		f.Return.Step = s.Step
		if s.returnTo != "" {
			f.Return.Step = s.returnTo
		}
	}
	s.returnTo = ""
	f.Return.Active = s.Active
	f.Return.Pending = cloneDecision(s.Pending)
	s.Procs = append(s.Procs, f)
	s.syncProc()
	return nil
}

// Return pops the running procedure and returns it: the next frame's
// decision is pending again, or, when the stack is now empty, the caller's
// (Return.Active, Return.Pending), and the engine goes on to Return.Step
// if the game is in another step. Errors: ErrNoProc when no frame is open.
func (s *State) Return() (Frame, error) {
	return s.Drop(len(s.Procs) - 1)
}

// Drop removes frame i (0 is the bottom, the first called) and returns
// it. Dropping the top frame is Return; dropping one below hands its
// Return to the frame above it, which now returns where the dropped one
// would have. Errors: ErrNoProc when there is no frame i.
func (s *State) Drop(i int) (Frame, error) {
	if i < 0 || i >= len(s.Procs) {
		return Frame{}, fmt.Errorf("%w: frame %d of %d", ErrNoProc, i, len(s.Procs))
	}
	f := s.Procs[i]
	top := i == len(s.Procs)-1
	if !top {
		s.Procs[i+1].Return = f.Return
	}
	s.Procs = append(s.Procs[:i:i], s.Procs[i+1:]...)
	if len(s.Procs) == 0 {
		s.Procs = nil
	}
	switch {
	case len(s.Procs) > 0:
		s.syncProc()
	case top:
		s.Active, s.Pending = f.Return.Active, cloneDecision(f.Return.Pending)
		if f.Return.Step != s.Step {
			s.returnTo = f.Return.Step
		}
	}
	return f, nil
}

// syncProc makes Pending and Active the top frame's decision.
func (s *State) syncProc() {
	f := s.Proc()
	if f == nil {
		return
	}
	s.Active, s.Pending = f.Side, f.Decision()
}

func (f Frame) clone() Frame {
	f.Commands = cloneSlice(f.Commands)
	f.Units = cloneSlice(f.Units)
	f.Params = f.Params.Clone()
	f.Nums = f.Nums.Clone()
	f.Return.Pending = cloneDecision(f.Return.Pending)
	return f
}

func cloneFrames(fs []Frame) []Frame {
	if len(fs) == 0 {
		return nil
	}
	out := make([]Frame, len(fs))
	for i := range fs {
		out[i] = fs[i].clone()
	}
	return out
}

func cloneDecision(d *Decision) *Decision {
	if d == nil {
		return nil
	}
	c := *d
	c.Commands = cloneSlice(d.Commands)
	c.Units = cloneSlice(d.Units)
	return &c
}

// permitFrame checks a command against the running procedure.
func permitFrame(f *Frame, c Command) error {
	if f.Side == "" {
		return fmt.Errorf("%w: procedure %s runs by itself, no side decides", ErrNotYourTurn, f.Proc)
	}
	if c.Actor() != f.Side {
		return fmt.Errorf("%w: waiting for %s (%s), not %s", ErrNotYourTurn, f.Side, f.Proc, orNobody(c.Actor()))
	}
	if !contains(f.Commands, c.Name()) {
		return fmt.Errorf("%w: %s answers %s with %s, not %q", ErrNotAllowed, f.Side, f.Proc, strings.Join(f.Commands, " or "), c.Name())
	}
	return nil
}

// procsDigest digests the stack for Hash and PositionHash, which both
// mix the one 64-bit value in (so the stack is hashed one way, and the
// state hashers stay free of interfaces). They call it only when the stack
// is not empty, so that states without frames hash exactly as before the
// stack existed.
func procsDigest(fs []Frame) uint64 {
	h := PosHasher{v: posSeed}
	h.str("procs")
	h.int(len(fs))
	for i := range fs {
		f := &fs[i]
		h.str(f.Proc)
		h.str(f.Side)
		h.str(f.Kind)
		h.str(f.Prompt)
		h.strs(f.Commands)
		h.strs(f.Units)
		h.labels(f.Params)
		h.counters(f.Nums)
		h.str(f.Return.Step)
		h.str(f.Return.Active)
		if d := f.Return.Pending; d == nil {
			h.bool(false)
		} else {
			h.bool(true)
			h.str(d.Side)
			h.str(d.Kind)
			h.str(d.Prompt)
			h.strs(d.Commands)
			h.strs(d.Units)
		}
	}
	return h.final()
}
