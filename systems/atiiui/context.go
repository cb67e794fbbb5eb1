package atiiui

import (
	"fmt"
	"sort"
	"strings"

	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/scenarios"
)

// The game's context for the HUD: the turn counter, the scenario's
// victory conditions and objectives, why the game ended, and unit names in
// place of ids.

// turnLimit is the scenario's last turn (0: no limit).
func (s *UI) turnLimit() int {
	var g atii.GameSetup
	if ok, err := s.State().GetExt(atii.ExtSetup, &g); err != nil || !ok {
		return 0
	}
	return g.TurnLimit
}

// TurnText is the turn counter: "Turn 3 of 6" (or "Turn 3" with no turn
// limit, "Before the battle" in the set-up).
func (s *UI) TurnText() string {
	st := s.State()
	if st.Turn == 0 {
		return "Before the battle"
	}
	if n := s.turnLimit(); n > 0 {
		return fmt.Sprintf("Turn %d of %d", st.Turn, n)
	}
	return fmt.Sprintf("Turn %d", st.Turn)
}

// MissionLines describe how the game is won, for the panel: the turn
// limit, each victory condition in words, the objective markers, and for a
// secret mission the viewer's own card (the other side's stays hidden
// until the debrief).
func (s *UI) MissionLines() []string {
	sc := s.G.Scenario
	if sc == nil {
		return nil
	}
	var out []string
	if sc.TurnLimit > 0 {
		out = append(out, fmt.Sprintf("The game ends after turn %d, or when a side has no titan left on the table.", sc.TurnLimit))
	}
	victory := sc.Victory
	if sc.Mission != nil {
		// A mission is judged on the victory chart alone: the rules
		// ignore the scenario's victory conditions.
		victory = nil
	}
	for _, v := range victory {
		res := v.Result
		if res == "" {
			res = "Victory"
			if v.Side == "" {
				res = "Draw"
			}
		}
		who := ""
		if v.Side != "" {
			who = s.SideName(v.Side) + ": "
		}
		when := s.triggerText(v.When)
		if v.AtEnd && v.When != nil && v.When.Kind != "turn-limit" && !strings.Contains(when, "turn limit") {
			when = "at the end, " + when
		}
		out = append(out, fmt.Sprintf("%s%s if %s.", who, play.Capitalize(res), when))
	}
	if len(sc.Victory) == 0 && sc.Mission == nil {
		out = append(out, "At the end the side with more victory points wins; equal points are a draw.")
	}
	if m := sc.Mission; m != nil {
		if m.Secret {
			out = append(out, "Each side has a secret objective; the result comes from the victory chart (objective achieved or not, and victory points). Both are revealed at the debrief.")
			if s.HotseatSecrets() && !s.SecretsShown() && s.Mode() == play.ModeTurn {
				out = append(out, "Your objective is hidden: press O (or the button) to read it while only you can see the screen.")
			}
		} else {
			var sides []string
			for sd, t := range m.Objectives {
				sides = append(sides, fmt.Sprintf("%s: %s", s.SideName(sd), t))
			}
			sort.Strings(sides)
			if len(sides) > 0 {
				out = append(out, "Objectives: "+strings.Join(sides, ", ")+"; the result comes from the victory chart.")
			}
		}
	}
	if len(sc.Objectives) > 0 {
		hs := s.holdings()
		var names []string
		for _, o := range sc.Objectives {
			names = append(names, hs[o.ID].short(s))
		}
		out = append(out, fmt.Sprintf("Objective markers now (held: a titan within %d cm, no enemy titan as close): %s.", atii.HoldDistance, strings.Join(names, "; ")))
	}
	return out
}

// objectiveName is an objective marker's label.
func (s *UI) objectiveName(id string) string {
	if sc := s.G.Scenario; sc != nil {
		for _, o := range sc.Objectives {
			if o.ID == id && o.Label != "" {
				return o.Label
			}
		}
	}
	return id
}

