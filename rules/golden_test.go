package rules

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var updateGolden = flag.Bool("update-golden", false, "rewrite rules/testdata golden games")

// TestGoldenGame replays a saved game recorded by an earlier build and
// compares the log with the recorded one. It pins what saves rely on across
// versions: the PCG32 stream and its keying, the state hash encoding, the
// engine's order of steps and events. If it fails after a deliberate change
// to any of these, old saves no longer load: bump SaveVersion (and keep a
// reader for the old one) before regenerating with -update-golden.
func TestGoldenGame(t *testing.T) {
	savePath := filepath.Join("testdata", "duel-golden.auspex-save")
	logPath := filepath.Join("testdata", "duel-golden.log")
	if *updateGolden {
		st := duelState(424242, 3)
		st.Options = map[string]string{"accurate": "on", "turns": "5"}
		e, err := New(duel{}, st, Config{Scenario: "3"})
		if err != nil {
			t.Fatal(err)
		}
		playFirst(t, e, 1000)
		data, err := e.Save()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(savePath, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(logPath, []byte(logText(e.State())), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(savePath)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	e, err := Load(data, mustRegistry(t), duelBuild, Config{})
	if err != nil {
		t.Fatalf("the golden save no longer loads: %v", err)
	}
	if !e.State().Over {
		t.Error("the golden game should be finished")
	}
	if got := logText(e.State()); got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := 0; i < len(gl) && i < len(wl); i++ {
			if gl[i] != wl[i] {
				t.Fatalf("log differs at line %d:\n got  %s\n want %s", i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("log has %d lines, golden %d", len(gl), len(wl))
	}
}

func logText(s *State) string {
	var b strings.Builder
	for _, ev := range s.Log {
		fmt.Fprintf(&b, "%d t%d %s %s: %s\n", ev.Cmd, ev.Turn, ev.Step, ev.Kind, ev.Text)
	}
	return b.String()
}
