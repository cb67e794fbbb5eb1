package atiisys_test

import (
	"context"
	"testing"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/systems/atiiai"
	"github.com/auspex/auspex/systems/atiisys"
)

// TestSafeDefault: what a side plays when its controller fails, at every
// kind of ATII decision met in a game of a deployment map played by
// Greedy: a titan to deploy stands on a legal spot, the initiative winner
// takes the first order, a titan to move or to fire holds (ATII-MOV-1: its
// activation ends), and every default is accepted by the engine.
func TestSafeDefault(t *testing.T) {
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	scn, err := scenarios.LoadBundled(atiisys.MissionMapPrefix+"b", cat)
	if err != nil {
		t.Fatal(err)
	}
	reg, err := game.NewSystems(atiisys.New())
	if err != nil {
		t.Fatal(err)
	}
	g, err := reg.New(scn, game.Config{Seed: 9, Catalogue: cat})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{atii.StepDeploy: atii.CmdDeploy, atii.StepMovement: atii.CmdHold, atii.StepShooting: atii.CmdHold}
	seen := map[string]bool{}
	for i := 0; i < 300 && !g.State().Over && g.State().Turn < 3; i++ {
		side := g.Engine.Decider()
		def, err := g.SafeDefault(side)
		if err != nil {
			t.Fatalf("turn %d %s: %v", g.State().Turn, g.State().Step, err)
		}
		if err := g.Engine.Check(g.Bind(def)); err != nil {
			t.Fatalf("the default %s is refused: %v", def.Name(), err)
		}
		step := g.State().Step
		if p := g.State().Pending; p != nil && p.Kind == atii.KindInitiative {
			step = "initiative"
			if def.Name() != atii.CmdOrder {
				t.Errorf("initiative: default %s, want an order", def.Name())
			}
		} else if w, ok := want[step]; ok && def.Name() != w {
			t.Errorf("%s: default %s, want %s", step, def.Name(), w)
		}
		seen[step] = true
		cmd, err := atiiai.Greedy{}.Decide(context.Background(), g.ViewFor(side))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Submit(cmd); err != nil {
			t.Fatal(err)
		}
	}
	for _, s := range []string{atii.StepDeploy, "initiative", atii.StepMovement, atii.StepShooting} {
		if !seen[s] {
			t.Errorf("no %s decision met", s)
		}
	}
}
