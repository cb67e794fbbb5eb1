package scene

import (
	"image/color"
	"math"
	"slices"
	"sort"

	"github.com/auspex/auspex/world"
)

// Priority orders labels competing for the same place: a label of higher
// priority is placed first, so it keeps its best position and a lower one
// moves to a free candidate or is dropped. Labels of equal priority are
// placed in the order they were added, so placement is deterministic.
type Priority int

// Label priorities, lowest first.
const (
	// PriorityStatic: terrain, zone and objective names, arc and ring range
	// labels: scenery that stays put between decisions.
	PriorityStatic Priority = iota
	// PriorityUnit: unit names.
	PriorityUnit
	// PriorityTool: rulers, sight lines and marks the player put down.
	PriorityTool
	// PrioritySelected: the selected unit's name and the unit a move
	// charges.
	PrioritySelected
	// PriorityPreview: what the decision in hand reads from the table (a
	// move preview's turn and cost labels, odds, the move result, to-hit
	// labels).
	PriorityPreview
)

// Label is a text label to place on the table. The layout tries its
// preferred centres At, then (unless Fixed) the 8 positions around Anchor
// just outside the radius Clear (below, above, right, left, then the
// corners), then with Leader four rings further out joined to the anchor by
// a thin leader line. The first candidate whose box stays inside the scene
// and touches no base, objective marker or earlier label wins. When none
// is free, a Must label takes the candidate covering the fewest bases, then
// the fewest labels; any other label is dropped.
type Label struct {
	Layer Layer
	ID    string
	Text  string
	// Size is the em height in cm.
	Size float64
	Bold bool
	// Fill is the text colour (zero: the scene's text colour).
	Fill color.NRGBA
	// Box is the background box colour.
	Box color.NRGBA
	// Anchor is the point labelled and Clear the radius around it the
	// label keeps clear of (a base's bounding radius).
	Anchor world.Vec
	Clear  float64
	// At are preferred centres, tried first in order.
	At       []world.Vec
	Fixed    bool
	Leader   bool
	Must     bool
	Priority Priority
}

// labelLayout is what a scene keeps to lay its labels out again when more
// are added (Scene.AddLabels): the requests, the rectangles no label may
// cover, and where the placed labels' primitives sit in each layer.
type labelLayout struct {
	measure   Measurer
	cm        float64 // cm per pixel
	bounds    Rect
	obstacles []Rect
	reqs      []Label
	spans     [numLayers][2]int
	order     []int
	res       []placed
	dirty     bool // a label was promoted since the last layout
}

// placed is where the layout put one label: its centre, the ring it came
// from (a leader line is drawn beyond ring 0), whether it was kept.
type placed struct {
	c    world.Vec
	r    Rect
	ring int
	ok   bool
}

// AddLabels lays the scene's labels out again with ls added, and keepOut
// added to the areas no label may cover (such as a preview's footprint).
// Placed labels' primitives are appended to their layers (after anything
// added since Build); earlier placed labels are replaced. It works on a
// scene not made by Build too (a zero Scene with a Scale).
func (s *Scene) AddLabels(keepOut []Rect, ls ...Label) {
	if len(ls) == 0 && len(keepOut) == 0 && (s.labels == nil || !s.labels.dirty) {
		return
	}
	if s.labels == nil {
		cm := 1.0
		if s.Scale > 0 {
			cm = 1 / s.Scale
		}
		s.labels = &labelLayout{measure: EstimateWidth, cm: cm, bounds: s.Bounds}
	}
	s.labels.obstacles = append(s.labels.obstacles, keepOut...)
	s.labels.reqs = append(s.labels.reqs, ls...)
	s.labels.run(s)
}

// Promote raises every label with id to priority p (never lowers one) and
// makes it a Must label with a leader; the next AddLabels call lays the
// labels out again.
func (s *Scene) Promote(id string, p Priority) {
	if s.labels == nil {
		return
	}
	for i := range s.labels.reqs {
		if r := &s.labels.reqs[i]; r.ID == id && r.Priority < p {
			r.Priority, r.Must, r.Leader = p, true, true
			s.labels.dirty = true
		}
	}
}

