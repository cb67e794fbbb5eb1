// Package eadata is the Epic Armageddon part of unit and weapon profiles:
// the EA datasheet, the EA weapon values and the reader that takes it from the EA catalogue file
// (assets/catalog/ea.yaml). EA has a catalogue and no rules yet; its rules
// will own this type when they come. cmd/auspex registers the reader so
// that EA files are read and checked like the others.
package eadata

import (
	"fmt"

	"github.com/auspex/auspex/rules/catalog"
)

// Datasheet is the EA part of a unit profile (catalog.Unit.Profile of the
// units of an EA catalogue file).
type Datasheet struct {
	// Armour is the D6 armour save target.
	Armour int
	// CC and FF are the close combat and firefight values (D6 targets).
	CC, FF int
	// DefaultArms are the unit's weapon ids.
	DefaultArms []string
}

// ProfileSystem implements catalog.Profile.
func (*Datasheet) ProfileSystem() catalog.System { return catalog.EA }

// Of returns u's EA datasheet, an empty one when u has none.
func Of(u *catalog.Unit) *Datasheet {
	if u != nil {
		if d, ok := u.Profile.(*Datasheet); ok && d != nil {
			return d
		}
	}
	return &Datasheet{}
}

// Reader reads the datasheets of an EA catalogue file.
type Reader struct{}

// System implements catalog.ProfileReader.
func (Reader) System() catalog.System { return catalog.EA }

// ReadUnit implements catalog.ProfileReader: armour, cc, ff and
// default_arms. The check wants each default arm to be an EA weapon.
func (Reader) ReadUnit(u *catalog.Unit, m catalog.Map) func(cat *catalog.Catalogue) {
	d := &Datasheet{Armour: catalog.OptTarget(m, "armour"), CC: catalog.OptTarget(m, "cc"), FF: catalog.OptTarget(m, "ff")}
	u.Profile = d
	var check func(*catalog.Catalogue)
	d.DefaultArms, check = catalog.ReadArms(u, m, "default_arms")
	return check
}

// Arms implements catalog.Armed.
func (d *Datasheet) Arms() []string { return d.DefaultArms }

// Stats implements catalog.Stated: armour, close combat, firefight.
func (d *Datasheet) Stats() []catalog.Stat {
	return []catalog.Stat{{Name: "Armour", Value: d.Armour, Suffix: "+"}, {Name: "CC", Value: d.CC, Suffix: "+"},
		{Name: "FF", Value: d.FF, Suffix: "+"}}
}

// Weapon is the EA part of a weapon profile (catalog.Weapon.Profile of
// the weapons of an EA catalogue file).
type Weapon struct {
	// AP and AT are the to-hit values against infantry and armour (D6
	// targets, 0 = none).
	AP, AT int
	// MW marks a macro-weapon.
	MW bool
	// FP is the firepower text of a barrage weapon ("1BP").
	FP string
}

// WeaponSystem implements catalog.WeaponProfile.
func (*Weapon) WeaponSystem() catalog.System { return catalog.EA }

// WeaponOf returns w's EA values, an empty set when w has none.
func WeaponOf(w *catalog.Weapon) *Weapon {
	if w != nil {
		if p, ok := w.Profile.(*Weapon); ok && p != nil {
			return p
		}
	}
	return &Weapon{}
}

// ReadWeapon implements catalog.ProfileReader: ap, at, mw and fp.
func (Reader) ReadWeapon(w *catalog.Weapon, m catalog.Map) {
	w.Profile = &Weapon{AP: catalog.OptTarget(m, "ap"), AT: catalog.OptTarget(m, "at"), MW: catalog.OptBool(m, "mw"),
		FP: catalog.OptText(m, "fp")}
}

// WeaponStats implements catalog.WeaponStated: AP, AT, macro-weapon,
// firepower (the values that are set).
func (p *Weapon) WeaponStats() []string {
	var parts []string
	if p.AP != 0 {
		parts = append(parts, fmt.Sprintf("AP%d+", p.AP))
	}
	if p.AT != 0 {
		parts = append(parts, fmt.Sprintf("AT%d+", p.AT))
	}
	if p.MW {
		parts = append(parts, "MW")
	}
	if p.FP != "" {
		parts = append(parts, "FP "+p.FP)
	}
	return parts
}
