package atiiui

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/auspex/auspex/render/adapt"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/world"
)

// Decorate adds the play overlays to a built scene in table cm: the
// drafted path coloured by legality with the chance of getting through
// dangerous terrain, each turn's Man cost, target lines for the chosen
// weapon, declared shots, and highlighted units.
func (s *UI) Decorate(sc *scene.Scene) {
	if sc == nil || s.Mode() == play.ModeHandover {
		return
	}
	add := func(l scene.Layer, p scene.Prim) { p.Layer = l; sc.Layers[l] = append(sc.Layers[l], p) }
	st := s.State()
	px := 1.0
	if sc.Scale > 0 {
		px = 1 / sc.Scale
	}
	// Labels go through the scene's label layout, ahead of the scenery's
	// (scene.PriorityPreview), and keep off the bases they talk about.
	var labels []scene.Label
	var keepOut []scene.Rect
	lbl := func(l scene.Layer, text string, anchor world.Vec, clear float64, box color.NRGBA, at ...world.Vec) {
		labels = append(labels, scene.Label{Layer: l, Text: text, Size: 12 * px, Bold: true, Fill: color.NRGBA{20, 20, 20, 255}, Box: box,
			Anchor: anchor, Clear: clear, At: at, Must: true, Leader: true, Priority: scene.PriorityPreview})
	}
	avoid := func(b world.Base) {
		if b.Foot.Validate() == nil {
			r := b.Foot.BoundRadius()
			keepOut = append(keepOut, scene.Rect{Min: b.Pos.Sub(world.Vec{X: r, Y: r}), Max: b.Pos.Add(world.Vec{X: r, Y: r})})
		}
	}
	// The drafted path too: a label never hides the line it explains.
	along := func(a, b world.Vec) { keepOut = appendAlong(keepOut, a, b, 3*px) }
	defer func() { sc.AddLabels(keepOut, labels...) }()
	if mp := s.PreviewMove(); mp != nil && mp.Report != nil {
		if mp.Charge != "" {
			// The titan charged is the other half of the decision: its
			// name outranks the scenery's labels (ATII-CC-1).
			sc.Promote("base:"+mp.Charge, scene.PrioritySelected)
		}
		ok := mp.Err == nil
		for _, sg := range mp.Report.Segments {
			col := color.NRGBA{40, 200, 60, 255}
			if !ok {
				col = color.NRGBA{220, 40, 30, 255}
			} else if sg.Dangerous {
				col = color.NRGBA{240, 150, 20, 255}
			}
			var dash []float64
			if sg.Backwards {
				dash = []float64{6 * px, 4 * px}
			}
			add(scene.LayerRulers, scene.Prim{Kind: scene.Polyline, Pts: []world.Vec{sg.From, sg.To}, Style: scene.Style{Stroke: col, Width: 4 * px, Dash: dash}})
			along(sg.From, sg.To)
		}
		for _, t := range mp.Report.Turns {
			lbl(scene.LayerRulers, fmt.Sprintf("%.0f deg, %d Man", math.Abs(t.Degrees), atii.TurnCost(t.Degrees)), t.At, 4*px, color.NRGBA{255, 255, 255, 220}, t.At.Add(world.Vec{X: 0, Y: -14 * px}))
		}
		// The end footprint outline.
		end := mp.Report.End
		avoid(end)
		add(scene.LayerRulers, footprintPrim(end, color.NRGBA{30, 30, 30, 200}, 2*px))
		if mp.Odds != nil {
			for _, sg := range mp.Report.Segments {
				for d := math.Ceil(sg.Start); d <= sg.End; d += 2 {
					p := sg.From.Lerp(sg.To, (d-sg.Start)/math.Max(sg.Length, 1e-9))
					pr := mp.ReachAt(d)
					col := color.NRGBA{uint8(255 * (1 - pr)), uint8(200 * pr), 40, 255}
					add(scene.LayerRulers, scene.Prim{Kind: scene.Circle, C: p, R: 3.5 * px, Style: scene.Style{Fill: col, Stroke: color.NRGBA{0, 0, 0, 255}, Width: 1 * px}})
				}
				if sg.Dangerous {
					lbl(scene.LayerRulers, fmt.Sprintf("%.0f%% gets here", 100*mp.ReachAt(sg.End)), sg.To, 4*px, color.NRGBA{255, 230, 180, 230}, sg.To.Add(world.Vec{Y: 16 * px}))
				}
			}
		}
	}
	if r := s.Result; r != nil {
		reached, unreached := r.Split()
		for _, line := range [][]world.Vec{reached, unreached} {
			for i := 1; i < len(line); i++ {
				along(line[i-1], line[i])
			}
		}
		if len(reached) > 1 {
			add(scene.LayerRulers, scene.Prim{Kind: scene.Polyline, Pts: reached, Style: scene.Style{Stroke: color.NRGBA{240, 150, 20, 255}, Width: 4 * px}})
		}
		if len(unreached) > 1 {
			// The part the allowance did not reach: dimmed and dashed.
			add(scene.LayerRulers, scene.Prim{Kind: scene.Polyline, Pts: unreached, Style: scene.Style{Stroke: color.NRGBA{30, 30, 30, 150}, Width: 5 * px}})
			add(scene.LayerRulers, scene.Prim{Kind: scene.Polyline, Pts: unreached, Style: scene.Style{Stroke: color.NRGBA{235, 235, 235, 220}, Width: 3 * px, Dash: []float64{6 * px, 5 * px}}})
			end := unreached[len(unreached)-1]
			add(scene.LayerRulers, scene.Prim{Kind: scene.Circle, C: end, R: 5 * px, Style: scene.Style{Stroke: color.NRGBA{235, 235, 235, 230}, Width: 2 * px}})
		}
		add(scene.LayerRulers, scene.Prim{Kind: scene.Circle, C: r.End, R: 6 * px, Style: scene.Style{Fill: color.NRGBA{240, 150, 20, 255}, Stroke: color.NRGBA{0, 0, 0, 255}, Width: 1.5 * px}})
		label := fmt.Sprintf("stopped: allowance %.0f cm used up", r.Allowance)
		if r.Reason != "" && !strings.HasPrefix(r.Reason, "dangerous terrain allowance") {
			label = fmt.Sprintf("stopped: %s (allowance %.0f cm)", r.Reason, r.Allowance)
		}
		if r.Complete {
			label = fmt.Sprintf("allowance %.0f cm: path completed", r.Allowance)
		}
		reach := 0.0
		if u := st.Unit(r.Unit); u != nil {
			b := s.base(u)
			avoid(b)
			reach = b.Foot.Radius
			if b.Foot.Shape != world.Circle {
				reach = math.Max(b.Foot.W, b.Foot.H) / 2
			}
		}
		// The label stands level with the titan, just beside its base, on
		// the side away from the part of the path not reached (so it
		// covers neither); with no such part it goes below the titan's own
		// name label.
		at := r.End.Add(world.Vec{Y: reach + 32*px})
		if len(unreached) > 1 {
			half := 0.5 * scene.EstimateWidth(label, 12*px, true)
			dx := reach + 10*px + half
			if unreached[len(unreached)-1].X > r.End.X {
				dx = -dx
			}
			at = r.End.Add(world.Vec{X: dx})
		}
		lbl(scene.LayerRulers, label, r.End, reach, color.NRGBA{255, 230, 180, 235}, at)
	}
	if st.Step == atii.StepShooting && s.Playable(s.Selected) {
		if u := st.Unit(s.Selected); u != nil {
			for _, t := range s.Targets() {
				tu := st.Unit(t.ID)
				if tu == nil {
					continue
				}
				col := color.NRGBA{40, 200, 60, 220}
				// The number alone on the table (the panel lists the
				// modifiers); the hovered target shows them all.
				label := t.ToHit.Short()
				if t.ID == s.Hover {
					label = t.ToHit.String()
				}
				if t.Reason != "" {
					col = color.NRGBA{220, 40, 30, 160}
					label = ""
					if t.ID == s.Hover {
						label = t.Reason
					}
				}
				add(scene.LayerLOS, scene.Prim{Kind: scene.Polyline, Pts: []world.Vec{u.Pos, tu.Pos}, Style: scene.Style{Stroke: col, Width: 2 * px, Dash: []float64{8 * px, 5 * px}}})
				tb := s.base(tu)
				add(scene.LayerLOS, footprintPrim(tb, col, 4*px))
				if label != "" {
					reach := tb.Foot.BoundRadius()
					avoid(tb)
					lbl(scene.LayerMarkers, label, tu.Pos, reach, color.NRGBA{255, 255, 255, 225}, tu.Pos.Add(world.Vec{Y: -(reach + 12*px)}))
				}
			}
			for _, sh := range s.Shots {
				if tu := st.Unit(sh.Target); tu != nil {
					add(scene.LayerLOS, scene.Prim{Kind: scene.Polyline, Pts: []world.Vec{u.Pos, tu.Pos}, Style: scene.Style{Stroke: color.NRGBA{255, 200, 40, 255}, Width: 4 * px}})
				}
			}
		}
	}
	if st.Step == atii.StepDeploy && s.Mode() == play.ModeTurn {
		for _, p := range scene.AreaPrims(s.DeployZonePolys(), scene.Style{Fill: color.NRGBA{255, 200, 40, 40}, Stroke: color.NRGBA{255, 200, 40, 255}, Width: 3 * px, Dash: []float64{10 * px, 6 * px}}) {
			add(scene.LayerMarkers, p)
		}
		if b, verdict, ok := s.DeployGhost(); ok {
			col := color.NRGBA{40, 200, 60, 255}
			if verdict != nil {
				col = color.NRGBA{220, 40, 30, 255}
			}
			add(scene.LayerMarkers, footprintPrim(b, col, 3*px))
			avoid(b)
			reach := b.Foot.Radius
			if b.Foot.Shape != world.Circle {
				reach = math.Max(b.Foot.W, b.Foot.H) / 2
			}
			tip := b.Pos.Add(world.Heading(b.Facing).Scale(reach + 30*px))
			add(scene.LayerMarkers, scene.Prim{Kind: scene.Polyline, Pts: []world.Vec{b.Pos, tip}, Style: scene.Style{Stroke: col, Width: 3 * px}})
			for _, side := range []float64{150, -150} {
				add(scene.LayerMarkers, scene.Prim{Kind: scene.Polyline, Pts: []world.Vec{tip, tip.Add(world.Heading(b.Facing + side).Scale(10 * px))}, Style: scene.Style{Stroke: col, Width: 3 * px}})
			}
			label := fmt.Sprintf("%s facing %.0f deg: press and drag to aim, or click", s.Name(s.deployUnit()), b.Facing)
			if s.drag != nil {
				label = fmt.Sprintf("%s facing %.0f deg: release to deploy", s.Name(s.deployUnit()), b.Facing)
			}
			if verdict != nil {
				label = "cannot deploy here: " + reason(verdict)
			}
			lbl(scene.LayerMarkers, label, b.Pos, reach, color.NRGBA{255, 255, 255, 230}, b.Pos.Add(world.Vec{Y: reach + 18*px}))
			// A refusal's reason runs long: in lines of at most deployLabelPx,
			// it stays inside a table fitted to a small window.
			labels[len(labels)-1].Width = deployLabelPx * px
		}
	}
	for _, id := range s.Highlight {
		if u := st.Unit(id); u != nil && OnTable(u) {
			add(scene.LayerMarkers, footprintPrim(s.base(u), color.NRGBA{255, 0, 255, 255}, 4*px))
		}
	}
	if p := st.Pending; p != nil && s.Mode() == play.ModeTurn {
		for _, id := range p.Units {
			if u := st.Unit(id); u != nil && OnTable(u) && id != s.Selected {
				add(scene.LayerBases, footprintPrim(s.base(u), color.NRGBA{255, 220, 60, 200}, 2*px))
			}
		}
	}
}

