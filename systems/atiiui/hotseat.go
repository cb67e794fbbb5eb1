package atiiui

import (
	"fmt"
	"strings"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
)

func (s *UI) cards() map[string]atii.ObjectiveCard {
	var g atii.GameProgress
	if ok, err := s.State().GetExt(atii.ExtGame, &g); err != nil || !ok {
		return nil
	}
	return g.Cards
}

// standIn marks an objective card whose wording is the project's own.
const standIn = " (stand-in)"

// cardTitle is an objective card's name for a title, with the stand-in
// mark moved to a note of its own ("" when the card has none).
func cardTitle(name string) (title, note string) {
	if t, ok := strings.CutSuffix(name, standIn); ok {
		return t, "(stand-in card: our own wording of the objective)"
	}
	return name, ""
}

// HasSecrets reports whether the game holds secret objective cards.
func (s *UI) HasSecrets() bool { return len(s.cards()) > 0 }

// SecretLines are side's objective card: the title, the text and a note
// for a stand-in card (nil when side has no card).
func (s *UI) SecretLines(side string) []string {
	c, ok := s.cards()[side]
	if !ok {
		return nil
	}
	title, note := cardTitle(c.Name)
	out := []string{fmt.Sprintf("Your secret objective: %s (%s)", title, c.Type), c.Text}
	if note != "" {
		out = append(out, note)
	}
	return out
}

// SecretUnmarked: the roll that draws an objective card is its side's secret
// (its face names the card) even when the rules leave it unmarked.
func (s *UI) SecretUnmarked(e rules.Event) bool {
	return e.Roll != nil && strings.Contains(e.Roll.Purpose, "objective card")
}
