package app

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/world"
)

// passBreak is the ID of the empty prim that starts a new drawing pass
// of the HUD (see drawHUD).
const passBreak = "hud:pass"

// breakPass starts a new HUD drawing pass.
func breakPass(out []scene.Prim) []scene.Prim {
	return append(out, scene.Prim{Layer: scene.LayerHUD, Kind: scene.Text, ID: passBreak})
}

// patchFrame redraws only the part of dst where the dynamic layers or the
// HUD changed since the last frame (a ruler's old and new place, say): it
// copies that rectangle back from the cached picture and draws the
// dynamic layers and the HUD clipped to it. It is false, having drawn
// nothing, when the cached picture or its position changed or the change
// covers much of the window (a full frame is then as cheap).
func (a *App) patchFrame(dst *ebiten.Image, hud []scene.Prim) bool {
	set := cachedLayers(a.sc)
	sh, ok := a.cacheShift()
	if !ok || sh != a.drawnShift || !sameLayers(set, a.cacheSet) || !sameLayers(set, a.drawnSet) {
		return false
	}
	_, cd, full := a.updateCache(set)
	if full {
		return false
	}
	rs := []image.Rectangle{cd}
	for _, l := range dynamicLayers(set) {
		rs = append(rs, a.diffRects(a.sc.Layers[l], a.drawnSc.Layers[l], a.cam.Scale, a.cam.Off)...)
	}
	rs = append(rs, a.diffRects(hud, a.lastHUD, 1, world.Vec{})...)
	rs = mergeRects(rs, dst.Bounds())
	area := 0
	for _, r := range rs {
		area += r.Dx() * r.Dy()
	}
	if area > dst.Bounds().Dx()*dst.Bounds().Dy()/2 {
		return false
	}
	for _, r := range rs {
		sub := dst.SubImage(r).(*ebiten.Image)
		a.drawCached(sub, sh, set)
		a.drawHUD(sub, hud)
	}
	return true
}

// mergeRects clips rs to within and merges overlapping rectangles (all of
// them into one when there are many), dropping empty ones.
func mergeRects(rs []image.Rectangle, within image.Rectangle) []image.Rectangle {
	var out []image.Rectangle
	for _, r := range rs {
		if r = r.Intersect(within); !r.Empty() {
			out = append(out, r)
		}
	}
	if len(out) > 32 {
		var u image.Rectangle
		for _, r := range out {
			u = u.Union(r)
		}
		return []image.Rectangle{u}
	}
	for merged := true; merged; {
		merged = false
		for i := 0; i < len(out) && !merged; i++ {
			for j := i + 1; j < len(out); j++ {
				if out[i].Inset(-2).Overlaps(out[j]) {
					out[i] = out[i].Union(out[j])
					out = append(out[:j], out[j+1:]...)
					merged = true
					break
				}
			}
		}
	}
	return out
}

// overlays reports whether the scene shows anything in the layers not
// cached (arcs, rulers, sight lines).
func (a *App) overlays(set []scene.Layer) bool {
	for _, l := range dynamicLayers(set) {
		if len(a.sc.Layers[l]) > 0 {
			return true
		}
	}
	return false
}

// drawCached paints the table onto dst (the screen or a part of it) from
// the cached images shifted by sh: the composed picture when no arc,
// ruler or sight line is shown, else the shapes, those layers, and the
// labels over them.
func (a *App) drawCached(dst *ebiten.Image, sh image.Point, set []scene.Layer) {
	if !a.overlays(set) {
		a.blit(dst, a.composed, sh)
		return
	}
	a.blit(dst, a.cache, sh)
	dyn := dynamicLayers(set)
	a.rend.DrawShapes(dst, a.sc, dyn, a.cam.Scale, a.cam.Off)
	at := a.cacheRect.Add(sh)
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(float64(at.Min.X), float64(at.Min.Y))
	dst.DrawImage(a.labels, op)
	// The labels of rulers and sight lines (their lengths) go over the
	// cached labels: a zone's or a titan's name never hides a measure.
	a.rend.DrawTexts(dst, a.sc, dyn, a.cam.Scale, a.cam.Off)
}

