// Package raster draws a scene into an image with pure Go
// (golang.org/x/image/vector for shapes, golang/freetype for text). It needs
// no display and no cgo, so `auspex render` works on any machine.
package raster

import (
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/render/textfont"
	"github.com/auspex/auspex/world"
)

// MaxPixels bounds the output size so a silly --scale cannot exhaust memory.
const MaxPixels = 100_000_000

// Render draws sc into a new image at the scale it was built for (sc.Scale
// px per cm), covering sc.Bounds. fonts may be nil to skip text.
func Render(sc *scene.Scene, fonts *textfont.Fonts) (*image.RGBA, error) {
	w := int(math.Ceil(sc.Bounds.W() * sc.Scale))
	h := int(math.Ceil(sc.Bounds.H() * sc.Scale))
	if w <= 0 || h <= 0 || float64(w)*float64(h) > MaxPixels {
		return nil, fmt.Errorf("image would be %d x %d px: choose a scale between 1 and about 50 px/cm", w, h)
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	Draw(img, sc, sc.Scale, world.Vec{X: -sc.Bounds.Min.X * sc.Scale, Y: -sc.Bounds.Min.Y * sc.Scale}, fonts)
	return img, nil
}

// WritePNG encodes img as PNG, favouring speed over size.
func WritePNG(w io.Writer, img image.Image) error {
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(w, img); err != nil {
		return fmt.Errorf("encode PNG: %w", err)
	}
	return nil
}

// painter draws primitives into dst with the transform p*scale+off.
type painter struct {
	dst   *image.RGBA
	z     *vector.Rasterizer // reused: Reset clears only the strip in use
	scale float64
	off   world.Vec
	fonts *textfont.Fonts
	// Reused between primitives so strokes allocate nothing per segment.
	pairs []world.Vec
	walk  scene.DashWalk
	mask  *image.Alpha
	strip int    // pixels per strip; stripPixels when 0 (tests set it)
	solid []byte // a row of the opaque colour being painted
}

// Draw paints the primitives of sc into dst, mapping a table point p to the
// pixel p*scale+off. It is used both by Render and by callers compositing
// several scenes (the window's screenshot path uses the same code).
func Draw(dst *image.RGBA, sc *scene.Scene, scale float64, off world.Vec, fonts *textfont.Fonts) {
	p := &painter{dst: dst, scale: scale, off: off, fonts: fonts}
	for l := range sc.Layers {
		for i := range sc.Layers[l] {
			p.prim(&sc.Layers[l][i])
		}
	}
}

func (p *painter) pt(v world.Vec) (float32, float32) {
	return float32(v.X*p.scale + p.off.X), float32(v.Y*p.scale + p.off.Y)
}

func (p *painter) prim(q *scene.Prim) {
	switch q.Kind {
	case scene.Polygon:
		p.fill(q.Pts, q.Fill)
		p.stroke(q.Pts, true, q.Style)
	case scene.Polyline:
		p.stroke(q.Pts, false, q.Style)
	case scene.Segments:
		p.segments(q.Pts, q.Style)
	case scene.Circle:
		pts := scene.CirclePoints(q.C, q.R, scene.CircleSegments(q.R*p.scale))
		p.fill(pts, q.Fill)
		p.stroke(pts, true, q.Style)
	case scene.Wedge:
		pts := scene.WedgePoints(q.C, q.R, q.A0, q.A1, scene.CircleSegments(q.R*p.scale))
		p.fill(pts, q.Fill)
		p.stroke(pts, true, q.Style)
	case scene.Icon:
		for _, e := range scene.ExpandIcon(*q) {
			p.prim(&e)
		}
	case scene.Text:
		p.text(q)
	}
}

// stripPixels bounds the pixels rasterised at once: a path whose box is
// larger is drawn in horizontal strips, each adding the whole path again,
// so a shape covering a huge image needs 8 MB of coverage buffer rather
// than 4 bytes per pixel of its whole box (issue 8: the export of the
// largest scenario peaked at 550 MB).
const stripPixels = 1 << 21

// pathBox is the pixel bounding box of pts grown by pad pixels, clipped
// to the image; ok is false when nothing is visible.
func (p *painter) pathBox(pts []world.Vec, pad float64) (image.Rectangle, bool) {
	minX, minY := math.Inf(1), math.Inf(1)
	maxX, maxY := math.Inf(-1), math.Inf(-1)
	for _, v := range pts {
		x, y := p.pt(v)
		minX = math.Min(minX, float64(x))
		minY = math.Min(minY, float64(y))
		maxX = math.Max(maxX, float64(x))
		maxY = math.Max(maxY, float64(y))
	}
	r := image.Rect(int(math.Floor(minX-pad)), int(math.Floor(minY-pad)), int(math.Ceil(maxX+pad))+1, int(math.Ceil(maxY+pad))+1)
	r = r.Intersect(p.dst.Bounds())
	return r, !r.Empty()
}

// rasterize fills the path that build adds (in pixels less ox, oy) over
// the box r with c, strip by strip when r is large.
func (p *painter) rasterize(r image.Rectangle, c color.NRGBA, build func(z *vector.Rasterizer, ox, oy float32)) {
	strip := p.strip
	if strip <= 0 {
		strip = stripPixels
	}
	rows := max(1, strip/r.Dx())
	for y := r.Min.Y; y < r.Max.Y; y += rows {
		s := image.Rect(r.Min.X, y, r.Max.X, min(y+rows, r.Max.Y))
		if p.z == nil {
			p.z = vector.NewRasterizer(s.Dx(), s.Dy())
		} else {
			p.z.Reset(s.Dx(), s.Dy())
		}
		build(p.z, float32(s.Min.X), float32(s.Min.Y))
		p.paint(s, c)
	}
}

// paint composites the path's coverage in colour c over dst. The
// rasterizer writes its coverage into a reused 8-bit mask with its SIMD
// accumulator, and the loop below applies vector's own "over" formula for
// a uniform source, skipping uncovered pixels and storing fully covered
// opaque ones directly (both exact), which is several times faster than
// the rasterizer's per-pixel 16-bit path on large shapes.
func (p *painter) paint(r image.Rectangle, c color.NRGBA) {
	w, h := r.Dx(), r.Dy()
	if p.mask == nil || cap(p.mask.Pix) < w*h {
		p.mask = image.NewAlpha(image.Rect(0, 0, w, h))
	}
	p.mask.Pix, p.mask.Stride, p.mask.Rect = p.mask.Pix[:w*h], w, image.Rect(0, 0, w, h)
	p.z.DrawOp = draw.Src
	p.z.Draw(p.mask, p.mask.Rect, image.Opaque, image.Point{})
	sr, sg, sb, sa := c.RGBA()
	opaque := sa == 0xffff
	solid := uint32(sr>>8) | uint32(sg>>8)<<8 | uint32(sb>>8)<<16 | 0xff<<24
	if opaque {
		// A row of the colour to copy over runs of full coverage.
		if cap(p.solid) < 4*w {
			p.solid = make([]byte, 4*w)
		}
		p.solid = p.solid[:4*w]
		for i := 0; i < 4*w; i += 4 {
			binary.LittleEndian.PutUint32(p.solid[i:], solid)
		}
	}
	// Per coverage value m: the weight left to the destination and the
	// source's share of each channel (vector's formula with ma = m*0x101).
	var keep, addR, addG, addB, addA [256]uint32
	for m := range 256 {
		ma := uint32(m) * 0x101
		keep[m] = (0xffff - sa*ma/0xffff) * 0x101
		addR[m], addG[m], addB[m], addA[m] = sr*ma, sg*ma, sb*ma, sa*ma
	}
	for y := 0; y < h; y++ {
		row := p.mask.Pix[y*w : y*w+w]
		off := p.dst.PixOffset(r.Min.X, r.Min.Y+y)
		pix := p.dst.Pix[off : off+4*w]
		for x := 0; x < w; {
			if x+8 <= w {
				// Eight uncovered pixels at once, or eight fully covered
				// ones of an opaque colour.
				switch v := binary.LittleEndian.Uint64(row[x:]); {
				case v == 0:
					x += 8
					continue
				case v == ^uint64(0) && opaque:
					// A run of covered pixels: copy the colour over it.
					e := x + 8
					for e+8 <= w && binary.LittleEndian.Uint64(row[e:]) == ^uint64(0) {
						e += 8
					}
					copy(pix[4*x:4*e], p.solid)
					x = e
					continue
				}
			}
			m := row[x]
			i := 4 * x
			x++
			switch {
			case m == 0:
				continue
			case m == 0xff && opaque:
				binary.LittleEndian.PutUint32(pix[i:], solid)
				continue
			}
			q := pix[i : i+4 : i+4]
			k := keep[m]
			q[0] = uint8((uint32(q[0])*k + addR[m]) / 0xffff >> 8)
			q[1] = uint8((uint32(q[1])*k + addG[m]) / 0xffff >> 8)
			q[2] = uint8((uint32(q[2])*k + addB[m]) / 0xffff >> 8)
			q[3] = uint8((uint32(q[3])*k + addA[m]) / 0xffff >> 8)
		}
	}
}

// fill fills the polygon pts with c.
func (p *painter) fill(pts []world.Vec, c color.NRGBA) {
	if c.A == 0 || len(pts) < 3 {
		return
	}
	if p.fillAxisRect(pts, c) {
		return
	}
	r, ok := p.pathBox(pts, 1)
	if !ok {
		return
	}
	p.rasterize(r, c, func(z *vector.Rasterizer, ox, oy float32) {
		x, y := p.pt(pts[0])
		z.MoveTo(x-ox, y-oy)
		for _, v := range pts[1:] {
			x, y := p.pt(v)
			z.LineTo(x-ox, y-oy)
		}
		z.ClosePath()
	})
}

// quad adds the rectangle covering segment a-b with half width hw (pixels),
// extended by hw at both ends so joins and caps are filled. Every quad winds
// the same way so overlaps do not cancel.
func quad(z *vector.Rasterizer, ax, ay, bx, by, hw, ox, oy float32) {
	dx, dy := bx-ax, by-ay
	l := float32(math.Hypot(float64(dx), float64(dy)))
	if l < 1e-6 {
		dx, dy, l = 1, 0, 1
	}
	ux, uy := dx/l*hw, dy/l*hw
	nx, ny := -uy, ux
	ax, ay = ax-ux-ox, ay-uy-oy
	bx, by = bx+ux-ox, by+uy-oy
	z.MoveTo(ax+nx, ay+ny)
	z.LineTo(bx+nx, by+ny)
	z.LineTo(bx-nx, by-ny)
	z.LineTo(ax-nx, ay-ny)
	z.ClosePath()
}

// stroke draws the outline through pts with the style's stroke.
func (p *painter) stroke(pts []world.Vec, closed bool, st scene.Style) {
	if st.Stroke.A == 0 || st.Width <= 0 || len(pts) < 2 {
		return
	}
	hw := p.halfWidth(st)
	p.pairs = p.pairs[:0]
	p.walk.Reset(pts, closed, st.Dash, p.bridge(st, hw))
	for a, b, ok := p.walk.Next(); ok; a, b, ok = p.walk.Next() {
		p.pairs = p.appendVisible(p.pairs, a, b, hw)
	}
	p.strokePairs(p.pairs, st.Stroke, hw)
}

// halfWidth is a stroke's half width in pixels.
func (p *painter) halfWidth(st scene.Style) float64 { return math.Max(st.Width*p.scale/2, 0.35) }

// bridge is the length (table cm) below which a gap of st's dash pattern
// is closed: two dashes whose square caps (half width hw px each) leave
// less than half a pixel between them are drawn as one stroke, which
// changes at most a sub-pixel sliver and spares rasterising every dot of
// a pattern too fine to see at this scale.
func (p *painter) bridge(st scene.Style, hw float64) float64 {
	if len(st.Dash) == 0 {
		return 0
	}
	return (2*hw + 0.5) / p.scale
}

// appendVisible appends the segment a-b to pairs when it is visible.
func (p *painter) appendVisible(pairs []world.Vec, a, b world.Vec, hw float64) []world.Vec {
	if !p.visible(a, b, hw) {
		return pairs
	}
	return append(pairs, a, b)
}

// visible reports whether the stroke of segment a-b (half width hw px plus
// a pixel of anti-aliasing) may touch the image.
func (p *painter) visible(a, b world.Vec, hw float64) bool {
	ax, ay := p.pt(a)
	bx, by := p.pt(b)
	g := float32(hw + 1)
	r := p.dst.Bounds()
	return max(ax, bx)+g >= float32(r.Min.X) && max(ay, by)+g >= float32(r.Min.Y) &&
		min(ax, bx)-g <= float32(r.Max.X) && min(ay, by)-g <= float32(r.Max.Y)
}

// segments strokes the segments given as point pairs.
func (p *painter) segments(pts []world.Vec, st scene.Style) {
	if st.Stroke.A == 0 || st.Width <= 0 || len(pts) < 2 {
		return
	}
	hw := p.halfWidth(st)
	bridge := p.bridge(st, hw)
	p.pairs = p.pairs[:0]
	for i := 0; i+1 < len(pts); i += 2 {
		if len(st.Dash) == 0 {
			p.pairs = p.appendVisible(p.pairs, pts[i], pts[i+1], hw)
			continue
		}
		if !p.visible(pts[i], pts[i+1], hw) {
			continue // the whole segment is off the image: none of its dashes shows
		}
		p.walk.Reset(pts[i:i+2], false, st.Dash, bridge)
		for a, b, ok := p.walk.Next(); ok; a, b, ok = p.walk.Next() {
			p.pairs = p.appendVisible(p.pairs, a, b, hw)
		}
	}
	p.strokePairs(p.pairs, st.Stroke, hw)
}

// strokePairs fills the quads of the segments given as point pairs with c
// (half width hw px) as one path, or one segment at a time when they are
// long and sparse.
func (p *painter) strokePairs(pts []world.Vec, c color.NRGBA, hw float64) {
	if len(pts) < 2 {
		return
	}
	// Long, sparse sets (grid lines, ruler ticks, long hatching) would make
	// the rasterizer sweep their whole bounding box; draw those one segment
	// at a time over each segment's own small box instead.
	if len(pts) > 2 {
		box, sum := pixBox(p, pts), 0.0
		for i := 0; i+1 < len(pts); i += 2 {
			sum += pixBox(p, pts[i:i+2]).area(hw + 1)
		}
		if box.area(hw+1) > 4*sum {
			for i := 0; i+1 < len(pts); i += 2 {
				p.strokePairs(pts[i:i+2], c, hw)
			}
			return
		}
	}
	r, ok := p.pathBox(pts, hw+1)
	if !ok {
		return
	}
	p.rasterize(r, c, func(z *vector.Rasterizer, ox, oy float32) {
		for i := 0; i+1 < len(pts); i += 2 {
			ax, ay := p.pt(pts[i])
			bx, by := p.pt(pts[i+1])
			quad(z, ax, ay, bx, by, float32(hw), ox, oy)
		}
	})
}

// text draws a Text primitive with its optional background box.
func (p *painter) text(q *scene.Prim) {
	size := q.Size * p.scale
	if p.fonts == nil || size < 3 || q.Text == "" {
		return
	}
	w := p.fonts.Measure(q.Text, size, q.Bold)
	cx, cy := p.pt(q.C)
	x := float64(cx)
	switch q.Align {
	case scene.AlignCenter:
		x -= w / 2
	case scene.AlignRight:
		x -= w
	}
	if q.Box.A > 0 {
		pad := size * 0.2
		r := image.Rect(int(math.Floor(x-pad)), int(math.Floor(float64(cy)-size*0.6-pad/2)), int(math.Ceil(x+w+pad)), int(math.Ceil(float64(cy)+size*0.6+pad/2)))
		draw.Draw(p.dst, r, image.NewUniform(q.Box), image.Point{}, draw.Over)
	}
	d := font.Drawer{
		Dst:  p.dst,
		Src:  image.NewUniform(q.Fill),
		Face: p.fonts.Face(size, q.Bold),
		Dot:  fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.Int26_6((float64(cy) + size*textfont.BaselineOffset()) * 64)},
	}
	d.DrawString(q.Text)
}

