package world

import (
	"fmt"
	"math"
	"strings"
)

// ArcEps is the angular tolerance, in degrees, of every arc and quadrant
// test: a bearing exactly on an arc's edge is inside, one more than ArcEps
// beyond it is outside. It is far below anything a player can measure and far
// above the rounding of the bearing arithmetic (about 1e-13 degrees), so a
// target placed on an edge line stays on it whatever the facing.
const ArcEps = 1e-10

// Arc is a fire arc: a wedge from the base's centre, Centre degrees
// clockwise from its facing (0 straight ahead, 90 right, 180 behind, -90
// left) and Half degrees to each side. Half 180 is all round.
type Arc struct {
	Code   string
	Centre float64
	Half   float64
}

// arcDef maps an arc code (upper case) to its centre and half-width.
//
// ATII hardpoint arcs (from the model's centre): AR all round; A ahead, 90;
// F forward, 180; LA/RA from straight ahead to the left/right, 90; LF/RF
// from straight ahead to straight behind on the left/right, 180; R rear, 90;
// RF180 rear full, 180 behind (the seed's OCR writes both Right Full and Rear
// Full as "RF"; RF is Right Full here). Epic 3.0 mounts: Fx fixed 90, Sw
// swivel 180, Tr turret 360, each followed by a direction F, B, L or R
// (Tr needs none).
func arcDef(k string) (centre, half float64, ok bool) {
	switch k {
	case "AR", "TR", "TRF", "TRB", "TRL", "TRR":
		return 0, 180, true
	case "A", "FXF":
		return 0, 45, true
	case "F", "SWF":
		return 0, 90, true
	case "LA":
		return -45, 45, true
	case "RA":
		return 45, 45, true
	case "LF", "SWL":
		return -90, 90, true
	case "RF", "SWR":
		return 90, 90, true
	case "R", "FXB":
		return 180, 45, true
	case "RF180", "SWB":
		return 180, 90, true
	case "FXL":
		return -90, 45, true
	case "FXR":
		return 90, 45, true
	}
	return 0, 0, false
}

// ParseArc reads an arc code (ATII: AR, A, F, LA, RA, LF, RF, R, RF180;
// Epic 3.0: FxF, FxB, FxL, FxR, SwF..., Tr). Case and surrounding spaces
// are ignored. Unknown codes are an error naming the accepted ones.
func ParseArc(code string) (Arc, error) {
	k := strings.ToUpper(strings.TrimSpace(code))
	c, h, ok := arcDef(k)
	if !ok {
		return Arc{}, fmt.Errorf("unknown fire arc %q: want one of AR, A, F, LA, RA, LF, RF, R, RF180 (ATII) or FxF, FxB, FxL, FxR, SwF, SwB, SwL, SwR, Tr (Epic 3.0)", code)
	}
	return Arc{Code: strings.TrimSpace(code), Centre: c, Half: h}, nil
}

// MustArc is ParseArc for codes fixed in code or tests; it panics on an
// unknown code, so never pass it user input.
func MustArc(code string) Arc {
	a, err := ParseArc(code)
	if err != nil {
		panic(err)
	}
	return a
}

// ArcCheck explains an arc test.
type ArcCheck struct {
	Arc Arc
	// Bearing is the table bearing from the observer's centre to the
	// target; Relative is that bearing relative to the observer's facing,
	// in (-180, 180], positive to the right.
	Bearing, Relative float64
	// Left and Right are the table bearings of the arc's edges.
	Left, Right float64
	// Off is how far the target is from the arc's centre line (degrees,
	// signed, positive to the right).
	Off float64
	In  bool
}

// Reason explains the check, e.g. "in arc LA: target 30.0 deg left of
// ahead; arc from 90.0 left to ahead".
func (c ArcCheck) Reason() string {
	verdict := "in"
	if !c.In {
		verdict = "out of"
	}
	return fmt.Sprintf("%s arc %s: target at %s; arc covers %s to %s", verdict, c.Arc.Code,
		relWords(c.Relative), relWords(c.Arc.Centre-c.Arc.Half), relWords(c.Arc.Centre+c.Arc.Half))
}

