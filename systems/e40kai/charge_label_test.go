package e40kai_test

import (
	"context"
	"strings"
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/systems/e40kai"
	"github.com/auspex/auspex/world"
)

// An assault candidate is called a charge only when a unit ends it in base
// contact with an enemy (no contact, no close combat: E40K-CC-1), over
// greedy games of the bundled battles, and such charges are offered.
func TestCandidateChargesReachContactE40KCC1(t *testing.T) {
	charges, assaults := 0, 0
	for _, name := range []string{"e40k-combined-arms", "e40k-remastered", "e40k-titans"} {
		g := newGame(t, name, 3, true)
		rs := g.Ruleset.(*e40k.Ruleset)
		for i := 0; i < 3000 && !g.State().Over; i++ {
			side := g.Engine.Decider()
			v := g.ViewFor(side)
			for _, c := range v.Choices {
				if _, ok := c.Cmd.(*e40k.AssaultCmd); !ok || c.Continuous == "" {
					continue
				}
				cands, err := e40kai.Candidates(context.Background(), rs, v.State, side, c)
				if err != nil {
					t.Fatal(err)
				}
				for _, cc := range cands {
					assaults++
					if !strings.Contains(cc.Text, "charges") {
						continue
					}
					charges++
					if !reachesContact(rs, v.State, side, cc.Cmd.(*e40k.AssaultCmd)) {
						t.Errorf("%s: %q ends no unit in base contact", name, cc.Text)
					}
				}
			}
			cmd, err := e40kai.Greedy{}.Decide(context.Background(), v)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := g.Submit(cmd); err != nil {
				t.Fatal(err)
			}
		}
	}
	if charges == 0 {
		t.Errorf("none of %d assault candidates is a charge", assaults)
	}
	t.Logf("%d of %d assault candidates are charges", charges, assaults)
}

// reachesContact reports whether a unit moved by ac ends in base contact
// with an enemy unit on the table.
func reachesContact(rs *e40k.Ruleset, s *rules.State, side string, ac *e40k.AssaultCmd) bool {
	base := func(u *rules.Unit) world.Base {
		b := world.Base{ID: u.ID, Pos: u.Pos, Facing: u.Facing}
		if p, err := rs.Profile(s, u); err == nil {
			b.Foot = p.Base
		}
		return b
	}
	for _, m := range ac.Moves {
		u := s.Unit(m.Unit)
		if u == nil {
			continue
		}
		b := base(u)
		b.Pos = m.To
		for i := range s.Units {
			e := &s.Units[i]
			if e.Side != side && !e.Destroyed && !e.OffTable && world.InContact(b, base(e)) {
				return true
			}
		}
	}
	return false
}
