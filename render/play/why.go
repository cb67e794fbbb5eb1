package play

import (
	"fmt"
	"strings"

	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/world"
)

// KindWhy marks a dice-log entry that gives a computer player's reason
// for the decision whose events follow it.
const KindWhy = "why"

// whyUnits are the units of the chosen candidate (highlighted with the
// reason).
func whyUnits(w *game.Why) []string {
	if w == nil || len(w.Considered) == 0 {
		return nil
	}
	var out []string
	for _, u := range w.Considered[0].Units {
		if u != "" {
			out = append(out, u)
		}
	}
	return out
}

// LastWhy returns the last computer decision's explanation and the side
// that made it (nil when no computer has decided yet).
func (s *Session) LastWhy() (*game.Why, string) { return s.lastWhy, s.lastWhySide }

// ToggleWhy shows or hides the last computer decision's explanation in the
// side panel ("why did it do that?", key Y), highlighting the units of the
// chosen candidate.
func (s *Session) ToggleWhy() {
	if s.lastWhy == nil {
		s.Note("no computer player has decided yet")
		s.showWhy = false
		return
	}
	s.showWhy = !s.showWhy
	if s.showWhy {
		s.Highlight = whyUnits(s.lastWhy)
	} else {
		s.Highlight = nil
	}
}

// WhyShown reports whether the explanation is drawn.
func (s *Session) WhyShown() bool { return s.showWhy && s.lastWhy != nil }

// WhyLines is the explanation as the window draws it: a title, the chosen
// line, then each candidate weighed with its value and terms.
func (s *Session) WhyLines() []string {
	w := s.lastWhy
	if w == nil {
		return nil
	}
	out := []string{"Why " + s.SideName(s.lastWhySide) + " did that (Y hides this)", s.ui.Named(w.Line)}
	if len(w.Considered) > 1 {
		out = append(out, "Candidates weighed, best first (value looking ahead; right after it = its parts):")
	}
	for i, c := range w.Considered {
		if len(w.Considered) == 1 {
			break
		}
		var terms []string
		for _, t := range c.Terms {
			if t.Value >= 0.5 || t.Value <= -0.5 {
				terms = append(terms, fmt.Sprintf("%s %+.0f", t.Name, t.Value))
			}
		}
		ln := fmt.Sprintf("%d. %s: %+.0f", i+1, s.ui.Named(c.Text), c.Value)
		if len(c.Terms) > 0 {
			// The terms add up to the value right after the choice; the
			// value looks further (replies, dice).
			ln += fmt.Sprintf(" (right after it %+.0f", c.Now)
			if len(terms) > 0 {
				ln += " = " + strings.Join(terms, ", ")
			}
			ln += ")"
		}
		out = append(out, ln)
	}
	return out
}

// whyColumn writes the explanation at the top of the side panel (so it
// never covers the table, its rulers or the dice tray), the title in gold,
// then the chosen line and the candidates weighed, then a gap before the
// system's panel.
func (s *Session) whyColumn(c *Column) {
	if !s.WhyShown() {
		return
	}
	l := c.Layout()
	size := l.Px(12)
	for i, ln := range s.WhyLines() {
		col := ColText
		if i == 0 {
			col = ColGold
		}
		c.Line(ln, size, i == 0, col)
	}
	c.Gap(10)
	c.Rect(scene.Rect{Min: world.Vec{X: c.X, Y: c.Y - l.Px(5)}, Max: world.Vec{X: c.X + c.W, Y: c.Y - l.Px(4)}}, ColGold, ColGold, 0)
	c.Gap(4)
}
