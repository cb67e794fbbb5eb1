package atiiui

import "github.com/auspex/auspex/render/play"

// HelpKeys are ATII's keys for the help overlay: the player's turn
// (deploying, moving, shooting, repairing) and the initiative winner's
// choice. They follow Key (T aims, F and S answer the initiative, the
// digits pick a weapon or a choice), the actions (Commit, EndStep, Hold,
// UndoWaypoint, Cancel, TurnFacing) and the drags (drag.go).
func (s *UI) HelpKeys() []play.HelpSection {
	return []play.HelpSection{
		{Title: "Your turn: moving, shooting, choosing", Lines: [][2]string{
			{"Click", "select your titan; deploy: place it; move: add a path point; shoot: declare the chosen weapon at an enemy"},
			{"Drag", "move: from your titan or the path's last point, draws a leg (assault: end it on or next to an enemy titan to charge, the path stops in base contact); deploy: press to place, drag to aim, release"},
			{"Wheel (while dragging)", "turn the final facing of the dragged move 15 degrees"},
			{"Shift (while drawing)", "snap the leg to 15-degree steps from the titan's heading (near straight ahead always snaps)"},
			{"Enter", "move along the drawn path / fire every declared weapon / roll the repair dice"},
			{"E", "end the step: the selected titan holds, or pass (press twice with a path or shots drawn)"},
			{"H", "hold: the selected titan neither moves nor fires (press twice with a path or shots drawn)"},
			{"1-9", "pick a weapon (shooting) or a numbered choice (a suggested move is drafted; repairs are rolled, then allocated)"},
			{"[, ]", "turn the final facing of the move (or the deploy facing) 45 degrees"},
			{"T", "aim high or low"},
			{"O", "hotseat: show or hide your secret objective"},
			{"Backspace", "drop the last path point or declaration (nothing drawn: remove the last ruler)"},
			{"Esc", "cancel a drag, else drop the whole path and declarations (nothing drawn: clear rulers, sight lines and rings)"},
			{"F", "fire arcs of every unit on or off"},
			{"W, A, S, D", "pan"},
		}},
		{Title: "Initiative choice (F and S win over arcs and panning)", Lines: [][2]string{
			{"F", "go first"},
			{"S", "go second"},
		}},
	}
}