func relWords(d float64) string {
	d = RelDeg(d)
	switch {
	case math.Abs(d) <= ArcEps:
		return "ahead"
	case math.Abs(d-180) <= ArcEps:
		return "behind"
	case d < 0:
		return fmt.Sprintf("%.1f deg left", -d)
	}
	return fmt.Sprintf("%.1f deg right", d)
}

// Explain tests whether the point target is in the arc of the observer,
// measured from the observer's centre, and says why. A target at the
// observer's centre is in every arc.
func (a Arc) Explain(observer Base, target Vec) ArcCheck {
	c := ArcCheck{Arc: a}
	c.Left = NormDeg(observer.Facing + a.Centre - a.Half)
	c.Right = NormDeg(observer.Facing + a.Centre + a.Half)
	d := target.Sub(observer.Pos)
	if d.X == 0 && d.Y == 0 {
		c.In = true
		return c
	}
	c.Bearing = Bearing(d)
	c.Relative = RelDeg(c.Bearing - observer.Facing)
	c.Off = a.off(observer, d)
	c.In = a.Half >= 180 || math.Abs(c.Off) <= a.Half+ArcEps
	return c
}

// ContainsPoint reports whether the point target is in the arc, measured
// from the observer's centre (edges included, see ArcEps).
func (a Arc) ContainsPoint(observer Base, target Vec) bool {
	if a.Half >= 180 {
		return true
	}
	d := target.Sub(observer.Pos)
	if d.X == 0 && d.Y == 0 {
		return true
	}
	return math.Abs(a.off(observer, d)) <= a.Half+ArcEps
}

// off is the signed angle, in degrees, from the arc's centre line to the
// direction d (positive clockwise), computed from vectors so no angle is
// ever reduced modulo 360.
func (a Arc) off(observer Base, d Vec) float64 {
	h := Heading(observer.Facing + a.Centre)
	return math.Atan2(h.Cross(d), h.Dot(d)) * (180 / math.Pi)
}

// Contains is ContainsPoint: ATII measures arcs from the model's centre to
// the target model's centre.
func (a Arc) Contains(observer Base, target Vec) bool { return a.ContainsPoint(observer, target) }

