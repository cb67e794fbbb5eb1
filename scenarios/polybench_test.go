package scenarios

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// maxPolygonScenario is the heaviest terrain the limits allow: as many
// MaxPolygonPoints-point polygons as the YAML node limit admits (about
// 66), each a large near-circle, overlapping on a 2000 cm table.
func maxPolygonScenario() []byte {
	var b strings.Builder
	b.WriteString("format: 1\nname: Max polygons\nsystem: atii\ntable: {width: 2000, height: 2000}\nterrain:\n")
	nodes := 0
	for f := 0; nodes+3*MaxPolygonPoints+12 < Limits().MaxNodes-200; f++ {
		cx, cy := 700+float64(f%20)*30, 700+float64(f/20)*30
		fmt.Fprintf(&b, "  - {id: t%d, kind: woods, polygon: [", f)
		for k := 0; k < MaxPolygonPoints; k++ {
			a := 2 * math.Pi * float64(k) / MaxPolygonPoints
			if k > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "[%.0f,%.0f]", cx+600*math.Cos(a), cy+600*math.Sin(a))
		}
		b.WriteString("]}\n")
		nodes += 3*MaxPolygonPoints + 12
	}
	b.WriteString(`sides:
  - id: a
    name: A
    colour: "#ff0000"
    army: [{id: f1, units: [{id: u1, type: reaver, position: {x: 50, y: 50}, facing: 0,
            loadout: {carapace: turbo-lasers, left-arm: gatling-blaster, right-arm: melta-cannon}}]}]
`)
	return []byte(b.String())
}

// BenchmarkParseMaxPolygons parses and validates the largest polygons the
// limits allow (issue 8 item 6: 1.2 s per check before the fix).
func BenchmarkParseMaxPolygons(b *testing.B) {
	cat := testCatalogue(b)
	src := maxPolygonScenario()
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse("max.yaml", src, cat); err != nil {
			b.Fatal(err)
		}
	}
}
