// Package catalog holds unit and weapon profiles as plain data: the shapes
// every ruleset reads and the assets loader fills from the data files under
// assets/catalog. It is pure Go (standard library only) and does no I/O.
//
// Profiles are generic across systems; fields a system does not use stay
// zero. System-specific tables (ATII hit locations, mounts) are typed fields
// rather than free-form maps so that validation and rules code are checked
// by the compiler.
package catalog

import (
	"fmt"

	"github.com/auspex/auspex/world"
)

// System identifies a rule system: "atii", "e40k", "ea", "epic3".
type System string

// Supported systems.
const (
	ATII  System = "atii"
	E40K  System = "e40k"
	EA    System = "ea"
	Epic3 System = "epic3"
)

// Catalogue is every unit and weapon profile Auspex knows, keyed by id.
type Catalogue struct {
	Units   map[string]*Unit
	Weapons map[string]*Weapon
	// Armies are the army lists (E40K: strategy rating and detachment
	// templates), keyed by id; nil or empty when no file declares any.
	Armies map[string]*Army
	// Extra are the files from outside the build (a player's own
	// datasheets) this catalogue extends the built-in one with, in the
	// order they were applied. Saves keep copies of them, so a game made
	// with them replays where the files are gone.
	Extra []Source
}

// Unit is one unit type's profile.
type Unit struct {
	ID     string
	Name   string
	System System
	// Class is the movement class (infantry, vehicle, war-engine, titan).
	Class world.UnitClass
	// TitanClass is "scout", "battle" or "emperor" for ATII titans.
	TitanClass string
	// Base is the footprint of the model's base.
	Base world.Footprint
	// Points is the unit's points cost (0 when unknown).
	Points int

	// Speed in cm.
	Speed float64
	// Man is the ATII Manoeuvre value.
	Man int
	// Gunnery and CCSkill are D6 targets ("4+" is 4).
	Gunnery, CCSkill int
	// VoidShields is the number of void shields (ATII) or shields (E40K/EA).
	VoidShields int
	// RepairDice is the number of ATII repair dice.
	RepairDice int
	// ImprovisedAttacks is the ATII improvised attack count as dice text:
	// "1", "D3", "D3+2".
	ImprovisedAttacks string
	// Mounts are the weapon hardpoints, in sheet order.
	Mounts []Mount
	// Forbidden lists weapon ids the unit may never carry (class-wide rule).
	Forbidden []string
	// ForbiddenKinds lists weapon kinds it may never carry ("close-combat").
	ForbiddenKinds []WeaponKind
	// HitTables are the ATII location tables by attack direction.
	HitTables map[Direction][]HitRow

	// E40K/EA style stats (0 when unused).
	Armour      int
	Assault     int // E40K assault value
	Firepower   int // E40K firepower
	CC, FF      int // EA close combat and firefight (D6 targets)
	DamageCap   int // war engine damage capacity
	Specials    []string
	DefaultArms []string // default weapon ids for non-titan units

	// HQ marks a unit that may command an E40K detachment (E40K-CMD-1).
	HQ bool
	// Transport is how many infantry stands the unit carries (0 = none).
	Transport int
	// Flyer marks an E40K flyer; Intercept and DogfightGunnery are its
	// Dogfight value "X/Y" (digest 8.6).
	Flyer                      bool
	Intercept, DogfightGunnery int
	// Placeholder marks a profile whose values are stand-ins, not taken
	// from a published source (see docs/rules/e40k-armies.md).
	Placeholder bool
	// Catastrophic is an E40K war engine's catastrophic damage table
	// (rolled on a D6 when its damage capacity reaches 0; digest 8.5).
	Catastrophic *CatastrophicTable
}

// CatastrophicTable is an E40K war engine's catastrophic damage table.
type CatastrophicTable struct {
	// Placeholder marks a stand-in table (no published one was found).
	Placeholder bool
	// Rows cover the D6 rolls 1..6 exactly once.
	Rows []CatastrophicRow
}

// CatastrophicRow is one result of a catastrophic damage table.
type CatastrophicRow struct {
	Min, Max int
	Name     string
	// Radius is how far the result reaches from the war engine's base
	// edge, in cm, as dice text ("D6", "2D6", "3"); empty: nowhere.
	Radius string
	// Hits: each other unit within Radius suffers a hit (a D6 equal to or
	// above its armour destroys it; a war engine loses a shield or a point
	// of damage capacity).
	Hits bool
	// Markers are the blast markers placed on each detachment with a unit
	// within Radius.
	Markers int
	// Text is the result as shown to the players.
	Text string
}

