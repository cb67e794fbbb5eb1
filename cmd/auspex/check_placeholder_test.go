package main

import (
	"strings"
	"testing"
)

// TestCheckNotesPlaceholders: auspex check says which profiles of a good
// scenario are placeholders (the E40K army values not found in a published
// source), and says nothing for a scenario without any.
func TestCheckNotesPlaceholders(t *testing.T) {
	code, out, errs := runCmd(cmdCheck, "bundled:e40k-combined-arms", "bundled:titan-duel")
	if code != 0 || errs != "" {
		t.Fatalf("code %d\n%s\n%s", code, out, errs)
	}
	if !strings.Contains(out, "bundled:e40k-combined-arms: note: ") || !strings.Contains(out, "profiles are placeholders") || !strings.Contains(out, "unit e40k-gargant") {
		t.Errorf("no placeholder note for the E40K scenario:\n%s", out)
	}
	if strings.Contains(out, "bundled:titan-duel: note") {
		t.Errorf("placeholder note for an ATII scenario:\n%s", out)
	}
}
