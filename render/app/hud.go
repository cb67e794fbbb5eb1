package app

import (
	"fmt"
	"image/color"
	"strings"

	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/world"
)

// HUD colours.
func hudBar() color.NRGBA      { return color.NRGBA{32, 35, 40, 240} }
func hudText() color.NRGBA     { return color.NRGBA{235, 235, 235, 255} }
func hudDim() color.NRGBA      { return color.NRGBA{160, 165, 170, 255} }
func hudActive() color.NRGBA   { return color.NRGBA{255, 200, 40, 255} }
func hudButton() color.NRGBA   { return color.NRGBA{60, 64, 72, 255} }
func hudPanel() color.NRGBA    { return color.NRGBA{28, 30, 34, 255} }
func hudBanner() color.NRGBA   { return color.NRGBA{150, 20, 20, 240} }
func transparent() color.NRGBA { return color.NRGBA{} }

// button is one toolbar button.
type button struct {
	label, key string
	active     bool
	do         func()
	r          scene.Rect
}

// buttons lays out the toolbar.
func (a *App) buttons() []button {
	// In a game the digits pick weapons and choices: the rings button
	// names no key there.
	ringsKey := "1-8"
	if a.play != nil {
		ringsKey = ""
	}
	bs := []button{
		{label: "Select", key: "Q", active: a.tool == ToolSelect, do: func() { a.setTool(ToolSelect) }},
		{label: "Ruler", key: "R", active: a.tool == ToolRuler, do: func() { a.setTool(ToolRuler) }},
		{label: "Line of sight", key: "L", active: a.tool == ToolLOS, do: func() { a.setTool(ToolLOS) }},
		{label: "Arcs", key: "F", active: a.arcsAll, do: func() { a.arcsAll = !a.arcsAll }},
		{label: "Rings", key: ringsKey, active: len(a.rings) > 0, do: func() { a.toggleRing(15) }},
		{label: "Grid", key: "G", active: a.grid, do: func() { a.grid = !a.grid }},
		{label: "Legend", key: "K", active: a.legend, do: a.toggleLegend},
		{label: "Fit", key: "Home", do: func() { a.fit() }},
		{label: "Screenshot", key: "F12", do: func() { a.shotQueued = a.screenshotName() }},
		{label: "Help", key: "F1", active: a.help, do: func() { a.help = !a.help }},
	}
	size := a.px(13)
	x := a.px(8)
	y0, y1 := a.px(5), a.toolbarH()-a.px(5)
	for i := range bs {
		w := a.fonts.Measure(bs[i].label, size, true) + a.fonts.Measure(" "+bs[i].key, size*0.85, false) + a.px(18)
		bs[i].r = scene.Rect{Min: world.Vec{X: x, Y: y0}, Max: world.Vec{X: x + w, Y: y1}}
		x += w + a.px(6)
	}
	return bs
}

// ToolbarButton returns the centre of the toolbar button with the given
// label in device-independent pixels (what Input reports), for scripted
// clicks; ok is false for an unknown label.
func (a *App) ToolbarButton(label string) (x, y int, ok bool) {
	for _, b := range a.buttons() {
		if b.label == label {
			c := b.r.Min.Lerp(b.r.Max, 0.5)
			return int(c.X / a.dsf), int(c.Y / a.dsf), true
		}
	}
	return 0, 0, false
}

// clickToolbar runs the button under p, reporting whether p was on the bar.
func (a *App) clickToolbar(p world.Vec) bool {
	if p.Y > a.toolbarH() {
		return false
	}
	for _, b := range a.buttons() {
		if b.r.Contains(p) {
			b.do()
			a.dirty = true
		}
	}
	return true
}

func (a *App) panelRect() scene.Rect {
	return scene.Rect{Min: world.Vec{X: float64(a.w) - a.panelW(), Y: a.toolbarH()}, Max: world.Vec{X: float64(a.w), Y: float64(a.h) - a.statusH()}}
}

func (a *App) inPanel(p world.Vec) bool { return a.panelShown() && a.panelRect().Contains(p) }

func (a *App) inStatus(p world.Vec) bool { return p.Y >= float64(a.h)-a.statusH() }

// hudText adds a line of text.
func (a *App) txt(out []scene.Prim, x, y float64, s string, size float64, bold bool, c color.NRGBA) []scene.Prim {
	return append(out, scene.Prim{Layer: scene.LayerHUD, Kind: scene.Text, C: world.Vec{X: x, Y: y}, Text: s, Size: size, Bold: bold, Align: scene.AlignLeft, Style: scene.Style{Fill: c}})
}

