package scene

import (
	"strings"
	"testing"
)

// Wrapped lines keep every word, break at newlines, and stay within the
// width even for a word longer than a line (a long file path is cut).
func TestWrapKeepsWordsAndWidth(t *testing.T) {
	s := "load /home/somebody/a/very/long/path/to/a/saved/game/file.json: no such file\nsecond paragraph here"
	lines := Wrap(s, 12, 120, false, nil)
	for _, l := range lines {
		if w := EstimateWidth(l, 12, false); w > 120 {
			t.Errorf("line %q is %.0f wide, over 120", l, w)
		}
	}
	joined := strings.Join(lines, "")
	for _, w := range []string{"load", "no", "such", "second", "paragraph"} {
		if !strings.Contains(joined, w) {
			t.Errorf("word %q lost: %q", w, lines)
		}
	}
	if !strings.Contains(strings.ReplaceAll(joined, " ", ""), "/home/somebody/a/very/long/path/to/a/saved/game/file.json:") {
		t.Errorf("the path is not kept whole across its pieces: %q", lines)
	}
	if lines[len(lines)-1] != "second paragraph here" && !strings.HasPrefix(lines[len(lines)-2]+" "+lines[len(lines)-1], "second") {
		t.Errorf("the newline should start a new line: %q", lines)
	}
}
