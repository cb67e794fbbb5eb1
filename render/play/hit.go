package play

import (
	"math"

	"github.com/auspex/auspex/world"
)

// UnitAt is the unit whose base is under the table point p where it stands
// now (the game state's position and facing, not the scenario's start):
// the nearest base whose edge is within tol cm of p. Titans that are not
// placed yet, have left the table or are destroyed are never hit. It
// returns "" when no base is that close.
func (s *Session) UnitAt(p world.Vec, tol float64) string {
	st := s.State()
	best, bestD := "", math.Inf(1)
	for i := range st.Units {
		u := &st.Units[i]
		if u.Destroyed || !s.ui.OnTable(u) {
			continue
		}
		b := s.ui.Base(u)
		if b.Foot.Validate() != nil {
			continue
		}
		if d := b.PointDistance(p); d <= tol && d < bestD {
			best, bestD = u.ID, d
		}
	}
	return best
}

// BaseOf is unit id's base where it stands now; ok is false when the unit
// is unknown, not placed yet or off the table (a destroyed titan's wreck
// still has a base).
func (s *Session) BaseOf(id string) (b world.Base, ok bool) {
	u := s.State().Unit(id)
	if u == nil || !s.ui.OnTable(u) {
		return b, false
	}
	return s.ui.Base(u), true
}
