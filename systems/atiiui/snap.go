package atiiui

import (
	"fmt"
	"math"

	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/world"
)

// Snapping of drawn path legs. A pointer cannot aim to a thousandth of a
// degree or a millionth of a cm, but the rules price every fraction of a
// degree of turn (ATII-MOV-2: any turn uses Man) and close combat needs
// exact base contact (world.InContact: a gap of at most world.Eps). The
// session therefore snaps the end of each new leg.
const (
	// HeadingSnap is how close (degrees) a leg's heading must be to the
	// titan's heading at its start (straight ahead or straight back) to be
	// snapped onto it: no turn, no Man.
	HeadingSnap = 3.0
	// AngleStep is the step (degrees, relative to the titan's heading) a
	// leg's heading snaps to while AngleSnap is on (Shift held).
	AngleStep = 15.0
	// DefaultSlack is how far outside an enemy's base (cm) the pointer may
	// be for a leg to charge it when the window has not set Slack.
	DefaultSlack = 0.5
)

// legStart is where the next leg of the drafted path starts and the
// titan's heading there: its position and facing, moved along the drafted
// points as the rules move it (world.MoveOptions.FaceMovement: it turns to
// face each forward leg; for a leg more than 90 degrees off it turns its
// rear to the leg, unless already within world.DefaultBackTolerance of
// straight back, and walks backwards).
func (s *UI) legStart() (from world.Vec, heading float64, ok bool) {
	u := s.State().Unit(s.Selected)
	if u == nil {
		return from, 0, false
	}
	from, heading = u.Pos, u.Facing
	for _, p := range s.Draft {
		d := p.Sub(from)
		if d.Len() > world.Eps {
			dir := world.Bearing(d)
			switch rel := math.Abs(world.RelDeg(dir - heading)); {
			case rel <= 90:
				heading = dir
			case 180-rel > world.DefaultBackTolerance:
				heading = world.NormDeg(dir + 180)
			}
		}
		from = p
	}
	return from, heading, true
}

// snapLeg is where a leg drawn to the pointer at p ends: its heading
// snapped (straight ahead or back within HeadingSnap; to AngleStep steps
// with AngleSnap), and in the assault phase, when p is on or within Slack
// of an enemy titan, cut or stretched to end in exact base contact with it
// (a charge: contact is base to base, ATII-CC-1).
func (s *UI) snapLeg(p world.Vec) world.Vec {
	st := s.State()
	if st.Step != atii.StepMovement && st.Step != atii.StepAssault {
		return p
	}
	from, heading, ok := s.legStart()
	if !ok {
		return p
	}
	d := p.Sub(from)
	l := d.Len()
	if l <= world.Eps {
		return p
	}
	dir := snapHeading(world.Bearing(d), heading, s.AngleSnap)
	end := from.Add(world.Heading(dir).Scale(l))
	if st.Step == atii.StepAssault {
		if c, ok := s.chargeEnd(from, dir, p); ok {
			return c
		}
	}
	return s.clampToSpeed(from, dir, l, end)
}

// clampToSpeed cuts a leg of length l from `from` on heading dir (ending
// at end) that overshoots the titan's allowance by no more than the
// pointer's slack so that the path uses exactly its Speed (ATII-MOV-1: a
// titan may move up to its Speed; a pointer cannot stop on the last
// hundredth of a cm). A leg further over stays as drawn, and is refused
// with the reason.
func (s *UI) clampToSpeed(from world.Vec, dir, l float64, end world.Vec) world.Vec {
	slack := s.Slack
	if slack <= 0 {
		slack = DefaultSlack
	}
	// cost prices the drafted points followed by pts (the path without
	// points costs nothing).
	cost := func(pts ...world.Vec) (float64, float64, bool) {
		path := make([]atii.Waypoint, 0, len(s.Draft)+len(pts))
		for _, p := range append(append([]world.Vec(nil), s.Draft...), pts...) {
			path = append(path, atii.Waypoint{X: p.X, Y: p.Y})
		}
		if len(path) == 0 {
			return 0, 0, true
		}
		if s.Facing != nil {
			path[len(path)-1].Facing = atii.Face(*s.Facing)
		}
		v, _ := s.rs().PlanMove(s.State(), s.rs().Move(s.Decider(), s.Selected, path...))
		return v.Check.Cost, v.Check.Speed, v.Measured
	}
	c, speed, ok := cost(end)
	over := c - speed
	if !ok || over <= world.Eps || over > slack*atii.BackwardsCost {
		return end
	}
	// The leg's cost per cm (1 walking forwards, BackwardsCost backwards)
	// from the cost of the path without it.
	c0, _, ok0 := cost()
	if !ok0 || c-c0 <= world.Eps {
		return end
	}
	rate := (c - c0) / l
	if over/rate > slack {
		return end
	}
	cut := from.Add(world.Heading(dir).Scale(l - over/rate))
	if c2, _, ok := cost(cut); !ok || c2 > speed+world.Eps {
		return end
	}
	return cut
}

