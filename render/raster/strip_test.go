package raster

import (
	"image"
	"image/color"
	"testing"

	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/world"
)

// Drawing a large shape in strips (issue 8: bounded memory) gives the same
// picture as one pass over its whole box: a slanted polygon and a thick
// stroke across many strip boundaries differ by at most one level.
func TestStripsMatchOnePass(t *testing.T) {
	poly := []world.Vec{{X: 3, Y: 2}, {X: 290, Y: 17}, {X: 250, Y: 190}, {X: 10, Y: 150}}
	line := []world.Vec{{X: 5, Y: 195}, {X: 295, Y: 5}}
	draw := func(strip int) *image.RGBA {
		img := image.NewRGBA(image.Rect(0, 0, 600, 400))
		p := &painter{dst: img, scale: 2, strip: strip}
		p.prim(&scene.Prim{Kind: scene.Polygon, Pts: poly, Style: scene.Style{Fill: color.NRGBA{30, 120, 60, 200}, Stroke: color.NRGBA{0, 0, 0, 255}, Width: 0.7}})
		p.prim(&scene.Prim{Kind: scene.Polyline, Pts: line, Style: scene.Style{Stroke: color.NRGBA{200, 0, 0, 180}, Width: 3}})
		return img
	}
	one, strips := draw(1<<30), draw(600*7)
	worst := 0
	for i := range one.Pix {
		d := int(one.Pix[i]) - int(strips.Pix[i])
		worst = max(worst, d, -d)
	}
	if worst > 1 {
		t.Fatalf("strips of 7 rows differ from one pass by up to %d levels", worst)
	}
}
