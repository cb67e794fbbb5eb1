package play

import (
	"context"
	"testing"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/scenarios"
)

func TestExplore(t *testing.T) {
	cat, _ := assets.LoadCatalogue()
	scn, err := scenarios.LoadBundled("atii-map-a", cat)
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.New(scn, game.Config{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range g.State().Log {
		t.Logf("start ev %s %s %v", e.Kind, e.Text, e.Data)
	}
	for i := 0; i < 60 && !g.State().Over; i++ {
		s := g.State()
		side := g.Engine.Decider()
		p := s.Pending
		if p != nil {
			t.Logf("STEP %s turn %d pending %s kind=%s prompt=%q cmds=%v units=%v", s.Step, s.Turn, p.Side, p.Kind, p.Prompt, p.Commands, p.Units)
		}
		for _, c := range g.Engine.Legal(side) {
			t.Logf("   choice %s %q units=%v cont=%q", c.Name, c.Text, c.Units, c.Continuous)
		}
		v := g.ViewFor(side)
		cmd, err := game.Greedy{}.Decide(context.Background(), v)
		if err != nil {
			t.Fatal(err)
		}
		evs, err := g.Submit(cmd)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			if e.Kind == rules.EvRoll {
				t.Logf("     roll %s", e.Roll.String())
			} else {
				t.Logf("     ev %s %s", e.Kind, e.Text)
			}
		}
	}
}
