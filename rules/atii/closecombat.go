package atii

import (
	"fmt"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
)

// Improvised attack profile (ATII-CC-3).
const (
	ImprovisedSwiftness = 1
	ImprovisedStr       = 4
	// ImprovisedMount names improvised attacks where a mount id is
	// expected.
	ImprovisedMount = "improvised"
)

// Combatant is one titan in a close combat, with the facts the caller
// measured.
type Combatant struct {
	ID    string
	Unit  *catalog.Unit
	State TitanState
	// Weapons are the fitted weapons by mount id.
	Weapons map[string]*catalog.Weapon
	// InArc says which mounts have the opponent in their fire arc.
	InArc map[string]bool
	// Charged: this titan moved into contact this turn (+1 improvised
	// attack).
	Charged bool
	// Hit is where the opponent's blows come from on this titan (its
	// quadrant and side).
	Hit HitContext
}

// CCWeapon is one attack source in a close combat.
type CCWeapon struct {
	Mount     string `json:"mount"`
	Name      string `json:"name"`
	Swiftness int    `json:"swiftness"`
	// Attacks is the number of attacks as dice text ("2", "D3+1").
	Attacks DiceExpr `json:"attacks"`
	Str     int      `json:"str"`
	Acc     int      `json:"acc"`
	Tear    bool     `json:"tear,omitempty"`
}

// ccUsable reports why a close combat weapon on mount may not strike:
// destroyed titan, a damaged or lost weapon, reactor power failed this
// turn, overcharged engines or disengaging.
func ccUsable(u *catalog.Unit, s TitanState, mount string) error {
	switch {
	case s.Destroyed:
		return fmt.Errorf("titan is destroyed")
	case s.Disengaging:
		return fmt.Errorf("disengaging: no close combat attacks")
	}
	if mount == ImprovisedMount {
		return nil
	}
	switch {
	case s.Overcharged:
		return fmt.Errorf("engines overcharged: no weapons this turn")
	case s.Level(mount) >= Superficial:
		return fmt.Errorf("weapon on %s is %s", mount, s.Level(mount))
	case hasString(s.WeaponsOffline, mount):
		return fmt.Errorf("weapon on %s has no reactor power this turn", mount)
	}
	return nil
}

// CCWeapons lists a combatant's attacks (ATII-CC-2, ATII-CC-3): each close
// combat weapon that can strike and has the opponent in its arc, then the
// improvised attacks (Emperor D3+2, Battle D3, Scout 1 as the profile says,
// +1 when charging; swiftness 1, Str 4, no accuracy). Weapon accuracy is
// dropped with OptCCAccuracyNone.
func CCWeapons(c Combatant, opts Options) ([]CCWeapon, error) {
	var out []CCWeapon
	for _, m := range sheet.Of(c.Unit).Mounts {
		w := c.Weapons[m.ID]
		if w == nil || w.Kind != catalog.CloseCombat || !c.InArc[m.ID] {
			continue
		}
		if ccUsable(c.Unit, c.State, m.ID) != nil {
			continue
		}
		cw := CCWeapon{Mount: m.ID, Name: w.Name, Swiftness: sheet.WeaponOf(w).Swiftness, Attacks: DiceExpr{Plus: sheet.WeaponOf(w).Attacks}, Str: sheet.WeaponOf(w).Str, Acc: sheet.WeaponOf(w).Acc, Tear: w.HasSpecial("tear")}
		if opts.CCAccuracyNone {
			cw.Acc = 0
		}
		out = append(out, cw)
	}
	if ccUsable(c.Unit, c.State, ImprovisedMount) == nil {
		e, err := ParseDice(sheet.Of(c.Unit).ImprovisedAttacks)
		if err != nil {
			return nil, fmt.Errorf("%s improvised attacks: %w", c.Unit.Name, err)
		}
		if c.Charged {
			e.Plus++
		}
		if e.Max() > 0 {
			out = append(out, CCWeapon{Mount: ImprovisedMount, Name: "Improvised attacks", Swiftness: ImprovisedSwiftness, Attacks: e, Str: ImprovisedStr})
		}
	}
	return out, nil
}

