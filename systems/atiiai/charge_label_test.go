package atiiai_test

import (
	"context"
	"strings"
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/systems/atiiai"
	"github.com/auspex/auspex/world"
)

// TestCandidateChargesReachContactATIICC1: a move candidate is called a
// charge only when the titan ends it in base contact with an enemy titan
// (ATII-CC-1: contact is base to base); an assault move that falls short
// is an advance. Over greedy games of the duel and the battlegroup, every
// assault-phase candidate labelled a charge ends in contact, and some do
// (before, the window's log said "Ignis Fidelis: charge Venator Rex" for
// a 20 cm walk that ended 40 cm away).
func TestCandidateChargesReachContactATIICC1(t *testing.T) {
	charges, moves := 0, 0
	for _, sc := range []struct {
		name string
		seed uint64
	}{{"titan-duel", 5}, {"titan-duel", 2}, {"titan-battlegroup", 3}} {
		g := newGame(t, sc.name, sc.seed)
		rs := g.Ruleset.(*atii.Ruleset)
		for i := 0; i < 3000 && !g.State().Over; i++ {
			side := g.Engine.Decider()
			v := g.ViewFor(side)
			if v.State.Step == atii.StepAssault {
				for _, c := range v.Choices {
					if _, ok := c.Cmd.(*atii.MoveCmd); !ok || c.Continuous == "" {
						continue
					}
					cands, err := atiiai.Candidates(context.Background(), rs, v.State, side, c)
					if err != nil {
						t.Fatal(err)
					}
					for _, cc := range cands {
						moves++
						if !strings.Contains(cc.Text, ": charge ") {
							continue
						}
						charges++
						if !endsInContact(rs, v.State, cc.Cmd.(*atii.MoveCmd)) {
							t.Errorf("%s seed %d: %q ends out of base contact", sc.name, sc.seed, cc.Text)
						}
					}
				}
			}
			cmd, err := atiiai.Greedy{}.Decide(context.Background(), v)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := g.Submit(cmd); err != nil {
				t.Fatal(err)
			}
		}
	}
	if charges == 0 {
		t.Errorf("none of %d assault-phase move candidates is a charge", moves)
	}
	t.Logf("%d of %d assault-phase move candidates are charges", charges, moves)
}

// endsInContact reports whether mv's titan, at the end of its path,
// touches an enemy titan's base.
func endsInContact(rs *atii.Ruleset, s *rules.State, mv *atii.MoveCmd) bool {
	base := func(u *rules.Unit) world.Base {
		b := world.Base{ID: u.ID, Pos: u.Pos, Facing: u.Facing}
		if p, err := rs.Catalogue().Unit(u.Type); err == nil {
			b.Foot = p.Base
		}
		return b
	}
	u := s.Unit(mv.Unit)
	if u == nil || len(mv.Path) == 0 {
		return false
	}
	b := base(u)
	last := mv.Path[len(mv.Path)-1]
	b.Pos = world.Vec{X: last.X, Y: last.Y}
	if last.Facing != nil {
		b.Facing = *last.Facing
	}
	for i := range s.Units {
		e := &s.Units[i]
		if e.Side != u.Side && !e.Destroyed && !e.OffTable && world.InContact(b, base(e)) {
			return true
		}
	}
	return false
}

// TestCandidateBackwardsWalksSayIt: a move candidate that the rules walk
// backwards (a leg more than 90 degrees off the titan's facing, at
// BackwardsCost cm of Speed a cm, ATII-MOV-3) says so in its text, and
// one that says so is walked backwards, over greedy games of the duel
// and the battlegroup (the window's suggested moves show these texts).
func TestCandidateBackwardsWalksSayIt(t *testing.T) {
	back := 0
	for _, sc := range []struct {
		name string
		seed uint64
	}{{"titan-duel", 5}, {"titan-battlegroup", 3}} {
		g := newGame(t, sc.name, sc.seed)
		rs := g.Ruleset.(*atii.Ruleset)
		for i := 0; i < 3000 && !g.State().Over; i++ {
			side := g.Engine.Decider()
			v := g.ViewFor(side)
			for _, c := range v.Choices {
				if _, ok := c.Cmd.(*atii.MoveCmd); !ok || c.Continuous == "" {
					continue
				}
				cands, err := atiiai.Candidates(context.Background(), rs, v.State, side, c)
				if err != nil {
					t.Fatal(err)
				}
				for _, cc := range cands {
					pv, err := rs.PlanMove(v.State, cc.Cmd.(*atii.MoveCmd))
					if err != nil {
						continue
					}
					says := strings.Contains(cc.Text, "backwards")
					walks := pv.Report.Backward > 0.5
					if says != walks {
						t.Errorf("%s seed %d: %q walks %.1f cm backwards", sc.name, sc.seed, cc.Text, pv.Report.Backward)
					}
					if says {
						back++
					}
				}
			}
			cmd, err := atiiai.Greedy{}.Decide(context.Background(), v)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := g.Submit(cmd); err != nil {
				t.Fatal(err)
			}
		}
	}
	if back == 0 {
		t.Error("no candidate walks backwards")
	}
	t.Logf("%d candidates walk backwards", back)
}
