package e40kai_test

import (
	"context"
	"testing"
	"time"

	"github.com/auspex/auspex/ai/search"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/systems/e40kai"
)

// Greedy flies the Thunderhawk's transport mission (it carries the drop
// detachment), sets the troops down toward the enemy when it lands, and
// answers every flyer decision with a command the engine accepts (digest
// 8.6, 8.3).
func TestGreedyFliesMissionsE40K(t *testing.T) {
	g := newGame(t, "e40k-air-assault", 1, false)
	untilDecision(t, g, "marines", e40k.KindMission)
	cmd, err := e40kai.Greedy{}.Decide(context.Background(), g.ViewFor("marines"))
	if err != nil {
		t.Fatal(err)
	}
	mc, ok := cmd.(*e40k.MissionCmd)
	if !ok || mc.Detachment != "thunderhawk-flight" || mc.Mission != e40k.MissionTransport {
		t.Fatalf("greedy declared %#v", cmd)
	}
	if _, err := g.Submit(cmd); err != nil {
		t.Fatal(err)
	}
	untilDecision(t, g, "marines", e40k.KindLanding)
	if p := g.State().Proc(); p == nil || p.Proc != e40k.ProcLanding {
		t.Fatalf("landing not a procedure frame: %+v", g.State().Procs)
	}
	cmd, err = e40kai.Greedy{}.Decide(context.Background(), g.ViewFor("marines"))
	if err != nil {
		t.Fatal(err)
	}
	dc, ok := cmd.(*e40k.DisembarkCmd)
	if !ok || len(dc.Moves) != 4 {
		t.Fatalf("greedy landed with %#v", cmd)
	}
	if _, err := g.Submit(cmd); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"drop-hq", "drop-a", "drop-b", "drop-c"} {
		if u := g.State().Unit(id); u.OffTable || u.Destroyed {
			t.Errorf("%s not set down: off %v destroyed %v", id, u.OffTable, u.Destroyed)
		}
	}
}

// The search AI takes flyer missions and interceptions as macro-actions
// (Legal's concrete choices): it answers a mission decision with a
// command the engine accepts.
func TestAIDeclaresMissionE40K(t *testing.T) {
	g := newGame(t, "e40k-air-assault", 2, false)
	untilDecision(t, g, "marines", e40k.KindMission)
	ai := e40kai.AI{Budget: 2 * time.Second, Search: search.Config{MaxDepth: 1, MaxNodes: 60, Workers: 1}}
	cmd, err := ai.Decide(context.Background(), g.ViewFor("marines"))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := cmd.(*e40k.MissionCmd); !ok {
		t.Fatalf("AI answered %T", cmd)
	}
	if _, err := g.Submit(cmd); err != nil {
		t.Fatal(err)
	}
}

// The evaluation does not count flyers at their airfield or stands
// aboard a transport as destroyed.
func TestEvaluationKeepsReservesE40K(t *testing.T) {
	g := newGame(t, "e40k-air-assault", 3, false)
	untilDecision(t, g, "marines", e40k.KindMission)
	rs := g.Engine.Ruleset().(*e40k.Ruleset)
	ev := e40kai.Evaluator{RS: rs, W: e40kai.DefaultWeights()}
	st := g.State()
	if !st.Unit("thunderhawk").OffTable || e40k.Aboard(st.Unit("drop-a")) != "thunderhawk" {
		t.Fatal("fixture: the Thunderhawk is not loaded at its airfield")
	}
	for _, term := range ev.Evaluate(st, "marines").Terms {
		if term.Name == "destroyed" && term.Value != 0 {
			t.Errorf("destroyed term %v with nothing destroyed", term.Value)
		}
	}
	c := st.Clone()
	c.Unit("thunderhawk").Destroyed = true
	for _, term := range ev.Evaluate(c, "marines").Terms {
		if term.Name == "destroyed" && term.Value >= 0 {
			t.Errorf("a lost Thunderhawk does not count: %v", term.Value)
		}
	}
}
