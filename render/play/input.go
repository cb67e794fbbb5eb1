package play

import (
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

// The window's input and drawing entry points that the rule system
// answers (see SystemUI): the Session passes them on.

// UI is the rule system's side of the session's UI.
func (s *Session) UI() SystemUI { return s.ui }

// PressTable is the left button going down on the table at p, on unit hit
// ("" for none): a drag starts or it is a click (SystemUI.PressTable).
func (s *Session) PressTable(p world.Vec, hit string) { s.ui.PressTable(p, hit) }

// DragTo moves a drag in progress to p (the mouse moved with the button
// held); without a drag it only records the cursor.
func (s *Session) DragTo(p world.Vec) { s.ui.DragTo(p) }

// ReleaseTable is the left button going up at p.
func (s *Session) ReleaseTable(p world.Vec) { s.ui.ReleaseTable(p) }

// ClickTable is a left click on the table at p, on unit hit ("" for none).
func (s *Session) ClickTable(p world.Vec, hit string) { s.ui.ClickTable(p, hit) }

// CancelDrag drops a drag in progress (Esc while the button is held).
func (s *Session) CancelDrag() { s.ui.CancelDrag() }

// Wheel is the mouse wheel over the table; it reports whether the
// decision used it (else it is the camera's).
func (s *Session) Wheel(dy float64) bool { return s.ui.Wheel(dy) }

// Dragging reports whether a press-and-drag on the table is in progress.
func (s *Session) Dragging() bool { return s.ui.Dragging() }

// Path is the drafted path (nil when none).
func (s *Session) Path() []world.Vec { return s.ui.Path() }

// Commit plays what has been drawn or declared (Enter).
func (s *Session) Commit() { s.ui.Commit() }

// EndStep ends the decider's part of the step (E).
func (s *Session) EndStep() { s.ui.EndStep() }

// Hold is the hold key (H).
func (s *Session) Hold() { s.ui.Hold() }

// Cancel drops what was drawn or declared (Esc).
func (s *Session) Cancel() { s.ui.Cancel() }

// UndoWaypoint takes back the last drafted point (Backspace).
func (s *Session) UndoWaypoint() { s.ui.UndoWaypoint() }

// TurnFacing turns the drafted facing by deg degrees ([ and ]).
func (s *Session) TurnFacing(deg float64) { s.ui.TurnFacing(deg) }

// Key is a key the rule system gives a meaning ("T", "F", "S", "1" to
// "9"); it reports whether the key was used.
func (s *Session) Key(k string) bool { return s.ui.Key(k) }

// HelpKeys are the system's keys for the help overlay
// (SystemUI.HelpKeys).
func (s *Session) HelpKeys() []HelpSection { return s.ui.HelpKeys() }

// Drafted reports whether anything is drawn or declared.
func (s *Session) Drafted() bool { return s.ui.Drafted() }

// Decorate adds the play overlays to a built scene in table cm (nothing
// behind the handover screen).
func (s *Session) Decorate(sc *scene.Scene) {
	if sc == nil || s.mode == ModeHandover {
		return
	}
	s.ui.Decorate(sc)
}

// Bases returns the scenario's bases moved to where the game has them.
func (s *Session) Bases(in []scene.Base) []scene.Base { return s.ui.Bases(in) }

// Zones is the table's deployment zones as the game deploys.
func (s *Session) Zones(base []scene.Zone) []scene.Zone { return s.ui.Zones(base) }

// OnTable reports whether a unit is drawn (placed and on the table).
func (s *Session) OnTable(u *rules.Unit) bool { return s.ui.OnTable(u) }

// SelectedArcs reports whether the selected unit's arcs belong on the
// table now.
func (s *Session) SelectedArcs() bool { return s.ui.SelectedArcs() }

// Sight is the table and the rules the window's sight tool checks with.
func (s *Session) Sight() (*world.World, world.TerrainRules, world.LOSOptions) {
	return s.ui.Sight()
}

// Sig is a summary of the rule system's UI state (see SystemUI.Sig).
func (s *Session) Sig() string { return s.ui.Sig() }

// Declared is the chosen weapon and the declarations (debug dump).
func (s *Session) Declared() (chosen string, decl []string) { return s.ui.Declared() }
