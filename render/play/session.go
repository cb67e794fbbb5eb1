// Package play is the game in the window: a state machine over a running
// game.Game that turns clicks and keys into ATII commands, asks computer
// controllers for their decisions off the UI goroutine, keeps the dice log,
// hides secret information between hotseat players, and draws its overlays
// and panels as scene primitives. It imports no ebiten: render/app hosts it
// and feeds it input, and tests drive it directly without a display.
package play

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/scenarios"
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
	// Kinds maps each side to Human or Computer.
	Kinds map[string]string
	// AutosavePath, when set, is written after every command.
	AutosavePath string

	ctrls map[string]game.Controller
	// viewer is the side whose secrets may be drawn ("" = nobody's).
	viewer string
	mode   Mode

	// Selected is the selected unit (any side; only the decider's can act).
	Selected string
	// Draft is the move path being drawn (table points after the start).
	Draft []world.Vec
	// Facing, when set, is the final facing of the drafted move or the
	// deploy facing.
	Facing *float64
	// Shots are the weapons declared for the selected titan this phase.
	Shots []atii.Shot
	// Weapon is the mount chosen for the next target click.
	Weapon string
	// Aim is the aim of new declarations.
	Aim atii.Aim
	// RepairFirst is the system the rally puts first.
	RepairFirst string

	// Msg is the last message for the player (an error's reason, what
	// happened); MsgErr marks it as a refusal.
	Msg    string
	MsgErr bool

	// Highlight are units a clicked log entry involves.
	Highlight []string
	// Hover is the unit under the cursor (for target reasons).
	Hover string
	// AngleSnap snaps drawn legs to AngleStep-degree steps from the
	// titan's heading (the window sets it while Shift is held).
	AngleSnap bool
	// Slack is how far outside a base (cm) the pointer still counts as on
	// it for a charge; the window sets it to a few pixels at its zoom (0:
	// DefaultSlack).
	Slack float64
	// Cursor is the table point under the mouse (HasCursor when known):
	// the deployment step previews the titan there.
	Cursor    world.Vec
	HasCursor bool

	logSeen int
	log     []LogEntry

	think  <-chan game.Decision
	cancel context.CancelFunc

	// TrayDelay is how long each dice tray step stays before the next
	// (seconds; 0 waits for Space or a click).
	TrayDelay float64
	tray      *Tray

	diceNeed  *rules.DiceRequest
	diceTyped []int
	diceRetry rules.Command

	// armed is the action a first press of its key asked to confirm
	// (see confirm); any command played clears it.
	armed string

	// drag is a press-and-drag on the table in progress.
	drag *dragState
	// Result is the last move that rolled dangerous terrain dice: where
	// the titan got against the path asked for (nil when none; cleared by
	// the next action).
	Result *MoveResult
	// pre is the state before the last command (the close combat order of
	// the dice tray is worked out on it).
	pre *rules.State
	// decided is the side whose decision the selection was last made for.
	decided string
}

// New wraps a running game. kinds maps side ids to Human or Computer (a
// missing side is human).
func New(g *game.Game, kinds map[string]string) *Session {
	s := &Session{G: g, Kinds: map[string]string{}, ctrls: map[string]game.Controller{}, Aim: atii.AimHigh, TrayDelay: DefaultTrayDelay}
	for _, sd := range g.State().Sides {
		k := kinds[sd.ID]
		if k != Computer {
			k = Human
		}
		s.Kinds[sd.ID] = k
		if k == Computer {
			s.ctrls[sd.ID] = game.Greedy{}
		}
	}
	s.collectLog()
	s.afterCommand()
	return s
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
		if e.Secret && !s.shows(e.Side) {
			continue
		}
		out = append(out, e)
	}
	return out
}

// humans counts the human sides.
func (s *Session) humans() int {
	n := 0
	for _, k := range s.Kinds {
		if k == Human {
			n++
		}
	}
	return n
}

// HasSecrets reports whether the game holds information one side must not
// see (secret objective cards).
func (s *Session) HasSecrets() bool { return len(s.cards()) > 0 }

// hotseatSecrets reports whether two players share the screen and the
// game holds secrets: then each side's secrets stay hidden until its
// player asks to see them (RevealSecrets).
func (s *Session) hotseatSecrets() bool { return s.humans() > 1 && s.HasSecrets() }

// shows reports whether a secret of side may be drawn now: only for the
// viewer, and for everybody once the game is over (the debrief reveals
// every objective).
func (s *Session) shows(side string) bool {
	if s.mode == ModeOver {
		return true
	}
	return side != "" && side == s.viewer && s.mode != ModeHandover
}

// secretEvent reports whether a log event holds secret information and
// whose it is: events the rules mark secret, and the roll that draws an
// objective card (its face names the card) even when unmarked.
func secretEvent(e rules.Event) (bool, string) {
	if e.Data["secret"] != "" {
		return true, e.Side
	}
	if e.Roll != nil && strings.Contains(e.Roll.Purpose, "objective card") {
		return true, e.Side
	}
	return false, ""
}

