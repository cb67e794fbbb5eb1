package scene

import (
	"math"

	"github.com/auspex/auspex/world"
)

// Icon names understood by ExpandIcon.
const (
	IconBlast     = "blast"
	IconDamage    = "damage"
	IconShield    = "shield"
	IconBroken    = "broken"
	IconObjective = "objective"
	IconTarget    = "target"
	IconPin       = "pin"
)

// star returns a star polygon with k points, outer radius r, inner ri.
func star(c world.Vec, k int, r, ri float64) []world.Vec {
	pts := make([]world.Vec, 0, 2*k)
	for i := 0; i < 2*k; i++ {
		rad := r
		if i%2 == 1 {
			rad = ri
		}
		pts = append(pts, c.Add(world.Heading(float64(i)*180/float64(k)).Scale(rad)))
	}
	return pts
}

// ExpandIcon turns an Icon primitive into plain shapes (polygons, circles,
// segments) in the icon's layer. Fill and Stroke come from the icon's Style;
// an unknown name draws a plain circle so nothing silently disappears.
func ExpandIcon(p Prim) []Prim {
	c, r := p.C, p.R
	base := Prim{Layer: p.Layer, ID: p.ID, Style: Style{Fill: p.Fill, Stroke: p.Stroke, Width: p.Width}}
	poly := func(pts []world.Vec) Prim { q := base; q.Kind = Polygon; q.Pts = pts; return q }
	switch p.Icon {
	case IconBlast:
		return []Prim{poly(star(c, 8, r, r*0.55))}
	case IconDamage:
		return []Prim{poly([]world.Vec{{X: c.X, Y: c.Y - r}, {X: c.X + r, Y: c.Y}, {X: c.X, Y: c.Y + r}, {X: c.X - r, Y: c.Y}})}
	case IconShield:
		return []Prim{poly([]world.Vec{
			{X: c.X - r*0.85, Y: c.Y - r*0.8}, {X: c.X + r*0.85, Y: c.Y - r*0.8},
			{X: c.X + r*0.8, Y: c.Y + r*0.1}, {X: c.X, Y: c.Y + r}, {X: c.X - r*0.8, Y: c.Y + r*0.1},
		})}
	case IconBroken:
		disc := base
		disc.Kind, disc.C, disc.R = Circle, c, r
		bar := base
		bar.Kind = Polygon
		bar.Pts = []world.Vec{{X: c.X - r*0.65, Y: c.Y - r*0.22}, {X: c.X + r*0.65, Y: c.Y - r*0.22}, {X: c.X + r*0.65, Y: c.Y + r*0.22}, {X: c.X - r*0.65, Y: c.Y + r*0.22}}
		bar.Fill, bar.Stroke = colWhite.c(), withAlpha(colWhite.c(), 0)
		return []Prim{disc, bar}
	case IconObjective:
		return []Prim{poly(star(c, 5, r, r*0.45))}
	case IconTarget:
		ring := base
		ring.Kind, ring.C, ring.R = Circle, c, r*0.7
		ring.Fill.A = 0
		cross := base
		cross.Kind = Segments
		cross.Pts = []world.Vec{{X: c.X - r, Y: c.Y}, {X: c.X + r, Y: c.Y}, {X: c.X, Y: c.Y - r}, {X: c.X, Y: c.Y + r}}
		return []Prim{ring, cross}
	}
	dot := base
	dot.Kind, dot.C, dot.R = Circle, c, math.Max(r*0.5, 1e-6)
	return []Prim{dot}
}
