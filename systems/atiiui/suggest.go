package atiiui

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/world"
)

// MaxSuggestions is how many of the system's move candidates the panel
// lists for the titan to move (advance on the nearest enemy, full move
// ahead, into cover, turn to face, a ring of moves: the end points the
// AI weighs, from game.Game.Candidates).
const MaxSuggestions = 5

// suggestBudget bounds the candidate listing for one decision (it takes
// about a millisecond; the window must not wait on a slow one).
const suggestBudget = 100 * time.Millisecond

// suggestCache holds the suggestions listed for one state and titan: a
// state is never changed once played, so its pointer names it.
type suggestCache struct {
	st   *rules.State
	unit string
	list []rules.Choice
}

// suggestions are the suggested moves of the selected titan when it is
// the one to move or make an assault move: the system's move candidates
// that the engine accepts as they stand, best first, at most
// MaxSuggestions. Choosing one drafts its path (Choose); Enter plays it.
func (s *UI) suggestions() []rules.Choice {
	st := s.State()
	if st.Step != atii.StepMovement && st.Step != atii.StepAssault {
		return nil
	}
	if !s.Playable(s.Selected) {
		return nil
	}
	if c := s.suggested; c != nil && c.st == st && c.unit == s.Selected {
		return c.list
	}
	s.suggested = &suggestCache{st: st, unit: s.Selected, list: s.listSuggestions(st)}
	return s.suggested.list
}

// listSuggestions lists the selected titan's move candidates on st.
func (s *UI) listSuggestions(st *rules.State) []rules.Choice {
	var tmpl *rules.Choice
	for _, c := range s.G.Engine.Legal(s.Decider()) {
		if _, ok := c.Cmd.(*atii.MoveCmd); ok && c.Continuous != "" && len(c.Units) > 0 && c.Units[0] == s.Selected {
			tmpl = &c
			break
		}
	}
	if tmpl == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), suggestBudget)
	defer cancel()
	cands, err := s.G.Candidates(ctx, st, s.Decider(), *tmpl)
	if err != nil {
		return nil
	}
	var out []rules.Choice
	for _, c := range cands {
		mv, ok := c.Cmd.(*atii.MoveCmd)
		if !ok || len(mv.Path) == 0 {
			continue
		}
		if _, ok := draftOf(st, mv); !ok || standsStill(st, mv) {
			continue
		}
		// "red-reaver: advance on blue-reaver" -> "suggested: advance on
		// Ignis Fidelis" (the panel's heading names the titan)
		c.Text = "suggested: " + s.Named(strings.TrimPrefix(c.Text, s.Selected+": "))
		// One that may stop short in dangerous terrain says its chance,
		// as the AI's candidates do (ATII-MOV-4): seen in play, "advance
		// on" through a wood read as a good idea until the preview said
		// 0%.
		if pv, err := s.rs().PlanMove(st, mv); err == nil && pv.Odds != nil && pv.Odds.Complete < certain {
			c.Text += fmt.Sprintf(" (%.0f%% to get through)", 100*pv.Odds.Complete)
		}
		out = append(out, c)
		if len(out) == MaxSuggestions {
			break
		}
	}
	return out
}

// standsStill reports whether move mv leaves its titan where it stands,
// facing (to the degree) the way it faces: a "turn to face" suggestion
// for a titan already facing the enemy, which only spends its move.
func standsStill(st *rules.State, mv *atii.MoveCmd) bool {
	u := st.Unit(mv.Unit)
	if u == nil {
		return false
	}
	for _, w := range mv.Path {
		if (world.Vec{X: w.X, Y: w.Y}).Sub(u.Pos).Len() > 0.05 {
			return false
		}
		if w.Facing != nil && math.Abs(world.NormDeg(*w.Facing-u.Facing+180)-180) >= 0.5 {
			return false
		}
	}
	return true
}

// drawnMove is a move as the player draws it: the points after the
// titan's start and the final facing (nil: the way it walked).
type drawnMove struct {
	pts    []world.Vec
	facing *float64
}

// draftOf is move mv as a drawn path: its points after the titan's start
// (a point where the titan stands, only there to turn it, is left out)
// and its final facing. ok is false when the path turns the titan on the
// way in a way a drawn path cannot say (a facing given before the last
// point, other than on the spot at the start).
func draftOf(st *rules.State, mv *atii.MoveCmd) (draft drawnMove, ok bool) {
	u := st.Unit(mv.Unit)
	if u == nil {
		return draft, false
	}
	for i, w := range mv.Path {
		p := world.Vec{X: w.X, Y: w.Y}
		last := i == len(mv.Path)-1
		if !last && w.Facing != nil && !(i == 0 && p.Sub(u.Pos).Len() < world.Eps) {
			return draft, false
		}
		if p.Sub(u.Pos).Len() < world.Eps && i == 0 && !last {
			continue
		}
		draft.pts = append(draft.pts, p)
		if last && w.Facing != nil {
			f := *w.Facing
			draft.facing = &f
		}
	}
	return draft, len(draft.pts) > 0
}

// chooseSuggestion drafts suggested move mv (Enter plays it) when the
// engine accepts the path as drawn; else it says why and drafts nothing.
func (s *UI) chooseSuggestion(mv *atii.MoveCmd, text string) {
	d, ok := draftOf(s.State(), mv)
	if !ok {
		s.Fail(fmt.Errorf("%s cannot be drawn as a path", text))
		return
	}
	prevDraft, prevFacing := s.Draft, s.Facing
	s.Draft, s.Facing, s.Result = d.pts, d.facing, nil
	if c := s.moveCmd(); c == nil {
		s.Draft, s.Facing = prevDraft, prevFacing
		return
	} else if err := s.G.Engine.Check(s.G.Bind(c)); err != nil {
		s.Draft, s.Facing = prevDraft, prevFacing
		s.Fail(fmt.Errorf("%s: %w", text, err))
		return
	}
	s.Note("drafted: " + strings.TrimPrefix(text, "suggested: ") + " (Enter moves, Esc drops it)")
}
