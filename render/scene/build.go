package scene

import (
	"fmt"
	"image/color"
	"math"
	"strconv"

	"github.com/auspex/auspex/world"
)

// Sizes in screen pixels; the builder converts them to cm with View.Scale.
const (
	pxLabel      = 12.0 // unit and zone labels
	pxSmall      = 10.0 // tick numbers, marker counts
	pxLegend     = 13.0
	pxTitle      = 17.0
	pxLine       = 1.5 // thin outlines
	pxThick      = 2.5 // rulers, sight lines
	pxMarker     = 6.0 // half size of marker icons
	pxRulerSpace = 28.0
	pxGap        = 4.0
)

// builder holds the state of one Build call.
type builder struct {
	in      *Input
	v       View
	cm      float64 // cm per pixel
	measure Measurer
	layers  [numLayers][]Prim
	lay     *labelLayout
	tableR  Rect
}

// px converts a size in pixels into cm at the view's scale.
func (b *builder) px(n float64) float64 { return n * b.cm }

func (b *builder) add(p Prim) {
	if p.Layer >= 0 && p.Layer < numLayers {
		b.layers[p.Layer] = append(b.layers[p.Layer], p)
	}
}

// visible reports whether a shape with bounding box r may be on screen.
func (b *builder) visible(r Rect) bool {
	return b.v.Visible == nil || b.v.Visible.Overlaps(r) || r.W() == 0 || r.H() == 0 && b.v.Visible.Contains(r.Min)
}

// Build makes the scene for in as seen through v. It never fails: shapes
// with unusable geometry (fewer than 3 points, non-finite sizes) are
// skipped, so a half-edited scenario still draws everything else.
func Build(in *Input, v View) *Scene {
	if !(v.Scale > 0) || math.IsInf(v.Scale, 0) {
		v.Scale = 10
	}
	if v.Measure == nil {
		v.Measure = EstimateWidth
	}
	b := &builder{in: in, v: v, cm: 1 / v.Scale, measure: v.Measure}
	t := in.Table
	b.tableR = Rect{Max: world.Vec{X: t.W, Y: t.H}}
	bounds := b.tableR
	if v.EdgeRulers {
		m := b.px(pxRulerSpace)
		bounds.Min = world.Vec{X: -m, Y: -m}
		bounds.Max = world.Vec{X: t.W + m, Y: t.H + m}
	}
	b.lay = &labelLayout{measure: v.Measure, cm: b.cm,
		reqs:      make([]Label, 0, len(in.Bases)+len(in.Features)+len(in.Zones)+len(in.Objectives)+len(in.Arcs)+8),
		obstacles: make([]Rect, 0, 2*len(in.Bases)+len(in.Objectives))}
	b.layers[LayerBases] = make([]Prim, 0, len(in.Bases)*4)
	b.layers[LayerMarkers] = make([]Prim, 0, len(in.Bases))
	b.layers[LayerTerrain] = make([]Prim, 0, len(in.Features)*4)
	if v.Legend && v.Layers.Has(LayerHUD) {
		bounds.Max.Y = b.legend(bounds)
	}
	if v.Layers.Has(LayerBases) {
		// Bases are reserved first so no label of any layer covers one.
		for i := range in.Bases {
			bs := &in.Bases[i]
			if bs.Foot.Validate() != nil {
				continue
			}
			b.keepOut(BaseBox(bs.Base))
		}
	}
	if v.Layers.Has(LayerObjectives) {
		r := math.Max(1.0, b.px(8))
		for _, o := range in.Objectives {
			b.keepOut(Rect{Min: o.Pos.Sub(world.Vec{X: r, Y: r}), Max: o.Pos.Add(world.Vec{X: r, Y: r})})
		}
	}
	if v.Layers.Has(LayerTable) {
		b.table(bounds)
	}
	if v.Layers.Has(LayerGrid) {
		b.grid()
	}
	if v.Layers.Has(LayerTerrain) {
		b.terrain()
	}
	if v.Layers.Has(LayerZones) {
		b.zones()
	}
	if v.Layers.Has(LayerObjectives) {
		b.objectives()
	}
	if v.Layers.Has(LayerBases) || v.Layers.Has(LayerMarkers) {
		b.bases()
	}
	if v.Layers.Has(LayerArcs) {
		b.arcs()
	}
	if v.Layers.Has(LayerRulers) {
		b.rulers()
	}
	if v.Layers.Has(LayerLOS) {
		b.sightLines()
	}
	if v.Layers.Has(LayerMarkers) {
		b.marks()
	}
	sc := &Scene{Bounds: bounds, Table: t, Scale: v.Scale, Layers: b.layers, labels: b.lay}
	// Labels are placed last, by priority, once every base, marker and
	// label request is known (see Label).
	b.lay.bounds = bounds
	b.lay.run(sc)
	return sc
}

