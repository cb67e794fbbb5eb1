package play

import (
	"fmt"
	"image/color"
	"math"

	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/world"
)

// The dice log strip and the side panel scroll with the mouse wheel over
// them (the wheel over the table still zooms it): the log by entries, the
// newest at the bottom unless the player scrolled back; the panel by
// pixels, with a scroll bar and a "more below" sign when it does not fit.

// hudScroll is where the player scrolled the dice log and the side panel.
type hudScroll struct {
	// logBack is set while the player has scrolled the log back: logAt is
	// then the game log index of the entry drawn at the strip's bottom
	// (new entries do not move the view). Unset, the newest is at the
	// bottom.
	logBack bool
	logAt   int
	// panel is how far the side panel is scrolled down (device pixels);
	// panelMax how far it can be (from the last drawn panel).
	panel, panelMax float64
}

// wheelRows is how many log entries one wheel notch scrolls; wheelPx how
// many unscaled pixels of the side panel.
const (
	wheelRows = 2
	wheelPx   = 48
)

// LogRect is the dice log strip's area (bottom left, beside the panel).
func (l Layout) LogRect() scene.Rect {
	return scene.Rect{Min: world.Vec{X: 0, Y: l.H - l.Bottom - l.LogH()}, Max: world.Vec{X: l.W - l.PanelW(), Y: l.H - l.Bottom}}
}

// WheelHUD scrolls what the wheel turns over at p (device pixels): the
// dice log strip or the side panel. dy > 0 (the wheel turned away from the
// player) goes back to older entries, up the panel. It reports whether p
// is over either (the wheel then never zooms the table), and does nothing
// behind the handover screen.
func (s *Session) WheelHUD(l Layout, p world.Vec, dy float64) bool {
	if s.mode == ModeHandover || dy == 0 {
		return false
	}
	if l.PanelRect().Contains(p) {
		s.scroll.panel = math.Max(0, math.Min(s.scroll.panelMax, s.scroll.panel-dy*l.Px(wheelPx)))
		return true
	}
	if !l.LogRect().Contains(p) {
		return false
	}
	if s.tray != nil || s.mode == ModeDice {
		// The tray or the dice pad covers the log: nothing to scroll.
		return true
	}
	n := int(math.Round(dy * wheelRows))
	if n == 0 {
		n = int(math.Copysign(1, dy))
	}
	s.ScrollLog(l, n)
	return true
}

// ScrollLog scrolls the dice log n entries back (n < 0: towards the
// newest), no further than the oldest entries filling the strip; back at
// the newest the log follows new entries again.
func (s *Session) ScrollLog(l Layout, n int) {
	lg := s.Log()
	if len(lg) == 0 {
		s.scroll.logBack = false
		return
	}
	at := s.logBottom(lg) - n
	if low := s.logLowest(l, lg); at < low {
		at = low
	}
	if at >= len(lg)-1 {
		s.scroll.logBack = false
		return
	}
	s.scroll.logBack, s.scroll.logAt = true, lg[at].Index
}

// LogBack is how many of the viewer's log entries are newer than the one
// at the strip's bottom (0 when it shows the newest).
func (s *Session) LogBack() int {
	lg := s.Log()
	if len(lg) == 0 {
		return 0
	}
	return len(lg) - 1 - s.logBottom(lg)
}

// PanelScroll is how far the side panel is scrolled down and how far it
// can be (device pixels; both 0 when it fits).
func (s *Session) PanelScroll() (at, max float64) { return s.scroll.panel, s.scroll.panelMax }

// logBottom is the position in lg of the entry at the strip's bottom.
func (s *Session) logBottom(lg []LogEntry) int {
	if !s.scroll.logBack {
		return len(lg) - 1
	}
	for k := len(lg) - 1; k >= 0; k-- {
		if lg[k].Index <= s.scroll.logAt {
			return k
		}
	}
	return 0
}

