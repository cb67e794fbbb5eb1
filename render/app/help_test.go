package app

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/systems/atiiui"
	"github.com/auspex/auspex/systems/e40kui"
)

// helpKeys are the keys of help lines (the first column, separated by
// ", "), section titles left out.
func helpKeys(lines [][2]string) []string {
	var out []string
	for _, l := range lines {
		if l[1] == "" {
			continue
		}
		out = append(out, strings.Split(l[0], ", ")...)
	}
	return out
}

// noKeyTwice reports the keys listed more than once.
func noKeyTwice(t *testing.T, where string, keys []string) {
	t.Helper()
	seen := map[string]bool{}
	for _, k := range keys {
		if seen[k] {
			t.Errorf("%s: key %q is listed twice", where, k)
		}
		seen[k] = true
	}
}

// Play-through (51-help.png): the help listed F as both "go first" and
// "arcs", S as "go second" and panning, Backspace and Esc twice with
// different meanings, and a rally key that no longer exists. Each context
// of play mode, together with the keys that work any time, lists every key
// once, for each system's keys; the table's help does too.
func TestHelpListsNoKeyTwiceInAContext(t *testing.T) {
	noKeyTwice(t, "table", helpKeys(helpLines()))
	for name, sys := range map[string][]play.HelpSection{
		"atii": (&atiiui.UI{}).HelpKeys(),
		"e40k": (&e40kui.UI{}).HelpKeys(),
	} {
		secs := playHelpSections(sys)
		if len(secs) < 2 {
			t.Fatalf("%s: %d play help sections", name, len(secs))
		}
		always := helpKeys(secs[0].lines)
		noKeyTwice(t, name+": "+secs[0].title, always)
		for _, sc := range secs[1:] {
			if len(sc.lines) == 0 {
				t.Errorf("%s: section %q is empty", name, sc.title)
			}
			noKeyTwice(t, name+": "+sc.title, append(append([]string(nil), always...), helpKeys(sc.lines)...))
			for _, l := range sc.lines {
				if strings.Contains(l[1], "repair first") || strings.Contains(l[1], "(rally)") {
					t.Errorf("%s: %s: %q describes the old rally keys", name, sc.title, l[1])
				}
			}
		}
	}
}

// helpText is every key and description of the play help for sys, one
// line each ("key: what it does").
func helpText(sys []play.HelpSection) []string {
	var out []string
	for _, sc := range playHelpSections(sys) {
		for _, l := range sc.lines {
			out = append(out, l[0]+": "+l[1])
		}
	}
	return out
}

// hasLine reports whether a help line has key k (one of the keys of the
// line) and a description containing does.
func hasLine(lines []string, k, does string) bool {
	for _, l := range lines {
		keys, desc, _ := strings.Cut(l, ": ")
		for _, key := range strings.Split(keys, ", ") {
			if key == k && strings.Contains(desc, does) {
				return true
			}
		}
	}
	return false
}

// Play-through: F1 in an E40K game listed ATII's keys ("T aim high or
// low", where E40K's T makes drags move one stand) and none of E40K's
// order keys. The help lists the keys of the system played: ATII's aim
// and facing keys; E40K's orders (A, M, W, S), its drag toggle, boarding
// and setting down (B, U), interception (I) and the Counterattack card
// (C), and no aim.
func TestHelpListsTheKeysOfTheSystemPlayed(t *testing.T) {
	atii := helpText((&atiiui.UI{}).HelpKeys())
	for _, want := range [][2]string{{"T", "aim high or low"}, {"[", "facing"}, {"F", "go first"}, {"Tab", "select the next"}, {"Y", "why"}} {
		if !hasLine(atii, want[0], want[1]) {
			t.Errorf("atii: no line %s %q", want[0], want[1])
		}
	}
	e40k := helpText((&e40kui.UI{}).HelpKeys())
	for _, want := range [][2]string{
		{"A", "assault orders"}, {"M", "march orders"}, {"W", "overwatch orders"}, {"S", "special orders"},
		{"T", "only the stand dragged"}, {"D", "only the stand dragged"},
		{"B", "board"}, {"U", "set down"}, {"C", "play the card"}, {"I", "intercept"},
		{"F", "go first"}, {"Enter", "fire at the aimed target"}, {"Tab", "select the next"},
	} {
		if !hasLine(e40k, want[0], want[1]) {
			t.Errorf("e40k: no line %s %q", want[0], want[1])
		}
	}
	for _, l := range e40k {
		if strings.Contains(l, "aim high") || strings.HasPrefix(l, "[, ]") || strings.Contains(l, "facing") || strings.HasPrefix(l, "O:") {
			t.Errorf("e40k: the help lists a key E40K does not have: %q", l)
		}
	}
}
