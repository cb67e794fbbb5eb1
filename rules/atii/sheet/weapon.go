package sheet

import "github.com/auspex/auspex/rules/catalog"

// Weapon is the ATII part of a weapon profile: accuracy, rate of fire,
// strength, close combat swiftness and attacks.
type Weapon struct {
	Acc                int
	RoF                string
	Str                int
	Swiftness, Attacks int
}

// WeaponOf returns the ATII values of w (an empty set for nil). For now
// it copies them from the generic weapon profile; the weapon split makes
// them the weapon's own ATII part.
func WeaponOf(w *catalog.Weapon) *Weapon {
	if w == nil {
		return &Weapon{}
	}
	return &Weapon{Acc: w.Acc, RoF: w.RoF, Str: w.Str, Swiftness: w.Swiftness, Attacks: w.Attacks}
}