// RevealSecrets shows or hides the deciding player's secrets (O) in a
// hotseat game: hidden by default, so the screen can pass between the
// players without a handover; shown on request, and then hidden behind a
// handover screen when the decision passes to the other player.
func (s *Session) RevealSecrets() {
	if s.mode != ModeTurn || !s.hotseatSecrets() {
		return
	}
	if s.viewer != "" {
		s.viewer = ""
		return
	}
	if d := s.Decider(); s.ctrls[d] == nil {
		s.viewer = d
	}
}

// SecretsShown reports whether the viewer's secrets are drawn now.
func (s *Session) SecretsShown() bool { return s.viewer != "" && s.shows(s.viewer) }

func (s *Session) cards() map[string]atii.ObjectiveCard {
	var g atii.GameProgress
	if ok, err := s.State().GetExt(atii.ExtGame, &g); err != nil || !ok {
		return nil
	}
	return g.Cards
}

// Secret returns the secret lines of side (its objective card), only if
// side is the current viewer deciding now; otherwise nil.
func (s *Session) Secret(side string) []string {
	if side == "" || side != s.viewer || s.mode == ModeHandover || s.mode == ModeOver || s.mode == ModeTray {
		// While the dice of an action are shown before the handover the
		// decision is already the other side's: the card stays off.
		return nil
	}
	c, ok := s.cards()[side]
	if !ok {
		return nil
	}
	title, note := cardTitle(c.Name)
	out := []string{fmt.Sprintf("Your secret objective: %s (%s)", title, c.Type), c.Text}
	if note != "" {
		out = append(out, note)
	}
	return out
}

// standIn marks an objective card whose wording is the project's own.
const standIn = " (stand-in)"

// cardTitle is an objective card's name for a title, with the stand-in
// mark moved to a note of its own ("" when the card has none).
func cardTitle(name string) (title, note string) {
	if t, ok := strings.CutSuffix(name, standIn); ok {
		return t, "(stand-in card: our own wording of the objective)"
	}
	return name, ""
}

// afterCommand updates the mode after anything changed the game.
func (s *Session) afterCommand() {
	st := s.State()
	if st.Over {
		s.mode = ModeOver
		s.viewer = "" // at the end every objective is revealed
		s.Result = nil
		if s.decided != "" {
			// The end screen starts with no titan (and no arcs) picked.
			s.decided = ""
			s.selectUnit("")
		}
		return
	}
	if s.mode == ModeDice {
		return
	}
	d := s.Decider()
	if s.hotseatSecrets() {
		// Two players share the screen: hand it over only when one
		// player's secrets are on it and the decision passes on.
		if s.viewer != "" && s.viewer != d {
			s.clearDraft()
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
	if d != s.decided {
		// The decision passed to a side: select its first titan that may
		// act, or nothing (never the other side's titan, whose arcs and
		// profile would fill the screen).
		s.decided = d
		s.selectUnit("")
		if p := st.Pending; p != nil && len(p.Units) > 0 && p.Side == d {
			s.selectUnit(p.Units[0])
		}
	} else if s.Selected == "" || !s.canAct(s.Selected) {
		if p := st.Pending; p != nil && len(p.Units) > 0 && p.Side == d {
			s.selectUnit(p.Units[0])
		}
	} else if s.Weapon == "" {
		// Still selected from before (the computer's turn in between):
		// pick its first usable weapon as a fresh selection would.
		s.selectUnit(s.Selected)
	}
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
		s.think = game.DecideAsync(ctx, c, s.G.ViewFor(d))
		return false
	}
	select {
	case dec := <-s.think:
		s.think = nil
		s.cancel()
		if dec.Err != nil || dec.Cmd == nil {
			s.fail(fmt.Errorf("the computer could not decide: %v", dec.Err))
			// Hand the side to a human rather than stall.
			d := s.Decider()
			delete(s.ctrls, d)
			s.Kinds[d] = Human
			s.afterCommand()
			return true
		}
		s.submit(dec.Cmd)
		return true
	default:
		return false
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
		if dec.Err != nil || dec.Cmd == nil {
			d := s.Decider()
			delete(s.ctrls, d)
			s.Kinds[d] = Human
			s.fail(fmt.Errorf("the computer could not decide: %v", dec.Err))
			s.afterCommand()
			return
		}
		s.submit(dec.Cmd)
	}
}

// Close stops a computer decision in progress.
func (s *Session) Close() {
	if s.cancel != nil {
		s.cancel()
	}
}

func (s *Session) fail(err error) {
	s.Msg, s.MsgErr = Reason(err), true
}

func (s *Session) note(msg string) {
	s.Msg, s.MsgErr = msg, false
}

// submit plays a command, records the log, autosaves. Manual dice that
// are missing switch to ModeDice.
func (s *Session) submit(c rules.Command) bool {
	before := len(s.State().Log)
	// A human's command ends the shown move result; a computer's leaves
	// it for the player to see (unless it makes a result of its own).
	human := s.ctrls[s.Decider()] == nil
	pre := s.G.Engine.Snapshot()
	mr := s.moveAsked(c)
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
		s.fail(err)
		return false
	}
	s.Msg, s.MsgErr = "", false
	s.armed = ""
	s.clearDraft()
	s.collectLog()
	s.pre = pre
	s.buildTray(before)
	if r := s.moveResult(mr, before); r != nil || human {
		s.Result = r
	}
	if s.AutosavePath != "" {
		if err := os.MkdirAll(filepath.Dir(s.AutosavePath), 0o755); err == nil {
			if err := s.G.SaveFile(s.AutosavePath); err != nil {
				s.fail(err)
			}
		}
	}
	s.afterCommand()
	return true
}

