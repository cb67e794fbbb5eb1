package e40kui

import (
	"fmt"
	"strings"

	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/scenarios"
)

// victoryLines say the scenario's own victory conditions in words
// ("Goff warband: Victory if every stand of Ultramarines strike force is
// destroyed", "At the end: Draw if the last turn ends").
func (s *UI) victoryLines() []string {
	sc := s.G.Scenario
	if sc == nil {
		return nil
	}
	var out []string
	for _, v := range sc.Victory {
		res := v.Result
		if res == "" {
			res = "victory"
		}
		who := "Draw"
		if v.Side != "" {
			who = s.SideName(v.Side) + ": " + play.Capitalize(res)
		}
		at := ""
		if v.AtEnd {
			at = "At the end: "
		}
		out = append(out, fmt.Sprintf("%s%s if %s.", at, who, s.whenText(v.When)))
	}
	return out
}

// resultText is the outcome's reason in words: for a game ended by one of
// the scenario's victory rules, that rule's condition ("Gork's Fist is
// destroyed: the scenario's condition for White Scars strike force"),
// else the rules' text with names for ids.
func (s *UI) resultText(r *rules.Outcome) string {
	if r.Text != e40k.ScenarioConditionText || s.G.Scenario == nil {
		return s.Named(r.Text)
	}
	for _, v := range s.G.Scenario.Victory {
		if v.Side != r.Winner || (rules.VictoryRule{Side: v.Side, Result: v.Result}).OutcomeKind() != r.Kind {
			continue
		}
		who := "a draw"
		if v.Side != "" {
			who = s.SideName(v.Side)
		}
		return fmt.Sprintf("%s: the scenario's condition for %s", play.Capitalize(s.whenText(v.When)), who)
	}
	return "the scenario's victory condition"
}

// whenText is a scenario trigger in E40K's words.
func (s *UI) whenText(t *scenarios.Trigger) string {
	if t == nil {
		return "at any time"
	}
	var parts []string
	for _, p := range t.Parts {
		parts = append(parts, s.whenText(p))
	}
	side, obj := s.SideName(t.Side), s.objectiveLabel(t.Objective)
	words := map[string]string{
		"start":          "the battle starts",
		"turn":           fmt.Sprintf("turn %d begins", t.Turn),
		"turn-end":       fmt.Sprintf("turn %d ends", t.Turn),
		"turn-limit":     "the last turn ends",
		"destroy-all":    "every stand of " + side + " is destroyed",
		"units-lost":     fmt.Sprintf("%s has lost %d stands", side, t.Count),
		"unit-destroyed": s.detOrName(t.Unit) + " is destroyed",
		"broken":         s.detOrName(t.Unit) + " is broken",
		"hold-objective": side + " holds " + obj + " (a stand within 15 cm, no enemy as close)",
		"objective-lost": side + " no longer holds " + obj,
		"in-zone":        fmt.Sprintf("%s has %d stand(s) in %s", side, max(t.Count, 1), t.Zone),
		"vp":             fmt.Sprintf("%s has destroyed %d points or more", side, t.Count),
		"vp-lead":        side + " has destroyed more points",
		"all":            strings.Join(parts, " and "),
		"any":            strings.Join(parts, " or "),
		"not":            "not (" + strings.Join(parts, ", ") + ")",
	}
	if w, ok := words[t.Kind]; ok {
		return w
	}
	return t.Kind
}
