package play

import (
	"image/color"
	"math"

	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/world"
)

// Layout is the window area the play HUD may use, in device pixels.
type Layout struct {
	W, H float64
	// DSF is the device scale factor (UI sizes are multiplied by it).
	DSF float64
	// Top and Bottom are the heights taken by the window's toolbar and
	// status bar.
	Top, Bottom float64
	// Measure gives text widths (nil: scene.EstimateWidth).
	Measure scene.Measurer
}

// Px scales n unscaled pixels by the device scale factor.
func (l Layout) Px(n float64) float64 {
	if l.DSF <= 0 {
		return n
	}
	return n * l.DSF
}

// TextWidth is the width of s drawn at size (Measure, else an estimate).
func (l Layout) TextWidth(s string, size float64, bold bool) float64 {
	if l.Measure != nil {
		return l.Measure(s, size, bold)
	}
	return scene.EstimateWidth(s, size, bold)
}

// PanelW is the width of the play side panel.
func (l Layout) PanelW() float64 { return math.Min(l.Px(360), l.W*0.4) }

// BannerH is the height of the phase banner (its least: in a narrow
// window it grows by up to bannerGrowRows rows of text, see
// Session.BannerBottom).
func (l Layout) BannerH() float64 { return l.Px(64) }

// bannerGrowRows is how many rows of text the banner may grow by.
const bannerGrowRows = 3

// BannerBottom is the bottom edge of the banner as last drawn (0 before
// the HUD is first drawn): Top plus BannerH, or more where its lines
// wrapped in a narrow window.
func (s *Session) BannerBottom() float64 { return s.bannerBottom }

// LogH is the height of the dice log strip at the bottom left.
func (l Layout) LogH() float64 { return l.Px(150) }

// Button is a clickable area of the play HUD.
type Button struct {
	Label string
	R     scene.Rect
	Do    func()
}

// HUD colours (read only: systems draw their panels with them).
var (
	ColBar    = color.NRGBA{24, 26, 30, 245}
	ColText   = color.NRGBA{235, 235, 235, 255}
	ColDim    = color.NRGBA{160, 165, 170, 255}
	ColGold   = color.NRGBA{255, 200, 40, 255}
	ColBad    = color.NRGBA{255, 110, 100, 255}
	ColGood   = color.NRGBA{120, 220, 120, 255}
	ColButton = color.NRGBA{60, 64, 72, 255}
	ColEdge   = color.NRGBA{90, 95, 105, 255}
)

type hudb struct {
	l    Layout
	out  []scene.Prim
	btns []Button
}

func (h *hudb) rect(r scene.Rect, fill, stroke color.NRGBA, w float64) {
	h.out = append(h.out, scene.Prim{Layer: scene.LayerHUD, Kind: scene.Polygon,
		Pts:   []world.Vec{r.Min, {X: r.Max.X, Y: r.Min.Y}, r.Max, {X: r.Min.X, Y: r.Max.Y}},
		Style: scene.Style{Fill: fill, Stroke: stroke, Width: w}})
}

func (h *hudb) text(x, y float64, s string, size float64, bold bool, c color.NRGBA) {
	h.out = append(h.out, scene.Prim{Layer: scene.LayerHUD, Kind: scene.Text, C: world.Vec{X: x, Y: y}, Text: s, Size: size, Bold: bold, Align: scene.AlignLeft, Style: scene.Style{Fill: c}})
}

func (h *hudb) button(x, y float64, label string, do func()) float64 {
	size := h.l.Px(13)
	w := h.l.TextWidth(label, size, true) + h.l.Px(16)
	r := scene.Rect{Min: world.Vec{X: x, Y: y}, Max: world.Vec{X: x + w, Y: y + h.l.Px(24)}}
	h.rect(r, ColButton, ColEdge, h.l.Px(1))
	h.text(x+h.l.Px(8), y+h.l.Px(12), label, size, true, ColText)
	h.btns = append(h.btns, Button{Label: label, R: r, Do: do})
	return w + h.l.Px(6)
}

