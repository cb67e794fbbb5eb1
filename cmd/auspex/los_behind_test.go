package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestLOSNamesTerrainBehindTheBlock: corner to corner across the titan
// duel, Tanglewood blocks the line first and the hab block lies behind it;
// the report must not call the hab block "no effect on sight", and the
// roles swap when the line runs the other way.
func TestLOSNamesTerrainBehindTheBlock(t *testing.T) {
	for _, tc := range []struct{ from, to, blocker, behind string }{
		{"0,0", "120,120", "Tanglewood", "Hab block"},
		{"120,120", "0,0", "Hab block", "Tanglewood"},
	} {
		var out, errOut bytes.Buffer
		if code := cmdLOS([]string{"bundled:titan-duel", tc.from, tc.to}, &out, &errOut); code != 0 {
			t.Fatalf("exit %d: %s", code, errOut.String())
		}
		lines := strings.Split(out.String(), "\n")
		find := func(name string) string {
			for _, l := range lines {
				if strings.Contains(l, name+" (") {
					return l
				}
			}
			t.Fatalf("%s not listed:\n%s", name, out.String())
			return ""
		}
		if l := find(tc.blocker); !strings.Contains(l, "blocks 1 of the 1 sight lines") {
			t.Errorf("%s -> %s: %s should block: %q", tc.from, tc.to, tc.blocker, l)
		}
		if l := find(tc.behind); !strings.Contains(l, "behind terrain that already blocks") {
			t.Errorf("%s -> %s: %s lies behind the block: %q", tc.from, tc.to, tc.behind, l)
		}
		if l := find("Sluggish river"); !strings.Contains(l, "no effect on sight") {
			t.Errorf("the river does not affect sight: %q", l)
		}
	}
}
