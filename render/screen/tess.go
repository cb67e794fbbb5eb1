package screen

// earClip triangulates the simple polygon given by xs, ys (either winding)
// and appends index triples (into the polygon) to out; see
// earClipper.clip.
func earClip(xs, ys []float32, out []uint32) []uint32 {
	var e earClipper
	return e.clip(xs, ys, out)
}

// earClipper holds the scratch buffers of ear clipping so a renderer can
// triangulate polygon after polygon without allocating.
type earClipper struct {
	idx    []int  // the polygon's remaining vertices, in order
	reflex []int  // the vertices that were reflex at the start
	gone   []bool // vertices already clipped off
}

// clip triangulates the simple polygon xs, ys (either winding) and appends
// index triples to out. Convex polygons and polygons where no ear is found
// (numerical trouble) are fanned from the first vertex, which is exact for
// convex shapes.
//
// Only vertices that were reflex at the start can lie inside an ear (a
// vertex never turns from convex to reflex as ears are cut), so the ear
// test checks only those, and the search for the next ear goes on from
// where the last one was cut: a nearly convex outline of a thousand points
// (a circle on whole-cm points) costs about n times its few reflex
// vertices instead of n cubed.
func (e *earClipper) clip(xs, ys []float32, out []uint32) []uint32 {
	n := len(xs)
	if n < 3 {
		return out
	}
	area := float32(0)
	for i := 0; i < n; i++ {
		j := (i + 1) % n
		area += xs[i]*ys[j] - xs[j]*ys[i]
	}
	ccw := area > 0
	cross := func(a, b, c int) float32 {
		return (xs[b]-xs[a])*(ys[c]-ys[b]) - (ys[b]-ys[a])*(xs[c]-xs[b])
	}
	// A vertex is reflex when it turns against the winding. One exactly in
	// line with its neighbours changes nothing in the shape and is left out
	// (whole-cm outlines have many).
	e.reflex = e.reflex[:0]
	e.idx = e.idx[:0]
	e.gone = e.gone[:0]
	convex, sign := true, 0
	for i := 0; i < n; i++ {
		c := cross((i+n-1)%n, i, (i+1)%n)
		s := 0
		if c > 0 {
			s = 1
		} else if c < 0 {
			s = -1
		}
		if s != 0 {
			if sign == 0 {
				sign = s
			} else if s != sign {
				convex = false
			}
		}
		if c != 0 {
			e.idx = append(e.idx, i)
		}
		if (ccw && c < 0) || (!ccw && c > 0) {
			e.reflex = append(e.reflex, i)
		}
		e.gone = append(e.gone, c == 0)
	}
	if convex || n == 3 {
		for i := 1; i+1 < n; i++ {
			out = append(out, 0, uint32(i), uint32(i+1))
		}
		return out
	}
	inside := func(p, a, b, c int) bool {
		d1 := (xs[b]-xs[a])*(ys[p]-ys[a]) - (ys[b]-ys[a])*(xs[p]-xs[a])
		d2 := (xs[c]-xs[b])*(ys[p]-ys[b]) - (ys[c]-ys[b])*(xs[p]-xs[b])
		d3 := (xs[a]-xs[c])*(ys[p]-ys[c]) - (ys[a]-ys[c])*(xs[p]-xs[c])
		if ccw {
			return d1 >= 0 && d2 >= 0 && d3 >= 0
		}
		return d1 <= 0 && d2 <= 0 && d3 <= 0
	}
	idx := e.idx
	at := 0
	for len(idx) > 3 {
		found := false
		m := len(idx)
		for k := 0; k < m; k++ {
			i := (at + k) % m
			a, b, c := idx[(i+m-1)%m], idx[i], idx[(i+1)%m]
			cr := cross(a, b, c)
			if (ccw && cr <= 0) || (!ccw && cr >= 0) {
				continue
			}
			ear := true
			x0, x1 := min(xs[a], xs[b], xs[c]), max(xs[a], xs[b], xs[c])
			y0, y1 := min(ys[a], ys[b], ys[c]), max(ys[a], ys[b], ys[c])
			for _, p := range e.reflex {
				if xs[p] < x0 || xs[p] > x1 || ys[p] < y0 || ys[p] > y1 || e.gone[p] {
					continue
				}
				if p != a && p != b && p != c && inside(p, a, b, c) {
					ear = false
					break
				}
			}
			if !ear {
				continue
			}
			out = append(out, uint32(a), uint32(b), uint32(c))
			e.gone[b] = true
			idx = append(idx[:i], idx[i+1:]...)
			at = i
			if at > 0 {
				at-- // the previous vertex may have become an ear
			}
			found = true
			break
		}
		if !found {
			break
		}
	}
	e.idx = idx
	if len(idx) >= 3 {
		for i := 1; i+1 < len(idx); i++ {
			out = append(out, uint32(idx[0]), uint32(idx[i]), uint32(idx[i+1]))
		}
	}
	return out
}
