package rules

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// Errors the engine returns, wrapped with details; test them with errors.Is.
var (
	// ErrUnknownRuleset: a state or save names a ruleset not registered.
	ErrUnknownRuleset = errors.New("unknown ruleset")
	// ErrGameOver: a command was submitted after the game ended.
	ErrGameOver = errors.New("the game is over")
	// ErrNotYourTurn: the command's side is not the one that must decide.
	ErrNotYourTurn = errors.New("not this side's decision")
	// ErrNotAllowed: the command kind is not accepted now.
	ErrNotAllowed = errors.New("command not allowed now")
	// ErrIllegal: the command's Validate refused it.
	ErrIllegal = errors.New("illegal command")
	// ErrLoopCap: the automatic steps ran too long without needing a
	// decision (a ruleset bug).
	ErrLoopCap = errors.New("automatic steps did not settle")
	// ErrNothingToUndo: undo with no command played.
	ErrNothingToUndo = errors.New("nothing to undo")
	// ErrUndoPastRoll: undoing a command that rolled dice, which the
	// engine's configuration does not allow.
	ErrUndoPastRoll = errors.New("cannot undo past a die roll")
	// ErrHashMismatch: replaying a command did not give the recorded state.
	ErrHashMismatch = errors.New("state hash mismatch")
	// ErrQuiet: a quiet game (Config.Quiet) keeps no log and no replay
	// hashes, so it cannot be saved.
	ErrQuiet = errors.New("a quiet game keeps no log or replay hashes and cannot be saved")
)

// DefaultMaxAutoSteps is the loop cap used when Config.MaxAutoSteps is 0.
const DefaultMaxAutoSteps = 10000

// Config tunes an Engine.
type Config struct {
	// MaxAutoSteps caps the automatic steps (Auto calls and step changes)
	// run after one command; 0 means DefaultMaxAutoSteps.
	MaxAutoSteps int
	// UndoPastRolls lets Undo take back a command that rolled dice. Off by
	// default: a seeded game would roll the same dice again anyway (dice
	// are keyed by command index), and with manual dice it would invite
	// re-rolling.
	UndoPastRolls bool
	// ManualDice makes commands take their dice from the queue filled by
	// ProvideDice instead of the seeded stream.
	ManualDice bool
	// ManualStart makes the game's start take its dice from StartDice.
	ManualStart bool
	StartDice   []int
	// ListedOptions keeps only the options the initial state lists, with
	// every option it does not list left out of the state while it is at
	// its default (the rulesets read an absent option as its default).
	// Loading a save sets it: options the ruleset gained after the save
	// was written are not in its start hash, so the save still verifies.
	ListedOptions bool
	// Scenario is the scenario text, stored in saves so that a save
	// rebuilds the same table.
	Scenario string
	// Files are the other files the game was built from (a player's
	// catalogues), kept whole in saves (see File).
	Files []File
	// Quiet is the search mode: rolls come from the same dice in the same
	// order (so every outcome is the one a logged game gets), but no event
	// is built or logged (Submit and Preview return none, the log stays as
	// it was), rules code skips formatting log text (Quiet(d)), and no
	// replay hash is computed. A quiet game cannot be saved (ErrQuiet);
	// compare quiet positions with State.PositionHash.
	Quiet bool
}

// Record is one command as the engine played it.
type Record struct {
	// Cmd is the command; Args its JSON arguments as saved (nil in a
	// quiet game's records until History encodes them).
	Cmd  Command
	Args json.RawMessage
	// Hash is the state hash after the command and its automatic steps.
	Hash uint64
	// Rolled reports whether any die was rolled (by the command or the
	// automatic steps it triggered).
	Rolled bool
	// Manual reports that the dice came from the manual queue; Dice are
	// the faces used, in order.
	Manual bool
	Dice   []int
	// Note is why the command was chosen, when a computer player said
	// (one sentence; saved, never hashed: see NoteLast).
	Note string
}

// MaxNote is the longest note a command may carry (longer ones are cut).
const MaxNote = 1000

