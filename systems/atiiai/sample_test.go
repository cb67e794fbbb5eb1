package atiiai_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/systems/atiiai"
	"github.com/auspex/auspex/systems/atiisys"
	"github.com/auspex/auspex/world"
)

// The ATII system is a game.Sampler.
var _ game.Sampler = atiisys.System{}

// TestSampleMove: moves drawn for a move template (ATII-MOV-1..6 checked
// by Validate) are concrete commands the engine accepts, the same rng
// seed draws the same move, and different draws end at several places.
func TestSampleMove(t *testing.T) {
	g := newGame(t, "titan-duel", 3)
	tmpl, side := greedyUntil(t, g, atii.CmdMove)
	ends := map[[2]float64]bool{}
	for seed := uint64(1); seed <= 12; seed++ {
		c, ok, err := g.Sample(context.Background(), g.State(), side, tmpl, rand.New(rand.NewPCG(seed, 9)))
		if err != nil || !ok {
			t.Fatalf("seed %d: no sample (%v)", seed, err)
		}
		if c.Continuous != "" {
			t.Fatalf("seed %d: %q is still a template", seed, c.Text)
		}
		if err := g.Engine.Check(c.Cmd); err != nil {
			t.Errorf("seed %d: sample %q refused: %v", seed, c.Text, err)
		}
		again, _, _ := g.Sample(context.Background(), g.State(), side, tmpl, rand.New(rand.NewPCG(seed, 9)))
		mv, mv2 := c.Cmd.(*atii.MoveCmd), again.Cmd.(*atii.MoveCmd)
		last, last2 := mv.Path[len(mv.Path)-1], mv2.Path[len(mv2.Path)-1]
		if last.X != last2.X || last.Y != last2.Y || again.Text != c.Text {
			t.Errorf("seed %d: the same stream drew %q then %q", seed, c.Text, again.Text)
		}
		ends[[2]float64{last.X, last.Y}] = true
	}
	if len(ends) < 4 {
		t.Errorf("12 draws end at only %d places", len(ends))
	}
}

// TestSampleDeploy: a deployment drawn for a deploy template is accepted
// by the engine.
func TestSampleDeploy(t *testing.T) {
	g := newGame(t, atiisys.MissionMapPrefix+"a", 5)
	tmpl, side := greedyUntil(t, g, atii.CmdDeploy)
	for seed := uint64(1); seed <= 5; seed++ {
		c, ok, err := g.Sample(context.Background(), g.State(), side, tmpl, rand.New(rand.NewPCG(seed, 1)))
		if err != nil || !ok {
			t.Fatalf("seed %d: no sample (%v)", seed, err)
		}
		if err := g.Engine.Check(c.Cmd); err != nil {
			t.Errorf("seed %d: sample %q refused: %v", seed, c.Text, err)
		}
	}
}

