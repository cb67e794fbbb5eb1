package e40kui

import (
	"fmt"
	"image/color"
	"math"

	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/world"
)

// Overlay colours.
var (
	colLegal   = color.NRGBA{40, 200, 60, 255}
	colRefused = color.NRGBA{220, 40, 30, 255}
	colTarget  = color.NRGBA{255, 200, 40, 255}
	colCanAct  = color.NRGBA{255, 220, 60, 200}
	colDet     = color.NRGBA{255, 255, 255, 220}
	colLabel   = color.NRGBA{255, 255, 255, 225}
	colMark    = color.NRGBA{255, 0, 255, 255}
)

// Decorate adds the overlays of the decision: the selected detachment's
// stands outlined with its command radius, out-of-command stands and
// orders (command.go), the drafted moves (green when the rules accept them,
// red when not) with each stand's distance against its allowance and its
// ghost base at the end, the targets the selected detachment may fire at
// (the aimed one in gold with the expected kills), the detachments that
// may still act, and the units a log entry highlights.
func (s *UI) Decorate(sc *scene.Scene) {
	if sc == nil || s.Mode() == play.ModeHandover {
		return
	}
	add := func(l scene.Layer, p scene.Prim) { p.Layer = l; sc.Layers[l] = append(sc.Layers[l], p) }
	px := 1.0
	if sc.Scale > 0 {
		px = 1 / sc.Scale
	}
	var labels []scene.Label
	lbl := func(text string, anchor world.Vec, clear float64) {
		labels = append(labels, scene.Label{Layer: scene.LayerMarkers, Text: text, Size: 12 * px, Bold: true, Fill: color.NRGBA{20, 20, 20, 255}, Box: colLabel,
			Anchor: anchor, Clear: clear, At: []world.Vec{anchor.Add(world.Vec{Y: -(clear + 10*px)})}, Must: true, Leader: true, Priority: scene.PriorityPreview})
	}
	defer func() { sc.AddLabels(nil, labels...) }()
	st := s.State()
	s.decorateOrders(func(l scene.Label) { labels = append(labels, l) }, px)
	for _, u := range s.members(s.Detachment()) {
		add(scene.LayerMarkers, outline(s.Base(u), colDet, 2*px, nil))
	}
	s.decorateCommand(add, lbl, px)
	if mp := s.PreviewMove(); mp != nil {
		col := colLegal
		if mp.Err != nil {
			col = colRefused
		}
		for _, sm := range mp.Stands {
			u := st.Unit(sm.Unit)
			c := col
			if sm.Over {
				c = colRefused
			}
			add(scene.LayerRulers, scene.Prim{Kind: scene.Polyline, Pts: []world.Vec{sm.From, sm.To}, Style: scene.Style{Stroke: c, Width: 3 * px}})
			b := s.Base(u)
			b.Pos = sm.To
			add(scene.LayerRulers, outline(b, c, 2*px, []float64{4 * px, 3 * px}))
			if sm.Unit == s.Selected || (s.drag != nil && sm.Unit == s.drag.unit) {
				lbl(fmt.Sprintf("%.1f / %.0f cm", sm.Dist, sm.Allowance), sm.To, b.Foot.BoundRadius())
			}
		}
	}
	if tp := s.PreviewTitan(); tp != nil {
		col := colLegal
		if tp.Err != nil {
			col = colRefused
		}
		u := st.Unit(tp.Titan)
		b := s.Base(u)
		b.Pos = *s.TitanTo
		add(scene.LayerRulers, scene.Prim{Kind: scene.Polyline, Pts: []world.Vec{u.Pos, b.Pos}, Style: scene.Style{Stroke: col, Width: 4 * px}})
		add(scene.LayerRulers, outline(b, col, 2*px, []float64{4 * px, 3 * px}))
		lbl(fmt.Sprintf("%.1f cm", tp.Dist), b.Pos, b.Foot.BoundRadius())
	}
	if s.firing() {
		var from world.Vec
		if ms := s.members(s.Detachment()); len(ms) > 0 {
			from = ms[0].Pos
		}
		for _, t := range s.targets() {
			col := colLegal
			if t == s.Target {
				col = colTarget
			}
			ids := s.members(t)
			if u := st.Unit(t); u != nil {
				ids = append(ids[:0], u)
			}
			for _, u := range ids {
				add(scene.LayerLOS, outline(s.Base(u), col, 3*px, nil))
			}
			if len(ids) > 0 && t == s.Target {
				for _, ln := range s.aimLines(from, ids) {
					add(scene.LayerLOS, scene.Prim{Kind: scene.Polyline, Pts: ln, Style: scene.Style{Stroke: col, Width: 3 * px, Dash: []float64{8 * px, 5 * px}}})
				}
			}
			// The aimed target and the one under the mouse show their
			// odds beside them.
			if len(ids) > 0 && (t == s.Target || s.hovered(t)) {
				if txt := s.oddsLabel(t); txt != "" {
					at := s.hitFirst(from, ids)
					lbl(txt, at.Pos, s.Base(at).Foot.BoundRadius())
				}
			}
		}
	}
	for _, lt := range s.LostTransports() {
		clear := 1.0
		if u := st.Unit(lt.Transport); u != nil {
			clear = s.Base(u).Foot.BoundRadius()
		}
		lbl(lt.Label(s.Name), lt.At, clear)
	}
	s.decorateAir(add, lbl, px)
	s.drawFlyers(add, lbl, px)
	if p := st.Pending; p != nil && s.Mode() == play.ModeTurn && p.Side == s.Decider() {
		for _, id := range p.Units {
			if id == s.Detachment() {
				continue
			}
			for _, u := range s.members(id) {
				add(scene.LayerBases, outline(s.Base(u), colCanAct, 1.5*px, nil))
			}
			if u := st.Unit(id); u != nil && !u.Destroyed {
				add(scene.LayerBases, outline(s.Base(u), colCanAct, 1.5*px, nil))
			}
		}
	}
	for _, id := range s.Highlight {
		if u := st.Unit(id); u != nil && s.OnTable(u) {
			add(scene.LayerMarkers, outline(s.Base(u), colMark, 3*px, nil))
		}
		for _, u := range s.members(id) {
			add(scene.LayerMarkers, outline(s.Base(u), colMark, 3*px, nil))
		}
	}
}

