package world

import (
	"fmt"
	"testing"
)

func TestNearestWithin(t *testing.T) {
	from := Base{ID: "me", Pos: Vec{0, 0}, Foot: Footprint{Shape: Circle, Radius: 1}}
	cands := []Base{
		{ID: "me", Pos: Vec{0, 0}, Foot: Footprint{Shape: Circle, Radius: 1}}, // itself: skipped
		{ID: "far", Pos: Vec{30, 0}, Foot: Footprint{Shape: Circle, Radius: 1}},
		{ID: "long", Pos: Vec{0, 20}, Facing: 90, Foot: Footprint{Shape: Rect, W: 2, H: 30}}, // edge at y=19
		{ID: "ten", Pos: Vec{12, 0}, Foot: Footprint{Shape: Circle, Radius: 1}},              // exactly 10 edge to edge
		{ID: "tie", Pos: Vec{0, -12}, Foot: Footprint{Shape: Circle, Radius: 1}},             // also 10
	}
	i, d := Nearest(from, cands)
	if i != 3 || !near(d, 10, 1e-12) {
		t.Errorf("Nearest = %d, %v; want 3 (first of the tie), 10", i, d)
	}
	if got := fmt.Sprint(Within(from, cands, 10)); got != "[3 4]" {
		t.Errorf("Within 10 = %s", got)
	}
	if got := fmt.Sprint(Within(from, cands, 10-1e-3)); got != "[]" {
		t.Errorf("Within 9.999 = %s", got)
	}
	if got := fmt.Sprint(Within(from, cands, 18)); got != "[2 3 4]" {
		t.Errorf("Within 18 = %s", got)
	}
	if i, _ := Nearest(from, nil); i != -1 {
		t.Errorf("Nearest of none = %d", i)
	}
	// InArc: facing north, A arc: only "tie" (north) is ahead; F adds the
	// flanking ones.
	hits := InArc(from, MustArc("A"), cands, 0)
	if fmt.Sprint(hits) != "[{4 10}]" {
		t.Errorf("InArc A = %v", hits)
	}
	hits = InArc(from, MustArc("F"), cands, 0) // the east ones sit on the 90-degree edge line
	if fmt.Sprint(hits) != "[{3 10} {4 10} {1 28}]" {
		t.Errorf("InArc F = %v", hits)
	}
	hits = InArc(from, MustArc("AR"), cands, 15)
	if fmt.Sprint(hits) != "[{3 10} {4 10}]" {
		t.Errorf("InArc AR 15 = %v", hits)
	}
}

// Nearest agrees with a plain scan on random bases.
func TestNearestMatchesScan(t *testing.T) {
	r := rng(77)
	for n := 0; n < 200; n++ {
		from := randBase(&r)
		var cs []Base
		for i := 0; i < 20; i++ {
			cs = append(cs, randBase(&r))
		}
		i, d := Nearest(from, cs)
		bi, bd := -1, 1e18
		for j, c := range cs {
			if dd := Distance(from, c); dd < bd {
				bi, bd = j, dd
			}
		}
		if i != bi || d != bd {
			t.Fatalf("Nearest %d %v, scan %d %v", i, d, bi, bd)
		}
	}
}
