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
// corners), then the same sides slid half a label along (so a name beside
// a base in contact with another clears that one's name and markers),
// then with Leader four rings further out joined to the anchor by a thin
// leader line. The first candidate whose box stays inside the scene and
// touches no base, objective marker or earlier label wins; a place a Fixed
// label of lower rank would take (a terrain name inside its outline) is
// left to it when another place near the anchor is free, or (for a label
// without Leader) one a ring further out, with a leader line, away from
// the reserved places. When none is
// free, a Must label takes the candidate covering the fewest labels of
// higher rank, then bases, then other labels, moved inside the scene where
// it would hang over its edge; any other label is dropped.
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
	// Top, when more than Clear, is how far above Anchor the places above
	// it keep clear (a base's state markers stand above its top right).
	Top float64
	// At are preferred centres, tried first in order.
	At       []world.Vec
	Fixed    bool
	Leader   bool
	Must     bool
	Priority Priority
	// Disc, when positive, draws the label as a disc of this radius (cm)
	// filled with Box and ringed with Outline, Text centred on it (an order
	// marker); the layout keeps the disc's square clear.
	Disc    float64
	Outline color.NRGBA
	// Width, when positive, wraps a longer text into lines at most this
	// wide (cm), drawn one under the other as one label (a refusal that
	// would run wider than the table).
	Width float64
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
	done      []bool // per request: placed (or dropped) in this layout
	dirty     bool   // a label was promoted since the last layout
}