// NoteLast attaches a note to the last command played: a computer
// player's reason for it (the dice log's "why" line), kept in saves and
// shown by replay. Notes are not part of the game: they change no state
// and no hash. It does nothing when no command was played yet.
func (e *Engine) NoteLast(note string) {
	if len(e.recs) == 0 {
		return
	}
	if len(note) > MaxNote {
		note = note[:MaxNote]
	}
	e.recs[len(e.recs)-1].Note = note
}

// Engine runs one game: it holds the State, the ruleset and the dice, and
// Submit is the only way to change the game. Humans, scripts, the AI and
// replays all go through it. An Engine is not safe for concurrent use; the
// UI keeps it on one goroutine and gives the AI clones of the State.
type Engine struct {
	rs    Ruleset
	cfg   Config
	flow  *Flow
	cmds  CommandSet
	base  *State // as given, options resolved, before the start steps
	start *State // after the start steps
	st    *State
	recs  []Record
	queue *ManualDice
	// note is LoadNote's remark on a save replayed without hash checks.
	note string
}

// New starts a game of rs from initial (built by the scenario loader):
// options are checked and defaulted, the first step of the flow is entered
// and the automatic steps run. initial is not modified. In ManualStart mode
// a *NeedDiceError says which start dice are missing.
func New(rs Ruleset, initial *State, cfg Config) (*Engine, error) {
	if rs == nil {
		return nil, errors.New("new game: no ruleset")
	}
	if initial == nil {
		return nil, errors.New("new game: no initial state")
	}
	if initial.Ruleset != "" && initial.Ruleset != rs.ID() {
		return nil, fmt.Errorf("new game: state is for ruleset %q, not %q", initial.Ruleset, rs.ID())
	}
	if initial.Seq != 0 {
		return nil, fmt.Errorf("new game: initial state already has %d commands", initial.Seq)
	}
	cmds, err := NewCommandSet(rs.Commands())
	if err != nil {
		return nil, fmt.Errorf("ruleset %s: %w", rs.ID(), err)
	}
	flow, err := NewFlow(rs.Flow(), cmds)
	if err != nil {
		return nil, fmt.Errorf("ruleset %s: %w", rs.ID(), err)
	}
	opts, err := ResolveOptions(rs, initial.Options)
	if err != nil {
		return nil, fmt.Errorf("new game: %w", err)
	}
	if cfg.ListedOptions {
		for _, o := range rs.Options() {
			if _, listed := initial.Options[o.Name]; !listed && opts[o.Name] == o.Default {
				delete(opts, o.Name)
			}
		}
	}
	if cfg.MaxAutoSteps <= 0 {
		cfg.MaxAutoSteps = DefaultMaxAutoSteps
	}
	cfg.StartDice = cloneSlice(cfg.StartDice)
	e := &Engine{rs: rs, cfg: cfg, flow: flow, cmds: cmds, queue: NewManualDice()}
	e.base = initial.Clone()
	e.base.Ruleset = rs.ID()
	e.base.Options = opts
	e.base.Log = nil
	if err := e.base.normalize(); err != nil {
		return nil, fmt.Errorf("new game: %w", err)
	}
	if err := checkIDs(e.base); err != nil {
		return nil, fmt.Errorf("new game: %w", err)
	}
	if err := e.base.cacheOptions(rs); err != nil {
		return nil, fmt.Errorf("new game: options: %w", err)
	}
	if c, ok := rs.(ExtCodec); ok {
		if err := e.base.DecodeExt(c); err != nil {
			return nil, fmt.Errorf("new game: %w", err)
		}
	}
	e.base.IndexUnits()

	s := e.base.Clone()
	var src Dice = NewSeededDice(s.Seed, 0)
	var manual *ManualDice
	if cfg.ManualStart {
		manual = NewManualDice(cfg.StartDice...)
		src = manual
	}
	t := newTray(src, s, 0)
	t.quiet = cfg.Quiet
	if s.Step == "" {
		if err := guard(func() error { return e.enter(s, t, flow.First()) }); err != nil {
			return nil, fmt.Errorf("game start: %w", err)
		}
	} else if _, ok := flow.Step(s.Step); !ok {
		return nil, fmt.Errorf("new game: state is at step %q, which ruleset %s does not have", s.Step, rs.ID())
	}
	if err := guard(func() error { return e.settle(s, t) }); err != nil {
		return nil, fmt.Errorf("game start: %w", err)
	}
	if err := t.failure(manual); err != nil {
		return nil, fmt.Errorf("game start: %w", err)
	}
	if manual != nil && manual.Used() != len(cfg.StartDice) {
		return nil, fmt.Errorf("game start: %d start dice given, %d used", len(cfg.StartDice), manual.Used())
	}
	if s.Pending != nil && !t.quiet {
		t.Log(Event{Kind: EvDecision, Side: s.Pending.Side, Units: s.Pending.Units, Text: decisionText(s.Pending)})
	}
	s.Log = append(s.Log, t.events...)
	e.start = s
	e.st = s
	return e, nil
}

