package e40k

import "github.com/auspex/auspex/world"

// Close-combat weapons against war engines (digest 8.5 [?]: "in close
// combat, close-combat weapons count double assault against war engines",
// the Epic Remastered wording believed to mirror E40K). The Remastered
// rule reads: a war engine armed with close combat weapons doubles its
// Assault value when it fights an enemy war engine in close combat. That
// is the default here, for any unit the catalogue arms with close-combat
// weapons (the `close-combat-weapons` special; the bundled data gives it
// to war engines only). The alternative, OptCCDoubleAll, reads the
// digest's line without the "armed with" clause: every unit in base
// contact with an enemy war engine counts its assault value double. The
// second half of the Remastered rule (the winner inflicts catastrophic
// damage) is OptCCKillsWarEngine.

// SpecialCCWeapons marks a unit armed with close-combat weapons.
const SpecialCCWeapons = "close-combat-weapons"

// CCAssault is what a unit fighting in base contact adds to its side's
// close combat total: its Assault value, doubled when it touches an enemy
// war engine and is armed with close-combat weapons (any unit under
// OptCCDoubleAll).
func CCAssault(p *Profile, againstWarEngine bool, o Options) int {
	if againstWarEngine && (o.CCDoubleAll || p.Has(SpecialCCWeapons)) {
		return 2 * p.Assault
	}
	return p.Assault
}

// touchesWarEngine reports whether x is in base contact with an enemy war
// engine among them.
func touchesWarEngine(x placed, them []placed) bool {
	for _, y := range them {
		if y.p.WarEngine() && world.Distance(x.b, y.b) <= world.Eps {
			return true
		}
	}
	return false
}