// placed is where the layout put one label: its centre, the ring it came
// from (a leader line is drawn beyond ring 0), whether it was kept.
type placed struct {
	c     world.Vec
	r     Rect
	ring  int
	ok    bool
	lines []string // the wrapped lines (nil: one line, the label's Text)
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
	nr := len(ly.obstacles) + len(ly.reqs) + len(ly.reqs)/4
	idx.rects, idx.kind, idx.tag = make([]Rect, 0, nr), make([]rectKind, 0, nr), make([]int32, 0, nr)
	for _, r := range ly.obstacles {
		idx.insert(r, kindObstacle, 0)
	}
	inside := ly.bounds.W() > 0
	ly.order = ly.order[:0]
	for i := range ly.reqs {
		ly.order = append(ly.order, i)
	}
	sort.SliceStable(ly.order, func(a, b int) bool { return ly.reqs[ly.order[a]].Priority > ly.reqs[ly.order[b]].Priority })
	ly.res = slices.Grow(ly.res[:0], len(ly.reqs))[:len(ly.reqs)]
	clear(ly.res)
	ly.done = slices.Grow(ly.done[:0], len(ly.reqs))[:len(ly.reqs)]
	clear(ly.done)
	// A Fixed label (a terrain name inside its outline) has no other place
	// to go: its first place clear of bases is reserved, so that a label
	// placed before it goes elsewhere when it can.
	for i := range ly.reqs {
		lb := &ly.reqs[i]
		if !lb.Fixed || lb.Text == "" || !(lb.Size > 0) {
			continue
		}
		hw, hh, _ := ly.half(lb)
		for _, c := range lb.At {
			if r := centred(c, hw, hh); ly.fits(r, inside) && !idx.overlapsAny(r) {
				idx.insert(r, kindReserved, int32(i))
				break
			}
		}
	}
	for _, i := range ly.order {
		ly.res[i] = ly.place(&idx, i, &ly.reqs[i], inside)
		ly.done[i] = true
	}
	// The primitives go at the end of their layers in the order the labels
	// were added.
	var n [numLayers]int
	for i := range ly.reqs {
		if ly.res[i].ok {
			n[ly.reqs[i].Layer] += max(1, len(ly.res[i].lines)) + min(ly.res[i].ring, 1)
			if ly.reqs[i].Disc > 0 {
				n[ly.reqs[i].Layer]++
			}
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
		if lb.Disc > 0 {
			s.Layers[l] = append(s.Layers[l], Prim{Layer: l, Kind: Circle, ID: lb.ID, C: p.c, R: lb.Disc, Style: Style{Fill: lb.Box, Stroke: lb.Outline, Width: 1.5 * ly.cm}})
			s.Layers[l] = append(s.Layers[l], Prim{Layer: l, Kind: Text, ID: lb.ID, C: p.c, Text: lb.Text, Size: lb.Size, Bold: lb.Bold, Style: Style{Fill: fill}})
		} else if len(p.lines) > 1 {
			// One prim a line, top to bottom, each centred on the label.
			y := p.c.Y - float64(len(p.lines)-1)*lineGap*lb.Size/2
			for _, ln := range p.lines {
				s.Layers[l] = append(s.Layers[l], Prim{Layer: l, Kind: Text, ID: lb.ID, C: world.Vec{X: p.c.X, Y: y}, Text: ln, Size: lb.Size, Bold: lb.Bold, Box: lb.Box, Style: Style{Fill: fill}})
				y += lineGap * lb.Size
			}
		} else {
			s.Layers[l] = append(s.Layers[l], Prim{Layer: l, Kind: Text, ID: lb.ID, C: p.c, Text: lb.Text, Size: lb.Size, Bold: lb.Bold, Box: lb.Box, Style: Style{Fill: fill}})
		}
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

// slides are the side places slid along their side, in the order tried:
// the direction of the side (as in eight) and the slide in half widths
// (below and above) or half heights (right and left).
var slides = [8][3]float64{{0, 1, 1}, {0, 1, -1}, {0, -1, 1}, {0, -1, -1}, {1, 0, 1}, {1, 0, -1}, {-1, 0, 1}, {-1, 0, -1}}

// lineGap is the distance between the lines of a wrapped label, in ems.
const lineGap = 1.2

// half is the half width and half height of lb's box, and its lines when
// it is wrapped (nil: one line).
func (ly *labelLayout) half(lb *Label) (hw, hh float64, lines []string) {
	if lb.Disc > 0 {
		return lb.Disc, lb.Disc, nil
	}
	w := ly.measure(lb.Text, lb.Size, lb.Bold)
	pad := lb.Size * 0.2
	if lb.Width > 0 && w > lb.Width {
		if lines = Wrap(lb.Text, lb.Size, lb.Width, lb.Bold, ly.measure); len(lines) > 1 {
			w = 0
			for _, ln := range lines {
				w = math.Max(w, ly.measure(ln, lb.Size, lb.Bold))
			}
			return w/2 + pad, lb.Size*0.6 + float64(len(lines)-1)*lineGap*lb.Size/2 + pad, lines
		}
		lines = nil
	}
	return w/2 + pad, lb.Size*0.6 + pad, nil
}

// centred is the box of half sizes hw, hh centred at c.
func centred(c world.Vec, hw, hh float64) Rect {
	return Rect{Min: world.Vec{X: c.X - hw, Y: c.Y - hh}, Max: world.Vec{X: c.X + hw, Y: c.Y + hh}}
}

// fits reports whether r lies inside the scene (always, when the scene
// has no bounds).
func (ly *labelLayout) fits(r Rect, inside bool) bool {
	return !inside || (r.Min.X >= ly.bounds.Min.X && r.Max.X <= ly.bounds.Max.X && r.Min.Y >= ly.bounds.Min.Y && r.Max.Y <= ly.bounds.Max.Y)
}

// place finds a place for lb, the label request self (see Label), and
// reserves it in idx.
func (ly *labelLayout) place(idx *labelIndex, self int, lb *Label, inside bool) placed {
	if lb.Text == "" || !(lb.Size > 0) {
		return placed{}
	}
	hw, hh, lines := ly.half(lb)
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
		ry := r * k
		if d[1] < 0 && lb.Top > lb.Clear {
			ry = math.Max(ry, lb.Top+gap+float64(ring)*step)
		}
		return lb.Anchor.Add(world.Vec{X: d[0] * (r*k + hw), Y: d[1] * (ry + hh)})
	}
	slid := func(ring int, sl [3]float64) world.Vec {
		c := around(ring, [2]float64{sl[0], sl[1]})
		if sl[0] == 0 {
			return c.Add(world.Vec{X: sl[2] * hw})
		}
		return c.Add(world.Vec{Y: sl[2] * hh})
	}
	// Try every candidate in order; stop at the first free one. A free
	// place another label has reserved is remembered and taken only when
	// no place of the same ring is free.
	bestCost, best, bestRing := math.MaxInt, world.Vec{}, 0
	var kept world.Vec
	keptRing, haveKept, wasReserved := 0, false, false
	try := func(c world.Vec, ring int) bool {
		wasReserved = false
		r := centred(c, hw, hh)
		if !ly.fits(r, inside) {
			return false
		}
		hard, reserved := idx.hits(r, self, ly.done)
		if !hard {
			if !reserved {
				best, bestRing, bestCost = c, ring, -1
				return true
			}
			wasReserved = true
			if !haveKept {
				kept, keptRing, haveKept = c, ring, true
			}
			return false
		}
		if lb.Must {
			if cost := idx.cost(r, lb.Priority); cost < bestCost {
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
	// reservedDirs marks the places of ring 0 (eight, then slides) that
	// only a reservation kept from being taken: one ring further out the
	// same way, the leader line would cross that terrain name.
	var reservedDirs uint16
	extra := false
	for ring := 0; !found && !lb.Fixed && ring <= rings; ring++ {
		for i, d := range eight {
			if extra && reservedDirs&(1<<i) != 0 {
				continue
			}
			if found = try(around(ring, d), ring); found {
				break
			}
			if ring == 0 && wasReserved {
				reservedDirs |= 1 << i
			}
		}
		for k := 0; !found && k < len(slides); k++ {
			if extra && reservedDirs&(1<<(8+k)) != 0 {
				continue
			}
			found = try(slid(ring, slides[k]), ring)
			if ring == 0 && wasReserved {
				reservedDirs |= 1 << (8 + k)
			}
		}
		if !found && haveKept {
			if ring == 0 && rings == 0 {
				// Only a terrain name's place is free: one ring further
				// out (with a leader line) before taking it.
				rings, extra = 1, true
				continue
			}
			best, bestRing, found = kept, keptRing, true
		}
	}
	if !found && haveKept {
		best, bestRing, found = kept, keptRing, true
	}
	if !found {
		if !lb.Must {
			return placed{}
		}
		if bestCost == math.MaxInt {
			// Nothing fits inside the scene: the first candidate, moved
			// inside as far as it goes.
			best, bestRing = lb.Anchor, 0
			if len(lb.At) > 0 {
				best = lb.At[0]
			} else if !lb.Fixed {
				best = around(0, eight[0])
			}
			if inside {
				best = ly.pullInside(best, hw, hh)
			}
		}
	}
	r := centred(best, hw, hh)
	idx.insert(r, kindLabel, int32(lb.Priority))
	return placed{c: best, r: r, ring: bestRing, ok: true, lines: lines}
}

// pullInside moves the centre c of a box of half sizes hw, hh so the box
// lies inside the scene's bounds, or is centred on them along an axis
// where it is larger.
func (ly *labelLayout) pullInside(c world.Vec, hw, hh float64) world.Vec {
	b := ly.bounds
	in := func(v, h, lo, hi float64) float64 {
		if 2*h >= hi-lo {
			return (lo + hi) / 2
		}
		return min(max(v, lo+h), hi-h)
	}
	if math.IsNaN(c.X+c.Y) || math.IsInf(c.X+c.Y, 0) {
		return c
	}
	return world.Vec{X: in(c.X, hw, b.Min.X, b.Max.X), Y: in(c.Y, hh, b.Min.Y, b.Max.Y)}
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
	kind   []rectKind
	// tag is per rectangle a placed label's priority or the index of the
	// label request a reserved place is kept for.
	tag   []int32
	stamp []uint32 // per rectangle: the query that last counted it
	query uint32
}

// rectKind is what an indexed rectangle is.
type rectKind uint8

const (
	// kindObstacle: a base, an objective marker or a keep-out area.
	kindObstacle rectKind = iota
	// kindLabel: a placed label.
	kindLabel
	// kindReserved: the place a Fixed label will take, kept free for it by
	// the labels placed before it when they have another place.
	kindReserved
)

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

// hits reports whether r overlaps a base, marker or placed label (hard),
// and whether it overlaps a place reserved for another label request than
// self that done does not mark as placed yet.
func (x *labelIndex) hits(r Rect, self int, done []bool) (hard, reserved bool) {
	if x.nx == 0 {
		return false, false
	}
	x0, x1 := x.clampX(r.Min.X), x.clampX(r.Max.X)
	y0, y1 := x.clampY(r.Min.Y), x.clampY(r.Max.Y)
	for j := y0; j <= y1; j++ {
		for i := x0; i <= x1; i++ {
			for _, k := range x.cells[j*x.nx+i] {
				if !x.rects[k].Overlaps(r) {
					continue
				}
				if x.kind[k] != kindReserved {
					return true, reserved
				}
				if o := int(x.tag[k]); o != self && o < len(done) && !done[o] {
					reserved = true
				}
			}
		}
	}
	return false, reserved
}

// overlapsAny reports whether r overlaps any stored rectangle.
func (x *labelIndex) overlapsAny(r Rect) bool {
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

// Overlap costs of a Must label's place that nothing leaves free: a label
// of higher priority (the decision's own message under a ruler's length)
// counts most, then a base or marker, then a label of the same or lower
// priority.
const (
	costHigher   = 1_000_000
	costObstacle = 1000
	costLabel    = 1
)

// cost counts what r overlaps for a label of priority p (see costHigher);
// reserved places count nothing.
func (x *labelIndex) cost(r Rect, p Priority) int {
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
				switch {
				case x.kind[k] == kindObstacle:
					n += costObstacle
				case x.kind[k] == kindLabel && Priority(x.tag[k]) > p:
					n += costHigher
				case x.kind[k] == kindLabel:
					n += costLabel
				}
			}
		}
	}
	return n
}

// insert stores r, a rectangle of kind k with tag t.
func (x *labelIndex) insert(r Rect, kind rectKind, t int32) {
	if x.nx == 0 || math.IsNaN(r.Min.X+r.Max.X+r.Min.Y+r.Max.Y) {
		return
	}
	k := int32(len(x.rects))
	x.rects = append(x.rects, r)
	x.kind = append(x.kind, kind)
	x.tag = append(x.tag, t)
	x0, x1 := x.clampX(r.Min.X), x.clampX(r.Max.X)
	y0, y1 := x.clampY(r.Min.Y), x.clampY(r.Max.Y)
	for j := y0; j <= y1; j++ {
		for i := x0; i <= x1; i++ {
			x.cells[j*x.nx+i] = append(x.cells[j*x.nx+i], k)
		}
	}
}
