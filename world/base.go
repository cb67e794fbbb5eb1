package world

import (
	"fmt"
	"math"
)

// Shape is the kind of a base footprint.
type Shape int

const (
	// Circle is a round base of a given radius.
	Circle Shape = iota
	// Rect is a rectangular base W wide (across its facing) and H deep (along it).
	Rect
)

// String names the shape as it appears in data files.
func (s Shape) String() string {
	switch s {
	case Circle:
		return "circle"
	case Rect:
		return "rect"
	}
	return fmt.Sprintf("shape(%d)", int(s))
}

// Footprint is the size and shape of a base, in cm. For Circle only Radius
// is used; for Rect, W is the width across the facing and H the depth along it.
type Footprint struct {
	Shape  Shape
	Radius float64
	W, H   float64
	// SightHeight is how tall the model on the base stands, in cm above
	// the table: it sees from that height and is seen up to it. 0: not
	// given (line of sight then ignores terrain heights, see LOSOptions).
	SightHeight float64
}

// Validate reports a footprint with non-positive or non-finite sizes.
func (f Footprint) Validate() error {
	ok := func(x float64) bool { return x > 0 && !math.IsInf(x, 0) && !math.IsNaN(x) }
	switch f.Shape {
	case Circle:
		if !ok(f.Radius) {
			return fmt.Errorf("circle base radius must be a positive number of cm, got %v", f.Radius)
		}
	case Rect:
		if !ok(f.W) || !ok(f.H) {
			return fmt.Errorf("rect base size must be positive cm, got %v x %v", f.W, f.H)
		}
	default:
		return fmt.Errorf("unknown base shape %d", int(f.Shape))
	}
	if f.SightHeight < 0 || math.IsInf(f.SightHeight, 0) || math.IsNaN(f.SightHeight) {
		return fmt.Errorf("base sight height must be 0 or more cm, got %v", f.SightHeight)
	}
	return nil
}

// BoundRadius is the radius of the smallest circle about the centre that
// contains the footprint.
func (f Footprint) BoundRadius() float64 {
	if f.Shape == Circle {
		return f.Radius
	}
	return math.Hypot(f.W/2, f.H/2)
}

// Base is one model's base on the table: an id, its centre, facing (degrees,
// 0 = north, clockwise) and footprint.
type Base struct {
	ID     string
	Pos    Vec
	Facing float64
	Foot   Footprint
}

// Corners returns the four corners of a rectangular base, clockwise from the
// front-left corner. For a circle it returns nil.
func (b Base) Corners() []Vec {
	if b.Foot.Shape != Rect {
		return nil
	}
	hw, hh := b.Foot.W/2, b.Foot.H/2
	local := [4]Vec{{-hw, -hh}, {hw, -hh}, {hw, hh}, {-hw, hh}}
	out := make([]Vec, 4)
	for i, p := range local {
		out[i] = b.Pos.Add(p.Rotate(b.Facing))
	}
	return out
}

// toLocal maps a table point into the base's frame (facing = -Y).
func (b Base) toLocal(p Vec) Vec { return p.Sub(b.Pos).Rotate(-b.Facing) }

// Contains reports whether p lies inside or on the footprint (within Eps).
func (b Base) Contains(p Vec) bool {
	if b.Foot.Shape == Circle {
		return p.Dist(b.Pos) <= b.Foot.Radius+Eps
	}
	l := b.toLocal(p)
	return math.Abs(l.X) <= b.Foot.W/2+Eps && math.Abs(l.Y) <= b.Foot.H/2+Eps
}

// ClosestPoint returns the point of the footprint (including its interior)
// closest to p. For p inside the base it returns p.
func (b Base) ClosestPoint(p Vec) Vec {
	if b.Foot.Shape == Circle {
		d := p.Sub(b.Pos)
		l := d.Len()
		if l <= b.Foot.Radius {
			return p
		}
		return b.Pos.Add(d.Scale(b.Foot.Radius / l))
	}
	l := b.toLocal(p)
	hw, hh := b.Foot.W/2, b.Foot.H/2
	c := Vec{math.Max(-hw, math.Min(hw, l.X)), math.Max(-hh, math.Min(hh, l.Y))}
	return b.Pos.Add(c.Rotate(b.Facing))
}

// PointDistance is the distance from p to the edge of the base: 0 when p is
// on or inside the footprint.
func (b Base) PointDistance(p Vec) float64 {
	return p.Dist(b.ClosestPoint(p))
}