// BaseBox is the smallest axis-aligned rectangle around a base's
// footprint (a rectangular stand turned at an angle covers more than its
// own size; a circle, the square around it).
func BaseBox(b world.Base) Rect {
	ex, ey := b.Foot.Radius, b.Foot.Radius
	if b.Foot.Shape == world.Rect {
		s, c := math.Sincos(b.Facing * math.Pi / 180)
		s, c = math.Abs(s), math.Abs(c)
		ex = b.Foot.W/2*c + b.Foot.H/2*s
		ey = b.Foot.W/2*s + b.Foot.H/2*c
	}
	return Rect{Min: b.Pos.Sub(world.Vec{X: ex, Y: ey}), Max: b.Pos.Add(world.Vec{X: ex, Y: ey})}
}

// keepOut adds r to the areas no label may cover.
func (b *builder) keepOut(r Rect) { b.lay.obstacles = append(b.lay.obstacles, r) }

// label queues a label for the layout at the end of Build.
func (b *builder) label(l Label) {
	if l.Text != "" {
		b.lay.reqs = append(b.lay.reqs, l)
	}
}

func (b *builder) table(bounds Rect) {
	if bounds != b.tableR {
		b.add(Prim{Layer: LayerTable, Kind: Polygon, ID: "margin", Pts: rectPts(bounds), Style: Style{Fill: colMargin.c()}})
	}
	b.add(Prim{Layer: LayerTable, Kind: Polygon, ID: "table", Pts: rectPts(b.tableR),
		Style: Style{Fill: colTable.c(), Stroke: colTableEdge.c(), Width: b.px(2)}})
}

func rectPts(r Rect) []world.Vec {
	return []world.Vec{r.Min, {X: r.Max.X, Y: r.Min.Y}, r.Max, {X: r.Min.X, Y: r.Max.Y}}
}

// grid draws the 10 cm grid and the edge rulers.
func (b *builder) grid() {
	t := b.in.Table
	if b.v.Grid {
		var pts []world.Vec
		for x := 10.0; x < t.W-1e-9; x += 10 {
			pts = append(pts, world.Vec{X: x}, world.Vec{X: x, Y: t.H})
		}
		for y := 10.0; y < t.H-1e-9; y += 10 {
			pts = append(pts, world.Vec{Y: y}, world.Vec{X: t.W, Y: y})
		}
		if len(pts) > 0 {
			b.add(Prim{Layer: LayerGrid, Kind: Segments, ID: "grid", Pts: pts, Style: Style{Stroke: colGrid.c(), Width: b.px(1)}})
		}
	}
	if !b.v.EdgeRulers {
		return
	}
	// Ticks every cm when they are at least 3 px apart, else every 5 cm.
	step := 1.0
	if b.v.Scale < 3 {
		step = 5
	}
	var pts []world.Vec
	tick := func(i int) float64 {
		switch {
		case i%10 == 0:
			return b.px(10)
		case i%5 == 0:
			return b.px(6)
		}
		return b.px(3)
	}
	for i := 0; float64(i) <= t.W+1e-9; i += int(step) {
		x := float64(i)
		l := tick(i)
		pts = append(pts, world.Vec{X: x}, world.Vec{X: x, Y: -l}, world.Vec{X: x, Y: t.H}, world.Vec{X: x, Y: t.H + l})
	}
	for i := 0; float64(i) <= t.H+1e-9; i += int(step) {
		y := float64(i)
		l := tick(i)
		pts = append(pts, world.Vec{Y: y}, world.Vec{X: -l, Y: y}, world.Vec{X: t.W, Y: y}, world.Vec{X: t.W + l, Y: y})
	}
	b.add(Prim{Layer: LayerGrid, Kind: Segments, ID: "edge-ticks", Pts: pts, Style: Style{Stroke: colTick.c(), Width: b.px(1)}})
	size := b.px(pxSmall)
	// Label every 10 cm, or every 20/50 when numbers would collide.
	every := 10
	for float64(every)*b.v.Scale < b.measure("000", size, false)/b.cm+8 {
		every *= 2
	}
	for i := 0; float64(i) <= t.W+1e-9; i += every {
		s := strconv.Itoa(i)
		b.add(Prim{Layer: LayerGrid, Kind: Text, ID: "edge-label", C: world.Vec{X: float64(i), Y: -b.px(18)}, Text: s, Size: size, Style: Style{Fill: colTick.c()}})
		b.add(Prim{Layer: LayerGrid, Kind: Text, ID: "edge-label", C: world.Vec{X: float64(i), Y: t.H + b.px(18)}, Text: s, Size: size, Style: Style{Fill: colTick.c()}})
	}
	for i := every; float64(i) <= t.H+1e-9; i += every {
		s := strconv.Itoa(i)
		b.add(Prim{Layer: LayerGrid, Kind: Text, ID: "edge-label", C: world.Vec{X: -b.px(13), Y: float64(i)}, Text: s, Size: size, Align: AlignRight, Style: Style{Fill: colTick.c()}})
		b.add(Prim{Layer: LayerGrid, Kind: Text, ID: "edge-label", C: world.Vec{X: t.W + b.px(13), Y: float64(i)}, Text: s, Size: size, Align: AlignLeft, Style: Style{Fill: colTick.c()}})
	}
}

