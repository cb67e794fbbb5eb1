package atiiui

import (
	"fmt"
	"sort"
	"strings"

	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/world"
)

// holding is who stands at one objective marker now: the titans of each
// side within atii.HoldDistance of it (edge of base to the marker) that
// are not destroyed and on the table. A side holds the marker when it has
// such a titan and the enemy has none.
type holding struct {
	name string
	near map[string][]string
}

// holder is the side holding the marker ("" when nobody or contested).
func (h holding) holder() string {
	if len(h.near) != 1 {
		return ""
	}
	for sd := range h.near {
		return sd
	}
	return ""
}

// holdings measures every objective marker of the scenario.
func (s *UI) holdings() map[string]holding {
	out := map[string]holding{}
	sc := s.G.Scenario
	if sc == nil {
		return out
	}
	st := s.State()
	for _, o := range sc.Objectives {
		h := holding{name: s.objectiveName(o.ID), near: map[string][]string{}}
		for i := range st.Units {
			u := &st.Units[i]
			if u.Destroyed || !OnTable(u) {
				continue
			}
			if ts, err := atii.TitanOf(u); err == nil && ts.Destroyed {
				continue
			}
			if world.MeasurePoint(s.base(u), o.Pos).Dist <= atii.HoldDistance+1e-9 {
				h.near[u.Side] = append(h.near[u.Side], s.Name(u.ID))
			}
		}
		out[o.ID] = h
	}
	return out
}

// text says who holds the marker and why.
func (h holding) text(s *UI) string {
	switch len(h.near) {
	case 0:
		return fmt.Sprintf("%s: held by nobody (no titan within %d cm)", h.name, atii.HoldDistance)
	case 1:
		sd := h.holder()
		return fmt.Sprintf("%s: held by %s (%s within %d cm, no enemy)", h.name, s.SideName(sd), strings.Join(h.near[sd], ", "), atii.HoldDistance)
	}
	var sides []string
	for sd := range h.near {
		sides = append(sides, sd)
	}
	sort.Strings(sides)
	var parts []string
	for _, sd := range sides {
		parts = append(parts, s.SideName(sd)+": "+strings.Join(h.near[sd], ", "))
	}
	return fmt.Sprintf("%s: contested, held by nobody (%s within %d cm)", h.name, strings.Join(parts, "; "), atii.HoldDistance)
}

// short says who holds the marker in a few words, for the play panel.
func (h holding) short(s *UI) string {
	switch len(h.near) {
	case 0:
		return h.name + ": nobody"
	case 1:
		return h.name + ": " + s.SideName(h.holder())
	}
	return h.name + ": contested"
}

// ObjectiveLines says who holds each objective marker of the scenario.
func (s *UI) ObjectiveLines() []string {
	hs := s.holdings()
	var out []string
	if sc := s.G.Scenario; sc != nil {
		for _, o := range sc.Objectives {
			out = append(out, hs[o.ID].text(s))
		}
	}
	return out
}

// VictoryLines judges each of the scenario's victory conditions at the
// end: met or not, and why for the objective ones (who held the marker).
// A mission is judged on its victory chart instead: none.
func (s *UI) VictoryLines() []string {
	sc := s.G.Scenario
	if sc == nil || sc.Mission != nil {
		return nil
	}
	hs := s.holdings()
	var out []string
	for _, v := range sc.Victory {
		res := v.Result
		if res == "" {
			res = "Victory"
			if v.Side == "" {
				res = "Draw"
			}
		}
		if v.Side != "" {
			res = s.SideName(v.Side) + ": " + res
		}
		met, known := s.met(v.When, hs)
		verdict := ""
		if known {
			verdict = "not met"
			if met {
				verdict = "met"
			}
		}
		line := fmt.Sprintf("%s if %s", res, s.triggerText(v.When))
		if verdict != "" {
			line += ": " + verdict
		}
		if why := s.why(v.When, hs); why != "" {
			line += " (" + why + ")"
		}
		out = append(out, line)
	}
	return out
}

// met evaluates a victory trigger on the final state for the kinds the
// debrief can judge (known false for the others).
func (s *UI) met(t *scenarios.Trigger, hs map[string]holding) (met, known bool) {
	if t == nil {
		return false, false
	}
	st := s.State()
	switch t.Kind {
	case "hold-objective":
		return hs[t.Objective].holder() == t.Side, true
	case "objective-lost":
		h := hs[t.Objective].holder()
		return h != "" && h != t.Side, true
	case "turn-limit":
		return s.turnLimit() > 0 && st.Turn >= s.turnLimit(), true
	case "unit-destroyed":
		u := st.Unit(t.Unit)
		return u != nil && u.Destroyed, u != nil
	case "destroy-all":
		for i := range st.Units {
			if st.Units[i].Side == t.Side && !st.Units[i].Destroyed {
				return false, true
			}
		}
		return true, true
	case "all", "any", "not":
		all, any := true, false
		for _, p := range t.Parts {
			m, k := s.met(p, hs)
			if !k {
				return false, false
			}
			all, any = all && m, any || m
		}
		switch t.Kind {
		case "all":
			return all, true
		case "any":
			return any, true
		}
		return !any, true
	}
	return false, false
}

// why names the objective markers a trigger depends on with who held
// them at the end.
func (s *UI) why(t *scenarios.Trigger, hs map[string]holding) string {
	if t == nil {
		return ""
	}
	switch t.Kind {
	case "hold-objective", "objective-lost":
		if h, ok := hs[t.Objective]; ok {
			return h.text(s)
		}
	case "all", "any", "not":
		var parts []string
		for _, p := range t.Parts {
			if w := s.why(p, hs); w != "" {
				parts = append(parts, w)
			}
		}
		return strings.Join(parts, "; ")
	}
	return ""
}