// snapHeading snaps the bearing dir of a leg for a titan heading h: onto h
// or h+180 within HeadingSnap degrees, else (steps set) to the nearest
// multiple of AngleStep from h.
func snapHeading(dir, h float64, steps bool) float64 {
	if d := world.SnapHeading(dir, h, HeadingSnap); d != world.NormDeg(dir) {
		return d
	}
	if d := world.SnapHeading(dir, h+180, HeadingSnap); d != world.NormDeg(dir) {
		return d
	}
	if steps {
		return world.NormDeg(h + world.SnapHeadingStep(world.RelDeg(dir-h), AngleStep))
	}
	return dir
}

// chargeTarget is the enemy titan the pointer at p is on or within slack
// of (the nearest), with its base.
func (s *UI) chargeTarget(p world.Vec) (world.Base, bool) {
	st := s.State()
	me := st.Unit(s.Selected)
	if me == nil {
		return world.Base{}, false
	}
	slack := s.Slack
	if slack <= 0 {
		slack = DefaultSlack
	}
	var best world.Base
	bestD, found := math.Inf(1), false
	for i := range st.Units {
		u := &st.Units[i]
		if u.Side == me.Side || u.Destroyed || !OnTable(u) {
			continue
		}
		b := s.base(u)
		if d := b.PointDistance(p); d <= slack && d < bestD {
			best, bestD, found = b, d, true
		}
	}
	return best, found
}

// engagedRefusal says why no leg may be drawn to p in the assault phase
// when p is on (or within slack of) an enemy titan the selected titan
// already touches where the leg starts: it is in close combat with it,
// may turn but not move away (ATII-CC-1), and the two fight in the close
// combat phase. Without it the point went inside the enemy's base (no
// charge snaps a titan already in contact) and the path was refused as
// overlapping. When the contact is the end of the drawn path (a charge
// drafted), it says Enter charges instead. nil when p is not such a
// titan.
func (s *UI) engagedRefusal(p world.Vec) error {
	st := s.State()
	if st.Step != atii.StepAssault {
		return nil
	}
	from, _, ok := s.legStart()
	if !ok {
		return nil
	}
	e, ok := s.chargeTarget(p)
	if !ok {
		return nil
	}
	me := s.base(st.Unit(s.Selected))
	me.Pos = from
	if !world.InContact(me, e) && !world.Overlap(me, e) {
		return nil
	}
	if len(s.Draft) > 0 {
		// The contact is the drafted charge's, not a fight already joined.
		return fmt.Errorf("the drawn path already ends in base contact with %s: Enter charges, Esc drops the path", s.unitName(e.ID))
	}
	return fmt.Errorf("%s is already in base contact with %s: they fight in the close combat phase; a titan in close combat may turn ([ and ]) but not move away. H holds it", s.unitName(s.Selected), s.unitName(e.ID))
}

// chargeEnd is the end of a leg from `from` that charges the enemy under
// p: the first point along the leg's heading dir where the titan's base
// touches the enemy's (gap 0, no overlap), or straight at the enemy's
// centre when that heading passes it by. ok is false when p is not on an
// enemy or the titan already touches it at from.
func (s *UI) chargeEnd(from world.Vec, dir float64, p world.Vec) (world.Vec, bool) {
	e, ok := s.chargeTarget(p)
	if !ok {
		return p, false
	}
	me := s.base(s.State().Unit(s.Selected))
	me.Pos = from
	if world.Distance(me, e) <= 0 {
		return p, false
	}
	if at, ok := touchAlong(me, e, dir, p.Sub(from).Len()); ok {
		return at, true
	}
	return touchAlong(me, e, world.Bearing(e.Pos.Sub(from)), e.Pos.Sub(from).Len())
}

// touchAlong moves base me from its position along bearing dir (facing
// that way, as a titan walking forwards does) and returns the first
// position where it touches e: found by stepping to the first contact no
// further than about reach plus both bases' sizes, then halving the last
// step until the gap is exactly 0 at a point less than 1e-9 cm past the
// touch (well within world.Eps, so the bases do not overlap).
func touchAlong(me, e world.Base, dir, reach float64) (world.Vec, bool) {
	h := world.Heading(dir)
	at := func(t float64) world.Base {
		b := me
		b.Pos, b.Facing = me.Pos.Add(h.Scale(t)), world.NormDeg(dir)
		return b
	}
	limit := reach + 2*(baseSize(me)+baseSize(e)) + 1
	const step = 0.25
	lo, hi, found := 0.0, 0.0, false
	for t := step; t <= limit+step; t += step {
		if world.Distance(at(t), e) <= 0 {
			hi, found = t, true
			break
		}
		lo = t
	}
	if !found {
		return world.Vec{}, false
	}
	for i := 0; i < 200 && hi-lo > 1e-10; i++ {
		mid := (lo + hi) / 2
		if world.Distance(at(mid), e) <= 0 {
			hi = mid
		} else {
			lo = mid
		}
	}
	end := at(hi)
	if world.Overlap(end, e) || !world.InContact(end, e) {
		return world.Vec{}, false
	}
	return end.Pos, true
}

// baseSize is the radius of the circle around a footprint.
func baseSize(b world.Base) float64 {
	if b.Foot.Shape == world.Circle {
		return b.Foot.Radius
	}
	return math.Hypot(b.Foot.W, b.Foot.H) / 2
}
