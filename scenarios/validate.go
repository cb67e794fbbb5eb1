package scenarios

import (
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

// basesOverlap reports whether two footprints' interiors overlap; bases in
// contact, edge to edge, do not. It is world.Overlap (the geometry the rules
// use), behind a cheap bounding-circle test.
func basesOverlap(a, b world.Base) bool {
	if a.Pos.Dist(b.Pos) >= a.Foot.BoundRadius()+b.Foot.BoundRadius() {
		return false
	}
	return world.Overlap(a, b)
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
