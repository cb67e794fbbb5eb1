package e40kui

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/scenarios"
)

// A game won by one of the scenario's own victory rules says that rule's
// condition in words on the end screen, not the rules' bare "scenario
// condition" (playing the Gargant Hunt, the end screen read "Gargant
// felled" and then only "scenario condition").
func TestScenarioResultSaysTheCondition(t *testing.T) {
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	scn, err := scenarios.LoadBundled("e40k-remastered", cat)
	if err != nil {
		t.Fatal(err)
	}
	g, err := testSystems(t).New(scn, game.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	uis, err := play.NewAdapters(New())
	if err != nil {
		t.Fatal(err)
	}
	ps, err := uis.New(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := Of(ps)
	got := s.resultText(&rules.Outcome{Winner: "marines", Kind: "Gargant felled", Text: e40k.ScenarioConditionText})
	want := "Gork's Fist is destroyed: the scenario's condition for " + s.SideName("marines")
	if got != want {
		t.Errorf("result text %q, want %q", got, want)
	}
	if got := s.resultText(&rules.Outcome{Winner: "marines", Kind: "victory", Text: "orks has no unit left"}); !strings.Contains(got, s.SideName("orks")) {
		t.Errorf("another result keeps the rules' text with names: %q", got)
	}
}