// run removes the primitives of the previous layout and places every
// label again by priority.
func (ly *labelLayout) run(s *Scene) {
	ly.dirty = false
	for l := range s.Layers {
		sp := ly.spans[l]
		if sp[1] > sp[0] && sp[1] <= len(s.Layers[l]) {
			s.Layers[l] = append(s.Layers[l][:sp[0]], s.Layers[l][sp[1]:]...)
		}
		ly.spans[l] = [2]int{}
	}
	bounds := ly.bounds
	if bounds.W() <= 0 || bounds.H() <= 0 {
		// A scene without bounds (not made by Build): index the area the
		// labels and keep-out areas span; rectangles outside it still count
		// (they fall into the border cells).
		bounds = ly.extent()
	}
	// Cells of 60 px, at most 128 a side.
	cell := math.Max(math.Max(4, 60*ly.cm), math.Max(bounds.W(), bounds.H())/128)
	idx := newLabelIndex(bounds, cell)
	for _, r := range ly.obstacles {
		idx.insert(r)
	}
	nObs := len(idx.rects)
	ly.order = ly.order[:0]
	for i := range ly.reqs {
		ly.order = append(ly.order, i)
	}
	sort.SliceStable(ly.order, func(a, b int) bool { return ly.reqs[ly.order[a]].Priority > ly.reqs[ly.order[b]].Priority })
	ly.res = slices.Grow(ly.res[:0], len(ly.reqs))[:len(ly.reqs)]
	clear(ly.res)
	for _, i := range ly.order {
		ly.res[i] = ly.place(&idx, nObs, &ly.reqs[i], ly.bounds.W() > 0)
	}
	// The primitives go at the end of their layers in the order the labels
	// were added.
	var n [numLayers]int
	for i := range ly.reqs {
		if ly.res[i].ok {
			n[ly.reqs[i].Layer] += 1 + min(ly.res[i].ring, 1)
		}
	}
	for l := range s.Layers {
		if n[l] > 0 {
			s.Layers[l] = slices.Grow(s.Layers[l], n[l])
		}
	}
	for i := range ly.reqs {
		if !ly.res[i].ok {
			continue
		}
		lb, p := &ly.reqs[i], ly.res[i]
		l := lb.Layer
		if ly.spans[l][1] == 0 {
			ly.spans[l] = [2]int{len(s.Layers[l]), len(s.Layers[l])}
		}
		fill := lb.Fill
		if fill.A == 0 {
			fill = colText.c()
		}
		if p.ring > 0 {
			s.Layers[l] = append(s.Layers[l], Prim{Layer: l, Kind: Polyline, ID: lb.ID,
				Pts: []world.Vec{leaderStart(lb.Anchor, lb.Clear, p.c), closestOnRect(p.r, lb.Anchor)}, Style: Style{Stroke: rgba(40, 40, 40, 200), Width: ly.cm}})
		}
		s.Layers[l] = append(s.Layers[l], Prim{Layer: l, Kind: Text, ID: lb.ID, C: p.c, Text: lb.Text, Size: lb.Size, Bold: lb.Bold, Box: lb.Box, Style: Style{Fill: fill}})
		ly.spans[l][1] = len(s.Layers[l])
	}
}

// leaderRings is how many rings beyond the first a Leader label tries.
const leaderRings = 4

