package e40kui

import (
	"fmt"
	"image/color"

	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/world"
)

// colCommand is the command radius ring; out-of-command stands use
// colRefused.
var colCommand = color.NRGBA{120, 200, 255, 230}

// decorateCommand draws the selected detachment's command on the table
// (E40K-CMD-1): a dashed ring around its HQ at the command radius (30 cm
// from the HQ's base edge: another stand is in command while its base
// edge is inside the ring), each stand the last command check found out
// of command outlined in red and labelled, and the detachment's orders
// (or broken state) beside the HQ. Titan formations have no HQ, orders or
// command radius (seed 002) and get nothing.
func (s *UI) decorateCommand(add func(scene.Layer, scene.Prim), lbl func(string, world.Vec, float64), px float64) {
	det := s.Detachment()
	f := s.State().Formation(det)
	if f == nil {
		return
	}
	var hq *rules.Unit
	for _, u := range s.members(det) {
		if s.rs().IsTitan(u) {
			return
		}
		if hq == nil && u.Markers.Value(e40k.MarkHQ) > 0 {
			hq = u
		}
	}
	if hq == nil {
		return
	}
	hb := s.Base(hq)
	add(scene.LayerRulers, scene.Prim{Kind: scene.Circle, ID: "command:" + det, C: hb.Pos, R: e40k.CommandRadius + hb.Foot.BoundRadius(),
		Style: scene.Style{Stroke: colCommand, Width: 1.5 * px, Dash: []float64{6 * px, 4 * px}}})
	for _, u := range s.members(det) {
		if u.Markers.Value(e40k.MarkOutOfCommand) == 0 {
			continue
		}
		b := s.Base(u)
		p := outline(b, colRefused, 2.5*px, []float64{3 * px, 2 * px})
		p.ID = "out-of-command:" + u.ID
		add(scene.LayerMarkers, p)
		lbl("out of command", b.Pos, b.Foot.BoundRadius())
	}
	lbl(ordersText(f), hb.Pos, hb.Foot.BoundRadius())
}

// ordersText is a detachment's orders as the table shows them by its HQ.
func ordersText(f *rules.Formation) string {
	switch {
	case f.Broken:
		return "HQ: broken"
	case f.Orders == "":
		return "HQ: no orders yet"
	}
	return fmt.Sprintf("HQ: %s orders", f.Orders)
}