// primsBounds is the pixel rectangle the prims may touch.
func (a *App) primsBounds(ps []scene.Prim, scale float64, off world.Vec) image.Rectangle {
	var r image.Rectangle
	for i := range ps {
		r = r.Union(a.rend.Bounds(&ps[i], scale, off))
	}
	return r
}

// diffBounds is the pixel rectangle where drawing now instead of was
// changes the picture. The lists are matched from both ends; between the
// common head and tail, prims at the same offset that are equal are
// skipped when both middles have the same length, and all of both middles
// count otherwise (something was added or removed).
func (a *App) diffBounds(now, was []scene.Prim, scale float64, off world.Vec) image.Rectangle {
	h := 0
	for h < len(now) && h < len(was) && primsEqual(now[h:h+1], was[h:h+1]) {
		h++
	}
	t := 0
	for t < len(now)-h && t < len(was)-h && primsEqual(now[len(now)-1-t:len(now)-t], was[len(was)-1-t:len(was)-t]) {
		t++
	}
	now, was = now[h:len(now)-t], was[h:len(was)-t]
	if len(now) != len(was) {
		return a.primsBounds(now, scale, off).Union(a.primsBounds(was, scale, off))
	}
	var r image.Rectangle
	for i := range now {
		if !primsEqual(now[i:i+1], was[i:i+1]) {
			r = r.Union(a.rend.Bounds(&now[i], scale, off)).Union(a.rend.Bounds(&was[i], scale, off))
		}
	}
	return r
}

// diffRects is diffBounds as a list: one rectangle per changed primitive
// when the lists changed in place, so that two small changes far apart do
// not make one large rectangle.
func (a *App) diffRects(now, was []scene.Prim, scale float64, off world.Vec) []image.Rectangle {
	if len(now) != len(was) {
		return []image.Rectangle{a.diffBounds(now, was, scale, off)}
	}
	var rs []image.Rectangle
	for i := range now {
		if !primsEqual(now[i:i+1], was[i:i+1]) {
			rs = append(rs, a.rend.Bounds(&now[i], scale, off).Union(a.rend.Bounds(&was[i], scale, off)))
		}
	}
	return rs
}

// updateCache brings the cached picture up to date with the scene for the
// layers in set and returns its shift for the current camera. When only
// some cached primitives changed (a unit selected, a marker added) it
// redraws just the rectangle around them inside the picture and returns
// that rectangle in screen pixels as dmg; full is true when it redrew the
// whole picture (zoom, panned too far, the layer set or much changed).
func (a *App) updateCache(set []scene.Layer) (sh image.Point, dmg image.Rectangle, full bool) {
	sh, ok := a.cacheShift()
	if !ok || !sameLayers(set, a.cacheSet) {
		a.redrawCache(set)
		return image.Point{}, image.Rectangle{}, true
	}
	// In the picture's frame: screen pixels when it was drawn.
	var cd image.Rectangle
	for _, l := range set {
		cd = cd.Union(a.diffBounds(a.sc.Layers[l], a.cachePrims[l], a.cacheScale, a.cacheOff))
	}
	cd = cd.Intersect(a.cacheRect)
	if cd.Empty() {
		return sh, image.Rectangle{}, false
	}
	if cd.Dx()*cd.Dy() > a.cacheRect.Dx()*a.cacheRect.Dy()/2 {
		a.redrawCache(set)
		return image.Point{}, image.Rectangle{}, true
	}
	a.paintCache(cd.Sub(a.cacheRect.Min))
	for _, l := range set {
		a.cachePrims[l] = a.sc.Layers[l]
	}
	return sh, cd.Add(sh), false
}

// shapeLayers are the cached layers whose shapes go into the cached
// picture and whose text goes into the cached labels, in drawing order.
func shapeLayers() []scene.Layer {
	return []scene.Layer{scene.LayerTable, scene.LayerGrid, scene.LayerTerrain, scene.LayerZones, scene.LayerObjectives, scene.LayerHUD, scene.LayerBases}
}

