package e40kui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules/e40k"
)

// The dice log heads each line with its step in words, as the banner
// names it ("T1 Initiative: ...", "T1 Shooting phase: war engines and
// titans: ..."), never the flow's step ids ("movement/initiative"): a
// battle is played through the window's inputs and, whenever the newest
// log entry comes from a step whose id is not a word, the strip is read.
func TestDiceLogNamesTheStepE40K(t *testing.T) {
	s := newUI(t, 1)
	read := map[string]bool{}
	for i := 0; i < 400 && s.Mode() != play.ModeOver && len(read) < 3; i++ {
		drive(t, s, e40k.OrderAssault)
		lg := s.State().Log
		if len(lg) == 0 {
			continue
		}
		e := lg[len(lg)-1]
		if !strings.ContainsAny(e.Step, "/-") || read[e.Step] {
			continue
		}
		read[e.Step] = true
		hud := hudText(s)
		if strings.Contains(hud, fmt.Sprintf("T%d %s:", e.Turn, e.Step)) {
			t.Errorf("the dice log shows the step id %q: %s", e.Step, hud)
		}
		if want := fmt.Sprintf("T%d %s:", e.Turn, s.StepName(e.Step)); !strings.Contains(hud, want) {
			t.Errorf("the dice log does not head %q's entries with %q: %s", e.Step, want, hud)
		}
	}
	if len(read) == 0 {
		t.Fatal("no log entry came from a step whose id is not a word")
	}
}