// Ruleset returns the game's ruleset.
func (e *Engine) Ruleset() Ruleset { return e.rs }

// State returns the current state. It is the engine's own: read it, never
// modify it (use Snapshot for a copy to experiment on). The engine never
// modifies a state once it has been returned: each command builds a new one,
// so the UI may keep old states (for animation or comparison) safely.
func (e *Engine) State() *State { return e.st }

// Snapshot returns a copy of the current state.
func (e *Engine) Snapshot() *State { return e.st.Clone() }

// Flow returns the game's checked flow table.
func (e *Engine) Flow() *Flow { return e.flow }

// Commands returns the ruleset's commands by name (to decode commands typed
// or scripted as JSON).
func (e *Engine) Commands() CommandSet { return e.cmds }

// History returns the commands played so far, oldest first. A quiet
// game (Config.Quiet) encodes the arguments of its commands here, not
// when they are submitted; one that does not encode is left without.
func (e *Engine) History() []Record {
	out := append([]Record(nil), e.recs...)
	for i := range out {
		if out[i].Args == nil {
			if b, err := json.Marshal(out[i].Cmd); err == nil {
				out[i].Args = b
			}
		}
	}
	return out
}

// Legal returns what side may do now (see Ruleset.Legal); nothing once the
// game is over.
//
// A panic in the ruleset's Legal is caught and gives no choices.
func (e *Engine) Legal(side string) (out []Choice) {
	if e.st.Over {
		return nil
	}
	defer func() {
		if recover() != nil {
			out = nil
		}
	}()
	return e.rs.Legal(e.st, side)
}

// LegalReporter is implemented by a ruleset whose Legal can say what went
// wrong: LegalErr is Legal on any state, returning the first error it met
// (state data it could not read) with the choices it could still build.
type LegalReporter interface {
	LegalErr(s *State, side string) ([]Choice, error)
}

// LegalAt returns what side may do at s, which may be any state of this
// game: the current one, an earlier one, or a clone a search is exploring
// (s is not modified). A finished game offers nothing. Errors: a nil
// state; the ruleset's own (LegalReporter); ErrRulesetPanic for a panic
// in the ruleset's code. Unlike Legal, nothing is swallowed.
func (e *Engine) LegalAt(s *State, side string) (out []Choice, err error) {
	if s == nil {
		return nil, errors.New("legal: no state")
	}
	if s.Over {
		return nil, nil
	}
	err = guard(func() error {
		if lr, ok := e.rs.(LegalReporter); ok {
			var lerr error
			out, lerr = lr.LegalErr(s, side)
			return lerr
		}
		out = e.rs.Legal(s, side)
		return nil
	})
	if err != nil {
		return out, fmt.Errorf("legal choices for %s: %w", side, err)
	}
	return out, nil
}

// ProvideDice adds faces a player rolled to the manual dice queue.
func (e *Engine) ProvideDice(faces ...int) error { return e.queue.Provide(faces...) }

// QueuedDice returns the manual dice not used yet.
func (e *Engine) QueuedDice() []int { return e.queue.Remaining() }