// cachedLayers lists every layer kept in the two cached images: all but
// the arcs, rulers and sight lines, which follow the pointer. The shapes
// go into the picture; the labels and the markers layer (unit labels and
// state markers) into a transparent labels image drawn over the arcs,
// rulers and sight lines, so that no line hides a name.
func cachedLayers(*scene.Scene) []scene.Layer {
	return append(shapeLayers(), scene.LayerMarkers)
}

// dynamicLayers are the layers of sc not in cached, in drawing order.
func dynamicLayers(cached []scene.Layer) []scene.Layer {
	var out []scene.Layer
	for l := scene.Layer(0); l < scene.Layer(scene.NumLayers); l++ {
		in := false
		for _, c := range cached {
			in = in || c == l
		}
		if !in {
			out = append(out, l)
		}
	}
	return out
}

// cacheMargin is how far (device px) the cached picture reaches beyond
// each side of the window, so panning reuses it; kept so the picture stays
// within 4096 px.
func (a *App) cacheMargin() (int, int) {
	mx, my := a.w/4, a.h/4
	mx = max(0, min(mx, (4096-a.w)/2))
	my = max(0, min(my, (4096-a.h)/2))
	return mx, my
}

// cacheShift is how far (whole device px) the camera panned since the
// cache was drawn, and whether the cache still serves the camera: same
// scale, a whole-pixel shift, and the window's part of the scene inside
// the cached picture.
func (a *App) cacheShift() (image.Point, bool) {
	if a.cache == nil || a.cacheScale != a.cam.Scale {
		return image.Point{}, false
	}
	d := a.cam.Off.Sub(a.cacheOff)
	dx, dy := math.Round(d.X), math.Round(d.Y)
	if math.Abs(d.X-dx) > 1e-6 || math.Abs(d.Y-dy) > 1e-6 {
		return image.Point{}, false
	}
	sh := image.Pt(int(dx), int(dy))
	need := image.Rect(0, 0, a.w, a.h).Intersect(a.cacheBounds.Add(sh))
	return sh, need.Empty() || need.In(a.cacheRect.Add(sh))
}

// pxRect is the smallest whole-pixel rectangle around r.
func pxRect(r scene.Rect) image.Rectangle {
	return image.Rect(int(math.Floor(r.Min.X)), int(math.Floor(r.Min.Y)), int(math.Ceil(r.Max.X)), int(math.Ceil(r.Max.Y)))
}

// buildScene rebuilds the scene for the current state. Primitives are kept
// for the area the cached picture covers (the window plus a margin) so
// that panning does not change the scene.
func (a *App) buildScene() {
	var region image.Rectangle
	if _, ok := a.cacheShift(); ok {
		region = a.cacheRect
		// In the cache's frame: screen px at the time it was drawn.
		tl := a.cacheCam().ToWorld(world.Vec{X: float64(region.Min.X), Y: float64(region.Min.Y)})
		br := a.cacheCam().ToWorld(world.Vec{X: float64(region.Max.X), Y: float64(region.Max.Y)})
		a.sc = a.build(scene.Rect{Min: tl, Max: br})
		return
	}
	mx, my := a.cacheMargin()
	tl := a.cam.ToWorld(world.Vec{X: float64(-mx), Y: float64(-my)})
	br := a.cam.ToWorld(world.Vec{X: float64(a.w + mx), Y: float64(a.h + my)})
	a.sc = a.build(scene.Rect{Min: tl, Max: br})
}

// cacheCam is the camera the cache was drawn with.
func (a *App) cacheCam() Camera { return Camera{Scale: a.cacheScale, Off: a.cacheOff} }

// build makes the scene of the current state for the visible table area
// vis.
func (a *App) build(vis scene.Rect) *scene.Scene {
	// The builder sizes text and lines in pixels of its Scale: give it
	// logical pixels so labels keep their physical size on HiDPI screens.
	sc := scene.Build(a.sceneInput(), scene.View{
		Scale: a.cam.Scale / a.dsf, Visible: &vis, Grid: a.grid, EdgeRulers: a.edgeRulers, Legend: a.legend,
		Title: a.title, Measure: a.fonts.Measure,
	})
	if a.play != nil {
		a.play.Decorate(sc)
	}
	return sc
}

