package atii

import (
	"math"
	"sync"

	"github.com/auspex/auspex/rules"
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

// sightKey is one pair measured under one sight option. The bases are
// kept as the bits of what measureShot reads of them (not their ids,
// which no measurement reads), so that the key hashes as plain memory.
type sightKey struct {
	firer, target sightBase
	flat          uint64 // 1: OptFlatTerrainSight
}

// sightBase is a base's position, facing and footprint, as bits.
type sightBase struct {
	x, y, facing, r, w, h, sight uint64
	shape                        world.Shape
}

func sightBaseOf(b world.Base) sightBase {
	return sightBase{x: math.Float64bits(b.Pos.X), y: math.Float64bits(b.Pos.Y), facing: math.Float64bits(b.Facing),
		r: math.Float64bits(b.Foot.Radius), w: math.Float64bits(b.Foot.W), h: math.Float64bits(b.Foot.H),
		sight: math.Float64bits(b.Foot.SightHeight), shape: b.Foot.Shape}
}

func newSightKey(firer, target world.Base, flat bool) sightKey {
	k := sightKey{firer: sightBaseOf(firer), target: sightBaseOf(target)}
	if flat {
		k.flat = 1
	}
	return k
}

// maxSightMemo bounds the pairs a ruleset remembers (about 300 KB: the
// lines of a few positions, small enough to stay in cache).
const maxSightMemo = 1024

// sightMemoStart is the pairs a new memo has room for: a map of 128
// slots (a hint of 128 would take 256), room for the lines most
// ten-titan games measure before a memo is emptied (a random
// battlegroup playout measures under 128 pairs).
const sightMemoStart = 112

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
		c.m = make(map[sightKey]ShotGeometry, sightMemoStart)
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

// Sight is the line of sight from firer to target as a shot between them
// measures it (ATII-SHT-2: blocked, clear or half or more hidden, the
// to-hit modifier for cover; ATII-SHT-3: legs hidden), from the ruleset's
// sight memo (safe for concurrent use). Arcs are not measured: InArc is
// always true. Errors: the game's options cannot be read.
func (r *Ruleset) Sight(s *rules.State, firer, target *rules.Unit) (ShotGeometry, error) {
	opts, err := r.options(s)
	if err != nil {
		return ShotGeometry{}, err
	}
	return measureShotIn(r.w, r.terrain, "", arcIn, r.base(firer), r.base(target), opts, r.sight)
}