// extent is the bounding box of the anchors, preferred centres and
// keep-out areas (a unit square when there are none).
func (ly *labelLayout) extent() Rect {
	r := Rect{Min: world.Vec{X: math.Inf(1), Y: math.Inf(1)}, Max: world.Vec{X: math.Inf(-1), Y: math.Inf(-1)}}
	grow := func(p world.Vec) {
		if !math.IsNaN(p.X+p.Y) && !math.IsInf(p.X+p.Y, 0) {
			r.Min = world.Vec{X: math.Min(r.Min.X, p.X), Y: math.Min(r.Min.Y, p.Y)}
			r.Max = world.Vec{X: math.Max(r.Max.X, p.X), Y: math.Max(r.Max.Y, p.Y)}
		}
	}
	for _, o := range ly.obstacles {
		grow(o.Min)
		grow(o.Max)
	}
	for i := range ly.reqs {
		grow(ly.reqs[i].Anchor)
		for _, c := range ly.reqs[i].At {
			grow(c)
		}
	}
	if r.Min.X > r.Max.X {
		return Rect{Max: world.Vec{X: 1, Y: 1}}
	}
	return r
}

// eight are the directions around an anchor, in the order tried.
var eight = [8][2]float64{{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}}

// place finds a place for lb (see Label) and reserves it in idx.
func (ly *labelLayout) place(idx *labelIndex, nObs int, lb *Label, inside bool) placed {
	if lb.Text == "" || !(lb.Size > 0) {
		return placed{}
	}
	w := ly.measure(lb.Text, lb.Size, lb.Bold)
	pad := lb.Size * 0.2
	hw, hh := w/2+pad, lb.Size*0.6+pad
	box := func(c world.Vec) Rect {
		return Rect{Min: world.Vec{X: c.X - hw, Y: c.Y - hh}, Max: world.Vec{X: c.X + hw, Y: c.Y + hh}}
	}
	fits := func(r Rect) bool {
		return !inside || (r.Min.X >= ly.bounds.Min.X && r.Max.X <= ly.bounds.Max.X && r.Min.Y >= ly.bounds.Min.Y && r.Max.Y <= ly.bounds.Max.Y)
	}
	gap := 2 * ly.cm
	// Rings further out step by the label's height or 1 cm, whichever is
	// more, so a label can clear a neighbouring base.
	step := math.Max(2.4*hh, 1)
	around := func(ring int, d [2]float64) world.Vec {
		r := lb.Clear + gap + float64(ring)*step
		k := 1.0
		if d[0] != 0 && d[1] != 0 {
			k = math.Sqrt2 / 2
		}
		return lb.Anchor.Add(world.Vec{X: d[0] * (r*k + hw), Y: d[1] * (r*k + hh)})
	}
	// Try every candidate in order; stop at the first free one.
	bestCost, best, bestRing := math.MaxInt, world.Vec{}, 0
	try := func(c world.Vec, ring int) bool {
		r := box(c)
		if !fits(r) {
			return false
		}
		if !idx.hits(r) {
			best, bestRing, bestCost = c, ring, -1
			return true
		}
		if lb.Must {
			if cost := idx.cost(r, nObs); cost < bestCost {
				best, bestRing, bestCost = c, ring, cost
			}
		}
		return false
	}
	found := false
	for _, c := range lb.At {
		if found = try(c, 0); found {
			break
		}
	}
	rings := 0
	if lb.Leader {
		rings = leaderRings
	}
	for ring := 0; !found && !lb.Fixed && ring <= rings; ring++ {
		for _, d := range eight {
			if found = try(around(ring, d), ring); found {
				break
			}
		}
	}
	if !found {
		if !lb.Must {
			return placed{}
		}
		if bestCost == math.MaxInt {
			// Nothing fits inside the scene: the first candidate.
			best, bestRing = lb.Anchor, 0
			if len(lb.At) > 0 {
				best = lb.At[0]
			} else if !lb.Fixed {
				best = around(0, eight[0])
			}
		}
	}
	r := box(best)
	idx.insert(r)
	return placed{c: best, r: r, ring: bestRing, ok: true}
}

// leaderStart is where a leader from a label centred at c meets the circle
// of radius clear around anchor.
func leaderStart(anchor world.Vec, clear float64, c world.Vec) world.Vec {
	d := c.Sub(anchor)
	n := d.Len()
	if n < 1e-9 || clear <= 0 {
		return anchor
	}
	return anchor.Add(d.Scale(math.Min(clear, n) / n))
}

