package atii

import (
	"slices"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
)

// A titan declares all its shots before rolling and resolves them in any
// order (ATII-SHT-2). While a target's void shields are up, every hit
// resolves against a shield, whatever its strength (ATII-SHT-7), so the
// order decides which shots meet the shields: the weak, many-shot weapons
// should strip them and the strong ones come after. resolveRank orders a
// titan's weapons that way; Legal offers shots in this order, and the
// window resolves a declared volley in it (SortShots).

// resolveRank is a weapon's place in the resolution order, lowest first:
// weapons whose hits only strip shields (haywire) first, weapons that
// ignore shields last, the rest by strength, weakest first.
func resolveRank(w *catalog.Weapon) int {
	switch {
	case w.HasSpecial("haywire"):
		return -1 << 10
	case w.HasSpecial("ignores-shields"):
		return 1 << 10
	}
	return sheet.WeaponOf(w).Str
}

// meanRoF is the weapon's mean rate of fire (0 when its dice cannot be
// read), to break ties in strength: more shots first.
func meanRoF(w *catalog.Weapon) float64 {
	e, err := ParseDice(sheet.WeaponOf(w).RoF)
	if err != nil {
		return 0
	}
	return float64(e.N)*float64(e.Sides+1)/2 + float64(e.Plus)
}

// compareResolve orders two weapons for resolution (resolveRank, then
// more shots first); 0 keeps the sheet's mount order.
func compareResolve(a, b *catalog.Weapon) int {
	if ra, rb := resolveRank(a), resolveRank(b); ra != rb {
		return ra - rb
	}
	ma, mb := meanRoF(a), meanRoF(b)
	switch {
	case ma > mb:
		return -1
	case ma < mb:
		return 1
	}
	return 0
}

// mountOrder fills into (reused) with the indices of the titan's sheet
// mounts in resolution order (compareResolve; a mount whose weapon cannot
// be read keeps its place after the readable ones). It returns the slice.
func (r *Ruleset) mountOrder(f titan, into []int) []int {
	ms := sheet.Of(f.prof).Mounts
	into = into[:0]
	var ws [8]*catalog.Weapon
	weapons := ws[:0]
	for mi := range ms {
		w, err := r.weaponAt(f.u, ms[mi].ID)
		if err != nil {
			w = nil
		}
		weapons = append(weapons, w)
		into = append(into, mi)
	}
	slices.SortStableFunc(into, func(a, b int) int { return compareOrNil(weapons[a], weapons[b]) })
	return into
}

// compareOrNil is compareResolve with unreadable weapons (nil) last.
func compareOrNil(a, b *catalog.Weapon) int {
	switch {
	case a == nil && b == nil:
		return 0
	case a == nil:
		return 1
	case b == nil:
		return -1
	}
	return compareResolve(a, b)
}

// SortShots puts a titan's declared shots in resolution order (weakest
// weapon first, see resolveRank), keeping the order of shots whose
// weapons rank alike. A shot whose mount cannot be read keeps its place
// relative to the others after them. Errors: no such titan.
func (r *Ruleset) SortShots(s *rules.State, unit string, shots []Shot) error {
	t, err := r.titanRead(s, unit)
	if err != nil {
		return err
	}
	weapon := func(sh Shot) *catalog.Weapon {
		w, err := r.weaponAt(t.u, sh.Mount)
		if err != nil {
			return nil
		}
		return w
	}
	slices.SortStableFunc(shots, func(a, b Shot) int { return compareOrNil(weapon(a), weapon(b)) })
	return nil
}
