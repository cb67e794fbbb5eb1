package screen

import (
	"image/color"
	"testing"

	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/world"
)

// Issue 8: millions of strokes grew one vertex slice without bound. A
// batch now never holds more than maxBatch vertices; it is drawn (here
// dropped, there being no display) and reused.
func TestBatchStaysBounded(t *testing.T) {
	r := tessellator(true)
	pts := make([]world.Vec, 0, 2*50000)
	for i := 0; i < 50000; i++ {
		y := float64(i%500) * 0.2
		pts = append(pts, world.Vec{X: 0, Y: y}, world.Vec{X: 10, Y: y})
	}
	r.prim(&scene.Prim{Kind: scene.Segments, Pts: pts, Style: scene.Style{Stroke: color.NRGBA{0, 0, 0, 255}, Width: 0.1}})
	if len(r.vs) == 0 || len(r.vs) > maxBatch || cap(r.vs) > 2*maxBatch {
		t.Fatalf("batch holds %d vertices (capacity %d), want at most %d", len(r.vs), cap(r.vs), maxBatch)
	}
}

// Stretches of an outline wholly outside the destination add no quads:
// a line from inside the window far out to the right gets only the
// segments that reach the window.
func TestStrokeCullsOffscreenSegments(t *testing.T) {
	r := tessellator(false)
	r.clipX0, r.clipY0, r.clipX1, r.clipY1 = 0, 0, 100, 100
	pts := []world.Vec{{X: 0, Y: 5}, {X: 5, Y: 5}, {X: 50, Y: 5}, {X: 100, Y: 5}, {X: 200, Y: 5}}
	r.prim(&scene.Prim{Kind: scene.Polyline, Pts: pts, Style: scene.Style{Stroke: color.NRGBA{0, 0, 0, 255}, Width: 0.1}})
	// In pixels (scale 10, offset 5): 5-55 and 55-505 reach x < 100; the
	// two segments beyond x = 505 do not.
	if len(r.vs) != 2*4 {
		t.Fatalf("%d vertices, want the 2 visible quads (8)", len(r.vs))
	}
}

// A dash pattern whose gaps would be under half a pixel after the dashes'
// caps is drawn as one stroke per line (the woods' dots on a table seen
// whole), while a visible pattern keeps every dash.
func TestFineDashesBridged(t *testing.T) {
	line := []world.Vec{{X: 0, Y: 0}, {X: 100, Y: 0}}
	// Thin lines are drawn 0.8 px wide, so each cap adds 0.4 px.
	fine := scene.Style{Stroke: color.NRGBA{0, 0, 0, 200}, Width: 0.02, Dash: []float64{0.002, 0.3}}
	r := tessellator(false)
	r.scale = 2 // gaps of 0.6 px less two caps: under a pixel's half
	r.prim(&scene.Prim{Kind: scene.Segments, Pts: line, Style: fine})
	if len(r.vs) != 4 {
		t.Fatalf("fine pattern: %d vertices, want one quad", len(r.vs))
	}
	r = tessellator(false) // scale 10: 331 periods of 0.302 cm, gaps of 2.2 px
	r.prim(&scene.Prim{Kind: scene.Segments, Pts: line, Style: fine})
	if len(r.vs) != 4*332 {
		t.Fatalf("visible pattern: %d vertices, want a quad per dash", len(r.vs))
	}
}
