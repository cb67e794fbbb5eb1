// Package adapt turns a loaded scenario into what the render packages draw
// (a scene.Input) and what the window's side panel shows about a unit. It
// is the only render package that knows the scenario format, so the scene
// builder stays independent of it.
package adapt

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/world"
)

// neutral is the colour of zones and objectives no side owns.
func neutral() color.NRGBA { return color.NRGBA{110, 70, 150, 255} }

func nrgba(c color.RGBA) color.NRGBA {
	if c.A == 0 {
		return color.NRGBA{128, 128, 128, 255}
	}
	return color.NRGBA{c.R, c.G, c.B, 255}
}

// Input builds the table picture of s: terrain, zones (in the colour of the
// side deploying there), objectives and every placed unit's base.
func Input(s *scenarios.Scenario) *scene.Input {
	in := &scene.Input{Table: s.Table}
	if s.World != nil {
		in.Features = s.World.Features
	}
	zoneColour := map[string]color.NRGBA{}
	for _, sd := range s.Sides {
		if sd.Zone != "" {
			zoneColour[sd.Zone] = nrgba(sd.Colour)
		}
	}
	for _, z := range s.Zones {
		c, ok := zoneColour[z.ID]
		if !ok {
			c = neutral()
		}
		label := z.Name
		if label == "" {
			label = z.ID
		}
		in.Zones = append(in.Zones, scene.Zone{ID: z.ID, Label: label, Polys: z.Area.Polygons(), Outline: z.Area.Outline(), Color: c})
	}
	for _, o := range s.Objectives {
		label := o.Label
		if label == "" {
			label = o.ID
		}
		in.Objectives = append(in.Objectives, scene.Objective{ID: o.ID, Label: label, Pos: o.Pos, Color: neutral()})
	}
	for _, sd := range s.Sides {
		for _, f := range sd.Formations {
			for _, u := range f.Units {
				if !u.Placed || u.Profile == nil {
					continue
				}
				in.Bases = append(in.Bases, scene.Base{Base: u.Base(), Label: TableLabel(u), Side: sd.ID, Color: nrgba(sd.Colour), Shields: -1})
			}
		}
	}
	return in
}

// TableLabel is the short name printed next to a unit's base: its own name,
// or its id (the side panel gives the type).
func TableLabel(u *scenarios.Unit) string {
	if u.Name != "" {
		return u.Name
	}
	return u.ID
}

// ArcSpec gives the start (degrees clockwise from the facing) and width of
// an arc code, using the world package's arc definitions (ATII hardpoint
// arcs AR, A, F, LA, RA, LF, RF, R, RF180 and the Epic 3.0 mounts). An
// empty code is all round. ok is false for an unknown code.
func ArcSpec(code string) (start, width float64, ok bool) {
	if code == "" {
		return 0, 360, true
	}
	a, err := world.ParseArc(code)
	if err != nil {
		return 0, 0, false
	}
	return a.Centre - a.Half, 2 * a.Half, true
}

// WeaponColors is the cycle of arc colours, one per weapon of a unit.
func WeaponColors() []color.NRGBA {
	return []color.NRGBA{{230, 110, 0, 255}, {0, 140, 160, 255}, {190, 30, 140, 255}, {110, 130, 0, 255}, {90, 60, 200, 255}}
}

// Weapon is one weapon of a unit as the side panel lists it.
type Weapon struct {
	Mount, Name string
	// Arc is the arc code; Start and Width its extent from the facing.
	Arc          string
	Start, Width float64
	// Range in cm (Unlimited for support missiles).
	Range     float64
	Unlimited bool
	// Stats is a one-line profile ("45 cm, RoF 4, Str 5").
	Stats string
	Color color.NRGBA
}

// UnitInfo is what the side panel shows about one unit.
type UnitInfo struct {
	ID, Label, Side, Type string
	Base                  world.Base
	// Profile lines ("Speed 20 cm, Man 2, ...").
	Profile []string
	Weapons []Weapon
}

// Info describes unit id of s; ok is false when there is no such placed unit.
func Info(s *scenarios.Scenario, id string) (UnitInfo, bool) {
	u := s.Unit(id)
	if u == nil || u.Profile == nil {
		return UnitInfo{}, false
	}
	p := u.Profile
	info := UnitInfo{ID: u.ID, Label: u.Label(), Side: u.Side, Type: p.Name, Base: u.Base()}
	if sd := s.Side(u.Side); sd != nil && sd.Name != "" {
		info.Side = sd.Name
	}
	var stats []string
	add := func(name string, v int, suffix string) {
		if v != 0 {
			stats = append(stats, name+" "+strconv.Itoa(v)+suffix)
		}
	}
	if p.Speed > 0 {
		stats = append(stats, "Speed "+num(p.Speed)+" cm")
	}
	for _, st := range p.Stats() {
		add(st.Name, st.Value, st.Suffix)
	}
	for i := 0; i < len(stats); i += 3 {
		info.Profile = append(info.Profile, strings.Join(stats[i:min(i+3, len(stats))], ", "))
	}
	foot := p.Base
	if foot.Shape == world.Circle {
		info.Profile = append(info.Profile, fmt.Sprintf("Base: round, %s cm across", num(2*foot.Radius)))
	} else {
		info.Profile = append(info.Profile, fmt.Sprintf("Base: %s x %s cm", num(foot.W), num(foot.H)))
	}
	if len(p.Specials) > 0 {
		info.Profile = append(info.Profile, "Special: "+strings.Join(p.Specials, ", "))
	}
	cols := WeaponColors()
	addWeapon := func(mount, arc string, w *catalog.Weapon) {
		start, width, ok := ArcSpec(arc)
		if !ok {
			start, width = 0, 360
		}
		wp := Weapon{Mount: mount, Name: w.Name, Arc: arc, Start: start, Width: width, Range: w.Range, Unlimited: w.Unlimited, Color: cols[len(info.Weapons)%len(cols)]}
		var parts []string
		switch {
		case w.Unlimited:
			parts = append(parts, "unlimited range")
		case w.Range > 0:
			parts = append(parts, num(w.Range)+" cm")
		}
		parts = append(parts, w.Stats()...)
		wp.Stats = strings.Join(parts, ", ")
		info.Weapons = append(info.Weapons, wp)
	}
	cat := s.Catalogue
	mounts := p.MountSlots()
	for _, m := range mounts {
		wid := u.Loadout[m.ID]
		if wid == "" {
			wid = m.Default
		}
		if cat == nil {
			continue
		}
		if w, ok := cat.Weapons[wid]; ok {
			addWeapon(m.Name, m.Arc, w)
		}
	}
	if len(mounts) == 0 && cat != nil {
		for _, wid := range p.Arms() {
			if w, ok := cat.Weapons[wid]; ok {
				addWeapon("", "AR", w)
			}
		}
	}
	return info, true
}

// Arcs returns the fire arc of each of the unit's weapons that has a range,
// clipped by the scene to the table. Unlimited weapons reach the far
// corner of the table.
func Arcs(info UnitInfo, table world.Table) []scene.Arc {
	var out []scene.Arc
	for _, w := range info.Weapons {
		r := w.Range
		label := w.Name + " " + num(w.Range) + " cm"
		if w.Unlimited {
			r = math.Hypot(table.W, table.H)
			label = w.Name + " (unlimited)"
		}
		if r <= 0 {
			continue
		}
		out = append(out, scene.Arc{Base: info.Base, Label: label, Start: w.Start, Width: w.Width, Range: r, Color: w.Color})
	}
	return out
}

func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
