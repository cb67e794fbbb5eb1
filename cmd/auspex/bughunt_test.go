package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReplayUnknownRulesetNamesTheKnownOne: a save naming a ruleset this
// build cannot replay used to be refused with "this build knows: none",
// which is wrong (atii replays). The message must name atii.
func TestReplayUnknownRulesetNamesTheKnownOne(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "game", "testdata", "duel.auspex-save"))
	if err != nil {
		t.Fatal(err)
	}
	data = bytes.Replace(data, []byte(`"ruleset": "atii"`), []byte(`"ruleset": "ea"`), 1)
	if !bytes.Contains(data, []byte(`"ruleset": "ea"`)) {
		t.Fatal("fixture changed: no ruleset line to edit")
	}
	path := filepath.Join(t.TempDir(), "ea.auspex-save")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := cmdReplay([]string{path}, &out, &errb); code != 1 {
		t.Fatalf("exit %d, want 1; stderr %q", code, errb.String())
	}
	msg := errb.String()
	if !strings.Contains(msg, `"ea"`) || !strings.Contains(msg, "atii") || strings.Contains(msg, "none") {
		t.Errorf("stderr %q: want the unknown ruleset and atii named, not \"none\"", msg)
	}
}
