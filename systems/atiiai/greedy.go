// Package atiiai holds Adeptus Titanicus II's computer players and move
// candidates: the one-ply Greedy baseline and the candidate generator that
// fills ATII's continuous choices (move paths and deployment positions)
// with concrete commands. It is ATII's side of the controller seam; the
// generic layers reach it only through game.System (systems/atiisys).
package atiiai

import (
	"context"
	"fmt"
	"math"

	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/world"
)

// Greedy is a simple controller for tests and solo play: it goes first,
// walks each titan straight at the nearest enemy titan (as far as the rules
// allow, trying small detours), fires every weapon at its nearest legal
// target, charges into base contact in the assault phase when an enemy is
// within reach, repairs in the default order and claims no objective.
type Greedy struct{}

// Decide implements Controller.
func (Greedy) Decide(ctx context.Context, v game.View) (rules.Command, error) {
	rs, ok := v.Ruleset.(*atii.Ruleset)
	if !ok {
		return nil, fmt.Errorf("greedy plays ATII only, not %s", v.State.Ruleset)
	}
	if len(v.Choices) == 0 {
		return nil, fmt.Errorf("no legal choice for %s at %s", v.Side, v.State.Step)
	}
	switch v.State.Step {
	case atii.StepDeploy:
		return greedyDeploy(v, rs)
	case atii.StepMovement, atii.StepAssault:
		return greedyMove(ctx, v, rs)
	case atii.StepDebrief:
		return v.Choices[len(v.Choices)-1].Cmd, nil
	}
	return v.Choices[0].Cmd, nil
}

// nearestEnemy returns the operational enemy titan nearest u (edge to edge).
func nearestEnemy(v game.View, rs *atii.Ruleset, u *rules.Unit) (*rules.Unit, float64) {
	var best *rules.Unit
	bd := math.Inf(1)
	ub := unitBase(v, rs, u)
	for i := range v.State.Units {
		o := &v.State.Units[i]
		if o.Side == u.Side || o.Destroyed || o.OffTable || o.Markers.Value(atii.MarkUnplaced) > 0 {
			continue
		}
		if d := world.Distance(ub, unitBase(v, rs, o)); d < bd {
			best, bd = o, d
		}
	}
	return best, bd
}

func unitBase(v game.View, rs *atii.Ruleset, u *rules.Unit) world.Base {
	b := world.Base{ID: u.ID, Pos: u.Pos, Facing: u.Facing}
	if p, err := rs.Catalogue().Unit(u.Type); err == nil {
		b.Foot = p.Base
	}
	return b
}

func greedyMove(ctx context.Context, v game.View, rs *atii.Ruleset) (rules.Command, error) {
	ch := v.Choices[0] // the first titan the order allows
	var hold rules.Command
	for _, c := range v.Choices {
		if c.Name == atii.CmdHold && len(c.Units) > 0 && c.Units[0] == ch.Units[0] {
			hold = c.Cmd
		}
	}
	if ch.Name != atii.CmdMove {
		return ch.Cmd, nil
	}
	mv := ch.Cmd.(*atii.MoveCmd)
	u := v.State.Unit(mv.Unit)
	enemy, gap := nearestEnemy(v, rs, u)
	if enemy == nil {
		return hold, nil
	}
	assault := v.State.Step == atii.StepAssault
	dir := enemy.Pos.Sub(u.Pos)
	centre := dir.Len()
	if centre < 1e-9 {
		return hold, nil
	}
	want := gap - (atii.EnemyExclusion + 0.5) // stay outside 10 cm
	if assault {
		want = gap // base to base
		if gap <= world.Eps {
			return hold, nil // already in combat
		}
	}
	if want <= 0.5 {
		return hold, nil
	}
	face := world.Bearing(dir)
	// Longest legal advance first, with small detours.
	for _, frac := range []float64{1, 0.85, 0.7, 0.55, 0.4, 0.25, 0.1} {
		for _, off := range []float64{0, 20, -20, 40, -40} {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			l := want * frac
			h := world.Heading(face + off)
			to := u.Pos.Add(h.Scale(l))
			for _, withFace := range []bool{true, false} {
				wp := atii.Waypoint{X: to.X, Y: to.Y}
				if withFace && off != 0 {
					wp.Facing = atii.Face(world.Bearing(enemy.Pos.Sub(to)))
				}
				cand := rs.Move(v.Side, u.ID, wp)
				if v.Check(cand) == nil {
					return cand, nil
				}
			}
		}
	}
	return hold, nil
}

func greedyDeploy(v game.View, rs *atii.Ruleset) (rules.Command, error) {
	ch := v.Choices[0]
	dc, ok := ch.Cmd.(*atii.DeployCmd)
	if !ok {
		return ch.Cmd, nil
	}
	if v.Check(dc) == nil {
		return dc, nil
	}
	t := rs.World().Table
	for y := 2.0; y < t.H; y += 4 {
		for x := 2.0; x < t.W; x += 4 {
			c := rs.Deploy(v.Side, dc.Unit, x, y, dc.Facing)
			if v.Check(c) == nil {
				return c, nil
			}
		}
	}
	return nil, fmt.Errorf("no legal place to deploy %s", dc.Unit)
}
