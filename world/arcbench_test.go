package world

import "testing"

// BenchmarkArcContainsBaseNearEdge: the slow case of ContainsBase, a
// rectangular target whose footprint straddles or nearly touches an edge of
// an A arc (centre within its bounding radius of the edge line), so the
// shortcuts cannot decide and the exact test runs.
func BenchmarkArcContainsBaseNearEdge(b *testing.B) {
	ps := distPairs(Circle, Rect)
	a := MustArc("A")
	r := rng(5)
	for i := range ps {
		obs, tgt := &ps[i][0], &ps[i][1]
		side := 1.0
		if r.next()%2 == 0 {
			side = -1
		}
		e := Heading(obs.Facing + side*a.Half)
		n := Vec{-e.Y, e.X}.Scale(side) // outward
		reach := tgt.Foot.BoundRadius()
		tgt.Pos = obs.Pos.Add(e.Scale(r.float(reach+1, 60))).Add(n.Scale(r.float(0.5, 1) * reach))
	}
	b.ReportAllocs()
	defer cpuPerOp(b)()
	n := 0
	for i := 0; i < b.N; i++ {
		p := &ps[i&1023]
		if a.ContainsBase(p[0], p[1]) {
			n++
		}
	}
	sinkF = float64(n)
}
