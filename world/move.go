package world

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
)

// Waypoint is one step of a proposed move: the base's centre goes in a
// straight line to To without changing facing; then, if Turn is set, the base
// pivots on the spot to Facing. A turn on the spot before moving is a
// waypoint whose To is where the base already stands.
type Waypoint struct {
	To     Vec
	Facing float64
	Turn   bool
}

// MoveOptions says what else a move must respect.
type MoveOptions struct {
	// FaceMovement: before each leg the base pivots so that it walks
	// straight ahead or straight back (an automatic turn, reported like any
	// other): a leg up to 90 degrees off its facing is walked forwards,
	// facing along it; one more than 90 degrees off is walked backwards,
	// the base first turning its rear square to the leg unless it is
	// already within BackTolerance of straight back. A sideways step so
	// pays for the turn it takes. Without FaceMovement the base keeps its
	// facing and legs more than 90 degrees off it are walked backwards.
	FaceMovement bool
	// BackTolerance is how far, in degrees, a leg may be off straight back
	// and still be walked backwards without a turn (0:
	// DefaultBackTolerance).
	BackTolerance float64
	// Keepout bases may not be approached closer than KeepoutDist cm, edge
	// to edge (ATII-MOV-6: 10 cm from enemy titans). Exactly KeepoutDist
	// (within Eps) is allowed. A base that starts closer than that to one of
	// them may move away or along but not closer.
	Keepout     []Base
	KeepoutDist float64
	// Blockers are bases the mover may not overlap (more than Eps; base
	// contact is fine). One it already overlaps at the start may not be
	// overlapped more deeply.
	Blockers []Base
	// AllowOffTable: leaving the table is not an illegal move (disengaging
	// titans). Otherwise a base that starts wholly on the table may not put
	// any of its footprint off it (Eps tolerance).
	AllowOffTable bool
}

// DefaultBackTolerance is MoveOptions.BackTolerance when not given: a leg
// within 2 degrees of straight back is straight back.
const DefaultBackTolerance = 2.0

func (o *MoveOptions) backTol() float64 {
	if o.BackTolerance <= 0 {
		return DefaultBackTolerance
	}
	return o.BackTolerance
}

// MoveLeg is one waypoint's part of a move as a whole: the pivot made
// before walking (FaceMovement), the straight walk, then the waypoint's own
// pivot to its Facing. Turns are signed degrees, positive clockwise, in
// (-180, 180]; a ruleset prices them (ATII: atii.TurnCost, one Man per 45
// degrees or part).
type MoveLeg struct {
	Waypoint  int
	From, To  Vec
	Length    float64
	Heading   float64 // the bearing walked; the facing for a turn on the spot
	Backwards bool
	// TurnBefore is the pivot made before walking (0: none), TurnAfter the
	// waypoint's own pivot (0: none).
	TurnBefore, TurnAfter float64
}

// MoveSegment is a stretch of the move over which the same terrain lies
// under the base.
type MoveSegment struct {
	Waypoint   int // the waypoint this stretch heads to
	From, To   Vec
	Start, End float64 // distance along the whole path, cm
	Length     float64
	Facing     float64
	Backwards  bool
	Features   []int  // features the footprint is in, by index
	Kinds      []Kind // their kinds, sorted, each once
	Dangerous  bool   // some of them are dangerous for the class
	Impassable bool   // some of them are impassable for the class
}

// MoveTurn is one pivot on the spot.
type MoveTurn struct {
	Waypoint    int // the waypoint it belongs to
	At          Vec
	PathDist    float64 // distance moved before it, cm
	From, To    float64 // facings before and after
	Degrees     float64 // signed size, positive clockwise, in (-180, 180]
	Auto        bool    // made by FaceMovement to face along the next leg
	InDangerous bool    // the footprint is in dangerous terrain while turning
}

// PathPoint is a place along the move.
type PathPoint struct {
	At       Vec
	PathDist float64
}