// triggerText says a victory trigger in words.
func (s *UI) triggerText(t *scenarios.Trigger) string {
	if t == nil {
		return "always"
	}
	side := s.SideName(t.Side)
	switch t.Kind {
	case "start":
		return "the game starts"
	case "turn":
		return fmt.Sprintf("turn %d begins", t.Turn)
	case "turn-end":
		return fmt.Sprintf("turn %d ends", t.Turn)
	case "turn-limit":
		return "the turn limit is reached"
	case "destroy-all":
		return "every titan of " + side + " is destroyed"
	case "units-lost":
		return fmt.Sprintf("%s has lost %d titans", side, t.Count)
	case "unit-destroyed":
		return s.Name(t.Unit) + " is destroyed"
	case "broken":
		return s.Name(t.Unit) + " is broken"
	case "hold-objective":
		return side + " holds " + s.objectiveName(t.Objective)
	case "objective-lost":
		return side + " no longer holds " + s.objectiveName(t.Objective)
	case "in-zone":
		n := t.Count
		if n < 1 {
			n = 1
		}
		return fmt.Sprintf("%s has %d titans in %s", side, n, t.Zone)
	case "vp":
		return fmt.Sprintf("%s has at least %d victory points", side, t.Count)
	case "vp-lead":
		return side + " leads on victory points"
	case "all", "any", "not":
		var parts []string
		for _, p := range t.Parts {
			parts = append(parts, s.triggerText(p))
		}
		switch t.Kind {
		case "all":
			return strings.Join(parts, " and ")
		case "any":
			return strings.Join(parts, " or ")
		}
		return "not (" + strings.Join(parts, ", ") + ")"
	}
	return t.Kind
}

// ResultWhy says why the game ended as it did: the victory chart of a
// mission, a victory condition, no titan left, or the turn limit with the
// victory points compared.
func (s *UI) ResultWhy() string {
	st := s.State()
	r := st.Result
	if r == nil {
		return ""
	}
	text := s.named(r.Text)
	switch {
	case strings.HasPrefix(r.Text, "no titan"):
		return text
	case s.G.Scenario != nil && s.G.Scenario.Mission != nil:
		return "Victory chart: " + text
	}
	limit := s.turnLimit()
	ended := fmt.Sprintf("The game ended in turn %d", st.Turn)
	if limit > 0 && st.Turn >= limit {
		ended = fmt.Sprintf("The turn limit was reached (turn %d of %d)", st.Turn, limit)
	}
	vp, err := s.rs().VictoryPoints(st)
	if err != nil {
		return ended + ": " + text
	}
	var sides []string
	for sd := range vp {
		sides = append(sides, sd)
	}
	sort.Strings(sides)
	var parts []string
	equal := true
	for _, sd := range sides {
		parts = append(parts, fmt.Sprintf("%s %d VP", s.SideName(sd), vp[sd]))
		equal = equal && vp[sd] == vp[sides[0]]
	}
	cmp := "victory points: " + strings.Join(parts, ", ")
	switch {
	case r.Winner == "" && equal:
		cmp = "equal " + cmp
	case r.Winner == "":
		cmp = "a draw condition was met; " + cmp
	case r.Kind != "victory on points":
		cmp = "a victory condition was met; " + cmp
	}
	return ended + "; " + cmp + "."
}

// named replaces the unit and side ids in a text of the rules with the
// names the table and the banner show: unit ids anywhere (longest first,
// so no id is replaced inside another), side ids only as whole words
// (not inside a unit id such as "red-reaver").
func (s *UI) named(text string) string {
	sc := s.G.Scenario
	if sc == nil || text == "" {
		return text
	}
	var ids []string
	names := map[string]string{}
	for _, sd := range sc.Sides {
		for _, f := range sd.Formations {
			for _, u := range f.Units {
				if u.Name != "" && u.Name != u.ID {
					ids = append(ids, u.ID)
					names[u.ID] = u.Name
				}
			}
		}
	}
	if len(ids) > 0 {
		sort.Slice(ids, func(i, j int) bool { return len(ids[i]) > len(ids[j]) })
		pairs := make([]string, 0, 2*len(ids))
		for _, id := range ids {
			pairs = append(pairs, id, names[id])
		}
		text = strings.NewReplacer(pairs...).Replace(text)
	}
	for _, sd := range sc.Sides {
		if sd.Name != "" && sd.Name != sd.ID {
			text = replaceWord(text, sd.ID, sd.Name)
		}
	}
	return plainTerms(text)
}

// plainTerms writes the rules' short location names out for players
// ("vsg" is the void shield generator).
func plainTerms(text string) string {
	return replaceWord(text, atii.LocVSG, "void shield generator")
}

// replaceWord replaces word in text where it stands as a whole word: not
// next to a letter, a digit, '-' or '_'.
func replaceWord(text, word, with string) string {
	var b strings.Builder
	for {
		i := strings.Index(text, word)
		if i < 0 {
			b.WriteString(text)
			return b.String()
		}
		end := i + len(word)
		if wordByte(text, i-1) || wordByte(text, end) {
			b.WriteString(text[:end])
		} else {
			b.WriteString(text[:i] + with)
		}
		text = text[end:]
	}
}

