package scene

import "math"

// labelIndex is a uniform-grid index of rectangles already occupied by
// labels and bases, so label placement stays near linear in the number of
// labels. Rectangles outside the indexed area fall into the border cells.
type labelIndex struct {
	cell   float64
	origin [2]float64
	nx, ny int
	cells  [][]int32
	rects  []Rect
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
