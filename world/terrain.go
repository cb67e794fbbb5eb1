package world

import (
	"fmt"
	"math"
)

// Kind names a type of terrain, e.g. "woods". The set of kinds is open: the
// known ones are listed in Kinds, and a ruleset's TerrainRules says what each
// one means. World itself attaches no meaning to a kind.
type Kind string

// Terrain kinds named by the supported rule systems' terrain tables (E40K,
// EA, ATII dangerous types). Scenarios may use exactly these.
const (
	Open          Kind = "open"
	Woods         Kind = "woods"
	Jungle        Kind = "jungle"
	Ruins         Kind = "ruins"
	Rubble        Kind = "rubble"
	Buildings     Kind = "buildings"
	Fortification Kind = "fortification"
	LowFort       Kind = "low-fortification"
	River         Kind = "river"
	Marsh         Kind = "marsh"
	Swamp         Kind = "swamp"
	Scrub         Kind = "scrub"
	Hill          Kind = "hill"
	Cliff         Kind = "cliff"
	Lake          Kind = "lake"
	DeepLake      Kind = "deep-lake"
	Road          Kind = "road"
	Rocks         Kind = "rocks"
	TarPit        Kind = "tar-pit"
	BoilingMud    Kind = "boiling-mud"
	Crevasse      Kind = "crevasse"
	Dunes         Kind = "dunes"
	Ice           Kind = "ice"
	SnowDrift     Kind = "snow-drift"
	Blizzard      Kind = "blizzard"
	DustStorm     Kind = "dust-storm"
	Craters       Kind = "craters"
	MagneticField Kind = "magnetic-field"
	AcidCloud     Kind = "acid-cloud"
	Pipeline      Kind = "pipeline"
	SteepSlope    Kind = "steep-slope"
	Lava          Kind = "lava"
)

// Kinds lists every known terrain kind in a stable order (used by validators,
// legends and docs).
var Kinds = []Kind{
	Open, Woods, Jungle, Ruins, Rubble, Buildings, Fortification, LowFort,
	River, Marsh, Swamp, Scrub, Hill, Cliff, Lake, DeepLake, Road, Rocks,
	TarPit, BoilingMud, Crevasse, Dunes, Ice, SnowDrift, Blizzard, DustStorm,
	Craters, MagneticField, AcidCloud, Pipeline, SteepSlope, Lava,
}

// KnownKind reports whether k is one of Kinds.
func KnownKind(k Kind) bool {
	for _, x := range Kinds {
		if x == k {
			return true
		}
	}
	return false
}

// UnitClass is the movement class a terrain effect is looked up for.
type UnitClass string

// Movement classes used by the terrain tables.
const (
	Infantry  UnitClass = "infantry"
	Vehicle   UnitClass = "vehicle"
	WarEngine UnitClass = "war-engine"
	Titan     UnitClass = "titan"
)

// Passage is what a terrain kind does to a unit class moving through it.
type Passage int

const (
	// Clear terrain has no movement effect.
	Clear Passage = iota
	// Dangerous terrain slows or tests the unit (the ruleset decides how).
	Dangerous
	// Impassable terrain may not be entered.
	Impassable
)

// String names the passage.
func (p Passage) String() string {
	switch p {
	case Clear:
		return "clear"
	case Dangerous:
		return "dangerous"
	case Impassable:
		return "impassable"
	}
	return fmt.Sprintf("passage(%d)", int(p))
}

// TerrainEffect is what one terrain kind means under one ruleset.
type TerrainEffect struct {
	// BlocksLOS: a sight line crossing the feature's interior is blocked
	// (subject to height rules, see LOSOptions).
	BlocksLOS bool
	// Cover: a target partly inside or behind the feature counts as in cover.
	Cover bool
	// Passage per unit class; a class that is absent is Clear.
	Passage map[UnitClass]Passage
	// Height is the kind's height in cm for sight when a feature gives none
	// of its own (Feature.Height); 0: unknown, as tall as anything. It only
	// matters when a check gives both ends a height (LOSOptions).
	Height float64
}