// closestOnRect is the point of r nearest to p.
func closestOnRect(r Rect, p world.Vec) world.Vec {
	return world.Vec{X: min(max(p.X, r.Min.X), r.Max.X), Y: min(max(p.Y, r.Min.Y), r.Max.Y)}
}

// labelIndex is a uniform-grid index of rectangles already occupied by
// labels and bases, so label placement stays near linear in the number of
// labels. Rectangles outside the indexed area fall into the border cells.
type labelIndex struct {
	cell   float64
	origin [2]float64
	nx, ny int
	cells  [][]int32
	rects  []Rect
	stamp  []uint32 // per rectangle: the query that last counted it
	query  uint32
}

// newLabelIndex indexes the area r with square cells of side cell.
func newLabelIndex(r Rect, cell float64) labelIndex {
	nx := int(math.Ceil(r.W()/cell)) + 1
	ny := int(math.Ceil(r.H()/cell)) + 1
	if nx < 1 || nx > 512 {
		nx = min(max(nx, 1), 512)
	}
	if ny < 1 || ny > 512 {
		ny = min(max(ny, 1), 512)
	}
	return labelIndex{cell: cell, origin: [2]float64{r.Min.X, r.Min.Y}, nx: nx, ny: ny, cells: make([][]int32, nx*ny)}
}

func (x *labelIndex) clampX(v float64) int {
	i := int(math.Floor((v - x.origin[0]) / x.cell))
	return min(max(i, 0), x.nx-1)
}

func (x *labelIndex) clampY(v float64) int {
	i := int(math.Floor((v - x.origin[1]) / x.cell))
	return min(max(i, 0), x.ny-1)
}

// hits reports whether r overlaps any stored rectangle.
func (x *labelIndex) hits(r Rect) bool {
	if x.nx == 0 {
		return false
	}
	x0, x1 := x.clampX(r.Min.X), x.clampX(r.Max.X)
	y0, y1 := x.clampY(r.Min.Y), x.clampY(r.Max.Y)
	for j := y0; j <= y1; j++ {
		for i := x0; i <= x1; i++ {
			for _, k := range x.cells[j*x.nx+i] {
				if x.rects[k].Overlaps(r) {
					return true
				}
			}
		}
	}
	return false
}

// cost counts what r overlaps: each of the first nObs rectangles (bases,
// markers, keep-out areas) counts 1000, each other one (labels) 1.
func (x *labelIndex) cost(r Rect, nObs int) int {
	if x.nx == 0 {
		return 0
	}
	x.query++
	if len(x.stamp) < len(x.rects) {
		x.stamp = append(x.stamp, make([]uint32, len(x.rects)-len(x.stamp))...)
	}
	n := 0
	x0, x1 := x.clampX(r.Min.X), x.clampX(r.Max.X)
	y0, y1 := x.clampY(r.Min.Y), x.clampY(r.Max.Y)
	for j := y0; j <= y1; j++ {
		for i := x0; i <= x1; i++ {
			for _, k := range x.cells[j*x.nx+i] {
				if x.stamp[k] == x.query || !x.rects[k].Overlaps(r) {
					continue
				}
				x.stamp[k] = x.query
				if int(k) < nObs {
					n += 1000
				} else {
					n++
				}
			}
		}
	}
	return n
}

// insert stores r.
func (x *labelIndex) insert(r Rect) {
	if x.nx == 0 || math.IsNaN(r.Min.X+r.Max.X+r.Min.Y+r.Max.Y) {
		return
	}
	k := int32(len(x.rects))
	x.rects = append(x.rects, r)
	x0, x1 := x.clampX(r.Min.X), x.clampX(r.Max.X)
	y0, y1 := x.clampY(r.Min.Y), x.clampY(r.Max.Y)
	for j := y0; j <= y1; j++ {
		for i := x0; i <= x1; i++ {
			x.cells[j*x.nx+i] = append(x.cells[j*x.nx+i], k)
		}
	}
}