// TerrainCross is a feature the move enters, and where.
type TerrainCross struct {
	Feature int
	PathPoint
}

// IllegalMove is the first point at which a move breaks a restriction.
type IllegalMove struct {
	PathPoint
	// Kind is "impassable", "off-table", "keepout" or "overlap".
	Kind string
	// Other is the feature (impassable) or base index in Keepout or
	// Blockers (keepout, overlap) responsible; -1 for off-table.
	Other  int
	Reason string
}

// MoveReport measures a proposed move for a ruleset to price. Rulesets turn
// it into costs and dice; nothing here is rolled.
type MoveReport struct {
	Segments []MoveSegment
	Turns    []MoveTurn
	// Legs has one entry per waypoint, in order, with the turns made for
	// it: what a move preview shows leg by leg.
	Legs []MoveLeg
	// Total, Forward and Backward lengths in cm (Total = Forward + Backward).
	Total, Forward, Backward float64
	// TurnDegrees is the sum of the sizes of all turns.
	TurnDegrees float64
	// DangerousLength is how far the base moves with its footprint in
	// dangerous terrain.
	DangerousLength float64
	// StartsInDangerous: the footprint is in dangerous terrain at the start.
	StartsInDangerous bool
	// FirstDangerous is where dangerous terrain is first entered (the start
	// when StartsInDangerous); nil if never.
	FirstDangerous *PathPoint
	// TurnsInDangerous counts turns made in dangerous terrain.
	TurnsInDangerous int
	// Entered lists every feature the move enters, in path order (features
	// the base starts in are listed at distance 0).
	Entered []TerrainCross
	// Impassable lists entries into impassable terrain, in path order.
	Impassable []TerrainCross
	// Illegal is the first restriction broken, nil if the move is legal.
	Illegal *IllegalMove
	// End is the base where the path ends (even if illegal).
	End Base
}

// Legal reports whether the move breaks no restriction.
func (r *MoveReport) Legal() bool { return r.Illegal == nil }

// Summary explains the report in one line, e.g. "32.0 cm (forward 27.0,
// backward 5.0), 2 turns (135 deg), dangerous from 10.0 cm: Woods".
func (r *MoveReport) Summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%.1f cm", r.Total)
	if r.Backward > 0 {
		fmt.Fprintf(&b, " (forward %.1f, backward %.1f)", r.Forward, r.Backward)
	}
	if n := len(r.Turns); n > 0 {
		fmt.Fprintf(&b, ", %d turn%s (%.0f deg)", n, plural(n), r.TurnDegrees)
	}
	if r.StartsInDangerous {
		b.WriteString(", starts in dangerous terrain")
	} else if r.FirstDangerous != nil {
		fmt.Fprintf(&b, ", dangerous terrain from %.1f cm", r.FirstDangerous.PathDist)
	}
	if r.TurnsInDangerous > 0 {
		fmt.Fprintf(&b, ", %d turn%s in dangerous terrain", r.TurnsInDangerous, plural(r.TurnsInDangerous))
	}
	if r.Illegal != nil {
		b.WriteString("; illegal: " + r.Illegal.Reason)
	}
	return b.String()
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// MeasureMove measures a proposed move of start along path for a unit of
// the given class under rules.
//
// Terrain is judged by the whole footprint: the base enters a feature at
// the point its footprint first overlaps the feature by more than Eps
// (touching the edge is not entering) and is in it while any of its
// footprint is. A leg is backwards when its direction is more than 90
// degrees (ArcEps) from the facing the base has while walking it. A turn is
// in dangerous terrain when the footprint, before or after the turn, is.
// Restrictions (impassable terrain, the table edge, keepout distance,
// overlapping blockers) are checked along the whole path; the first one
// broken is reported, and measuring continues to the end of the path.
func (w *World) MeasureMove(start Base, path []Waypoint, rules TerrainRules, class UnitClass, opt MoveOptions) MoveReport {
	m := mover{w: w, rules: rules, class: class, opt: &opt}
	m.run(start, path)
	return m.r
}

