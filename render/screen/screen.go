// Package screen draws a scene onto an ebiten image: shapes with
// ebiten/vector (anti-aliased), text with the embedded fonts through
// golang/freetype faces drawn by ebiten's text package (which caches glyph
// images on the GPU). It mirrors the PNG backend primitive for primitive.
//
// text/v2's GoXFace would wrap the same faces, but text/v2 pulls in
// modules (go-text/typesetting, srwiley/rasterx, x/text) that go.mod does
// not pin; the v1 text package draws font.Face glyphs identically with no
// new dependency. Only Renderer.drawString touches it.
package screen

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text" //nolint:staticcheck // see the package comment
	"github.com/hajimehoshi/ebiten/v2/vector"
	"golang.org/x/image/font"

	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/render/textfont"
	"github.com/auspex/auspex/world"
)

// Renderer draws scenes. It caches text faces; use it from the game
// goroutine only.
type Renderer struct {
	fonts *textfont.Fonts
	path  vector.Path
	// Transform: a table point p is drawn at p*scale+off (device pixels).
	scale float64
	off   world.Vec
	// clip culls primitives entirely outside the destination.
	clipW, clipH float64
}

// New returns a renderer using fonts for text.
func New(fonts *textfont.Fonts) *Renderer {
	return &Renderer{fonts: fonts}
}

// Fonts returns the renderer's fonts.
func (r *Renderer) Fonts() *textfont.Fonts { return r.fonts }

// Face returns the face for em size px (quarter-pixel steps).
func (r *Renderer) Face(px float64, bold bool) font.Face { return r.fonts.Face(px, bold) }

// Draw paints every layer of sc onto dst with a table point p at pixel
// p*scale+off.
func (r *Renderer) Draw(dst *ebiten.Image, sc *scene.Scene, scale float64, off world.Vec) {
	for l := range sc.Layers {
		r.DrawPrims(dst, sc.Layers[l], scale, off)
	}
}

// DrawPrims paints prims in order with the given transform; the window's
// HUD uses it with scale 1 and screen-pixel coordinates.
func (r *Renderer) DrawPrims(dst *ebiten.Image, prims []scene.Prim, scale float64, off world.Vec) {
	r.scale, r.off = scale, off
	b := dst.Bounds()
	r.clipW, r.clipH = float64(b.Dx()), float64(b.Dy())
	for i := range prims {
		r.prim(dst, &prims[i])
	}
}

func (r *Renderer) pt(v world.Vec) (float32, float32) {
	return float32(v.X*r.scale + r.off.X), float32(v.Y*r.scale + r.off.Y)
}

// offscreen reports whether the pixel box of pts (grown by pad) misses dst.
func (r *Renderer) offscreen(pts []world.Vec, pad float64) bool {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, v := range pts {
		x, y := v.X*r.scale+r.off.X, v.Y*r.scale+r.off.Y
		minX, minY = math.Min(minX, x), math.Min(minY, y)
		maxX, maxY = math.Max(maxX, x), math.Max(maxY, y)
	}
	return maxX < -pad || maxY < -pad || minX > r.clipW+pad || minY > r.clipH+pad
}

func (r *Renderer) circleOff(c world.Vec, rad float64) bool {
	x, y, rr := c.X*r.scale+r.off.X, c.Y*r.scale+r.off.Y, rad*r.scale+4
	return x+rr < 0 || y+rr < 0 || x-rr > r.clipW || y-rr > r.clipH
}

func (r *Renderer) prim(dst *ebiten.Image, p *scene.Prim) {
	switch p.Kind {
	case scene.Polygon:
		if len(p.Pts) < 2 || r.offscreen(p.Pts, p.Width*r.scale+2) {
			return
		}
		r.fill(dst, p.Pts, p.Fill)
		r.stroke(dst, p.Pts, true, p.Style)
	case scene.Polyline:
		if len(p.Pts) < 2 || r.offscreen(p.Pts, p.Width*r.scale+2) {
			return
		}
		r.stroke(dst, p.Pts, false, p.Style)
	case scene.Segments:
		if len(p.Pts) < 2 || r.offscreen(p.Pts, p.Width*r.scale+2) {
			return
		}
		r.segments(dst, p.Pts, p.Style)
	case scene.Circle:
		if r.circleOff(p.C, p.R) {
			return
		}
		pts := scene.CirclePoints(p.C, p.R, scene.CircleSegments(p.R*r.scale))
		r.fill(dst, pts, p.Fill)
		r.stroke(dst, pts, true, p.Style)
	case scene.Wedge:
		if r.circleOff(p.C, p.R) {
			return
		}
		pts := scene.WedgePoints(p.C, p.R, p.A0, p.A1, scene.CircleSegments(p.R*r.scale))
		r.fill(dst, pts, p.Fill)
		r.stroke(dst, pts, true, p.Style)
	case scene.Icon:
		if r.circleOff(p.C, p.R) {
			return
		}
		for _, q := range scene.ExpandIcon(*p) {
			r.prim(dst, &q)
		}
	case scene.Text:
		r.text(dst, p)
	}
}

