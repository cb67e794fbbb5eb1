package screen

import (
	"image/color"
	"math"
	"testing"

	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/world"
)

// tessellator is a renderer set up to emit triangles without a GPU (the
// batch is only inspected, never drawn).
func tessellator(aa bool) *Renderer {
	return &Renderer{AntiAlias: aa, scale: 10, off: world.Vec{X: 5, Y: 7}, clipX0: -1e9, clipY0: -1e9, clipX1: 1e9, clipY1: 1e9}
}

// An unstroked square gets a fringe ring: every outer vertex has alpha 0
// and lies one pixel (or a mitred corner's worth) outside the square, the
// inner ones keep the fill's alpha, in both windings.
func TestFillFringeRing(t *testing.T) {
	sq := []world.Vec{{X: 0, Y: 0}, {X: 4, Y: 0}, {X: 4, Y: 3}, {X: 0, Y: 3}}
	for _, rev := range []bool{false, true} {
		pts := append([]world.Vec(nil), sq...)
		if rev {
			for i, j := 0, len(pts)-1; i < j; i, j = i+1, j-1 {
				pts[i], pts[j] = pts[j], pts[i]
			}
		}
		r := tessellator(true)
		r.prim(&scene.Prim{Kind: scene.Polygon, Pts: pts, Style: scene.Style{Fill: color.NRGBA{200, 10, 10, 128}}})
		if len(r.vs) != 8 {
			t.Fatalf("reversed %v: %d vertices, want 4 inner + 4 outer", rev, len(r.vs))
		}
		// In pixels the square is x 5..45, y 7..37.
		for i, v := range r.vs {
			dx := math.Max(5-float64(v.DstX), float64(v.DstX)-45)
			dy := math.Max(7-float64(v.DstY), float64(v.DstY)-37)
			if i < 4 {
				if v.ColorA < 0.49 || v.ColorA > 0.51 || dx > 1e-4 || dy > 1e-4 {
					t.Fatalf("reversed %v: inner vertex %d = %+v", rev, i, v)
				}
				continue
			}
			if v.ColorA != 0 || math.Abs(dx-1) > 1e-3 || math.Abs(dy-1) > 1e-3 {
				t.Fatalf("reversed %v: outer vertex %d = (%v, %v) alpha %v, want 1 px out diagonally at alpha 0", rev, i, v.DstX, v.DstY, v.ColorA)
			}
		}
		// 2 fill triangles + 2 per edge of the ring.
		if len(r.is) != 3*(2+8) {
			t.Fatalf("reversed %v: %d indices", rev, len(r.is))
		}
	}
}

// A polygon with an opaque solid outline needs no fringe (the outline's
// own fringe smooths the edge); without anti-aliasing nothing is added.
func TestNoFringeUnderOutlineOrWithoutAA(t *testing.T) {
	sq := []world.Vec{{X: 0, Y: 0}, {X: 4, Y: 0}, {X: 4, Y: 3}, {X: 0, Y: 3}}
	r := tessellator(true)
	r.fill(sq, color.NRGBA{1, 2, 3, 255}, !outlined(scene.Style{Stroke: color.NRGBA{A: 255}, Width: 0.1}))
	if len(r.vs) != 4 {
		t.Fatalf("outlined fill: %d vertices, want 4", len(r.vs))
	}
	r = tessellator(false)
	r.prim(&scene.Prim{Kind: scene.Polygon, Pts: sq, Style: scene.Style{Fill: color.NRGBA{1, 2, 3, 255}}})
	if len(r.vs) != 4 {
		t.Fatalf("no anti-aliasing: %d vertices, want 4", len(r.vs))
	}
}

// A stroke is a solid core with fading borders: the alpha integrated
// across the line equals its width; a hairline keeps its coverage as
// alpha.
func TestStrokeProfileCoverage(t *testing.T) {
	for _, hw := range []float32{0.4, 1, 3} {
		r := tessellator(true)
		r.quad(0, 0, 100, 0, hw, color.NRGBA{0, 0, 0, 255})
		if len(r.vs) != 8 || len(r.is) != 18 {
			t.Fatalf("hw %v: %d vertices, %d indices", hw, len(r.vs), len(r.is))
		}
		// Vertices at end a, across the line: indices 0, 2, 4, 6.
		cover := 0.0
		for i := 0; i+2 < 8; i += 2 {
			y0, y1 := float64(r.vs[i].DstY), float64(r.vs[i+2].DstY)
			a0, a1 := float64(r.vs[i].ColorA), float64(r.vs[i+2].ColorA)
			cover += math.Abs(y1-y0) * (a0 + a1) / 2
		}
		want := 2 * float64(hw)
		if hw < 0.5 {
			want = 2 * float64(hw) * (float64(hw) + 0.5) // alpha 2hw over a triangle of base 2hw+1
		}
		if math.Abs(cover-want) > 1e-4 {
			t.Fatalf("hw %v: coverage %v, want %v", hw, cover, want)
		}
		if r.vs[0].ColorA != 0 || r.vs[6].ColorA != 0 {
			t.Fatalf("hw %v: outer edges not transparent", hw)
		}
	}
}

// Bounds covers every vertex the renderer emits for a primitive, whatever
// its kind (the window redraws only inside these rectangles).
func TestBoundsCoverTriangles(t *testing.T) {
	st := scene.Style{Fill: color.NRGBA{10, 20, 30, 200}, Stroke: color.NRGBA{0, 0, 0, 255}, Width: 0.3, Dash: []float64{1, 0.5}}
	prims := []scene.Prim{
		{Kind: scene.Polygon, Pts: []world.Vec{{X: 1, Y: 1}, {X: 9, Y: 2}, {X: 4, Y: 8}}, Style: scene.Style{Fill: st.Fill}},
		{Kind: scene.Polyline, Pts: []world.Vec{{X: 1, Y: 1}, {X: 9, Y: 2}, {X: 4, Y: 8}}, Style: st},
		{Kind: scene.Segments, Pts: []world.Vec{{X: 0, Y: 0}, {X: 5, Y: 5}, {X: 2, Y: 9}, {X: 7, Y: 1}}, Style: st},
		{Kind: scene.Circle, C: world.Vec{X: 5, Y: 5}, R: 2, Style: st},
		{Kind: scene.Wedge, C: world.Vec{X: 5, Y: 5}, R: 4, A0: -30, A1: 60, Style: st},
		{Kind: scene.Icon, Icon: scene.IconTarget, C: world.Vec{X: 3, Y: 3}, R: 1, Style: st},
	}
	for _, p := range prims {
		r := tessellator(true)
		r.prim(&p)
		if len(r.vs) == 0 {
			t.Fatalf("%v: nothing emitted", p.Kind)
		}
		b := r.Bounds(&p, r.scale, r.off)
		for _, v := range r.vs {
			if float64(v.DstX) < float64(b.Min.X) || float64(v.DstX) > float64(b.Max.X) || float64(v.DstY) < float64(b.Min.Y) || float64(v.DstY) > float64(b.Max.Y) {
				t.Fatalf("%v: vertex (%v, %v) outside bounds %v", p.Kind, v.DstX, v.DstY, b)
			}
		}
	}
}
