package scene

import (
	"math"

	"github.com/auspex/auspex/world"
)

// DashWalk hands out the drawn stretches of a dashed polyline one at a
// time, so a backend can stroke a long outline (or thousands of hatch
// lines) without building every dash as Dash does. With no bridge it
// yields exactly the consecutive point pairs of Dash's pieces, in order.
//
// Bridge (same unit as the points) closes every "off" stretch of the
// pattern shorter than it, provided the line goes on again after it:
// backends pass the length below which the gap between two dashes (after
// their caps) would be under half a pixel, so patterns too fine to see at
// the current scale become one stroke instead of millions of tiny ones.
// The zero value yields nothing; set it up with Reset.
type DashWalk struct {
	pts    []world.Vec
	closed bool // the segment from the last point back to the first is walked
	dash   []float64
	plain  bool // no usable pattern: every segment is drawn whole
	bridge float64

	n        int       // segments to walk
	i        int       // current segment: pts[i] to pts[i+1] (wrapping when closed)
	seg, pos float64   // its length and the position reached along it
	start    world.Vec // where the stretch being drawn began
	idx      int       // current pattern entry
	left     float64   // length still to go in it
	on       bool      // the pattern is "on"
	bridging bool      // an "off" stretch drawn because it is shorter than bridge
	done     float64   // arc length before segment i
	total    float64   // whole length (only computed when bridging)
	// cycle is the length after which the pattern's state repeats (one
	// period, two for an odd number of entries), or 0 unless every gap is
	// bridged: then whole cycles can be skipped at once.
	cycle float64
	// period is the length after which the pattern's state repeats,
	// bridged or not.
	period float64
}

// Reset starts walking pts (closed adds the segment back to the first
// point) with pattern dash, bridging gaps shorter than bridge (0 for the
// exact pattern). An empty or invalid pattern (a negative or NaN entry, or
// a zero total) draws the whole line, as Dash does.
func (w *DashWalk) Reset(pts []world.Vec, closed bool, dash []float64, bridge float64) {
	*w = DashWalk{pts: pts, dash: dash, bridge: bridge}
	total := dashPeriod(dash)
	w.plain = len(dash) == 0 || total <= 0
	if len(pts) < 2 {
		return
	}
	w.n = len(pts) - 1
	// Dash closes a plain line only when it has three points or more, a
	// dashed one always.
	if closed && (len(pts) > 2 || !w.plain) {
		w.closed = true
		w.n++
	}
	if w.plain {
		return
	}
	w.on, w.idx, w.left = true, 0, dash[0]
	w.period = total
	if len(dash)%2 == 1 {
		w.period *= 2
	}
	w.start = pts[0]
	w.seg = pts[0].Dist(w.point(1))
	if bridge > 0 {
		for i := 0; i < w.n; i++ {
			w.total += w.point(i).Dist(w.point(i + 1))
		}
		w.cycle = total
		if len(dash)%2 == 1 {
			w.cycle *= 2
		}
		for k := 1; k < 2*len(dash); k += 2 {
			if d := dash[k%len(dash)]; d >= bridge || d <= 0 {
				w.cycle = 0 // a gap that stays open (or a zero entry, which Next lengthens)
			}
		}
	}
}

// dashPeriod is the length of one period of the pattern dash, or 0 when
// the pattern cannot be used (empty, or with a negative or NaN entry).
func dashPeriod(dash []float64) float64 {
	total := 0.0
	for _, d := range dash {
		if d < 0 || math.IsNaN(d) {
			return 0
		}
		total += d
	}
	return total
}

// point is the i-th point of the walk (the first again at the end of a
// closed line).
func (w *DashWalk) point(i int) world.Vec {
	if i == len(w.pts) {
		return w.pts[0]
	}
	return w.pts[i]
}

// SkipTo moves the walk forward, within the current segment, by whole
// periods of the pattern while the position stays at or before d (arc
// length from the start of the line), without yielding what it passes.
// Backends call it right after Reset with where the line enters the
// visible area, so a long dashed line mostly off screen is not walked
// dash by dash; the dashes that follow lie exactly where they would.
func (w *DashWalk) SkipTo(d float64) {
	if w.plain || w.i >= w.n || !(w.period > 0) {
		return
	}
	room := math.Min(d-w.done, w.seg) - w.pos - w.left
	if k := math.Floor(room / w.period); k >= 1 {
		w.pos += k * w.period
		if w.on || w.bridging {
			w.start = w.point(w.i).Lerp(w.point(w.i+1), w.pos/w.seg)
		}
	}
}

// Next returns the next drawn stretch a-b (each lies on one segment of the
// line); ok is false when the line is done.
func (w *DashWalk) Next() (a, b world.Vec, ok bool) {
	if w.plain {
		if w.i >= w.n {
			return a, b, false
		}
		w.i++
		return w.point(w.i - 1), w.point(w.i), true
	}
	for w.i < w.n {
		pa, pb := w.point(w.i), w.point(w.i+1)
		if w.cycle > 0 && (w.on || w.bridging) {
			// Every gap is bridged, so whole cycles draw solid and end in
			// the state they began in: skip them while at least one more
			// cycle follows both in this segment and on the line (so every
			// skipped gap really was bridged).
			room := math.Min(w.seg-w.pos, w.total-w.done-w.pos) - w.left - w.cycle
			if k := math.Floor(room / w.cycle); k >= 1 {
				w.pos += k * w.cycle
			}
		}
		if w.seg-w.pos > w.left {
			w.pos += w.left
			p := pa.Lerp(pb, w.pos/w.seg)
			drawn := w.on || w.bridging
			w.on = !w.on
			w.idx = (w.idx + 1) % len(w.dash)
			w.left = w.dash[w.idx]
			if w.left <= 0 {
				w.left = 1e-9
			}
			w.bridging = !w.on && w.left < w.bridge && w.done+w.pos+w.left < w.total
			switch {
			case w.on && !drawn:
				w.start = p
			case !w.on && !w.bridging:
				return w.start, p, true
			}
			continue
		}
		w.left -= w.seg - w.pos
		drawn := w.on || w.bridging
		s := w.start
		w.done += w.seg
		w.i++
		w.pos, w.start = 0, pb
		if w.i < w.n {
			w.seg = pb.Dist(w.point(w.i + 1))
		}
		if drawn {
			return s, pb, true
		}
	}
	return a, b, false
}
