// Package play is the game in the window: a state machine over a running
// game.Game that turns clicks and keys into commands through the rule
// system's SystemUI (what input means, previews, panels), asks computer
// controllers for their decisions off the UI goroutine, keeps the dice log,
// hides secret information between hotseat players, and draws its overlays
// and panels as scene primitives. It imports no ebiten: render/app hosts it
// and feeds it input, and tests drive it directly without a display.
package play

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

// Controller kinds a side can have in the window.
const (
	Human    = "human"
	Computer = "computer (basic)"
)

// Mode is what the session waits for.
type Mode int

// Modes.
const (
	// ModeTurn: a human decides on the table.
	ModeTurn Mode = iota
	// ModeHandover: the screen is hidden until the next player continues.
	ModeHandover
	// ModeThinking: a computer controller is deciding.
	ModeThinking
	// ModeDice: manual dice are wanted before the command can be played.
	ModeDice
	// ModeOver: the game has ended.
	ModeOver
	// ModeTray: in a hotseat game with secrets, the player who acted sees
	// the dice of their action; the screen is handed over when the tray
	// is finished or closed (it holds nothing secret of the other side).
	ModeTray
)

// LogEntry is one line of the dice log.
type LogEntry struct {
	// Index is the event's position in the game log.
	Index int
	Kind  string
	Turn  int
	Step  string
	Text  string
	Units []string
	Roll  *rules.Roll
	// Side and Secret: a secret entry is shown only to Side.
	Side   string
	Secret bool
}

// Session is one game being played in the window.
type Session struct {
	G *game.Game
	// bannerBottom is where the banner last drawn ends (BannerBottom).
	bannerBottom float64
	// Kinds maps each side to Human or Computer.
	Kinds map[string]string
	// AutosavePath, when set, is written after every command and undo.
	AutosavePath string

	ctrls map[string]game.Controller
	// viewer is the side whose secrets may be drawn ("" = nobody's).
	viewer string
	mode   Mode

	// ui is the rule system's side of the UI (see SystemUI).
	ui SystemUI

	// Selected is the selected unit (any side; only the decider's can act).
	Selected string

	// Msg is the last message for the player (an error's reason, what
	// happened); MsgErr marks it as a refusal.
	Msg    string
	MsgErr bool

	// Highlight are units a clicked log entry involves.
	Highlight []string
	// Hover is the unit under the cursor (for target reasons).
	Hover string
	// AngleSnap asks the system's UI to snap drawn paths to angle steps
	// (the window sets it while Shift is held).
	AngleSnap bool
	// Slack is how far outside a base (cm) the pointer still counts as on
	// it (a charge's target); the window sets it to a few pixels at its
	// zoom (0: the system's default).
	Slack float64
	// Cursor is the table point under the mouse (HasCursor when known):
	// previews that follow the mouse (a unit being deployed) use it.
	Cursor    world.Vec
	HasCursor bool

	logSeen int
	log     []LogEntry
	// scroll is where the dice log and the side panel are scrolled.
	scroll hudScroll

	think  <-chan game.Decision
	cancel context.CancelFunc

	// TrayDelay is how long each dice tray step stays before the next
	// (seconds; 0 waits for Space or a click).
	TrayDelay float64
	tray      *Tray

	diceNeed  *rules.DiceRequest
	diceTyped []int
	diceRetry rules.Command

	// pre is the state before the last command (the close combat order of
	// the dice tray is worked out on it).
	pre *rules.State
	// decided is the side whose decision the selection was last made for.
	decided string

	// whyNext is the reason of the computer decision being played: it
	// goes into the dice log before the command's events. lastWhy is
	// the last computer decision's explanation (lastWhySide decided it);
	// showWhy draws it at the top of the side panel; thinkFor is how long the current
	// computer decision has taken (wall-clock seconds since thinkStart,
	// updated by Tick).
	whyNext     *LogEntry
	lastWhy     *game.Why
	lastWhySide string
	showWhy     bool
	thinkFor    float64
	thinkStart  time.Time
}

// newSession wraps a running game with the adapter a's UI (see
// Adapters.New).
func newSession(g *game.Game, kinds map[string]string, a Adapter) (*Session, error) {
	s := &Session{G: g, Kinds: map[string]string{}, ctrls: map[string]game.Controller{}, TrayDelay: DefaultTrayDelay}
	ui, err := a.Attach(s)
	if err != nil {
		return nil, fmt.Errorf("play: %s: %w", a.System(), err)
	}
	if ui == nil {
		return nil, fmt.Errorf("play: %s: %w", a.System(), ErrNoAdapter)
	}
	s.ui = ui
	for _, sd := range g.State().Sides {
		k := kinds[sd.ID]
		if IsComputer(k) {
			if c, err := controllerFor(g, sd.ID, k); err == nil {
				s.ctrls[sd.ID] = c
			} else {
				s.Note(fmt.Sprintf("%s plays by hand: %v", sd.ID, err))
				k = Human // the system has no such computer player
			}
		}
		if !IsComputer(k) {
			k = Human
		}
		s.Kinds[sd.ID] = k
	}
	s.collectLog()
	s.afterCommand()
	return s, nil
}

