package scenarios

import (
	"strconv"
	"strings"
	"testing"
)

// parseErr parses src and returns the error text ("" when it parses).
func parseErr(t *testing.T, src string) string {
	t.Helper()
	_, err := Parse("s.yaml", []byte(src), testCatalogue(t))
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestSecondDocumentRefused (issue 8 item 6): a second YAML document in
// a scenario file was silently ignored; it is an error at the marker's
// line.
func TestSecondDocumentRefused(t *testing.T) {
	lines := strings.Count(mini, "\n")
	for name, c := range map[string]struct {
		src  string
		line int
	}{
		"after":       {mini + "---\nname: Other\n", lines + 1},
		"marker only": {mini + "---\n", lines + 1},
		"end marker":  {mini + "...\nname: Other\n", lines + 2},
	} {
		msg := parseErr(t, c.src)
		if want := "s.yaml:" + strconv.Itoa(c.line) + ":1: a second YAML document"; !strings.Contains(msg, want) {
			t.Errorf("%s: error %q, want %q", name, msg, want)
		}
	}
	for name, src := range map[string]string{
		"leading marker":      "---\n" + mini,
		"leading and comment": "# c\n--- # start\n" + mini,
		"trailing end":        mini + "...\n# done\n",
		"dashes in a scalar":  strings.Replace(mini, "name: Mini", "name: Mini\ndescription: |\n  ---\n  text", 1),
	} {
		if msg := parseErr(t, src); msg != "" {
			t.Errorf("%s: one document refused: %s", name, msg)
		}
	}
}

// TestEmptyNameRefused (issue 8 item 6): name: "" was accepted.
func TestEmptyNameRefused(t *testing.T) {
	for _, v := range []string{`""`, `"  "`} {
		msg := parseErr(t, strings.Replace(mini, "name: Mini", "name: "+v, 1))
		if !strings.Contains(msg, "s.yaml:2:7: name: must not be empty") {
			t.Errorf("name %s: error %q", v, msg)
		}
	}
}

// TestLongUserTextQuotedShort (issue 8 item 5): a huge value in an error
// is quoted as a short prefix, not echoed whole.
func TestLongUserTextQuotedShort(t *testing.T) {
	long := strings.Repeat("x", 1<<20)
	for name, src := range map[string]string{
		"unit type": strings.Replace(mini, "type: e40k-rhino, position: {x: 30, y: 5}", "type: "+long+", position: {x: 30, y: 5}", 1),
		"colour":    strings.Replace(mini, `colour: "#ff0000"`, `colour: "`+long+`"`, 1),
		"zone ref":  strings.Replace(mini, "zone: nz", "zone: "+long, 1),
	} {
		msg := parseErr(t, src)
		if msg == "" || len(msg) > 2000 || !strings.Contains(msg, "(1048576 bytes)") {
			t.Errorf("%s: %d-byte message: %.300s", name, len(msg), msg)
		}
	}
}