// Submit plays a command as the current human decider (for tests and the
// choice buttons).
func (s *Session) Submit(c rules.Command) error {
	if s.mode != ModeTurn {
		return fmt.Errorf("not waiting for a player's command (%s)", s.ModeText())
	}
	if !s.submit(c) && s.MsgErr {
		return errors.New(s.Msg)
	}
	return nil
}

// DiceWanted is the manual dice request being typed (nil when none).
func (s *Session) DiceWanted() (*rules.DiceRequest, []int) { return s.diceNeed, s.diceTyped }

// TypeDie adds a typed face (1..sides) for the manual dice request;
// Backspace-like removal with face 0.
func (s *Session) TypeDie(face int) {
	if s.mode != ModeDice || s.diceNeed == nil {
		return
	}
	if face == 0 {
		if n := len(s.diceTyped); n > 0 {
			s.diceTyped = s.diceTyped[:n-1]
		}
		return
	}
	if face < 1 || face > s.diceNeed.Sides {
		s.fail(fmt.Errorf("a D%d shows 1 to %d", s.diceNeed.Sides, s.diceNeed.Sides))
		return
	}
	s.diceTyped = append(s.diceTyped, face)
	if len(s.diceTyped) >= s.diceNeed.N-s.diceNeed.Have {
		faces := s.diceTyped
		c := s.diceRetry
		s.diceNeed, s.diceTyped, s.diceRetry = nil, nil, nil
		s.mode = ModeTurn
		if err := s.G.Engine.ProvideDice(faces...); err != nil {
			s.fail(err)
			return
		}
		s.submit(c)
	}
}

// collectLog appends the game's new events to the dice log.
func (s *Session) collectLog() {
	lg := s.State().Log
	if s.logSeen > len(lg) {
		s.log, s.logSeen = nil, 0
	}
	for i := s.logSeen; i < len(lg); i++ {
		e := lg[i]
		if e.Kind == rules.EvDecision || e.Kind == rules.EvPhase {
			continue
		}
		le := LogEntry{Index: i, Kind: e.Kind, Turn: e.Turn, Step: e.Step, Text: e.Text, Units: e.Units, Roll: e.Roll, Side: e.Side}
		le.Secret, le.Side = secretEvent(e)
		if !le.Secret {
			le.Side = e.Side
		}
		if e.Roll != nil {
			le.Text = e.Roll.String()
			if len(le.Units) == 0 {
				le.Units = e.Roll.Units
			}
		}
		s.log = append(s.log, le)
	}
	s.logSeen = len(lg)
}

// ClickLog highlights the units of the viewer's log entry i (as returned
// by Log).
func (s *Session) ClickLog(i int) {
	lg := s.Log()
	if i < 0 || i >= len(lg) {
		return
	}
	s.Highlight = append([]string(nil), lg[i].Units...)
}

// Undo takes back the last command if it rolled no dice (Ctrl+Z). While
// manual dice are wanted it drops the command waiting for them instead
// (nothing was played). A refusal is returned and shown as the message.
func (s *Session) Undo() error {
	if s.mode == ModeThinking {
		return errors.New("wait for the computer to finish")
	}
	if s.mode == ModeDice {
		s.diceNeed, s.diceTyped, s.diceRetry = nil, nil, nil
		s.G.Engine.ClearDice()
		s.mode = ModeTurn
		s.note("the dice request is dropped: decide again")
		s.afterCommand()
		return nil
	}
	if err := s.G.Engine.Undo(); err != nil {
		if errors.Is(err, rules.ErrUndoPastRoll) {
			err = errors.New("cannot undo past a die roll: the dice have been seen")
		}
		s.fail(err)
		return err
	}
	s.log, s.logSeen = nil, 0
	s.collectLog()
	s.clearDraft()
	s.tray = nil
	s.note("undone")
	s.afterCommand()
	return nil
}

// Save writes the game to path (atomically).
func (s *Session) Save(path string) error {
	if err := s.G.SaveFile(path); err != nil {
		s.fail(err)
		return err
	}
	s.note("saved " + path)
	return nil
}