type mover struct {
	w     *World
	rules TerrainRules
	class UnitClass
	opt   *MoveOptions
	r     MoveReport
	dist  float64      // path distance so far
	in    map[int]bool // features the footprint is in now
	onTab bool         // the base started wholly on the table
	start Base         // the base where the move starts
	pen0k []float64    // starting penetration into each keepout zone
	pen0b []float64    // and each blocker (NaN until asked for: most blockers are far from the path)
}

// setIn notes that the footprint is in feature f (making the set on
// first use: most moves never enter terrain).
func (m *mover) setIn(f int) {
	if m.in == nil {
		m.in = make(map[int]bool)
	}
	m.in[f] = true
}

func (m *mover) run(start Base, path []Waypoint) {
	cur := start
	m.start = start
	m.onTab = m.offTableAt(cur) == 0
	// One block for both lists of starting penetrations.
	nk := len(m.opt.Keepout)
	pens := make([]float64, nk+len(m.opt.Blockers))
	m.pen0k, m.pen0b = pens[:0:nk], pens[nk:]
	if len(path) > 0 {
		m.r.Legs = make([]MoveLeg, 0, len(path))
	}
	for _, k := range m.opt.Keepout {
		m.pen0k = append(m.pen0k, m.pen(&cur, &k))
	}
	for i := range m.pen0b {
		m.pen0b[i] = math.NaN()
	}
	for _, f := range m.featuresUnder(cur) {
		m.setIn(f)
		m.r.Entered = append(m.r.Entered, TerrainCross{f, PathPoint{cur.Pos, 0}})
		if m.passage(f) == Impassable {
			m.r.Impassable = append(m.r.Impassable, TerrainCross{f, PathPoint{cur.Pos, 0}})
		}
	}
	if m.dangerousNow() {
		m.r.StartsInDangerous = true
		m.r.FirstDangerous = &PathPoint{cur.Pos, 0}
	}
	for i, wp := range path {
		d := wp.To.Sub(cur.Pos)
		l := d.Len()
		leg := MoveLeg{Waypoint: i, From: cur.Pos, To: wp.To, Heading: cur.Facing}
		if l > Eps {
			dir, want, off, back, turn := m.opt.legTurn(d, cur.Facing)
			if turn {
				leg.TurnBefore = off
				cur = m.turn(i, cur, want, true)
			}
			leg.Length, leg.Heading, leg.Backwards = l, NormDeg(dir), back
			cur = m.leg(i, cur, wp.To, back)
		}
		if off, turn := endTurn(wp, cur.Facing); turn {
			leg.TurnAfter = off
			cur = m.turn(i, cur, wp.Facing, false)
		}
		m.r.Legs = append(m.r.Legs, leg)
	}
	m.r.End = cur
}

// legTurn is how a leg along d (longer than Eps) is walked from facing:
// its bearing dir, whether it is walked backwards, and the automatic
// pivot made first (FaceMovement): to want, by off degrees, when turn.
func (o *MoveOptions) legTurn(d Vec, facing float64) (dir, want, off float64, back, turn bool) {
	dir = Bearing(d)
	rel := RelDeg(dir - facing)
	back = math.Abs(rel) > 90+ArcEps
	if o.FaceMovement {
		tol := ArcEps
		want = dir
		if back {
			want, tol = NormDeg(dir+180), o.backTol()
		}
		if off = RelDeg(want - facing); math.Abs(off) > tol {
			return dir, want, off, back, true
		}
	}
	return dir, 0, 0, back, false
}

// endTurn is the waypoint's own pivot from facing: off degrees, when turn.
func endTurn(wp Waypoint, facing float64) (off float64, turn bool) {
	if wp.Turn && math.Abs(RelDeg(wp.Facing-facing)) > ArcEps {
		return RelDeg(wp.Facing - facing), true
	}
	return 0, false
}

