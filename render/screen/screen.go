// Package screen draws a scene onto an ebiten image. Every shape is turned
// into triangles (polygons by ear clipping, strokes as quads) and the whole
// picture goes to the GPU in a few DrawTriangles32 calls; text uses the
// embedded fonts through golang/freetype faces wrapped by text/v2's
// GoXFace, which caches glyph images on the GPU. It mirrors the PNG backend
// primitive for primitive.
//
// Why not ebiten/vector's FillPath per shape: each path is its own stencil
// pass, and any other draw to the same image ends ebiten's batching, so a
// 500-unit table took over half a second per frame. One triangle batch
// draws the same table in a few milliseconds.
//
// Anti-aliasing is done with edge fringes (as nanovg does): every filled
// polygon without an outline gets a one-pixel ring whose alpha fades to
// zero outwards, and every stroke is a solid core with a one-pixel fading
// border on both sides. That costs a few more triangles but no extra fill:
// ebiten's own DrawTrianglesOptions.AntiAlias renders into an offscreen
// image twice the destination's width and height and scales it down on
// every flush, which under a software GL (Xvfb's llvmpipe) quadrupled the
// cost of a 1920 x 1080 frame.
//
// Only Renderer.drawString touches text/v2; faces are wrapped once each and
// kept, so glyph caches survive between frames.
package screen

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font"

	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/render/textfont"
	"github.com/auspex/auspex/world"
)

// Renderer draws scenes. Use it from the game goroutine only.
type Renderer struct {
	// AntiAlias smooths shape edges with one-pixel fading fringes (on by
	// default). It adds triangles, not fill.
	AntiAlias bool

	fonts *textfont.Fonts
	// gox wraps each freetype face once for text/v2 (glyph caches live in
	// the wrapper, so it must be reused).
	gox   map[font.Face]*text.GoXFace
	dst   *ebiten.Image
	white *ebiten.Image
	vs    []ebiten.Vertex
	is    []uint32
	xs    []float32
	ys    []float32
	walk  scene.DashWalk
	ears  earClipper
	// simple holds the last simplified outline.
	simple []world.Vec
	// Transform: a table point p is drawn at p*scale+off (device pixels).
	scale float64
	off   world.Vec
	// clip (device px) culls primitives entirely outside the destination
	// (its bounds, which need not start at 0 for a sub-image).
	clipX0, clipY0, clipX1, clipY1 float64
}

// New returns a renderer using fonts for text.
func New(fonts *textfont.Fonts) *Renderer {
	return &Renderer{fonts: fonts, AntiAlias: true}
}

// Fonts returns the renderer's fonts.
func (r *Renderer) Fonts() *textfont.Fonts { return r.fonts }

// Face returns the face for em size px (quarter-pixel steps).
func (r *Renderer) Face(px float64, bold bool) font.Face { return r.fonts.Face(px, bold) }

// Draw paints every layer of sc onto dst with a table point p at pixel
// p*scale+off. Shapes are drawn in layer order as one triangle batch, then
// every text label on top (labels are placed by the scene so they do not
// cover each other; drawing them last keeps them legible over arcs).
func (r *Renderer) Draw(dst *ebiten.Image, sc *scene.Scene, scale float64, off world.Vec) {
	r.DrawLayers(dst, sc, nil, scale, off)
}

// DrawLayers paints the listed layers of sc (all of them when layers is
// nil) in the order given, shapes first and then their labels, as Draw
// does. The window draws the layers that rarely change once into a cached
// image and the others on top each frame.
func (r *Renderer) DrawLayers(dst *ebiten.Image, sc *scene.Scene, layers []scene.Layer, scale float64, off world.Vec) {
	r.begin(dst, scale, off)
	var texts []*scene.Prim
	if layers == nil {
		for l := range sc.Layers {
			texts = r.shapes(sc.Layers[l], texts)
		}
	} else {
		for _, l := range layers {
			if l >= 0 && int(l) < len(sc.Layers) {
				texts = r.shapes(sc.Layers[l], texts)
			}
		}
	}
	r.texts(dst, texts)
}

