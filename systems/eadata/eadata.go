// Package eadata is the Epic Armageddon part of unit profiles: the EA
// datasheet and the reader that takes it from the EA catalogue file
// (assets/catalog/ea.yaml). EA has a catalogue and no rules yet; its rules
// will own this type when they come. cmd/auspex registers the reader so
// that EA files are read and checked like the others.
package eadata

import "github.com/auspex/auspex/rules/catalog"

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
	what := m.What()
	d := &Datasheet{}
	u.Profile = d
	target := func(key string) int {
		if n := m.Get(key); n != nil {
			v, _ := n.Target(what + " " + key)
			return v
		}
		return 0
	}
	d.Armour = target("armour")
	d.CC = target("cc")
	d.FF = target("ff")
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