// deployLabelPx is the widest line, in pixels, of the label under the
// titan being deployed.
const deployLabelPx = 340

// appendAlong appends to rs small squares of half side h every 2h along the
// segment a-b (at most 512 of them), so the label layout keeps off a line.
func appendAlong(rs []scene.Rect, a, b world.Vec, h float64) []scene.Rect {
	if !(h > 0) {
		return rs
	}
	n := int(math.Min(512, math.Ceil(a.Dist(b)/(2*h))))
	for i := 0; i <= n; i++ {
		p := a
		if n > 0 {
			p = a.Lerp(b, float64(i)/float64(n))
		}
		rs = append(rs, scene.Rect{Min: p.Sub(world.Vec{X: h, Y: h}), Max: p.Add(world.Vec{X: h, Y: h})})
	}
	return rs
}

// footprintPrim outlines a base.
func footprintPrim(b world.Base, col color.NRGBA, w float64) scene.Prim {
	if b.Foot.Shape == world.Circle {
		return scene.Prim{Kind: scene.Circle, C: b.Pos, R: b.Foot.Radius, Style: scene.Style{Stroke: col, Width: w}}
	}
	pts := b.Corners()
	return scene.Prim{Kind: scene.Polygon, Pts: pts, Style: scene.Style{Stroke: col, Width: w}}
}