// DrawShapes paints only the shapes (no text) of the listed layers of sc,
// in order, as one batch.
func (r *Renderer) DrawShapes(dst *ebiten.Image, sc *scene.Scene, layers []scene.Layer, scale float64, off world.Vec) {
	r.begin(dst, scale, off)
	for _, l := range layers {
		if l >= 0 && int(l) < len(sc.Layers) {
			r.shapes(sc.Layers[l], nil)
		}
	}
	r.flush(dst)
}

// DrawTexts paints only the text labels (with their boxes) of the listed
// layers of sc. With DrawShapes it splits a picture into shapes and the
// labels drawn above everything, so the window can keep them in separate
// cached images with changing layers between them.
func (r *Renderer) DrawTexts(dst *ebiten.Image, sc *scene.Scene, layers []scene.Layer, scale float64, off world.Vec) {
	r.begin(dst, scale, off)
	var texts []*scene.Prim
	for _, l := range layers {
		if l < 0 || int(l) >= len(sc.Layers) {
			continue
		}
		for i := range sc.Layers[l] {
			if sc.Layers[l][i].Kind == scene.Text {
				texts = append(texts, &sc.Layers[l][i])
			}
		}
	}
	r.texts(dst, texts)
}

// DrawPrims paints prims with the given transform (shapes first, then
// text, as Draw); the window's HUD uses it with scale 1 and screen pixels.
func (r *Renderer) DrawPrims(dst *ebiten.Image, prims []scene.Prim, scale float64, off world.Vec) {
	r.begin(dst, scale, off)
	r.texts(dst, r.shapes(prims, nil))
}

func (r *Renderer) begin(dst *ebiten.Image, scale float64, off world.Vec) {
	r.dst = dst
	r.scale, r.off = scale, off
	b := dst.Bounds()
	r.clipX0, r.clipY0, r.clipX1, r.clipY1 = float64(b.Min.X), float64(b.Min.Y), float64(b.Max.X), float64(b.Max.Y)
	if r.white == nil {
		img := ebiten.NewImage(3, 3)
		img.Fill(color.White)
		r.white = img.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
	}
	r.vs, r.is = r.vs[:0], r.is[:0]
}

// shapes batches the non-text prims and appends the text ones to texts.
func (r *Renderer) shapes(prims []scene.Prim, texts []*scene.Prim) []*scene.Prim {
	for i := range prims {
		if prims[i].Kind == scene.Text {
			texts = append(texts, &prims[i])
			continue
		}
		r.prim(&prims[i])
	}
	return texts
}

// flush sends the batched triangles to dst.
func (r *Renderer) flush(dst *ebiten.Image) {
	if len(r.is) == 0 {
		return
	}
	if dst != nil { // nil only when tessellating without a display (tests)
		dst.DrawTriangles32(r.vs, r.is, r.white, &ebiten.DrawTrianglesOptions{})
	}
	r.vs, r.is = r.vs[:0], r.is[:0]
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
	return maxX < r.clipX0-pad || maxY < r.clipY0-pad || minX > r.clipX1+pad || minY > r.clipY1+pad
}

func (r *Renderer) circleOff(c world.Vec, rad float64) bool {
	x, y, rr := c.X*r.scale+r.off.X, c.Y*r.scale+r.off.Y, rad*r.scale+4
	return x+rr < r.clipX0 || y+rr < r.clipY0 || x-rr > r.clipX1 || y-rr > r.clipY1
}

func (r *Renderer) prim(p *scene.Prim) {
	switch p.Kind {
	case scene.Polygon:
		if len(p.Pts) < 2 || r.offscreen(p.Pts, p.Width*r.scale+2) {
			return
		}
		pts := r.simplify(p.Pts, true)
		r.fill(pts, p.Fill, !outlined(p.Style))
		if len(p.Dash) > 0 {
			pts = p.Pts // the pattern follows the true outline
		}
		r.stroke(pts, true, p.Style)
	case scene.Polyline:
		if len(p.Pts) < 2 || r.offscreen(p.Pts, p.Width*r.scale+2) {
			return
		}
		pts := p.Pts
		if len(p.Dash) == 0 {
			pts = r.simplify(pts, false)
		}
		r.stroke(pts, false, p.Style)
	case scene.Segments:
		if len(p.Pts) < 2 || r.offscreen(p.Pts, p.Width*r.scale+2) {
			return
		}
		r.segments(p.Pts, p.Style)
	case scene.Circle:
		if r.circleOff(p.C, p.R) {
			return
		}
		pts := scene.CirclePoints(p.C, p.R, scene.CircleSegments(p.R*r.scale))
		r.fill(pts, p.Fill, !outlined(p.Style))
		r.stroke(pts, true, p.Style)
	case scene.Wedge:
		if r.circleOff(p.C, p.R) {
			return
		}
		pts := scene.WedgePoints(p.C, p.R, p.A0, p.A1, scene.CircleSegments(p.R*r.scale))
		r.fill(pts, p.Fill, !outlined(p.Style))
		r.stroke(pts, true, p.Style)
	case scene.Icon:
		if r.circleOff(p.C, p.R) {
			return
		}
		for _, q := range scene.ExpandIcon(*p) {
			r.prim(&q)
		}
	}
}