// terrain draws each feature: fill, pattern, outline, then name labels on
// top of all terrain so a later feature never hides an earlier name.
func (b *builder) terrain() {
	type lab struct {
		id, s string
		at    []world.Vec
	}
	var labs []lab
	for i := range b.in.Features {
		f := &b.in.Features[i]
		if len(f.Poly) < 3 {
			continue
		}
		box := bbox(f.Poly)
		if !b.visible(box) {
			continue
		}
		st := StyleFor(f.Kind)
		id := "terrain:" + f.ID
		outline := Style{Stroke: st.Stroke, Width: b.px(pxLine)}
		if st.DashedOutline {
			outline.Dash = []float64{b.px(6), b.px(4)}
			outline.Width = b.px(2)
		}
		b.add(Prim{Layer: LayerTerrain, Kind: Polygon, ID: id, Pts: f.Poly, Style: Style{Fill: st.Fill}})
		b.pattern(id, f.Poly, st)
		b.add(Prim{Layer: LayerTerrain, Kind: Polygon, ID: id, Pts: f.Poly, Style: outline})
		name := f.Name
		if name == "" {
			continue
		}
		if f.Height > 0 {
			name += " (" + strconv.FormatFloat(f.Height, 'f', -1, 64) + " cm)"
		}
		if b.measure(name, b.px(pxSmall), false) < box.W()*0.95 {
			c := labelPoint(f.Poly)
			at := []world.Vec{c}
			d := b.px(pxSmall * 1.6)
			for _, off := range []float64{d, -d, 2 * d, -2 * d} {
				if p := c.Add(world.Vec{Y: off}); world.PointInPolygon(p, f.Poly) {
					at = append(at, p)
				}
			}
			labs = append(labs, lab{id, name, at})
		}
	}
	for _, l := range labs {
		b.label(Label{Layer: LayerTerrain, ID: l.id, Text: l.s, Size: b.px(pxSmall), Box: withAlpha(colWhite.c(), 150), Anchor: l.at[0], At: l.at, Fixed: true, Priority: PriorityStatic})
	}
}

// pattern adds the pattern segments of a terrain style clipped to poly.
func (b *builder) pattern(id string, poly []world.Vec, st TerrainStyle) {
	var pts []world.Vec
	ink := Style{Stroke: st.Ink, Width: b.px(1)}
	switch st.Pattern {
	case Hatch:
		pts = hatchSegments(poly, st.Angle, st.Spacing, nil)
	case CrossHatch:
		pts = hatchSegments(poly, st.Angle, st.Spacing, nil)
		pts = hatchSegments(poly, st.Angle+90, st.Spacing, pts)
	case Dots:
		pts = hatchSegments(poly, 0, st.Spacing, nil)
		// Near-zero dashes with square caps draw as squares of side d.
		d := math.Max(st.Spacing*0.2, b.px(2))
		ink.Width = d
		ink.Dash = []float64{d * 0.01, st.Spacing - d*0.01}
	case Dashes:
		pts = hatchSegments(poly, 0, st.Spacing, nil)
		ink.Width = math.Max(b.px(1.2), 0.08)
		ink.Dash = []float64{st.Spacing * 0.6, st.Spacing * 0.6}
	default:
		return
	}
	if len(pts) > 0 {
		b.add(Prim{Layer: LayerTerrain, Kind: Segments, ID: id, Pts: pts, Style: ink})
	}
}

func (b *builder) zones() {
	for _, z := range b.in.Zones {
		id := "zone:" + z.ID
		fill := Style{Fill: withAlpha(z.Color, 40)}
		line := Style{Stroke: withAlpha(z.Color, 220), Width: b.px(2), Dash: []float64{b.px(10), b.px(5)}}
		if len(z.Polys) == 1 {
			fill.Stroke, fill.Width, fill.Dash = line.Stroke, line.Width, line.Dash
		}
		for _, poly := range z.Polys {
			if len(poly) >= 3 {
				b.add(Prim{Layer: LayerZones, Kind: Polygon, ID: id, Pts: poly, Style: fill})
			}
		}
		if len(z.Polys) > 1 {
			// Pieces of a union or difference share internal edges: outline
			// only the edges that belong to one piece.
			runs := chainSegments(z.Outline)
			if len(runs) == 0 {
				runs = outerEdges(z.Polys)
			}
			for _, run := range runs {
				b.add(Prim{Layer: LayerZones, Kind: Polyline, ID: id, Pts: run, Style: line})
			}
		}
	}
	for _, z := range b.in.Zones {
		if z.Label == "" {
			continue
		}
		// Label the largest piece.
		var best []world.Vec
		bestA := 0.0
		for _, poly := range z.Polys {
			if a := math.Abs(world.PolygonArea(poly)); len(poly) >= 3 && a > bestA {
				best, bestA = poly, a
			}
		}
		if best != nil {
			c := labelPoint(best)
			d := b.px(pxLabel * 2)
			var at []world.Vec
			bw, bh := bbox(best).W()*0.25, bbox(best).H()*0.35
			for _, off := range []world.Vec{{}, {Y: d}, {Y: -d}, {Y: 2 * d}, {Y: -2 * d}, {X: -bw}, {X: bw}, {X: -bw, Y: d}, {X: bw, Y: d},
				{Y: bh}, {Y: -bh}, {X: -bw, Y: bh}, {X: bw, Y: bh}, {X: -bw, Y: -bh}, {X: bw, Y: -bh}} {
				if p := c.Add(off); world.PointInPolygon(p, best) {
					at = append(at, p)
				}
			}
			if len(at) == 0 {
				at = []world.Vec{c}
			}
			b.label(Label{Layer: LayerZones, ID: "zone:" + z.ID, Text: z.Label, Size: b.px(pxLabel + 1), Bold: true, Box: colLabelBox.c(), Anchor: c, At: at, Priority: PriorityStatic})
		}
	}
}

