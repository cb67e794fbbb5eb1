package scene

import (
	"math"
	"testing"

	"github.com/auspex/auspex/world"
)

// Every hatch segment lies inside the polygon it was clipped to, including
// concave ones.
func TestHatchSegmentsInsidePolygon(t *testing.T) {
	concave := []world.Vec{{X: 0, Y: 0}, {X: 20, Y: 0}, {X: 20, Y: 20}, {X: 10, Y: 8}, {X: 0, Y: 20}}
	for _, ang := range []float64{0, 30, 45, 90, 135} {
		segs := hatchSegments(concave, ang, 1, nil)
		if len(segs) == 0 || len(segs)%2 != 0 {
			t.Fatalf("angle %v: %d points", ang, len(segs))
		}
		for i := 0; i < len(segs); i += 2 {
			for _, f := range []float64{0.1, 0.5, 0.9} {
				p := segs[i].Lerp(segs[i+1], f)
				if !world.PointInPolygon(p, concave) {
					t.Fatalf("angle %v: point %v of a hatch line is outside", ang, p)
				}
			}
		}
	}
}

func TestClipToRect(t *testing.T) {
	r := Rect{Max: world.Vec{X: 10, Y: 10}}
	tri := []world.Vec{{X: -5, Y: 5}, {X: 5, Y: -5}, {X: 15, Y: 15}}
	out := clipToRect(tri, r)
	if len(out) < 3 {
		t.Fatalf("clipped triangle vanished: %v", out)
	}
	for _, p := range out {
		if !r.Contains(p) {
			t.Fatalf("clipped point %v outside", p)
		}
	}
	if math.Abs(world.PolygonArea(out)) >= math.Abs(world.PolygonArea(tri)) {
		t.Fatal("clipping did not reduce the area")
	}
	if clipToRect([]world.Vec{{X: 20, Y: 20}, {X: 30, Y: 20}, {X: 25, Y: 30}}, r) != nil {
		t.Fatal("a polygon outside the rectangle should clip to nothing")
	}
}

func TestLabelIndex(t *testing.T) {
	x := newLabelIndex(Rect{Max: world.Vec{X: 50, Y: 50}}, 5)
	x.insert(Rect{Min: world.Vec{X: 0, Y: 0}, Max: world.Vec{X: 3, Y: 1}})
	if !x.hits(Rect{Min: world.Vec{X: 2, Y: 0.5}, Max: world.Vec{X: 8, Y: 2}}) {
		t.Fatal("overlap not found")
	}
	if x.hits(Rect{Min: world.Vec{X: 3.1, Y: 0}, Max: world.Vec{X: 8, Y: 2}}) {
		t.Fatal("false overlap")
	}
}
