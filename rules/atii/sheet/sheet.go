// Package sheet is the ATII part of a unit profile: the titan's sheet
// (Manoeuvre, skills, void shields, repair dice, weapon mounts, hit
// location tables) and the reader that takes it from the ATII catalogue
// file (assets/catalog/atii.yaml). The titan rules (rules/atii) and the
// E40K rules that field ATII titans read it with Of. Pure Go: the
// catalogue loader hands the file's values over catalog.Node.
package sheet

import (
	"fmt"

	"github.com/auspex/auspex/rules/catalog"
)

// Titan is the ATII sheet of a unit type (catalog.Unit.Profile of the
// units of an ATII catalogue file).
type Titan struct {
	// TitanClass is "scout", "battle" or "emperor".
	TitanClass string
	// Man is the Manoeuvre value.
	Man int
	// Gunnery and CCSkill are D6 targets ("4+" is 4).
	Gunnery, CCSkill int
	// VoidShields is the number of void shields.
	VoidShields int
	// RepairDice is the number of repair dice.
	RepairDice int
	// ImprovisedAttacks is the improvised attack count as dice text:
	// "1", "D3", "D3+2".
	ImprovisedAttacks string
	// Mounts are the weapon hardpoints, in sheet order.
	Mounts []Mount
	// Forbidden lists weapon ids the unit may never carry (class-wide rule).
	Forbidden []string
	// ForbiddenKinds lists weapon kinds it may never carry ("close-combat").
	ForbiddenKinds []catalog.WeaponKind
	// HitTables are the location tables by attack direction.
	HitTables map[Direction][]HitRow
	// E40KAssault is the titan's Epic 40,000 close combat value (CCV),
	// used only inside E40K battles when a titan and an E40K war engine
	// assault each other (seed 002); 0 when the catalogue gives none.
	E40KAssault int
}

// ProfileSystem implements catalog.Profile.
func (*Titan) ProfileSystem() catalog.System { return catalog.ATII }

// Of returns the ATII sheet of u: an empty one (no mounts, no shields)
// when u has none (a unit of another system, a bare test unit).
func Of(u *catalog.Unit) *Titan {
	if u != nil {
		if t, ok := u.Profile.(*Titan); ok && t != nil {
			return t
		}
	}
	return &Titan{}
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
	ForbiddenKinds []catalog.WeaponKind
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

// CanMount reports whether weapon w may be fitted to mount m of unit u,
// with the reason when it may not.
func CanMount(u *catalog.Unit, m *Mount, w *catalog.Weapon) error {
	if w.System != u.System {
		return fmt.Errorf("%s is a %s weapon, %s is a %s unit", w.Name, w.System, u.Name, u.System)
	}
	t := Of(u)
	for _, f := range t.Forbidden {
		if f == w.ID {
			return fmt.Errorf("%s may not carry a %s", u.Name, w.Name)
		}
	}
	for _, k := range t.ForbiddenKinds {
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

// ArcCodes lists the arc codes a mount may name (ATII fire arcs: AR all
// round, A ahead 90, F forward 180, LA/RA left/right 90, LF/RF left/right
// 180, R rear 90, RF180 rear 180).
func ArcCodes() []string {
	return []string{"AR", "A", "F", "LA", "RA", "LF", "RF", "R", "RF180"}
}

// HitLocations lists the location names hit tables may use.
func HitLocations() []string {
	return []string{"legs", "vsg", "head", "reactor", "arm", "carapace"}
}

// TitanClasses lists the values of titan_class.
func TitanClasses() []string { return []string{"scout", "battle", "emperor"} }

// weaponKinds lists the weapon kinds forbidden_kinds may name.
func weaponKinds() []string {
	return []string{string(catalog.Gun), string(catalog.CloseCombat), string(catalog.SupportMissile)}
}

// directions lists the hit table directions in file order.
func directions() []Direction { return []Direction{Front, Side, Rear} }

// MountSlots implements catalog.Mounted.
func (t *Titan) MountSlots() []catalog.MountSlot {
	out := make([]catalog.MountSlot, len(t.Mounts))
	for i, m := range t.Mounts {
		out[i] = catalog.MountSlot{ID: m.ID, Default: m.Default, Name: m.Name, Arc: m.Arc}
	}
	return out
}

// CanMount implements catalog.Mounted (see the function CanMount).
func (t *Titan) CanMount(u *catalog.Unit, mount string, w *catalog.Weapon) error {
	for i := range t.Mounts {
		if t.Mounts[i].ID == mount {
			return CanMount(u, &t.Mounts[i], w)
		}
	}
	return fmt.Errorf("%s has no mount %q", u.Name, mount)
}

// Stats implements catalog.Stated: Man, Gunnery, CC, void shields, repair
// dice.
func (t *Titan) Stats() []catalog.Stat {
	return []catalog.Stat{{Name: "Man", Value: t.Man}, {Name: "Gunnery", Value: t.Gunnery, Suffix: "+"},
		{Name: "CC", Value: t.CCSkill, Suffix: "+"}, {Name: "Void shields", Value: t.VoidShields},
		{Name: "Repair dice", Value: t.RepairDice}}
}
