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

// resolveKey is a weapon's place in the resolution order, worked out
// once: resolveRank, then its mean rate of fire (more shots first); a
// weapon that cannot be read (missing) goes after the others.
type resolveKey struct {
	missing bool
	rank    int
	rof     float64
}

// resolveKeyOf is w's resolveKey (nil: missing).
func resolveKeyOf(w *catalog.Weapon) resolveKey {
	if w == nil {
		return resolveKey{missing: true}
	}
	return resolveKey{rank: resolveRank(w), rof: meanRoF(w)}
}

// compare orders two keys; 0 keeps the order they came in.
func (a resolveKey) compare(b resolveKey) int {
	switch {
	case a.missing || b.missing:
		switch {
		case a.missing == b.missing:
			return 0
		case a.missing:
			return 1
		}
		return -1
	case a.rank != b.rank:
		return a.rank - b.rank
	case a.rof > b.rof:
		return -1
	case a.rof < b.rof:
		return 1
	}
	return 0
}

// mountOrder fills into (reused) with the indices of the titan's sheet
// mounts in resolution order (resolveKey; a mount whose weapon cannot be
// read keeps its place after the readable ones). It returns the slice.
func (r *Ruleset) mountOrder(f titan, into []int) []int {
	ms := sheet.Of(f.prof).Mounts
	into = into[:0]
	var ks [8]resolveKey
	keys := ks[:0]
	for mi := range ms {
		w, err := r.weaponAt(f.u, ms[mi].ID)
		if err != nil {
			w = nil
		}
		keys = append(keys, resolveKeyOf(w))
		into = append(into, mi)
	}
	slices.SortStableFunc(into, func(a, b int) int { return keys[a].compare(keys[b]) })
	return into
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
	type keyed struct {
		sh Shot
		k  resolveKey
	}
	ks := make([]keyed, len(shots))
	for i, sh := range shots {
		w, err := r.weaponAt(t.u, sh.Mount)
		if err != nil {
			w = nil
		}
		ks[i] = keyed{sh, resolveKeyOf(w)}
	}
	slices.SortStableFunc(ks, func(a, b keyed) int { return a.k.compare(b.k) })
	for i := range ks {
		shots[i] = ks[i].sh
	}
	return nil
}
