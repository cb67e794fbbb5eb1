package e40ksys_test

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/scenarios"
)

// Random-playout invariants with every E40K option on, the readings of
// war engine critical damage (e40k/crit-once-per-attack,
// e40k/crit-fire-rolls; digest 8.5) among them: one seed per bundled
// scenario, the bundled war engines rolling on their critical tables.
func TestRandomPlayoutAllOptionsE40K(t *testing.T) {
	scns, cat := bundledE40K(t)
	reg := systems(t)
	opts := map[string]string{}
	for _, o := range e40k.OptionList() {
		opts[o.ID] = "on"
	}
	for _, scn := range scns {
		t.Run(strings.TrimPrefix(scn.File, scenarios.BundledPrefix), func(t *testing.T) {
			if err := playout(reg, scn, cat, 7, opts); err != nil {
				t.Errorf("seed 7: %v", err)
			}
		})
	}
}