// drawTable paints the table (every scene layer) onto dst: the cached
// picture, redrawn first when the camera zoomed, panned out of it, or its
// layers changed, then the dynamic layers.
func (a *App) drawTable(dst *ebiten.Image) {
	set := cachedLayers(a.sc)
	if a.running && a.cache != nil && a.cacheScale != a.cam.Scale && sameLayers(set, a.cacheSet) &&
		(!a.previewing || a.frames-a.zoomedAt < zoomSettle) {
		a.drawZoomPreview(dst, set)
		return
	}
	a.previewing = false
	sh, _, _ := a.updateCache(set)
	a.drawCached(dst, sh, set)
	a.drawnShift, a.drawnSet = sh, set
}

// zoomSettle is how many frames (at 60 per second) the window waits after
// the last zoom step before it redraws the cached picture at the new
// scale; until then the old picture is scaled.
const zoomSettle = 8

// drawZoomPreview draws the cached picture scaled to the current camera
// (blurred or coarse, but in the right place) with the dynamic layers
// exact on top. While the wheel turns, every frame would otherwise redraw
// the whole table; the sharp picture is drawn zoomSettle frames after the
// zoom stops.
func (a *App) drawZoomPreview(dst *ebiten.Image, set []scene.Layer) {
	if !a.previewing || a.previewScale != a.cam.Scale {
		a.zoomedAt, a.previewScale = a.frames, a.cam.Scale
	}
	a.previewing = true
	k := a.cam.Scale / a.cacheScale
	r := a.cacheRect
	x0, y0 := (float64(r.Min.X)-a.cacheOff.X)*k+a.cam.Off.X, (float64(r.Min.Y)-a.cacheOff.Y)*k+a.cam.Off.Y
	fillOutside(dst, image.Rect(int(math.Ceil(x0)), int(math.Ceil(y0)), int(math.Floor(x0+float64(r.Dx())*k)), int(math.Floor(y0+float64(r.Dy())*k))))
	op := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	// A cache pixel c shows the table point (c + rect.Min - cacheOff) /
	// cacheScale, which the camera puts at that point * Scale + Off.
	op.GeoM.Translate(float64(a.cacheRect.Min.X)-a.cacheOff.X, float64(a.cacheRect.Min.Y)-a.cacheOff.Y)
	op.GeoM.Scale(k, k)
	op.GeoM.Translate(a.cam.Off.X, a.cam.Off.Y)
	if !a.overlays(set) {
		dst.DrawImage(a.composed, op)
	} else {
		dst.DrawImage(a.cache, op)
		dyn := dynamicLayers(set)
		a.rend.DrawShapes(dst, a.sc, dyn, a.cam.Scale, a.cam.Off)
		dst.DrawImage(a.labels, op)
		a.rend.DrawTexts(dst, a.sc, dyn, a.cam.Scale, a.cam.Off)
	}
	a.drawnShift, a.drawnSet = image.Pt(math.MinInt32, 0), set
}

// blit copies the cached image im, shifted by sh, into dst (which may be
// a sub-image of the screen) and paints the background where it does not
// reach.
func (a *App) blit(dst, im *ebiten.Image, sh image.Point) {
	at := a.cacheRect.Add(sh)
	fillOutside(dst, at)
	op := &ebiten.DrawImageOptions{Blend: ebiten.BlendCopy}
	op.GeoM.Translate(float64(at.Min.X), float64(at.Min.Y))
	dst.DrawImage(im, op)
}

