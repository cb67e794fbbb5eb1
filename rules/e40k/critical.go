package e40k

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
)

// War engine critical damage (digest 8.5; docs/rules/e40k.md, "War engine
// critical damage"). Each point of damage capacity a war engine loses to
// a hit that got through its shields, and that does not destroy it,
// makes it roll 2D6 on its datasheet's critical damage table (assets:
// `critical`). The row's "+N points" are extra damage on top of the hit;
// its effect may immobilise the war engine, put a weapon out of action,
// start fires (half speed, a point of damage at the end of each rally
// phase) or halve its speed, until repaired on a 4+ in the rally phase;
// a "catastrophic" row destroys it and it rolls on its catastrophic
// damage table (wedamage.go). Titans keep their own damage rules.
//
// The rolls are made by catastrophes (wedamage.go), which every damaging
// step already calls with its dice: a war engine whose MarkDamage is above
// its MarkCritSeen has points still to roll for.

// Markers of critical damage on a war engine.
const (
	// MarkCritSeen is the damage a war engine has already rolled critical
	// damage for (or that rolls none: a table's extra points, fires).
	MarkCritSeen = "crit-seen"
	// MarkCritImmobileTurn: immobilised for the rest of the turn.
	MarkCritImmobileTurn = "crit-immobile-turn"
	// MarkCritImmobile counts the results immobilising it until repaired.
	MarkCritImmobile = "crit-immobile"
	// MarkCritImmobilePermanent: immobilised for the rest of the game.
	MarkCritImmobilePermanent = "crit-immobile-permanent"
	// MarkCritHalfSpeed counts the results halving its speed until
	// repaired.
	MarkCritHalfSpeed = "crit-half-speed"
	// MarkCritFire counts the fires burning aboard.
	MarkCritFire = "crit-fire"
	// MarkCritWeaponPrefix + a weapon id counts the results putting that
	// weapon out of action until repaired.
	MarkCritWeaponPrefix = "crit-weapon:"
)

// EvCritical is the event kind of a critical damage result (Data: "roll",
// "result", "damage", "effect").
const EvCritical = "critical-damage"

// ArmRef is one default weapon of a unit as critical damage sees it.
type ArmRef struct {
	ID, Name string
	// Firepower is a numeric weapon's firepower (0 for a super-heavy
	// weapon).
	Firepower int
	// Heavy marks a super-heavy weapon (one of Profile.SuperHeavy, by
	// name).
	Heavy bool
}

func armRef(id, name, fp string, numeric bool) ArmRef {
	a := ArmRef{ID: id, Name: name, Heavy: !numeric}
	if numeric {
		a.Firepower, _ = strconv.Atoi(strings.TrimSpace(fp))
	}
	return a
}

// hasCritEffects reports whether a unit carries a critical damage effect
// that changes its profile or needs repairing.
func hasCritEffects(u *rules.Unit) bool {
	for _, p := range u.Markers {
		if p.Val > 0 && strings.HasPrefix(p.Key, "crit-") && p.Key != MarkCritSeen {
			return true
		}
	}
	return false
}

// CriticalProfile is p as the critical damage effects on u leave it:
// immobilised (speed 0), half speed (a fire or a half-speed result) and
// weapons out of action (a super-heavy weapon removed, a numeric weapon's
// firepower taken off the unit's).
func CriticalProfile(p Profile, u *rules.Unit) Profile {
	m := u.Markers
	if critImmobile(u) {
		p.Speed = 0
	} else if m.Value(MarkCritHalfSpeed)+m.Value(MarkCritFire) > 0 {
		p.Speed /= 2
	}
	var heavy []Weapon
	copied := false
	for _, a := range p.Arms {
		if m.Value(MarkCritWeaponPrefix+a.ID) <= 0 {
			continue
		}
		if !a.Heavy {
			p.Firepower = max(0, p.Firepower-a.Firepower)
			continue
		}
		if !copied {
			heavy, copied = append([]Weapon(nil), p.SuperHeavy...), true
		}
		for i, w := range heavy {
			if w.Name == a.Name {
				heavy = append(heavy[:i], heavy[i+1:]...)
				break
			}
		}
	}
	if copied {
		p.SuperHeavy = heavy
	}
	return p
}

// criticalsPending returns a war engine still to roll critical damage
// for points it has lost, nil when none is.
func (r *Ruleset) criticalsPending(s *rules.State) *rules.Unit {
	for i := range s.Units {
		u := &s.Units[i]
		if u.Destroyed || u.OffTable || u.Markers.Value(MarkDamage) <= u.Markers.Value(MarkCritSeen) {
			continue
		}
		p, err := r.profile(s, u)
		if err != nil || p.Critical == nil || r.IsTitan(u) {
			continue // no table: nothing to roll
		}
		return u
	}
	return nil
}

