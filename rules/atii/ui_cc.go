package atii

import (
	"fmt"

	"github.com/auspex/auspex/rules"
)

// CCSlot is one attack a close combat can make: a combatant's close combat
// weapon (or its improvised attacks) with its swiftness.
type CCSlot struct {
	Attacker, Target string
	// Mount is the weapon's mount, or ImprovisedMount.
	Mount, Name string
	Swiftness   int
}

// CloseCombatOrder lists the attacks of a close combat between titans a
// and b in the order ResolveCloseCombat strikes them (ATII-CC-2):
// swiftness highest first; at equal swiftness a's attacks before b's,
// each side's weapons in mount order with improvised attacks last. The
// combatants are built from s as the close combat step builds them
// (arcs, loadouts, damage). It reads s and rolls nothing; an attack
// silenced by damage taken during the fight still appears in the list
// (a caller replaying a logged fight skips it). Errors: an unknown unit
// or profile, bad options.
func (r *Ruleset) CloseCombatOrder(s *rules.State, a, b string) ([]CCSlot, error) {
	ta, err := r.titan(s, a)
	if err != nil {
		return nil, fmt.Errorf("close combat order: %w", err)
	}
	tb, err := r.titan(s, b)
	if err != nil {
		return nil, fmt.Errorf("close combat order: %w", err)
	}
	opts, err := r.options(s)
	if err != nil {
		return nil, fmt.Errorf("close combat order: %w", err)
	}
	var per [2][]CCWeapon
	levels := map[int]bool{}
	for i, pair := range [2][2]titan{{ta, tb}, {tb, ta}} {
		c, err := r.combatant(pair[0], pair[1])
		if err != nil {
			return nil, fmt.Errorf("close combat order: %w", err)
		}
		ws, err := CCWeapons(c, opts)
		if err != nil {
			return nil, fmt.Errorf("close combat order: %w", err)
		}
		per[i] = ws
		for _, w := range ws {
			levels[w.Swiftness] = true
		}
	}
	order := swiftnessOrder(levels)
	ids := [2][2]string{{a, b}, {b, a}}
	var out []CCSlot
	for _, lvl := range order {
		for i := range per {
			for _, w := range per[i] {
				if w.Swiftness == lvl {
					out = append(out, CCSlot{Attacker: ids[i][0], Target: ids[i][1], Mount: w.Mount, Name: w.Name, Swiftness: w.Swiftness})
				}
			}
		}
	}
	return out, nil
}
