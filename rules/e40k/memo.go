package e40k

import (
	"slices"
	"sync"

	"github.com/auspex/auspex/world"
)

// geoMemo remembers the answers of the world's two costly pure functions
// on the ruleset's table (fixed for a ruleset): whether a base sees
// another (world.LOS), and whether a unit's straight move is legal among
// the bases near its path (world.MeasureMove). Legal, the candidate
// generator, a command's Validate and its Apply ask the same questions
// of the same positions many times over: a shooting phase (nobody moves)
// lists every firer and target pair at each decision, a move is checked
// when suggested, when filled, when validated and when applied. Entries
// are compared on every argument. It is safe for concurrent use (a search
// explores states on several goroutines) and emptied when full; a nil
// memo remembers nothing.
type geoMemo struct {
	mu    sync.Mutex
	sight map[sightKey]bool
	moves map[moveKey][]moveEntry
	nmove int
	// los are sight-line contexts not in use (a context's scratch
	// buffers make a check several times cheaper than a fresh one).
	los []*world.LOSContext
}

// maxGeoMemo bounds the sight lines and the moves a ruleset remembers.
const maxGeoMemo = 4096

// maxLOSContexts bounds the idle sight-line contexts kept (one per
// goroutine checking at once).
const maxLOSContexts = 8

// sightKey is a firer's base and a target's base (ids cleared: sight
// does not depend on them).
type sightKey struct{ from, to world.Base }

// blocked reports whether LOS from from to to is blocked (the verdict
// shooting reads), through the memo. It draws one sight line: only the
// verdict is read, and it does not depend on how many lines are drawn
// (world.LOSOptions.Samples).
func (m *geoMemo) blocked(w *world.World, terrain world.TerrainRules, from, to world.Base) bool {
	if m == nil {
		return w.LOS(from, to, terrain, world.LOSOptions{Samples: 1}).Verdict == world.LOSBlocked
	}
	from.ID, to.ID = "", ""
	k := sightKey{from, to}
	m.mu.Lock()
	b, ok := m.sight[k]
	var c *world.LOSContext
	if n := len(m.los); !ok && n > 0 {
		c, m.los = m.los[n-1], m.los[:n-1]
	}
	m.mu.Unlock()
	if ok {
		return b
	}
	if c == nil {
		c = w.NewLOSContext()
	}
	b = c.LOS(from, to, terrain, world.LOSOptions{Samples: 1}).Verdict == world.LOSBlocked
	m.mu.Lock()
	if len(m.los) < maxLOSContexts {
		m.los = append(m.los, c)
	}
	if m.sight == nil || len(m.sight) >= maxGeoMemo {
		m.sight = make(map[sightKey]bool, 256)
	}
	m.sight[k] = b
	m.mu.Unlock()
	return b
}

// moveKey is a straight move of a base keeping its facing.
type moveKey struct {
	start world.Base
	to    world.Vec
	class world.UnitClass
}

// moveEntry is a measured move among blockers: "" when legal, else the
// reason it is not.
type moveEntry struct {
	blockers []world.Base
	illegal  string
}

// moveSlack is how far (cm) beyond touching a blocker's bounding circle
// (reach: a rectangle's circle taken generously) must stay from the
// path's to be left out of a move's measurement: a base overlaps another
// only where their footprints meet, so blockers farther away cannot make
// the move illegal, and leaving them out keeps the memo's answer when
// units elsewhere move.
const moveSlack = 1.0

// measureMove checks start's straight move to to among blockers (those
// near the path only, see moveSlack): "" when legal, else the reason.
// The blockers slice may be reordered.
func (m *geoMemo) measureMove(w *world.World, terrain world.TerrainRules, class world.UnitClass, start world.Base, to world.Vec, blockers []world.Base) string {
	near := blockers[:0]
	br := reach(start.Foot) + moveSlack
	for _, b := range blockers {
		if segPointDist(b.Pos, start.Pos, to) <= br+reach(b.Foot) {
			near = append(near, b)
		}
	}
	k := moveKey{start: start, to: to, class: class}
	if m != nil {
		m.mu.Lock()
		for _, e := range m.moves[k] {
			if slices.Equal(e.blockers, near) {
				m.mu.Unlock()
				return e.illegal
			}
		}
		m.mu.Unlock()
	}
	rep := w.MeasureMove(start, []world.Waypoint{{To: to, Facing: start.Facing}}, terrain, class, world.MoveOptions{Blockers: near})
	illegal := ""
	if !rep.Legal() {
		illegal = rep.Illegal.Reason
	}
	if m != nil {
		m.mu.Lock()
		if m.moves == nil || m.nmove >= maxGeoMemo {
			m.moves, m.nmove = make(map[moveKey][]moveEntry, 256), 0
		}
		m.moves[k] = append(m.moves[k], moveEntry{blockers: slices.Clone(near), illegal: illegal})
		m.nmove++
		m.mu.Unlock()
	}
	return illegal
}

// segPointDist is the distance from p to the segment ab.
func segPointDist(p, a, b world.Vec) float64 {
	d := b.Sub(a)
	l2 := d.Dot(d)
	t := 0.0
	if l2 > 0 {
		t = min(max(p.Sub(a).Dot(d)/l2, 0), 1)
	}
	return p.Dist(a.Add(d.Scale(t)))
}