// fillAxisRect fills pts directly when it is an axis-aligned rectangle on
// whole pixels (tables, margins, legend swatches), which is much faster
// than rasterising it. It reports whether it did.
func (p *painter) fillAxisRect(pts []world.Vec, c color.NRGBA) bool {
	if len(pts) != 4 {
		return false
	}
	var xs, ys [4]float64
	for i, v := range pts {
		x, y := p.pt(v)
		xs[i], ys[i] = float64(x), float64(y)
	}
	whole := func(f float64) bool { return math.Abs(f-math.Round(f)) < 1e-3 }
	for i := range 4 {
		if !whole(xs[i]) || !whole(ys[i]) {
			return false
		}
	}
	rectLike := (xs[0] == xs[3] && xs[1] == xs[2] && ys[0] == ys[1] && ys[2] == ys[3]) ||
		(xs[0] == xs[1] && xs[2] == xs[3] && ys[0] == ys[3] && ys[1] == ys[2])
	if !rectLike {
		return false
	}
	r := image.Rect(int(math.Round(math.Min(xs[0], xs[2]))), int(math.Round(math.Min(ys[0], ys[2]))),
		int(math.Round(math.Max(xs[0], xs[2]))), int(math.Round(math.Max(ys[0], ys[2]))))
	draw.Draw(p.dst, r.Intersect(p.dst.Bounds()), image.NewUniform(c), image.Point{}, draw.Over)
	return true
}

// pbox is a pixel bounding box.
type pbox struct{ x0, y0, x1, y1 float64 }

// area is the box's area grown by pad on every side.
func (b pbox) area(pad float64) float64 { return (b.x1 - b.x0 + 2*pad) * (b.y1 - b.y0 + 2*pad) }

func pixBox(p *painter, pts []world.Vec) pbox {
	b := pbox{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for _, v := range pts {
		x, y := p.pt(v)
		b.x0, b.y0 = math.Min(b.x0, float64(x)), math.Min(b.y0, float64(y))
		b.x1, b.y1 = math.Max(b.x1, float64(x)), math.Max(b.y1, float64(y))
	}
	return b
}