// ContainsBase reports whether any part of the target's footprint is in the
// arc (the wedge from the observer's centre). A footprint overlapping the
// observer's centre is in every arc. The edges are lines from the centre
// and count as in (within Eps cm of an edge line is on it).
//
// Most targets are decided without an angle: the footprint's centre well
// inside the wedge, its bounding circle well clear of both edges, its
// inscribed circle well across an edge, or a rect's extent across an edge
// line well short of or well past it. Only targets within a hair of an
// edge, or around the observer's centre, take the exact test
// (containsBaseExact); every shortcut keeps a margin far above the rounding
// of either path, so the answers are the exact test's.
func (a Arc) ContainsBase(observer Base, target Base) bool {
	if a.Half >= 180 {
		return true
	}
	if !(a.Half >= 0) || !(math.Abs(observer.Facing) <= 1e6) {
		// Odd arcs, and facings so large that Facing+Centre±Half rounds
		// by more than the shortcuts' margins: the exact test.
		return a.containsBaseExact(observer, target)
	}
	var ch, sh float64
	switch a.Half {
	case 45:
		ch, sh = math.Sqrt2/2, math.Sqrt2/2
	case 90:
		ch, sh = 0, 1
	default:
		sh, ch = math.Sincos(a.Half * (math.Pi / 180))
	}
	h := Heading(observer.Facing + a.Centre)
	dx, dy := target.Pos.X-observer.Pos.X, target.Pos.Y-observer.Pos.Y
	dot, cross := h.X*dx+h.Y*dy, h.X*dy-h.Y*dx
	l := math.Sqrt(dx*dx + dy*dy)
	// s is |d| sin(Half - |off|): positive inside the wedge, negative
	// outside (|off| and Half both lie in [0, 180]).
	s := sh*dot - ch*math.Abs(cross)
	const angTol = 1e-9 // radians; ArcEps is 1.7e-12 rad, rounding ~1e-15
	if s > angTol*l {
		return true
	}
	if !(s < -angTol*l) {
		return a.containsBaseExact(observer, target)
	}
	// The centre is outside the wedge, so the footprint is in exactly when
	// it meets an edge ray. Edge directions: h turned by -Half and +Half.
	lx, ly := h.X*ch+h.Y*sh, h.Y*ch-h.X*sh
	rx, ry := h.X*ch-h.Y*sh, h.Y*ch+h.X*sh
	var inner, outer float64 // inscribed and bounding radius
	if target.Foot.Shape == Rect {
		hw, hh := target.Foot.W/2, target.Foot.H/2
		inner, outer = min(hw, hh), math.Sqrt(hw*hw+hh*hh)
	} else {
		inner, outer = target.Foot.Radius, target.Foot.Radius
	}
	// Margin for the difference between these edge vectors and the exact
	// test's, and for rounding in both: far below what anyone measures.
	m := 1e-9*(l+outer) + 1e-9
	near := false
	var ux, uy float64 // a rect target's u axis, once needed
	for _, e := range [2][2]float64{{lx, ly}, {rx, ry}} {
		t := dx*e[0] + dy*e[1]
		if t <= 0 {
			// The apex is the nearest point of this ray.
			if l <= outer+Eps+m {
				near = true
			}
			continue
		}
		c := math.Abs(dx*e[1] - dy*e[0])
		if c > outer+Eps+m {
			continue
		}
		if !(c <= outer+Eps+m) {
			near = true // NaN
			continue
		}
		if c < inner-m && t > outer+m {
			// The inscribed circle straddles the ray beyond the apex.
			return true
		}
		if target.Foot.Shape == Rect {
			// The rect's half extent across the edge line: it misses
			// the line when c is beyond it and, lying wholly beyond the
			// apex, meets the ray when c is short of it.
			if ux == 0 && uy == 0 {
				uy, ux = math.Sincos(target.Facing * (math.Pi / 180))
			}
			hw, hh := target.Foot.W/2, target.Foot.H/2
			ext := hw*math.Abs(e[1]*ux-e[0]*uy) + hh*math.Abs(e[1]*uy+e[0]*ux)
			if c > ext+Eps+m {
				continue
			}
			if c < ext-m && t > outer+m {
				return true
			}
		}
		near = true
	}
	if near {
		return a.containsBaseExact(observer, target)
	}
	return false
}

// containsBaseExact is ContainsBase worked out in full: the centre's bearing,
// the observer's centre in the footprint, then each edge as a segment
// against the footprint.
func (a Arc) containsBaseExact(observer Base, target Base) bool {
	if a.Half >= 180 || a.ContainsPoint(observer, target.Pos) {
		return true
	}
	f := target.frame()
	if f.pointDist(observer.Pos) <= Eps {
		return true
	}
	// The footprint is connected and its centre is outside the wedge, so
	// some of it is inside exactly when it reaches across an edge ray.
	far := f.c.Dist(observer.Pos) + f.hw + f.hh + f.r + 1
	for _, edge := range [2]float64{a.Centre - a.Half, a.Centre + a.Half} {
		tip := observer.Pos.Add(Heading(observer.Facing + edge).Scale(far))
		if segFrameDist(&f, observer.Pos, tip) <= Eps {
			return true
		}
	}
	return false
}

// Quadrant names the side of the target that an attack from point from
// comes in on, in 90-degree quadrants about the target's facing (ATII-SHT-5
// hit location tables): "front" within 45 degrees of straight ahead of the
// target, "rear" within 45 degrees of straight behind, "side" otherwise.
// Exactly 45 degrees off is front and exactly 135 is rear (ArcEps). An
// attacker at the target's centre counts as front.
func Quadrant(target Base, from Vec) string {
	d := from.Sub(target.Pos)
	if d.X == 0 && d.Y == 0 {
		return QuadFront
	}
	h := Heading(target.Facing)
	rel := math.Abs(math.Atan2(h.Cross(d), h.Dot(d)) * (180 / math.Pi))
	switch {
	case rel <= 45+ArcEps:
		return QuadFront
	case rel >= 135-ArcEps:
		return QuadRear
	}
	return QuadSide
}

// Quadrant names returned by Quadrant.
const (
	QuadFront = "front"
	QuadSide  = "side"
	QuadRear  = "rear"
)
