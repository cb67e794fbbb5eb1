// Package scene turns what is on the table (an Input) and how it is being
// looked at (a View) into an ordered list of drawing primitives: polygons,
// polylines, circles, wedges, text and icons, each tagged with a Layer. It is
// pure Go (no ebiten, no I/O): the screen, PNG and SVG backends all draw the
// same Scene, so what is tested here is what every backend shows.
//
// Coordinates are table centimetres with the origin at the table's top-left
// corner, X east and Y south (screen orientation); angles are bearings in
// degrees, 0 = north, clockwise, as in package world. Sizes that should look
// constant on screen (text, line widths) are chosen from View.Scale, the
// pixels per cm the scene will be shown at, and stored in cm.
package scene

import (
	"fmt"
	"image/color"
	"strings"

	"github.com/auspex/auspex/world"
)

// Layer is a drawing layer. Layers are drawn in increasing order.
type Layer int

// The layers, bottom to top.
const (
	LayerTable Layer = iota
	LayerGrid
	LayerTerrain
	LayerZones
	LayerObjectives
	LayerBases
	LayerArcs
	LayerRulers
	LayerLOS
	LayerMarkers
	LayerHUD
	numLayers
)

// layerNames returns the layer names in drawing order.
func layerNames() []string {
	return []string{"table", "grid", "terrain", "zones", "objectives", "bases", "arcs", "rulers", "los", "markers", "hud"}
}

// String is the layer's name as used by --layers.
func (l Layer) String() string {
	if l >= 0 && l < numLayers {
		return layerNames()[l]
	}
	return fmt.Sprintf("layer(%d)", int(l))
}

// LayerSet is a set of layers; the zero value means every layer.
type LayerSet uint32

// AllLayers is the set of every layer.
const AllLayers = LayerSet(1<<numLayers - 1)

// Has reports whether l is in the set (the empty set counts as all layers).
func (s LayerSet) Has(l Layer) bool { return s == 0 || s&(1<<l) != 0 }

// With returns the set plus l.
func (s LayerSet) With(l Layer) LayerSet { return s | 1<<l }

// LayerNames lists the layer names in drawing order.
func LayerNames() []string { return layerNames() }

// ParseLayers reads a comma-separated list of layer names ("table,terrain,bases").
// "all" selects every layer. An unknown name is an error listing the valid ones.
func ParseLayers(s string) (LayerSet, error) {
	var set LayerSet
	for _, part := range strings.Split(s, ",") {
		name := strings.TrimSpace(strings.ToLower(part))
		if name == "" {
			continue
		}
		if name == "all" {
			set |= AllLayers
			continue
		}
		found := false
		for i, n := range layerNames() {
			if n == name {
				set = set.With(Layer(i))
				found = true
				break
			}
		}
		if !found {
			return 0, fmt.Errorf("unknown layer %q (layers: %s, all)", name, strings.Join(layerNames(), ", "))
		}
	}
	if set == 0 {
		return 0, fmt.Errorf("no layers named in %q", s)
	}
	return set, nil
}

// Kind is the type of a primitive.
type Kind int

// Primitive kinds.
const (
	// Polygon is a closed shape through Pts, filled and/or stroked.
	Polygon Kind = iota
	// Polyline is an open line through Pts, stroked.
	Polyline
	// Circle is centred at C with radius R.
	Circle
	// Wedge is the circular sector at C of radius R from bearing A0
	// clockwise to A1 (A1 > A0, at most A0+360).
	Wedge
	// Text is Text drawn at C (see Align) with em size Size.
	Text
	// Icon is a named symbol (Icon) of size R centred at C; backends draw it
	// through ExpandIcon so every backend shows the same shapes.
	Icon
	// Segments is a set of separate line segments: Pts in pairs. Grids,
	// ticks and terrain patterns use it to keep the primitive count low.
	Segments
)

// String names the kind for dumps.
func (k Kind) String() string {
	names := []string{"polygon", "polyline", "circle", "wedge", "text", "icon", "segments"}
	if k >= 0 && int(k) < len(names) {
		return names[k]
	}
	return fmt.Sprintf("kind(%d)", int(k))
}