// ImprovisedAttacks is the class default number of improvised attacks
// (ATII-CC-3): emperor D3+2, battle D3, scout 1. Profiles carry their own
// value; this checks them.
func ImprovisedAttacks(titanClass string) (DiceExpr, error) {
	switch titanClass {
	case "emperor":
		return DiceExpr{N: 1, Sides: 3, Plus: 2}, nil
	case "battle":
		return DiceExpr{N: 1, Sides: 3}, nil
	case "scout":
		return DiceExpr{Plus: 1}, nil
	}
	return DiceExpr{}, fmt.Errorf("unknown titan class %q", titanClass)
}

// ccToHit is the close combat to-hit score: CCS - accuracy.
func ccToHit(u *catalog.Unit, w CCWeapon) ToHitNumber {
	t := ToHitNumber{Base: sheet.Of(u).CCSkill, BaseText: fmt.Sprintf("CCS %d+", sheet.Of(u).CCSkill)}
	if w.Acc != 0 {
		t.Mods = append(t.Mods, Mod{"weapon accuracy", w.Acc})
	}
	t.Need = t.Base - w.Acc
	t.P = HitProb(t.Need)
	return t
}

// CCStrike is one weapon's attacks in a close combat.
type CCStrike struct {
	Attacker string      `json:"attacker"`
	Target   string      `json:"target"`
	Weapon   CCWeapon    `json:"weapon"`
	Attacks  int         `json:"attacks"`
	ToHit    ToHitNumber `json:"to_hit"`
	Faces    []int       `json:"faces,omitempty"`
	Hits     int         `json:"hits"`
	// Tears holds the extra Str rolled for each tear attack.
	Tears   []int       `json:"tears,omitempty"`
	Results []HitResult `json:"results,omitempty"`
}

// CCResult is a resolved close combat between two titans.
type CCResult struct {
	Strikes []CCStrike `json:"strikes"`
	// A and B are the two titans' states afterwards.
	A TitanState `json:"a"`
	B TitanState `json:"b"`
}

// ResolveCloseCombat fights a close combat between two titans in base
// contact (ATII-CC-1, ATII-CC-2, ATII-CC-3). Attacks go in order of
// swiftness, highest first; weapons of equal swiftness strike
// simultaneously (a titan destroyed or disarmed by an equally swift blow
// still strikes). Each attack rolls a D6 against CCS minus the weapon's
// accuracy (natural 1 fails, 6 hits); a Powerfist's natural 6 tears (+D3
// Str). Hits roll location with no high/low modifier and damage as
// shooting; void shields do not protect.
func ResolveCloseCombat(a, b Combatant, opts Options, d rules.Dice) (CCResult, error) {
	res := CCResult{A: a.State.Clone(), B: b.State.Clone()}
	cs := []Combatant{a, b}
	for i := range cs {
		if cs[i].Unit == nil {
			return res, fmt.Errorf("close combat: combatant %d has no profile", i+1)
		}
	}
	if a.ID == b.ID {
		return res, fmt.Errorf("close combat: both combatants are %q", a.ID)
	}
	fs := make([]MeleeFighter, 2)
	for i, c := range cs {
		opp := cs[1-i].ID
		f := MeleeFighter{ID: c.ID, Unit: c.Unit, State: c.State, Weapons: c.Weapons, Charged: c.Charged,
			Opponents: []string{opp}, InArc: map[string][]string{}, HitFrom: map[string]HitContext{opp: c.Hit}}
		for m, in := range c.InArc {
			if in {
				f.InArc[m] = []string{opp}
			}
		}
		fs[i] = f
	}
	m, err := ResolveMelee(fs, opts, d)
	res.Strikes = m.Strikes
	if st, ok := m.States[a.ID]; ok {
		res.A = st
	}
	if st, ok := m.States[b.ID]; ok {
		res.B = st
	}
	return res, err
}