// logLayout is the strip's text size, row height and rows.
func logLayout(l Layout) (size, rowH float64, rows int) {
	size = l.Px(12)
	rowH = size * 1.3
	return size, rowH, int((l.LogH() - l.Px(26)) / rowH)
}

// logLine is a log entry as the strip writes it.
func (s *Session) logLine(e LogEntry) string {
	return fmt.Sprintf("T%d %s: %s", e.Turn, s.ui.StepName(e.Step), s.ui.TrayText(e.Text)+s.rollResult(e))
}

// logWidth is the width the strip wraps its lines to (room for the
// scroll bar on the right).
func logWidth(l Layout) float64 { return l.LogRect().W() - l.Px(30) }

// logLowest is the lowest bottom position that still fills the strip:
// scrolled further back, the oldest entry would stand above empty rows.
func (s *Session) logLowest(l Layout, lg []LogEntry) int {
	size, _, rows := logLayout(l)
	used := 0
	for k, e := range lg {
		used += len(scene.Wrap(s.logLine(e), size, logWidth(l), false, l.TextWidth))
		if used >= rows {
			return k
		}
	}
	return len(lg) - 1
}

// logStrip draws the dice log entries ending at the scrolled-to one
// (the newest unless the player scrolled back) at the bottom left, with a
// scroll bar; clicking an entry highlights its units.
func (s *Session) logStrip(h *hudb) {
	l := h.l
	r := l.LogRect()
	h.rect(r, color.NRGBA{20, 22, 26, 225}, ColEdge, l.Px(1))
	size, rowH, rows := logLayout(l)
	lg := s.Log()
	bottom := s.logBottom(lg)
	title := "Dice log (click an entry to highlight its units; the wheel scrolls)"
	if newer := len(lg) - 1 - bottom; newer > 0 {
		title = fmt.Sprintf("Dice log: scrolled back, %d newer below (wheel down)", newer)
	}
	h.text(r.Min.X+l.Px(10), r.Min.Y+l.Px(10), title, size, true, ColGold)
	// The entries up to bottom, each wrapped to the strip's width (never
	// cut), as many as fit with the last at the bottom.
	type logRow struct {
		text string
		idx  int
		col  color.NRGBA
	}
	var shown []logRow
	top := bottom + 1
	for i := bottom; i >= 0 && len(shown) < rows; i-- {
		e := lg[i]
		col := ColDim
		if e.Roll != nil {
			col = ColText
		}
		ws := h.wrap(s.logLine(e), size, logWidth(l), false)
		if len(shown)+len(ws) > rows && len(shown) > 0 {
			break
		}
		for k := len(ws) - 1; k >= 0; k-- {
			shown = append(shown, logRow{ws[k], i, col})
		}
		top = i
	}
	if len(shown) > rows {
		// One entry longer than the strip: its first lines.
		shown = shown[len(shown)-rows:]
	}
	y := r.Min.Y + l.Px(22)
	for k := len(shown) - 1; k >= 0; k-- {
		row := scene.Rect{Min: world.Vec{X: r.Min.X, Y: y}, Max: world.Vec{X: r.Max.X - l.Px(14), Y: y + rowH}}
		idx := shown[k].idx
		h.btns = append(h.btns, Button{Label: "log", R: row, Do: func() { s.ClickLog(idx) }})
		h.text(r.Min.X+l.Px(10), y+rowH/2, shown[k].text, size, false, shown[k].col)
		y += rowH
	}
	if len(lg) > 0 && (top > 0 || bottom < len(lg)-1) {
		track := scene.Rect{Min: world.Vec{X: r.Max.X - l.Px(11), Y: r.Min.Y + l.Px(20)}, Max: world.Vec{X: r.Max.X - l.Px(5), Y: r.Max.Y - l.Px(4)}}
		scrollBar(h, track, float64(top)/float64(len(lg)), float64(bottom+1)/float64(len(lg)))
	}
}