// PathTurns appends to out the pivots a move of start along path makes
// (MeasureMove's Turns, in order, with their Waypoint, At, From, To,
// Degrees and Auto; PathDist and InDangerous left zero), worked out
// without measuring the path: they depend only on the waypoints, the start
// and opt's FaceMovement and BackTolerance.
func PathTurns(start Base, path []Waypoint, opt MoveOptions, out []MoveTurn) []MoveTurn {
	pos, facing := start.Pos, start.Facing
	for i, wp := range path {
		d := wp.To.Sub(pos)
		if d.Len() > Eps {
			if _, want, off, _, turn := opt.legTurn(d, facing); turn {
				out = append(out, MoveTurn{Waypoint: i, At: pos, From: facing, To: NormDeg(want), Degrees: off, Auto: true})
				facing = NormDeg(want)
			}
			pos = wp.To
		}
		if off, turn := endTurn(wp, facing); turn {
			out = append(out, MoveTurn{Waypoint: i, At: pos, From: facing, To: NormDeg(wp.Facing), Degrees: off})
			facing = NormDeg(wp.Facing)
		}
	}
	return out
}

// MoveSurelyIllegal reports whether MeasureMove(start, path, ..., opt)
// surely finds the move illegal, read from where each walked leg ends
// alone, without measuring the path: a leg leaving the table (the same
// test as MeasureMove's), or an end closer to a keepout base or deeper
// into a blocker than the move may come (both bases round: MeasureMove's
// search along a leg tries its end first, so such an end is always
// found). False when unsure; terrain is not read.
func (w *World) MoveSurelyIllegal(start Base, path []Waypoint, opt MoveOptions) bool {
	m := mover{w: w, opt: &opt, start: start}
	onTab := m.offTableAt(start) == 0
	cur := start
	for _, wp := range path {
		d := wp.To.Sub(cur.Pos)
		if d.Len() > Eps {
			if _, want, _, _, turn := opt.legTurn(d, cur.Facing); turn {
				cur.Facing = NormDeg(want)
			}
			p0, p1 := cur.Pos, wp.To
			if !opt.AllowOffTable && onTab {
				f := cur.frame()
				ex, ey := f.r, f.r
				if f.rect {
					ex = f.hw*math.Abs(f.u.X) + f.hh*math.Abs(f.v.X)
					ey = f.hw*math.Abs(f.u.Y) + f.hh*math.Abs(f.v.Y)
				}
				if _, ok := exitBox(p0, p1, ex-Eps, ey-Eps, w.Table.W-ex+Eps, w.Table.H-ey+Eps); ok {
					return true
				}
			}
			if cur.Foot.Shape == Circle {
				end := cur
				end.Pos = p0.Lerp(p1, 1) // as checkLeg moves it
				// pen(end) > max(floor, pen(start)+Eps) (keepLimit,
				// blockLimit), the start read only when the end is close.
				for i := range opt.Keepout {
					k := &opt.Keepout[i]
					if k.Foot.Shape != Circle {
						continue
					}
					if pe := m.pen(&end, k); pe > -opt.KeepoutDist+Eps && pe > m.pen(&start, k)+Eps {
						return true
					}
				}
				for i := range opt.Blockers {
					o := &opt.Blockers[i]
					if o.Foot.Shape != Circle {
						continue
					}
					if pe := m.pen(&end, o); pe > Eps && pe > m.pen(&start, o)+Eps {
						return true
					}
				}
			}
			cur.Pos = p1
		}
		if _, turn := endTurn(wp, cur.Facing); turn {
			cur.Facing = NormDeg(wp.Facing)
		}
	}
	return false
}

func (m *mover) passage(f int) Passage {
	return m.rules.PassageFor(m.w.Features[f].Kind, m.class)
}

func (m *mover) dangerousNow() bool {
	for f := range m.in {
		if m.passage(f) == Dangerous {
			return true
		}
	}
	return false
}

