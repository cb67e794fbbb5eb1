package atii

import (
	"fmt"

	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
)

// classRule enforces the titan-class weapon rules that hold for every ATII
// titan whatever its sheet says: scout titans carry no close combat weapon
// and no support missile; carapace mounts take no close combat weapon; arm
// mounts take no support missile.
func classRule(u *catalog.Unit, m *sheet.Mount, w *catalog.Weapon) error {
	switch {
	case sheet.Of(u).TitanClass == "scout" && (w.Kind == catalog.CloseCombat || w.Kind == catalog.SupportMissile):
		return fmt.Errorf("%s: scout titans may not carry a %s weapon", u.Name, w.Kind)
	case m.Location == "carapace" && w.Kind == catalog.CloseCombat:
		return fmt.Errorf("%s %s: carapace mounts may not carry a close combat weapon", u.Name, m.Name)
	case m.Location == "arm" && w.Kind == catalog.SupportMissile:
		return fmt.Errorf("%s %s: arm mounts may not carry a support missile", u.Name, m.Name)
	}
	return nil
}

// BuildLoadout fits weapons to every mount of titan u: chosen maps mount
// ids to weapon ids, mounts not chosen get their default. Errors: unknown
// mount or weapon, a mount left empty, and any mount restriction
// (catalog.Unit.CanMount plus the class rules).
func BuildLoadout(cat *catalog.Catalogue, u *catalog.Unit, chosen map[string]string) (map[string]*catalog.Weapon, error) {
	for id := range chosen {
		if mountByID(u, id) == nil {
			return nil, fmt.Errorf("%s has no mount %q", u.Name, id)
		}
	}
	out := make(map[string]*catalog.Weapon, len(sheet.Of(u).Mounts))
	for i := range sheet.Of(u).Mounts {
		m := &sheet.Of(u).Mounts[i]
		wid := chosen[m.ID]
		if wid == "" {
			wid = m.Default
		}
		if wid == "" {
			return nil, fmt.Errorf("%s %s: no weapon chosen and no default", u.Name, m.Name)
		}
		w, err := cat.Weapon(wid)
		if err != nil {
			return nil, fmt.Errorf("%s %s: %w", u.Name, m.Name, err)
		}
		if err := sheet.CanMount(u, m, w); err != nil {
			return nil, err
		}
		if err := classRule(u, m, w); err != nil {
			return nil, err
		}
		out[m.ID] = w
	}
	return out, nil
}