// TerrainRules maps each kind to its effect under a ruleset. Kinds that are
// absent have no effect at all (open ground).
type TerrainRules map[Kind]TerrainEffect

// PassageFor returns how class c passes kind k (Clear when unknown).
func (r TerrainRules) PassageFor(k Kind, c UnitClass) Passage {
	e, ok := r[k]
	if !ok || e.Passage == nil {
		return Clear
	}
	return e.Passage[c]
}

// Feature is one piece of terrain: a simple polygon with a kind and an
// optional height in cm (0 = flat or unspecified).
type Feature struct {
	ID     string
	Name   string
	Kind   Kind
	Poly   []Vec
	Height float64
}

// Label is the feature's name for explanations, or its kind and id.
func (f *Feature) Label() string {
	if f.Name != "" {
		return f.Name
	}
	if f.ID != "" {
		return string(f.Kind) + " " + f.ID
	}
	return string(f.Kind)
}

// ValidatePolygon checks that poly is a usable simple polygon: at least three
// points, finite coordinates, non-zero area, no repeated consecutive points,
// and no two non-adjacent edges intersecting.
func ValidatePolygon(poly []Vec) error {
	n := len(poly)
	if n < 3 {
		return fmt.Errorf("a polygon needs at least 3 points, got %d", n)
	}
	for i, p := range poly {
		if math.IsNaN(p.X) || math.IsNaN(p.Y) || math.IsInf(p.X, 0) || math.IsInf(p.Y, 0) {
			return fmt.Errorf("point %d is not a finite number", i+1)
		}
		if p.Dist(poly[(i+1)%n]) <= Eps {
			return fmt.Errorf("points %d and %d are the same", i+1, (i+1)%n+1)
		}
	}
	if math.Abs(PolygonArea(poly)) <= Eps {
		return fmt.Errorf("polygon has zero area")
	}
	if i, j, bad := firstCrossing(poly); bad {
		return fmt.Errorf("polygon edges %d and %d cross (it must not self-intersect)", i+1, j+1)
	}
	return nil
}

// PolygonArea is the signed area (positive when clockwise on the table,
// i.e. counter-clockwise in maths axes with Y up).
func PolygonArea(poly []Vec) float64 {
	var a float64
	for i := range poly {
		p, q := poly[i], poly[(i+1)%len(poly)]
		a += p.Cross(q)
	}
	return a / 2
}

// PointInPolygon reports whether p is inside poly (even-odd rule; points on
// the boundary may go either way, callers use Eps-tolerant tests where it
// matters).
func PointInPolygon(p Vec, poly []Vec) bool {
	in := false
	n := len(poly)
	for i, j := 0, n-1; i < n; j, i = i, i+1 {
		a, b := poly[i], poly[j]
		if (a.Y > p.Y) != (b.Y > p.Y) {
			x := (b.X-a.X)*(p.Y-a.Y)/(b.Y-a.Y) + a.X
			if p.X < x {
				in = !in
			}
		}
	}
	return in
}

func orient(a, b, c Vec) float64 { return b.Sub(a).Cross(c.Sub(a)) }

func onSegment(a, b, p Vec) bool {
	return math.Min(a.X, b.X)-Eps <= p.X && p.X <= math.Max(a.X, b.X)+Eps &&
		math.Min(a.Y, b.Y)-Eps <= p.Y && p.Y <= math.Max(a.Y, b.Y)+Eps
}

// segmentsIntersect reports whether segments ab and cd share a point.
func segmentsIntersect(a, b, c, d Vec) bool {
	d1, d2 := orient(c, d, a), orient(c, d, b)
	d3, d4 := orient(a, b, c), orient(a, b, d)
	if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) {
		return true
	}
	const z = 1e-12
	switch {
	case math.Abs(d1) <= z && onSegment(c, d, a):
		return true
	case math.Abs(d2) <= z && onSegment(c, d, b):
		return true
	case math.Abs(d3) <= z && onSegment(a, b, c):
		return true
	case math.Abs(d4) <= z && onSegment(a, b, d):
		return true
	}
	return false
}