// featuresUnder lists the features the base's footprint overlaps by more
// than Eps, in index order.
func (m *mover) featuresUnder(b Base) []int {
	f := b.frame().shrunk(Eps)
	var out []int
	for i := range m.w.idx.geo {
		if frameMeetsPoly(&f, &m.w.idx.geo[i]) {
			out = append(out, i)
		}
	}
	return out
}

// frameMeetsPoly reports whether the footprint and the polygon share a point.
func frameMeetsPoly(f *frame, g *featGeom) bool {
	br := f.r + f.hw + f.hh
	if f.c.X+br < g.minX || f.c.X-br > g.maxX || f.c.Y+br < g.minY || f.c.Y-br > g.maxY {
		return false
	}
	if PointInPolygon(f.c, g.pts[:len(g.pts)-1]) {
		return true
	}
	for i := 0; i+1 < len(g.pts); i++ {
		if segFrameDist(f, g.pts[i], g.pts[i+1]) <= 0 {
			return true
		}
	}
	return false
}

// turn pivots the base on the spot.
func (m *mover) turn(wp int, cur Base, to float64, auto bool) Base {
	deg := RelDeg(to - cur.Facing)
	after := cur
	after.Facing = NormDeg(to)
	t := MoveTurn{Waypoint: wp, At: cur.Pos, PathDist: m.dist, From: cur.Facing, To: after.Facing, Degrees: deg, Auto: auto}
	// Terrain before and after the turn (a rectangle's footprint changes).
	danger := m.dangerousNow()
	for _, f := range m.featuresUnder(after) {
		if !m.in[f] {
			m.enter(f, PathPoint{cur.Pos, m.dist})
		}
		if m.passage(f) == Dangerous {
			danger = true
		}
	}
	clear(m.in) // run made it; nothing else holds it
	for _, f := range m.featuresUnder(after) {
		m.setIn(f)
	}
	t.InDangerous = danger
	if danger {
		m.r.TurnsInDangerous++
	}
	m.r.Turns = append(m.r.Turns, t)
	m.r.TurnDegrees += math.Abs(deg)
	m.checkStatic(after)
	return after
}

// enter records entering feature f.
func (m *mover) enter(f int, at PathPoint) {
	m.r.Entered = append(m.r.Entered, TerrainCross{f, at})
	switch m.passage(f) {
	case Dangerous:
		if m.r.FirstDangerous == nil {
			p := at
			m.r.FirstDangerous = &p
		}
	case Impassable:
		m.r.Impassable = append(m.r.Impassable, TerrainCross{f, at})
		m.illegal(at, "impassable", f, fmt.Sprintf("enters impassable %s at %.1f cm", m.w.Features[f].Label(), at.PathDist))
	}
}

// illegal records a broken restriction if it is the first along the path.
func (m *mover) illegal(at PathPoint, kind string, other int, reason string) {
	if m.r.Illegal != nil && m.r.Illegal.PathDist <= at.PathDist {
		return
	}
	m.r.Illegal = &IllegalMove{PathPoint: at, Kind: kind, Other: other, Reason: reason}
}

// checkStatic checks the restrictions for the base standing still (after a
// turn).
func (m *mover) checkStatic(b Base) {
	at := PathPoint{b.Pos, m.dist}
	if !m.opt.AllowOffTable && m.onTab && m.offTableAt(b) > Eps {
		m.illegal(at, "off-table", -1, fmt.Sprintf("leaves the table at %.1f cm", at.PathDist))
	}
	for i, k := range m.opt.Keepout {
		if m.pen(&b, &k) > m.keepLimit(i) {
			m.illegal(at, "keepout", i, m.keepReason(i, at))
		}
	}
	for i, o := range m.opt.Blockers {
		if m.pen(&b, &o) > m.blockLimit(i) {
			m.illegal(at, "overlap", i, m.blockReason(i, at))
		}
	}
}

func (m *mover) keepLimit(i int) float64 {
	return max(-m.opt.KeepoutDist+Eps, m.pen0k[i]+Eps)
}

