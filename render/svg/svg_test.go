package svg_test

import (
	"bytes"
	"encoding/xml"
	"image/color"
	"io"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/auspex/auspex/render/sample"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/render/svg"
	"github.com/auspex/auspex/world"
)

// The document is sized in cm with a viewBox in cm, so 1 cm of table prints
// as 1 cm of paper; a 180 x 120 table without margins is exactly that size.
func TestTrueScale(t *testing.T) {
	in := &scene.Input{Table: world.Table{W: 180, H: 120}}
	sc := scene.Build(in, scene.View{Scale: svg.Scale})
	var buf bytes.Buffer
	if err := svg.Write(&buf, sc, nil); err != nil {
		t.Fatal(err)
	}
	s := buf.String()
	for _, want := range []string{`width="180cm"`, `height="120cm"`, `viewBox="0 0 180 120"`} {
		if !strings.Contains(s, want) {
			t.Errorf("missing %s in %.300s", want, s)
		}
	}
}

// The full export is well-formed XML, has one group per drawn layer, a
// scale bar whose blocks are 10 cm wide, and the unit labels as text.
func TestWellFormedWithLayersAndScaleBar(t *testing.T) {
	sc := scene.Build(sample.Duel(), scene.View{Scale: svg.Scale, Grid: true, EdgeRulers: true, Legend: true, Title: "Duel & <friends>"})
	var buf bytes.Buffer
	if err := svg.Write(&buf, sc, nil); err != nil {
		t.Fatal(err)
	}
	d := xml.NewDecoder(bytes.NewReader(buf.Bytes()))
	groups := map[string]bool{}
	texts := map[string]bool{}
	var inText bool
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		switch el := tok.(type) {
		case xml.StartElement:
			if el.Name.Local == "g" {
				for _, a := range el.Attr {
					if a.Name.Local == "id" {
						groups[a.Value] = true
					}
				}
			}
			inText = el.Name.Local == "text"
		case xml.CharData:
			if inText {
				texts[string(el)] = true
			}
		case xml.EndElement:
			inText = false
		}
	}
	for _, g := range []string{"layer-table", "layer-terrain", "layer-bases", "layer-arcs", "layer-los", "layer-hud"} {
		if !groups[g] {
			t.Errorf("no group %s", g)
		}
	}
	for _, s := range []string{"Warlord Imperius", "Duel & <friends>", "30 cm", "49.1 cm"} {
		if !texts[s] {
			t.Errorf("no text %q", s)
		}
	}
	var blocks int
	for _, p := range sc.All() {
		if p.ID == "scalebar" && p.Kind == scene.Polygon {
			blocks++
			if w := p.Pts[1].X - p.Pts[0].X; w != 10 {
				t.Errorf("scale bar block %v cm wide, want 10", w)
			}
		}
	}
	if blocks != 3 {
		t.Fatalf("%d scale bar blocks, want 3", blocks)
	}
}

// A boxed label's text sits inside its box in every SVG viewer: the
// baseline is given explicitly (librsvg ignores dominant-baseline, which
// put the text above its box), below the label's centre by the font's
// baseline offset and above the box's bottom edge.
func TestLabelBaselineInsideItsBox(t *testing.T) {
	sc := &scene.Scene{Bounds: scene.Rect{Max: world.Vec{X: 100, Y: 100}}, Table: world.Table{W: 100, H: 100}, Scale: svg.Scale}
	sc.Layers[scene.LayerMarkers] = []scene.Prim{{Layer: scene.LayerMarkers, Kind: scene.Text, C: world.Vec{X: 50, Y: 40}, Text: "Venator Rex", Size: 2, Box: color.NRGBA{255, 255, 255, 230}}}
	var buf bytes.Buffer
	if err := svg.Write(&buf, sc, nil); err != nil {
		t.Fatal(err)
	}
	s := buf.String()
	if strings.Contains(s, "dominant-baseline") {
		t.Error("the SVG still relies on dominant-baseline, which librsvg does not honour")
	}
	var rect struct {
		Y, H float64
	}
	var textY float64
	dec := xml.NewDecoder(strings.NewReader(s))
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		el, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		attr := func(n string) float64 {
			for _, a := range el.Attr {
				if a.Name.Local == n {
					v, _ := strconv.ParseFloat(a.Value, 64)
					return v
				}
			}
			return math.NaN()
		}
		switch el.Name.Local {
		case "rect":
			if f := attr("fill-opacity"); !math.IsNaN(f) && f < 1 {
				rect.Y, rect.H = attr("y"), attr("height")
			}
		case "text":
			textY = attr("y")
		}
	}
	// The baseline lies in the lower part of the box: the capitals (about
	// 0.7 em tall) then fit inside it.
	if rect.H == 0 || textY <= 40 || textY-0.7*2 < rect.Y || textY > rect.Y+rect.H {
		t.Errorf("text baseline y %.2f is not inside its box %.2f..%.2f with room for the capitals", textY, rect.Y, rect.Y+rect.H)
	}
}