// simplifyFrom is the number of points from which an outline is
// simplified before drawing. Shapes the scene builds for normal tables
// (bases, circles sampled to a quarter pixel, hand-drawn terrain) have
// fewer and are drawn exactly as given.
const simplifyFrom = 64

// simplify returns pts without the points that move the outline by under a
// quarter pixel at the current scale (the error CircleSegments allows),
// when it has at least simplifyFrom points; otherwise pts itself.
func (r *Renderer) simplify(pts []world.Vec, closed bool) []world.Vec {
	if len(pts) < simplifyFrom {
		return pts
	}
	r.simple = scene.Simplify(r.simple[:0], pts, closed, 0.25/r.scale)
	return r.simple
}

// vertex appends a vertex in straight-alpha colour c with its alpha
// multiplied by k (0 for the outer edge of a fringe).
func (r *Renderer) vertex(x, y float32, c color.NRGBA, k float32) {
	r.vs = append(r.vs, ebiten.Vertex{DstX: x, DstY: y, SrcX: 1.5, SrcY: 1.5,
		ColorR: float32(c.R) / 255, ColorG: float32(c.G) / 255, ColorB: float32(c.B) / 255, ColorA: float32(c.A) / 255 * k})
}

// maxBatch caps the vertices of one draw call. Ebiten accepts billions on
// 64-bit systems, but a scene with millions of tiny strokes would then
// grow one slice without bound (issue 8: gigabytes copied as it grew);
// 64 Ki vertices (2 MB) keep the calls few for normal scenes and the
// buffers small and reused for huge ones.
const maxBatch = 1 << 16

// room makes sure n more vertices fit in one draw call, drawing the batch
// so far when they would not. It is false only for a shape too big for any
// single call.
func (r *Renderer) room(n int) bool {
	if n >= ebiten.MaxVertexCount {
		return false
	}
	if len(r.vs)+n > maxBatch && len(r.vs) > 0 {
		r.flush(r.dst)
	}
	return true
}

// fill triangulates the polygon pts (table cm) in colour c; fringe adds
// the anti-aliasing ring (only worth it when no outline covers the edge).
func (r *Renderer) fill(pts []world.Vec, c color.NRGBA, fringe bool) {
	if c.A == 0 || len(pts) < 3 {
		return
	}
	r.xs, r.ys = r.xs[:0], r.ys[:0]
	for _, v := range pts {
		x, y := r.pt(v)
		r.xs = append(r.xs, x)
		r.ys = append(r.ys, y)
	}
	r.fillPx(c, fringe && r.AntiAlias)
}

// fillPx triangulates the polygon in r.xs, r.ys (pixels), with a fading
// one-pixel ring outside its edges when fringe is set.
func (r *Renderer) fillPx(c color.NRGBA, fringe bool) {
	n := len(r.xs)
	need := n
	if fringe {
		need = 2 * n
	}
	if n < 3 || !r.room(need) {
		return
	}
	base := uint32(len(r.vs))
	for i := 0; i < n; i++ {
		r.vertex(r.xs[i], r.ys[i], c, 1)
	}
	start := len(r.is)
	r.is = r.ears.clip(r.xs, r.ys, r.is)
	for i := start; i < len(r.is); i++ {
		r.is[i] += base
	}
	if fringe {
		r.fringe(base, c)
	}
}