// Align places text horizontally about its anchor point; text is always
// centred vertically on it.
type Align int

// Text alignments.
const (
	AlignCenter Align = iota
	AlignLeft
	AlignRight
)

// Style is how a primitive is painted. A colour with zero alpha is not drawn.
type Style struct {
	Fill   color.NRGBA
	Stroke color.NRGBA
	// Width is the stroke width in cm.
	Width float64
	// Dash is an on/off dash pattern in cm; empty draws a solid line.
	Dash []float64
}

// Prim is one drawing primitive. Which fields matter depends on Kind.
type Prim struct {
	Layer Layer
	Kind  Kind
	// ID names what the primitive shows ("base:w1", "terrain:f3"), for hit
	// testing, goldens and the SVG ids. Several primitives may share an ID.
	ID string
	// Pts are the vertices of a Polygon or Polyline.
	Pts []world.Vec
	// C is the centre of a Circle, Wedge or Icon and the anchor of Text.
	C world.Vec
	// R is the radius of a Circle or Wedge, or the half size of an Icon.
	R float64
	// A0, A1 bound a Wedge (bearings in degrees, clockwise from A0 to A1).
	A0, A1 float64
	// Text, Size (em height in cm), Bold and Align describe Text.
	Text  string
	Size  float64
	Bold  bool
	Align Align
	// Icon is the symbol name for Icon prims (see ExpandIcon).
	Icon string
	Style
	// Box, when its alpha is non-zero, is a background box painted behind
	// Text so labels stay legible over terrain.
	Box color.NRGBA
}

// Rect is an axis-aligned rectangle in cm.
type Rect struct {
	Min, Max world.Vec
}

// W is the width of r.
func (r Rect) W() float64 { return r.Max.X - r.Min.X }

// H is the height of r.
func (r Rect) H() float64 { return r.Max.Y - r.Min.Y }

// Overlaps reports whether r and s share interior area.
func (r Rect) Overlaps(s Rect) bool {
	return r.Min.X < s.Max.X && s.Min.X < r.Max.X && r.Min.Y < s.Max.Y && s.Min.Y < r.Max.Y
}

// Contains reports whether p lies in r (edges included).
func (r Rect) Contains(p world.Vec) bool {
	return p.X >= r.Min.X && p.X <= r.Max.X && p.Y >= r.Min.Y && p.Y <= r.Max.Y
}

// Scene is the built picture: primitives per layer and the area they cover
// (the table plus any margin for edge rulers and the legend).
type Scene struct {
	Bounds Rect
	// Table is the table's own rectangle inside Bounds.
	Table world.Table
	// Scale is the px per cm the scene was built for.
	Scale float64
	// Layers holds the primitives of each layer in drawing order; draw the
	// layers in index order.
	Layers [numLayers][]Prim
	// labels lays the labels out again when AddLabels adds some.
	labels *labelLayout
}

// NumLayers is the number of layers.
const NumLayers = int(numLayers)

// All returns every primitive in drawing order (a new slice).
func (s *Scene) All() []Prim {
	n := 0
	for _, l := range s.Layers {
		n += len(l)
	}
	out := make([]Prim, 0, n)
	for _, l := range s.Layers {
		out = append(out, l...)
	}
	return out
}

// Len is the number of primitives in the scene.
func (s *Scene) Len() int {
	n := 0
	for _, l := range s.Layers {
		n += len(l)
	}
	return n
}

// Measurer returns the advance width, in the same unit as size, of text set
// at em size size; bold selects the bold face.
type Measurer func(text string, size float64, bold bool) float64

// EstimateWidth is a Measurer that needs no font: an average advance of
// 0.56 em per character, close to Go Regular for mixed text.
func EstimateWidth(text string, size float64, bold bool) float64 {
	n := 0
	for range text {
		n++
	}
	k := 0.56
	if bold {
		k = 0.6
	}
	return float64(n) * size * k
}
