package play

import (
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

// SystemUI is a rule system's side of the play UI: everything the generic
// Session cannot know without knowing the rules. The Session keeps the
// modes, the controllers, the hotseat viewer, manual dice, the dice log and
// the tray's mechanics, save/load/undo, messages and the selection; it asks
// its SystemUI what input on the table means at the current decision (and
// the SystemUI answers by playing commands through the Session), what the
// previews, panels, banner and tray say, and how units stand on the table.
//
// One SystemUI serves one Session (an Adapter attaches it) and holds the
// system's own UI state (drafted moves, declared shots and the like). Its
// methods run on the UI goroutine only.
type SystemUI interface {
	// Table input at the current decision (see Session.PressTable and its
	// neighbours): a press, a drag, the release, a plain click, a drag
	// dropped (Esc), the mouse wheel (true when used).
	PressTable(p world.Vec, hit string)
	DragTo(p world.Vec)
	ReleaseTable(p world.Vec)
	ClickTable(p world.Vec, hit string)
	CancelDrag()
	Wheel(dy float64) bool
	// Dragging reports whether a press-and-drag is in progress; Path is the
	// drafted path for the overlays and the debug dump (nil when none).
	Dragging() bool
	Path() []world.Vec

	// Actions of the decision's keys: Commit (Enter) plays what was drawn
	// or declared, EndStep (E), Hold (H), Cancel (Esc) drops the drafts,
	// UndoWaypoint (Backspace) takes back the last drafted point, TurnFacing
	// ([ and ]) turns the drafted facing by deg degrees.
	Commit()
	EndStep()
	Hold()
	Cancel()
	UndoWaypoint()
	TurnFacing(deg float64)
	// Key is a key with a meaning of the system's own ("T", "F", "S", the
	// digits "1" to "9"); it reports whether the key was used.
	Key(k string) bool
	// Drafted reports whether anything is drawn or declared that Cancel or
	// UndoWaypoint would drop.
	Drafted() bool
	// HelpKeys are the keys the system gives a meaning, for the help
	// overlay (F1): the first section is the decider's turn (the window
	// adds the keys it handles there itself: Tab, Y and 0), the others are
	// contexts of their own (an initiative choice, an orders step). Each
	// line says what the key really does in this system's UI.
	HelpKeys() []HelpSection

	// SelectUnit selects unit id ("" for none) and resets the per-unit
	// drafts when the selection changes.
	SelectUnit(id string)
	// Decide is called after anything changed the game while a human
	// decides: passed is true when the decision just passed to side d (the
	// system then picks what to select).
	Decide(d string, passed bool)
	// Ended is called once when the game is over (drop previews).
	Ended()
	// ClearDraft drops the drafts (after a command, an undo, a handover).
	ClearDraft()
	// Submitting is called before command c is played and Submitted after
	// it was (from is the log index of its first event, human whether a
	// human played it), so the system can compare what was asked with what
	// happened.
	Submitting(c rules.Command)
	Submitted(from int, human bool)

	// Reason is an error's text for the player (command prefixes removed).
	Reason(err error) string
	// Named replaces unit ids in a text by the units' names.
	Named(text string) string
	// StepName names a flow step (a log event's Step) in the player's
	// words, as the banner does: the dice log heads its lines with it.
	StepName(step string) string
	// DecisionBanner is the phase banner's title in every mode, and its lines for
	// ModeTurn and ModeOver.
	DecisionBanner(m Mode) Banner
	// Panel writes the side panel: how to win, the viewer's secrets (from
	// Session.Secret), previews, the actions and the selected unit; on the
	// end screen the debrief.
	Panel(c *Column)
	// HasSecrets reports whether the game holds information one side must
	// not see; SecretLines are side's secret lines (nil when none), which
	// the Session shows only to its viewer.
	HasSecrets() bool
	SecretLines(side string) []string
	// SecretUnmarked reports whether a log event the rules do not mark
	// secret still is, to its side (e.Side).
	SecretUnmarked(e rules.Event) bool

	// TraySteps are the dice tray's steps for the log from index from on
	// (nil when the command rolled no dice). Events Session.Shows does not
	// allow are left out.
	TraySteps(from int) []TrayStep
	// TrayText rewords a result line for the tray and the dice log;
	// RollNote says more about a roll in the tray ("" for nothing), and
	// whether the sum of its dice means anything (not for one die per
	// side, as an initiative roll or a roll-off).
	TrayText(line string) string
	RollNote(r *rules.Roll) (note string, total bool)

	// Decorate adds the overlays of the decision to the table's scene;
	// Bases and Zones are the scenario's bases and zones as the game has
	// them now.
	Decorate(sc *scene.Scene)
	Bases(in []scene.Base) []scene.Base
	Zones(base []scene.Zone) []scene.Zone
	// Base is a unit's base on the table now; OnTable reports whether the
	// unit is drawn (placed and not off the table).
	Base(u *rules.Unit) world.Base
	OnTable(u *rules.Unit) bool
	// SelectedArcs reports whether the selected unit's arcs belong on the
	// table now.
	SelectedArcs() bool
	// Sight is the table and the rules sight lines are checked with.
	Sight() (*world.World, world.TerrainRules, world.LOSOptions)

	// Sig is a cheap summary of the system's UI state the overlays depend
	// on (the window redraws the table when it changes); Declared is the
	// chosen weapon (or the like) and the declarations, for the debug dump.
	Sig() string
	Declared() (chosen string, decl []string)
}

// HelpSection is one context of the keys help: the keys of its Lines act
// there (each line is the keys, separated by ", ", and what they do).
type HelpSection struct {
	Title string
	Lines [][2]string
}
