package adapt

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/world"
)

// Endpoint is one end of a sight line or ruler: a base, or a free point
// when Base is nil.
type Endpoint struct {
	Base  *world.Base
	Point world.Vec
}

// Pos is the base centre or the point.
func (e Endpoint) Pos() world.Vec {
	if e.Base != nil {
		return e.Base.Pos
	}
	return e.Point
}

// LOSReport is what the line-of-sight tool shows: the sample lines with
// their verdicts, an overall verdict and the reason in words.
type LOSReport struct {
	Lines   []scene.SightLine
	Verdict scene.Verdict
	Reason  string
}

// LOS checks line of sight between two endpoints over w's terrain with the
// ruleset's terrain effects. It is the window's stand-in until the world
// package's LOS query is available, and follows the usual Epic reading:
// terrain that blocks sight can be seen into and out of but not through
// (a blocking feature containing either end does not block), and a target
// inside or behind cover terrain counts as in cover.
//
// Three sample lines are traced: centre to centre and the two lines joining
// the footprints' outer edges. All blocked gives Blocked; some blocked or
// any in cover gives Cover with the fraction hidden; otherwise Clear.
func LOS(w *world.World, rules world.TerrainRules, from, to Endpoint) LOSReport {
	a, b := from.Pos(), to.Pos()
	d := b.Sub(a)
	l := d.Len()
	lines := [][2]world.Vec{{a, b}}
	if l > world.Eps {
		n := world.Vec{X: -d.Y / l, Y: d.X / l}
		side := func(e Endpoint, s float64) world.Vec {
			if e.Base == nil {
				return e.Point
			}
			// The footprint point farthest along n (circle or rectangle).
			far := e.Base.Pos.Add(n.Scale(s * 1e3))
			p := e.Base.ClosestPoint(far)
			// Pull in slightly so the line starts inside the base.
			return p.Lerp(e.Base.Pos, 0.02)
		}
		if from.Base != nil || to.Base != nil {
			lines = append(lines, [2]world.Vec{side(from, 1), side(to, 1)}, [2]world.Vec{side(from, -1), side(to, -1)})
		}
	}
	rep := LOSReport{}
	blocked, cover := 0, 0
	culprits := map[string]int{}
	for _, ln := range lines {
		v, who := traceLine(w, rules, ln[0], ln[1])
		if who != "" {
			culprits[who]++
		}
		switch v {
		case scene.Blocked:
			blocked++
		case scene.Cover:
			cover++
		}
		rep.Lines = append(rep.Lines, scene.SightLine{A: ln[0], B: ln[1], Verdict: v})
	}
	names := make([]string, 0, len(culprits))
	for k := range culprits {
		names = append(names, k)
	}
	sort.Slice(names, func(i, j int) bool {
		if culprits[names[i]] != culprits[names[j]] {
			return culprits[names[i]] > culprits[names[j]]
		}
		return names[i] < names[j]
	})
	by := strings.Join(names, ", ")
	n := len(lines)
	switch {
	case blocked == n:
		rep.Verdict = scene.Blocked
		rep.Reason = "blocked by " + by
	case blocked > 0 || cover > 0:
		rep.Verdict = scene.Cover
		pct := int(math.Round(100 * float64(blocked+cover) / float64(n)))
		rep.Reason = fmt.Sprintf("cover: %d%% hidden by %s", pct, by)
	default:
		rep.Verdict = scene.Clear
		rep.Reason = "clear: no terrain in the way"
	}
	return rep
}

// traceLine gives one sample line's verdict and the feature responsible.
func traceLine(w *world.World, rules world.TerrainRules, a, b world.Vec) (scene.Verdict, string) {
	if w == nil {
		return scene.Clear, ""
	}
	verdict, who := scene.Clear, ""
	for i := range w.Features {
		f := &w.Features[i]
		eff, ok := rules[f.Kind]
		if !ok || (!eff.BlocksLOS && !eff.Cover) {
			continue
		}
		inA, inB := world.PointInPolygon(a, f.Poly), world.PointInPolygon(b, f.Poly)
		crosses := inA || inB || segmentCrossesPolygon(a, b, f.Poly)
		if !crosses {
			continue
		}
		switch {
		case eff.BlocksLOS && !inA && !inB:
			return scene.Blocked, f.Label()
		case eff.Cover && (inB || !inA):
			if verdict == scene.Clear {
				verdict, who = scene.Cover, f.Label()
			}
		}
	}
	return verdict, who
}

// segmentCrossesPolygon reports whether segment ab meets any edge of poly.
func segmentCrossesPolygon(a, b world.Vec, poly []world.Vec) bool {
	for i := range poly {
		c, d := poly[i], poly[(i+1)%len(poly)]
		o1 := b.Sub(a).Cross(c.Sub(a))
		o2 := b.Sub(a).Cross(d.Sub(a))
		o3 := d.Sub(c).Cross(a.Sub(c))
		o4 := d.Sub(c).Cross(b.Sub(c))
		if (o1 > 0) != (o2 > 0) && (o3 > 0) != (o4 > 0) {
			return true
		}
	}
	return false
}

// Measure is the shortest distance between two endpoints, edge to edge for
// bases, with the two points it runs between (for drawing the ruler).
// Footprints are convex, so alternating closest-point projections converge
// to the closest pair.
func Measure(from, to Endpoint) (dist float64, pa, pb world.Vec) {
	pa, pb = from.Pos(), to.Pos()
	for i := 0; i < 64; i++ {
		na, nb := pa, pb
		if from.Base != nil {
			na = from.Base.ClosestPoint(pb)
		}
		if to.Base != nil {
			nb = to.Base.ClosestPoint(na)
		}
		if na.Dist(pa) < 1e-9 && nb.Dist(pb) < 1e-9 {
			break
		}
		pa, pb = na, nb
	}
	return pa.Dist(pb), pa, pb
}