// SetController replaces the controller of a side (nil makes it human).
func (s *Session) SetController(side string, c game.Controller) {
	if c == nil {
		delete(s.ctrls, side)
		s.Kinds[side] = Human
	} else {
		s.ctrls[side] = c
		s.Kinds[side] = Computer
	}
	s.afterCommand()
}

// State is the current game state (read only).
func (s *Session) State() *rules.State { return s.G.State() }

// Mode is what the session waits for.
func (s *Session) Mode() Mode { return s.mode }

// Viewer is the side whose secret information may be drawn.
func (s *Session) Viewer() string { return s.viewer }

// Decider is the side that must decide now ("" when the game is over).
func (s *Session) Decider() string { return s.G.Engine.Decider() }

// Log is the dice and event log as shown to the current viewer.
func (s *Session) Log() []LogEntry {
	var out []LogEntry
	for _, e := range s.log {
		if e.Secret && !s.Shows(e.Side) {
			continue
		}
		out = append(out, e)
	}
	return out
}

// afterCommand updates the mode after anything changed the game.
func (s *Session) afterCommand() {
	st := s.State()
	if st.Over {
		s.mode = ModeOver
		s.viewer = "" // at the end every objective is revealed
		s.ui.Ended()
		if s.decided != "" {
			// The end screen starts with no unit (and no arcs) picked.
			s.decided = ""
			s.ui.SelectUnit("")
		}
		return
	}
	if s.mode == ModeDice {
		return
	}
	d := s.Decider()
	if s.HotseatSecrets() {
		// Two players share the screen: hand it over only when one
		// player's secrets are on it and the decision passes on.
		if s.viewer != "" && s.viewer != d {
			s.ui.ClearDraft()
			if s.tray != nil {
				// The player who acted sees their dice first.
				s.mode = ModeTray
				return
			}
			s.mode = ModeHandover
			s.viewer = ""
			return
		}
	} else if s.ctrls[d] == nil {
		s.viewer = d
	}
	if s.ctrls[d] != nil {
		s.mode = ModeThinking
		return
	}
	if s.mode != ModeHandover {
		s.mode = ModeTurn
	}
	passed := d != s.decided
	s.decided = d
	s.ui.Decide(d, passed)
}

// Continue dismisses the handover screen. The next player's secrets stay
// hidden until they ask for them (RevealSecrets).
func (s *Session) Continue() {
	if s.mode != ModeHandover {
		return
	}
	s.viewer = ""
	s.mode = ModeTurn
	s.afterCommand()
}

// Poll runs computer decisions: it starts one off the UI goroutine when a
// computer side must decide and plays its answer when it arrives. It never
// blocks. It reports whether anything changed.
func (s *Session) Poll() bool {
	if s.mode != ModeThinking {
		return false
	}
	if s.think == nil {
		if s.tray != nil {
			// Let the player see the dice before the computer goes on.
			return false
		}
		d := s.Decider()
		c := s.ctrls[d]
		if c == nil {
			s.afterCommand()
			return true
		}
		ctx, cancel := context.WithCancel(context.Background())
		s.cancel = cancel
		s.thinkFor, s.thinkStart = 0, time.Now()
		s.think = game.DecideAsync(ctx, c, s.G.ViewFor(d))
		return false
	}
	select {
	case dec := <-s.think:
		s.think = nil
		s.cancel()
		s.answer(dec)
		return true
	default:
		return false
	}
}

