package screen

import (
	"testing"

	"github.com/auspex/auspex/render/sample"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/world"
)

// tessellateAll batches every shape of sc for a 1920 x 1080 destination
// with the given transform, as a frame of the window does (without a GPU:
// full batches are dropped instead of drawn). It returns the vertices
// produced, a lower bound: when a primitive fills a batch, its vertices
// before the flush are not counted.
func tessellateAll(r *Renderer, sc *scene.Scene, scale float64, off world.Vec) int {
	r.scale, r.off = scale, off
	r.clipX0, r.clipY0, r.clipX1, r.clipY1 = 0, 0, 1920, 1080
	r.vs, r.is = r.vs[:0], r.is[:0]
	n := 0
	for l := range sc.Layers {
		for i := range sc.Layers[l] {
			if sc.Layers[l][i].Kind == scene.Text {
				continue
			}
			before := len(r.vs)
			r.prim(&sc.Layers[l][i])
			if len(r.vs) >= before {
				n += len(r.vs) - before
			} else {
				n += len(r.vs)
			}
		}
	}
	return n
}

// benchTessellate measures one window frame's triangles for in at scale
// px/cm with the table's corner at off.
func benchTessellate(b *testing.B, in *scene.Input, scale float64, off world.Vec) {
	sc := scene.Build(in, scene.View{Scale: scale, Grid: true})
	r := tessellator(true)
	b.ReportAllocs()
	verts := 0
	for b.Loop() {
		verts = tessellateAll(r, sc, scale, off)
	}
	b.ReportMetric(float64(verts), "vertices")
}

// BenchmarkTessellateMaxPolygonsFit is the window's first frame of the
// largest terrain a scenario may hold (66 overlapping 1,000-point woods on
// a 2000 cm table, dot pattern) with the whole table fitted into 1920 x
// 1080 (0.5 px/cm). Issue 8: the window took over 300 s to open.
func BenchmarkTessellateMaxPolygonsFit(b *testing.B) {
	benchTessellate(b, sample.MaxPolygons(), 0.5, world.Vec{X: 460, Y: 40})
}

// BenchmarkTessellateMaxPolygonsZoomed is the same table zoomed in to 10
// px/cm over the middle of the woods: almost everything lies outside the
// window and is culled.
func BenchmarkTessellateMaxPolygonsZoomed(b *testing.B) {
	benchTessellate(b, sample.MaxPolygons(), 10, world.Vec{X: -9000, Y: -9000})
}

// BenchmarkTessellateCrowd is a normal table (Crowd(500, 60), 180 x 120
// cm) fitted at 8 px/cm, to check the huge-scene work costs normal scenes
// nothing.
func BenchmarkTessellateCrowd(b *testing.B) {
	benchTessellate(b, sample.Crowd(500, 60), 8, world.Vec{X: 240, Y: 60})
}