// Submit plays one command: it checks that the command's side may decide
// now and that the command kind is allowed, validates it, applies it to a
// copy of the state with the command's dice, runs the ruleset's automatic
// steps until a decision is needed (or the game ends), and only then makes
// the copy the current state and records the command. It returns the events
// of the command in log order. On any error the game is unchanged; in
// manual-dice mode a *NeedDiceError says which dice to provide next.
func (e *Engine) Submit(c Command) ([]Event, error) {
	if c == nil {
		return nil, errors.New("submit: nil command")
	}
	if _, ok := e.cmds[c.Name()]; !ok {
		return nil, fmt.Errorf("%w: %q is not a command of ruleset %s", ErrNotAllowed, c.Name(), e.rs.ID())
	}
	// A quiet game cannot be saved: its commands' arguments are encoded
	// only when its history is read (History).
	var args json.RawMessage
	if !e.cfg.Quiet {
		var err error
		if args, err = json.Marshal(c); err != nil {
			return nil, fmt.Errorf("submit %s: arguments do not encode: %w", c.Name(), err)
		}
	}
	rec := Record{Cmd: c, Args: args, Manual: e.cfg.ManualDice}
	next, evs, err := e.exec(e.st, &rec, e.queueIfManual())
	if err != nil {
		return nil, err
	}
	e.st = next
	e.recs = append(e.recs, rec)
	return evs, nil
}

func (e *Engine) queueIfManual() *ManualDice {
	if e.cfg.ManualDice {
		return e.queue
	}
	return nil
}

// Check reports whether c could be submitted now (turn, kind, Validate)
// without applying it.
func (e *Engine) Check(c Command) error {
	if c == nil {
		return errors.New("check: nil command")
	}
	if err := e.permitted(e.st, c); err != nil {
		return err
	}
	if err := guard(func() error { return c.Validate(e.st) }); err != nil {
		return fmt.Errorf("%w: %s: %w", ErrIllegal, c.Name(), err)
	}
	return nil
}

// ErrRulesetPanic wraps a panic caught in ruleset code (a bug): the engine
// turns it into an error so that a bad command or save never crashes the
// program, and the game is left unchanged.
var ErrRulesetPanic = errors.New("ruleset code panicked")

// guard runs f and converts a panic into an ErrRulesetPanic error.
func guard(f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: %v", ErrRulesetPanic, r)
		}
	}()
	return f()
}

// exec runs rec.Cmd on a clone of prev. manual is the dice queue to use
// (nil: the seeded stream, or rec.Dice when replaying a manual command). It
// fills rec's Hash, Rolled and Dice.
func (e *Engine) exec(prev *State, rec *Record, manual *ManualDice) (*State, []Event, error) {
	c := rec.Cmd
	if err := e.permitted(prev, c); err != nil {
		return nil, nil, err
	}
	var pl any
	if err := guard(func() (err error) { pl, err = plan(c, prev); return err }); err != nil {
		return nil, nil, fmt.Errorf("%w: %s: %w", ErrIllegal, c.Name(), err)
	}
	s := prev.nextState()
	// The engine's chain of states shares one log array: prev is never
	// appended to again once it has a successor (Undo restarts from a
	// capacity-limited clone of the start), so next may append in place
	// instead of copying the whole log on every command.
	s.Log = prev.Log
	s.Seq++
	idx := s.Seq
	replayManual := manual == nil && rec.Manual
	var src Dice
	switch {
	case manual != nil:
		src = manual
	case replayManual:
		manual = NewManualDice(rec.Dice...)
		src = manual
	}
	mark := 0
	if manual != nil {
		mark = manual.mark()
	}
	fail := func(err error) (*State, []Event, error) {
		if manual != nil {
			manual.rewind(mark)
		}
		return nil, nil, err
	}
	var t *Tray
	if src == nil { // the seeded stream, kept in the tray
		t = &Tray{st: s, cmd: idx}
		t.seeded.seed(s.Seed, uint64(idx))
		t.src = &t.seeded
	} else {
		t = newTray(src, s, idx)
	}
	t.quiet = e.cfg.Quiet
	var evs []Event
	err := guard(func() (err error) {
		evs, err = applyPlanned(c, s, t, pl)
		return err
	})
	if ferr := t.failure(manual); ferr != nil {
		return fail(ferr)
	}
	if err != nil {
		return fail(fmt.Errorf("%s: %w", c.Name(), err))
	}
	t.Log(evs...)
	if err := guard(func() error { return e.settle(s, t) }); err != nil {
		return fail(fmt.Errorf("after %s: %w", c.Name(), err))
	}
	if ferr := t.failure(manual); ferr != nil {
		return fail(ferr)
	}
	if replayManual && manual.Used() != len(rec.Dice) {
		return fail(fmt.Errorf("%s: %d recorded dice, %d used", c.Name(), len(rec.Dice), manual.Used()))
	}
	if s.Pending != nil && !t.quiet && !samePending(prev.Pending, s.Pending) {
		t.Log(Event{Kind: EvDecision, Side: s.Pending.Side, Units: s.Pending.Units, Text: decisionText(s.Pending)})
	}
	if manual != nil && !replayManual {
		rec.Dice = append([]int(nil), manual.faces[mark:manual.pos]...)
		manual.compact()
	}
	rec.Rolled = t.rolled
	if e.cfg.Quiet {
		return s, nil, nil
	}
	s.Log = append(s.Log, t.events...)
	rec.Hash = s.Hash()
	return s, t.events, nil
}