// fringe adds the anti-aliasing ring around the polygon in r.xs, r.ys
// whose vertices start at index base: each vertex gets a twin one pixel
// outside (along the mitred normal of its two edges) with alpha zero, and
// the quads between the ring's inner and outer edges fade the colour out.
func (r *Renderer) fringe(base uint32, c color.NRGBA) {
	xs, ys := r.xs, r.ys
	n := len(xs)
	area := float32(0)
	for i := 0; i < n; i++ {
		j := (i + 1) % n
		area += xs[i]*ys[j] - xs[j]*ys[i]
	}
	// The interior lies left of each edge direction when area > 0, so the
	// outward normal of direction (dx, dy) is (dy, -dx); else (-dy, dx).
	sgn := float32(1)
	if area < 0 {
		sgn = -1
	}
	normal := func(i, j int) (float32, float32) {
		dx, dy := xs[j]-xs[i], ys[j]-ys[i]
		l := float32(math.Hypot(float64(dx), float64(dy)))
		if l < 1e-4 {
			return 0, 0
		}
		return sgn * dy / l, -sgn * dx / l
	}
	outer := uint32(len(r.vs))
	for i := 0; i < n; i++ {
		ax, ay := normal((i+n-1)%n, i)
		bx, by := normal(i, (i+1)%n)
		mx, my := ax+bx, ay+by
		ml := float32(math.Hypot(float64(mx), float64(my)))
		switch {
		case ml < 1e-3:
			// A spike (or a repeated point): use whichever normal exists.
			mx, my = bx, by
			if mx == 0 && my == 0 {
				mx, my = ax, ay
			}
		default:
			mx, my = mx/ml, my/ml
			// Mitre: the ring keeps a one-pixel width along both edges,
			// limited at sharp corners.
			if d := mx*bx + my*by; d > 0.35 {
				mx, my = mx/d, my/d
			} else {
				mx, my = mx/0.35, my/0.35
			}
		}
		r.vertex(xs[i]+mx, ys[i]+my, c, 0)
	}
	for i := 0; i < n; i++ {
		j := (i + 1) % n
		ii, ij := base+uint32(i), base+uint32(j)
		oi, oj := outer+uint32(i), outer+uint32(j)
		r.is = append(r.is, ii, ij, oj, ii, oj, oi)
	}
}

// quad adds segment a-b as a rectangle of half width hw, extended by hw at
// both ends so that joins and caps are covered. With anti-aliasing the
// rectangle is a solid core with a one-pixel border on each long side
// fading to transparent; lines thinner than a pixel fade from their centre
// with the alpha scaled to their coverage.
func (r *Renderer) quad(ax, ay, bx, by, hw float32, c color.NRGBA) {
	aa := r.AntiAlias
	n := 4
	if aa {
		n = 8
	}
	if !r.room(n) {
		return
	}
	dx, dy := bx-ax, by-ay
	l := float32(math.Hypot(float64(dx), float64(dy)))
	if l < 1e-6 {
		dx, dy, l = 1, 0, 1
	}
	ex, ey := dx/l, dy/l
	ux, uy := ex*hw, ey*hw
	ax, ay, bx, by = ax-ux, ay-uy, bx+ux, by+uy
	base := uint32(len(r.vs))
	if !aa {
		nx, ny := -uy, ux
		r.vertex(ax+nx, ay+ny, c, 1)
		r.vertex(bx+nx, by+ny, c, 1)
		r.vertex(bx-nx, by-ny, c, 1)
		r.vertex(ax-nx, ay-ny, c, 1)
		r.is = append(r.is, base, base+1, base+2, base, base+2, base+3)
		return
	}
	core, k := hw-0.5, float32(1)
	if core < 0 {
		core, k = 0, 2*hw
	}
	edge := hw + 0.5
	// Across the line: outer left (alpha 0), core left, core right, outer
	// right (alpha 0); each at both ends a and b.
	offs := [4]float32{edge, core, -core, -edge}
	alphas := [4]float32{0, k, k, 0}
	nx, ny := -ey, ex
	for i := 0; i < 4; i++ {
		r.vertex(ax+nx*offs[i], ay+ny*offs[i], c, alphas[i])
		r.vertex(bx+nx*offs[i], by+ny*offs[i], c, alphas[i])
	}
	for i := uint32(0); i < 3; i++ {
		a0, b0, a1, b1 := base+2*i, base+2*i+1, base+2*i+2, base+2*i+3
		r.is = append(r.is, a0, b0, b1, a0, b1, a1)
	}
}

