package sheet

import (
	"testing"

	"github.com/auspex/auspex/rules/catalog"
)

// TestOf: a unit's ATII sheet, or an empty one for a unit that has none
// (nil unit, no profile, another system's profile), never nil.
func TestOf(t *testing.T) {
	titan := &Titan{Man: 2}
	if Of(&catalog.Unit{Profile: titan}) != titan {
		t.Error("the sheet is not the unit's")
	}
	var nilTitan *Titan
	for _, u := range []*catalog.Unit{nil, {}, {Profile: nilTitan}} {
		if s := Of(u); s == nil || s.Man != 0 || len(s.Mounts) != 0 {
			t.Errorf("Of(%+v) = %+v", u, s)
		}
	}
}

// TestSheetMounts: the mounts as the generic code sees them, and the
// mount rules behind catalog.Unit.CanMount (the Reaver's carapace takes no
// close combat weapon; a Warhound carries no Volcano Cannon).
func TestSheetMounts(t *testing.T) {
	reaver := &catalog.Unit{Name: "Reaver", System: catalog.ATII, Profile: &Titan{
		Forbidden: []string{"volcano-cannon"},
		Mounts: []Mount{{ID: "carapace", Name: "Carapace", Arc: "F", Default: "rocket-launcher",
			ForbiddenKinds: []catalog.WeaponKind{catalog.CloseCombat}}},
	}}
	fist := &catalog.Weapon{ID: "chainfist", Name: "Chainfist", System: catalog.ATII, Kind: catalog.CloseCombat}
	rl := &catalog.Weapon{ID: "rocket-launcher", Name: "Rocket Launcher", System: catalog.ATII, Kind: catalog.SupportMissile}
	volcano := &catalog.Weapon{ID: "volcano-cannon", Name: "Volcano Cannon", System: catalog.ATII, Kind: catalog.Gun}
	bolter := &catalog.Weapon{ID: "bolters", Name: "Bolters", System: catalog.E40K, Kind: catalog.Gun}
	slots := reaver.MountSlots()
	if len(slots) != 1 || slots[0] != (catalog.MountSlot{ID: "carapace", Default: "rocket-launcher", Name: "Carapace", Arc: "F"}) {
		t.Errorf("slots = %+v", slots)
	}
	if err := reaver.CanMount("carapace", rl); err != nil {
		t.Errorf("rocket launcher refused: %v", err)
	}
	for _, w := range []*catalog.Weapon{fist, volcano, bolter} {
		if err := reaver.CanMount("carapace", w); err == nil {
			t.Errorf("%s accepted on the carapace", w.Name)
		}
	}
	if err := reaver.CanMount("left-arm", rl); err == nil {
		t.Error("a mount the sheet lacks accepted a weapon")
	}
	st := Of(reaver).Stats()
	if len(st) != 5 || st[1] != (catalog.Stat{Name: "Gunnery", Suffix: "+"}) {
		t.Errorf("stats = %+v", st)
	}
}

// TestWeaponOf: a weapon's ATII part, or an empty one for a weapon that
// has none (nil weapon, no profile, a nil sheet), never nil; its panel
// texts leave out the values that are not set.
func TestWeaponOf(t *testing.T) {
	p := &Weapon{RoF: "D6", Str: 5, Acc: -1}
	if WeaponOf(&catalog.Weapon{Profile: p}) != p {
		t.Error("the sheet is not the weapon's")
	}
	var nilWeapon *Weapon
	for _, w := range []*catalog.Weapon{nil, {}, {Profile: nilWeapon}} {
		if s := WeaponOf(w); s == nil || s.Str != 0 || s.RoF != "" {
			t.Errorf("WeaponOf(%+v) = %+v", w, s)
		}
	}
	if got := p.WeaponStats(); len(got) != 3 || got[0] != "RoF D6" || got[2] != "Acc -1" {
		t.Errorf("texts %q", got)
	}
	cc := &Weapon{Swiftness: 3, Attacks: 2, Str: 9}
	if got := cc.WeaponStats(); len(got) != 2 || got[1] != "Swift 3, Att 2" {
		t.Errorf("close combat texts %q", got)
	}
}
