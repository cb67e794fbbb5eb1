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

// An order marker is a small disc with the order's letter by a
// detachment's HQ, as the order die or counter beside it on a real table
// (E40K-ORD-1: one of four orders or one of two states). Its size is
// in screen pixels, so it reads the same at any zoom.
const (
	orderMarkPx      = 8.0  // disc radius
	orderMarkTextPx  = 11.0 // letter height
	orderMarkText2Px = 7.5  // letter height of a two-letter mark (SO), inside the disc
)

// orderMark is the letter and colour of a detachment's order marker; ok
// is false for a detachment with no order yet (before the orders step,
// carried troops, titans).
func orderMark(f *rules.Formation) (letter string, col color.NRGBA, ok bool) {
	if f.Broken {
		return "B", color.NRGBA{30, 30, 30, 240}, true
	}
	switch f.Orders {
	case e40k.OrderAssault:
		return "A", color.NRGBA{200, 40, 30, 240}, true
	case e40k.OrderMarch:
		return "M", color.NRGBA{40, 90, 200, 240}, true
	case e40k.OrderOverwatch:
		return "O", color.NRGBA{30, 140, 60, 240}, true
	case e40k.OrderSpecial:
		return "S", color.NRGBA{130, 50, 170, 240}, true
	case e40k.OrderSpecialOverwatch:
		return "SO", color.NRGBA{130, 50, 170, 240}, true
	case e40k.OrderHold:
		return "H", color.NRGBA{110, 110, 110, 240}, true
	}
	return "", color.NRGBA{}, false
}

// decorateOrders puts an order marker by the HQ (else the first stand on
// the table) of every detachment with an order or a state, both sides'
// (E40K orders are given openly in Auspex, docs/rules/e40k.md: nothing
// to hide in a hotseat game). The marker goes through the scene's label
// layout as a disc: first on the stand's upper right, outside it, else
// beside or below it, else further out with a leader line, never over a
// neighbouring stand or a name when a place is free. Its ID is "order:"
// and the detachment.
func (s *UI) decorateOrders(mark func(scene.Label), px float64) {
	shown := s.Shown()
	for i := range shown.Formations {
		f := &shown.Formations[i]
		letter, col, ok := orderMark(f)
		if !ok {
			continue
		}
		var at *rules.Unit
		for j := range shown.Units {
			u := &shown.Units[j]
			if u.Formation != f.ID || !s.OnTable(u) || s.rs().IsTitan(u) {
				continue
			}
			if at == nil || u.Markers.Value(e40k.MarkHQ) > 0 && at.Markers.Value(e40k.MarkHQ) == 0 {
				at = u
			}
		}
		if at == nil {
			continue
		}
		b := s.Base(at)
		b.Pos = at.Pos
		size := orderMarkTextPx
		if len(letter) > 1 {
			size = orderMarkText2Px
		}
		mark(scene.Label{Layer: scene.LayerMarkers, ID: "order:" + f.ID, Text: letter, Size: size * px, Bold: true,
			Fill: color.NRGBA{255, 255, 255, 255}, Box: col, Outline: color.NRGBA{255, 255, 255, 235}, Disc: orderMarkPx * px,
			Anchor: b.Pos, Clear: b.Foot.BoundRadius(), At: orderMarkPlaces(b, orderMarkPx*px, px),
			Must: true, Leader: true, Priority: scene.PriorityTool})
	}
}

// orderMarkPlaces are the centres an order marker of radius r tries by
// base b, in order: upper right, right, lower right, upper left, left,
// lower left, above, below, each with its disc's square a pixel clear of
// the base's rectangle. At a corner the disc sits above (below) the
// base's edge, its centre half a radius past the base's end.
func orderMarkPlaces(b world.Base, r, px float64) []world.Vec {
	box := scene.BaseBox(b)
	hx, hy := box.W()/2, box.H()/2
	dx, dy := hx+r+px, hy+r+px
	cx := hx + r/2
	out := make([]world.Vec, 0, 8)
	for _, o := range [8]world.Vec{{X: cx, Y: -dy}, {X: dx}, {X: cx, Y: dy}, {X: -cx, Y: -dy}, {X: -dx}, {X: -cx, Y: dy}, {Y: -dy}, {Y: dy}} {
		out = append(out, b.Pos.Add(o))
	}
	return out
}
