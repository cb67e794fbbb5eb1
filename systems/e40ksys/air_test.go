package e40ksys_test

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/systems/e40ksys"
)

// Flyers fly in detachments of their own (digest 8.6): a scenario that
// puts a flyer in a ground detachment is refused, naming it.
func TestMixedFlyerDetachmentRefusedE40K(t *testing.T) {
	scns, _ := bundledE40K(t)
	var scn *scenarios.Scenario
	for _, s := range scns {
		if s.File == scenarios.BundledPrefix+"e40k-air-assault" {
			scn = s
		}
	}
	if scn == nil {
		t.Fatal("no bundled e40k-air-assault")
	}
	rs, err := e40ksys.NewRuleset(scn)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e40ksys.BuildState(scn, rs, 1, nil); err != nil {
		t.Fatalf("the bundled scenario: %v", err)
	}
	var hawk *scenarios.Unit
	for _, f := range scn.Sides[0].Formations {
		if f.ID == "thunderhawk-flight" {
			hawk = f.Units[0]
		}
	}
	for _, f := range scn.Sides[0].Formations {
		if f.ID == "tactical-detachment" {
			f.Units = append(f.Units, hawk)
			defer func() { f.Units = f.Units[:len(f.Units)-1] }()
		}
	}
	_, err = e40ksys.BuildState(scn, rs, 1, nil)
	if err == nil || !strings.Contains(err.Error(), "tactical-detachment mixes flyers") {
		t.Errorf("mixed detachment: %v", err)
	}
}