// Bases returns the scenario's bases moved to where the game has them:
// titans still to deploy and titans off the table are left out, destroyed
// titans are marked broken, shields and damage are shown.
func (s *UI) Bases(in []scene.Base) []scene.Base {
	st := s.State()
	var out []scene.Base
	// Titans deployed in play have no base in the scenario: add theirs.
	have := map[string]bool{}
	for _, b := range in {
		have[b.ID] = true
	}
	if sc := s.G.Scenario; sc != nil {
		for _, sd := range sc.Sides {
			for _, f := range sd.Formations {
				for _, su := range f.Units {
					if have[su.ID] || st.Unit(su.ID) == nil {
						continue
					}
					c := sd.Colour
					b := scene.Base{Base: s.base(st.Unit(su.ID)), Label: adapt.TableLabel(su), Side: sd.ID, Color: color.NRGBA{c.R, c.G, c.B, 255}, Shields: -1}
					in = append(in, b)
				}
			}
		}
	}
	// While the dice tray has not reached its last dice, the titans stand
	// as before the command: the table does not give the dice away.
	shown := s.Shown()
	for _, b := range in {
		u := st.Unit(b.ID)
		if u == nil {
			out = append(out, b)
			continue
		}
		if pu := shown.Unit(b.ID); pu != nil && OnTable(pu) {
			u = pu
		}
		if !OnTable(u) {
			continue
		}
		b.Pos, b.Facing = u.Pos, u.Facing
		if _, prof := s.profile(u.ID); prof != nil {
			ts, _ := atii.TitanOf(u)
			b.Shields = ts.ShieldsUp(prof)
			n := 0
			for _, loc := range atii.Locations(prof) {
				n += int(ts.Level(loc))
			}
			b.Damage = n
			b.Broken = ts.Destroyed
		}
		b.Selected = b.ID == s.Selected
		out = append(out, b)
	}
	return out
}