// scrollBar draws a scroll bar in track with its thumb from fraction a to
// b of the content.
func scrollBar(h *hudb, track scene.Rect, a, b float64) {
	h.rect(track, color.NRGBA{45, 48, 56, 255}, color.NRGBA{}, 0)
	th := track.H()
	minH := h.l.Px(10)
	y0, y1 := track.Min.Y+a*th, track.Min.Y+b*th
	if y1-y0 < minH {
		y1 = math.Min(track.Max.Y, y0+minH)
		y0 = y1 - minH
	}
	h.rect(scene.Rect{Min: world.Vec{X: track.Min.X, Y: y0}, Max: world.Vec{X: track.Max.X, Y: y1}}, ColGold, color.NRGBA{}, 0)
}

// panel is the side panel: its background, then the system's content,
// scrolled. When the content is taller than the panel it is written again
// narrower, beside a scroll bar, above a sign saying more is below (or
// above, scrolled to the end).
func (s *Session) panel(h *hudb) {
	l := h.l
	r := l.PanelRect()
	h.rect(r, color.NRGBA{28, 30, 34, 255}, color.NRGBA{}, 0)
	top, bottom := r.Min.Y+l.Px(8), r.Max.Y-l.Px(4)
	out, btns := len(h.out), len(h.btns)
	write := func(w, bottom float64) (height float64, below bool) {
		c := &Column{h: h, X: r.Min.X + l.Px(12), Y: top - s.scroll.panel, W: w, MaxY: math.Inf(1), clip: &band{top: top, bottom: bottom}}
		s.whyColumn(c)
		s.ui.Panel(c)
		return c.Y + s.scroll.panel - top, c.clip.below
	}
	height, _ := write(r.W()-l.Px(24), bottom)
	if height <= bottom-top {
		s.scroll.panelMax = 0
		if s.scroll.panel != 0 {
			// It fits again (the content shrank): unscrolled.
			s.scroll.panel = 0
			h.out, h.btns = h.out[:out], h.btns[:btns]
			write(r.W()-l.Px(24), bottom)
		}
		return
	}
	// It does not fit: again, narrower beside the scroll bar, above the
	// sign; scrolled past the end of content that shrank, once more at
	// its end.
	signH := l.Px(20)
	for pass := 0; ; pass++ {
		h.out, h.btns = h.out[:out], h.btns[:btns]
		height, below := write(r.W()-l.Px(34), bottom-signH)
		s.scroll.panelMax = math.Max(0, height-(bottom-signH-top))
		if s.scroll.panel <= s.scroll.panelMax || pass > 0 {
			s.panelSign(h, r, top, bottom, signH, height, below)
			return
		}
		s.scroll.panel = s.scroll.panelMax
	}
}

// panelSign draws the side panel's scroll bar and, under the content, a
// line saying whether more is below or above.
func (s *Session) panelSign(h *hudb, r scene.Rect, top, bottom, signH, height float64, below bool) {
	l := h.l
	view := bottom - signH - top
	if height > 0 {
		track := scene.Rect{Min: world.Vec{X: r.Max.X - l.Px(10), Y: top}, Max: world.Vec{X: r.Max.X - l.Px(4), Y: bottom - signH}}
		scrollBar(h, track, s.scroll.panel/height, math.Min(1, (s.scroll.panel+view)/height))
	}
	sign := "v more below: scroll with the wheel v"
	if !below && s.scroll.panel >= s.scroll.panelMax-0.5 {
		sign = "^ end of the panel: the wheel scrolls back up ^"
	}
	sr := scene.Rect{Min: world.Vec{X: r.Min.X, Y: bottom - signH}, Max: world.Vec{X: r.Max.X, Y: bottom + l.Px(4)}}
	h.rect(sr, color.NRGBA{40, 36, 20, 255}, ColEdge, l.Px(1))
	size := l.Px(11)
	h.text(r.Min.X+(r.W()-l.TextWidth(sign, size, true))/2, sr.Min.Y+signH/2, sign, size, true, ColGold)
}