// Load starts a session on a saved game, with the controllers kinds (as
// New). A game that was taking its dice from the players when saved (its
// last command used manual dice) goes on with manual dice even when cfg
// does not ask for them. Errors name the file and say what is wrong
// (unreadable, corrupt, truncated, newer version, hash mismatch: see
// game.Load); on error no session is returned.
func Load(path string, kinds map[string]string, cfg game.Config) (*Session, error) {
	sv, err := game.ReadSaveFile(path)
	if err != nil {
		return nil, err
	}
	if !cfg.ManualDice {
		cfg.ManualDice = savedManual(sv)
	}
	g, err := game.LoadParsed(sv, cfg)
	if err != nil {
		return nil, fmt.Errorf("load %s: %w", path, err)
	}
	s := New(g, kinds)
	s.note("loaded " + path)
	return s, nil
}

// savedManual reports whether a save's last command took manual dice.
func savedManual(sv *rules.Save) bool {
	return len(sv.Commands) > 0 && sv.Commands[len(sv.Commands)-1].Manual
}

func (s *Session) clearDraft() {
	s.Draft, s.Facing, s.Shots, s.Weapon = nil, nil, nil, ""
	s.drag = nil
}

// Reason is an error's text for the player: without the engine's
// "illegal command: " and the command name prefixes.
func Reason(err error) string {
	if err == nil {
		return ""
	}
	msg := strings.TrimPrefix(err.Error(), "illegal command: ")
	for _, c := range []string{atii.CmdDeploy, atii.CmdMove, atii.CmdFire, atii.CmdHold, atii.CmdRepair} {
		msg = strings.TrimPrefix(msg, c+": ")
	}
	return msg
}

// ModeText says what the session waits for, in words.
func (s *Session) ModeText() string {
	switch s.mode {
	case ModeHandover:
		return "waiting for the next player to take the screen"
	case ModeTray:
		return "showing the dice before the screen is handed over"
	case ModeThinking:
		return "the computer is deciding"
	case ModeDice:
		return "waiting for manual dice"
	case ModeOver:
		return "the game is over"
	}
	return "waiting for " + s.Decider()
}

// SideName is a side's display name.
func (s *Session) SideName(id string) string {
	for _, sd := range s.State().Sides {
		if sd.ID == id {
			if sd.Name != "" {
				return sd.Name
			}
		}
	}
	return id
}

// Name is a unit's display name: the scenario's name for it (the label
// the table shows), else its id.
func (s *Session) Name(id string) string {
	if sc := s.G.Scenario; sc != nil {
		for _, sd := range sc.Sides {
			for _, f := range sd.Formations {
				for _, su := range f.Units {
					if su.ID == id && su.Name != "" {
						return su.Name
					}
				}
			}
		}
	}
	return id
}

// SelectedArcs reports whether the selected titan's weapon arcs belong on
// the table: not in the rally phase (nothing fires) nor on the end
// screen. The window's arcs tool still shows every titan's arcs.
func (s *Session) SelectedArcs() bool {
	return s.mode != ModeOver && s.State().Step != atii.StepRally
}

// Playable reports whether unit id may act in the current decision.
func (s *Session) Playable(id string) bool { return s.canAct(id) }

// canAct reports whether unit id may act in the current decision.
func (s *Session) canAct(id string) bool {
	p := s.State().Pending
	if p == nil || p.Side != s.Decider() {
		return false
	}
	for _, u := range p.Units {
		if u == id {
			return true
		}
	}
	return false
}

// profile returns a unit and its catalogue profile.
func (s *Session) profile(id string) (*rules.Unit, *catalog.Unit) {
	u := s.State().Unit(id)
	if u == nil {
		return nil, nil
	}
	p, err := s.G.Ruleset.Catalogue().Unit(u.Type)
	if err != nil {
		return u, nil
	}
	return u, p
}

// base is a unit's base on the table now.
func (s *Session) base(u *rules.Unit) world.Base {
	b := world.Base{ID: u.ID, Pos: u.Pos, Facing: u.Facing}
	if p, err := s.G.Ruleset.Catalogue().Unit(u.Type); err == nil {
		b.Foot = p.Base
	}
	return b
}

// OnTable reports whether a unit is drawn: placed and not off the table.
func OnTable(u *rules.Unit) bool {
	return u.Markers.Value(atii.MarkUnplaced) == 0 && !u.OffTable
}

// selectUnit selects id and resets the per-unit drafts.
func (s *Session) selectUnit(id string) {
	if s.Selected != id {
		s.clearDraft()
		s.RepairFirst = ""
	}
	s.Selected = id
	if s.State().Step == atii.StepShooting && s.canAct(id) && s.Weapon == "" {
		if ws := s.Weapons(id); len(ws) > 0 {
			for _, w := range ws {
				if w.Usable == "" {
					s.Weapon = w.Mount
					break
				}
			}
		}
	}
}