// wrap splits s into lines no wider than width (see scene.Wrap).
func (h *hudb) wrap(s string, size, width float64, bold bool) []string {
	return scene.Wrap(s, size, width, bold, h.l.TextWidth)
}

// Column writes wrapped lines of the HUD downward from Y (at X, W wide),
// stopping at MaxY; a system's panel is written through it. The side
// panel's column scrolls: there MaxY is unbounded and what falls outside
// the visible band (clipped) is not drawn, however far down it goes.
type Column struct {
	h          *hudb
	X, Y, W    float64
	MaxY       float64
	overflowed bool
	// clip is the visible band of a scrolled column (nil: none).
	clip *band
}

// band is a column's visible band, top to bottom; below records that
// something was left out under it.
type band struct {
	top, bottom float64
	below       bool
}

// shows reports whether the rows from y0 to y1 are inside the column's
// visible band (always without a band); it records what falls below.
func (c *Column) shows(y0, y1 float64) bool {
	b := c.clip
	if b == nil {
		return true
	}
	if y1 > b.bottom+0.5 {
		b.below = true
		return false
	}
	return y0 >= b.top-0.5
}

// Line writes s wrapped to the column's width.
func (c *Column) Line(s string, size float64, bold bool, col color.NRGBA) {
	for _, l := range c.Wrap(s, size, c.W, bold) {
		if c.Y+size > c.MaxY {
			c.overflowed = true
			return
		}
		if c.shows(c.Y, c.Y+size) {
			c.h.text(c.X, c.Y+size*0.6, l, size, bold, col)
		}
		c.Y += size * 1.3
	}
}

// Gap leaves n unscaled pixels of space.
func (c *Column) Gap(n float64) { c.Y += c.Layout().Px(n) }

// Layout is the HUD's layout.
func (c *Column) Layout() Layout { return c.h.l }

// Wrap splits s into lines no wider than width.
func (c *Column) Wrap(s string, size, width float64, bold bool) []string {
	return c.h.wrap(s, size, width, bold)
}

// Rect draws a rectangle (fill, outline of width w); in a scrolled
// column only its visible part.
func (c *Column) Rect(r scene.Rect, fill, stroke color.NRGBA, w float64) {
	if r, ok := c.clipRect(r); ok {
		c.h.rect(r, fill, stroke, w)
	}
}

// Text draws s left-aligned at x, centred on y (nothing outside a
// scrolled column's visible band).
func (c *Column) Text(x, y float64, s string, size float64, bold bool, col color.NRGBA) {
	if c.shows(y-size*0.5, y+size*0.5) {
		c.h.text(x, y, s, size, bold, col)
	}
}

// AddButton makes b clickable (in a scrolled column, its visible part).
func (c *Column) AddButton(b Button) {
	if r, ok := c.clipRect(b.R); ok {
		b.R = r
		c.h.btns = append(c.h.btns, b)
	}
}

// clipRect is r cut to the column's visible band; ok is false when
// nothing of it shows.
func (c *Column) clipRect(r scene.Rect) (scene.Rect, bool) {
	b := c.clip
	if b == nil {
		return r, true
	}
	if r.Max.Y > b.bottom {
		b.below = true
	}
	r.Min.Y, r.Max.Y = math.Max(r.Min.Y, b.top), math.Min(r.Max.Y, b.bottom)
	return r, r.Max.Y > r.Min.Y
}