// strikeCC resolves one weapon's attacks against the defender's running
// state.
func strikeCC(att, def Combatant, w CCWeapon, ds *TitanState, opts Options, d rules.Dice) (CCStrike, error) {
	units := []string{att.ID, def.ID}
	st := CCStrike{Attacker: att.ID, Target: def.ID, Weapon: w, ToHit: ccToHit(att.Unit, w)}
	n, _, err := w.Attacks.Roll(d, rules.Roll{Purpose: att.ID + " " + w.Name + ": number of attacks", Units: units})
	if err != nil {
		return st, err
	}
	st.Attacks = n
	st.Faces, err = rollDice(d, rules.Roll{Purpose: "close combat to hit: " + w.Name, Sides: 6, Target: max(2, min(6, st.ToHit.Need)), Mods: rollMods(d, st.ToHit), Units: units}, n)
	if err != nil {
		return st, err
	}
	for _, f := range st.Faces {
		if !dieHits(f, st.ToHit.Need) {
			continue
		}
		st.Hits++
		spec := HitSpec{Str: w.Str, IgnoreShields: true, Source: w.Name}
		if w.Tear && f == 6 {
			x, _, err := DiceExpr{N: 1, Sides: 3}.Roll(d, rules.Roll{Purpose: w.Name + ": tear attack (+D3 Str)", Units: units})
			if err != nil {
				return st, err
			}
			st.Tears = append(st.Tears, x)
			spec.Str += x
		}
		o, err := ResolveHits(def.Unit, def.ID, *ds, 1, spec, 0, def.Hit, opts, d)
		if err != nil {
			return st, err
		}
		*ds = o.State
		st.Results = append(st.Results, o.Hits...)
	}
	return st, nil
}

// CCOdds is the exact-odds twin of one weapon's close combat attacks (as
// if it gets to strike at the defender's current state).
type CCOdds struct {
	Weapon CCWeapon    `json:"weapon"`
	ToHit  ToHitNumber `json:"to_hit"`
	// Hits is the distribution of hits; PTear the chance a hit is a tear.
	Hits   Dist           `json:"hits"`
	PTear  float64        `json:"p_tear,omitempty"`
	PerHit []LocationOdds `json:"per_hit"`
}

// OddsCloseCombat computes CCOdds for every attack the attacker has
// against the defender.
func OddsCloseCombat(att, def Combatant, opts Options) ([]CCOdds, error) {
	ws, err := CCWeapons(att, opts)
	if err != nil {
		return nil, err
	}
	var out []CCOdds
	for _, w := range ws {
		o := CCOdds{Weapon: w, ToHit: ccToHit(att.Unit, w)}
		for n, p := range w.Attacks.Dist() {
			if p == 0 {
				continue
			}
			for k, q := range binomial(n, o.ToHit.P) {
				o.Hits = o.Hits.add(k, p*q)
			}
		}
		dmg := DiceExpr{N: 1, Sides: 6}.Dist()
		if w.Tear && o.ToHit.P > 0 {
			o.PTear = (1.0 / 6) / o.ToHit.P
			tear := DiceExpr{N: 1, Sides: 6}.Dist().Convolve(DiceExpr{N: 1, Sides: 3}.Dist())
			mix := Dist{}
			for v, p := range dmg {
				mix = mix.add(v, (1-o.PTear)*p)
			}
			for v, p := range tear {
				mix = mix.add(v, o.PTear*p)
			}
			dmg = mix
		}
		o.PerHit, err = perHitOdds(def.Unit, def.State, HitSpec{Str: w.Str, IgnoreShields: true}, dmg, def.Hit)
		if err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, nil
}
