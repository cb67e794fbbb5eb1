package adapt

import (
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

// EndpointBase is the endpoint as a base (a point is a base of no size).
func EndpointBase(e Endpoint) world.Base { return e.asBase() }

// asBase is the endpoint as a base (a point is a base of no size).
func (e Endpoint) asBase() world.Base {
	if e.Base != nil {
		return *e.Base
	}
	return world.PointBase(e.Point)
}

// LOSReport is what the line-of-sight tool shows: the sample lines with
// their verdicts, an overall verdict and the reason in words.
type LOSReport struct {
	Lines   []scene.SightLine
	Verdict scene.Verdict
	Reason  string
	// Result is the world query's full answer (features hit, fractions).
	Result world.LOSResult
}

// LOS checks line of sight between two endpoints with the world package's
// query (the same one the rules use, so the tool and the rules never
// disagree) under the ruleset's terrain effects. The verdict and the
// percentages come from the exact share of the target's silhouette that is
// hidden (heights included when both bases have a sight height, as for
// ATII titans); the sample lines are only drawn, each in the colour of what
// happened to it: blocked, partly or wholly hidden (cover), or clear.
func LOS(w *world.World, rules world.TerrainRules, from, to Endpoint) LOSReport {
	return LOSWith(w, rules, from, to, world.LOSOptions{})
}

// LOSWith is LOS with explicit options, for a game whose ruleset options
// change line of sight (ATII's atii/flat-terrain-sight: FlatTerrain).
func LOSWith(w *world.World, rules world.TerrainRules, from, to Endpoint, opt world.LOSOptions) LOSReport {
	if w == nil {
		return LOSReport{Lines: []scene.SightLine{{A: from.Pos(), B: to.Pos()}}, Reason: "clear: no terrain"}
	}
	res := w.LOS(from.asBase(), to.asBase(), rules, opt)
	rep := LOSReport{Result: res, Reason: res.Reason()}
	switch res.Verdict {
	case world.LOSBlocked:
		rep.Verdict = scene.Blocked
	case world.LOSCover:
		rep.Verdict = scene.Cover
	default:
		rep.Verdict = scene.Clear
	}
	for _, l := range res.Lines {
		sl := scene.SightLine{A: l.From, B: l.To, Verdict: scene.Clear}
		switch {
		case l.Blocked:
			sl.Verdict = scene.Blocked
		case l.Obscured:
			sl.Verdict = scene.Cover
		}
		rep.Lines = append(rep.Lines, sl)
	}
	return rep
}

// Measure is the shortest distance between two endpoints, edge to edge for
// bases (world.Measure), with the two points it runs between for drawing
// the ruler.
func Measure(from, to Endpoint) (dist float64, pa, pb world.Vec) {
	switch {
	case from.Base != nil && to.Base != nil:
		m := world.Measure(*from.Base, *to.Base)
		return m.Dist, m.FromPt, m.ToPt
	case from.Base != nil:
		m := world.MeasurePoint(*from.Base, to.Point)
		return m.Dist, m.FromPt, m.ToPt
	case to.Base != nil:
		m := world.MeasurePoint(*to.Base, from.Point)
		return m.Dist, m.ToPt, m.FromPt
	}
	return from.Point.Dist(to.Point), from.Point, to.Point
}
