package atiiui

import (
	"fmt"
	"image/color"
	"sort"
	"strings"

	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/world"
)

// Zones is the table's deployment zones as the game deploys: when a
// generated mission adopted a deployment map (atii.MissionOf, maps A-F
// from the objective cards) its zones replace the scenario's own ones
// (base), each coloured as the scenario colours the side deploying in it;
// zones no side deploys in (the scenario's own, kept in the rules' set-up)
// are not drawn. Without a generated map base is returned as it is. Zones
// are listed in id order.
func (s *UI) Zones(base []scene.Zone) []scene.Zone {
	mv, err := atii.MissionOf(s.State())
	if err != nil || mv.Map == "" || len(mv.Zones) == 0 {
		return base
	}
	// The colour of each side: that of its scenario zone in base.
	colour := map[string]color.NRGBA{}
	if sc := s.G.Scenario; sc != nil {
		for _, sd := range sc.Sides {
			for _, z := range base {
				if z.ID == sd.Zone {
					colour[sd.ID] = z.Color
				}
			}
		}
	}
	owner := map[string]string{}
	for side, id := range mv.SideZones {
		owner[id] = side
	}
	ids := make([]string, 0, len(owner))
	for id := range mv.Zones {
		if owner[id] != "" {
			ids = append(ids, id)
		}
	}
	sort.Strings(ids)
	// "deploys here" is an instruction while the titans are set up; once
	// the battle is on the zone is only where a side came from.
	label := "Map %s: %s deploys here"
	if s.State().Step != atii.StepDeploy {
		label = "Map %s: %s deployment zone"
	}
	out := make([]scene.Zone, 0, len(ids))
	for _, id := range ids {
		side := owner[id]
		z := scene.Zone{ID: "map-" + mv.Map + ":" + id, Label: fmt.Sprintf(label, mv.Map, s.SideName(side)), Color: color.NRGBA{160, 160, 160, 255}}
		if c, ok := colour[side]; ok {
			z.Color = c
		}
		for _, pc := range mv.Zones[id] {
			poly := make([]world.Vec, 0, len(pc))
			for _, p := range pc {
				poly = append(poly, p.Vec())
			}
			z.Polys = append(z.Polys, poly)
		}
		out = append(out, z)
	}
	return out
}

// ForceLimits is the set-up line of a generated mission's points limits
// (each side's force level from its objective card, atii.MissionOf), as
// the rules put them in the game. A side's limit is secret with its card,
// so only the viewing side's own is shown (every side's once the game is
// over); in a hotseat game whose secrets are hidden the line says how to
// see it. "" when there is none to show.
func (s *UI) ForceLimits() string {
	mv, err := atii.MissionOf(s.State())
	if err != nil || len(mv.Points) == 0 {
		return ""
	}
	sides := make([]string, 0, len(mv.Points))
	for side := range mv.Points {
		sides = append(sides, side)
	}
	sort.Strings(sides)
	var parts []string
	for _, side := range sides {
		if !s.Shows(side) {
			continue
		}
		parts = append(parts, fmt.Sprintf("%s %d pts", s.SideName(side), mv.Points[side]))
	}
	if len(parts) == 0 {
		if s.HotseatSecrets() && s.Mode() == play.ModeTurn {
			return "Force level (points limit): hidden with your secret objective; press O to see yours."
		}
		return ""
	}
	return "Force level (points limit): " + strings.Join(parts, ", ")
}
