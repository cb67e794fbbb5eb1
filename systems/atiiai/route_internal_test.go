package atiiai

import (
	"math"
	"testing"

	"github.com/auspex/auspex/world"
)

// TestHullPathRoundASquare: the shortest way from one side of a 10 cm
// square to the other passes two of its corners: 5 sqrt 2 + 10 + 5 sqrt 2.
func TestHullPathRoundASquare(t *testing.T) {
	sq := []world.Vec{{X: 0, Y: 0}, {X: 10, Y: 0}, {X: 10, Y: 10}, {X: 0, Y: 10}}
	hull := convexHull(append([]world.Vec{{X: 5, Y: 5}}, sq...)) // an inner point is dropped
	if len(hull) != 4 {
		t.Fatalf("hull %v, want the 4 corners", hull)
	}
	via, length := hullPath(hull, world.Vec{X: -5, Y: 5}, world.Vec{X: 15, Y: 5})
	if want := 10 + 10*math.Sqrt2; math.Abs(length-want) > 1e-9 {
		t.Errorf("length %.3f, want %.3f (via %v)", length, want, via)
	}
	if len(via) != 2 || via[0].X != 0 || via[1].X != 10 || via[0].Y != via[1].Y {
		t.Errorf("via %v, want two corners along one side", via)
	}
	// Pushed out by 2 cm, the corners stand 2 cm off both edges.
	off := offsetPolygon(sq, 2)
	for i, c := range off {
		if d := pointPolyDist(c, sq); math.Abs(d-2*math.Sqrt2) > 1e-9 {
			t.Errorf("corner %d at %v is %.3f from the square, want 2 sqrt 2", i, c, d)
		}
	}
	if !inConvex(hull, world.Vec{X: 5, Y: 5}) || inConvex(hull, world.Vec{X: 11, Y: 5}) {
		t.Error("inConvex: the centre is in, a point beside is out")
	}
	// A disc of radius 1 walked past 0.5 cm from the square touches it.
	if _, hit := capsuleMeets(sq, world.Vec{X: -5, Y: -0.5}, world.Vec{X: 15, Y: -0.5}, 1); !hit {
		t.Error("a base 1 cm in radius passing 0.5 cm off an edge touches it")
	}
	if _, hit := capsuleMeets(sq, world.Vec{X: -5, Y: -1.5}, world.Vec{X: 15, Y: -1.5}, 1); hit {
		t.Error("one passing 1.5 cm off does not")
	}
}