// HUD draws the play interface: the phase banner, the side panel (selected
// titan, actions, previews), the dice log, and over everything the
// handover screen. Secret information is drawn only for the viewer.
func (s *Session) HUD(l Layout) ([]scene.Prim, []Button) {
	h := &hudb{l: l}
	if s.mode == ModeHandover {
		s.handover(h)
		return h.out, h.btns
	}
	s.banner(h)
	s.panel(h)
	if s.mode == ModeDice && s.diceNeed != nil {
		prims, btns := DicePad(l, l.DicePadRect(), s.SideName(s.Decider())+": manual dice for "+s.diceNeed.Purpose, *s.diceNeed, s.diceTyped, s.TypeDie)
		h.out = append(h.out, prims...)
		h.btns = append(h.btns, btns...)
		return h.out, h.btns
	}
	if s.tray == nil {
		// The tray is drawn over the log strip (it shows the newest rolls
		// of the log): the backends draw text after shapes, so the log's
		// lines would show through the tray.
		s.logStrip(h)
	}
	s.drawTray(h)
	return h.out, h.btns
}

// bannerButton is a button on the right of the banner.
type bannerButton struct {
	label string
	do    func()
}

// bannerFit is the banner as laid out in a window: its text (whose
// decision it is joins the lines when there is no room beside the title),
// its buttons and their left edges, and its rectangle, grown down where
// the lines wrap.
type bannerFit struct {
	b         Banner
	labels    []bannerButton
	bxs       []float64
	whoBeside bool
	r         scene.Rect
}

// fitBanner lays the banner out in l.
func (s *Session) fitBanner(l Layout) bannerFit {
	b := s.Banner()
	r := scene.Rect{Min: world.Vec{X: 0, Y: l.Top}, Max: world.Vec{X: l.W - l.PanelW(), Y: l.Top + l.BannerH()}}
	x := l.Px(12)
	y := l.Top + l.Px(14)
	// End-step, undo (and in a hotseat game with secrets, show-objective)
	// buttons on the right of the banner.
	labels := []bannerButton{{"End step (E)", s.EndStep}, {"Undo (Ctrl+Z)", func() { _ = s.Undo() }}}
	if s.mode == ModeTurn && s.HotseatSecrets() {
		lb := "Show my objective (O)"
		if s.SecretsShown() {
			lb = "Hide my objective (O)"
		}
		labels = append(labels, bannerButton{lb, s.RevealSecrets})
	}
	if s.mode != ModeTurn {
		labels = labels[1:2]
	}
	if s.mode == ModeOver {
		labels = nil
	}
	bx := r.Max.X - l.Px(8)
	bxs := make([]float64, len(labels))
	for i, lb := range labels {
		w := l.TextWidth(lb.label, l.Px(13), true) + l.Px(16)
		bx -= w + l.Px(6)
		bxs[i] = bx
	}
	x2 := x + l.TextWidth(b.Title, l.Px(15), true) + l.Px(16)
	whoBeside := x2+l.TextWidth(b.Who, l.Px(15), true) < bx-l.Px(8)
	if !whoBeside {
		// No room beside the buttons: whose decision it is goes first in
		// the lines below.
		b.Lines = append([]string{b.Who}, b.Lines...)
	}
	// In a narrow window the lines wrap (and whose decision it is joins
	// them): the banner grows down over the margin above the table, up to
	// bannerGrowRows more rows, so the key hints at the end are not cut.
	lineSize := l.Px(12)
	rows := 0
	for _, ln := range b.Lines {
		rows += len(scene.Wrap(ln, lineSize, r.W()-l.Px(24), false, l.TextWidth))
	}
	if need := y + l.Px(10) + float64(rows)*lineSize*1.3; need > r.Max.Y {
		r.Max.Y = math.Min(need, r.Max.Y+bannerGrowRows*lineSize*1.3)
	}
	return bannerFit{b: b, labels: labels, bxs: bxs, whoBeside: whoBeside, r: r}
}

// MessageRowsKept is how many rows of the message line under the banner
// a fitted table leaves free above its edge scale (a refusal in a narrow
// window takes two).
const MessageRowsKept = 2

// messageRowH is the height of a row of the message line.
func (l Layout) messageRowH() float64 { return l.Px(12) * 1.35 }

