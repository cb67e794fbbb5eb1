// Package atiiui is Adeptus Titanicus II's side of the play UI (a
// play.SystemUI, attached to each session by the play.Adapter New
// returns): what clicks, drags and keys mean in each step (deploy, move
// along a drawn path, declare shots, repair, answer the initiative), the
// move and shot previews with their odds, the side panel, the banner's
// texts, the dice tray's texts and the debrief. It holds ATII's UI state
// (drafted path and facing, declared shots, chosen weapon and aim, repair
// priority); the generic play.Session holds the rest.
package atiiui

import (
	"fmt"

	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/world"
)

// UI is ATII's side of the play UI (play.SystemUI) for one session. It
// embeds the session (the generic state: selection, messages, modes) and
// holds ATII's UI state.
type UI struct {
	*play.Session

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
	// Result is the last move that rolled dangerous terrain dice: where
	// the titan got against the path asked for (nil when none; cleared by
	// the next action).
	Result *MoveResult

	// armed is the action a first press of its key asked to confirm
	// (see confirm); any command played clears it.
	armed string
	// drag is a press-and-drag on the table in progress.
	drag *dragState
	// asked is the move being played (Submitting), compared with where
	// the titan got (Submitted).
	asked *MoveResult
	// suggested caches the suggested moves listed for the state shown
	// (suggestions).
	suggested *suggestCache
	// decidedAt is the turn and step of the last Decide: a new step
	// selects afresh even when the same side decides again.
	decidedAt string
}

// attach attaches ATII's UI to a session.
func attach(s *play.Session) *UI {
	return &UI{Session: s, Aim: atii.AimHigh}
}

// adapter attaches UI to the sessions of ATII games.
type adapter struct{}

// New returns ATII's play.Adapter, for cmd/auspex to register.
func New() play.Adapter { return adapter{} }

// System is ATII's ruleset id.
func (adapter) System() string { return atii.RulesetID }

// Attach returns the UI of a session on an ATII game. Errors: a game whose
// ruleset is not ATII's.
func (adapter) Attach(s *play.Session) (play.SystemUI, error) {
	if _, ok := s.G.Ruleset.(*atii.Ruleset); !ok {
		return nil, fmt.Errorf("atiiui: the game's ruleset is %T, not ATII's", s.G.Ruleset)
	}
	return attach(s), nil
}

// rs is the game's ATII ruleset.
func (s *UI) rs() *atii.Ruleset {
	r, _ := s.G.Ruleset.(*atii.Ruleset)
	return r
}

// Key: T toggles the aim, F and S answer the initiative (go first or
// second), the digits pick a weapon or a choice.
func (s *UI) Key(k string) bool {
	switch {
	case k == "T":
		s.ToggleAim()
		return true
	case k == "F" || k == "S":
		if ChoosingOrder(s.State()) && s.Mode() == play.ModeTurn {
			s.ChooseOrder(k == "F")
			return true
		}
	case len(k) == 1 && k[0] >= '1' && k[0] <= '9':
		s.PickWeapon(int(k[0] - '1'))
		return true
	}
	return false
}

// Drafted reports whether a path, a facing or declared shots are drafted.
func (s *UI) Drafted() bool {
	return len(s.Draft) > 0 || s.Facing != nil || len(s.Shots) > 0
}

// Decide selects for the decider: when the decision just passed to side
// d its first titan that may act, or nothing (never the other side's
// titan, whose arcs and profile would fill the screen); else the titan
// stays selected while it may act.
func (s *UI) Decide(d string, passed bool) {
	st := s.State()
	// Against a computer the human decides every time (passed is false
	// from one step to the next): a titan selected in the last step, the
	// rally's repair for one, would stay selected in the next movement
	// phase although another titan's turn comes first.
	at := fmt.Sprintf("%d %s", st.Turn, st.Step)
	if at != s.decidedAt {
		passed, s.decidedAt = true, at
	}
	if passed {
		s.SelectUnit("")
		if p := st.Pending; p != nil && len(p.Units) > 0 && p.Side == d {
			s.SelectUnit(p.Units[0])
		}
	} else if s.Selected == "" || !s.Playable(s.Selected) {
		if p := st.Pending; p != nil && len(p.Units) > 0 && p.Side == d {
			s.SelectUnit(p.Units[0])
		}
	} else if s.Weapon == "" {
		// Still selected from before (the computer's turn in between):
		// pick its first usable weapon as a fresh selection would.
		s.SelectUnit(s.Selected)
	}
}

// Ended drops the last move's result for the end screen.
func (s *UI) Ended() { s.Result = nil }

// ClearDraft drops the drafted move, the declared shots, the chosen
// weapon and a drag in progress.
func (s *UI) ClearDraft() {
	s.Draft, s.Facing, s.Shots, s.Weapon = nil, nil, nil, ""
	s.drag = nil
}

// Submitting notes the path a move command asks for.
func (s *UI) Submitting(c rules.Command) { s.asked = s.moveAsked(c) }

// Submitted shows where a move that rolled dangerous terrain dice got; a
// human's command ends the shown result, a computer's leaves it for the
// player to see (unless it makes a result of its own).
func (s *UI) Submitted(from int, human bool) {
	s.armed = ""
	if r := s.moveResult(s.asked, from); r != nil || human {
		s.Result = r
	}
	s.asked = nil
}

// Reason is an error's text without the engine's and the command's
// prefixes.
func (s *UI) Reason(err error) string { return reason(err) }

// reason is Reason for ATII's commands.
func reason(err error) string {
	return play.Reason(err, atii.CmdDeploy, atii.CmdMove, atii.CmdFire, atii.CmdHold, atii.CmdRepair)
}

// Named replaces titan ids by their names (named).
func (s *UI) Named(text string) string { return s.named(text) }

// OnTable reports whether a titan is drawn (OnTable).
func (s *UI) OnTable(u *rules.Unit) bool { return OnTable(u) }

// Base is a titan's base on the table now.
func (s *UI) Base(u *rules.Unit) world.Base { return s.base(u) }

// Sig summarises the drafts, the declarations and what the overlays
// follow (the cursor while deploying).
func (s *UI) Sig() string {
	f := ""
	if s.Facing != nil {
		f = fmt.Sprintf("%.1f", *s.Facing)
	}
	cur := ""
	if s.State().Step == atii.StepDeploy {
		// The deployment preview follows the mouse.
		cur = fmt.Sprintf("%.1f,%.1f", s.Cursor.X, s.Cursor.Y)
	}
	return fmt.Sprintf("%s|%v|%s|%s|%s|%s|%v", f, s.Shots, s.Weapon, s.Aim, s.RepairFirst, cur, s.Result != nil)
}

// Declared is the chosen weapon and the declared shots ("mount>target").
func (s *UI) Declared() (chosen string, decl []string) {
	for _, sh := range s.Shots {
		decl = append(decl, sh.Mount+">"+sh.Target)
	}
	return s.Weapon, decl
}

// Of is the ATII side of a session's UI (nil for another system's).
func Of(s *play.Session) *UI {
	u, _ := s.UI().(*UI)
	return u
}
