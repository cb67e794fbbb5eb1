package atii

import (
	"slices"
	"sync"

	"github.com/auspex/auspex/world"
)

// moveMemo remembers the last few paths measured on the ruleset's table
// (world.MeasureMove, a pure function of the table, the terrain table
// and its arguments): a legal move is checked, then previewed or
// submitted, a user interface previews the same path frame after frame,
// and each of these asks for the same measurement (refused paths are not
// kept). Entries are compared on every
// argument (start base, path, unit class, options with their bases). The
// reports it hands out are shared: read them, never modify them. It is
// safe for concurrent use; a nil memo remembers nothing.
type moveMemo struct {
	mu   sync.Mutex
	ents [maxMoveMemo]moveEntry
	next int
	// bufs keeps the buffers (*[]world.Base) moves list the other
	// titans' bases in: measure copies what it keeps.
	bufs sync.Pool
}

// basesBuf returns an empty buffer of bases with room for n, to hand
// back with putBases once the measurement is made.
func (m *moveMemo) basesBuf(n int) *[]world.Base {
	if m != nil {
		if b, _ := m.bufs.Get().(*[]world.Base); b != nil && cap(*b) >= n {
			*b = (*b)[:0]
			return b
		}
	}
	b := make([]world.Base, 0, n)
	return &b
}

// putBases keeps b for the next move.
func (m *moveMemo) putBases(b *[]world.Base) {
	if m != nil {
		clear((*b)[:cap(*b)]) // drop the ids the bases point to
		m.bufs.Put(b)
	}
}

// maxMoveMemo is how many measured paths a ruleset remembers.
const maxMoveMemo = 8

type moveEntry struct {
	start world.Base
	path  []world.Waypoint
	class world.UnitClass
	opt   world.MoveOptions
	rep   world.MoveReport
	set   bool
}

func (e *moveEntry) is(start world.Base, path []world.Waypoint, class world.UnitClass, opt *world.MoveOptions) bool {
	o := &e.opt
	return e.set && e.start == start && e.class == class && slices.Equal(e.path, path) &&
		o.FaceMovement == opt.FaceMovement && o.BackTolerance == opt.BackTolerance &&
		o.KeepoutDist == opt.KeepoutDist && o.AllowOffTable == opt.AllowOffTable &&
		slices.Equal(o.Keepout, opt.Keepout) && slices.Equal(o.Blockers, opt.Blockers)
}

// measure is w.MeasureMove through the memo.
func (m *moveMemo) measure(w *world.World, terrain world.TerrainRules, start world.Base, path []world.Waypoint, class world.UnitClass, opt world.MoveOptions) world.MoveReport {
	if m == nil {
		return w.MeasureMove(start, path, terrain, class, opt)
	}
	m.mu.Lock()
	for i := range m.ents {
		if e := &m.ents[i]; e.is(start, path, class, &opt) {
			rep := e.rep
			m.mu.Unlock()
			return rep
		}
	}
	m.mu.Unlock()
	rep := w.MeasureMove(start, path, terrain, class, opt)
	if rep.Illegal != nil {
		return rep // a refused path is not asked for again: not worth a copy
	}
	m.mu.Lock()
	// The entry replaced lends its lists to the new one (nothing outside
	// the memo holds them; is compares them with slices.Equal, for which
	// an empty list is a nil one).
	e := &m.ents[m.next]
	keep, block, p := e.opt.Keepout, e.opt.Blockers, e.path
	e.opt = opt
	e.opt.Keepout = append(keep[:0], opt.Keepout...)
	e.opt.Blockers = append(block[:0], opt.Blockers...)
	e.start, e.path, e.class, e.rep, e.set = start, append(p[:0], path...), class, rep, true
	m.next = (m.next + 1) % maxMoveMemo
	m.mu.Unlock()
	return rep
}
