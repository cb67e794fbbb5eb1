// Package catalog holds unit and weapon profiles as plain data: the shapes
// every ruleset reads and the assets loader fills from the data files under
// assets/catalog. It is pure Go (standard library only) and does no I/O.
//
// A unit profile has two parts: what every system shares (Unit: name,
// class, base footprint, speed, points, specials) and the system's own
// part (Unit.Profile: the ATII titan sheet, the E40K datasheet), a type
// that system defines and reads from its keys of the catalogue files
// through a ProfileReader (see reader.go). Weapons are split the same
// way: Weapon is the shared part (name, kind, range, specials) and
// Weapon.Profile the system's own (WeaponProfile).
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
	// Readers are the systems' profile readers the catalogue was loaded
	// with; files that extend it are read with the same.
	Readers Readers
}

// Unit is one unit type's profile: the part every system shares and the
// system's own part (Profile).
type Unit struct {
	ID     string
	Name   string
	System System
	// Class is the movement class (infantry, vehicle, war-engine, titan).
	Class world.UnitClass
	// Base is the footprint of the model's base.
	Base world.Footprint
	// Points is the unit's points cost (0 when unknown).
	Points int
	// Speed in cm.
	Speed float64
	// Specials are rule tags ("skimmer", "artillery").
	Specials []string
	// Placeholder marks a profile whose values are stand-ins, not taken
	// from a published source (see docs/rules/e40k-armies.md).
	Placeholder bool
	// Profile is the system's own part of the profile (nil when the
	// system reads none): its type belongs to the system, which looks it
	// up with a type assertion.
	Profile Profile
}

// Profile is a rule system's own part of a unit profile (the ATII titan
// sheet, the E40K datasheet). The system defines the type and reads it
// from the catalogue files with its ProfileReader. Profiles are never
// modified once loaded (catalogues share them).
type Profile interface {
	// ProfileSystem is the system the profile belongs to.
	ProfileSystem() System
}

// HQ reports whether the unit may command a detachment (E40K-CMD-1): its
// profile says so through an HQ() bool method.
func (u *Unit) HQ() bool {
	p, ok := u.Profile.(interface{ HQ() bool })
	return ok && p.HQ()
}

// WeaponKind separates guns, close combat weapons and missiles.
type WeaponKind string

// Weapon kinds.
const (
	Gun            WeaponKind = "gun"
	CloseCombat    WeaponKind = "close-combat"
	SupportMissile WeaponKind = "support-missile"
)

// Weapon is one weapon profile: the part every system shares and the
// system's own part (Profile).
type Weapon struct {
	ID     string
	Name   string
	System System
	Kind   WeaponKind
	// Range in cm; 0 with Unlimited for support missiles.
	Range     float64
	Unlimited bool
	// Specials are rule tags, e.g. "inferno", "overload", "quake", "death-ray",
	// "tear", "once-per-battle", "ignores-shields".
	Specials []string
	// Notes is free text shown to the user.
	Notes string
	// Placeholder marks a profile whose values are stand-ins.
	Placeholder bool
	// Profile is the system's own part of the weapon (the ATII
	// accuracy, rate of fire and strength; the E40K firepower; the EA
	// AP and AT values), nil when the system reads none. Its type
	// belongs to the system, which looks it up with a type assertion.
	Profile WeaponProfile
}

// WeaponProfile is a rule system's own part of a weapon profile. The
// system defines the type and reads it from the catalogue files with its
// ProfileReader. Weapon profiles are never modified once loaded.
type WeaponProfile interface {
	// WeaponSystem is the system the profile belongs to.
	WeaponSystem() System
}

// WeaponStated is implemented by weapon profiles that describe their
// values for display ("RoF 4", "Str 5", "AP5+"), in the order shown.
type WeaponStated interface {
	WeaponStats() []string
}

// Stats returns the texts the weapon's profile gives for display (none
// when it gives none); the range is the caller's to show.
func (w *Weapon) Stats() []string {
	if st, ok := w.Profile.(WeaponStated); ok {
		return st.WeaponStats()
	}
	return nil
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

// MountSlot is a weapon mount a scenario's loadout may fill: its id and
// the weapon fitted when the scenario names none.
type MountSlot struct {
	ID, Default string
	// Name and Arc are for display: "Left Arm", the arc code ("LA").
	Name, Arc string
}

// Mounted is implemented by profiles whose units carry their weapons on
// mounts a scenario chooses (ATII titans).
type Mounted interface {
	// MountSlots lists the mounts in sheet order.
	MountSlots() []MountSlot
	// CanMount reports whether weapon w may be fitted to mount id of
	// unit u, with the reason when it may not.
	CanMount(u *Unit, mount string, w *Weapon) error
}

// MountSlots returns the unit's weapon mounts (none when its profile has
// no mounts).
func (u *Unit) MountSlots() []MountSlot {
	if m, ok := u.Profile.(Mounted); ok {
		return m.MountSlots()
	}
	return nil
}

// CanMount reports whether weapon w may be fitted to the unit's mount,
// with the reason when it may not (an error for a unit without mounts).
func (u *Unit) CanMount(mount string, w *Weapon) error {
	if w == nil {
		return fmt.Errorf("%s %s: no weapon", u.Name, mount)
	}
	if m, ok := u.Profile.(Mounted); ok {
		return m.CanMount(u, mount, w)
	}
	return fmt.Errorf("%s has no weapon mounts", u.Name)
}

// Armed is implemented by profiles that list the weapons a unit fields
// (E40K and EA datasheets).
type Armed interface {
	// Arms are the weapon ids.
	Arms() []string
}

// Arms returns the weapon ids the unit's profile lists (none when it
// lists none).
func (u *Unit) Arms() []string {
	if a, ok := u.Profile.(Armed); ok {
		return a.Arms()
	}
	return nil
}

// Stat is one value of a profile as the unit panel shows it: "Gunnery 4+"
// is {Gunnery, 4, "+"}.
type Stat struct {
	Name   string
	Value  int
	Suffix string
}

// Stated is implemented by profiles that list their values for display,
// in the order shown (zero values are left out by the panel).
type Stated interface {
	Stats() []Stat
}

// Stats returns the values the unit's profile lists for display (none
// when it lists none).
func (u *Unit) Stats() []Stat {
	if st, ok := u.Profile.(Stated); ok {
		return st.Stats()
	}
	return nil
}