// TableTop is where a fitted table's area starts in l: below the banner
// as it lays out now (grown where its lines wrap) and MessageRowsKept
// rows of the message line, so neither covers the table's top edge scale.
func (s *Session) TableTop(l Layout) float64 {
	return s.fitBanner(l).r.Max.Y + float64(MessageRowsKept)*l.messageRowH() + l.Px(8)
}

func (s *Session) banner(h *hudb) {
	l := h.l
	bf := s.fitBanner(l)
	b, labels, bxs, whoBeside, r := bf.b, bf.labels, bf.bxs, bf.whoBeside, bf.r
	x := l.Px(12)
	y := l.Top + l.Px(14)
	x2 := x + l.TextWidth(b.Title, l.Px(15), true) + l.Px(16)
	lineSize := l.Px(12)
	s.bannerBottom = r.Max.Y
	h.rect(r, ColBar, ColGold, l.Px(1))
	for i, lb := range labels {
		h.button(bxs[i], l.Top+l.Px(4), lb.label, lb.do)
	}
	h.text(x, y, b.Title, l.Px(15), true, ColGold)
	if whoBeside {
		h.text(x2, y, b.Who, l.Px(15), true, ColText)
	}
	c := &Column{h: h, X: x, Y: y + l.Px(10), W: r.W() - l.Px(24), MaxY: r.Max.Y}
	for _, ln := range b.Lines {
		c.Line(ln, lineSize, false, ColText)
	}
	if s.Msg != "" {
		col := ColGood
		if s.MsgErr {
			col = ColBad
		}
		// The message wraps inside the banner's width (at most four
		// lines), so a long reason never runs off the window's edge.
		size := l.Px(12)
		ws := h.wrap(s.ui.Named(s.Msg), size, r.W()-l.Px(24), true)
		if len(ws) > 4 {
			ws = append(ws[:3], ws[3]+" ...")
			for h.l.TextWidth(ws[3], size, true) > r.W()-l.Px(24) && len(ws[3]) > 5 {
				ws[3] = ws[3][:len(ws[3])-5] + " ..."
			}
		}
		rowH := l.messageRowH()
		mr := scene.Rect{Min: world.Vec{X: 0, Y: r.Max.Y}, Max: world.Vec{X: r.Max.X, Y: r.Max.Y + float64(len(ws))*rowH + l.Px(8)}}
		h.rect(mr, color.NRGBA{20, 20, 24, 230}, color.NRGBA{}, 0)
		for i, ln := range ws {
			h.text(x, mr.Min.Y+l.Px(4)+rowH*(float64(i)+0.5), ln, size, true, col)
		}
	}
}

// handover covers the whole window: nothing of the table or of either
// side's secrets is drawn.
func (s *Session) handover(h *hudb) {
	l := h.l
	h.rect(scene.Rect{Min: world.Vec{Y: l.Top}, Max: world.Vec{X: l.W, Y: l.H - l.Bottom}}, color.NRGBA{18, 20, 24, 255}, color.NRGBA{}, 0)
	b := s.Banner()
	y := l.H/2 - l.Px(40)
	h.text(l.W/2-l.TextWidth(b.Who, l.Px(22), true)/2, y, b.Who, l.Px(22), true, ColGold)
	for _, ln := range b.Lines {
		y += l.Px(30)
		h.text(l.W/2-l.TextWidth(ln, l.Px(14), false)/2, y, ln, l.Px(14), false, ColText)
	}
	lbl := "Continue (Enter)"
	h.button(l.W/2-l.TextWidth(lbl, l.Px(13), true)/2-l.Px(8), y+l.Px(30), lbl, s.Continue)
}

// PanelRect is the play side panel's area.
func (l Layout) PanelRect() scene.Rect {
	return scene.Rect{Min: world.Vec{X: l.W - l.PanelW(), Y: l.Top}, Max: world.Vec{X: l.W, Y: l.H - l.Bottom}}
}
