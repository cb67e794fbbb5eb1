package scene

import (
	"image/color"
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
	x.insert(Rect{Min: world.Vec{X: 0, Y: 0}, Max: world.Vec{X: 3, Y: 1}}, kindObstacle, 0)
	if hard, _ := x.hits(Rect{Min: world.Vec{X: 2, Y: 0.5}, Max: world.Vec{X: 8, Y: 2}}, 0, nil); !hard {
		t.Fatal("overlap not found")
	}
	if hard, _ := x.hits(Rect{Min: world.Vec{X: 3.1, Y: 0}, Max: world.Vec{X: 8, Y: 2}}, 0, nil); hard {
		t.Fatal("false overlap")
	}
	// A place reserved for request 1 is no hard hit; it counts while 1 is
	// not placed and never for 1 itself.
	x.insert(Rect{Min: world.Vec{X: 20, Y: 20}, Max: world.Vec{X: 25, Y: 22}}, kindReserved, 1)
	probe := Rect{Min: world.Vec{X: 24, Y: 21}, Max: world.Vec{X: 30, Y: 23}}
	if hard, res := x.hits(probe, 0, []bool{false, false}); hard || !res {
		t.Fatalf("reserved place: hard %v reserved %v, want false true", hard, res)
	}
	if _, res := x.hits(probe, 1, []bool{false, false}); res {
		t.Fatal("a request's own reserved place counted against it")
	}
	if _, res := x.hits(probe, 0, []bool{false, true}); res {
		t.Fatal("a reservation counted after its label was placed")
	}
}

// A zone with a hole (map C's ring: a 30 cm circle minus a 10 cm core)
// comes as pieces; stroking each piece drew yellow spokes across the ring
// (play-through, 25-mission-blue-deploy.png). AreaPrims fills the pieces
// without stroke and outlines only the ring's two circles.
func TestAreaPrimsOutlineARingWithoutSpokes(t *testing.T) {
	c := world.Vec{X: 75, Y: 50}
	const n = 24
	var pieces [][]world.Vec
	for i := 0; i < n; i++ {
		a0, a1 := float64(i)*360/n, float64(i+1)*360/n
		pieces = append(pieces, []world.Vec{
			c.Add(world.Heading(a0).Scale(10)), c.Add(world.Heading(a0).Scale(30)),
			c.Add(world.Heading(a1).Scale(30)), c.Add(world.Heading(a1).Scale(10)),
		})
	}
	st := Style{Fill: color.NRGBA{255, 200, 40, 40}, Stroke: color.NRGBA{255, 200, 40, 255}, Width: 3}
	prims := AreaPrims(pieces, st)
	fills, inner, outer := 0, 0, 0
	for _, p := range prims {
		switch p.Kind {
		case Polygon:
			fills++
			if p.Style.Stroke.A != 0 {
				t.Fatal("a piece of the ring is stroked: its seams show as spokes")
			}
		case Polyline:
			for i := 1; i < len(p.Pts); i++ {
				r0, r1 := p.Pts[i-1].Sub(c).Len(), p.Pts[i].Sub(c).Len()
				switch {
				case math.Abs(r0-r1) > 0.5:
					t.Fatalf("outline segment %v-%v crosses the ring (a spoke)", p.Pts[i-1], p.Pts[i])
				case r0 < 20:
					inner++
				default:
					outer++
				}
			}
		}
	}
	if fills != n || inner != n || outer != n {
		t.Errorf("%d fills, %d inner and %d outer outline segments; want %d each", fills, inner, outer, n)
	}
}

// A square with a square hole, tiled as subtracting a convex shape tiles
// it (scenarios' difference, map C's ring): the piece below the hole has
// one edge whose middle stretch is the hole's border and whose ends are
// seams with the pieces beside the hole (T-junctions). The outline keeps
// that stretch: the whole border is the outer 40 cm plus the hole's 8 cm,
// with no seam.
func TestOuterEdgesKeepTheHoleAtTJunctions(t *testing.T) {
	v := func(x, y float64) world.Vec { return world.Vec{X: x, Y: y} }
	pieces := [][]world.Vec{
		{v(0, 0), v(10, 0), v(10, 4), v(0, 4)},
		{v(6, 4), v(10, 4), v(10, 10), v(6, 10)},
		{v(0, 6), v(6, 6), v(6, 10), v(0, 10)},
		{v(0, 4), v(4, 4), v(4, 6), v(0, 6)},
	}
	total := 0.0
	hole := 0.0
	for _, run := range outerEdges(pieces) {
		for i := 1; i < len(run); i++ {
			l := run[i].Sub(run[i-1]).Len()
			total += l
			if m := run[i].Lerp(run[i-1], 0.5); m.X > 3.9 && m.X < 6.1 && m.Y > 3.9 && m.Y < 6.1 {
				hole += l
			}
		}
	}
	if math.Abs(total-48) > 1e-6 || math.Abs(hole-8) > 1e-6 {
		t.Errorf("outline %.2f cm (hole %.2f cm), want 48 (hole 8)", total, hole)
	}
	st := Style{Fill: color.NRGBA{255, 200, 40, 40}, Stroke: color.NRGBA{255, 200, 40, 255}, Width: 1}
	drawn := 0.0
	for _, p := range AreaPrims(pieces, st) {
		for i := 1; p.Kind == Polyline && i < len(p.Pts); i++ {
			drawn += p.Pts[i].Sub(p.Pts[i-1]).Len()
		}
	}
	if math.Abs(drawn-48) > 1e-6 {
		t.Errorf("AreaPrims strokes %.2f cm of border, want 48", drawn)
	}
}
