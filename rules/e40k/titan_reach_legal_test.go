package e40k

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/world"
)

// ATII-SHT-4: a shot out of range is an automatic miss. Legal's ready
// titan fire leaves out a weapon that cannot reach the enemy titan (the
// Warhound's 30 cm Vulcan mega-bolter at 40 cm) and keeps the one that
// can (its 45 cm plasma blastgun); beyond every weapon's reach no fire at
// that titan is offered at all. The declaration itself stays legal
// (ATII-SHT-2 asks only arc and sight): the command validates.
func TestTitanFireChoicesLeaveOutAutomaticMissesATIISHT4(t *testing.T) {
	r := testTitanRuleset(t)
	for _, tc := range []struct {
		gap        float64
		want, miss []string // mounts offered, mounts left out
	}{
		{gap: 25, want: []string{"left-arm", "right-arm"}},
		{gap: 40, want: []string{"right-arm"}, miss: []string{"left-arm"}},
		{gap: 60, miss: []string{"left-arm", "right-arm"}},
	} {
		s := titanBattle(1, nil)
		wh, rv := s.Unit("wh"), s.Unit("rv")
		wh.Pos = world.Vec{X: 60, Y: 40}
		// Centre to centre is the gap plus both radii (2 and 2.5 cm).
		rv.Pos = world.Vec{X: 60, Y: 40 + tc.gap + 4.5}
		face(wh, rv.Pos)
		face(rv, wh.Pos)
		setUpTitans(t, r, s)
		atStep(s, StepWarEngines, KindFire, "imperium", "wh")
		offered := map[string]bool{}
		for _, c := range r.Legal(s, "imperium") {
			tc2, ok := c.Cmd.(*TitanFireCmd)
			if !ok {
				continue
			}
			for _, sh := range tc2.Shots {
				if sh.Target == "rv" {
					offered[sh.Mount] = true
				}
			}
		}
		for _, m := range tc.want {
			if !offered[m] {
				t.Errorf("gap %.0f cm: %s not offered at the Reaver", tc.gap, m)
			}
		}
		for _, m := range tc.miss {
			if offered[m] {
				t.Errorf("gap %.0f cm: %s offered at the Reaver though it cannot reach it (ATII-SHT-4)", tc.gap, m)
			}
			c := &TitanFireCmd{r: r, By: "imperium", Titan: "wh", Shots: []TitanShot{{Mount: m, Target: "rv", Aim: "high"}}}
			if err := c.Validate(s); err != nil && !strings.Contains(err.Error(), "arc") {
				t.Errorf("gap %.0f cm: declaring %s out of range refused: %v (ATII-SHT-2 allows it)", tc.gap, m, err)
			}
		}
	}
}
