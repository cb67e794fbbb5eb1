package sample

import (
	"fmt"
	"math"

	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/world"
)

// MaxPolygons is the heaviest terrain a scenario file may hold (as the
// scenarios package's BenchmarkParseMaxPolygons generates it): 66 woods of
// 1,000 points each, near-circles of radius 600 cm on whole-cm points,
// overlapping on a 2000 x 2000 cm table, with one base.
func MaxPolygons() *scene.Input {
	red, _ := sides()
	in := &scene.Input{Table: world.Table{W: 2000, H: 2000}}
	const points = 1000
	for f := 0; f < 66; f++ {
		cx, cy := 700+float64(f%20)*30, 700+float64(f/20)*30
		poly := make([]world.Vec, points)
		for k := range poly {
			a := 2 * math.Pi * float64(k) / points
			poly[k] = world.Vec{X: math.Round(cx + 600*math.Cos(a)), Y: math.Round(cy + 600*math.Sin(a))}
		}
		in.Features = append(in.Features, world.Feature{ID: fmt.Sprintf("t%d", f), Kind: world.Woods, Poly: poly})
	}
	in.Bases = append(in.Bases, scene.Base{
		Base:  world.Base{ID: "u1", Pos: world.Vec{X: 50, Y: 50}, Foot: world.Footprint{Shape: world.Circle, Radius: 2.5}},
		Label: "Reaver", Side: "red", Color: red, Shields: -1,
	})
	return in
}
