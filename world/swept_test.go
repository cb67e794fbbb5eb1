package world

import (
	"math"
	"math/rand/v2"
	"testing"
)

// sweptApart is exact where it answers: a rectangle it calls apart from
// another along a straight move never overlaps it at any point of the
// move (sampled finely), and it answers for every pair that stays
// apart, so the move check skips their overlap search.
func TestSweptApartNeverMissesAnOverlap(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	rect := func() Base {
		return Base{Pos: Vec{rng.Float64() * 20, rng.Float64() * 20}, Facing: rng.Float64() * 360,
			Foot: Footprint{Shape: Rect, W: 1 + rng.Float64()*4, H: 1 + rng.Float64()*4}}
	}
	said, apartAll := 0, 0
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
		got := sweptApart(a, o, d)
		if got && worst > 0 {
			t.Fatalf("case %d: called apart but overlaps by %g (a %+v, o %+v, d %v)", i, worst, a, o, d)
		}
		if worst < -0.05 { // clearly apart the whole way
			apartAll++
			if got {
				said++
			}
		}
	}
	if apartAll == 0 || said != apartAll { // the sweep and o are convex: an edge normal separates them
		t.Errorf("sweptApart found %d of %d moves that stay clearly apart", said, apartAll)
	}
	if sweptApart(Base{Foot: Footprint{Shape: Circle, Radius: 1}}, Base{Pos: Vec{10, 0}, Foot: Footprint{Shape: Circle, Radius: 1}}, Vec{1, 0}) {
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