// outlined reports whether st draws an opaque, solid outline that hides a
// fill's edge (so the fill needs no fringe of its own).
func outlined(st scene.Style) bool {
	return st.Stroke.A == 255 && st.Width > 0 && len(st.Dash) == 0
}

func (r *Renderer) halfWidth(st scene.Style) float32 {
	return float32(math.Max(st.Width*r.scale, 0.8) / 2)
}

// stroke outlines pts (closed or open) with the style's stroke. Dashes
// are walked lazily, gaps of a pattern too fine to see at this scale are
// bridged and stretches outside the destination are skipped.
func (r *Renderer) stroke(pts []world.Vec, closed bool, st scene.Style) {
	if st.Stroke.A == 0 || st.Width <= 0 || len(pts) < 2 {
		return
	}
	hw := r.halfWidth(st)
	r.walk.Reset(pts, closed, st.Dash, r.bridge(st, hw))
	for a, b, ok := r.walk.Next(); ok; a, b, ok = r.walk.Next() {
		r.segment(a, b, hw, st.Stroke)
	}
}

// bridge is the length (table cm) below which a gap of st's dash pattern
// is closed: dashes whose caps (half width hw px) leave under half a pixel
// between them are drawn as one stroke instead of one quad each.
func (r *Renderer) bridge(st scene.Style, hw float32) float64 {
	if len(st.Dash) == 0 {
		return 0
	}
	return (2*float64(hw) + 0.5) / r.scale
}

// segment adds the quad of a-b (table cm) unless it lies wholly outside
// the destination.
func (r *Renderer) segment(a, b world.Vec, hw float32, c color.NRGBA) {
	ax, ay := r.pt(a)
	bx, by := r.pt(b)
	if r.segmentOff(ax, ay, bx, by, hw) {
		return
	}
	r.quad(ax, ay, bx, by, hw, c)
}

// segmentOff reports whether the stroke of a-b (pixels, half width hw plus
// its anti-aliasing border) misses the destination.
func (r *Renderer) segmentOff(ax, ay, bx, by, hw float32) bool {
	g := hw + 2
	return max(ax, bx)+g < float32(r.clipX0) || max(ay, by)+g < float32(r.clipY0) ||
		min(ax, bx)-g > float32(r.clipX1) || min(ay, by)-g > float32(r.clipY1)
}

// segments strokes the point pairs in pts.
func (r *Renderer) segments(pts []world.Vec, st scene.Style) {
	if st.Stroke.A == 0 || st.Width <= 0 {
		return
	}
	hw := r.halfWidth(st)
	bridge := r.bridge(st, hw)
	for i := 0; i+1 < len(pts); i += 2 {
		ax, ay := r.pt(pts[i])
		bx, by := r.pt(pts[i+1])
		if r.segmentOff(ax, ay, bx, by, hw) {
			continue
		}
		if len(st.Dash) == 0 {
			r.quad(ax, ay, bx, by, hw, st.Stroke)
			continue
		}
		// Walk the pattern only over the part of the segment that can
		// show: skip whole periods up to where it enters the destination
		// and stop where it leaves.
		t0, t1 := r.clipParams(ax, ay, bx, by, hw+2)
		l := pts[i].Dist(pts[i+1])
		r.walk.Reset(pts[i:i+2], false, st.Dash, bridge)
		r.walk.SkipTo(t0 * l)
		for a, b, ok := r.walk.Next(); ok; a, b, ok = r.walk.Next() {
			if a.Dist(pts[i]) > t1*l {
				break
			}
			r.segment(a, b, hw, st.Stroke)
		}
	}
}

