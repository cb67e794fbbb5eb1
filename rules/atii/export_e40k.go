package atii

import (
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/world"
)

// Helpers exported for rulesets that host ATII titans inside another
// game (rules/e40k: titans inside Epic 40,000 battles, seed 002's
// integration section). Each wraps this package's own code, so a titan
// moves, is hit and is stored exactly as in an ATII game.

// PutTitan stores ts on unit u (ExtTitan) and mirrors it into the generic
// fields the interfaces read: Damage (location -> level), Shields and
// Destroyed. Errors: the state does not encode.
func PutTitan(u *rules.Unit, prof *catalog.Unit, ts TitanState) error { return putTitan(u, prof, ts) }

// PlanFromReport converts a path measured with world.MeasureMove into the
// MovePlan the movement rules price (CheckMove, ResolveMove): segments in
// path order with the turns made before each, and a final turn.
func PlanFromReport(rep *world.MoveReport, assault, inCloseCombat bool) MovePlan {
	return planFromReport(rep, assault, inCloseCombat)
}

// PositionAt is where a titan stands, and its facing, after going dist cm
// along a measured path (the path's end when it completed it).
func PositionAt(rep *world.MoveReport, start world.Base, dist float64, complete bool) (world.Vec, float64) {
	return positionAt(rep, start, dist, complete)
}

// HitContextFrom is where an attack from point from strikes the titan on
// base tb: the quadrant (hit table) and the side (closest weapon).
func HitContextFrom(tb world.Base, from world.Vec) HitContext { return hitContext(tb, from) }

// DamageEvents turns hits resolved on titan target into log events.
func DamageEvents(target string, hits []HitResult) []rules.Event { return damageEvents(target, hits) }

// DestroyedEvent is the log event of a titan destroyed by damage.
func DestroyedEvent(id string, ts TitanState) rules.Event { return destroyedEvent(id, ts) }