// Select selects a unit (clicking its base or its entry).
func (s *Session) Select(id string) {
	if s.State().Unit(id) == nil {
		return
	}
	s.selectUnit(id)
}

// ClickTable is a left click on the table at p, on unit hit ("" for
// none). What it does depends on the step: select a titan, place a
// deploying titan, add a waypoint to the drafted move, or declare the
// chosen weapon at an enemy titan.
func (s *Session) ClickTable(p world.Vec, hit string) {
	if s.mode != ModeTurn {
		return
	}
	s.Result = nil
	st := s.State()
	me := s.Decider()
	if hit != "" {
		u := st.Unit(hit)
		if u != nil && u.Side == me {
			if st.Step == atii.StepMovement || st.Step == atii.StepAssault {
				if hit == s.Selected && s.canAct(hit) {
					// Clicking the mover again: a turn on the spot to face the
					// cursor is done with the facing keys; ignore.
					return
				}
			}
			s.selectUnit(hit)
			return
		}
		if u != nil && st.Step == atii.StepShooting && s.canAct(s.Selected) {
			s.declare(hit)
			return
		}
		if st.Step != atii.StepMovement && st.Step != atii.StepAssault {
			s.selectUnit(hit)
			return
		}
	}
	switch st.Step {
	case atii.StepDeploy:
		s.deployAt(p, s.deployFacing(p))
	case atii.StepMovement, atii.StepAssault:
		if s.canAct(s.Selected) {
			if len(s.Draft) >= atii.MaxWaypoints-1 {
				s.fail(fmt.Errorf("at most %d waypoints", atii.MaxWaypoints))
				return
			}
			s.Draft = append(s.Draft, s.snapLeg(p))
			s.Facing = nil
		}
	}
}

// deployUnit is the titan a click in the deployment step places: the
// selected one when it may deploy, else the first still to deploy.
func (s *Session) deployUnit() string {
	id := s.Selected
	if !s.canAct(id) {
		if pd := s.State().Pending; pd != nil && len(pd.Units) > 0 {
			id = pd.Units[0]
		}
	}
	return id
}

// deployFacing is the facing a titan deployed at p gets: the drafted
// facing when one was set ([ and ]), else towards the table's centre
// (straight across the table along the long edges).
func (s *Session) deployFacing(p world.Vec) float64 {
	if s.Facing != nil {
		return *s.Facing
	}
	t := s.G.Ruleset.World().Table
	face := world.Bearing(world.Vec{X: t.W / 2, Y: t.H / 2}.Sub(p))
	if math.Abs(p.Y-t.H/2) > math.Abs(p.X-t.W/2)*t.H/t.W {
		if p.Y < t.H/2 {
			face = 180
		} else {
			face = 0
		}
	}
	return world.NormDeg(face)
}

// DeployGhost is the titan that a click at the cursor would deploy: its
// base there with its facing, and the rules' verdict (nil when the
// placement is legal). ok is false outside the deployment step.
func (s *Session) DeployGhost() (b world.Base, verdict error, ok bool) {
	if s.mode != ModeTurn || s.State().Step != atii.StepDeploy || !s.HasCursor {
		return b, nil, false
	}
	id := s.deployUnit()
	u := s.State().Unit(id)
	if u == nil {
		return b, nil, false
	}
	p := s.Cursor
	b = s.base(u)
	b.Pos, b.Facing = p, s.deployFacing(p)
	if d := s.drag; d != nil && d.kind == dragDeploy {
		b.Pos, b.Facing = d.from, s.dragFacing(d)
		p = d.from
	}
	c := s.G.Ruleset.Deploy(s.Decider(), id, p.X, p.Y, b.Facing)
	return b, s.G.Engine.Check(s.G.Ruleset.Bind(c)), true
}

// DeployZone is the deciding side's deployment zone (nil when none).
func (s *Session) DeployZone() *scenarios.Zone {
	sc := s.G.Scenario
	if sc == nil {
		return nil
	}
	if sd := sc.Side(s.Decider()); sd != nil && sd.Zone != "" {
		return sc.Zone(sd.Zone)
	}
	return nil
}

// DeployZonePolys is the decider's deployment zone as the rules check it:
// the zone of the deployment map a generated mission adopted
// (atii.MissionOf), else the scenario's zone (DeployZone).
func (s *Session) DeployZonePolys() [][]world.Vec {
	if mv, err := atii.MissionOf(s.State()); err == nil {
		if id := mv.SideZones[s.Decider()]; id != "" && mv.Map != "" {
			if pieces, ok := mv.Zones[id]; ok {
				out := make([][]world.Vec, len(pieces))
				for i, pc := range pieces {
					for _, p := range pc {
						out[i] = append(out[i], p.Vec())
					}
				}
				return out
			}
		}
	}
	if z := s.DeployZone(); z != nil && z.Area != nil {
		return z.Area.Polygons()
	}
	return nil
}