// permitted checks whose decision it is and which commands are accepted.
func (e *Engine) permitted(s *State, c Command) error {
	if s.Over {
		return ErrGameOver
	}
	if f := s.Proc(); f != nil {
		return permitFrame(f, c)
	}
	name := c.Name()
	if p := s.Pending; p != nil {
		if c.Actor() != p.Side {
			return fmt.Errorf("%w: waiting for %s (%s), not %s", ErrNotYourTurn, p.Side, decisionText(p), orNobody(c.Actor()))
		}
		if len(p.Commands) > 0 {
			if !contains(p.Commands, name) {
				return fmt.Errorf("%w: %s answers %s with %s, not %q", ErrNotAllowed, p.Side, p.Kind, strings.Join(p.Commands, " or "), name)
			}
			return nil
		}
	} else if s.Active != "" && c.Actor() != s.Active {
		return fmt.Errorf("%w: it is %s's turn, not %s's", ErrNotYourTurn, s.Active, orNobody(c.Actor()))
	}
	st, ok := e.flow.Step(s.Step)
	if !ok {
		return fmt.Errorf("%w: the game is at unknown step %q", ErrNotAllowed, s.Step)
	}
	if !contains(st.Allowed, name) {
		return fmt.Errorf("%w: %q during %s (allowed: %s)", ErrNotAllowed, name, st.ID, listOrNone(st.Allowed))
	}
	return nil
}

// settle runs automatic work until a decision is needed or the game ends.
func (e *Engine) settle(s *State, t *Tray) error {
	for i := 0; ; i++ {
		if i >= e.cfg.MaxAutoSteps {
			return fmt.Errorf("%w: %d automatic steps without a decision (at step %s)", ErrLoopCap, e.cfg.MaxAutoSteps, s.Step)
		}
		if t.err != nil || t.short() {
			return nil // the caller reports it
		}
		if s.Over {
			return nil
		}
		if out := e.rs.Victory(s); out != nil {
			s.Over = true
			o := *out
			s.Result = &o
			s.Pending, s.Procs, s.returnTo = nil, nil, ""
			text := "Game over: " + o.Kind
			if o.Text != "" {
				text += ": " + o.Text
			}
			t.Log(Event{Kind: EvGameOver, Side: o.Winner, Text: text})
			return nil
		}
		if s.returnTo != "" && len(s.Procs) == 0 {
			// The last procedure returned to another step (State.Return).
			id := s.returnTo
			s.returnTo = ""
			next, ok := e.flow.Step(id)
			if !ok {
				return fmt.Errorf("a procedure returns to unknown step %q", id)
			}
			if err := e.enter(s, t, next); err != nil {
				return err
			}
			continue
		}
		st, ok := e.flow.Step(s.Step)
		if !ok {
			return fmt.Errorf("unknown step %q", s.Step)
		}
		if st.Auto != nil {
			evs, did, err := st.Auto(s, t)
			if err != nil {
				return fmt.Errorf("step %s: %w", st.ID, err)
			}
			t.Log(evs...)
			if did {
				continue
			}
		}
		if f := s.Proc(); f != nil {
			// A procedure is open: the step holds still until it returns.
			if f.Side == "" {
				return fmt.Errorf("step %s: automatic procedure %s is on top but the step's Auto does nothing with it", st.ID, f.Proc)
			}
			s.syncProc()
			return nil
		}
		if st.EndIf == nil || !st.EndIf(s) {
			return nil
		}
		next, err := e.flow.next(st, s)
		if err != nil {
			return err
		}
		if err := e.enter(s, t, next); err != nil {
			return err
		}
	}
}

