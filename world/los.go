package world

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// LOSVerdict is the outcome of a line-of-sight check.
type LOSVerdict int

const (
	// LOSClear: the target is in plain view.
	LOSClear LOSVerdict = iota
	// LOSCover: the target can be seen, but enough of it is hidden (or it
	// stands in cover-giving terrain) that it counts as in cover.
	LOSCover
	// LOSBlocked: nothing meaningful of the target can be seen.
	LOSBlocked
)

// String names the verdict: "clear", "cover" or "blocked".
func (v LOSVerdict) String() string {
	switch v {
	case LOSClear:
		return "clear"
	case LOSCover:
		return "cover"
	case LOSBlocked:
		return "blocked"
	}
	return fmt.Sprintf("verdict(%d)", int(v))
}

// Defaults used when an LOSOptions field is zero. They follow ATII's line of
// sight and cover rules (ATII-SHT-4): more than half of the target visible is
// a clear shot; half or more hidden is cover (-1 to hit); seeing only a
// sliver (a foot or a gun barrel) is no line of sight at all.
const (
	DefaultLOSSamples    = 7
	DefaultLOSClearAbove = 0.5
	DefaultLOSMinVisible = 0.25
)

// LOSOptions tunes a line-of-sight check. The zero value gives the ATII
// reading (see the Default constants).
type LOSOptions struct {
	// Samples is the number of sight lines drawn (0: DefaultLOSSamples).
	// They end on points spread evenly across the target's width as seen
	// from the observer: line k ends at the middle of the slice of the
	// footprint at offset (2k+1)/Samples - 1 of its half-width. They are for
	// drawing and explaining: the verdict comes from the exact shares of
	// the whole silhouette (LOSResult.Visible, Seen), whatever Samples is.
	Samples int
	// FromFootprint spreads the observer's end of the lines across its own
	// footprint in the same way (line k to line k, parallel lines). By
	// default every line starts at the observer's centre, as ATII measures
	// from the model's centre.
	FromFootprint bool
	// ClearAbove: the target is clear when the share of it visible
	// (LOSResult.Visible) is above this (0: DefaultLOSClearAbove).
	ClearAbove float64
	// MinVisible: the target is blocked when the share of it seen
	// (LOSResult.Seen) is below this (0: DefaultLOSMinVisible; negative:
	// any of it is enough).
	MinVisible float64
	// InsideSight is how far, in cm, sight passes through blocking terrain
	// that the observer's or the target's end of a line stands in: a model in
	// a wood sees out of it, and is seen in it, through at most this much of
	// that wood. 0 means no limit (the default); a negative value means no
	// allowance at all.
	InsideSight float64
	// ObserverHeight and TargetHeight are the heights, in cm above the
	// table, of the observer's eye and of the target's top (0: the bases'
	// Foot.SightHeight). When both are positive, a feature of known height
	// (its own Height, or else its kind's TerrainEffect.Height) hides, on
	// each sight line, only the part of the target below the highest point
	// its top screens from the eye: low terrain does not hide a tall model,
	// and it hides the lower part of one behind or in it. Otherwise, or with
	// FlatTerrain, heights are ignored and every blocking feature blocks.
	ObserverHeight, TargetHeight float64
	// FlatTerrain ignores every height (the flat reading of area terrain).
	FlatTerrain bool
	// LowBand is the share of the target's height, from the ground up,
	// whose screening LOSResult.LowHidden measures (0: DefaultLOSLowBand).
	LowBand float64
}

// DefaultLOSLowBand: the lower third of a model, a titan's legs.
const DefaultLOSLowBand = 1.0 / 3

func (o LOSOptions) lowBand() float64 {
	if o.LowBand <= 0 {
		return DefaultLOSLowBand
	}
	return o.LowBand
}

// heights returns the eye and target heights of a check, and whether
// heights are in play.
func (o LOSOptions) heights(from, to *Base) (oh, th float64, on bool) {
	oh, th = o.ObserverHeight, o.TargetHeight
	if oh == 0 {
		oh = from.Foot.SightHeight
	}
	if th == 0 {
		th = to.Foot.SightHeight
	}
	return oh, th, !o.FlatTerrain && oh > 0 && th > 0
}

