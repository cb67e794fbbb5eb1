package app

import (
	"math"

	"github.com/auspex/auspex/world"
)

// Camera maps table cm to device pixels: a table point p is drawn at
// p*Scale+Off.
type Camera struct {
	Scale float64
	Off   world.Vec
}

// Zoom limits in device pixels per cm.
const (
	MinScale = 0.5
	MaxScale = 200
)

// ToScreen maps a table point to device pixels.
func (c Camera) ToScreen(p world.Vec) world.Vec { return p.Scale(c.Scale).Add(c.Off) }

// ToWorld maps device pixels to a table point.
func (c Camera) ToWorld(s world.Vec) world.Vec { return s.Sub(c.Off).Scale(1 / c.Scale) }

// ZoomAt multiplies the scale by k (clamped) keeping the table point under
// the screen point s fixed.
func (c *Camera) ZoomAt(s world.Vec, k float64) {
	w := c.ToWorld(s)
	c.Scale = math.Max(MinScale, math.Min(MaxScale, c.Scale*k))
	c.Off = s.Sub(w.Scale(c.Scale))
}

// Pan moves the view by d device pixels.
func (c *Camera) Pan(d world.Vec) { c.Off = c.Off.Add(d) }

// Fit shows the whole table centred in the viewport rectangle (device
// pixels), leaving margin pixels around it.
func (c *Camera) Fit(t world.Table, vx, vy, vw, vh, margin float64) {
	if t.W <= 0 || t.H <= 0 || vw <= 2*margin || vh <= 2*margin {
		return
	}
	c.Scale = math.Max(MinScale, math.Min(MaxScale, math.Min((vw-2*margin)/t.W, (vh-2*margin)/t.H)))
	c.Off = world.Vec{X: vx + (vw-t.W*c.Scale)/2, Y: vy + (vh-t.H*c.Scale)/2}
}
