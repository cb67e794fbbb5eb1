package e40k

import (
	"fmt"
	"strings"

	"github.com/auspex/auspex/rules/catalog"
)

// Critical damage effect ids: what a row of a war engine's 2D6 critical
// damage table does besides its extra damage points (critical.go). The
// Epic 40,000 Armies Book's Plague Tower table (docs/rules/e40k.md, "War
// engine critical damage") has each of these kinds.
const (
	// CritNone: only the damage points; the row's text is shown but its
	// effect is not modelled.
	CritNone = "none"
	// CritImmobilisedTurn: the war engine may not move for the rest of
	// the turn.
	CritImmobilisedTurn = "immobilised-turn"
	// CritImmobilised: it may not move until the damage is repaired.
	CritImmobilised = "immobilised"
	// CritImmobilisedPermanent: it may not move for the rest of the game.
	CritImmobilisedPermanent = "immobilised-permanent"
	// CritWeapon: the row's weapon may not fire until repaired.
	CritWeapon = "weapon"
	// CritFire: Fires fires break out; each moves the war engine at half
	// speed and deals it a point of damage at the end of each rally phase
	// until it is put out by a repair.
	CritFire = "fire"
	// CritHalfSpeed: the war engine moves at half speed until repaired.
	CritHalfSpeed = "half-speed"
	// CritCatastrophic: the war engine is destroyed and rolls on its
	// catastrophic damage table.
	CritCatastrophic = "catastrophic"
)

// critEffects lists the effect ids in the order the errors name them.
func critEffects() []string {
	return []string{CritNone, CritImmobilisedTurn, CritImmobilised, CritImmobilisedPermanent, CritWeapon, CritFire, CritHalfSpeed, CritCatastrophic}
}

// CriticalTable is a war engine's 2D6 critical damage table.
type CriticalTable struct {
	// Placeholder marks a stand-in table (no published one was found).
	Placeholder bool
	// Source names where the table comes from.
	Source string
	// Rows cover the 2D6 rolls 2..12 exactly once.
	Rows []CriticalRow
}

// CriticalRow is one result of a critical damage table.
type CriticalRow struct {
	Min, Max int
	Name     string
	// Damage is the extra damage points ("+N points") the result deals
	// on top of the hit that caused the roll.
	Damage int
	// Effect is one of the Crit* ids.
	Effect string
	// Weapon is the id of the weapon a CritWeapon row disables (one of
	// the unit's default arms).
	Weapon string
	// Fires is how many fires a CritFire row starts, as dice text ("1",
	// "D6"); empty means one.
	Fires string
	// Text is the result as shown to the players.
	Text string
}

// CriticalRowFor returns the row of a critical damage table for a 2D6
// total. Errors: no table, or no row for the total.
func CriticalRowFor(t *CriticalTable, total int) (CriticalRow, error) {
	if t == nil {
		return CriticalRow{}, fmt.Errorf("no critical damage table")
	}
	for _, row := range t.Rows {
		if total >= row.Min && total <= row.Max {
			return row, nil
		}
	}
	return CriticalRow{}, fmt.Errorf("critical damage table: no row for %d", total)
}

// readCritical reads a war engine's critical damage table:
//
//	critical:
//	  placeholder: true
//	  source: ...
//	  rows:
//	    - {roll: 2, name: Wheel locked, damage: 0, effect: immobilised-turn, text: ...}
//	    - {min: 3, max: 4, name: Gun damaged, damage: 1, effect: weapon, weapon: gun-id, text: ...}
//	    - {roll: 10, name: Raging fires, damage: 5, effect: fire, fires: D6, text: ...}
//	    - {roll: 12, name: Catastrophic damage, effect: catastrophic, text: ...}
//
// The rows must cover the 2D6 totals 2..12 exactly once; arms are the
// unit's default weapons, which a weapon row must name.
func readCritical(n catalog.Node, what string, arms []string) *CriticalTable {
	w := what + " critical"
	m := n.Map(w)
	if m == nil {
		return nil
	}
	defer m.Close()
	t := &CriticalTable{}
	if v := m.Get("placeholder"); v != nil {
		t.Placeholder, _ = v.Bool(w + " placeholder")
	}
	if v := m.Get("source"); v != nil {
		t.Source, _ = v.Text(w + " source")
	}
	cover := newRollCover(2, 12)
	var rows []catalog.Node
	if v := m.Need("rows"); v != nil {
		rows = v.Seq(w + " rows")
	}
	for i, rn := range rows {
		rw := fmt.Sprintf("%s row %d", w, i+1)
		rm := rn.Map(rw)
		if rm == nil {
			continue
		}
		text := func(key string) string {
			if v := rm.Get(key); v != nil {
				s, _ := v.Text(rw + " " + key)
				return s
			}
			return ""
		}
		var row CriticalRow
		if rm.Get("roll") != nil {
			row.Min = catalog.OptInt(rm, "roll")
			row.Max = row.Min
			if rm.Get("min") != nil || rm.Get("max") != nil {
				rn.Errorf("%s: give either roll or min/max, not both", rw)
			}
		} else {
			row.Min = catalog.OptInt(rm, "min")
			row.Max = catalog.OptInt(rm, "max")
			if rm.Get("max") == nil {
				row.Max = row.Min
			}
		}
		row.Name = text("name")
		row.Damage = catalog.OptInt(rm, "damage")
		row.Effect = text("effect")
		if row.Effect == "" {
			row.Effect = CritNone
		}
		row.Weapon = text("weapon")
		row.Fires = text("fires")
		row.Text = text("text")
		if cover.within(row.Min, row.Max) {
			cover.claim(rn, rw, i, row.Min, row.Max)
		} else {
			rn.Errorf("%s: rolls %d..%d are not within 2..12", rw, row.Min, row.Max)
		}
		if row.Damage < 0 || row.Damage > 20 {
			rm.Get("damage").Errorf("%s damage: expected 0 to 20 extra points, got %d", rw, row.Damage)
		}
		known := false
		for _, e := range critEffects() {
			known = known || e == row.Effect
		}
		if !known {
			rm.Get("effect").Errorf("%s effect: unknown effect %q (known: %s)", rw, row.Effect, strings.Join(critEffects(), ", "))
		}
		switch {
		case row.Effect == CritWeapon && row.Weapon == "":
			rn.Errorf("%s: a weapon effect needs a weapon (one of the unit's default_arms)", rw)
		case row.Effect != CritWeapon && row.Weapon != "":
			rm.Get("weapon").Errorf("%s weapon: only a weapon effect names a weapon", rw)
		case row.Weapon != "" && !hasString(arms, row.Weapon):
			rm.Get("weapon").Errorf("%s weapon: %q is not one of the unit's default_arms (%s)", rw, row.Weapon, strings.Join(arms, ", "))
		}
		if row.Fires != "" {
			if row.Effect != CritFire {
				rm.Get("fires").Errorf("%s fires: only a fire effect starts fires", rw)
			} else if !diceTextOK(row.Fires) {
				rm.Get("fires").Errorf("%s fires: dice formula %q: not a number or NdS+K (\"1\", \"D6\")", rw, row.Fires)
			}
		}
		rm.Close()
		t.Rows = append(t.Rows, row)
	}
	cover.complete(n, w, "rows must cover the 2D6 totals 2..12")
	return t
}

func hasString(xs []string, x string) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}