// enter makes st the current step: a new turn if it starts one, the pending
// decision cleared, then its OnBegin.
func (e *Engine) enter(s *State, t *Tray, st *Step) error {
	s.Step = st.ID
	s.Phase = st.Phase
	s.Pending = nil
	if st.NewTurn {
		s.Turn++
	}
	if !t.quiet { // Log drops them anyway: no texts to format
		if st.NewTurn {
			t.Log(Event{Kind: EvTurn, Text: fmt.Sprintf("Turn %d", s.Turn)})
		}
		if s.Turn == 0 {
			t.Log(Event{Kind: EvPhase, Text: "Before the game: " + stepTitle(st)})
		} else {
			t.Log(Event{Kind: EvPhase, Text: fmt.Sprintf("Turn %d: %s", s.Turn, stepTitle(st))})
		}
	}
	if st.OnBegin != nil {
		evs, err := st.OnBegin(s, t)
		if err != nil {
			return fmt.Errorf("step %s begins: %w", st.ID, err)
		}
		t.Log(evs...)
	}
	return nil
}

// checkIDs rejects empty or duplicate side, formation and unit ids and
// units or formations of unknown sides.
func checkIDs(s *State) error {
	sides := map[string]bool{}
	for _, sd := range s.Sides {
		if sd.ID == "" || sides[sd.ID] {
			return fmt.Errorf("side id %q is empty or repeated", sd.ID)
		}
		sides[sd.ID] = true
	}
	seen := map[string]bool{}
	for _, f := range s.Formations {
		if f.ID == "" || seen[f.ID] {
			return fmt.Errorf("formation id %q is empty or repeated", f.ID)
		}
		if !sides[f.Side] {
			return fmt.Errorf("formation %s: unknown side %q", f.ID, f.Side)
		}
		seen[f.ID] = true
	}
	units := map[string]bool{}
	for _, u := range s.Units {
		if u.ID == "" || units[u.ID] {
			return fmt.Errorf("unit id %q is empty or repeated", u.ID)
		}
		if !sides[u.Side] {
			return fmt.Errorf("unit %s: unknown side %q", u.ID, u.Side)
		}
		if u.Formation != "" && !seen[u.Formation] {
			return fmt.Errorf("unit %s: unknown formation %q", u.ID, u.Formation)
		}
		units[u.ID] = true
	}
	return nil
}

func stepTitle(st *Step) string {
	if st.Phase == "" || st.Phase == st.ID {
		return st.ID
	}
	return st.Phase + " (" + st.ID + ")"
}

// Undo takes back the last command by replaying the game without it. It
// refuses (ErrUndoPastRoll) when that command rolled dice, unless
// Config.UndoPastRolls is set. On error the game is unchanged.
func (e *Engine) Undo() error { return e.UndoTo(len(e.recs) - 1) }

// UndoTo takes back every command after the first n (n = len(History())
// - 1 is Undo) by replaying the first n once. It refuses
// (ErrUndoPastRoll) when any command taken back rolled dice, unless
// Config.UndoPastRolls is set, and ErrNothingToUndo when n is not below
// the number of commands played or is negative. On error the game is
// unchanged.
func (e *Engine) UndoTo(n int) error {
	if err := e.CanUndoTo(n); err != nil {
		return err
	}
	s := e.start.Clone() // a fresh log array: the current chain stays intact
	recs := make([]Record, n)
	copy(recs, e.recs[:n])
	for i := range recs {
		want := recs[i].Hash
		next, _, err := e.exec(s, &recs[i], nil)
		if err != nil {
			return fmt.Errorf("undo: replaying command %d (%s): %w", i+1, recs[i].Cmd.Name(), err)
		}
		if recs[i].Hash != want {
			return fmt.Errorf("undo: %w at command %d (%s): the rules are not deterministic", ErrHashMismatch, i+1, recs[i].Cmd.Name())
		}
		s = next
	}
	e.st = s
	e.recs = recs
	return nil
}