// paintCache redraws the rectangle r (pixels of the cached images) of the
// cached picture and labels from the scene.
func (a *App) paintCache(r image.Rectangle) {
	off := a.cacheOff.Sub(world.Vec{X: float64(a.cacheRect.Min.X), Y: float64(a.cacheRect.Min.Y)})
	pic := a.cache.SubImage(r).(*ebiten.Image)
	pic.Fill(background())
	a.rend.DrawShapes(pic, a.sc, shapeLayers(), a.cacheScale, off)
	lab := a.labels.SubImage(r).(*ebiten.Image)
	lab.Clear()
	a.rend.DrawTexts(lab, a.sc, shapeLayers(), a.cacheScale, off)
	a.rend.DrawLayers(lab, a.sc, []scene.Layer{scene.LayerMarkers}, a.cacheScale, off)
	// The composed picture: shapes with the labels over them.
	comp := a.composed.SubImage(r).(*ebiten.Image)
	op := &ebiten.DrawImageOptions{Blend: ebiten.BlendCopy}
	comp.DrawImage(a.cache, op)
	comp.DrawImage(a.labels, &ebiten.DrawImageOptions{})
}

// fillOutside paints the background on the part of dst outside at.
func fillOutside(dst *ebiten.Image, at image.Rectangle) {
	screen := dst.Bounds()
	for _, r := range []image.Rectangle{
		image.Rect(screen.Min.X, screen.Min.Y, screen.Max.X, at.Min.Y),
		image.Rect(screen.Min.X, at.Max.Y, screen.Max.X, screen.Max.Y),
		image.Rect(screen.Min.X, at.Min.Y, at.Min.X, at.Max.Y),
		image.Rect(at.Max.X, at.Min.Y, screen.Max.X, at.Max.Y),
	} {
		if r = r.Intersect(screen); !r.Empty() {
			dst.SubImage(r).(*ebiten.Image).Fill(background())
		}
	}
}

// redrawCache draws the layers in set into the cached picture for the
// current camera: the window plus a margin, clipped to the scene.
func (a *App) redrawCache(set []scene.Layer) {
	mx, my := a.cacheMargin()
	// The scene's extent, and labels that hang over its edge.
	bounds := pxRect(scene.Rect{Min: a.cam.ToScreen(a.sc.Bounds.Min), Max: a.cam.ToScreen(a.sc.Bounds.Max)})
	for _, l := range set {
		bounds = bounds.Union(a.primsBounds(a.sc.Layers[l], a.cam.Scale, a.cam.Off))
	}
	r := image.Rect(-mx, -my, a.w+mx, a.h+my).Intersect(bounds)
	if r.Empty() {
		r = image.Rect(0, 0, 1, 1)
	}
	if a.cache == nil || a.cache.Bounds().Size() != r.Size() {
		a.freeCache()
		a.cache = ebiten.NewImage(r.Dx(), r.Dy())
		a.labels = ebiten.NewImage(r.Dx(), r.Dy())
		a.composed = ebiten.NewImage(r.Dx(), r.Dy())
	}
	a.cacheScale, a.cacheOff, a.cacheRect, a.cacheBounds = a.cam.Scale, a.cam.Off, r, bounds
	a.paintCache(a.cache.Bounds())
	a.cacheSet = set
	a.cachePrims = [scene.NumLayers][]scene.Prim{}
	for _, l := range set {
		a.cachePrims[l] = a.sc.Layers[l]
	}
}

func sameLayers(a, b []scene.Layer) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// primsEqual compares two primitive lists field by field.
func primsEqual(a, b []scene.Prim) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		p, q := &a[i], &b[i]
		if p.Layer != q.Layer || p.Kind != q.Kind || p.ID != q.ID || p.C != q.C || p.R != q.R || p.A0 != q.A0 || p.A1 != q.A1 ||
			p.Text != q.Text || p.Size != q.Size || p.Bold != q.Bold || p.Align != q.Align || p.Icon != q.Icon || p.Box != q.Box ||
			p.Fill != q.Fill || p.Stroke != q.Stroke || p.Width != q.Width || len(p.Pts) != len(q.Pts) || len(p.Dash) != len(q.Dash) {
			return false
		}
		for j := range p.Pts {
			if p.Pts[j] != q.Pts[j] {
				return false
			}
		}
		for j := range p.Dash {
			if p.Dash[j] != q.Dash[j] {
				return false
			}
		}
	}
	return true
}

// hudEqual reports whether two HUD frames are the same.
func hudEqual(a, b []scene.Prim) bool { return a != nil && primsEqual(a, b) }
