package scene

import "math"

// labelIndex is a uniform-grid index of rectangles already occupied by
// labels and bases, so label placement stays near linear in the number of
// labels.
type labelIndex struct {
	cell  float64
	cells map[[2]int][]int
	rects []Rect
}

func newLabelIndex(cell float64) labelIndex {
	return labelIndex{cell: cell, cells: map[[2]int][]int{}}
}

func (x *labelIndex) span(r Rect) (int, int, int, int) {
	return int(math.Floor(r.Min.X / x.cell)), int(math.Floor(r.Min.Y / x.cell)),
		int(math.Floor(r.Max.X / x.cell)), int(math.Floor(r.Max.Y / x.cell))
}

// hits reports whether r overlaps any stored rectangle.
func (x *labelIndex) hits(r Rect) bool {
	x0, y0, x1, y1 := x.span(r)
	for i := x0; i <= x1; i++ {
		for j := y0; j <= y1; j++ {
			for _, k := range x.cells[[2]int{i, j}] {
				if x.rects[k].Overlaps(r) {
					return true
				}
			}
		}
	}
	return false
}

// insert stores r. Rectangles spanning very many cells (bigger than the
// table) are clamped to a bounded number of cells.
func (x *labelIndex) insert(r Rect) {
	if math.IsNaN(r.Min.X) || math.IsNaN(r.Max.X) || math.IsInf(r.Min.X, 0) || math.IsInf(r.Max.X, 0) {
		return
	}
	k := len(x.rects)
	x.rects = append(x.rects, r)
	x0, y0, x1, y1 := x.span(r)
	if (x1-x0+1)*(y1-y0+1) > 4096 {
		return
	}
	for i := x0; i <= x1; i++ {
		for j := y0; j <= y1; j++ {
			key := [2]int{i, j}
			x.cells[key] = append(x.cells[key], k)
		}
	}
}
