package app

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/auspex/auspex/render/adapt"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/world"
)

// handleMouse runs the toolbar, camera and the active tool.
func (a *App) handleMouse() {
	in := a.in
	cx, cy := in.Cursor()
	cur := world.Vec{X: float64(cx) * a.dsf, Y: float64(cy) * a.dsf}
	moved := cur != a.cursor
	a.cursor = cur
	p := a.cam.ToWorld(cur)

	// Camera: drag with the right or middle button, wheel zooms at the cursor.
	if in.MousePressed(ebiten.MouseButtonRight) || in.MousePressed(ebiten.MouseButtonMiddle) {
		a.panning, a.panX, a.panY = true, cx, cy
	}
	if a.panning {
		if !in.MouseDown(ebiten.MouseButtonRight) && !in.MouseDown(ebiten.MouseButtonMiddle) {
			a.panning = false
		} else if cx != a.panX || cy != a.panY {
			a.cam.Pan(world.Vec{X: float64(cx-a.panX) * a.dsf, Y: float64(cy-a.panY) * a.dsf})
			a.panX, a.panY = cx, cy
			a.dirty = true
		}
	}
	if _, wy := in.Wheel(); wy != 0 {
		switch {
		case a.play != nil && a.prompt == nil && a.play.WheelHUD(a.playLayout(), cur, wy):
			// Over the dice log or the side panel the wheel scrolls them.
			a.dirty = true
		case a.play == nil || !a.play.Wheel(wy):
			a.cam.ZoomAt(cur, math.Pow(1.15, wy))
			a.dirty = true
		}
	}

	if a.play != nil && moved {
		a.playHover(p)
	}
	// A ruler ends before a press in the same frame starts anything new.
	if a.dragging != nil {
		a.dragging.to = a.endpointAt(p)
		if moved {
			a.dirty = true
		}
		if in.MouseReleased(ebiten.MouseButtonLeft) || !in.MouseDown(ebiten.MouseButtonLeft) {
			d, _, _ := adapt.Measure(a.dragging.from, a.dragging.to)
			sameBase := a.dragging.from.Base != nil && a.dragging.to.Base != nil && a.dragging.from.Base.ID == a.dragging.to.Base.ID
			if d > 0.05 && !sameBase || (a.dragging.from.Base != nil && a.dragging.to.Base != nil && !sameBase) {
				a.rulers = append(a.rulers, *a.dragging)
			}
			a.dragging = nil
			a.dirty = true
		}
	}
	if in.MousePressed(ebiten.MouseButtonLeft) {
		if a.play != nil && cur.Y > a.toolbarH() && a.tool == ToolSelect && a.playClick(cur, p) {
			a.dirty = true
			return
		}
		if a.play != nil && a.play.Mode() == play.ModeHandover {
			return
		}
		if a.clickToolbar(cur) || a.inPanel(cur) || a.inStatus(cur) {
			return
		}
		switch a.tool {
		case ToolSelect:
			if b := a.baseAt(p); b != nil {
				if a.selected != b.ID {
					a.rings = nil
				}
				a.selected = b.ID
			} else {
				a.selected, a.rings = "", nil
			}
		case ToolRuler:
			e := a.endpointAt(p)
			a.dragging = &rulerState{from: e, to: e}
		case ToolLOS:
			e := a.endpointAt(p)
			if a.losFrom == nil || a.losTo != nil {
				a.losFrom, a.losTo, a.los = &e, nil, nil
				a.losPreview = true
			} else {
				a.losTo = &e
				a.losPreview = false
			}
			a.recomputeLOS()
		}
		a.dirty = true
	}
	if a.tool == ToolLOS && a.losFrom != nil && a.losTo == nil && moved {
		e := a.endpointAt(p)
		a.losTo = &e
		a.recomputeLOS()
		a.losTo = nil
		a.dirty = true
	}
}

// SceneInput is what the table shows now: the base table with the bases
// where they stand and the overlays of the tools (arcs, rings, rulers,
// sight lines), as the next frame draws them.
func (a *App) SceneInput() *scene.Input { return a.sceneInput() }

// sceneInput is the base table plus the overlays of the current state.
func (a *App) sceneInput() *scene.Input {
	in := *a.base
	in.Bases = make([]scene.Base, len(a.base.Bases))
	copy(in.Bases, a.base.Bases)
	in.Arcs, in.Rings, in.Rulers, in.SightLines, in.Marks = nil, nil, nil, nil, nil
	if a.play != nil {
		in.Bases = a.play.Bases(in.Bases)
		// A generated mission deploys on its own map's zones.
		in.Zones = a.play.Zones(in.Zones)
	}
	for i := range in.Bases {
		b := &in.Bases[i]
		b.Selected = b.ID == a.selected
		if m, ok := a.markers[b.ID]; ok {
			b.Damage, b.Blast, b.Shields, b.Broken = m.Damage, m.Blast, m.Shields, m.Broken
		}
		if a.arcsAll || b.Selected && (a.play == nil || a.play.SelectedArcs()) {
			if info, ok := a.info(b.ID); ok {
				// The arcs turn with the base as drawn (where it stands now).
				info.Base = b.Base
				in.Arcs = append(in.Arcs, adapt.Arcs(info, in.Table)...)
			}
		}
		if b.Selected {
			for _, d := range a.rings {
				in.Rings = append(in.Rings, scene.Ring{Base: b.Base, Dist: d, Color: color.NRGBA{30, 30, 30, 255}})
			}
		}
	}
	for _, r := range a.rulers {
		in.Rulers = append(in.Rulers, a.rulerLine(r))
	}
	if a.dragging != nil {
		in.Rulers = append(in.Rulers, a.rulerLine(*a.dragging))
	}
	if a.los != nil {
		in.SightLines = append(in.SightLines, a.los.Lines...)
		if n := len(in.SightLines); n > 0 {
			in.SightLines[0].Label = a.los.Verdict.String()
		}
	}
	if a.losFrom != nil && a.losFrom.Base == nil {
		in.Marks = append(in.Marks, scene.Mark{Pos: a.losFrom.Point, Icon: scene.IconTarget})
	}
	if a.losTo != nil && a.losTo.Base == nil {
		in.Marks = append(in.Marks, scene.Mark{Pos: a.losTo.Point, Icon: scene.IconTarget})
	}
	return &in
}