// criticals rolls a war engine's critical damage for the points it lost
// since its last rolls: 2D6 a point (one roll under OptCritOncePerAttack).
func (r *Ruleset) criticals(s *rules.State, d rules.Dice, u *rules.Unit) ([]rules.Event, error) {
	o, err := r.options(s)
	if err != nil {
		return nil, err
	}
	n := u.Markers.Value(MarkDamage) - u.Markers.Value(MarkCritSeen)
	u.Markers.Set(MarkCritSeen, u.Markers.Value(MarkDamage))
	if o.CritOncePerAttack {
		n = min(n, 1)
	}
	var evs []rules.Event
	for i := 0; i < n && !u.Destroyed; i++ {
		e, err := r.criticalRoll(s, d, u)
		if err != nil {
			return nil, err
		}
		evs = append(evs, e...)
	}
	if !u.Destroyed {
		u.Markers.Set(MarkCritSeen, u.Markers.Value(MarkDamage))
	}
	return evs, nil
}

// criticalRoll makes one 2D6 roll on a war engine's critical damage table
// and applies the result.
func (r *Ruleset) criticalRoll(s *rules.State, d rules.Dice, u *rules.Unit) ([]rules.Event, error) {
	p, err := r.Profile(s, u)
	if err != nil {
		return nil, err
	}
	f, err := roll(d, rules.Roll{Purpose: "critical damage (2D6): " + u.ID, Sides: 6, Units: []string{u.ID}}, 2)
	if err != nil {
		return nil, err
	}
	total := f[0] + f[1]
	row, err := CriticalRowFor(p.Critical, total)
	if err != nil {
		return nil, fmt.Errorf("unit %s: %w", u.ID, err)
	}
	label := ""
	if p.Critical.Placeholder {
		label = " (placeholder table)"
	}
	text := fmt.Sprintf("%s critical damage%s: rolled %d, %s (+%d)", u.ID, label, total, row.Name, row.Damage)
	if row.Text != "" {
		text += ": " + row.Text
	}
	if row.Effect == CritNone {
		text += " [effect not modelled]"
	}
	evs := []rules.Event{{Kind: EvCritical, Side: u.Side, Units: []string{u.ID}, Text: text,
		Data: map[string]string{"roll": strconv.Itoa(total), "result": row.Name, "damage": strconv.Itoa(row.Damage), "effect": row.Effect}}}
	switch row.Effect {
	case CritCatastrophic:
		return append(evs, r.destroy(s, u)...), nil
	case CritImmobilisedTurn:
		u.Markers.Set(MarkCritImmobileTurn, 1)
	case CritImmobilised:
		rules.AddCount(&u.Markers, MarkCritImmobile, 1)
	case CritImmobilisedPermanent:
		u.Markers.Set(MarkCritImmobilePermanent, 1)
	case CritHalfSpeed:
		rules.AddCount(&u.Markers, MarkCritHalfSpeed, 1)
	case CritWeapon:
		rules.AddCount(&u.Markers, MarkCritWeaponPrefix+row.Weapon, 1)
	case CritFire:
		fires := 1
		if row.Fires != "" {
			e, err := atii.ParseDice(row.Fires)
			if err != nil {
				return nil, fmt.Errorf("unit %s critical fires: %w", u.ID, err)
			}
			fires = e.Plus
			if e.N > 0 {
				fs, err := roll(d, rules.Roll{Purpose: "fires breaking out (" + row.Fires + "): " + u.ID, Sides: e.Sides, Units: []string{u.ID}}, e.N)
				if err != nil {
					return nil, err
				}
				for _, v := range fs {
					fires += v
				}
			}
		}
		rules.AddCount(&u.Markers, MarkCritFire, fires)
		evs = append(evs, rules.Event{Kind: rules.EvMessage, Side: u.Side, Units: []string{u.ID}, Text: fmt.Sprintf("%d fire(s) break out aboard %s", fires, u.ID)})
	}
	return append(evs, r.extraDamage(s, u, &p, row.Damage, "critical damage")...), nil
}

// extraDamage deals n points of damage that roll no critical damage (a
// table's extra points, fires): the last point destroys the war engine.
func (r *Ruleset) extraDamage(s *rules.State, u *rules.Unit, p *Profile, n int, why string) []rules.Event {
	if n <= 0 || u.Destroyed {
		return nil
	}
	lost := min(n, damageLeft(p, u)-1)
	if lost > 0 {
		rules.AddCount(&u.Markers, MarkDamage, lost)
		rules.AddCount(&u.Markers, MarkCritSeen, lost)
	}
	if lost < n {
		return append([]rules.Event{{Kind: rules.EvDamaged, Side: u.Side, Units: []string{u.ID},
			Text: fmt.Sprintf("%s loses its last DC to %s", u.ID, why)}}, r.destroy(s, u)...)
	}
	return []rules.Event{{Kind: rules.EvDamaged, Side: u.Side, Units: []string{u.ID},
		Text: fmt.Sprintf("%s loses %d more DC to %s", u.ID, lost, why)}}
}

