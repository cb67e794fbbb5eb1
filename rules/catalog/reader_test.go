package catalog

import (
	"errors"
	"reflect"
	"testing"
)

// fullProfile implements every optional profile interface.
type fullProfile struct{ hq bool }

func (fullProfile) ProfileSystem() System { return "x" }
func (p fullProfile) HQ() bool            { return p.hq }
func (fullProfile) MountSlots() []MountSlot {
	return []MountSlot{{ID: "arm", Default: "gun", Name: "Arm", Arc: "F"}}
}
func (fullProfile) CanMount(u *Unit, mount string, w *Weapon) error {
	if w.ID != "gun" {
		return errors.New("not a gun")
	}
	return nil
}
func (fullProfile) Arms() []string { return []string{"gun"} }
func (fullProfile) Stats() []Stat  { return []Stat{{Name: "Armour", Value: 4, Suffix: "+"}} }

// bareProfile implements none of them.
type bareProfile struct{}

func (bareProfile) ProfileSystem() System { return "y" }

type reader System

func (r reader) System() System                                     { return System(r) }
func (reader) ReadUnit(u *Unit, m Map) (check func(cat *Catalogue)) { return nil }
func (reader) ReadWeapon(w *Weapon, m Map)                          {}

// statedWeapon describes itself; bareWeapon does not.
type statedWeapon struct{}

func (statedWeapon) WeaponSystem() System  { return "x" }
func (statedWeapon) WeaponStats() []string { return []string{"RoF 2"} }

type bareWeapon struct{}

func (bareWeapon) WeaponSystem() System { return "y" }

// TestWeaponAsksItsProfile: the panel's weapon texts come from the
// system's part through WeaponStated; a part without it (or none) gives
// none.
func TestWeaponAsksItsProfile(t *testing.T) {
	if got := (&Weapon{Profile: statedWeapon{}}).Stats(); !reflect.DeepEqual(got, []string{"RoF 2"}) {
		t.Errorf("stated weapon: %v", got)
	}
	for _, p := range []WeaponProfile{bareWeapon{}, nil} {
		if got := (&Weapon{Profile: p}).Stats(); got != nil {
			t.Errorf("profile %T: %v", p, got)
		}
	}
}

// TestUnitAsksItsProfile: generic code reaches a system's profile only
// through the optional interfaces; a profile without them (or none) gives
// the zero answers.
func TestUnitAsksItsProfile(t *testing.T) {
	gun, club := &Weapon{ID: "gun"}, &Weapon{ID: "club"}
	u := &Unit{Name: "U", Profile: fullProfile{hq: true}}
	if !u.HQ() || len(u.MountSlots()) != 1 || u.CanMount("arm", gun) != nil || u.CanMount("arm", club) == nil ||
		!reflect.DeepEqual(u.Arms(), []string{"gun"}) || u.Stats()[0].Value != 4 {
		t.Errorf("full profile answers wrongly")
	}
	for _, p := range []Profile{bareProfile{}, nil} {
		v := &Unit{Name: "V", Profile: p}
		if v.HQ() || v.MountSlots() != nil || v.Arms() != nil || v.Stats() != nil || v.CanMount("arm", gun) == nil {
			t.Errorf("profile %T answers as if it had the interfaces", p)
		}
		if v.CanMount("arm", nil) == nil {
			t.Error("a nil weapon fits")
		}
	}
}

// TestReaders: one reader per system; With copies.
func TestReaders(t *testing.T) {
	r, err := NewReaders(reader(ATII), reader(E40K))
	if err != nil || !reflect.DeepEqual(r.Systems(), []System{ATII, E40K}) {
		t.Fatalf("%v %v", r, err)
	}
	if _, err := NewReaders(reader(ATII), reader(ATII)); err == nil {
		t.Error("two readers for one system")
	}
	if _, err := NewReaders(nil); err == nil {
		t.Error("a nil reader")
	}
	w := r.With(reader(EA))
	if len(w) != 3 || len(r) != 2 {
		t.Errorf("With: %v, original %v", w.Systems(), r.Systems())
	}
	c := (&Catalogue{Readers: w}).Clone()
	if len(c.Readers) != 3 {
		t.Error("Clone drops the readers")
	}
}
