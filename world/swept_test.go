package world

import (
	"math"
	"math/rand/v2"
	"testing"
)

// sweptOverlap bounds the overlap along the whole move from above (it is
// never below the deepest overlap, sampled finely), is negative for every
// move that stays clearly apart, and is about zero for a rectangle that
// starts in contact and moves straight off.
func TestSweptOverlapBoundsTheMove(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	rect := func() Base {
		return Base{Pos: Vec{rng.Float64() * 20, rng.Float64() * 20}, Facing: rng.Float64() * 360,
			Foot: Footprint{Shape: Rect, W: 1 + rng.Float64()*4, H: 1 + rng.Float64()*4}}
	}
	apart, found := 0, 0
	for i := 0; i < 4000; i++ {
		a, o := rect(), rect()
		d := Vec{rng.Float64()*16 - 8, rng.Float64()*16 - 8}
		fo := o.frame()
		worst := -1e9
		for k := 0; k <= 200; k++ {
			b := a
			b.Pos = a.Pos.Add(d.Scale(float64(k) / 200))
			fb := b.frame()
			worst = max(worst, penetration(&fb, &fo))
		}
		got, ok := sweptOverlap(a, o, d)
		if !ok || got < worst-1e-9 {
			t.Fatalf("case %d: bound %g (ok %v) below the overlap %g (a %+v, o %+v, d %v)", i, got, ok, worst, a, o, d)
		}
		if worst < -0.05 { // clearly apart the whole way
			apart++
			if got < 0 {
				found++
			}
		}
	}
	if apart == 0 || found != apart { // the sweep and o are convex: an edge normal separates them
		t.Errorf("the bound is negative for %d of %d moves that stay clearly apart", found, apart)
	}
	// Side by side in contact, one moving straight away from the other.
	a := Base{Pos: Vec{10, 10}, Facing: 30, Foot: Footprint{Shape: Rect, W: 4, H: 2}}
	o := a
	o.Pos = a.Pos.Add(Heading(30 + 90).Scale(4))
	if got, _ := sweptOverlap(a, o, Heading(30 - 90).Scale(5)); math.Abs(got) > 1e-9 {
		t.Errorf("moving off a stand in contact: bound %g, want 0", got)
	}
	if _, ok := sweptOverlap(Base{Foot: Footprint{Shape: Circle, Radius: 1}}, Base{Pos: Vec{10, 0}, Foot: Footprint{Shape: Circle, Radius: 1}}, Vec{1, 0}); ok {
		t.Error("circles are left to the caller")
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