func (b *builder) objectives() {
	r := math.Max(1.0, b.px(8))
	for _, o := range b.in.Objectives {
		id := "objective:" + o.ID
		if o.Control > 0 {
			b.add(Prim{Layer: LayerObjectives, Kind: Circle, ID: id, C: o.Pos, R: o.Control,
				Style: Style{Fill: withAlpha(o.Color, 25), Stroke: withAlpha(o.Color, 200), Width: b.px(1.5), Dash: []float64{b.px(6), b.px(4)}}})
		}
		b.add(Prim{Layer: LayerObjectives, Kind: Circle, ID: id, C: o.Pos, R: r, Style: Style{Fill: colWhite.c(), Stroke: shade(o.Color, 0.6), Width: b.px(2)}})
		b.add(Prim{Layer: LayerObjectives, Kind: Icon, Icon: IconObjective, ID: id, C: o.Pos, R: r * 0.8, Style: Style{Fill: o.Color, Stroke: shade(o.Color, 0.5), Width: b.px(1)}})
	}
	for _, o := range b.in.Objectives {
		b.label(Label{Layer: LayerObjectives, ID: "objective:" + o.ID, Text: o.Label, Size: b.px(pxLabel), Bold: true, Box: colLabelBox.c(),
			Anchor: o.Pos, Clear: math.Max(1.0, b.px(8)), Leader: true, Priority: PriorityStatic})
	}
}

// bases draws every base, its label and its state markers.
func (b *builder) bases() {
	drawBases := b.v.Layers.Has(LayerBases)
	type vis struct {
		i     int
		bound float64
		top   float64 // how far above the centre its state markers reach
	}
	shown := make([]vis, 0, len(b.in.Bases))
	for i := range b.in.Bases {
		bs := &b.in.Bases[i]
		if bs.Foot.Validate() != nil {
			continue
		}
		br := bs.Foot.BoundRadius()
		box := Rect{Min: bs.Pos.Sub(world.Vec{X: br, Y: br}), Max: bs.Pos.Add(world.Vec{X: br, Y: br})}
		if !b.visible(box) {
			continue
		}
		shown = append(shown, vis{i: i, bound: br})
	}
	for j := range shown {
		s := &shown[j]
		bs := &b.in.Bases[s.i]
		id := "base:" + bs.ID
		if drawBases {
			fill := withAlpha(bs.Color, 230)
			st := Style{Fill: fill, Stroke: shade(bs.Color, 0.45), Width: b.px(pxLine)}
			if bs.Selected {
				halo := Style{Stroke: colSelect.c(), Width: b.px(6)}
				b.basePrim(bs, id, halo)
			}
			b.basePrim(bs, id, st)
			// Facing: a line from the centre to the front edge and a notch
			// at the front, in a colour that contrasts with the side colour.
			front := bs.Pos.Add(world.Heading(bs.Facing).Scale(frontDistance(bs.Base)))
			ink := contrast(bs.Color)
			back := bs.Pos.Add(world.Heading(bs.Facing).Scale(frontDistance(bs.Base) * 0.15))
			b.add(Prim{Layer: LayerBases, Kind: Polyline, ID: id, Pts: []world.Vec{back, front}, Style: Style{Stroke: ink, Width: math.Min(b.px(2), s.bound*0.15)}})
			tri := math.Min(s.bound*0.45, math.Max(s.bound*0.3, b.px(5)))
			side := world.Heading(bs.Facing + 90).Scale(tri * 0.6)
			baseC := front.Sub(world.Heading(bs.Facing).Scale(tri))
			b.add(Prim{Layer: LayerBases, Kind: Polygon, ID: id, Pts: []world.Vec{front, baseC.Add(side), baseC.Sub(side)}, Style: Style{Fill: ink}})
		}
		if b.v.Layers.Has(LayerMarkers) {
			s.top = b.stateMarkers(bs, s.bound)
		}
	}
	if !drawBases {
		return
	}
	// Labels go on the markers layer when it is drawn so arcs and lines
	// never hide a name. A selected base's name outranks the others and is
	// always placed (with a leader line when its neighbours are crowded).
	labelLayer := LayerBases
	if b.v.Layers.Has(LayerMarkers) {
		labelLayer = LayerMarkers
	}
	for _, s := range shown {
		bs := &b.in.Bases[s.i]
		l := Label{Layer: labelLayer, ID: "base:" + bs.ID, Text: bs.Label, Size: b.px(pxLabel - 1), Bold: bs.Selected, Box: colLabelBox.c(),
			Anchor: bs.Pos, Clear: s.bound, Top: s.top, Priority: PriorityUnit}
		if bs.Selected {
			l.Priority, l.Must, l.Leader = PrioritySelected, true, true
		}
		b.label(l)
	}
}

