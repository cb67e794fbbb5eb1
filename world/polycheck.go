package world

import (
	"math"
	"slices"
)

// firstCrossing returns the first pair of non-adjacent edges of poly (edge
// i runs from point i to point i+1, wrapping; first by i, then by j, i < j)
// that share a point by segmentsIntersect, or ok false when there is none.
// It is what ValidatePolygon's self-intersection check reports.
//
// It sweeps a vertical line across the edges' x-extents (sorted, widened
// by Eps) and tests only pairs whose extents overlap in x and y; for the
// polygons scenarios hold that is close to O(n log n) instead of the
// O(n^2) segment tests of every pair. Pairs are pruned only when their
// Eps-widened boxes are apart, which segmentsIntersect can never accept,
// so the answer is the same as testing every pair.
func firstCrossing(poly []Vec) (int, int, bool) {
	n := len(poly)
	type box struct{ x0, x1, y0, y1 float64 }
	boxes := make([]box, n)
	order := make([]int, n)
	for i := range poly {
		a, b := poly[i], poly[(i+1)%n]
		boxes[i] = box{math.Min(a.X, b.X) - Eps, math.Max(a.X, b.X) + Eps, math.Min(a.Y, b.Y) - Eps, math.Max(a.Y, b.Y) + Eps}
		order[i] = i
	}
	slices.SortFunc(order, func(p, q int) int {
		if c := cmpFloat(boxes[p].x0, boxes[q].x0); c != 0 {
			return c
		}
		return p - q
	})
	bi, bj := -1, -1
	active := make([]int, 0, 16)
	for _, e := range order {
		be := boxes[e]
		k := 0
		for _, a := range active {
			if boxes[a].x1 >= be.x0 {
				active[k] = a
				k++
			}
		}
		active = active[:k]
		for _, a := range active {
			ba := boxes[a]
			if ba.y1 < be.y0 || be.y1 < ba.y0 {
				continue
			}
			i, j := min(a, e), max(a, e)
			if j == i+1 || (i == 0 && j == n-1) {
				continue
			}
			if bi >= 0 && (i > bi || (i == bi && j > bj)) {
				continue
			}
			if segmentsIntersect(poly[i], poly[(i+1)%n], poly[j], poly[(j+1)%n]) {
				bi, bj = i, j
			}
		}
		active = append(active, e)
	}
	return bi, bj, bi >= 0
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
