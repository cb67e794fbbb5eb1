package atii

import (
	"fmt"
	"math"

	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/world"
)

// This file is a small adapter from table positions to the facts the
// shooting rules take, for callers (auspex odds, tests) that have bases
// but not yet the world package's arc and line-of-sight queries. Arcs and
// quadrants are worked out from base centres, as the rules say.

// Quadrant is the hit-table direction for an attacker at relative bearing
// rel (degrees from the target's facing, as world.RelDeg gives): front
// within 45 degrees of straight ahead, rear within 45 of straight behind,
// side otherwise. Exactly 45 or 135 counts as the side.
func Quadrant(rel float64) sheet.Direction {
	a := math.Abs(world.RelDeg(rel))
	switch {
	case a < 45-eps:
		return sheet.Front
	case a > 135+eps:
		return sheet.Rear
	}
	return sheet.Side
}

// InArc reports whether a target at relative bearing rel (degrees from the
// firer's facing, negative to the left) lies in an ATII fire arc: AR all
// round; A 90 ahead; F 180 ahead; LA/RA 90 from straight ahead to that
// side; LF/RF 180 from ahead to behind on that side; R 90 behind; RF180
// (Rear Full) 180 behind. Edges count as inside.
func InArc(arc string, rel float64) (bool, error) {
	r := world.RelDeg(rel)
	a := math.Abs(r)
	switch arc {
	case "AR":
		return true, nil
	case "A":
		return a <= 45+eps, nil
	case "F":
		return a <= 90+eps, nil
	case "LA":
		return r <= eps && r >= -90-eps, nil
	case "RA":
		return r >= -eps && r <= 90+eps, nil
	case "LF":
		return r <= eps || a >= 180-eps, nil
	case "RF":
		return r >= -eps, nil
	case "R":
		return a >= 135-eps, nil
	case "RF180":
		return a >= 90-eps, nil
	}
	return false, fmt.Errorf("unknown fire arc %q", arc)
}

// BaseGeometry is what the shooting rules need from two bases on the table.
type BaseGeometry struct {
	// Range is the edge-to-edge distance (cm).
	Range float64
	// FirerRel is the bearing of the target from the firer's facing;
	// TargetRel the bearing of the firer from the target's facing.
	FirerRel, TargetRel float64
	// Hit is the target's quadrant and side the shot comes from.
	Hit HitContext
}

// MeasureBases works out range, relative bearings, quadrant and side
// between a firer's base and a target's base (centre to centre for the
// angles, edge to edge for the range).
func MeasureBases(firer, target world.Base) BaseGeometry {
	g := BaseGeometry{Range: world.Distance(firer, target)}
	toTarget := world.Bearing(target.Pos.Sub(firer.Pos))
	toFirer := world.Bearing(firer.Pos.Sub(target.Pos))
	g.FirerRel = world.RelDeg(toTarget - firer.Facing)
	g.TargetRel = world.RelDeg(toFirer - target.Facing)
	g.Hit = HitContext{Direction: Quadrant(g.TargetRel), Side: SideFromBearing(g.TargetRel)}
	return g
}
