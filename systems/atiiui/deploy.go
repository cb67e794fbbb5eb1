package atiiui

import (
	"fmt"
	"math"

	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/world"
)

// deployUnit is the titan a click in the deployment step places: the
// selected one when it may deploy, else the first still to deploy.
func (s *UI) deployUnit() string {
	id := s.Selected
	if !s.Playable(id) {
		if pd := s.State().Pending; pd != nil && len(pd.Units) > 0 {
			id = pd.Units[0]
		}
	}
	return id
}

// deployFacing is the facing a titan deployed at p gets: the drafted
// facing when one was set ([ and ]), else towards the table's centre
// (straight across the table along the long edges).
func (s *UI) deployFacing(p world.Vec) float64 {
	if s.Facing != nil {
		return *s.Facing
	}
	t := s.rs().World().Table
	face := world.Bearing(world.Vec{X: t.W / 2, Y: t.H / 2}.Sub(p))
	if math.Abs(p.Y-t.H/2) > math.Abs(p.X-t.W/2)*t.H/t.W {
		if p.Y < t.H/2 {
			face = 180
		} else {
			face = 0
		}
	}
	return world.NormDeg(face)
}

// DeployGhost is the titan that a click at the cursor would deploy: its
// base there with its facing, and the rules' verdict (nil when the
// placement is legal). ok is false outside the deployment step.
func (s *UI) DeployGhost() (b world.Base, verdict error, ok bool) {
	if s.Mode() != play.ModeTurn || s.State().Step != atii.StepDeploy || !s.HasCursor {
		return b, nil, false
	}
	id := s.deployUnit()
	u := s.State().Unit(id)
	if u == nil {
		return b, nil, false
	}
	p := s.Cursor
	b = s.base(u)
	b.Pos, b.Facing = p, s.deployFacing(p)
	if d := s.drag; d != nil && d.kind == dragDeploy {
		b.Pos, b.Facing = d.from, s.dragFacing(d)
		p = d.from
	}
	c := s.rs().Deploy(s.Decider(), id, p.X, p.Y, b.Facing)
	return b, s.G.Engine.Check(s.G.Bind(c)), true
}

// DeployZone is the deciding side's deployment zone (nil when none).
func (s *UI) DeployZone() *scenarios.Zone {
	sc := s.G.Scenario
	if sc == nil {
		return nil
	}
	if sd := sc.Side(s.Decider()); sd != nil && sd.Zone != "" {
		return sc.Zone(sd.Zone)
	}
	return nil
}

// DeployZonePolys is the decider's deployment zone as the rules check it:
// the zone of the deployment map a generated mission adopted
// (atii.MissionOf), else the scenario's zone (DeployZone).
func (s *UI) DeployZonePolys() [][]world.Vec {
	if mv, err := atii.MissionOf(s.State()); err == nil {
		if id := mv.SideZones[s.Decider()]; id != "" && mv.Map != "" {
			if pieces, ok := mv.Zones[id]; ok {
				out := make([][]world.Vec, len(pieces))
				for i, pc := range pieces {
					for _, p := range pc {
						out[i] = append(out[i], p.Vec())
					}
				}
				return out
			}
		}
	}
	if z := s.DeployZone(); z != nil && z.Area != nil {
		return z.Area.Polygons()
	}
	return nil
}

// deployAt places the deploying titan (see deployUnit) at p facing face;
// a refused placement says why.
func (s *UI) deployAt(p world.Vec, face float64) {
	id := s.deployUnit()
	c := s.rs().Deploy(s.Decider(), id, p.X, p.Y, face)
	if err := s.G.Engine.Check(s.G.Bind(c)); err != nil {
		s.Fail(fmt.Errorf("cannot deploy %s there: %s", id, reason(err)))
		return
	}
	s.Play(c)
}