// basePrim adds the footprint of bs with style st.
func (b *builder) basePrim(bs *Base, id string, st Style) {
	if bs.Foot.Shape == world.Circle {
		b.add(Prim{Layer: LayerBases, Kind: Circle, ID: id, C: bs.Pos, R: bs.Foot.Radius, Style: st})
		return
	}
	b.add(Prim{Layer: LayerBases, Kind: Polygon, ID: id, Pts: bs.Corners(), Style: st})
}

// frontDistance is the distance from a base's centre to its front edge.
func frontDistance(b world.Base) float64 {
	if b.Foot.Shape == world.Rect {
		return b.Foot.H / 2
	}
	return b.Foot.Radius
}

// contrast picks black or white, whichever reads better on c.
func contrast(c color.NRGBA) color.NRGBA {
	l := 0.299*float64(c.R) + 0.587*float64(c.G) + 0.114*float64(c.B)
	if l > 140 {
		return rgb(15, 15, 15)
	}
	return colWhite.c()
}

// stateMarkers appends the damage, shield, blast and broken markers of a
// base in a row above its top-right and returns how far above the base's
// centre the row reaches (0 without markers).
func (b *builder) stateMarkers(bs *Base, bound float64) float64 {
	r := b.px(pxMarker)
	at := bs.Pos.Add(world.Vec{X: bound * 0.7, Y: -bound*0.7 - r*0.6})
	id := "base:" + bs.ID
	first := at
	put := func(icon string, fill, stroke color.NRGBA, count int, showCount bool) {
		b.add(Prim{Layer: LayerMarkers, Kind: Icon, Icon: icon, ID: id, C: at, R: r, Style: Style{Fill: fill, Stroke: stroke, Width: b.px(1)}})
		if showCount {
			b.add(Prim{Layer: LayerMarkers, Kind: Text, ID: id, C: at, Text: strconv.Itoa(count), Size: r * 1.3, Bold: true, Style: Style{Fill: contrast(fill)}})
		}
		at.X += r * 2.3
	}
	if bs.Damage > 0 {
		put(IconDamage, colDamage.c(), rgb(80, 0, 0), bs.Damage, true)
	}
	if bs.Shields >= 0 && bs.Shields > 0 {
		put(IconShield, colShield.c(), rgb(10, 40, 100), bs.Shields, true)
	}
	if bs.Blast > 0 {
		put(IconBlast, colBlast.c(), rgb(255, 140, 0), bs.Blast, bs.Blast > 0)
	}
	if bs.Broken {
		put(IconBroken, colDamage.c(), rgb(80, 0, 0), 0, false)
	}
	if at == first {
		return 0
	}
	// No label covers the row of markers.
	b.keepOut(Rect{Min: first.Sub(world.Vec{X: r, Y: r}), Max: at.Add(world.Vec{X: -r * 1.3, Y: r})})
	return bs.Pos.Y - (first.Y - r)
}

