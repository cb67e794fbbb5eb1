package world

import (
	"math"
	"math/rand/v2"
	"testing"
)

// rectFirstOverlap finds what the overlap search (firstAbove on the
// penetration) finds for rectangles: whether a straight move overlaps a
// rectangle by more than the limit the move check uses (Eps, or the
// starting overlap plus Eps), and where it first does, within 1e-9 of
// the path; it answers for rectangles only.
func TestRectFirstOverlapAgreesWithTheSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	rect := func() Base {
		return Base{Pos: Vec{rng.Float64() * 12, rng.Float64() * 12}, Facing: rng.Float64() * 360,
			Foot: Footprint{Shape: Rect, W: 1 + rng.Float64()*4, H: 1 + rng.Float64()*4}}
	}
	hits, misses := 0, 0
	for i := 0; i < 5000; i++ {
		a, o := rect(), rect()
		if i%4 == 0 { // in contact side by side, as stands of a detachment stand
			o = a
			o.Pos = a.Pos.Add(Heading(a.Facing + 90).Scale(a.Foot.W))
		}
		d := Vec{rng.Float64()*16 - 8, rng.Float64()*16 - 8}
		fa, fo := a.frame(), o.frame()
		lim := max(Eps, penetration(&fa, &fo)+Eps)
		pen := func(t float64) float64 {
			b := a
			b.Pos = a.Pos.Add(d.Scale(t))
			fb := b.frame()
			return penetration(&fb, &fo)
		}
		wantT, want := firstAbove(pen, lim)
		gotT, got, ok := rectFirstOverlap(a, o, d, lim)
		if !ok {
			t.Fatalf("case %d: rectangles not answered", i)
		}
		if got != want || (got && math.Abs(gotT-wantT) > 1e-9) {
			t.Fatalf("case %d: got %v at %g, the search %v at %g (a %+v, o %+v, d %v, lim %g)", i, got, gotT, want, wantT, a, o, d, lim)
		}
		if got {
			hits++
		} else {
			misses++
		}
	}
	if hits < 500 || misses < 500 {
		t.Errorf("a weak sample: %d overlapping moves, %d clear", hits, misses)
	}
	circle := Base{Foot: Footprint{Shape: Circle, Radius: 1}}
	if _, _, ok := rectFirstOverlap(circle, circle, Vec{1, 0}, Eps); ok {
		t.Error("circles are left to the search")
	}
}

// A polygon edge segsApart leaves out is one the swept footprint never
// meets (edgeRectHull and clipConvex find no span), and it leaves out
// most edges that are far from the path.
func TestSegsApartNeverDropsAMeetingEdge(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 4))
	pt := func() Vec { return Vec{rng.Float64() * 30, rng.Float64() * 30} }
	dropped, far := 0, 0
	for i := 0; i < 20000; i++ {
		b := Base{Pos: pt(), Facing: rng.Float64() * 360, Foot: Footprint{Shape: Rect, W: 1 + rng.Float64()*4, H: 1 + rng.Float64()*4}}
		f := b.frame().shrunk(Eps)
		p1 := b.Pos.Add(Vec{rng.Float64()*20 - 10, rng.Float64()*20 - 10})
		a, e := pt(), pt()
		reach := math.Hypot(f.hw, f.hh) + Eps
		_, meets := clipConvex(b.Pos, p1.Sub(b.Pos), edgeRectHull(nil, &f, a, e))
		apart := segsApart(b.Pos, p1, a, e, reach)
		if apart && meets {
			t.Fatalf("case %d: edge %v-%v dropped but the sweep %v->%v meets it", i, a, e, b.Pos, p1)
		}
		if !meets {
			far++
			if apart {
				dropped++
			}
		}
	}
	if dropped < far/2 {
		t.Errorf("only %d of %d edges the sweep misses were dropped", dropped, far)
	}
}