func rectPrim(r scene.Rect, fill, stroke color.NRGBA, width float64) scene.Prim {
	return scene.Prim{Layer: scene.LayerHUD, Kind: scene.Polygon, Pts: []world.Vec{r.Min, {X: r.Max.X, Y: r.Min.Y}, r.Max, {X: r.Min.X, Y: r.Max.Y}},
		Style: scene.Style{Fill: fill, Stroke: stroke, Width: width}}
}

// hud builds the toolbar, side panel, banner, status bar and help overlay
// in device pixels.
func (a *App) hud() []scene.Prim {
	var out []scene.Prim
	W, H := float64(a.w), float64(a.h)
	size := a.px(13)
	// Toolbar.
	out = append(out, rectPrim(scene.Rect{Max: world.Vec{X: W, Y: a.toolbarH()}}, hudBar(), transparent(), 0))
	for _, b := range a.buttons() {
		fill, tc := hudButton(), hudText()
		if b.active {
			fill, tc = hudActive(), color.NRGBA{20, 20, 20, 255}
		}
		out = append(out, rectPrim(b.r, fill, color.NRGBA{90, 95, 105, 255}, a.px(1)))
		cy := (b.r.Min.Y + b.r.Max.Y) / 2
		out = a.txt(out, b.r.Min.X+a.px(9), cy, b.label, size, true, tc)
		kc := hudDim()
		if b.active {
			kc = color.NRGBA{70, 60, 20, 255}
		}
		out = a.txt(out, b.r.Min.X+a.px(9)+a.fonts.Measure(b.label+" ", size, true), cy, b.key, size*0.85, false, kc)
	}
	// Status bar.
	sy := H - a.statusH()
	out = append(out, rectPrim(scene.Rect{Min: world.Vec{Y: sy}, Max: world.Vec{X: W, Y: H}}, hudBar(), transparent(), 0))
	p := a.cam.ToWorld(a.cursor)
	status := fmt.Sprintf("%s  |  x %.1f  y %.1f cm  |  %.1f px/cm  |  %s", a.title, p.X, p.Y, a.cam.Scale/a.dsf, a.toolHint())
	if a.status != "" && a.frames < a.statusTill {
		status = a.status + "  |  " + status
	}
	out = a.txt(out, a.px(8), sy+a.statusH()/2, status, a.px(12), false, hudText())
	if a.panelShown() {
		out = a.panel(out)
	}
	if a.banner != "" {
		out = a.bannerPrims(out)
	}
	if a.play != nil {
		prims, _ := a.play.HUD(a.playLayout())
		out = append(out, prims...)
		if a.prompt != nil {
			out = a.promptPrims(breakPass(out))
		}
	}
	if a.help {
		out = a.helpPrims(breakPass(out))
	}
	return out
}

func (a *App) toolHint() string {
	switch a.tool {
	case ToolRuler:
		return "Ruler: drag from a base or a point; Backspace removes the last, Esc clears"
	case ToolLOS:
		if a.losFrom != nil && a.losTo == nil {
			return "Line of sight: click the target unit or point"
		}
		return "Line of sight: click the firing unit or a point"
	}
	if a.play != nil {
		// The digits are the game's in play mode.
		return "Select: click a unit; F1 help"
	}
	return "Select: click a unit; 1-8 range rings; F1 help"
}