func (b *builder) arcs() {
	for i, a := range b.in.Arcs {
		if a.Base.Foot.Validate() != nil || !(a.Range >= 0) || a.Width <= 0 {
			continue
		}
		id := "arc:" + a.Base.ID + ":" + strconv.Itoa(i)
		a0 := a.Base.Facing + a.Start
		a1 := a0 + math.Min(a.Width, 360)
		st := Style{Fill: withAlpha(a.Color, 45), Stroke: withAlpha(a.Color, 210), Width: b.px(pxLine)}
		reach := a.Base.Foot.BoundRadius() + a.Range
		box := Rect{Min: a.Base.Pos.Sub(world.Vec{X: reach, Y: reach}), Max: a.Base.Pos.Add(world.Vec{X: reach, Y: reach})}
		if a.Base.Foot.Shape == world.Circle && within(box, b.tableR) {
			b.add(Prim{Layer: LayerArcs, Kind: Wedge, ID: id, C: a.Base.Pos, R: a.Base.Foot.Radius + a.Range, A0: a0, A1: a1, Style: st})
		} else if poly := clipToRect(rangeOutline(a.Base, a0, a1, a.Range, 2), b.tableR); poly != nil {
			b.add(Prim{Layer: LayerArcs, Kind: Polygon, ID: id, Pts: poly, Style: st})
		}
		if a.Label != "" {
			mid := (a0 + a1) / 2
			if a.Width >= 360 {
				mid = a.Base.Facing
			}
			// Along the arc's centre line, as far out as stays on the table.
			var at []world.Vec
			for _, f := range []float64{1, 0.8, 0.6, 0.45, 0.3} {
				d := (offsetDistance(a.Base, mid, a.Range) - b.px(pxLabel)) * f
				p := a.Base.Pos.Add(world.Heading(mid).Scale(d))
				if b.tableR.Contains(p) {
					at = append(at, p)
				}
			}
			anchor := a.Base.Pos
			if len(at) > 0 {
				anchor = at[0]
			}
			b.label(Label{Layer: LayerArcs, ID: id, Text: a.Label, Size: b.px(pxSmall + 1), Box: colLabelBox.c(), Anchor: anchor, At: at, Priority: PriorityStatic})
		}
	}
	for i, r := range b.in.Rings {
		if r.Base.Foot.Validate() != nil || !(r.Dist > 0) {
			continue
		}
		id := "ring:" + r.Base.ID + ":" + strconv.Itoa(i)
		st := Style{Stroke: withAlpha(r.Color, 230), Width: b.px(pxLine)}
		if r.Base.Foot.Shape == world.Circle {
			b.add(Prim{Layer: LayerArcs, Kind: Circle, ID: id, C: r.Base.Pos, R: r.Base.Foot.Radius + r.Dist, Style: st})
		} else {
			// Rounded rectangle: straight sides plus quarter circles.
			b.add(Prim{Layer: LayerArcs, Kind: Polygon, ID: id, Pts: rangeOutline(r.Base, 0, 360, r.Dist, 3), Style: st})
		}
		// Label the ring at the first compass point (N, S, E, W) on the table.
		var at world.Vec
		for k, brg := range []float64{0, 180, 90, 270} {
			p := r.Base.Pos.Add(world.Heading(brg).Scale(offsetDistance(r.Base, brg, r.Dist)))
			if k == 0 || b.tableR.Contains(p) {
				at = p
				if b.tableR.Contains(p) {
					break
				}
			}
		}
		b.label(Label{Layer: LayerArcs, ID: id, Text: strconv.FormatFloat(r.Dist, 'f', -1, 64) + " cm", Size: b.px(pxSmall), Bold: true, Box: colLabelBox.c(),
			Anchor: at, At: []world.Vec{at}, Must: true, Priority: PriorityStatic})
	}
}

// LengthLabel formats a distance for rulers: one decimal, "cm".
func LengthLabel(d float64) string { return strconv.FormatFloat(d, 'f', 1, 64) + " cm" }

func (b *builder) rulers() {
	for i, r := range b.in.Rulers {
		id := "ruler:" + strconv.Itoa(i)
		d := r.A.Dist(r.B)
		tk := b.px(6)
		var ticks []world.Vec
		if d > 1e-9 {
			n := r.B.Sub(r.A).Scale(1 / d)
			perp := world.Vec{X: -n.Y, Y: n.X}.Scale(tk)
			ticks = append(ticks, r.A.Add(perp), r.A.Sub(perp), r.B.Add(perp), r.B.Sub(perp))
			// A small tick every 5 cm along the ruler when they are 6 px apart.
			if b.v.Scale*5 >= 6 {
				for s := 5.0; s < d-1e-9; s += 5 {
					p := r.A.Add(n.Scale(s))
					k := 0.5
					if int(s)%10 == 0 {
						k = 0.8
					}
					ticks = append(ticks, p.Add(perp.Scale(k)), p.Sub(perp.Scale(k)))
				}
			}
		}
		line := []world.Vec{r.A, r.B}
		b.add(Prim{Layer: LayerRulers, Kind: Polyline, ID: id, Pts: line, Style: Style{Stroke: colRulerUnder.c(), Width: b.px(pxThick + 2.5)}})
		b.add(Prim{Layer: LayerRulers, Kind: Polyline, ID: id, Pts: line, Style: Style{Stroke: colRuler.c(), Width: b.px(pxThick)}})
		if len(ticks) > 0 {
			b.add(Prim{Layer: LayerRulers, Kind: Segments, ID: id, Pts: ticks, Style: Style{Stroke: colRulerUnder.c(), Width: b.px(1.5)}})
		}
		label := r.Label
		if label == "" {
			label = LengthLabel(d)
		}
		mid := r.A.Lerp(r.B, 0.5)
		off := world.Vec{Y: -b.px(pxLabel)}
		if d > 1e-9 {
			n := r.B.Sub(r.A).Scale(1 / d)
			off = world.Vec{X: n.Y, Y: -n.X}.Scale(b.px(pxLabel))
			if off.Y > 0 {
				off = off.Scale(-1)
			}
		}
		b.label(Label{Layer: LayerRulers, ID: id, Text: label, Size: b.px(pxLabel + 1), Bold: true, Box: rgba(255, 250, 210, 235),
			Anchor: mid, At: []world.Vec{mid.Add(off), mid.Sub(off)}, Must: true, Leader: true, Priority: PriorityTool})
	}
}