func (o LOSOptions) samples() int {
	if o.Samples <= 0 {
		return DefaultLOSSamples
	}
	return o.Samples
}

func (o LOSOptions) clearAbove() float64 {
	if o.ClearAbove == 0 {
		return DefaultLOSClearAbove
	}
	return o.ClearAbove
}

func (o LOSOptions) minVisible() float64 {
	switch {
	case o.MinVisible == 0:
		return DefaultLOSMinVisible
	case o.MinVisible < 0:
		return 0
	}
	return o.MinVisible
}

// CrossEffect is what one crossing did to a sight line.
type CrossEffect int

const (
	// NoEffect: the terrain neither blocks sight nor gives cover.
	NoEffect CrossEffect = iota
	// Blocks: the crossing blocks the line.
	Blocks
	// Obscures: cover-giving terrain the line passes through; the line
	// still reaches the target but that part of it counts as hidden.
	Obscures
	// SeenOver: blocking or cover terrain the line passes above (heights).
	SeenOver
	// SeenThrough: blocking terrain the observer or target stands in, within
	// InsideSight (it does not block this line).
	SeenThrough
)

// String names the effect.
func (e CrossEffect) String() string {
	switch e {
	case NoEffect:
		return "none"
	case Blocks:
		return "blocks"
	case Obscures:
		return "obscures"
	case SeenOver:
		return "seen over"
	case SeenThrough:
		return "seen through"
	}
	return fmt.Sprintf("effect(%d)", int(e))
}

// LOSCrossing is one crossing of one sight line with its depth and effect.
type LOSCrossing struct {
	Crossing
	Depth  float64 // cm of the line inside the feature
	Effect CrossEffect
}

// SightLine is one sampled line from the observer to the target.
type SightLine struct {
	From, To Vec
	// Blocked: the line does not reach the target. BlockedAt is the point
	// where sight stops, BlockedBy the feature that stops it (-1 if none).
	Blocked   bool
	BlockedAt Vec
	BlockedBy int
	// Obscured: the line reaches the target but part or all of it is hidden
	// (cover-giving terrain, or with heights terrain it is seen over only in
	// part). Hidden is the share of the target's height this line does not
	// see (1 when blocked).
	Obscured  bool
	Hidden    float64
	Crossings []LOSCrossing
}

// FeatureHit sums up what one feature did to the sample lines.
type FeatureHit struct {
	Feature  int // index in World.Features
	Lines    int // lines crossing it
	Blocked  int // lines it blocked
	Obscured int // lines it obscured (and nothing blocked)
	MaxDepth float64
	// Hidden is the share of the target's silhouette this feature hides
	// (where several hide the same part, the one hiding most of it there).
	Hidden float64
}

// LOSResult is a line-of-sight verdict with everything that led to it.
type LOSResult struct {
	Verdict LOSVerdict
	// Visible is the share of the target's silhouette (its width as seen
	// from the observer, times its height when heights are in play) that
	// can be seen clear of any terrain; Seen the share not hidden by
	// blocking terrain. Both are exact, not counts of the sample lines.
	Visible, Seen float64
	// LowHidden is the share of the silhouette's width over which terrain
	// screens the target from below: at least its lower LowBand (a titan's
	// legs) is hidden while its top is still seen. Terrain hiding a slice
	// of the target from top to bottom does not count, nor does anything
	// without heights (every line then is hidden all or nothing).
	LowHidden float64
	Lines     []SightLine
	// Features lists every feature any line crossed, in index order.
	Features []FeatureHit
	// TargetIn lists cover-giving or blocking features that contain the
	// target's centre (the target counts as in cover); ObserverIn those
	// containing the observer's centre.
	TargetIn, ObserverIn []int

	w *World // for feature labels in Reason
}

// Reason explains the verdict in one line the UI can print, e.g.
// "cover: 57% hidden by Woods #3".
func (r *LOSResult) Reason() string {
	hidden := 1 - r.Visible
	who := r.culprits()
	switch r.Verdict {
	case LOSBlocked:
		if who == "" {
			return "blocked"
		}
		return "blocked: " + pct(1-r.Seen) + " hidden by " + who
	case LOSCover:
		var parts []string
		if hidden > 0 && who != "" {
			parts = append(parts, pct(hidden)+" hidden by "+who)
		}
		if len(r.TargetIn) > 0 {
			parts = append(parts, "target inside "+r.labelOf(r.TargetIn[0]))
		}
		if len(parts) == 0 {
			parts = append(parts, pct(hidden)+" hidden")
		}
		return "cover: " + strings.Join(parts, "; ")
	}
	if hidden > 0 && who != "" {
		return "clear: " + pct(r.Visible) + " visible (" + pct(hidden) + " hidden by " + who + ")"
	}
	return "clear: " + pct(r.Visible) + " visible"
}

