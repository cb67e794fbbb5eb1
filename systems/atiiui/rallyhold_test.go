package atiiui

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/systems/atiisys"
)

// ATII-REP-1: in the rally phase a damaged titan rolls its repair dice;
// there is no hold. H there used to answer with the engine's refusal
// ("command not allowed now: ... answers repair with repair, not
// \"hold\""); it now plays nothing and says which key rolls, and while
// the repairs are allocated, how to pick one.
func TestHoldInTheRallySaysWhatToPress(t *testing.T) {
	scn := load(t, "titan-duel")
	rs, err := atiisys.NewRuleset(scn)
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed < 40; seed++ {
		st, err := atiisys.BuildState(scn, rs, seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range []string{"red-reaver", "blue-reaver"} {
			if err := st.Unit(id).SetExt(atii.ExtTitan, atii.TitanState{Head: atii.Major, Legs: atii.Superficial, ShieldsDown: 3}); err != nil {
				t.Fatal(err)
			}
		}
		e, err := rules.New(rs, st, rules.Config{})
		if err != nil {
			t.Fatal(err)
		}
		g := &game.Game{Scenario: scn, Ruleset: rs, Engine: e}
		for i := 0; g.State().Step != atii.StepRally; i++ {
			p := g.State().Pending
			if i > 60 || p == nil {
				t.Fatalf("never reached the rally: %+v", p)
			}
			var cmd rules.Command
			for _, c := range g.Engine.Legal(p.Side) {
				if c.Name != atii.CmdMove && c.Name != atii.CmdFire {
					cmd = c.Cmd
					break
				}
			}
			if _, err := g.Submit(cmd); err != nil {
				t.Fatal(err)
			}
		}
		s := newUI(g, map[string]string{"red": play.Human, "blue": play.Human})
		me := s.Decider()
		s.Selected = me + "-reaver"
		seq := s.State().Seq
		s.Hold()
		if s.State().Seq != seq {
			t.Fatalf("seed %d: H in the rally played a command", seed)
		}
		if !s.MsgErr || !strings.Contains(s.Msg, "Enter (or E) rolls") || strings.Contains(s.Msg, "not allowed") {
			t.Fatalf("seed %d: H in the rally should say Enter rolls the repairs, got %q", seed, s.Msg)
		}
		s.Commit() // Enter: roll
		if !s.Allocating() {
			continue
		}
		seq = s.State().Seq
		s.Hold()
		if s.State().Seq != seq || !strings.Contains(s.Msg, "pick what the repairs fix") {
			t.Fatalf("seed %d: H while allocating should say how to pick, got %q (seq %d -> %d)", seed, s.Msg, seq, s.State().Seq)
		}
		return
	}
	t.Fatal("no seed reached an allocation of repairs")
}