// TestSampleRefusesDiscreteChoices: a choice that is not a template is
// refused with ErrNotATemplate; a cancelled context stops the draw.
func TestSampleRefusesDiscreteChoices(t *testing.T) {
	g := newGame(t, "titan-duel", 3)
	tmpl, side := greedyUntil(t, g, atii.CmdMove)
	rs := g.Ruleset.(*atii.Ruleset)
	rng := rand.New(rand.NewPCG(1, 1))
	hold := rules.Choice{Name: atii.CmdHold, Cmd: rs.Hold(side, tmpl.Units[0]), Continuous: "nothing"}
	if _, _, err := atiiai.Sample(context.Background(), rs, g.State(), side, hold, rng); !errors.Is(err, atiiai.ErrNotATemplate) {
		t.Errorf("a hold: %v, want ErrNotATemplate", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := atiiai.Sample(ctx, rs, g.State(), side, tmpl, rng); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// TestSurelyRefusedOnlyRefused: the sampler skips, unmeasured, the draws
// atii.SurelyRefused names: those whose pivots alone need more Man than
// the titan has (ATII-MOV-2, TurnsOverMan) or whose walk surely leaves
// the table, comes within 10 cm of an enemy (ATII-MOV-6) or overlaps
// another titan. Every such draw is one Validate refuses, and many draws
// are caught (moves to random points, a tenth of them turns on the spot,
// half ending on a random facing, from several positions of two
// scenarios).
func TestSurelyRefusedOnlyRefused(t *testing.T) {
	caughtMan, caught, refusedMan := 0, 0, 0
	for _, sc := range []struct {
		name string
		seed uint64
	}{{"titan-duel", 3}, {"titan-battlegroup", 5}, {"titan-battlegroup", 8}} {
		g := newGame(t, sc.name, sc.seed)
		rs := g.Ruleset.(*atii.Ruleset)
		for round := 0; round < 4 && !g.State().Over; round++ {
			tmpl, side := greedyUntil(t, g, atii.CmdMove)
			id := tmpl.Cmd.(*atii.MoveCmd).Unit
			u := g.State().Unit(id)
			rng := rand.New(rand.NewPCG(sc.seed, uint64(round)))
			for i := 0; i < 300; i++ {
				wp := atii.Waypoint{X: u.Pos.X + 40*(2*rng.Float64()-1), Y: u.Pos.Y + 40*(2*rng.Float64()-1)}
				if i%10 == 0 {
					wp.X, wp.Y = u.Pos.X, u.Pos.Y // a turn on the spot
				}
				if rng.IntN(2) == 0 {
					wp.Facing = atii.Face(360 * rng.Float64())
				}
				err := rs.Move(side, id, wp).Validate(g.State())
				man := rs.TurnsOverMan(g.State(), id, wp)
				if man {
					caughtMan++
				} else if err != nil && strings.Contains(err.Error(), " Man, ") {
					refusedMan++
				}
				if rs.SurelyRefused(g.State(), id, wp) {
					caught++
					if err == nil {
						t.Fatalf("%s: SurelyRefused for a move Validate accepts: %s to %+v", sc.name, id, wp)
					}
				} else if man {
					t.Fatalf("%s: TurnsOverMan but not SurelyRefused: %s to %+v", sc.name, id, wp)
				}
			}
			// Move on: play the template's titan's turn out.
			cmd, err := atiiai.Greedy{}.Decide(context.Background(), g.ViewFor(side))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := g.Submit(cmd); err != nil {
				t.Fatal(err)
			}
		}
	}
	if caughtMan < 300 || caught < caughtMan+300 {
		t.Fatalf("only %d draws caught (%d for Man): the test proves little", caught, caughtMan)
	}
	t.Logf("%d draws caught unmeasured (%d for Man; %d more refused for Man by Validate)", caught, caughtMan, refusedMan)
}

// TestFaceTowardStaysWithinMan: a move ending turned toward a point as far
// as FinalTurnRoom allows is never refused for its turns (ATII-MOV-2: the
// pivot before walking and the final turn each cost a point of Man per
// 45 degrees), while ending fully turned toward the same point often is;
// and a titan whose pivot alone is over its Man has no room at all.
func TestFaceTowardStaysWithinMan(t *testing.T) {
	tried, refusedFull, noRoom := 0, 0, 0
	for _, seed := range []uint64{5, 8} {
		g := newGame(t, "titan-battlegroup", seed)
		rs := g.Ruleset.(*atii.Ruleset)
		for round := 0; round < 4 && !g.State().Over; round++ {
			tmpl, side := greedyUntil(t, g, atii.CmdMove)
			id := tmpl.Cmd.(*atii.MoveCmd).Unit
			u := g.State().Unit(id)
			rng := rand.New(rand.NewPCG(seed, uint64(round)))
			for i := 0; i < 200; i++ {
				to := world.Vec{X: u.Pos.X + 12*(2*rng.Float64()-1), Y: u.Pos.Y + 12*(2*rng.Float64()-1)}
				at := world.Vec{X: 180 * rng.Float64(), Y: 120 * rng.Float64()}
				if _, _, ok := rs.FinalTurnRoom(g.State(), id, to); !ok {
					noRoom++
					if !rs.TurnsOverMan(g.State(), id, atii.Waypoint{X: to.X, Y: to.Y}) {
						t.Fatalf("no room to turn, yet the pivot of the walk to %v is within Man", to)
					}
					continue
				}
				wp := atii.Waypoint{X: to.X, Y: to.Y, Facing: atiiai.FaceToward(rs, g.State(), id, to, at)}
				tried++
				if err := rs.Move(side, id, wp).Validate(g.State()); err != nil && strings.Contains(err.Error(), " Man, ") {
					t.Fatalf("%s to %+v (facing %v): refused for its turns: %v", id, wp, wp.Facing, err)
				}
				full := atii.Waypoint{X: to.X, Y: to.Y, Facing: atii.Face(world.Bearing(at.Sub(to)))}
				if err := rs.Move(side, id, full).Validate(g.State()); err != nil && strings.Contains(err.Error(), " Man, ") {
					refusedFull++
				}
			}
			cmd, err := atiiai.Greedy{}.Decide(context.Background(), g.ViewFor(side))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := g.Submit(cmd); err != nil {
				t.Fatal(err)
			}
		}
	}
	if tried < 500 || refusedFull < 100 {
		t.Fatalf("%d moves tried, %d refused when fully turned: the test proves little", tried, refusedFull)
	}
	t.Logf("%d moves turned within Man, none refused for it; fully turned, %d refused; %d walks with no room", tried, refusedFull, noRoom)
}