// pct formats a share as a whole percentage ("%.0f%%" of it, rounded).
func pct(f float64) string { return strconv.FormatFloat(math.Round(f*100), 'f', 0, 64) + "%" }

func (r *LOSResult) labelOf(f int) string {
	if r.w == nil || f < 0 || f >= len(r.w.Features) {
		return fmt.Sprintf("feature %d", f)
	}
	return r.w.Features[f].Label()
}

// culprits names the features that hid lines, most first (at most three).
func (r *LOSResult) culprits() string {
	type c struct {
		label string
		n     float64
	}
	var csArr [8]c // most sight lines pass few features
	cs := csArr[:0]
	for _, h := range r.Features {
		if h.Hidden > 1e-9 {
			cs = append(cs, c{r.labelOf(h.Feature), h.Hidden})
		}
	}
	for i := 1; i < len(cs); i++ {
		for j := i; j > 0 && cs[j].n > cs[j-1].n; j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
	var namesArr [4]string
	names := namesArr[:0]
	for i, x := range cs {
		if i == 3 {
			names = append(names, "others")
			break
		}
		names = append(names, x.label)
	}
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// LOSContext holds reusable buffers for line-of-sight checks, so a caller
// making many checks (the AI, the rules) does not allocate per check. A
// context belongs to one goroutine at a time; the World itself is shared.
// The slices in a result it returns are reused by its next check.
type LOSContext struct {
	w       *World
	lines   []SightLine
	cross   []LOSCrossing
	raw     []Crossing
	hits    []FeatureHit
	hitAt   []int32 // feature -> index in hits + 1, for this check
	tin     []int
	oin     []int
	at      []int
	ends    [][2]Vec
	tips    []Vec
	counts  []int // crossings per line
	masks   []uint64
	fanOut  [][]Crossing
	fan     fanScratch
	fanx    lineFamily  // the lines as a family, for the exact fractions
	cuts    []float64   // offsets where the family's lines change
	cand    []int       // features that may meet the family's lines
	near    []int       // of cand, those that may meet one interval's lines
	reach   []float64   // of cand, the nearest target end that lets it hide something (lowReach)
	lineQ   []lineShare // what each sample line sees, for the exact shares
	famMask bool        // masks lists every feature the family may meet
	noFan   bool        // tests: trace every line on its own
	noReach bool        // tests: trace every feature near an interval (no lowReach, no missesClearly)
	eff     []TerrainEffect
	effOK   []uint32 // feature -> generation its eff entry was filled in
	gen     uint32
}

// NewLOSContext returns a context for checks on w.
func (w *World) NewLOSContext() *LOSContext {
	n := len(w.Features)
	return &LOSContext{w: w, hitAt: make([]int32, n), eff: make([]TerrainEffect, n), effOK: make([]uint32, n)}
}

// LOS checks line of sight from one base to another (see LOSContext.LOS).
// The result owns its slices.
func (w *World) LOS(from, to Base, rules TerrainRules, opt LOSOptions) LOSResult {
	return w.NewLOSContext().LOS(from, to, rules, opt)
}

// LOSToPoint checks line of sight from a base to a point (the UI's LOS tool).
// The point has no width, so one line is drawn to it.
func (w *World) LOSToPoint(from Base, p Vec, rules TerrainRules, opt LOSOptions) LOSResult {
	return w.NewLOSContext().LOS(from, PointBase(p), rules, opt)
}

// LOSBetweenPoints checks line of sight between two points: one line.
func (w *World) LOSBetweenPoints(a, b Vec, rules TerrainRules, opt LOSOptions) LOSResult {
	return w.NewLOSContext().LOS(PointBase(a), PointBase(b), rules, opt)
}

// PointBase is a base of no size at p, for queries from or to a point.
func PointBase(p Vec) Base { return Base{Pos: p, Foot: Footprint{Shape: Circle}} }

// effect returns the rules' effect for feature f, looking each kind up once
// per check.
func (c *LOSContext) effect(rules TerrainRules, f int) *TerrainEffect {
	if c.effOK[f] != c.gen {
		c.eff[f] = rules[c.w.Features[f].Kind]
		c.effOK[f] = c.gen
	}
	return &c.eff[f]
}

// LOS checks line of sight from the observer base to the target base.
//
// Every line from the observer to the target's silhouette is read the same
// way (crossEffect): terrain whose effect BlocksLOS blocks it, unless it is
// terrain the observer stands in (its base overlaps it) or the target's
// centre stands in, seen through for at most InsideSight cm, or, with
// heights, the line passes over it, when it hides only the part of the
// target below what its top screens; terrain whose effect gives Cover (and
// does not block) obscures it. Visible and Seen are the exact shares of
// the silhouette not obscured and not blocked (losexact.go); the sample
// lines drawn (LOSOptions.Samples) follow the same reading. The verdict:
// blocked when Seen is below MinVisible (or nothing); clear when Visible is
// above ClearAbove and the target does not stand in cover-giving or
// blocking terrain (of unknown height, when heights are in play); cover
// otherwise. Features are named by their index in World.Features.
func (c *LOSContext) LOS(from, to Base, rules TerrainRules, opt LOSOptions) LOSResult {
	w := c.w
	c.gen++
	if c.gen == 0 { // wrapped: forget every cached effect
		clear(c.effOK)
		c.gen = 1
	}
	c.lines, c.cross, c.hits = c.lines[:0], c.cross[:0], c.hits[:0]
	c.tin, c.oin = c.tin[:0], c.oin[:0]

	// Sight direction and its perpendicular.
	dir := to.Pos.Sub(from.Pos)
	if l := dir.Len(); l > 0 {
		dir = dir.Scale(1 / l)
	} else {
		dir = Heading(from.Facing)
	}
	perp := Vec{-dir.Y, dir.X}
	ft, fo := to.frame(), from.frame()
	et := ft.extent(perp)
	eo := 0.0
	if opt.FromFootprint {
		eo = fo.extent(perp)
	}
	n := opt.samples()
	if et == 0 && eo == 0 {
		n = 1 // every line would be the same line
	}

	// The lines' ends.
	if cap(c.ends) < n {
		c.ends = make([][2]Vec, n)
		c.tips = make([]Vec, n)
	}
	ends, tips := c.ends[:n], c.tips[:n]
	if cap(c.fan.trs) < n {
		c.fan.trs = make([]tracer, n)
	}
	trs := c.fan.trs[:n] // the lines prepared for traceFan
	fan := eo == 0       // every line starts at the observer's centre and heads forward
	maxLen := 0.0
	for k := range ends {
		s := float64(2*k+1)/float64(n) - 1
		a := from.Pos
		if eo > 0 {
			a = sliceMid(&fo, perp, dir, s*eo)
		}
		b := sliceMid(&ft, perp, dir, s*et)
		ab := b.Sub(a)
		if ab.Dot(dir) <= 0 {
			fan = false
		}
		ends[k], tips[k] = [2]Vec{a, b}, b
		l2 := ab.X*ab.X + ab.Y*ab.Y
		trs[k].a, trs[k].b, trs[k].d, trs[k].l2, trs[k].l = a, b, ab, l2, math.Sqrt(l2)
		maxLen = max(maxLen, trs[k].l)
	}
	// One candidate look-up for the whole fan of lines.
	if len(c.masks) != w.idx.words {
		c.masks = make([]uint64, w.idx.words)
	}
	c.famMask = false
	if fan && n > 1 && !c.noFan {
		lo, hi := tips[0].Sub(from.Pos), tips[n-1].Sub(from.Pos)
		if !ft.rect {
			// The silhouette's ends, so that the mask also lists every
			// feature the exact shares may meet (losexact.go).
			lo, hi = sliceMid(&ft, perp, dir, -et).Sub(from.Pos), sliceMid(&ft, perp, dir, et).Sub(from.Pos)
			maxLen = max(maxLen, lo.Len(), hi.Len())
		}
		fan = lo.Cross(hi) != 0 && lo.Dot(hi) > 0 && w.idx.fanMask(from.Pos, lo, hi, maxLen, c.masks)
		c.famMask = fan && !ft.rect
	} else {
		fan = false
	}
	if fan {
		for len(c.fanOut) < n {
			c.fanOut = append(c.fanOut, nil)
		}
		fan = w.traceFan(trs, c.masks, c.fanOut, &c.fan)
	}

	var hOn bool
	opt.ObserverHeight, opt.TargetHeight, hOn = opt.heights(&from, &to)
	if cap(c.lines) < n {
		c.lines = make([]SightLine, n)
		c.counts = make([]int, n)
		c.lineQ = make([]lineShare, n)
	}
	c.lineQ = c.lineQ[:n]
	lines := c.lines[:n]
	cross := c.cross[:0]
	var fanOut [][]Crossing
	if fan {
		fanOut = c.fanOut[:n]
	}
	counts := c.counts[:n]
	for k := range lines {
		a, b := ends[k][0], ends[k][1]
		var raw []Crossing
		var length float64
		if fan {
			raw, length = fanOut[k], trs[k].l // the same sum
		} else {
			c.raw = w.Trace(a, b, c.raw)
			raw = c.raw
			ab := b.Sub(a)
			length = math.Sqrt(ab.Dot(ab))
		}
		ln := sightLine{fo: &fo, a: a, b: b, length: length}
		line := &lines[k]
		line.From, line.To = a, b
		line.Blocked, line.BlockedAt, line.BlockedBy, line.Obscured, line.Hidden = false, b, -1, false, 0
		c.lineQ[k] = lineShare{by: -1}
		start := len(cross)
		for _, x := range raw {
			eff, qb, qo := c.crossEffect(rules, opt, hOn, x, &ln)
			depth := x.Len(length)
			if qb >= 1 && !line.Blocked {
				line.Blocked = true
				line.BlockedBy = x.Feature
				t := x.TIn
				if (x.TIn == 0 || x.TOut == 1) && opt.InsideSight > 0 && length > 0 {
					t += opt.InsideSight / length // sight reaches this far in
				}
				line.BlockedAt = a.Lerp(b, t)
			}
			if qo > line.Hidden {
				line.Hidden, c.lineQ[k].by = qo, x.Feature
			}
			c.lineQ[k].qb = max(c.lineQ[k].qb, qb)
			cross = append(cross, LOSCrossing{Crossing: x, Depth: depth, Effect: eff})
			h := c.hit(x.Feature)
			h.Lines++
			h.MaxDepth = max(h.MaxDepth, depth)
		}
		counts[k] = len(cross) - start
		c.lineQ[k].qo = line.Hidden
		// Credit the first blocker, or every obscuring feature.
		line.Obscured = !line.Blocked && line.Hidden > 0
		if line.Blocked {
			line.Hidden = 1
			c.hit(line.BlockedBy).Blocked++
		} else if line.Obscured {
			for _, lc := range cross[start:] {
				if lc.Effect == Obscures {
					c.hit(lc.Feature).Obscured++
				}
			}
		}
	}
	// cross no longer moves: hand each line its crossings.
	off := 0
	for k, m := range counts {
		m += off
		lines[k].Crossings = cross[off:m:m]
		off = m
	}
	c.cross, c.lines = cross, lines

	// The fractions, exactly (losexact.go); the sample lines are for drawing.
	visible, seen, low := 1.0, 1.0, 0.0
	if et == 0 && eo == 0 { // a point seen from a point: its one line
		seen, visible = 1-b2f(lines[0].Blocked), 1-lines[0].Hidden
		low = b2f(lines[0].Hidden >= opt.lowBand()-1e-12 && lines[0].Hidden < 1)
	} else {
		c.fanx.setup(from, to, perp, dir, eo, et)
		visible, seen, low = c.exactShares(&c.fanx, rules, opt, hOn)
	}

	// Terrain the bases stand in. When a line runs between the two centres
	// (an odd number of lines, all from the observer's centre), its own
	// crossings say so: the same test that decides what it sees through.
	c.at = c.at[:0]
	if mid := n / 2; n%2 == 1 && eo == 0 && c.lines[mid].To == to.Pos && c.lines[mid].From != to.Pos {
		for _, x := range c.lines[mid].Crossings {
			if x.TOut == 1 {
				c.at = append(c.at, x.Feature)
			}
		}
	} else {
		c.at = w.FeaturesAt(to.Pos, c.at)
	}
	for _, f := range c.at {
		if e := c.effect(rules, f); e.Cover || e.BlocksLOS {
			c.tin = append(c.tin, f)
		}
	}
	c.at = c.at[:0]
	if eo == 0 && c.lines[0].From == from.Pos && c.lines[0].To != from.Pos {
		for _, x := range c.lines[0].Crossings {
			if x.TIn == 0 {
				c.at = append(c.at, x.Feature)
			}
		}
	} else {
		c.at = w.FeaturesAt(from.Pos, c.at)
	}
	for _, f := range c.at {
		if e := c.effect(rules, f); e.Cover || e.BlocksLOS {
			c.oin = append(c.oin, f)
		}
	}
	sortInts(c.tin)
	sortInts(c.oin)
	for _, f := range c.tin {
		c.hit(f) // so Reason can name it
	}
	for i := range c.hits {
		c.hitAt[c.hits[i].Feature] = 0
	}
	sortHits(c.hits)

	r := LOSResult{
		Seen:       seen,
		Visible:    visible,
		LowHidden:  low,
		Lines:      c.lines,
		Features:   c.hits,
		TargetIn:   c.tin,
		ObserverIn: c.oin,
		w:          w,
	}
	const tiny = 1e-12
	switch {
	case r.Seen < opt.minVisible()-tiny || r.Seen == 0:
		r.Verdict = LOSBlocked
	case r.Visible > opt.clearAbove()+tiny && !c.standsInCover(rules, hOn):
		r.Verdict = LOSClear
	default:
		r.Verdict = LOSCover
	}
	return r
}

// hit returns the summary entry for feature f, adding it if needed.
func (c *LOSContext) hit(f int) *FeatureHit {
	if i := c.hitAt[f]; i > 0 {
		return &c.hits[i-1]
	}
	c.hits = append(c.hits, FeatureHit{Feature: f})
	c.hitAt[f] = int32(len(c.hits))
	return &c.hits[len(c.hits)-1]
}

func sortInts(x []int) {
	for i := 1; i < len(x); i++ {
		for j := i; j > 0 && x[j] < x[j-1]; j-- {
			x[j], x[j-1] = x[j-1], x[j]
		}
	}
}

func sortHits(h []FeatureHit) {
	for i := 1; i < len(h); i++ {
		for j := i; j > 0 && h[j].Feature < h[j-1].Feature; j-- {
			h[j], h[j-1] = h[j-1], h[j]
		}
	}
}

// standsInCover reports whether the target stands in terrain that puts it
// in cover whatever can be seen of it: cover-giving or blocking terrain
// containing its centre, except, when heights are in play, terrain of known
// height (how much of the target that hides is already in the fractions).
func (c *LOSContext) standsInCover(rules TerrainRules, hOn bool) bool {
	for _, f := range c.tin {
		if !hOn || c.featureHeight(c.effect(rules, f), f) <= 0 {
			return true
		}
	}
	return false
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// sliceMid returns the middle of the footprint's slice along dir at offset
// o along perp (|o| below the footprint's extent on perp).
func sliceMid(f *frame, perp, dir Vec, o float64) Vec {
	p := f.c.Add(perp.Scale(o))
	if !f.rect {
		return p
	}
	// Local coordinates along the line p + dir*l: x = px + dx*l, y = py + dy*l.
	rel := p.Sub(f.c)
	px, py := rel.Dot(f.u), rel.Dot(f.v)
	dx, dy := dir.Dot(f.u), dir.Dot(f.v)
	lo, hi := math.Inf(-1), math.Inf(1)
	slab := func(p, d, h float64) {
		if math.Abs(d) < 1e-12 {
			return
		}
		a, b := (-h-p)/d, (h-p)/d
		lo, hi = max(lo, min(a, b)), min(hi, max(a, b))
	}
	slab(px, dx, f.hw)
	slab(py, dy, f.hh)
	if math.IsInf(lo, 0) || math.IsInf(hi, 0) || lo > hi {
		return p
	}
	return p.Add(dir.Scale((lo + hi) / 2))
}
