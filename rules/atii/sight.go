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
	if c.m == nil || len(c.m) >= maxSightMemo {
		c.m = make(map[sightKey]ShotGeometry, maxSightMemo/8)
	}
	c.m[k] = g
	c.mu.Unlock()
}
