package world

import (
	"math"
	"testing"
)

// plainGrid is the baseline the issue compares against: a uniform grid
// whose cells list the features meeting them; a trace walks the cells the
// segment passes through (Amanatides-Woo), takes each listed feature once,
// checks its bounding box and runs the same exact polygon test as Trace.
type plainGrid struct {
	x0, y0, size float64
	nx, ny       int
	cells        [][]int32
	geo          []featGeom
	seen         []uint32
	stamp        uint32
}

func newPlainGrid(w *World, size float64) *plainGrid {
	g := &plainGrid{x0: w.idx.x0, y0: w.idx.y0, size: size, geo: w.idx.geo}
	g.nx = int(math.Ceil((w.idx.x1 - w.idx.x0) / size))
	g.ny = int(math.Ceil((w.idx.y1 - w.idx.y0) / size))
	g.cells = make([][]int32, g.nx*g.ny)
	g.seen = make([]uint32, len(g.geo))
	for f := range g.geo {
		for c := range g.cells {
			x := g.x0 + float64(c%g.nx)*size
			y := g.y0 + float64(c/g.nx)*size
			if polyMeetsBox(g.geo[f].pts, x-1e-3, y-1e-3, x+size+1e-3, y+size+1e-3) {
				g.cells[c] = append(g.cells[c], int32(f))
			}
		}
	}
	return g
}

func (g *plainGrid) trace(a, b Vec, buf []Crossing) []Crossing {
	buf = buf[:0]
	d := b.Sub(a)
	l2 := d.Dot(d)
	if l2 == 0 {
		return buf
	}
	tr := tracer{a: a, b: b, d: d, l2: l2, l: math.Sqrt(l2)}
	g.stamp++
	cx := min(max(int((a.X-g.x0)/g.size), 0), g.nx-1)
	cy := min(max(int((a.Y-g.y0)/g.size), 0), g.ny-1)
	ex := min(max(int((b.X-g.x0)/g.size), 0), g.nx-1)
	ey := min(max(int((b.Y-g.y0)/g.size), 0), g.ny-1)
	sx, sy := 1, 1
	if d.X < 0 {
		sx = -1
	}
	if d.Y < 0 {
		sy = -1
	}
	next := func(p, dd, o float64, c, s int) (float64, float64) {
		if dd == 0 {
			return math.Inf(1), math.Inf(1)
		}
		edge := o + float64(c)*g.size
		if s > 0 {
			edge += g.size
		}
		return (edge - p) / dd, g.size / math.Abs(dd)
	}
	tx, dtx := next(a.X, d.X, g.x0, cx, sx)
	ty, dty := next(a.Y, d.Y, g.y0, cy, sy)
	minX, maxX := min(a.X, b.X), max(a.X, b.X)
	minY, maxY := min(a.Y, b.Y), max(a.Y, b.Y)
	for {
		for _, f := range g.cells[cy*g.nx+cx] {
			if g.seen[f] == g.stamp {
				continue
			}
			g.seen[f] = g.stamp
			ge := &g.geo[f]
			if ge.maxX < minX || ge.minX > maxX || ge.maxY < minY || ge.minY > maxY {
				continue
			}
			buf = tr.feature(ge, int(f), buf)
		}
		if cx == ex && cy == ey {
			break
		}
		if tx < ty {
			cx += sx
			tx += dtx
		} else {
			cy += sy
			ty += dty
		}
		if cx < 0 || cy < 0 || cx >= g.nx || cy >= g.ny || min(tx-dtx, ty-dty) > 1 {
			break
		}
	}
	sortCrossings(buf)
	return buf
}

// The baseline finds the same crossings (so the comparison is fair).
func TestPlainGridBaselineAgrees(t *testing.T) {
	w := benchWorld(t)
	g := newPlainGrid(w, 10)
	for _, s := range append(losSegs(500, 5), randSegs(500, 6)...) {
		got := perFeature(g.trace(s[0], s[1], nil), s[0].Dist(s[1]))
		want := perFeature(w.Trace(s[0], s[1], nil), s[0].Dist(s[1]))
		for f := range w.Features {
			if !near(got[f], want[f], 1e-9) {
				t.Fatalf("%v: feature %d: grid %v, Trace %v", s, f, got[f], want[f])
			}
		}
	}
}

// plainGridCell is the baseline's cell size in cm (5, 7.5, 10, 15 and 20
// were tried; 10 and 15 were best and alike).
const plainGridCell = 10

// BenchmarkTracePlainGrid: the same sight lines as BenchmarkTrace through
// the plain uniform grid, for comparison.
func BenchmarkTracePlainGrid(b *testing.B) {
	w := benchWorld(b)
	for _, size := range []float64{plainGridCell} {
		g := newPlainGrid(w, size)
		segs := losSegs(1024, 7)
		buf := make([]Crossing, 0, 64)
		b.ReportAllocs()
		defer cpuPerOp(b)()
		n := 0
		for i := 0; i < b.N; i++ {
			s := segs[i&1023]
			buf = g.trace(s[0], s[1], buf)
			n += len(buf)
		}
		sinkF = float64(n)
	}
}

// polyMeetsBox reports whether the closed polygon pts meets the box.
func polyMeetsBox(pts []Vec, x0, y0, x1, y1 float64) bool {
	n := len(pts) - 1
	for i := 0; i < n; i++ {
		p := pts[i]
		if p.X >= x0 && p.X <= x1 && p.Y >= y0 && p.Y <= y1 {
			return true
		}
	}
	c := Vec{(x0 + x1) / 2, (y0 + y1) / 2}
	if PointInPolygon(c, pts[:n]) {
		return true
	}
	hw, hh := (x1-x0)/2, (y1-y0)/2
	for i := 0; i < n; i++ {
		if segHitsBox(pts[i].Sub(c), pts[i+1].Sub(c), hw, hh) {
			return true
		}
	}
	return false
}
