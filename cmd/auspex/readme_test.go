package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadmeScenarioIsValid keeps the README's scenario example in step with
// the validator: the first ```yaml block must pass `auspex check`.
func TestReadmeScenarioIsValid(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	start := strings.Index(text, "```yaml\n")
	if start < 0 {
		t.Fatal("README.md has no ```yaml example")
	}
	rest := text[start+len("```yaml\n"):]
	end := strings.Index(rest, "```")
	if end < 0 {
		t.Fatal("README.md's yaml example is not closed")
	}
	file := filepath.Join(t.TempDir(), "readme.yaml")
	if err := os.WriteFile(file, []byte(rest[:end]), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if code := cmdCheck([]string{file}, &out, &errOut); code != 0 {
		t.Fatalf("auspex check on the README example: exit %d\n%s%s", code, out.String(), errOut.String())
	}
	if !strings.Contains(out.String(), "OK") {
		t.Fatalf("expected OK, got %q", out.String())
	}
}

// TestUnknownCommand: a typo is a usage error with the command list, not a crash.
func TestUnknownCommand(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"chekc"}, &out, &errOut); code != 2 {
		t.Fatalf("exit %d, want 2", code)
	}
	if !strings.Contains(errOut.String(), `unknown command "chekc"`) || !strings.Contains(errOut.String(), "check") {
		t.Fatalf("unhelpful message: %q", errOut.String())
	}
}
