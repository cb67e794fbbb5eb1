package e40k

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
)

// WeaponSheet is the E40K part of a weapon profile (catalog.Weapon.Profile
// of the weapons of an E40K catalogue file).
type WeaponSheet struct {
	// FP is the firepower text: a number ("8") or a super-heavy weapon
	// type ("Death Ray", "Heavy Barrage"; ShotKinds).
	FP string
	// Template is the diameter (cm) of the barrage template a barrage,
	// heavy barrage or mega-cannon shot places; 0 covers only the unit it
	// is centred on.
	Template float64
}

// WeaponSystem implements catalog.WeaponProfile.
func (*WeaponSheet) WeaponSystem() catalog.System { return catalog.E40K }

// WeaponSheetOf returns the E40K values of w: an E40K weapon's sheet, the
// E40K firepower and template an ATII weapon's sheet gives (titans fight
// in E40K games with them), the zero sheet for any other weapon.
func WeaponSheetOf(w *catalog.Weapon) WeaponSheet {
	if w != nil {
		switch p := w.Profile.(type) {
		case *WeaponSheet:
			if p != nil {
				return *p
			}
		case *sheet.Weapon:
			if p != nil {
				return WeaponSheet{FP: p.FP, Template: p.Template}
			}
		}
	}
	return WeaponSheet{}
}

// WeaponStats implements catalog.WeaponStated: the firepower.
func (p *WeaponSheet) WeaponStats() []string {
	if p.FP == "" {
		return nil
	}
	return []string{"FP " + p.FP}
}

// ShotKinds lists the firepower entries an E40K weapon may give instead
// of a number: its super-heavy weapon type (E40K shooting, digest
// section 2).
func ShotKinds() []string {
	return []string{"Anti-Tank", "Barrage", "Heavy Barrage", "Death Ray", "Disrupt", "Distortion Cannon", "Mega Cannon", "Pulsar"}
}

// ReadWeapon implements catalog.ProfileReader: fp (a whole number from 0
// to 100 or one of ShotKinds, any case) and template (cm, not negative).
func (DatasheetReader) ReadWeapon(w *catalog.Weapon, m catalog.Map) {
	p := &WeaponSheet{FP: catalog.OptText(m, "fp"), Template: catalog.OptSize(m, "template")}
	w.Profile = p
	if p.FP != "" {
		checkFirepower(m.Get("fp"), m.What(), p.FP)
	}
}

// checkFirepower reports an E40K firepower entry that is neither a whole
// number from 0 to 100 nor one of ShotKinds (any case).
func checkFirepower(n catalog.Node, what, fp string) {
	if v, err := strconv.Atoi(strings.TrimSpace(fp)); err == nil {
		if v < 0 || v > 100 {
			n.Errorf("%s fp: expected 0 to 100, got %d", what, v)
		}
		return
	}
	for _, k := range ShotKinds() {
		if strings.EqualFold(strings.TrimSpace(fp), k) {
			return
		}
	}
	n.Unknown(fmt.Sprintf("%s fp: %q is neither a number nor one of %s", what, fp, strings.Join(ShotKinds(), ", ")), fp, ShotKinds())
}