// CanUndo reports why Undo would refuse, nil if it would not.
func (e *Engine) CanUndo() error { return e.CanUndoTo(len(e.recs) - 1) }

// CanUndoTo reports why UndoTo(n) would refuse, nil if it would not. A
// refusal for a die roll names the last command taken back that rolled.
func (e *Engine) CanUndoTo(n int) error {
	if n < 0 || n >= len(e.recs) {
		return ErrNothingToUndo
	}
	if e.cfg.UndoPastRolls {
		return nil
	}
	for i := len(e.recs) - 1; i >= n; i-- {
		if r := e.recs[i]; r.Rolled {
			return fmt.Errorf("%w: command %d (%s) rolled dice", ErrUndoPastRoll, i+1, r.Cmd.Name())
		}
	}
	return nil
}

// Tray is the Dice the engine hands to commands and steps: it draws from
// the command's source and logs every roll as an EvRoll event, in order,
// together with events logged through Log.
type Tray struct {
	// quiet: Config.Quiet; rolls are drawn, nothing is logged.
	quiet  bool
	src    Dice
	st     *State
	cmd    int
	events []Event
	rolled bool
	err    error
	manual *ManualDice
	// seeded is src when the tray draws from the game's seeded stream
	// (one allocation less per command).
	seeded SeededDice
}

func newTray(src Dice, s *State, cmd int) *Tray {
	t := &Tray{src: src, st: s, cmd: cmd}
	t.manual, _ = src.(*ManualDice)
	return t
}

// Roll implements Dice: it draws n faces and logs the roll. An invalid die
// (fewer than 1 side) is recorded as an error that fails the command.
func (t *Tray) Roll(r Roll, n int) []int {
	if n <= 0 {
		return nil
	}
	if r.Sides < 1 {
		if t.err == nil {
			t.err = fmt.Errorf("roll for %q: a die needs at least 1 side, got %d", r.Purpose, r.Sides)
		}
		out := make([]int, n)
		for i := range out {
			out[i] = 1
		}
		return out
	}
	faces := t.src.Roll(r, n)
	t.rolled = true
	if t.quiet {
		return faces
	}
	rec := r
	rec.Faces = append([]int(nil), faces...)
	rec.Mods = cloneSlice(r.Mods)
	rec.Units = cloneSlice(r.Units)
	ev := Event{Kind: EvRoll, Units: rec.Units, Text: rec.String(), Roll: &rec}
	if rec.SecretTo != "" {
		ev.Side, ev.Data = rec.SecretTo, map[string]string{"secret": "roll"}
	}
	t.Log(ev)
	return faces
}

// Log appends events to the command's log, stamped with the command index
// and the turn and step at the time.
func (t *Tray) Log(evs ...Event) {
	if t.quiet {
		return
	}
	for _, ev := range evs {
		ev.Cmd = t.cmd
		ev.Turn = t.st.Turn
		ev.Step = t.st.Step
		t.events = append(t.events, ev)
	}
}

// Quiet reports whether d is the dice of a quiet game (Config.Quiet):
// nothing it is given to log is kept, so rules code should not format log
// text or build events for it. Rolls are unaffected.
func Quiet(d Dice) bool {
	t, ok := d.(*Tray)
	return ok && t.quiet
}

func (t *Tray) short() bool {
	return t.manual != nil && (t.manual.short != nil || t.manual.bad != nil)
}

// failure returns the dice problem that invalidates the attempt, if any.
func (t *Tray) failure(m *ManualDice) error {
	if t.err != nil {
		return t.err
	}
	if m == nil {
		return nil
	}
	if m.bad != nil {
		return m.bad
	}
	if m.short != nil {
		return &NeedDiceError{Request: *m.short}
	}
	return nil
}

// compact drops used faces from the queue.
func (m *ManualDice) compact() {
	m.faces = append([]int(nil), m.faces[m.pos:]...)
	m.pos = 0
}

