package sheet

import (
	"fmt"
	"strconv"

	"github.com/auspex/auspex/rules/catalog"
)

// Weapon is the ATII part of a weapon profile (catalog.Weapon.Profile of
// the weapons of an ATII catalogue file).
type Weapon struct {
	// Acc is the accuracy modifier to the to-hit roll.
	Acc int
	// RoF is the rate of fire as dice text ("4", "D6").
	RoF string
	// Str is the strength.
	Str int
	// Swiftness and Attacks for close combat weapons.
	Swiftness, Attacks int
	// FP and Template are how the weapon fires in an E40K game that
	// fields ATII titans: the E40K firepower text ("8", "Death Ray") and
	// the diameter (cm) of the barrage template it places (0: none). The
	// E40K rules read them through e40k.WeaponSheetOf.
	FP       string
	Template float64
}

// WeaponSystem implements catalog.WeaponProfile.
func (*Weapon) WeaponSystem() catalog.System { return catalog.ATII }

// WeaponOf returns the ATII part of w: an empty one (no accuracy, no
// attacks) when w has none (a weapon of another system, a bare test
// weapon).
func WeaponOf(w *catalog.Weapon) *Weapon {
	if w != nil {
		if p, ok := w.Profile.(*Weapon); ok && p != nil {
			return p
		}
	}
	return &Weapon{}
}

// WeaponStats implements catalog.WeaponStated: rate of fire, strength,
// accuracy, close combat swiftness and attacks, E40K firepower (the
// values that are set).
func (p *Weapon) WeaponStats() []string {
	var parts []string
	if p.RoF != "" {
		parts = append(parts, "RoF "+p.RoF)
	}
	if p.Str != 0 {
		parts = append(parts, "Str "+strconv.Itoa(p.Str))
	}
	if p.Acc != 0 {
		parts = append(parts, fmt.Sprintf("Acc %+d", p.Acc))
	}
	if p.Attacks != 0 {
		parts = append(parts, fmt.Sprintf("Swift %d, Att %d", p.Swiftness, p.Attacks))
	}
	if p.FP != "" {
		parts = append(parts, "FP "+p.FP)
	}
	return parts
}

// ReadWeapon implements catalog.ProfileReader: fp, acc, rof, str,
// swiftness, attacks and template. A close combat weapon's attacks must
// not be negative, nor may a template.
func (Reader) ReadWeapon(w *catalog.Weapon, m catalog.Map) {
	p := &Weapon{FP: catalog.OptText(m, "fp"), Acc: catalog.OptInt(m, "acc"), RoF: catalog.OptText(m, "rof"),
		Str: catalog.OptInt(m, "str"), Swiftness: catalog.OptInt(m, "swiftness"), Attacks: catalog.OptInt(m, "attacks"),
		Template: catalog.OptSize(m, "template")}
	w.Profile = p
	if w.Kind == catalog.CloseCombat && p.Attacks < 0 {
		m.Key("attacks").Errorf("%s: attacks must not be negative", m.What())
	}
}