// deployAt places the deploying titan (see deployUnit) at p facing face;
// a refused placement says why.
func (s *Session) deployAt(p world.Vec, face float64) {
	id := s.deployUnit()
	c := s.G.Ruleset.Deploy(s.Decider(), id, p.X, p.Y, face)
	if err := s.G.Engine.Check(s.G.Ruleset.Bind(c)); err != nil {
		s.fail(fmt.Errorf("cannot deploy %s there: %s", id, Reason(err)))
		return
	}
	s.submit(c)
}

// TurnFacing rotates the drafted facing by deg (keys [ and ]): the final
// facing of the move being drawn, or the deploy facing.
func (s *Session) TurnFacing(deg float64) {
	st := s.State()
	base := 0.0
	s.Result = nil
	if st.Step == atii.StepDeploy {
		base = s.deployFacing(s.Cursor)
		if d := s.drag; d != nil && d.kind == dragDeploy {
			base = s.dragFacing(d)
			d.moved = false
			d.at = d.from
		}
	} else if u := st.Unit(s.Selected); u != nil {
		base = u.Facing
		if m := s.PreviewMove(); m != nil && m.Report != nil {
			base = m.Report.End.Facing
		}
	}
	if s.Facing != nil {
		base = *s.Facing
	}
	f := world.NormDeg(base + deg)
	s.Facing = &f
}

// UndoWaypoint removes the last waypoint of the drafted move.
func (s *Session) UndoWaypoint() {
	if s.Facing != nil {
		s.Facing = nil
		return
	}
	if n := len(s.Draft); n > 0 {
		s.Draft = s.Draft[:n-1]
	} else if n := len(s.Shots); n > 0 {
		s.Shots = s.Shots[:n-1]
	}
}

// Cancel drops the drafted move or declarations (Esc).
func (s *Session) Cancel() {
	s.clearDraft()
	s.Result = nil
}

// moveCmd builds the drafted move command.
func (s *Session) moveCmd() *atii.MoveCmd {
	var path []atii.Waypoint
	for _, p := range s.Path() {
		path = append(path, atii.Waypoint{X: p.X, Y: p.Y})
	}
	if s.Facing != nil {
		if len(path) == 0 {
			u := s.State().Unit(s.Selected)
			if u == nil {
				return nil
			}
			path = append(path, atii.Waypoint{X: u.Pos.X, Y: u.Pos.Y})
		}
		path[len(path)-1].Facing = atii.Face(*s.Facing)
	}
	if len(path) == 0 {
		return nil
	}
	return s.G.Ruleset.Move(s.Decider(), s.Selected, path...)
}

// Commit plays what has been drawn or declared (Enter): the drafted move,
// the declared shots, or the rally repair.
func (s *Session) Commit() {
	if s.mode != ModeTurn {
		return
	}
	st := s.State()
	switch st.Step {
	case atii.StepMovement, atii.StepAssault:
		c := s.moveCmd()
		if c == nil || !s.canAct(s.Selected) {
			s.fail(errors.New("draw a path first: drag from your titan or click points on the table (H holds the titan instead)"))
			return
		}
		if m := s.PreviewMove(); m != nil && m.Err != nil {
			s.fail(m.Err)
			return
		}
		s.submit(c)
	case atii.StepShooting:
		if s.State().Pending != nil && s.State().Pending.Kind != "fire" && len(s.Shots) == 0 {
			s.EndStep()
			return
		}
		if len(s.Shots) == 0 {
			s.fail(errors.New("declare a target first: pick a weapon (1-9) and click an enemy titan; H holds fire"))
			return
		}
		c := s.G.Ruleset.Fire(s.Decider(), s.Selected, s.Shots...)
		if err := s.G.Engine.Check(s.G.Ruleset.Bind(c)); err != nil {
			s.fail(err)
			return
		}
		s.submit(c)
	case atii.StepRally:
		s.repair()
	default:
		s.EndStep()
	}
}

// repair rolls the selected titan's repair dice; the player then
// allocates the successes from the choices (Allocating). While an
// allocation waits, Enter takes the highlighted group's first allocation
// (AllocationChoices).
func (s *Session) repair() {
	if s.Allocating() {
		ac := s.AllocationChoices()
		if len(ac) == 0 {
			s.fail(errors.New("no allocation of the repairs is possible"))
			return
		}
		s.submit(ac[0].Cmd)
		return
	}
	id := s.Selected
	if !s.canAct(id) {
		if p := s.State().Pending; p != nil && len(p.Units) > 0 {
			id = p.Units[0]
		}
	}
	if u, prof := s.profile(id); u == nil || prof == nil {
		s.fail(fmt.Errorf("no titan %q to repair", id))
		return
	}
	s.submit(s.G.Ruleset.Repair(s.Decider(), id))
}

// Repairable lists what the selected titan could repair in the rally.
func (s *Session) Repairable() []string {
	u, prof := s.profile(s.Selected)
	if u == nil || prof == nil {
		return nil
	}
	ts, err := atii.TitanOf(u)
	if err != nil {
		return nil
	}
	return atii.Repairable(prof, ts)
}

