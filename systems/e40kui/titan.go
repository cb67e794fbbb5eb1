package e40kui

import (
	"fmt"

	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/world"
)

// titanMoving reports whether the decision is a titan's move (seed 002)
// and the selected titan may make it.
func (s *UI) titanMoving() bool {
	return s.kind() == e40k.KindTitanMove && s.mine() && s.actor() != s.Detachment()
}

// titanMoveCmd is the drafted titan move: straight to TitanTo (the titan
// turns to walk along it as the ATII movement rules do).
func (s *UI) titanMoveCmd() *e40k.TitanMoveCmd {
	c, _ := s.newCmd(e40k.CmdTitanMove).(*e40k.TitanMoveCmd)
	c.By, c.Titan = s.Decider(), s.actor()
	if s.TitanTo != nil {
		c.Path = []atii.Waypoint{{X: s.TitanTo.X, Y: s.TitanTo.Y}}
	}
	return c
}

// TitanPreview is the drafted titan move: its length, the titan's
// allowance as the rules word it, and their verdict (nil when legal).
type TitanPreview struct {
	Titan     string
	Dist      float64
	Allowance string
	Err       error
	Why       string
}

// PreviewTitan measures the drafted titan move (nil when none).
func (s *UI) PreviewTitan() *TitanPreview {
	if s.TitanTo == nil || !s.titanMoving() {
		return nil
	}
	u := s.State().Unit(s.actor())
	tp := &TitanPreview{Titan: u.ID, Dist: u.Pos.Dist(*s.TitanTo)}
	for _, c := range s.legal() {
		if c.Continuous != "" && e40k.ActingFor(c.Cmd) == u.ID {
			tp.Allowance = c.Continuous
		}
	}
	tp.Err = s.G.Engine.Check(s.titanMoveCmd())
	tp.Why = s.Named(s.Reason(tp.Err))
	return tp
}

// Lines are the titan preview's texts.
func (tp *TitanPreview) Lines(name func(string) string) []string {
	head := fmt.Sprintf("%s moves %.1f cm: legal; Enter plays it", name(tp.Titan), tp.Dist)
	if tp.Err != nil {
		head = fmt.Sprintf("%s moves %.1f cm: refused: %s", name(tp.Titan), tp.Dist, tp.Why)
	}
	out := []string{head}
	if tp.Allowance != "" {
		out = append(out, tp.Allowance)
	}
	return out
}

// draftTitan drafts the selected titan's move to p.
func (s *UI) draftTitan(p world.Vec) {
	s.TitanTo = &p
	s.Moves, s.Target = nil, ""
}
