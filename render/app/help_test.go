package app

import (
	"strings"
	"testing"
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
// once; the table's help does too.
func TestHelpListsNoKeyTwiceInAContext(t *testing.T) {
	noKeyTwice(t, "table", helpKeys(helpLines()))
	secs := playHelpSections()
	if len(secs) < 2 {
		t.Fatalf("%d play help sections", len(secs))
	}
	always := helpKeys(secs[0].lines)
	noKeyTwice(t, secs[0].title, always)
	for _, sc := range secs[1:] {
		if len(sc.lines) == 0 {
			t.Errorf("section %q is empty", sc.title)
		}
		noKeyTwice(t, sc.title, append(append([]string(nil), always...), helpKeys(sc.lines)...))
		for _, l := range sc.lines {
			if strings.Contains(l[1], "repair first") || strings.Contains(l[1], "(rally)") {
				t.Errorf("%s: %q describes the old rally keys", sc.title, l[1])
			}
		}
	}
}