// Choices are the discrete legal choices for the current decision (the
// buttons of the action panel); templates (moves, deployment) are left out.
func (s *Session) Choices() []rules.Choice {
	if s.mode != ModeTurn {
		return nil
	}
	var out []rules.Choice
	for _, c := range s.G.Engine.Legal(s.Decider()) {
		if c.Continuous != "" {
			continue
		}
		out = append(out, c)
	}
	return out
}

// Choose plays discrete choice i of Choices.
func (s *Session) Choose(i int) {
	cs := s.Choices()
	if i < 0 || i >= len(cs) {
		return
	}
	if cs[i].Name == atii.CmdHold && !s.confirm("hold", fmt.Sprint(i+1)) {
		// A listed hold throws a drawn path away like H does.
		return
	}
	s.submit(cs[i].Cmd)
}

// EndStep ends the decider's part of the step (E or the End step
// button): the selected titan holds (movement, assault, shooting), the
// rally roll is made, an overwatch offer is passed, or a step's only way
// on is taken. It never answers the initiative (that is a choice of its
// own), and with a drawn path or declared shots it first asks for a
// second press (see confirm). Space never ends a step.
func (s *Session) EndStep() {
	if s.mode != ModeTurn {
		return
	}
	st := s.State()
	if ChoosingOrder(st) {
		s.fail(errors.New("choose the order: 1 or F goes first, 2 or S goes second"))
		return
	}
	if !s.confirm("end the step", "E") {
		return
	}
	me := s.Decider()
	cs := s.G.Engine.Legal(me)
	// Prefer the selected titan's hold, then any hold, then a pass.
	for _, want := range []func(rules.Choice) bool{
		func(c rules.Choice) bool {
			return c.Name == atii.CmdHold && len(c.Units) > 0 && c.Units[0] == s.Selected
		},
		func(c rules.Choice) bool { return c.Name == atii.CmdHold },
		func(c rules.Choice) bool { return c.Name == atii.CmdPass },
		func(c rules.Choice) bool { return c.Name == atii.CmdOverwatch && len(c.Units) == 0 },
	} {
		for _, c := range cs {
			if want(c) {
				s.submit(c.Cmd)
				return
			}
		}
	}
	switch st.Step {
	case atii.StepRally:
		s.repair()
		return
	case atii.StepDeploy:
		s.fail(errors.New("every titan must be deployed: click inside your deployment zone"))
		return
	}
	var discrete []rules.Choice
	for _, c := range cs {
		if c.Continuous == "" {
			discrete = append(discrete, c)
		}
	}
	if len(discrete) == 1 {
		s.submit(discrete[0].Cmd)
		return
	}
	if len(discrete) > 1 {
		s.fail(errors.New("pick one of the choices: its number key or click it"))
		return
	}
	s.fail(errors.New("nothing to end here"))
}

// confirm guards an action that would throw away what the player has
// drawn or declared (a path, a facing, declared shots): the first press
// only says so and the second, with no other action between, goes ahead.
// With nothing drafted it goes ahead at once.
func (s *Session) confirm(what, key string) bool {
	if len(s.Draft) == 0 && s.Facing == nil && len(s.Shots) == 0 {
		s.armed = ""
		return true
	}
	if s.armed == what {
		s.armed = ""
		return true
	}
	s.armed = what
	s.fail(fmt.Errorf("press %s again to %s and drop what you drew or declared (Enter plays it, Esc drops it)", key, what))
	return false
}

// Hold makes the selected titan hold (H): it neither moves nor fires
// this step. With a drawn path or declared shots it asks for a second
// press first.
func (s *Session) Hold() {
	if s.mode != ModeTurn {
		return
	}
	if s.canAct(s.Selected) {
		if !s.confirm("hold "+s.Name(s.Selected), "H") {
			return
		}
		s.submit(s.G.Ruleset.Hold(s.Decider(), s.Selected))
		return
	}
	s.EndStep()
}

// ChoosingOrder reports whether the decision is the initiative winner's
// choice to go first or second (the turn's, or the assault phase's).
func ChoosingOrder(st *rules.State) bool {
	return st.Pending != nil && st.Pending.Kind == atii.KindInitiative
}

// ChooseOrder answers the initiative: go first or second.
func (s *Session) ChooseOrder(first bool) {
	if s.mode != ModeTurn || !ChoosingOrder(s.State()) {
		return
	}
	for _, c := range s.G.Engine.Legal(s.Decider()) {
		if oc, ok := c.Cmd.(*atii.OrderCmd); ok && oc.First == first {
			s.submit(c.Cmd)
			return
		}
	}
}

// unitIDs returns the ids of a side's titans (sorted), or every side's
// with side "".
func (s *Session) unitIDs(side string) []string {
	var out []string
	for _, u := range s.State().Units {
		if side == "" || u.Side == side {
			out = append(out, u.ID)
		}
	}
	sort.Strings(out)
	return out
}

