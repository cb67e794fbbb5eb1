package e40k

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/rules"
)

// A small battle with one titan a side and two detachments a side played
// to the end by the seeded random driver (seed 002's integration rules):
// every Legal choice validates, the game never stalls or panics, and it
// ends. The titans must have moved, fired and been fired at in the runs.
func TestRandomPlayoutTitansE40K(t *testing.T) {
	seen := map[string]int{}
	for seed := uint64(1); seed <= 12; seed++ {
		e := playRandomOn(t, testTitanRuleset(t), titanBattle(seed, nil), seed)
		if e.State().Result == nil {
			t.Errorf("seed %d: no result", seed)
		}
		for _, ev := range e.State().Log {
			switch {
			case ev.Kind == rules.EvMoved && (strings.HasPrefix(ev.Text, "wh ") || strings.HasPrefix(ev.Text, "rv ")):
				seen["titan moved"]++
			case strings.Contains(ev.Text, "with the ATII rules"):
				seen["detachment fired at titan"]++
			case ev.Kind == rules.EvFired && (strings.HasPrefix(ev.Text, "wh fires") || strings.HasPrefix(ev.Text, "rv fires")):
				seen["titan fired at titan"]++
			case strings.HasPrefix(ev.Text, "hound fires") || strings.HasPrefix(ev.Text, "traitor fires"):
				seen["titan fired at detachment"]++
			case strings.Contains(ev.Text, "stomps"):
				seen["stomp"]++
			case strings.HasPrefix(ev.Text, "titan close combat"):
				seen["titan close combat"]++
			case strings.Contains(ev.Text, "against titan"):
				seen["firefight with titan"]++
			case strings.Contains(ev.Text, "(ATII-REP-1)"):
				seen["titan repairs"]++
			}
		}
	}
	t.Logf("over 12 seeds: %v", seen)
	for _, k := range []string{"titan moved", "detachment fired at titan", "titan fired at detachment"} {
		if seen[k] == 0 {
			t.Errorf("no %s in 12 games", k)
		}
	}
}