// answer plays a computer decision. A decision that failed (an error, a
// panic, no command, or one the rules refuse) is replaced by the system's
// safe default (hold, pass) with a note, so the game goes on; only when
// there is none is the side handed to a human.
func (s *Session) answer(dec game.Decision) {
	d := s.Decider()
	if dec.Err == nil && dec.Cmd != nil {
		if err := s.G.Engine.Check(s.G.Bind(dec.Cmd)); err != nil {
			dec.Err = fmt.Errorf("%s was refused: %w", dec.Cmd.Name(), err)
		}
	}
	if dec.Err != nil || dec.Cmd == nil {
		reason := "no command"
		if dec.Err != nil {
			reason = dec.Err.Error()
		}
		def, err := s.G.SafeDefault(d)
		if err != nil {
			s.Fail(fmt.Errorf("the computer could not decide for %s (%s) and there is no safe default: the side is yours to play", s.SideName(d), reason))
			delete(s.ctrls, d)
			s.Kinds[d] = Human
			s.afterCommand()
			return
		}
		dec = game.Decision{Cmd: def, Why: &game.Why{Line: fmt.Sprintf("%s: the computer could not decide (%s); it plays the safe default, %s", s.SideName(d), reason, def.Name())}}
	}
	if dec.Why != nil && dec.Why.Line != "" {
		s.whyNext = &LogEntry{Kind: KindWhy, Text: dec.Why.Line, Side: d, Units: whyUnits(dec.Why)}
		s.lastWhy, s.lastWhySide = dec.Why, d
	}
	// The next decision's banner starts from 0 s, even while the dice
	// tray holds it back.
	s.thinkFor = 0
	seq := s.State().Seq
	s.Play(dec.Cmd)
	if dec.Why != nil && dec.Why.Line != "" && s.State().Seq > seq {
		// The reason goes into the save with its command.
		s.G.Engine.NoteLast(dec.Why.Line)
	}
}

// Wait blocks until a pending computer decision has been played (tests
// and scripted sessions).
func (s *Session) Wait() {
	for s.mode == ModeThinking {
		s.tray = nil
		if s.think == nil {
			s.Poll()
			continue
		}
		dec := <-s.think
		s.think = nil
		s.cancel()
		s.answer(dec)
		if s.ctrls[s.Decider()] == nil && s.mode != ModeThinking {
			return
		}
	}
}

// Close stops a computer decision in progress.
func (s *Session) Close() {
	if s.cancel != nil {
		s.cancel()
	}
}

// Fail shows err's reason (SystemUI.Reason) as a refusal.
func (s *Session) Fail(err error) {
	s.Msg, s.MsgErr = s.ui.Reason(err), true
}

// Note shows msg as a message that is not a refusal.
func (s *Session) Note(msg string) {
	s.Msg, s.MsgErr = msg, false
}

// Play plays a command for the decider (the system's UI plays its
// commands through it): it records the log, opens the dice tray,
// autosaves and moves the mode on; manual dice that are missing switch to
// ModeDice. It reports whether the command was played (a refusal is
// shown as the message).
func (s *Session) Play(c rules.Command) bool {
	before := len(s.State().Log)
	// A human's command ends the shown move result; a computer's leaves
	// it for the player to see (unless it makes a result of its own).
	human := s.ctrls[s.Decider()] == nil
	pre := s.G.Engine.Snapshot()
	s.ui.Submitting(c)
	_, err := s.G.Submit(c)
	var need *rules.NeedDiceError
	if errors.As(err, &need) {
		r := need.Request
		s.diceNeed, s.diceTyped, s.diceRetry = &r, nil, c
		s.mode = ModeDice
		// The dice pad and the banner say what is wanted and how.
		s.Msg, s.MsgErr = "", false
		return false
	}
	if err != nil {
		s.Fail(err)
		return false
	}
	s.Msg, s.MsgErr = "", false
	s.ui.ClearDraft()
	s.collectLog()
	s.pre = pre
	s.buildTray(before)
	s.ui.Submitted(before, human)
	s.autosave()
	s.afterCommand()
	return true
}

// autosave writes the game to AutosavePath when set (a failure is shown
// as the message).
func (s *Session) autosave() {
	if s.AutosavePath == "" {
		return
	}
	if err := os.MkdirAll(filepath.Dir(s.AutosavePath), 0o755); err == nil {
		if err := s.G.SaveFile(s.AutosavePath); err != nil {
			s.Fail(err)
		}
	}
}

// Submit plays a command as the current human decider (for tests and the
// choice buttons).
func (s *Session) Submit(c rules.Command) error {
	if s.mode != ModeTurn {
		return fmt.Errorf("not waiting for a player's command (%s)", s.ModeText())
	}
	if !s.Play(c) && s.MsgErr {
		return errors.New(s.Msg)
	}
	return nil
}

// Reason is an error's text for the player: without the engine's
// "illegal command: " prefix, then without the first of the command name
// prefixes cmds ("move: ") it starts with.
func Reason(err error, cmds ...string) string {
	if err == nil {
		return ""
	}
	msg := strings.TrimPrefix(err.Error(), "illegal command: ")
	for _, c := range cmds {
		msg = strings.TrimPrefix(msg, c+": ")
	}
	return msg
}

// Capitalize upper-cases the first letter of a text for the player (a
// result's name, a sentence made of parts).
func Capitalize(t string) string {
	r, n := utf8.DecodeRuneInString(t)
	if n == 0 || !unicode.IsLower(r) {
		return t
	}
	return string(unicode.ToUpper(r)) + t[n:]
}