// CycleSelection selects the next titan that may act (Tab).
func (s *Session) CycleSelection() {
	p := s.State().Pending
	if p == nil || len(p.Units) == 0 {
		return
	}
	i := 0
	for k, id := range p.Units {
		if id == s.Selected {
			i = k + 1
		}
	}
	s.selectUnit(p.Units[i%len(p.Units)])
}

// stepName names a flow step for the banner.
func stepName(step string) string {
	switch step {
	case atii.StepMission:
		return "Mission: objectives"
	case atii.StepDeploy:
		return "Deployment"
	case atii.StepInitiative:
		return "Initiative"
	case atii.StepMovement:
		return "Movement phase"
	case atii.StepShooting:
		return "Shooting phase"
	case atii.StepAssault:
		return "Assault phase"
	case atii.StepCloseCombat:
		return "Close combat"
	case atii.StepRally:
		return "Rally phase"
	case atii.StepEnd:
		return "End phase"
	case atii.StepDebrief:
		return "Debrief"
	}
	return step
}

// Banner is the phase banner: the title (turn and phase), whose decision
// it is, and what they may do (the keys that do it).
type Banner struct {
	Title, Who string
	Lines      []string
}

// Banner describes the current decision.
func (s *Session) Banner() Banner {
	st := s.State()
	b := Banner{Title: s.TurnText() + " - " + stepName(st.Step)}
	d := s.Decider()
	switch s.mode {
	case ModeOver:
		b.Title = "Game over"
		if st.Result != nil {
			b.Who = capitalize(st.Result.Kind)
			if st.Result.Winner != "" {
				b.Who = s.SideName(st.Result.Winner) + ": " + st.Result.Kind
			}
			b.Lines = append(b.Lines, s.ResultWhy())
		}
		b.Lines = append(b.Lines, "Ctrl+S saves the finished game; Ctrl+N starts a new one.")
		return b
	case ModeHandover:
		b.Who = "Pass the screen to " + s.SideName(d)
		b.Lines = []string{"The secret objective that was shown is hidden again.", s.SideName(d) + ": press Enter or Space, or click Continue, when you have the screen."}
		return b
	case ModeThinking:
		b.Who = s.SideName(d) + " (computer) is deciding..."
		return b
	case ModeTray:
		b.Who = s.SideName(s.viewer) + ": your dice"
		b.Lines = []string{"When the dice are done (Space, Enter or Esc), the screen is handed over to " + s.SideName(d) + "."}
		return b
	case ModeDice:
		b.Who = "Roll real dice for " + s.SideName(d)
		if s.diceNeed != nil {
			b.Lines = []string{DiceHint(*s.diceNeed, s.diceTyped)}
		}
		return b
	}
	b.Who = s.SideName(d) + " to decide"
	if p := st.Pending; p != nil && p.Prompt != "" {
		b.Lines = append(b.Lines, s.named(p.Prompt))
	}
	switch st.Step {
	case atii.StepMovement, atii.StepShooting, atii.StepAssault:
		if ChoosingOrder(st) {
			b.Lines = append(b.Lines, "Press 1 (or F) to go first, 2 (or S) to go second, or click a choice.")
			return b
		}
	}
	switch st.Step {
	case atii.StepDeploy:
		zone := "your deployment zone"
		if mv, err := atii.MissionOf(st); err == nil && mv.Map != "" {
			zone = "your zone of deployment map " + mv.Map
		} else if z := s.DeployZone(); z != nil && z.Name != "" {
			zone = z.Name
		}
		b.Lines = append(b.Lines, "Press inside "+zone+" (gold) to place "+s.Name(s.deployUnit())+", drag to aim, release to deploy; a click faces it across the table; [ ] turn it; Tab: another titan.")
	case atii.StepInitiative:
		b.Lines = append(b.Lines, "Press 1 (or F) to go first, 2 (or S) to go second, or click a choice.")
	case atii.StepMovement, atii.StepAssault:
		b.Lines = append(b.Lines, "Drag from your titan or the path's end (or click points); wheel or [ ] turn the final facing; Enter moves; H holds; E ends the step.")
	case atii.StepShooting:
		if p := st.Pending; p != nil && p.Kind != "fire" {
			b.Lines = append(b.Lines, "Pick a choice with its number key or click it; E passes.")
		} else {
			b.Lines = append(b.Lines, "Pick a weapon (1-9), click an enemy titan to declare it (T toggles aim high/low); Enter fires all declared weapons; H holds fire.")
		}
	case atii.StepRally:
		if s.Allocating() {
			b.Lines = append(b.Lines, "Allocate the repairs you rolled: pick a line (1-9) or click it; Enter takes the first.")
		} else {
			b.Lines = append(b.Lines, "Enter rolls the repair dice; then you choose what the repairs fix.")
		}
	default:
		b.Lines = append(b.Lines, "Pick a choice with its number key or click it; E ends the step.")
	}
	return b
}
