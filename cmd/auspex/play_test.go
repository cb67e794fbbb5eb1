package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/auspex/auspex/rules"
)

// playExit runs `auspex play ARG` (through run, as the shell would) and
// returns the exit code and stderr. Every case here must fail before a
// window opens, so no display is needed; a case that wrongly reached the
// window would fail on stderr's content.
func playExit(t *testing.T, args ...string) (int, string) {
	t.Helper()
	var out, errb bytes.Buffer
	done := make(chan int, 1)
	go func() { done <- run(args, &out, &errb) }()
	select {
	case code := <-done:
		return code, errb.String()
	case <-time.After(60 * time.Second):
		t.Fatalf("auspex %v did not return", args)
		return 0, ""
	}
}

// corruptSaves returns damaged copies of a real save, by name: every kind
// of damage issue 8 found opening the scenario viewer (truncations, wrong
// or non-integer versions, bad JSON, a byte order mark on a damaged file).
func corruptSaves(t *testing.T) map[string][]byte {
	t.Helper()
	good, err := os.ReadFile(filepath.Join("..", "..", "game", "testdata", "duel.auspex-save"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for i := 1; i < 30; i++ {
		out[fmt.Sprintf("truncated-%02d", i)] = good[:len(good)*i/30]
	}
	// The save is an older format version than this build writes (it
	// still loads): the version field is rewritten whatever it says.
	verField := regexp.MustCompile(`"version": [0-9]+,`)
	if !verField.Match(good) {
		t.Fatal("the test save has no version field")
	}
	ver := func(v string) []byte {
		return verField.ReplaceAllLiteral(good, []byte(`"version": `+v+`,`))
	}
	out["version-newer"] = ver(fmt.Sprint(rules.SaveVersion + 1))
	out["version-0"] = ver("0")
	out["version-1.5"] = ver("1.5")
	out["version-string"] = ver(`"one"`)
	out["bad-json"] = bytes.Replace(good, []byte(`"seed":`), []byte(`"seed" =`), 1)
	out["bom-truncated"] = append([]byte("\xEF\xBB\xBF"), good[:len(good)/2]...)
	out["bad-hash"] = bytes.Replace(good, []byte(`"start_hash": "`), []byte(`"start_hash": "zz`), 1)
	return out
}

// TestPlayCorruptSaveExitsNonZero (issue 8 item 1): a damaged save given
// to `auspex play` opened the scenario viewer (exit 0, nothing on stderr,
// the save then watched for hot reload) or reported a YAML syntax error.
// Whatever the file is called, it is read as a save and its error is the
// save's.
func TestPlayCorruptSaveExitsNonZero(t *testing.T) {
	dir := t.TempDir()
	for name, data := range corruptSaves(t) {
		for _, ext := range []string{".auspex-save", ".json", ".yaml", ""} {
			p := filepath.Join(dir, name+ext)
			if err := os.WriteFile(p, data, 0o644); err != nil {
				t.Fatal(err)
			}
			args := []string{"play", p}
			if ext == ".yaml" {
				args = []string{p} // auspex FILE.yaml is play too
			}
			code, msg := playExit(t, args...)
			if code != 1 || !strings.Contains(msg, "bad save") || strings.Contains(msg, "YAML") {
				t.Errorf("%s%s: exit %d, stderr %q; want 1 and a save error", name, ext, code, msg)
			}
		}
	}
}

// TestLooksLikeSave pins which files play reads as saves.
func TestLooksLikeSave(t *testing.T) {
	dir := t.TempDir()
	for name, c := range map[string]struct {
		data string
		want bool
	}{
		"a.auspex-save": {"format: 1", true},
		"a.JSON":        {"", true},
		"a.yaml":        {"format: 1\nname: x\n", false},
		"b.yaml":        {"\xEF\xBB\xBF  \n{\"format\"", true},
		"c.yaml":        {"# not a save\nformat: auspex-save\n", true},
		"d":             {"\n\n{", true},
	} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(c.data), 0o644); err != nil {
			t.Fatal(err)
		}
		if got, err := looksLikeSave(p); err != nil || got != c.want {
			t.Errorf("%s: %v, %v; want %v", name, got, err, c.want)
		}
	}
}
