package atiiai

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/world"
)

// Sampling settings: how many random moves or deployment points are drawn
// before giving up, and how far a move toward the enemy may stray from
// the straight line.
const (
	// sampleMoveTries is the most random moves drawn for one template.
	sampleMoveTries = 6
	// sampleDeployTries is the most random deployment points drawn.
	sampleDeployTries = 16
	// sampleSpread is the largest deviation in degrees of a move drawn
	// toward the nearest enemy.
	sampleSpread = 45.0
)

// Sample draws one concrete command for an ATII template from rng and
// returns it when st accepts it (Validate), so that a random player or a
// search's playout does not measure every candidate (Candidates):
//
//   - a move: a straight move to a point drawn at random, half the time
//     toward the nearest enemy (within 45 degrees of the straight line),
//     else in any direction, a quarter to all of the titan's Speed away
//     (a third of that to a point behind it, walked backwards; the reach
//     halves after every two refused draws), half the time ending turned
//     toward the nearest enemy as far as its Man allows; after
//     sampleMoveTries refusals, a turn on the spot to face the nearest
//     enemy;
//   - a deployment: points drawn anywhere on the table facing the
//     template's way, then the template's own position, then the first
//     of Candidates.
//
// ok is false when nothing drawn was accepted. Errors: ErrNotATemplate, a
// missing unit, ctx done.
func Sample(ctx context.Context, rs *atii.Ruleset, st *rules.State, side string, tmpl rules.Choice, rng *rand.Rand) (rules.Choice, bool, error) {
	switch c := tmpl.Cmd.(type) {
	case *atii.MoveCmd:
		return sampleMove(ctx, rs, st, side, c.Unit, rng)
	case *atii.DeployCmd:
		return sampleDeploy(ctx, rs, st, side, c, rng)
	}
	return rules.Choice{}, false, fmt.Errorf("atii sample: %q: %w", tmpl.Name, ErrNotATemplate)
}

func sampleMove(ctx context.Context, rs *atii.Ruleset, st *rules.State, side, id string, rng *rand.Rand) (rules.Choice, bool, error) {
	u := st.Unit(id)
	if u == nil {
		return rules.Choice{}, false, fmt.Errorf("atii sample: no unit %q", id)
	}
	speed := 15.0
	if p, err := rs.Catalogue().Unit(u.Type); err == nil {
		ts, _ := atii.TitanOf(u)
		if sp := atii.Speed(p, ts, atii.Options{}); sp > 0 {
			speed = sp
		}
	}
	enemy, _ := nearestEnemy(rs, st, u)
	// accept validates a move to wp; text (formatted only then) says
	// what it does.
	accept := func(wp atii.Waypoint, text func() string) (rules.Choice, bool) {
		if rs.SurelyRefused(st, id, wp) {
			return rules.Choice{}, false // Validate would refuse it: not measured
		}
		mv := rs.Move(side, id, wp)
		if mv.Validate(st) != nil {
			return rules.Choice{}, false
		}
		return rules.Choice{Name: mv.Name(), Text: text(), Units: []string{id}, Cmd: mv}, true
	}
	for try := 0; try < sampleMoveTries; try++ {
		if err := ctx.Err(); err != nil {
			return rules.Choice{}, false, err
		}
		dir := rng.Float64() * 360
		toward := enemy != nil && rng.IntN(2) == 0
		if toward {
			dir = world.Bearing(enemy.Pos.Sub(u.Pos)) + (2*rng.Float64()-1)*sampleSpread
		}
		dist := speed * (0.25 + 0.75*rng.Float64()) / float64(int(1)<<(try/2))
		if math.Abs(world.RelDeg(dir-u.Facing)) > 90 {
			// A titan walks backwards to a point behind it (the smaller
			// pivot), paying BackwardsCost cm of Speed a cm (ATII-MOV-3).
			dist /= atii.BackwardsCost
		}
		to := u.Pos.Add(world.Heading(dir).Scale(dist))
		wp := atii.Waypoint{X: to.X, Y: to.Y}
		if enemy != nil && rng.IntN(2) == 0 {
			wp.Facing = faceToward(rs, st, id, to, enemy.Pos)
		}
		text := func() string {
			if toward {
				return fmt.Sprintf("%s: move %.0f cm toward %s", id, dist, enemy.ID)
			}
			return fmt.Sprintf("%s: move %.0f cm bearing %.0f", id, dist, world.NormDeg(dir))
		}
		if c, ok := accept(wp, text); ok {
			return c, true, nil
		}
	}
	if enemy != nil {
		face := math.Round(world.NormDeg(world.Bearing(enemy.Pos.Sub(u.Pos))))
		if c, ok := accept(atii.Waypoint{X: u.Pos.X, Y: u.Pos.Y, Facing: atii.Face(face)},
			func() string { return fmt.Sprintf("%s: stand and turn to face %s", id, enemy.ID) }); ok {
			return c, true, nil
		}
	}
	return rules.Choice{}, false, nil
}

// faceToward is the final facing of a move of titan id to `to` that
// turns toward `at` as far as the titan's Man allows after the pivot
// before walking (atii.FinalTurnRoom), in whole degrees; nil (end facing
// the travel) when no turn is left.
func faceToward(rs *atii.Ruleset, st *rules.State, id string, to, at world.Vec) *float64 {
	facing, room, ok := rs.FinalTurnRoom(st, id, to)
	if !ok || room < 1 {
		return nil
	}
	// Whole degrees, a degree short of the room so that rounding never
	// turns the titan further than its Man pays for.
	d := world.RelDeg(world.Bearing(at.Sub(to)) - facing)
	d = max(-(room - 1), min(room-1, d))
	return atii.Face(world.NormDeg(facing + math.Trunc(d)))
}

func sampleDeploy(ctx context.Context, rs *atii.Ruleset, st *rules.State, side string, dc *atii.DeployCmd, rng *rand.Rand) (rules.Choice, bool, error) {
	t := rs.World().Table
	accept := func(x, y float64, text string) (rules.Choice, bool) {
		c := rs.Deploy(side, dc.Unit, x, y, dc.Facing)
		if c.Validate(st) != nil {
			return rules.Choice{}, false
		}
		if text == "" {
			text = fmt.Sprintf("%s: deploy at (%.0f, %.0f)", dc.Unit, x, y)
		}
		return rules.Choice{Name: c.Name(), Text: text, Units: []string{dc.Unit}, Cmd: c}, true
	}
	for try := 0; try < sampleDeployTries; try++ {
		if err := ctx.Err(); err != nil {
			return rules.Choice{}, false, err
		}
		x, y := rng.Float64()*t.W, rng.Float64()*t.H
		if c, ok := accept(x, y, ""); ok {
			return c, true, nil
		}
	}
	if c, ok := accept(dc.X, dc.Y, fmt.Sprintf("%s: deploy where the scenario places it", dc.Unit)); ok {
		return c, true, nil
	}
	cands, err := deployCandidates(ctx, rs, st, side, dc)
	if err != nil || len(cands) == 0 {
		return rules.Choice{}, false, err
	}
	return cands[0], true, nil
}