// panel draws the side panel: the selected unit, the LOS verdict, rulers.
func (a *App) panel(out []scene.Prim) []scene.Prim {
	r := a.panelRect()
	out = append(out, rectPrim(r, hudPanel(), transparent(), 0))
	x := r.Min.X + a.px(12)
	width := r.W() - a.px(24)
	y := r.Min.Y + a.px(18)
	big, norm, small := a.px(16), a.px(13), a.px(12)
	line := func(s string, sz float64, bold bool, c color.NRGBA) {
		for _, l := range a.wrap(s, sz, width, bold) {
			if y > r.Max.Y-sz {
				return
			}
			out = a.txt(out, x, y, l, sz, bold, c)
			y += sz * 1.35
		}
	}
	if info, ok := a.info(a.selected); ok && a.selected != "" {
		line(info.Label, big, true, hudActive())
		line(info.Type+", "+info.Side, norm, false, hudText())
		y += a.px(4)
		for _, l := range info.Profile {
			line(l, small, false, hudText())
		}
		if len(info.Weapons) > 0 {
			y += a.px(6)
			line("Weapons", norm, true, hudText())
			for _, w := range info.Weapons {
				arc := w.Arc
				if arc == "" {
					arc = "AR"
				}
				sw := a.px(10)
				out = append(out, rectPrim(scene.Rect{Min: world.Vec{X: x, Y: y - sw/2}, Max: world.Vec{X: x + sw, Y: y + sw/2}}, w.Color, transparent(), 0))
				head := w.Name + " (" + arc + ")"
				if w.Mount != "" {
					head = w.Mount + ": " + head
				}
				x0 := x
				x += sw + a.px(6)
				width -= sw + a.px(6)
				line(head, small, true, hudText())
				line(w.Stats, small, false, hudDim())
				x = x0
				width += sw + a.px(6)
			}
		}
		y += a.px(6)
		state := "State: no damage recorded"
		if m, ok := a.markers[a.selected]; ok {
			var parts []string
			if m.Damage > 0 {
				parts = append(parts, fmt.Sprintf("%d damage", m.Damage))
			}
			if m.Shields >= 0 {
				parts = append(parts, fmt.Sprintf("%d void shields up", m.Shields))
			}
			if m.Blast > 0 {
				parts = append(parts, fmt.Sprintf("%d blast markers", m.Blast))
			}
			if m.Broken {
				parts = append(parts, "broken")
			}
			parts = append(parts, m.Notes...)
			if len(parts) > 0 {
				state = "State: " + strings.Join(parts, ", ")
			}
		}
		if len(a.rings) > 0 {
			var rs []string
			for _, d := range a.rings {
				rs = append(rs, fmt.Sprintf("%g", d))
			}
			state += "; rings at " + strings.Join(rs, ", ") + " cm"
		}
		line(state, small, false, hudDim())
	} else if a.selected != "" {
		line(a.selected, big, true, hudActive())
	}
	if a.los != nil {
		y += a.px(10)
		line("Line of sight", norm, true, hudText())
		col := scene.VerdictColor(a.los.Verdict)
		line(strings.ToUpper(a.los.Verdict.String()), big, true, col)
		line(a.los.Reason, small, false, hudText())
		n := len(a.los.Lines)
		plural := "s"
		if n == 1 {
			plural = ""
		}
		line(fmt.Sprintf("%d sample line%s", n, plural), small, false, hudDim())
	}
	if len(a.rulers) > 0 {
		y += a.px(10)
		line("Rulers", norm, true, hudText())
		for i, rl := range a.Rulers() {
			line(fmt.Sprintf("%d. %s", i+1, rl.Label), small, false, hudText())
		}
	}
	return out
}

// bannerPrims shows a reload error over the last good table.
func (a *App) bannerPrims(out []scene.Prim) []scene.Prim {
	W := float64(a.w)
	size := a.px(13)
	width := W - a.px(40)
	lines := a.wrap(a.banner, size, width, false)
	if len(lines) > 8 {
		lines = append(lines[:8], fmt.Sprintf("... %d more lines", len(lines)-8))
	}
	switch {
	case a.notWatching:
		lines = append(lines, "Edits to the file are NOT being seen: its folder is gone. Reloading resumes by itself when the folder is back.")
	case a.scn != nil || a.opts.Scene != nil:
		lines = append(lines, "Showing the last good table. Fix the file and save: it reloads by itself.")
	default:
		lines = append(lines, "No table yet. Fix the file and save: it loads by itself.")
	}
	h := float64(len(lines))*size*1.4 + a.px(16)
	y0 := a.toolbarH()
	out = append(out, rectPrim(scene.Rect{Min: world.Vec{Y: y0}, Max: world.Vec{X: W, Y: y0 + h}}, hudBanner(), color.NRGBA{255, 120, 120, 255}, a.px(2)))
	y := y0 + a.px(8) + size*0.7
	for i, l := range lines {
		c := hudText()
		if i == len(lines)-1 {
			c = color.NRGBA{255, 215, 215, 255}
		}
		out = a.txt(out, a.px(20), y, l, size, i == 0, c)
		y += size * 1.4
	}
	return out
}

