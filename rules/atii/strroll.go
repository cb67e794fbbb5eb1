package atii

import (
	"fmt"
	"strings"

	"github.com/auspex/auspex/rules"
)

// The damage roll of a hit (ATII-SHT-6, ATII-SHT-7): a D6 and the
// weapon's Str dice, plus Str, against the armour of the location or of a
// void shield.

// strRoll rolls a damage D6 plus any Str dice.
func strRoll(spec HitSpec, d rules.Dice, r rules.Roll) (int, error) {
	e := strDice(spec)
	if spec.StrDice.N > 0 && spec.StrDice.Sides != 6 {
		return 0, fmt.Errorf("%s: Str dice must be D6", spec.Source)
	}
	v, _, err := e.Roll(d, r)
	return v, err
}

// strDice are the dice of a damage roll: a D6 and the weapon's Str dice.
func strDice(spec HitSpec) DiceExpr {
	e := spec.StrDice
	e.N++
	e.Sides = 6
	return e
}

// shieldNeedMod starts the modifier a void shield roll carries in the log
// saying the total its dice must reach (ShieldRollNeed reads it back).
const shieldNeedMod = "shield down on "

// shieldRoll is the logged roll of a hit on a void shield (ATII-SHT-7):
// its purpose, and the total the dice must reach to knock the shield down
// (D6 + Str - armour 8 at least 1, or 0 with OptShieldDropOnZero) both as
// a modifier and, for a single die, as its target.
func shieldRoll(spec HitSpec, opts Options, units []string) rules.Roll {
	e := strDice(spec)
	need := ShieldArmour + 1 - spec.Str - e.Plus
	if opts.ShieldDropOnZero {
		need--
	}
	r := rules.Roll{Purpose: fmt.Sprintf("%s vs void shield (armour %d)", spec.Source, ShieldArmour), Units: units,
		Mods: []string{fmt.Sprintf("Str %d", spec.Str), fmt.Sprintf("%s%d+", shieldNeedMod, max(need, 1))}}
	if e.N == 1 {
		r.Target = max(need, 1)
	}
	return r
}

// ShieldRollNeed is the total the dice of void shield roll r (a hit on a
// shield, as ResolveHits logs it) had to reach to knock the shield down;
// ok is false for any other roll.
func ShieldRollNeed(r *rules.Roll) (need int, ok bool) {
	if r == nil || !strings.Contains(r.Purpose, " vs void shield (armour ") {
		return 0, false
	}
	for _, m := range r.Mods {
		if rest, found := strings.CutPrefix(m, shieldNeedMod); found {
			if _, err := fmt.Sscanf(rest, "%d+", &need); err == nil {
				return need, true
			}
		}
	}
	return 0, false
}

// shieldDrops reports whether a shield damage margin knocks it down
// (ATII-SHT-7): 1 or more; 0 too with OptShieldDropOnZero.
func shieldDrops(margin int, opts Options) bool {
	return margin >= 1 || (margin == 0 && opts.ShieldDropOnZero)
}

// ShieldArmour is the armour of a void shield (ATII-SHT-7).
const ShieldArmour = 8