// Mount is a weapon hardpoint.
type Mount struct {
	ID   string // e.g. "left-arm"
	Name string // e.g. "Left Arm"
	// Location is the hit-location name this mount maps to: "arm" or "carapace".
	Location string
	Arc      string // ATII arc code: AR, A, F, LA, RA, LF, RF, R, RF180
	// Forbidden weapon ids and kinds on this mount in addition to the unit's.
	Forbidden      []string
	ForbiddenKinds []WeaponKind
	// Default is the weapon id fitted when a scenario names none.
	Default string
}

// Direction is the quadrant an attack comes from.
type Direction string

// Attack directions for hit-location tables.
const (
	Front Direction = "front"
	Side  Direction = "side"
	Rear  Direction = "rear"
)

// HitRow is one row of a hit-location table: modified D6 rolls Min..Max hit
// Location with Armour. Location is one of legs, vsg, head, reactor, arm,
// carapace ("arm"/"carapace" mean the weapon of that kind closest to the
// attacker).
type HitRow struct {
	Min, Max int
	Location string
	Armour   int
}

// WeaponKind separates guns, close combat weapons and missiles.
type WeaponKind string

// Weapon kinds.
const (
	Gun            WeaponKind = "gun"
	CloseCombat    WeaponKind = "close-combat"
	SupportMissile WeaponKind = "support-missile"
)

// Weapon is one weapon profile.
type Weapon struct {
	ID     string
	Name   string
	System System
	Kind   WeaponKind
	// Range in cm; 0 with Unlimited for support missiles.
	Range     float64
	Unlimited bool
	// FP is the E40K firepower text ("8", "Death Ray", "Heavy Barrage").
	FP string
	// Acc is the accuracy modifier to the to-hit roll.
	Acc int
	// RoF is the rate of fire as dice text ("4", "D6").
	RoF string
	// Str is the ATII strength.
	Str int
	// Swiftness and Attacks for close combat weapons.
	Swiftness, Attacks int
	// Specials are rule tags, e.g. "inferno", "overload", "quake", "death-ray",
	// "tear", "once-per-battle", "ignores-shields".
	Specials []string
	// Notes is free text shown to the user.
	Notes string
	// AP, AT are EA/E40K to-hit values (0 = none); MW marks macro-weapons.
	AP, AT int
	MW     bool
	// Placeholder marks a profile whose values are stand-ins.
	Placeholder bool
	// Template is the diameter (cm) of the barrage template an E40K
	// barrage, heavy barrage or mega-cannon shot places; 0 covers only
	// the unit it is centred on.
	Template float64
}

// HasSpecial reports whether the weapon carries the tag.
func (w *Weapon) HasSpecial(tag string) bool {
	for _, s := range w.Specials {
		if s == tag {
			return true
		}
	}
	return false
}

// UnitIDs returns the unit ids in sorted order.
func (c *Catalogue) UnitIDs() []string { return sortedKeys(c.Units) }

// Unit looks up a unit profile, with an error naming the id when absent.
func (c *Catalogue) Unit(id string) (*Unit, error) {
	u, ok := c.Units[id]
	if !ok {
		return nil, fmt.Errorf("unknown unit type %q", id)
	}
	return u, nil
}

// Weapon looks up a weapon profile, with an error naming the id when absent.
func (c *Catalogue) Weapon(id string) (*Weapon, error) {
	w, ok := c.Weapons[id]
	if !ok {
		return nil, fmt.Errorf("unknown weapon %q", id)
	}
	return w, nil
}

// CanMount reports whether weapon w may be fitted to mount m of unit u,
// with the reason when it may not.
func (u *Unit) CanMount(m *Mount, w *Weapon) error {
	if w.System != u.System {
		return fmt.Errorf("%s is a %s weapon, %s is a %s unit", w.Name, w.System, u.Name, u.System)
	}
	for _, f := range u.Forbidden {
		if f == w.ID {
			return fmt.Errorf("%s may not carry a %s", u.Name, w.Name)
		}
	}
	for _, k := range u.ForbiddenKinds {
		if k == w.Kind {
			return fmt.Errorf("%s may not carry any %s weapon", u.Name, k)
		}
	}
	for _, f := range m.Forbidden {
		if f == w.ID {
			return fmt.Errorf("%s %s may not carry a %s", u.Name, m.Name, w.Name)
		}
	}
	for _, k := range m.ForbiddenKinds {
		if k == w.Kind {
			return fmt.Errorf("%s %s may not carry a %s weapon", u.Name, m.Name, k)
		}
	}
	return nil
}