// clipParams is the range of t in [0, 1] over which the pixel segment
// a + t(b-a) lies inside the destination grown by pad (Liang-Barsky); t0 >
// t1 when it misses.
func (r *Renderer) clipParams(ax, ay, bx, by, pad float32) (t0, t1 float64) {
	t0, t1 = 0, 1
	dx, dy := float64(bx-ax), float64(by-ay)
	clip := func(p, q float64) {
		switch {
		case p == 0:
			if q < 0 {
				t0, t1 = 1, 0
			}
		case p < 0:
			t0 = math.Max(t0, q/p)
		default:
			t1 = math.Min(t1, q/p)
		}
	}
	g := float64(pad)
	clip(-dx, float64(ax)-(r.clipX0-g))
	clip(dx, r.clipX1+g-float64(ax))
	clip(-dy, float64(ay)-(r.clipY0-g))
	clip(dy, r.clipY1+g-float64(ay))
	return t0, t1
}

// texts adds every label's box to the batch, draws the batch, then the
// glyphs.
func (r *Renderer) texts(dst *ebiten.Image, texts []*scene.Prim) {
	xs := make([]float64, len(texts))
	for i, p := range texts {
		xs[i] = math.NaN()
		size := p.Size * r.scale
		if size < 4 || p.Text == "" || r.fonts == nil {
			continue
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
		if x > r.clipX1 || x+w < r.clipX0 || float64(cy)-size > r.clipY1 || float64(cy)+size < r.clipY0 {
			continue
		}
		xs[i] = x
		if p.Box.A > 0 {
			pad := size * 0.2
			x0, y0 := float32(x-pad), float32(float64(cy)-size*0.6-pad/2)
			x1, y1 := float32(x+w+pad), float32(float64(cy)+size*0.6+pad/2)
			r.xs = append(r.xs[:0], x0, x1, x1, x0)
			r.ys = append(r.ys[:0], y0, y0, y1, y1)
			r.fillPx(p.Box, false)
		}
	}
	r.flush(dst)
	for i, p := range texts {
		if math.IsNaN(xs[i]) {
			continue
		}
		size := p.Size * r.scale
		_, cy := r.pt(p.C)
		r.drawString(dst, p.Text, r.Face(size, p.Bold), xs[i], float64(cy)+size*textfont.BaselineOffset(), p.Fill)
	}
}

// drawString draws s with its baseline starting at (x, y). text/v2 places
// the top of the line box at the origin, so the origin is lifted by the
// face's ascent.
func (r *Renderer) drawString(dst *ebiten.Image, s string, face font.Face, x, y float64, c color.NRGBA) {
	g := r.gox[face]
	if g == nil {
		if r.gox == nil {
			r.gox = map[font.Face]*text.GoXFace{}
		}
		g = text.NewGoXFace(face)
		r.gox[face] = g
	}
	op := &text.DrawOptions{}
	op.GeoM.Translate(x, y-g.Metrics().HAscent)
	op.ColorScale.ScaleWithColor(c)
	text.Draw(dst, s, g, op)
}

// Bounds is the pixel rectangle that drawing p with the transform (a table
// point q at q*scale+off) may touch, including outlines, anti-aliasing
// fringes and label boxes. The window uses it to redraw only the part of
// the screen where something changed.
func (r *Renderer) Bounds(p *scene.Prim, scale float64, off world.Vec) image.Rectangle {
	pad := p.Width*scale + 3
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	grow := func(x, y, d float64) {
		minX, minY = math.Min(minX, x-d), math.Min(minY, y-d)
		maxX, maxY = math.Max(maxX, x+d), math.Max(maxY, y+d)
	}
	switch p.Kind {
	case scene.Text:
		size := p.Size * scale
		if size < 4 || p.Text == "" || r.fonts == nil {
			return image.Rectangle{}
		}
		w := r.fonts.Measure(p.Text, size, p.Bold)
		x, y := p.C.X*scale+off.X, p.C.Y*scale+off.Y
		switch p.Align {
		case scene.AlignCenter:
			x -= w / 2
		case scene.AlignRight:
			x -= w
		}
		grow(x, y, size+2)
		grow(x+w, y, size+2)
	case scene.Circle, scene.Wedge, scene.Icon:
		grow(p.C.X*scale+off.X, p.C.Y*scale+off.Y, p.R*scale+pad)
	default:
		for _, v := range p.Pts {
			grow(v.X*scale+off.X, v.Y*scale+off.Y, pad)
		}
	}
	if minX > maxX {
		return image.Rectangle{}
	}
	return image.Rect(int(math.Floor(minX)), int(math.Floor(minY)), int(math.Ceil(maxX)), int(math.Ceil(maxY)))
}
