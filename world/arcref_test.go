package world

import (
	"math"
	"testing"
)

// refContainsBase is ContainsBase as it was before its shortcuts (commit
// 2cb5901), kept as the reference the current code must agree with.
func refContainsBase(a Arc, observer Base, target Base) bool {
	if a.Half >= 180 || a.ContainsPoint(observer, target.Pos) {
		return true
	}
	f := target.frame()
	if f.pointDist(observer.Pos) <= Eps {
		return true
	}
	far := f.c.Dist(observer.Pos) + f.hw + f.hh + f.r + 1
	for _, edge := range [2]float64{a.Centre - a.Half, a.Centre + a.Half} {
		tip := observer.Pos.Add(Heading(observer.Facing + edge).Scale(far))
		if segFrameDist(&f, observer.Pos, tip) <= Eps {
			return true
		}
	}
	return false
}

// arcCase draws an observer, an arc and a target placed to stress the
// boundaries: on an edge ray, a hair to either side of it (ArcEps, Eps,
// the bounding and inscribed radii and a rect's exact extent across the
// edge, each plus or minus tiny amounts), at the apex, or anywhere, with
// tiny, ordinary and huge footprints and far-off positions.
func arcCase(r *rng) (Arc, Base, Base) {
	codes := []string{"A", "F", "LA", "RA", "LF", "RF", "R", "RF180", "FxL", "FxR", "AR"}
	var a Arc
	switch r.next() % 8 {
	case 0:
		a = Arc{Code: "odd", Centre: r.float(-360, 360), Half: r.float(0, 180)}
	case 1:
		a = Arc{Code: "thin", Centre: r.float(-180, 180), Half: []float64{0, 1e-9, 0.5, 179.999}[r.next()%4]}
	default:
		a = MustArc(codes[r.next()%uint64(len(codes))])
	}
	off := Vec{}
	switch r.next() % 4 {
	case 0:
		off = Vec{r.float(-1e5, 1e5), r.float(-1e5, 1e5)}
	case 1:
		off = Vec{r.float(-3, 3), r.float(-3, 3)}
	}
	facing := r.float(0, 360)
	switch r.next() % 5 {
	case 0:
		facing = float64(r.next()%8) * 45
	case 1:
		facing = r.float(-720, 720)
	}
	obs := Base{Pos: off.Add(Vec{r.float(0, 180), r.float(0, 120)}), Facing: facing, Foot: Footprint{Shape: Circle, Radius: 2}}

	scale := []float64{1e-7, 1e-3, 1, 1, 1, 1, 50, 1e4}[r.next()%8]
	tgt := Base{Facing: r.float(0, 360)}
	if r.next()%4 == 0 {
		tgt.Facing = float64(r.next()%8) * 45
	}
	if r.next()%2 == 0 {
		tgt.Foot = Footprint{Shape: Circle, Radius: scale * r.float(0.2, 5)}
	} else {
		tgt.Foot = Footprint{Shape: Rect, W: scale * r.float(0.2, 10), H: scale * r.float(0.2, 10)}
	}
	tf := tgt.frame()
	outer := tgt.Foot.BoundRadius()
	inner := tf.r
	if tf.rect {
		inner = min(tf.hw, tf.hh)
	}
	dist := []float64{r.float(0, 100), r.float(0, 2) * outer, r.float(0, 1e-5), r.float(0, 1e4)}[r.next()%4]
	side := 1.0
	if r.next()%2 == 0 {
		side = -1
	}
	edge := facing + a.Centre + side*a.Half
	tiny := []float64{0, Eps, -Eps, 2 * Eps, -2 * Eps, 1e-9, -1e-9, 1e-12, -1e-12, 1e-7, -1e-7}
	t := tiny[r.next()%uint64(len(tiny))]
	switch r.next() % 7 {
	case 0: // anywhere
		tgt.Pos = obs.Pos.Add(Vec{r.float(-60, 60), r.float(-60, 60)}.Scale(max(1, scale)))
	case 1: // centre on the edge ray, or a fraction of ArcEps off it
		k := []float64{0, 0.5, 1, 1.5, 10, -0.5, -1, -1.5, -10, 1e3}[r.next()%10]
		tgt.Pos = obs.Pos.Add(Heading(edge + side*k*ArcEps).Scale(dist))
	case 2, 3: // the footprint reaching across the edge by about a radius or an extent
		e := Heading(edge)
		n := Vec{-e.Y, e.X}.Scale(side) // outward normal of this edge (either way is fine)
		var across float64
		switch r.next() % 4 {
		case 0:
			across = outer
		case 1:
			across = inner
		case 2:
			across = tf.extent(n)
		default:
			across = r.float(0, 2*outer)
		}
		tgt.Pos = obs.Pos.Add(e.Scale(dist)).Add(n.Scale(across + t))
	case 4: // near the apex
		tgt.Pos = obs.Pos.Add(Heading(r.float(0, 360)).Scale(max(0, outer+t)))
	case 5: // a corner of a rect exactly on the edge line
		e := Heading(edge)
		n := Vec{-e.Y, e.X}
		if tf.rect {
			c := tgt.Corners()[r.next()%4].Sub(tgt.Pos)
			tgt.Pos = obs.Pos.Add(e.Scale(dist)).Sub(c).Add(n.Scale(t))
		} else {
			tgt.Pos = obs.Pos.Add(e.Scale(dist)).Add(n.Scale(tf.r + t))
		}
	default: // the target's centre at the observer's centre
		tgt.Pos = obs.Pos
	}
	return a, obs, tgt
}

// ContainsBase with its shortcuts gives exactly the answers of the exact
// test on a million boundary-hugging cases.
func TestArcContainsBaseMatchesReference(t *testing.T) {
	r := rng(7)
	n := 1_000_000
	if testing.Short() {
		n = 100_000
	}
	ins, outs, bad := 0, 0, 0
	for i := 0; i < n; i++ {
		a, obs, tgt := arcCase(&r)
		want := refContainsBase(a, obs, tgt)
		if got := a.ContainsBase(obs, tgt); got != want {
			bad++
			if bad <= 10 {
				t.Errorf("case %d: arc %+v observer %+v target %+v: ContainsBase = %v, reference %v", i, a, obs, tgt, got, want)
			}
		}
		if want {
			ins++
		} else {
			outs++
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d cases differ", bad, n)
	}
	// The cases must exercise both answers in bulk.
	if ins < n/10 || outs < n/10 {
		t.Errorf("unbalanced cases: %d in, %d out", ins, outs)
	}
}

// Non-finite positions and facings give the exact test's answers (and no
// panic).
func TestArcContainsBaseNonFinite(t *testing.T) {
	a := MustArc("A")
	bad := []float64{math.NaN(), math.Inf(1), math.Inf(-1), 1e300}
	for _, x := range bad {
		cases := [][2]Base{
			{{Pos: Vec{x, 0}}, rect(0, -10, 2, 2, 0)},
			{{Pos: Vec{0, 0}, Facing: x}, rect(0, -10, 2, 2, 0)},
			{{Pos: Vec{0, 0}}, rect(x, -10, 2, 2, 0)},
			{{Pos: Vec{0, 0}}, rect(0, -10, x, 2, 0)},
			{{Pos: Vec{0, 0}}, circle(5, -10, x)},
		}
		for _, c := range cases {
			if got, want := a.ContainsBase(c[0], c[1]), refContainsBase(a, c[0], c[1]); got != want {
				t.Errorf("x=%v observer %+v target %+v: %v, reference %v", x, c[0], c[1], got, want)
			}
		}
	}
}
