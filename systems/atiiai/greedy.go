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

// Decide implements game.Controller. Errors: a ruleset other than ATII's,
// no legal choice, no legal deployment position, ctx done.
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
	cand, err := advance(ctx, rs, v.State, v.Side, v.State.Unit(mv.Unit), v.Check, math.Inf(1))
	if err != nil {
		return nil, err
	}
	if cand == nil {
		return hold, nil
	}
	return cand, nil
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
			p := world.Vec{X: x, Y: y}
			c := rs.Deploy(v.Side, dc.Unit, x, y, deployFacing(v, rs, p))
			if v.Check(c) == nil {
				return c, nil
			}
		}
	}
	return nil, fmt.Errorf("no legal place to deploy %s", dc.Unit)
}

// deployFacing is the facing Greedy deploys a titan at p with: towards
// the nearest enemy titan already on the table, else towards the table's
// centre, so that its forward arcs look at the fight rather than at its
// own table edge.
func deployFacing(v game.View, rs *atii.Ruleset, p world.Vec) float64 {
	t := rs.World().Table
	at := world.Vec{X: t.W / 2, Y: t.H / 2}
	best := math.Inf(1)
	for i := range v.State.Units {
		u := &v.State.Units[i]
		if u.Side == v.Side || u.Destroyed || u.OffTable || u.Markers.Value(atii.MarkUnplaced) > 0 {
			continue
		}
		if d := u.Pos.Sub(p).Len(); d < best {
			best, at = d, u.Pos
		}
	}
	if at.Sub(p).Len() < 1e-9 {
		return 0
	}
	return world.NormDeg(world.Bearing(at.Sub(p)))
}