func samePending(a, b *Decision) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Side == b.Side && a.Kind == b.Kind && a.Prompt == b.Prompt &&
		strings.Join(a.Commands, "\x00") == strings.Join(b.Commands, "\x00") &&
		strings.Join(a.Units, "\x00") == strings.Join(b.Units, "\x00")
}

func decisionText(p *Decision) string {
	if p.Prompt != "" {
		return p.Side + ": " + p.Prompt
	}
	return p.Side + " must decide: " + p.Kind
}

func orNobody(s string) string {
	if s == "" {
		return "no side"
	}
	return s
}

// ClearDice empties the manual dice queue (after a typing mistake).
func (e *Engine) ClearDice() { e.queue = NewManualDice() }

// Preview plays c on a copy of s with the dice d, through the same checks
// and automatic steps as Submit, and returns the resulting state and
// events without recording anything. s may be any state of this game (the
// current one, or a clone an AI is exploring); it is not modified. Like
// Submit's states, the state returned shares the options map and the
// pending decision with s (rulesets replace them whole, never edit
// them): Clone it before editing those.
//
// d must not be nil. Look-ahead must not use the game's own seeded stream:
// that would show the dice the real command is going to roll. Pass a stream
// with another seed (NewSeededDice(otherSeed, i)), a scripted sequence, or
// reason with exact odds instead.
func (e *Engine) Preview(s *State, c Command, d Dice) (*State, []Event, error) {
	if s == nil || c == nil || d == nil {
		return nil, nil, errors.New("preview: state, command and dice are all required")
	}
	if err := e.permitted(s, c); err != nil {
		return nil, nil, err
	}
	var pl any
	if err := guard(func() (err error) { pl, err = plan(c, s); return err }); err != nil {
		return nil, nil, fmt.Errorf("%w: %s: %w", ErrIllegal, c.Name(), err)
	}
	n := s.nextState() // shares the options and the pending decision, as exec does
	n.Seq++
	t := newTray(d, n, n.Seq)
	t.quiet = e.cfg.Quiet
	var evs []Event
	err := guard(func() (err error) {
		evs, err = applyPlanned(c, n, t, pl)
		return err
	})
	if err == nil {
		t.Log(evs...)
		err = guard(func() error { return e.settle(n, t) })
	}
	if ferr := t.failure(t.manual); ferr != nil {
		return nil, nil, ferr
	}
	if err != nil {
		return nil, nil, fmt.Errorf("preview %s: %w", c.Name(), err)
	}
	n.Log = append(n.Log, t.events...)
	return n, t.events, nil
}

// Rebase starts the game again from another initial state (the scenario
// file was edited and reloaded) and re-submits this game's commands, with
// the same seed and the same manual dice, through the normal gate but
// without hash checks: the table changed, so the states differ. It stops at
// the first command that no longer applies and returns the new engine with
// the commands that did apply, how many that is, and the error. On an error
// starting the game it returns no engine. The receiver is not changed.
func (e *Engine) Rebase(initial *State, scenario string) (*Engine, int, error) {
	if initial == nil {
		return nil, 0, errors.New("rebase: no initial state")
	}
	st := initial.Clone()
	st.Seed = e.base.Seed
	st.Quirks = e.base.Quirks // the game keeps the rules it began under
	cfg := e.cfg
	cfg.Scenario = scenario
	n, err := New(e.rs, st, cfg)
	if err != nil {
		return nil, 0, fmt.Errorf("rebase: %w", err)
	}
	for i, r := range e.recs {
		rec := Record{Cmd: r.Cmd, Args: r.Args, Manual: r.Manual, Dice: r.Dice, Note: r.Note}
		next, _, err := n.exec(n.st, &rec, nil)
		if err != nil {
			return n, i, fmt.Errorf("rebase: command %d (%s) no longer applies: %w", i+1, r.Cmd.Name(), err)
		}
		n.st = next
		n.recs = append(n.recs, rec)
	}
	return n, len(e.recs), nil
}

// Decider returns the side that must submit the next command: the pending
// decision's side, else the active side; "" when the game is over or nobody
// is named (any side may then submit the step's allowed commands).
func (e *Engine) Decider() string {
	s := e.st
	switch {
	case s.Over:
		return ""
	case s.Pending != nil:
		return s.Pending.Side
	}
	return s.Active
}