// aimLines are the dashed lines of the aimed fire: from each stand that
// fires (FirePreview.From) to the nearest stand of the target, so that a
// detachment whose HQ does not fire (out of range, or a snap fire by
// stands out of command) is not drawn firing from its HQ; from `from` to
// the target's first stand when the preview names no shooter.
func (s *UI) aimLines(from world.Vec, target []*rules.Unit) [][]world.Vec {
	fp := s.FirePreview()
	if fp == nil || fp.Err != nil || len(fp.From) == 0 {
		return [][]world.Vec{{from, target[0].Pos}}
	}
	st := s.State()
	var out [][]world.Vec
	for _, id := range fp.From {
		u := st.Unit(id)
		if u == nil {
			continue
		}
		b := s.Base(u)
		best, bd := target[0], -1.0
		for _, t := range target {
			if d := world.Distance(b, s.Base(t)); bd < 0 || d < bd {
				best, bd = t, d
			}
		}
		out = append(out, []world.Vec{u.Pos, best.Pos})
	}
	return out
}

// hitFirst is the stand of target the fire hits first, where its odds
// label belongs: the one nearest the stands that fire (hits go to the
// closest stands first), or nearest from when the preview names no
// shooter; not simply the detachment's first stand, which may stand far
// behind (play-through: the label sat by the Warboss at the back of the
// mob while the fire fell on its front stands).
func (s *UI) hitFirst(from world.Vec, target []*rules.Unit) *rules.Unit {
	var shooters []world.Base
	if fp := s.FirePreview(); fp != nil && fp.Err == nil {
		for _, id := range fp.From {
			if u := s.State().Unit(id); u != nil {
				shooters = append(shooters, s.Base(u))
			}
		}
	}
	best, bd := target[0], math.Inf(1)
	for _, t := range target {
		tb := s.Base(t)
		d := tb.PointDistance(from)
		if len(shooters) > 0 {
			d = math.Inf(1)
			for _, b := range shooters {
				d = math.Min(d, world.Distance(b, tb))
			}
		}
		if d < bd {
			best, bd = t, d
		}
	}
	return best
}

// outline outlines a base.
func outline(b world.Base, col color.NRGBA, w float64, dash []float64) scene.Prim {
	if b.Foot.Shape == world.Circle {
		return scene.Prim{Kind: scene.Circle, C: b.Pos, R: b.Foot.Radius, Style: scene.Style{Stroke: col, Width: w, Dash: dash}}
	}
	return scene.Prim{Kind: scene.Polygon, Pts: b.Corners(), Style: scene.Style{Stroke: col, Width: w, Dash: dash}}
}

// Bases returns the scenario's bases where the game has them now:
// destroyed stands left out, each stand showing its detachment's blast
// markers (on its HQ) and broken state, a war engine its damage and
// shields, the selected detachment highlighted. While the dice tray has
// not reached its last dice the stands stand as before the command.
func (s *UI) Bases(in []scene.Base) []scene.Base {
	st := s.State()
	shown := s.Shown()
	det := s.Detachment()
	var out []scene.Base
	for _, b := range in {
		if _, ok := s.sideCol[b.Side]; !ok && b.Side != "" {
			if s.sideCol == nil {
				s.sideCol = map[string]color.NRGBA{}
			}
			s.sideCol[b.Side] = b.Color
		}
		u := st.Unit(b.ID)
		if u == nil {
			out = append(out, b)
			continue
		}
		if pu := shown.Unit(b.ID); pu != nil {
			u = pu
		}
		if !s.OnTable(u) {
			continue
		}
		b.Pos, b.Facing = u.Pos, u.Facing
		b.Shields = -1
		if f := shown.Formation(u.Formation); f != nil {
			if u.Markers.Value(e40k.MarkHQ) > 0 {
				b.Blast = f.Markers.Value(e40k.MarkBlast)
			}
			b.Broken = f.Broken
		}
		if p, err := s.rs().Profile(st, u); err == nil && (p.DC > 1 || p.Shields > 0) {
			b.Damage = u.Markers.Value(e40k.MarkDamage)
			if p.Shields > 0 {
				b.Shields = u.Shields
			}
		}
		b.Selected = det != "" && u.Formation == det
		out = append(out, b)
	}
	return out
}

// Zones are the scenario's zones as they are (E40K has no generated map).
func (s *UI) Zones(base []scene.Zone) []scene.Zone { return base }

// hovered reports whether the stand under the mouse belongs to target (a
// detachment, or is that titan).
func (s *UI) hovered(target string) bool {
	u := s.State().Unit(s.Hover)
	return u != nil && (u.ID == target || u.Formation == target)
}

// oddsLabel is the short odds of the selected detachment's fire at
// target for the table ("" when it cannot fire at it).
func (s *UI) oddsLabel(target string) string {
	fp := s.firePreviewAt(target)
	if fp == nil || fp.Err != nil {
		return ""
	}
	if fp.Titan {
		return fmt.Sprintf("%.2f hits past shields", fp.TitanHits)
	}
	return fmt.Sprintf("%.2f hits, %s%.2f kills", fp.Hits, e40k.ApproxWord(fp.Approx), fp.Kills)
}