func (b *builder) sightLines() {
	for i, s := range b.in.SightLines {
		id := "los:" + strconv.Itoa(i)
		col := VerdictColor(s.Verdict)
		// Several sample lines fan out to one target: keep them thin so the
		// target base stays visible through them.
		st := Style{Stroke: col, Width: b.px(1.6)}
		switch s.Verdict {
		case Cover:
			st.Dash = []float64{b.px(9), b.px(4)}
		case Blocked:
			st.Dash = []float64{b.px(3), b.px(4)}
		}
		b.add(Prim{Layer: LayerLOS, Kind: Polyline, ID: id, Pts: []world.Vec{s.A, s.B}, Style: Style{Stroke: rgba(255, 255, 255, 110), Width: b.px(3)}})
		b.add(Prim{Layer: LayerLOS, Kind: Polyline, ID: id, Pts: []world.Vec{s.A, s.B}, Style: st})
		if s.Label != "" {
			w := b.measure(s.Label, b.px(pxLabel), true)
			d := b.px(pxLabel + 8)
			b.label(Label{Layer: LayerLOS, ID: id, Text: s.Label, Size: b.px(pxLabel), Bold: true, Box: colLabelBox.c(), Anchor: s.B, Must: true, Leader: true, Priority: PriorityTool,
				At: []world.Vec{s.B.Add(world.Vec{Y: d}), s.B.Add(world.Vec{Y: -d}), s.B.Add(world.Vec{X: w/2 + d}), s.B.Sub(world.Vec{X: w/2 + d}),
					s.B.Add(world.Vec{Y: 2 * d}), s.B.Add(world.Vec{Y: -2 * d})}})
		}
	}
}

func (b *builder) marks() {
	for i, m := range b.in.Marks {
		id := "mark:" + strconv.Itoa(i)
		icon := m.Icon
		if icon == "" {
			icon = IconPin
		}
		c := m.Color
		if c.A == 0 {
			c = colText.c()
		}
		b.add(Prim{Layer: LayerMarkers, Kind: Icon, Icon: icon, ID: id, C: m.Pos, R: b.px(pxMarker + 2), Style: Style{Fill: withAlpha(c, 0), Stroke: c, Width: b.px(2)}})
		if icon == IconPin {
			ms := b.layers[LayerMarkers]
			ms[len(ms)-1].Fill = c
		}
		b.label(Label{Layer: LayerMarkers, ID: id, Text: m.Label, Size: b.px(pxSmall), Box: colLabelBox.c(), Anchor: m.Pos, Clear: b.px(pxMarker + 2), Must: true, Leader: true, Priority: PriorityTool,
			At: []world.Vec{m.Pos.Add(world.Vec{Y: b.px(pxMarker + 14)}), m.Pos.Sub(world.Vec{Y: b.px(pxMarker + 14)})}})
	}
}

