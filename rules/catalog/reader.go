package catalog

import (
	"fmt"
	"sort"
)

// Node is one value of a catalogue file as the loader hands it to a
// system's ProfileReader. The methods read the value as the named type;
// a value of the wrong type is reported (with the file, line and column
// the loader knows) and the zero value comes back with false. Errorf
// reports any other problem at the value.
type Node interface {
	// Errorf reports a problem at the value.
	Errorf(format string, args ...any)
	// Unknown reports msg at the value, adding the candidate closest to
	// s as a hint when one is close enough to be a likely typo.
	Unknown(msg, s string, candidates []string)
	// Map opens the value as a mapping (nil, reported, when it is not).
	Map(what string) Map
	// Seq returns the items of a list (nil, reported, when it is not; an
	// empty value is an empty list).
	Seq(what string) []Node
	Str(what string) (string, bool)
	// Text reads any scalar as its literal text (4 or "D6").
	Text(what string) (string, bool)
	Int(what string) (int, bool)
	Float(what string) (float64, bool)
	Bool(what string) (bool, bool)
	// Target reads a D6 target written 4 or "4+" (0 is none).
	Target(what string) (int, bool)
	// StrList reads a list of texts with the node of each.
	StrList(what string) ([]string, []Node)
	// OneOf reports s unless it is one of allowed.
	OneOf(what, s string, allowed []string) bool
}

// Map is a mapping of a catalogue file being read. Get and Need mark
// their key as known; the loader reports the keys nobody asked for
// (typos) once every reader is done.
type Map interface {
	Node
	// What names the mapping in messages (`unit "warhound"`).
	What() string
	SetWhat(what string)
	// Get returns the value of key, nil when absent.
	Get(key string) Node
	// Need is Get for a required key: an absent key is reported.
	Need(key string) Node
	// Key returns the key itself (for messages about the key), the
	// mapping when absent.
	Key(key string) Node
	// Close reports the keys of the mapping nobody asked for.
	Close()
}

// ProfileReader reads one rule system's part of the unit and weapon
// profiles in the catalogue files of that system (file key system:).
type ProfileReader interface {
	// System is the system whose files it reads.
	System() System
	// ReadUnit reads the system's keys of unit u's mapping m into
	// u.Profile, reporting every problem through m (the shared keys are
	// read already; the loader reports unknown keys afterwards). It
	// returns the checks to run once every file's ids are known (weapon
	// references), or nil.
	ReadUnit(u *Unit, m Map) (check func(cat *Catalogue))
	// ReadWeapon reads the system's keys of weapon w's mapping m into
	// w.Profile (nil when the system reads none), reporting every problem
	// through m; the shared keys are read already.
	ReadWeapon(w *Weapon, m Map)
}

// Readers are the profile readers a catalogue is loaded with, by system:
// the registry the assets loader receives from whoever knows the systems
// (cmd/auspex, tests).
type Readers map[System]ProfileReader

// NewReaders registers readers. Errors: a nil reader, two for one
// system.
func NewReaders(rs ...ProfileReader) (Readers, error) {
	out := Readers{}
	for _, r := range rs {
		if r == nil {
			return nil, fmt.Errorf("catalog: a nil profile reader")
		}
		if _, dup := out[r.System()]; dup {
			return nil, fmt.Errorf("catalog: two profile readers for system %s", r.System())
		}
		out[r.System()] = r
	}
	return out, nil
}

// With returns the readers plus rs (rs win for a system both have); r is
// not modified.
func (r Readers) With(rs ...ProfileReader) Readers {
	out := make(Readers, len(r)+len(rs))
	for k, v := range r {
		out[k] = v
	}
	for _, x := range rs {
		if x != nil {
			out[x.System()] = x
		}
	}
	return out
}

// Systems lists the systems with a reader, sorted.
func (r Readers) Systems() []System {
	out := make([]System, 0, len(r))
	for s := range r {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// WeaponIDs returns the weapon ids in sorted order.
func (c *Catalogue) WeaponIDs() []string { return sortedKeys(c.Weapons) }

// RefWeapon looks up the weapon id named at n for a check of what (`unit
// "x"`), reporting an unknown id at n with the closest known id as a
// hint.
func RefWeapon(n Node, cat *Catalogue, what, id string) *Weapon {
	if w, ok := cat.Weapons[id]; ok {
		return w
	}
	n.Unknown(fmt.Sprintf("%s: unknown weapon %q", what, id), id, cat.WeaponIDs())
	return nil
}

// ReadArms reads a unit's list of default weapon ids under key (E40K and
// EA units: default_arms) and returns them with the check that each names
// a weapon of the unit's system.
func ReadArms(u *Unit, m Map, key string) ([]string, func(cat *Catalogue)) {
	what := m.What()
	n := m.Get(key)
	if n == nil {
		return nil, nil
	}
	ids, nodes := n.StrList(what + " " + key)
	return ids, func(cat *Catalogue) {
		for i, id := range ids {
			if w := RefWeapon(nodes[i], cat, what, id); w != nil && w.System != u.System {
				nodes[i].Errorf("%s: default arm %q is a %s weapon, the unit is %s", what, id, w.System, u.System)
			}
		}
	}
}

// Checks joins checks (nil ones skipped) into one.
func Checks(fs ...func(cat *Catalogue)) func(cat *Catalogue) {
	return func(cat *Catalogue) {
		for _, f := range fs {
			if f != nil {
				f(cat)
			}
		}
	}
}

// Optional values of a mapping, for readers: the value of key, or the
// zero value when the key is absent or its value is wrong (reported at
// the value as "<what> <key>: ...").

// OptInt reads an optional whole number.
func OptInt(m Map, key string) int {
	if n := m.Get(key); n != nil {
		v, _ := n.Int(m.What() + " " + key)
		return v
	}
	return 0
}

// OptTarget reads an optional D6 target (4 or "4+").
func OptTarget(m Map, key string) int {
	if n := m.Get(key); n != nil {
		v, _ := n.Target(m.What() + " " + key)
		return v
	}
	return 0
}

// OptText reads any optional scalar as its text (4 or "D6").
func OptText(m Map, key string) string {
	if n := m.Get(key); n != nil {
		s, _ := n.Text(m.What() + " " + key)
		return s
	}
	return ""
}

// OptBool reads an optional true or false.
func OptBool(m Map, key string) bool {
	if n := m.Get(key); n != nil {
		v, _ := n.Bool(m.What() + " " + key)
		return v
	}
	return false
}

// OptSize reads an optional number that must not be negative (a
// distance in cm).
func OptSize(m Map, key string) float64 {
	n := m.Get(key)
	if n == nil {
		return 0
	}
	what := m.What() + " " + key
	v, ok := n.Float(what)
	if ok && v < 0 {
		n.Errorf("%s: must not be negative, got %v", what, v)
	}
	return v
}
