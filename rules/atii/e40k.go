package atii

import (
	"fmt"
	"strings"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
)

// Mixed games (ATII inside Epic 40,000): vehicles and infantry shoot at
// titans with the ATII rules at Gunnery 4+, their weapons converted by the
// table below; titans stomp infantry and vehicles with improvised attacks.

// NonTitanGunnery is the Gunnery of every non-titan unit shooting at a
// titan.
const NonTitanGunnery = 4

// E40KVsTitan is an Epic 40,000 weapon's profile against a titan.
type E40KVsTitan struct {
	RoF DiceExpr `json:"rof"`
	Str int      `json:"str"`
	// IgnoresShields: damage goes to the titan itself (Distortion Cannon).
	IgnoresShields bool `json:"ignores_shields,omitempty"`
	// MinCracked: at least Armour Cracked against the titan itself (Mega
	// Cannon).
	MinCracked bool `json:"min_cracked,omitempty"`
	// Useless: no effect on titans (Disrupt).
	Useless bool `json:"useless,omitempty"`
}

// E40KWeaponVsTitan converts an Epic 40,000 firepower entry (a number, or a
// super-heavy type such as "Anti-Tank", "Death Ray") into its ATII profile:
// plain firepower RoF = firepower, Str 3; Anti-Tank 1 / 5; Barrage 1 / 4;
// Death Ray 1 / 9; Disrupt no effect; Distortion Cannon 1 / 7 ignoring
// shields; Heavy Barrage 2 / 4; Mega Cannon 1 / 7, at least Armour Cracked;
// Pulsar D6 / 6. Two +1 accuracies of the printed table lost their rows and
// are not applied.
func E40KWeaponVsTitan(fp string) (E40KVsTitan, error) {
	key := strings.ToLower(strings.TrimSpace(fp))
	switch key {
	case "anti-tank", "antitank":
		return E40KVsTitan{RoF: DiceExpr{Plus: 1}, Str: 5}, nil
	case "barrage":
		return E40KVsTitan{RoF: DiceExpr{Plus: 1}, Str: 4}, nil
	case "death ray", "death-ray":
		return E40KVsTitan{RoF: DiceExpr{Plus: 1}, Str: 9}, nil
	case "disrupt":
		return E40KVsTitan{Useless: true}, nil
	case "distortion cannon", "distortion-cannon":
		return E40KVsTitan{RoF: DiceExpr{Plus: 1}, Str: 7, IgnoresShields: true}, nil
	case "heavy barrage", "heavy-barrage":
		return E40KVsTitan{RoF: DiceExpr{Plus: 2}, Str: 4}, nil
	case "mega cannon", "mega-cannon":
		return E40KVsTitan{RoF: DiceExpr{Plus: 1}, Str: 7, MinCracked: true}, nil
	case "pulsar":
		return E40KVsTitan{RoF: DiceExpr{N: 1, Sides: 6}, Str: 6}, nil
	}
	e, err := ParseDice(key)
	if err != nil || e.N != 0 || e.Plus < 1 {
		return E40KVsTitan{}, fmt.Errorf("firepower %q: want a number or a super-heavy weapon type", fp)
	}
	return E40KVsTitan{RoF: e, Str: 3}, nil
}

// Stomp resolves a titan stomping infantry stands or vehicles it is in
// contact with in a mixed game: it makes its improvised attacks (ATII-CC-3:
// the profile's number, D3 for battle titans, rolled; +1 when it charged),
// one against each stand in the order given until the attacks run out; each
// attack is a D6 against the titan's CCS (natural 1 fails, 6 hits) and a hit
// destroys the stand. Returns which stands were destroyed. Errors: a bad
// improvised attacks profile.
func Stomp(u *catalog.Unit, id string, stands []string, charged bool, d rules.Dice) ([]bool, error) {
	out := make([]bool, len(stands))
	if len(stands) == 0 {
		return out, nil
	}
	e, err := ParseDice(sheet.Of(u).ImprovisedAttacks)
	if err != nil {
		return nil, fmt.Errorf("%s improvised attacks: %w", u.Name, err)
	}
	if charged {
		e.Plus++
	}
	n, _, err := e.Roll(d, rules.Roll{Purpose: "stomp: improvised attacks (" + e.String() + ")", Units: []string{id}})
	if err != nil {
		return nil, err
	}
	n = min(n, len(stands))
	if n <= 0 {
		return out, nil
	}
	faces, err := rollDice(d, rules.Roll{Purpose: "stomp (improvised attacks, CCS)", Sides: 6, Target: sheet.Of(u).CCSkill, Mods: []string{fmt.Sprintf("CCS %d+", sheet.Of(u).CCSkill)}, Units: append([]string{id}, stands[:n]...)}, n)
	if err != nil {
		return nil, err
	}
	for i, f := range faces {
		out[i] = dieHits(f, sheet.Of(u).CCSkill)
	}
	return out, nil
}