func drawOpts(c color.NRGBA) *vector.DrawPathOptions {
	op := &vector.DrawPathOptions{AntiAlias: true}
	op.ColorScale.ScaleWithColor(c)
	return op
}

func (r *Renderer) fill(dst *ebiten.Image, pts []world.Vec, c color.NRGBA) {
	if c.A == 0 || len(pts) < 3 {
		return
	}
	r.path.Reset()
	x, y := r.pt(pts[0])
	r.path.MoveTo(x, y)
	for _, v := range pts[1:] {
		x, y := r.pt(v)
		r.path.LineTo(x, y)
	}
	r.path.Close()
	vector.FillPath(dst, &r.path, nil, drawOpts(c))
}

func (r *Renderer) strokeWidth(st scene.Style) float32 {
	return float32(math.Max(st.Width*r.scale, 0.7))
}

func (r *Renderer) stroke(dst *ebiten.Image, pts []world.Vec, closed bool, st scene.Style) {
	if st.Stroke.A == 0 || st.Width <= 0 || len(pts) < 2 {
		return
	}
	r.path.Reset()
	if len(st.Dash) == 0 {
		x, y := r.pt(pts[0])
		r.path.MoveTo(x, y)
		for _, v := range pts[1:] {
			x, y := r.pt(v)
			r.path.LineTo(x, y)
		}
		if closed {
			r.path.Close()
		}
	} else {
		for _, piece := range scene.Dash(pts, closed, st.Dash) {
			x, y := r.pt(piece[0])
			r.path.MoveTo(x, y)
			for _, v := range piece[1:] {
				x, y := r.pt(v)
				r.path.LineTo(x, y)
			}
		}
	}
	op := &vector.StrokeOptions{Width: r.strokeWidth(st), LineJoin: vector.LineJoinRound, LineCap: vector.LineCapSquare}
	vector.StrokePath(dst, &r.path, op, drawOpts(st.Stroke))
}

func (r *Renderer) segments(dst *ebiten.Image, pts []world.Vec, st scene.Style) {
	if st.Stroke.A == 0 || st.Width <= 0 {
		return
	}
	r.path.Reset()
	for i := 0; i+1 < len(pts); i += 2 {
		if len(st.Dash) == 0 {
			ax, ay := r.pt(pts[i])
			bx, by := r.pt(pts[i+1])
			r.path.MoveTo(ax, ay)
			r.path.LineTo(bx, by)
			continue
		}
		for _, piece := range scene.Dash(pts[i:i+2], false, st.Dash) {
			ax, ay := r.pt(piece[0])
			bx, by := r.pt(piece[len(piece)-1])
			r.path.MoveTo(ax, ay)
			r.path.LineTo(bx, by)
		}
	}
	op := &vector.StrokeOptions{Width: r.strokeWidth(st), LineCap: vector.LineCapSquare}
	vector.StrokePath(dst, &r.path, op, drawOpts(st.Stroke))
}

func (r *Renderer) text(dst *ebiten.Image, p *scene.Prim) {
	size := p.Size * r.scale
	if size < 4 || p.Text == "" || r.fonts == nil {
		return
	}
	cx, cy := r.pt(p.C)
	w := r.fonts.Measure(p.Text, size, p.Bold)
	x := float64(cx)
	switch p.Align {
	case scene.AlignCenter:
		x -= w / 2
	case scene.AlignRight:
		x -= w
	}
	if x > r.clipW || x+w < 0 || float64(cy)-size > r.clipH || float64(cy)+size < 0 {
		return
	}
	if p.Box.A > 0 {
		pad := size * 0.2
		vector.FillRect(dst, float32(x-pad), float32(float64(cy)-size*0.6-pad/2), float32(w+2*pad), float32(size*1.2+pad), p.Box, false)
	}
	r.drawString(dst, p.Text, r.Face(size, p.Bold), x, float64(cy)+size*textfont.BaselineOffset(), p.Fill)
}

// drawString draws s with its baseline starting at (x, y).
func (r *Renderer) drawString(dst *ebiten.Image, s string, face font.Face, x, y float64, c color.NRGBA) {
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	text.DrawWithOptions(dst, s, face, op)
}
