package e40kui

import (
	"fmt"
	"strings"

	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/world"
)

// LostTransport is a transport destroyed this turn with stands aboard,
// and what became of them (the rules' events that name it,
// e40k.DataTransport): lost with it (docs/rules/e40k.md, "Troops lost
// with their transport") or bailed out beside the wreck
// (e40k/transport-bail-out).
type LostTransport struct {
	Transport string
	// At is where the transport was destroyed.
	At              world.Vec
	Lost, BailedOut []string
}

// LostTransports are the transports destroyed with stands aboard in the
// turn the table shows, in the order the log has them.
func (s *UI) LostTransports() []LostTransport {
	st := s.Shown()
	var out []LostTransport
	idx := map[string]int{}
	for _, e := range st.Log {
		t := e.Data[e40k.DataTransport]
		if t == "" || e.Turn != st.Turn || len(e.Units) == 0 {
			continue
		}
		i, ok := idx[t]
		if !ok {
			lt := LostTransport{Transport: t}
			if u := st.Unit(t); u != nil {
				lt.At = u.Pos
			}
			i = len(out)
			idx[t] = i
			out = append(out, lt)
		}
		switch e.Kind {
		case rules.EvDestroyed:
			out[i].Lost = append(out[i].Lost, e.Units[0])
		case rules.EvMoved:
			out[i].BailedOut = append(out[i].BailedOut, e.Units[0])
		}
	}
	return out
}

// names joins the names of units.
func (s *UI) names(ids []string) string {
	n := make([]string, len(ids))
	for i, id := range ids {
		n[i] = s.Name(id)
	}
	return strings.Join(n, ", ")
}

// stands is "1 stand" or "n stands".
func stands(n int) string {
	if n == 1 {
		return "1 stand"
	}
	return fmt.Sprintf("%d stands", n)
}

// Label is the short text by the wreck on the table.
func (lt LostTransport) Label(name func(string) string) string {
	var parts []string
	if n := len(lt.Lost); n > 0 {
		parts = append(parts, stands(n)+" aboard lost with it")
	}
	if n := len(lt.BailedOut); n > 0 {
		parts = append(parts, stands(n)+" bailed out")
	}
	return name(lt.Transport) + " destroyed: " + strings.Join(parts, ", ")
}

// Lines are the panel's sentences on it: who was lost and by which rule,
// who got out.
func (s *UI) lostLines(lt LostTransport) []string {
	var out []string
	if len(lt.Lost) > 0 {
		out = append(out, fmt.Sprintf("%s was destroyed with troops aboard: %s lost with it (stands aboard a destroyed transport are destroyed with it).",
			s.Name(lt.Transport), s.names(lt.Lost)))
	}
	if len(lt.BailedOut) > 0 {
		out = append(out, fmt.Sprintf("%s was destroyed: %s bailed out beside the wreck (e40k/transport-bail-out: they count as moved, their detachment takes a blast marker).",
			s.Name(lt.Transport), s.names(lt.BailedOut)))
	}
	return out
}

// lostPanel writes the turn's lost transports in the side panel.
func (s *UI) lostPanel(c *play.Column) {
	lts := s.LostTransports()
	if len(lts) == 0 {
		return
	}
	small := c.Layout().Px(12)
	for _, lt := range lts {
		for _, ln := range s.lostLines(lt) {
			c.Line(ln, small, false, play.ColBad)
		}
	}
	c.Gap(6)
}