// helpPrims is the help overlay listing every key. The box fits the
// window: descriptions wrap beside their keys, and the text gets smaller
// until every line fits inside the box; a list that would get too small
// to read in one column (a system with many keys in a small window) is
// split in two columns at a section title.
func (a *App) helpPrims(out []scene.Prim) []scene.Prim {
	// Section titles are lines with an empty description, drawn
	// highlighted; in a game the keys are listed by context.
	lines := helpLines()
	if a.play != nil {
		lines = nil
		for _, sc := range playHelpSections(a.play.HelpKeys()) {
			lines = append(lines, [2]string{sc.title, ""})
			lines = append(lines, sc.lines...)
		}
	}
	title := "Auspex keys (F1, ? or Esc closes)"
	W, H := float64(a.w), float64(a.h)
	pad := a.px(20)
	maxW, maxH := W-a.px(40), H-a.px(40)
	cols := [][][2]string{lines}
	size, w, h, laid := a.helpFit(cols, title, maxW, maxH)
	if size < a.px(11) {
		// Two columns, split at the section title that leaves the text
		// largest.
		for _, two := range helpSplits(lines) {
			size2, w2, h2, laid2 := a.helpFit(two, title, maxW, maxH)
			if size2 > size+0.01 {
				cols, size, w, h, laid = two, size2, w2, h2, laid2
			}
		}
	}
	x0 := (W - w) / 2
	y0 := max((H-h)/2, a.px(4))
	out = append(out, rectPrim(scene.Rect{Min: world.Vec{X: x0, Y: y0}, Max: world.Vec{X: x0 + w, Y: y0 + h}}, color.NRGBA{20, 22, 26, 245}, hudActive(), a.px(2)))
	out = a.txt(out, x0+pad, y0+pad+size*0.6, title, size*1.15, true, hudActive())
	cx := x0
	for c, col := range cols {
		lc := laid[c]
		y := y0 + pad + size*0.6 + size*2
		for i, l := range col {
			key := l[0]
			for a.fonts.Measure(key, size, true) > lc.keyW && len(key) > 1 {
				key = key[:len(key)-1]
			}
			if l[1] == "" {
				out = a.txt(out, cx+pad, y, l[0], size, true, hudActive())
				y += size*1.35 + size*0.3
				continue
			}
			out = a.txt(out, cx+pad, y, key, size, true, hudText())
			for _, d := range lc.rows[i] {
				out = a.txt(out, cx+2*pad+lc.keyW, y, d, size, false, hudText())
				y += size * 1.35
			}
			y += size * 0.3
		}
		cx += lc.w
	}
	return out
}

// helpCol is a column of the help overlay laid out at one text size: the
// keys' width, each line's wrapped description and the column's width.
type helpCol struct {
	keyW float64
	rows [][]string
	w    float64
}

// helpFit lays the help's columns out side by side in a box of at most
// maxW x maxH, the text getting smaller until it fits (or reaches 7 px).
// It returns the text size, the box's size and the columns.
func (a *App) helpFit(cols [][][2]string, title string, maxW, maxH float64) (size, w, h float64, laid []helpCol) {
	pad := a.px(20)
	colMax := maxW / float64(len(cols))
	for size = a.px(14); ; size *= 0.92 {
		laid = laid[:0]
		w, h = 0, 0
		for _, lines := range cols {
			var c helpCol
			for _, l := range lines {
				if l[1] != "" {
					c.keyW = max(c.keyW, a.fonts.Measure(l[0], size, true))
				}
			}
			c.keyW = min(c.keyW, colMax*0.35)
			descW := 0.0
			for _, l := range lines {
				descW = max(descW, a.fonts.Measure(l[1], size, false))
			}
			descW = min(descW, colMax-c.keyW-3*pad)
			n := 0
			heads := 0.0
			for _, l := range lines {
				if l[1] == "" {
					c.rows = append(c.rows, nil)
					heads = max(heads, a.fonts.Measure(l[0], size, true))
					n++
					continue
				}
				r := a.wrap(l[1], size, descW, false)
				c.rows = append(c.rows, r)
				n += len(r)
			}
			c.w = max(c.keyW+descW+3*pad, heads+2*pad)
			w += c.w
			h = max(h, float64(n)*size*1.35+float64(len(lines))*size*0.3)
			laid = append(laid, c)
		}
		w = max(w, a.fonts.Measure(title, size*1.15, true)+2*pad)
		h += size*2.6 + 2*pad
		if (h <= maxH && w <= maxW+0.5) || size < a.px(7) {
			return size, w, h, laid
		}
	}
}

// helpSplits are the ways to split help lines in two columns at a
// section title (none when no section title follows the first line).
func helpSplits(lines [][2]string) [][][][2]string {
	var out [][][][2]string
	for i := 1; i < len(lines); i++ {
		if lines[i][1] == "" {
			out = append(out, [][][2]string{lines[:i], lines[i:]})
		}
	}
	return out
}

// HUDPrims are the HUD primitives the window draws now in device pixels
// (the toolbar, panels, play HUD and overlays), for tests.
func (a *App) HUDPrims() []scene.Prim { return a.hud() }

// MeasureText is the width in device pixels of s drawn at size with the
// window's fonts.
func (a *App) MeasureText(s string, size float64, bold bool) float64 {
	return a.fonts.Measure(s, size, bold)
}