// wordByte reports whether text[i] exists and belongs to a word.
func wordByte(text string, i int) bool {
	if i < 0 || i >= len(text) {
		return false
	}
	c := text[i]
	return c == '-' || c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// weaponStats is a weapon's profile for the panel: range, rate of fire,
// strength and accuracy for a ranged weapon; swiftness, attacks and
// strength for a close combat weapon (which has no range or rate of fire).
func weaponStats(w *catalog.Weapon, arc string) string {
	p := sheet.WeaponOf(w)
	if w.Kind == catalog.CloseCombat {
		parts := []string{"close combat"}
		if p.Swiftness != 0 {
			parts = append(parts, fmt.Sprintf("swiftness %d", p.Swiftness))
		}
		if p.Attacks != 0 {
			parts = append(parts, plural(p.Attacks, "attack"))
		}
		if p.Str != 0 {
			parts = append(parts, fmt.Sprintf("Str %d", p.Str))
		}
		if p.Acc != 0 {
			parts = append(parts, fmt.Sprintf("Acc %+d", p.Acc))
		}
		return strings.Join(parts, ", ")
	}
	rng := fmt.Sprintf("%.0f cm", w.Range)
	if w.Unlimited {
		rng = "unlimited range"
	}
	parts := []string{arc, rng}
	if p.RoF != "" {
		parts = append(parts, "RoF "+p.RoF)
	}
	parts = append(parts, fmt.Sprintf("Str %d", p.Str))
	if p.Acc != 0 {
		parts = append(parts, fmt.Sprintf("Acc %+d", p.Acc))
	}
	return strings.Join(parts, ", ")
}

// weaponName is the name of the weapon on mount of the selected titan
// (the mount id when it has none).
// plural is "1 attack", "3 attacks".
func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// mountName is a mount as players read it (the void shield generator
// written out).
func mountName(mount string) string { return plainTerms(mount) }

// weaponLabel names the weapon on a titan's mount with the mount:
// "Turbo-laser Destructor (carapace)"; the mount alone when it holds no
// known weapon.
func (s *UI) weaponLabel(unit, mount string) string {
	for _, w := range s.Weapons(unit) {
		if w.Mount == mount {
			return w.Name + " (" + mountName(mount) + ")"
		}
	}
	return mountName(mount)
}

// weaponsNamed is a choice's text with each shot's mount ("carapace at
// red-warlord") told by its weapon and mount for the titan that fires.
func (s *UI) weaponsNamed(ch rules.Choice) string {
	text := ch.Text
	if len(ch.Units) == 0 {
		return text
	}
	for _, w := range s.Weapons(ch.Units[0]) {
		text = strings.ReplaceAll(text, w.Mount+" at ", w.Name+" ("+mountName(w.Mount)+") at ")
	}
	return text
}

// cannotFire says why a weapon may not fire without repeating the
// verdict ("did not fire: ..." stands on its own).
func cannotFire(why string) string {
	if strings.HasPrefix(why, "did not fire") || strings.HasPrefix(why, "fired this turn") || strings.HasPrefix(why, "cannot") {
		return why
	}
	return "cannot fire: " + why
}

// shotLines explain a target's odds in plain words: the chance of damage
// past the void shields, the shields knocked down on average, then the
// chance to destroy and to damage each location (parts that are nil or
// zero are left out).
func shotLines(t TargetInfo) []string {
	var out []string
	if t.Odds != nil {
		out = append(out, fmt.Sprintf("chance to damage the titan past its shields: %.0f%%; shields knocked down: %.1f on average", 100*t.Odds.AtLeastOneTitanHit, t.Odds.ShieldsDown.Mean()))
	}
	if t.Outcome == nil {
		return out
	}
	var parts []string
	if d := t.Outcome.Destroyed; d > 0.0005 {
		parts = append(parts, fmt.Sprintf("destroyed %.1f%%", 100*d))
	}
	var locs []string
	for _, loc := range t.Outcome.Locations {
		lv := t.Outcome.Levels[loc]
		if damaged := 1 - lv[0]; damaged > 0.005 {
			locs = append(locs, fmt.Sprintf("%s %.0f%%", plainTerms(loc), 100*damaged))
		}
	}
	if len(locs) > 0 {
		parts = append(parts, "damages "+strings.Join(locs, ", "))
	}
	if len(parts) > 0 {
		out = append(out, strings.Join(parts, "; "))
	}
	return out
}

// firedThisTurn reports whether unit id fired the weapon on mount in the
// current turn (read from the log's fired events).
func (s *UI) firedThisTurn(id, mount string) bool {
	st := s.State()
	for i := len(st.Log) - 1; i >= 0; i-- {
		e := st.Log[i]
		if e.Turn != st.Turn {
			break
		}
		if e.Kind == rules.EvFired && len(e.Units) > 0 && e.Units[0] == id && e.Data["mount"] == mount {
			return true
		}
	}
	return false
}