func (m *mover) blockLimit(i int) float64 {
	if math.IsNaN(m.pen0b[i]) {
		m.pen0b[i] = m.pen(&m.start, &m.opt.Blockers[i])
	}
	return max(Eps, m.pen0b[i]+Eps)
}

func (m *mover) keepReason(i int, at PathPoint) string {
	return fmt.Sprintf("comes within %.1f cm of %s at %.1f cm", m.opt.KeepoutDist, baseName(m.opt.Keepout[i], i), at.PathDist)
}

func (m *mover) blockReason(i int, at PathPoint) string {
	return fmt.Sprintf("overlaps %s at %.1f cm", baseName(m.opt.Blockers[i], i), at.PathDist)
}

func baseName(b Base, i int) string {
	if b.ID != "" {
		return b.ID
	}
	return fmt.Sprintf("base %d", i+1)
}

// pen is how deeply b overlaps o (negative: their distance apart). Two
// round bases are penetration's first case, read without their frames.
func (m *mover) pen(b, o *Base) float64 {
	if b.Foot.Shape != Rect && o.Foot.Shape != Rect {
		return b.Foot.Radius + o.Foot.Radius - b.Pos.Dist(o.Pos)
	}
	fb, fo := b.frame(), o.frame()
	return penetration(&fb, &fo)
}

// offTableAt is how far the footprint sticks out past the table edge.
func (m *mover) offTableAt(b Base) float64 {
	f := b.frame()
	ex, ey := f.r, f.r
	if f.rect {
		ex = f.hw*math.Abs(f.u.X) + f.hh*math.Abs(f.v.X)
		ey = f.hw*math.Abs(f.u.Y) + f.hh*math.Abs(f.v.Y)
	}
	t := m.w.Table
	return max(0, ex-b.Pos.X, b.Pos.X+ex-t.W, ey-b.Pos.Y, b.Pos.Y+ey-t.H)
}

// span is an interval of a leg's parameter t in [0,1].
type span struct{ t0, t1 float64 }

