package svg_test

import (
	"bytes"
	"encoding/xml"
	"io"
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
