package e40k

import (
	"testing"

	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
)

// TestWeaponSheetOf: an E40K weapon's own values; an ATII weapon's E40K
// firepower and template (titans firing in E40K games, digest section 2
// super-heavy types); nothing for other weapons.
func TestWeaponSheetOf(t *testing.T) {
	own := &catalog.Weapon{Profile: &WeaponSheet{FP: "Barrage", Template: 12}}
	if got := WeaponSheetOf(own); got.FP != "Barrage" || got.Template != 12 {
		t.Errorf("E40K weapon: %+v", got)
	}
	titan := &catalog.Weapon{Profile: &sheet.Weapon{FP: "Mega Cannon", Template: 12, Str: 7}}
	if got := WeaponSheetOf(titan); got.FP != "Mega Cannon" || got.Template != 12 {
		t.Errorf("ATII weapon in E40K: %+v", got)
	}
	var nilSheet *WeaponSheet
	for _, w := range []*catalog.Weapon{nil, {}, {Profile: nilSheet}} {
		if got := WeaponSheetOf(w); got != (WeaponSheet{}) {
			t.Errorf("WeaponSheetOf(%+v) = %+v", w, got)
		}
	}
	if kind, numeric, err := shotKind(titan); err != nil || numeric || kind != ShotMegaCannon {
		t.Errorf("quake cannon reads as %q %v %v", kind, numeric, err)
	}
}