// leg moves the base in a straight line to 'to' keeping its facing.
func (m *mover) leg(wp int, cur Base, to Vec, back bool) Base {
	p0, p1 := cur.Pos, to
	v := p1.Sub(p0)
	length := v.Len()
	f := cur.frame().shrunk(Eps)
	// Where the footprint is in each nearby feature.
	reach := f.r + f.hw + f.hh
	type fspan struct {
		f int
		s span
	}
	var spans []fspan
	cuts := []float64{0, 1}
	minX, maxX := min(p0.X, p1.X)-reach, max(p0.X, p1.X)+reach
	minY, maxY := min(p0.Y, p1.Y)-reach, max(p0.Y, p1.Y)+reach
	for i := range m.w.idx.geo {
		g := &m.w.idx.geo[i]
		if g.maxX < minX || g.minX > maxX || g.maxY < minY || g.minY > maxY {
			continue
		}
		for _, s := range sweepPoly(&f, p0, p1, g, i) {
			spans = append(spans, fspan{i, s})
			cuts = append(cuts, s.t0, s.t1)
		}
	}
	sort.Float64s(cuts)
	// Entering events, in order.
	slices.SortFunc(spans, func(a, b fspan) int {
		if a.s.t0 != b.s.t0 {
			return cmp.Compare(a.s.t0, b.s.t0)
		}
		return cmp.Compare(a.f, b.f)
	})
	for _, fs := range spans {
		if fs.s.t0 <= 0 && m.in[fs.f] {
			continue // already in it
		}
		at := p0.Lerp(p1, fs.s.t0)
		m.enter(fs.f, PathPoint{at, m.dist + fs.s.t0*length})
	}
	// Pieces with one set of features each.
	facing := cur.Facing
	for i := 0; i+1 < len(cuts); i++ {
		t0, t1 := cuts[i], cuts[i+1]
		if (t1-t0)*length <= Eps {
			continue
		}
		mid := (t0 + t1) / 2
		seg := MoveSegment{Waypoint: wp, From: p0.Lerp(p1, t0), To: p0.Lerp(p1, t1),
			Start: m.dist + t0*length, End: m.dist + t1*length, Length: (t1 - t0) * length,
			Facing: facing, Backwards: back}
		for _, fs := range spans {
			if fs.s.t0 <= mid && mid <= fs.s.t1 && !containsInt(seg.Features, fs.f) {
				seg.Features = append(seg.Features, fs.f)
			}
		}
		sort.Ints(seg.Features)
		for _, fi := range seg.Features {
			k := m.w.Features[fi].Kind
			if !containsKind(seg.Kinds, k) {
				seg.Kinds = append(seg.Kinds, k)
			}
			switch m.passage(fi) {
			case Dangerous:
				seg.Dangerous = true
			case Impassable:
				seg.Impassable = true
			}
		}
		slices.Sort(seg.Kinds) // each kind once
		if seg.Dangerous {
			m.r.DangerousLength += seg.Length
		}
		m.r.Segments = append(m.r.Segments, seg)
	}
	// Restrictions along the leg.
	m.checkLeg(cur, p0, p1, length)
	m.r.Total += length
	if back {
		m.r.Backward += length
	} else {
		m.r.Forward += length
	}
	m.dist += length
	end := cur
	end.Pos = p1
	clear(m.in)
	for _, fs := range spans {
		if fs.s.t1 >= 1 {
			m.setIn(fs.f)
		}
	}
	return end
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func containsKind(xs []Kind, x Kind) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// checkLeg finds the first point of the leg breaking a restriction.
func (m *mover) checkLeg(cur Base, p0, p1 Vec, length float64) {
	at := func(t float64) PathPoint { return PathPoint{p0.Lerp(p1, t), m.dist + t*length} }
	if !m.opt.AllowOffTable && m.onTab {
		f := cur.frame()
		ex, ey := f.r, f.r
		if f.rect {
			ex = f.hw*math.Abs(f.u.X) + f.hh*math.Abs(f.v.X)
			ey = f.hw*math.Abs(f.u.Y) + f.hh*math.Abs(f.v.Y)
		}
		t := m.w.Table
		// The centre must stay in the table shrunk by the extents (Eps slack).
		if t0, ok := exitBox(p0, p1, ex-Eps, ey-Eps, t.W-ex+Eps, t.H-ey+Eps); ok {
			m.illegal(at(t0), "off-table", -1, fmt.Sprintf("leaves the table at %.1f cm", at(t0).PathDist))
		}
	}
	moved := func(t float64) Base {
		b := cur
		b.Pos = p0.Lerp(p1, t)
		return b
	}
	br := cur.Foot.BoundRadius()
	for i, k := range m.opt.Keepout {
		if d, _ := segDist(k.Pos, p0, p1); d-br-k.Foot.BoundRadius() > m.opt.KeepoutDist {
			continue
		}
		lim := m.keepLimit(i)
		if t, ok := firstAbove(func(t float64) float64 { b := moved(t); return m.pen(&b, &k) }, lim); ok {
			m.illegal(at(t), "keepout", i, m.keepReason(i, at(t)))
		}
	}
	for i, o := range m.opt.Blockers {
		if d, _ := segDist(o.Pos, p0, p1); d-br-o.Foot.BoundRadius() > 0 {
			continue
		}
		lim := m.blockLimit(i)
		if t, hit, ok := rectFirstOverlap(cur, o, p1.Sub(p0), lim); ok {
			if hit {
				m.illegal(at(t), "overlap", i, m.blockReason(i, at(t)))
			}
			continue
		}
		if t, ok := firstAbove(func(t float64) float64 { b := moved(t); return m.pen(&b, &o) }, lim); ok {
			m.illegal(at(t), "overlap", i, m.blockReason(i, at(t)))
		}
	}
}
