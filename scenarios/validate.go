package scenarios

import (
	"math"

	"go.yaml.in/yaml/v3"

	"github.com/auspex/auspex/world"
)

// onTable reports whether the whole footprint lies on the table.
func onTable(t world.Table, b world.Base) bool {
	if b.Foot.Shape == world.Circle {
		r := b.Foot.Radius
		return b.Pos.X-r >= -world.Eps && b.Pos.Y-r >= -world.Eps && b.Pos.X+r <= t.W+world.Eps && b.Pos.Y+r <= t.H+world.Eps
	}
	for _, c := range b.Corners() {
		if !t.Contains(c) {
			return false
		}
	}
	return true
}

// basesOverlap reports whether two footprints' interiors overlap (bases in
// contact, edge to edge, do not overlap). Circles are compared by centre
// distance, a circle and a rectangle by the rectangle's closest point, two
// rectangles by the separating axis test.
func basesOverlap(a, b world.Base) bool {
	if a.Pos.Dist(b.Pos) >= a.Foot.BoundRadius()+b.Foot.BoundRadius() {
		return false
	}
	const tol = 1e-4 // cm: touching bases are legal contact
	switch {
	case a.Foot.Shape == world.Circle && b.Foot.Shape == world.Circle:
		return a.Pos.Dist(b.Pos) < a.Foot.Radius+b.Foot.Radius-tol
	case a.Foot.Shape == world.Circle:
		return circleRectOverlap(a, b, tol)
	case b.Foot.Shape == world.Circle:
		return circleRectOverlap(b, a, tol)
	}
	ca, cb := a.Corners(), b.Corners()
	for _, poly := range [][]world.Vec{ca, cb} {
		for i := 0; i < 2; i++ {
			e := poly[(i+1)%4].Sub(poly[i])
			axis := world.Vec{X: -e.Y, Y: e.X}
			l := axis.Len()
			if l == 0 {
				continue
			}
			axis = axis.Scale(1 / l)
			amin, amax := project(ca, axis)
			bmin, bmax := project(cb, axis)
			if amax <= bmin+tol || bmax <= amin+tol {
				return false
			}
		}
	}
	return true
}

func circleRectOverlap(c, r world.Base, tol float64) bool {
	if r.Contains(c.Pos) {
		return true
	}
	return r.PointDistance(c.Pos) < c.Foot.Radius-tol
}

func project(poly []world.Vec, axis world.Vec) (float64, float64) {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, p := range poly {
		d := p.Dot(axis)
		lo, hi = math.Min(lo, d), math.Max(hi, d)
	}
	return lo, hi
}

// checkPlacement reports units off the table, overlapping each other, or
// (deploy-in-zone) outside their side's zone.
func (p *parser) checkPlacement() {
	s := p.s
	var placed []*Unit
	for _, u := range s.Units() {
		if !u.Placed || u.Profile == nil || u.Profile.Base.Validate() != nil {
			continue
		}
		pos := &yaml.Node{Line: u.Line, Column: u.Col}
		b := u.Base()
		if !onTable(s.Table, b) {
			p.d.Errorf(pos, "unit %q at (%.4g, %.4g): its base is not wholly on the %gx%g cm table", u.ID, u.Pos.X, u.Pos.Y, s.Table.W, s.Table.H)
			continue
		}
		if s.Deployment == DeployInZone {
			if sd := s.Side(u.Side); sd != nil && sd.Zone != "" {
				if z := s.Zone(sd.Zone); z != nil && !z.Area.Contains(u.Pos) {
					p.d.Errorf(pos, "unit %q at (%.4g, %.4g) is outside its side's deployment zone %q", u.ID, u.Pos.X, u.Pos.Y, z.ID)
				}
			}
		}
		placed = append(placed, u)
	}
	// Pairwise with a bounding-circle prefilter: scenarios hold at most a
	// few hundred units.
	for i, a := range placed {
		ba := a.Base()
		for _, b := range placed[i+1:] {
			bb := b.Base()
			if basesOverlap(ba, bb) {
				p.d.Errorf(&yaml.Node{Line: b.Line, Column: b.Col}, "unit %q overlaps unit %q (line %d): bases may touch but not overlap", b.ID, a.ID, a.Line)
			}
		}
	}
}
