package atii

import (
	"sync"

	"github.com/auspex/auspex/world"
)

// sightMemo remembers the sight facts of firer -> target pairs (range,
// line of sight, cover, the side struck): they depend only on the two
// bases and the table, which is fixed for a ruleset, so a shooting phase
// (where titans stand still), Legal, a shot's preview and its
// application measure each pair once. It is a cache of a pure function,
// safe for concurrent use (a search explores states on several
// goroutines); it is emptied when it holds maxSightMemo pairs. A nil memo
// remembers nothing.
type sightMemo struct {
	mu sync.Mutex
	m  map[sightKey]ShotGeometry
	// ctxs keeps line-of-sight contexts (*losCtx, their buffers) for the
	// lines the memo does not have.
	ctxs sync.Pool
}

// sightKey is one pair measured under one sight option.
type sightKey struct {
	firer, target world.Base
	flat          bool
}

// maxSightMemo bounds the pairs a ruleset remembers (about 300 KB: the
// lines of a few positions, small enough to stay in cache).
const maxSightMemo = 1024

// sightCache is the memo measureShot reads and fills (nil: none).
type sightCache = *sightMemo

func (c *sightMemo) get(k sightKey) (ShotGeometry, bool) {
	if c == nil {
		return ShotGeometry{}, false
	}
	c.mu.Lock()
	g, ok := c.m[k]
	c.mu.Unlock()
	return g, ok
}

func (c *sightMemo) put(k sightKey, g ShotGeometry) {
	if c == nil {
		return
	}
	c.mu.Lock()
	switch {
	case c.m == nil:
		c.m = make(map[sightKey]ShotGeometry, maxSightMemo/8)
	case len(c.m) >= maxSightMemo:
		clear(c.m) // keeps the map's room
	}
	c.m[k] = g
	c.mu.Unlock()
}

// losCtx is a line-of-sight context with the table it measures on.
type losCtx struct {
	w  *world.World
	lc *world.LOSContext
}

// context returns a line-of-sight context on w, one the memo kept when it
// has one (a fresh one without a memo). Hand it back with release once
// the result it gave is read: the result's slices belong to it.
func (c *sightMemo) context(w *world.World) *losCtx {
	if c != nil {
		if x, _ := c.ctxs.Get().(*losCtx); x != nil && x.w == w {
			return x
		}
	}
	return &losCtx{w: w, lc: w.NewLOSContext()}
}

// release keeps x for the next line.
func (c *sightMemo) release(x *losCtx) {
	if c != nil {
		c.ctxs.Put(x)
	}
}