// legend lays out the title, terrain legend, zone and line keys and the
// scale bar below the table (inside the margin the caller grows). It
// returns the prims and the new bottom edge of the scene.
func (b *builder) legend(bounds Rect) float64 {
	var out []Prim
	size := b.px(pxLegend)
	sw, sh := math.Max(3, b.px(36)), math.Max(2, b.px(22))
	gap := b.px(14)
	x0 := b.tableR.Min.X
	y := bounds.Max.Y + b.px(16)
	if b.v.EdgeRulers {
		y = bounds.Max.Y + b.px(6)
	}
	if b.v.Title != "" {
		ts := b.px(pxTitle)
		out = append(out, Prim{Layer: LayerHUD, Kind: Text, ID: "legend:title", C: world.Vec{X: x0, Y: y + ts*0.6}, Text: b.v.Title, Size: ts, Bold: true, Align: AlignLeft, Style: Style{Fill: colText.c()}})
		y += ts * 1.6
	}
	x := x0
	maxX := b.tableR.Max.X
	rowH := sh + b.px(8)
	item := func(id, label string, draw func(r Rect) []Prim) {
		w := sw + b.px(6) + b.measure(label, size, false)
		if x > x0 && x+w > maxX {
			x = x0
			y += rowH
		}
		r := Rect{Min: world.Vec{X: x, Y: y}, Max: world.Vec{X: x + sw, Y: y + sh}}
		out = append(out, draw(r)...)
		out = append(out, Prim{Layer: LayerHUD, Kind: Text, ID: id, C: world.Vec{X: x + sw + b.px(6), Y: y + sh/2}, Text: label, Size: size, Align: AlignLeft, Style: Style{Fill: colText.c()}})
		x += w + gap
	}
	seen := map[world.Kind]bool{}
	var kinds []world.Kind
	for _, f := range b.in.Features {
		if !seen[f.Kind] {
			seen[f.Kind] = true
			kinds = append(kinds, f.Kind)
		}
	}
	ordered := make([]world.Kind, 0, len(kinds))
	for _, k := range world.Kinds {
		if seen[k] {
			ordered = append(ordered, k)
			delete(seen, k)
		}
	}
	for _, k := range kinds {
		if seen[k] {
			ordered = append(ordered, k)
		}
	}
	for _, k := range ordered {
		st := StyleFor(k)
		item("legend:"+string(k), string(k), func(r Rect) []Prim {
			poly := rectPts(r)
			sub := &builder{cm: b.cm, v: b.v, measure: b.measure}
			sub.add(Prim{Layer: LayerTerrain, Kind: Polygon, Pts: poly, Style: Style{Fill: st.Fill}})
			sub.pattern("", poly, st)
			outline := Style{Stroke: st.Stroke, Width: b.px(pxLine)}
			if st.DashedOutline {
				outline.Dash = []float64{b.px(6), b.px(4)}
			}
			sub.add(Prim{Layer: LayerTerrain, Kind: Polygon, Pts: poly, Style: outline})
			ps := sub.layers[LayerTerrain]
			for i := range ps {
				ps[i].Layer = LayerHUD
				ps[i].ID = "legend:" + string(k)
			}
			return ps
		})
	}
	for _, z := range b.in.Zones {
		if z.Label == "" {
			continue
		}
		z := z
		item("legend:zone:"+z.ID, z.Label, func(r Rect) []Prim {
			return []Prim{{Layer: LayerHUD, Kind: Polygon, ID: "legend:zone:" + z.ID, Pts: rectPts(r), Style: Style{Fill: withAlpha(z.Color, 60), Stroke: z.Color, Width: b.px(2), Dash: []float64{b.px(6), b.px(3)}}}}
		})
	}
	if len(b.in.Objectives) > 0 {
		item("legend:objective", "objective", func(r Rect) []Prim {
			c := world.Vec{X: (r.Min.X + r.Max.X) / 2, Y: (r.Min.Y + r.Max.Y) / 2}
			rr := r.H() * 0.45
			return []Prim{
				{Layer: LayerHUD, Kind: Circle, ID: "legend:objective", C: c, R: rr, Style: Style{Fill: colWhite.c(), Stroke: colText.c(), Width: b.px(2)}},
				{Layer: LayerHUD, Kind: Icon, Icon: IconObjective, ID: "legend:objective", C: c, R: rr * 0.8, Style: Style{Fill: colText.c()}},
			}
		})
	}
	if len(b.in.SightLines) > 0 {
		for _, v := range []Verdict{Clear, Cover, Blocked} {
			v := v
			item("legend:los:"+v.String(), "line of sight: "+v.String(), func(r Rect) []Prim {
				st := Style{Stroke: VerdictColor(v), Width: b.px(pxThick)}
				switch v {
				case Cover:
					st.Dash = []float64{b.px(9), b.px(4)}
				case Blocked:
					st.Dash = []float64{b.px(3), b.px(4)}
				}
				my := (r.Min.Y + r.Max.Y) / 2
				return []Prim{{Layer: LayerHUD, Kind: Polyline, ID: "legend:los", Pts: []world.Vec{{X: r.Min.X, Y: my}, {X: r.Max.X, Y: my}}, Style: st}}
			})
		}
	}
	// Scale bar: 30 cm in 10 cm blocks (5 cm blocks on small tables).
	y += rowH + b.px(6)
	unit := 10.0
	if b.in.Table.W < 60 {
		unit = 5
	}
	bh := b.px(8)
	for i := 0; i < 3; i++ {
		fill := colText.c()
		if i%2 == 1 {
			fill = colWhite.c()
		}
		r := Rect{Min: world.Vec{X: x0 + unit*float64(i), Y: y}, Max: world.Vec{X: x0 + unit*float64(i+1), Y: y + bh}}
		out = append(out, Prim{Layer: LayerHUD, Kind: Polygon, ID: "scalebar", Pts: rectPts(r), Style: Style{Fill: fill, Stroke: colText.c(), Width: b.px(1)}})
	}
	for i := 0; i <= 3; i++ {
		s := strconv.Itoa(int(unit) * i)
		if i == 3 {
			s += " cm"
		}
		out = append(out, Prim{Layer: LayerHUD, Kind: Text, ID: "scalebar", C: world.Vec{X: x0 + unit*float64(i), Y: y + bh + b.px(10)}, Text: s, Size: b.px(pxSmall), Style: Style{Fill: colText.c()}})
	}
	note := fmt.Sprintf("table %s x %s cm", strconv.FormatFloat(b.in.Table.W, 'f', -1, 64), strconv.FormatFloat(b.in.Table.H, 'f', -1, 64))
	out = append(out, Prim{Layer: LayerHUD, Kind: Text, ID: "scalebar", C: world.Vec{X: x0 + unit*3 + b.px(40), Y: y + bh/2}, Text: note, Size: b.px(pxSmall), Align: AlignLeft, Style: Style{Fill: colText.c()}})
	for _, p := range out {
		b.add(p)
	}
	return y + bh + b.px(24)
}
