package e40k

import (
	"encoding/json"
	"testing"
)

// plainJSONString reads what encoding/json reads, or declines: plain ids,
// an empty string, non-ASCII letters; escapes, inner quotes, control
// characters, invalid UTF-8, spaces around and other JSON values are
// left to encoding/json.
func TestPlainJSONStringAgreesWithEncodingJSON(t *testing.T) {
	for _, raw := range []string{`"rhino-1"`, `""`, `"Räuber"`, `"a\"b"`, `"a\\b"`, `"\u0041"`, "\"a\tb\"", "\"a\xffb\"", ` "x"`, `"x" `, `12`, `null`, `"`, `"x`} {
		got, ok := plainJSONString([]byte(raw))
		var want string
		err := json.Unmarshal([]byte(raw), &want)
		switch {
		case ok && (err != nil || got != want):
			t.Errorf("%q: read %q, encoding/json %q (%v)", raw, got, want, err)
		case !ok && (raw == `"rhino-1"` || raw == `""` || raw == `"Räuber"`):
			t.Errorf("%q: declined a plain string", raw)
		}
	}
}