// critRepairs are the critical effects of a war engine that a repair
// removes, one die each, in the order the dice are given to them: fires,
// then immobilisation, half speed, weapons (by id).
func critRepairs(u *rules.Unit) []string {
	var keys []string
	for _, k := range []string{MarkCritFire, MarkCritImmobile, MarkCritHalfSpeed} {
		for i := 0; i < u.Markers.Value(k); i++ {
			keys = append(keys, k)
		}
	}
	var ws []string
	for _, p := range u.Markers {
		if strings.HasPrefix(p.Key, MarkCritWeaponPrefix) {
			ws = append(ws, p.Key)
		}
	}
	sort.Strings(ws)
	for _, k := range ws {
		for i := 0; i < u.Markers.Value(k); i++ {
			keys = append(keys, k)
		}
	}
	return keys
}

// syncCritSeen lowers each unit's MarkCritSeen to its damage after the
// rally phase's repairs (a repaired point rolls again when lost again).
func syncCritSeen(s *rules.State) {
	for i := range s.Units {
		u := &s.Units[i]
		if seen := u.Markers.Value(MarkCritSeen); seen > u.Markers.Value(MarkDamage) {
			u.Markers.Set(MarkCritSeen, u.Markers.Value(MarkDamage))
		}
	}
}

// rallyCriticals is a war engine's critical damage in the rally phase,
// after its repairs of damage and shields: a D6 per repairable effect
// (RepairTarget or more removes it), the end of a turn's immobilisation,
// then a point of damage per fire still burning (rolling critical damage
// under OptCritFireRolls) and any catastrophe that follows.
func (r *Ruleset) rallyCriticals(s *rules.State, d rules.Dice, u *rules.Unit) ([]rules.Event, error) {
	var evs []rules.Event
	if keys := critRepairs(u); len(keys) > 0 {
		f, err := roll(d, rules.Roll{Purpose: "repairs of critical damage: " + u.ID, Sides: 6, Target: RepairTarget, Units: []string{u.ID}}, len(keys))
		if err != nil {
			return nil, err
		}
		var fixed []string
		for i, x := range f {
			if x >= RepairTarget {
				rules.AddCount(&u.Markers, keys[i], -1)
				if u.Markers.Value(keys[i]) <= 0 {
					u.Markers.Delete(keys[i])
				}
				fixed = append(fixed, strings.TrimPrefix(keys[i], "crit-"))
			}
		}
		text := fmt.Sprintf("%s repairs no critical damage", u.ID)
		if len(fixed) > 0 {
			text = fmt.Sprintf("%s repairs critical damage: %s", u.ID, strings.Join(fixed, ", "))
		}
		evs = append(evs, rules.Event{Kind: rules.EvMessage, Side: u.Side, Units: []string{u.ID}, Text: text})
	}
	u.Markers.Delete(MarkCritImmobileTurn)
	if fires := u.Markers.Value(MarkCritFire); fires > 0 {
		o, err := r.options(s)
		if err != nil {
			return nil, err
		}
		p, err := r.Profile(s, u)
		if err != nil {
			return nil, err
		}
		evs = append(evs, r.extraDamage(s, u, &p, fires, fmt.Sprintf("%d fire(s)", fires))...)
		if o.CritFireRolls && !u.Destroyed {
			u.Markers.Set(MarkCritSeen, u.Markers.Value(MarkDamage)-min(fires, u.Markers.Value(MarkDamage)))
		}
	}
	cev, err := r.catastrophes(s, d)
	if err != nil {
		return nil, err
	}
	return append(evs, cev...), nil
}

// CriticalNotes describes the critical damage effects on a war engine
// for the players ("immobilised until repaired", "2 fires", "main cannon
// out of action"); p names its weapons. None: nil.
func CriticalNotes(p *Profile, u *rules.Unit) []string {
	m := u.Markers
	var out []string
	if m.Value(MarkCritImmobilePermanent) > 0 {
		out = append(out, "immobilised for the rest of the game")
	}
	if m.Value(MarkCritImmobile) > 0 {
		out = append(out, "immobilised until repaired")
	}
	if m.Value(MarkCritImmobileTurn) > 0 {
		out = append(out, "immobilised this turn")
	}
	if n := m.Value(MarkCritFire); n > 0 {
		out = append(out, fmt.Sprintf("%d fire(s) burning: half speed, a point of damage each rally phase", n))
	}
	if m.Value(MarkCritHalfSpeed) > 0 {
		out = append(out, "half speed until repaired")
	}
	for _, a := range p.Arms {
		if m.Value(MarkCritWeaponPrefix+a.ID) > 0 {
			out = append(out, a.Name+" out of action until repaired")
		}
	}
	return out
}

// critImmobile reports whether critical damage immobilises u now.
func critImmobile(u *rules.Unit) bool {
	m := u.Markers
	return m.Value(MarkCritImmobileTurn)+m.Value(MarkCritImmobile)+m.Value(MarkCritImmobilePermanent) > 0
}

// openOrImmobile is the situation of a target detachment in the open:
// Immobile (one attack die per point of firepower, digest section 2) when
// each of its target units is a war engine critical damage immobilises,
// else Open.
func openOrImmobile(tus []*rules.Unit) Situation {
	if len(tus) == 0 {
		return Open
	}
	for _, u := range tus {
		if !critImmobile(u) {
			return Open
		}
	}
	return Immobile
}
