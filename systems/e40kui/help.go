package e40kui

import "github.com/auspex/auspex/render/play"

// HelpKeys are E40K's keys for the help overlay, as Key, airKey, the
// actions (Commit, Hold, EndStep, UndoWaypoint, Cancel) and the table
// input (PressTable, ClickTable, DragTo) handle them: the player's turn,
// then the orders step, the rest of a detachment on special orders, the
// initiative, flyers and transports, and the Counterattack card. E40K
// has no aim (T toggles single-stand drags), no facing to turn and no
// secrets, so [ ], the wheel while dragging and O do nothing here.
func (s *UI) HelpKeys() []play.HelpSection {
	return []play.HelpSection{
		{Title: "Your turn: orders, moves, fire, rally", Lines: [][2]string{
			{"Click", "a stand selects its detachment; fire: an enemy stand aims at its detachment (a titan on its own), a second click fires; move: the table drafts the selected stand's move there, its detachment following; a titan's move: where it walks"},
			{"Drag", "move: drag a stand, the rest of its detachment in command follows by the same offset; a titan's move: drag it where it walks straight"},
			{"Enter", "play the drafted moves, fire at the aimed target, or take the selected detachment's rally test"},
			{"E, H", "pass: the selected detachment does not move, fire or assault (at a rally: stays broken); declines an overwatch, bombardment or snap fire offer"},
			{"1-9", "pick a numbered choice in the panel (a suggested move is only drafted: Enter plays it)"},
			{"A", "move: draft the rules' suggested move for the selected detachment (an advance, or a charge); at other steps A pans"},
			{"T, D", "drags move only the stand dragged, or again its whole detachment"},
			{"B", "movement phase: board the selected stand in a friendly transport in reach"},
			{"U", "movement phase: set down the stands the selected detachment's transports carry"},
			{"Backspace", "take back the selected stand's (or the titan's) drafted move, else the aim; nothing drafted: remove the last ruler"},
			{"Esc", "cancel a drag, else drop the drafted moves and the aim; nothing drafted: clear rulers, sight lines and rings"},
			{"F", "fire arcs of every unit on or off"},
			{"W, S", "pan (not at the orders step, an initiative or after special orders)"},
		}},
		{Title: "Orders step (A, M, W and S win over panning)", Lines: [][2]string{
			{"A", "assault orders for the selected detachment (or the first one waiting for orders)"},
			{"M", "march orders"},
			{"W", "overwatch orders"},
			{"S", "special orders"},
			{"On the table", "each detachment's order by its HQ: A assault, M march, O overwatch, S special (SO: the rest on overwatch), H hold (failed test), B broken"},
		}},
		{Title: "After special orders: the rest of the detachment", Lines: [][2]string{
			{"M", "moves 5 cm and fires"},
			{"W", "goes on overwatch"},
		}},
		{Title: "Initiative (F and S win over arcs and panning)", Lines: [][2]string{
			{"F", "go first"},
			{"S", "go second"},
		}},
		{Title: "Flyers and transports", Lines: [][2]string{
			{"Click", "tasking a flyer: an enemy stand orders a ground attack, the empty table a transport mission landing there; a landed flyer: a friendly stand in reach boards"},
			{"I", "tasking a flyer: intercept; an interception offer: the first interceptor attacks"},
			{"N", "tasking a flyer: no mission (it stays on the ground); an interception offer: let it pass"},
			{"H", "as N; a landing: keep the troops aboard, or take off without picking anyone up"},
			{"U", "a landing: the troops aboard get out toward the enemy"},
			{"P", "a landed flyer: the nearest stands in reach board"},
		}},
		{Title: "Counterattack card (Epic Remastered option)", Lines: [][2]string{
			{"C", "play the card: re-roll the lower of your two result dice"},
			{"H", "keep the card (K keeps it too)"},
		}},
	}
}
