package screen

// earClip triangulates the simple polygon given by xs, ys (either winding)
// and appends index triples (into the polygon) to out. Convex polygons and
// polygons where no ear is found (numerical trouble) are fanned from the
// first vertex, which is exact for convex shapes.
func earClip(xs, ys []float32, out []uint32) []uint32 {
	n := len(xs)
	if n < 3 {
		return out
	}
	area := float32(0)
	convex := true
	sign := 0
	for i := 0; i < n; i++ {
		j, k := (i+1)%n, (i+2)%n
		area += xs[i]*ys[j] - xs[j]*ys[i]
		c := (xs[j]-xs[i])*(ys[k]-ys[j]) - (ys[j]-ys[i])*(xs[k]-xs[j])
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
	}
	if convex || n == 3 {
		for i := 1; i+1 < n; i++ {
			out = append(out, 0, uint32(i), uint32(i+1))
		}
		return out
	}
	ccw := area > 0
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	cross := func(a, b, c int) float32 {
		return (xs[b]-xs[a])*(ys[c]-ys[b]) - (ys[b]-ys[a])*(xs[c]-xs[b])
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
	guard := 0
	for len(idx) > 3 && guard < n*n {
		guard++
		found := false
		m := len(idx)
		for i := 0; i < m; i++ {
			a, b, c := idx[(i+m-1)%m], idx[i], idx[(i+1)%m]
			cr := cross(a, b, c)
			if (ccw && cr <= 0) || (!ccw && cr >= 0) {
				continue
			}
			ear := true
			for _, p := range idx {
				if p != a && p != b && p != c && inside(p, a, b, c) {
					ear = false
					break
				}
			}
			if !ear {
				continue
			}
			out = append(out, uint32(a), uint32(b), uint32(c))
			idx = append(idx[:i], idx[i+1:]...)
			found = true
			break
		}
		if !found {
			break
		}
	}
	if len(idx) >= 3 {
		for i := 1; i+1 < len(idx); i++ {
			out = append(out, uint32(idx[0]), uint32(idx[i]), uint32(idx[i+1]))
		}
	}
	return out
}
