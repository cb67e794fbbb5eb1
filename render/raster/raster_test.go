package raster_test

import (
	"bytes"
	"flag"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/auspex/auspex/render/raster"
	"github.com/auspex/auspex/render/sample"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/render/textfont"
	"github.com/auspex/auspex/world"
)

var update = flag.Bool("update", false, "rewrite golden PNGs")

func fonts(t testing.TB) *textfont.Fonts {
	t.Helper()
	f, err := textfont.Load()
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// diffFraction is the fraction of pixels whose colour differs by more than
// tol in any channel.
func diffFraction(a, b image.Image) float64 {
	if a.Bounds() != b.Bounds() {
		return 1
	}
	r := a.Bounds()
	bad := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c1 := color.NRGBAModel.Convert(a.At(x, y)).(color.NRGBA)
			c2 := color.NRGBAModel.Convert(b.At(x, y)).(color.NRGBA)
			d := func(p, q uint8) int {
				if p > q {
					return int(p - q)
				}
				return int(q - p)
			}
			if d(c1.R, c2.R) > 40 || d(c1.G, c2.G) > 40 || d(c1.B, c2.B) > 40 || d(c1.A, c2.A) > 40 {
				bad++
			}
		}
	}
	return float64(bad) / float64(r.Dx()*r.Dy())
}

func TestPNGGolden(t *testing.T) {
	f := fonts(t)
	sc := scene.Build(sample.Duel(), scene.View{Scale: 5, Grid: true, EdgeRulers: true, Legend: true, Title: "Duel", Measure: f.Measure})
	img, err := raster.Render(sc, f)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "duel.png")
	if *update {
		var buf bytes.Buffer
		if err := raster.WritePNG(&buf, img); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	fh, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	defer fh.Close()
	want, err := png.Decode(fh)
	if err != nil {
		t.Fatal(err)
	}
	if d := diffFraction(img, want); d > 0.005 {
		t.Fatalf("%.2f%% of pixels differ from %s (tolerance 0.5%%); run go test -update if intended", d*100, path)
	}
}

// Pixels land where the scene says: a red base is red at its centre, the
// table colour is elsewhere, and the image size follows the scale.
func TestPixelsMatchGeometry(t *testing.T) {
	red := color.NRGBA{220, 0, 0, 255}
	in := &scene.Input{
		Table: world.Table{W: 60, H: 40},
		Bases: []scene.Base{{Base: world.Base{ID: "a", Pos: world.Vec{X: 15, Y: 20}, Foot: world.Footprint{Shape: world.Circle, Radius: 3}}, Color: red}},
	}
	sc := scene.Build(in, scene.View{Scale: 10, Layers: mustLayers(t, "table,bases")})
	img, err := raster.Render(sc, nil)
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds().Dx() != 600 || img.Bounds().Dy() != 400 {
		t.Fatalf("image %v, want 600x400", img.Bounds())
	}
	// 2 cm left of the centre: inside the base, away from the facing line.
	c := color.NRGBAModel.Convert(img.At(130, 200)).(color.NRGBA)
	if !(c.R > 180 && c.G < 40 && c.B < 40) {
		t.Fatalf("inside the base: got %v, want red", c)
	}
	c = color.NRGBAModel.Convert(img.At(450, 200)).(color.NRGBA)
	if !(c.R > 180 && c.G > 180 && c.B > 140) {
		t.Fatalf("open table: got %v, want the table colour", c)
	}
}

func TestRenderRejectsHugeImages(t *testing.T) {
	sc := scene.Build(sample.Duel(), scene.View{Scale: 1000})
	if _, err := raster.Render(sc, nil); err == nil {
		t.Fatal("a 120000 px wide image was accepted")
	}
}

func mustLayers(t *testing.T, s string) scene.LayerSet {
	t.Helper()
	l, err := scene.ParseLayers(s)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// BenchmarkPNG180x120 is `auspex render` at 10 px/cm on a full 180 x 120 cm
// table: scene build, rasterising and PNG encoding.
func BenchmarkPNG180x120(b *testing.B) {
	f := fonts(b)
	in := sample.Crowd(200, 40)
	for b.Loop() {
		sc := scene.Build(in, scene.View{Scale: 10, Grid: true, EdgeRulers: true, Legend: true, Title: "Bench", Measure: f.Measure})
		img, err := raster.Render(sc, f)
		if err != nil {
			b.Fatal(err)
		}
		if err := raster.WritePNG(io.Discard, img); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPNGMaxPolygons is `auspex render --scale 2` of the largest
// terrain a scenario may hold (66 overlapping woods of 1,000 points, dot
// pattern): scene build, rasterising and PNG encoding (issue 8: 22 s and
// 550 MB before).
func BenchmarkPNGMaxPolygons(b *testing.B) {
	f := fonts(b)
	in := sample.MaxPolygons()
	b.ReportAllocs()
	for b.Loop() {
		sc := scene.Build(in, scene.View{Scale: 2, Grid: true, EdgeRulers: true, Legend: true, Title: "Bench", Measure: f.Measure})
		img, err := raster.Render(sc, f)
		if err != nil {
			b.Fatal(err)
		}
		if err := raster.WritePNG(io.Discard, img); err != nil {
			b.Fatal(err)
		}
	}
}
