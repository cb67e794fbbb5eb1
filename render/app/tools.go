package app

import (
	"math"
	"sort"

	"github.com/auspex/auspex/render/adapt"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/world"
)

// findBase returns the base with id, or nil. In play mode it is the base
// where the unit stands now in the game (nil once it is off the table), so
// selection, arcs, rings, rulers and sight lines follow moved titans.
func (a *App) findBase(id string) *world.Base {
	if a.play != nil {
		if b, ok := a.play.BaseOf(id); ok {
			return &b
		}
		return nil
	}
	for i := range a.base.Bases {
		if a.base.Bases[i].ID == id {
			return &a.base.Bases[i].Base
		}
	}
	return nil
}

// hitSlack is how far outside a base's edge a click still hits it, in
// device-independent pixels.
const hitSlack = 4

// baseAt returns the topmost base under the table point p, allowing a few
// pixels of slack so small bases are easy to hit. In play mode it asks the
// game for the titans where they stand now (destroyed titans and titans off
// the table are never hit).
func (a *App) baseAt(p world.Vec) *world.Base {
	tol := a.px(hitSlack) / a.cam.Scale
	if a.play != nil {
		return a.findBase(a.play.UnitAt(p, tol))
	}
	var best *world.Base
	bestD := math.Inf(1)
	for i := range a.base.Bases {
		b := &a.base.Bases[i].Base
		if b.Foot.Validate() != nil {
			continue
		}
		if d := b.PointDistance(p); d <= tol && d <= bestD {
			best, bestD = b, d
		}
	}
	return best
}

// endpointAt is the base under p or the point itself.
func (a *App) endpointAt(p world.Vec) adapt.Endpoint {
	if b := a.baseAt(p); b != nil {
		return adapt.Endpoint{Base: b}
	}
	return adapt.Endpoint{Point: p}
}

// live is endpoint e with its base where that unit stands now (play mode:
// a ruler or sight line on a titan follows it as it moves; a titan gone
// from the table leaves its last position as a point).
func (a *App) live(e adapt.Endpoint) adapt.Endpoint {
	if a.play == nil || e.Base == nil {
		return e
	}
	if b := a.findBase(e.Base.ID); b != nil {
		return adapt.Endpoint{Base: b}
	}
	return adapt.Endpoint{Point: e.Base.Pos}
}

// info is the side panel's description of unit id, with its base where it
// stands now.
func (a *App) info(id string) (adapt.UnitInfo, bool) {
	if a.scn == nil {
		return adapt.UnitInfo{}, false
	}
	i, ok := a.infos[id]
	if !ok {
		if i, ok = adapt.Info(a.scn, id); !ok {
			return i, false
		}
		a.infos[id] = i
	}
	if b := a.findBase(id); b != nil {
		i.Base = *b
	}
	return i, true
}

func (a *App) rulerLine(r rulerState) scene.Ruler {
	d, pa, pb := adapt.Measure(a.live(r.from), a.live(r.to))
	return scene.Ruler{A: pa, B: pb, Label: scene.LengthLabel(d)}
}

func (a *App) recomputeLOS() {
	if a.losFrom == nil || a.losTo == nil {
		if !a.losPreview {
			a.los = nil
		}
		return
	}
	var w *world.World
	if a.scn != nil {
		w = a.scn.World
	} else if ww, err := world.New(a.base.Table, a.base.Features); err == nil {
		w = ww
	}
	from, to := a.live(*a.losFrom), a.live(*a.losTo)
	if a.play != nil {
		// In a game the tool reads sight as the game's rules do.
		pw, tr, opt := a.play.Sight()
		rep := adapt.LOSWith(pw, tr, from, to, opt)
		a.los = &rep
		return
	}
	rep := adapt.LOS(w, a.rules, from, to)
	a.los = &rep
}

func (a *App) setTool(t Tool) {
	a.tool = t
	a.dragging = nil
	if t != ToolLOS && a.losTo == nil {
		a.losFrom, a.los, a.losPreview = nil, nil, false
	}
	a.dirty = true
}

func (a *App) toggleRing(d float64) {
	if a.selected == "" {
		a.flash("select a unit first: range rings are drawn from its base edge")
		return
	}
	for i, r := range a.rings {
		if r == d {
			a.rings = append(a.rings[:i], a.rings[i+1:]...)
			a.dirty = true
			return
		}
	}
	a.rings = append(a.rings, d)
	sort.Float64s(a.rings)
	a.dirty = true
}

// clearTools drops what the tools drew: the rulers (and one being
// dragged), the sight line, the range rings and the selection.
func (a *App) clearTools() {
	a.rulers, a.dragging = nil, nil
	a.losFrom, a.losTo, a.los, a.losPreview = nil, nil, nil, false
	a.rings, a.selected = nil, ""
	a.dirty = true
}
