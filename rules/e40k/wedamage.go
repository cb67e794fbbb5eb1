package e40k

import (
	"fmt"
	"strconv"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/world"
)

// War engine damage under the E40K rules (digest 8.5): at damage capacity
// 0 a war engine rolls a D6 on its datasheet's catastrophic damage table
// (assets: `catastrophic`; a labelled placeholder where no published table
// is known), whose result may hit units and place blast markers around
// it. Titans (ATII units) keep their own damage rules and are neither
// rolled for nor hit by these results.

// MarkCatastrophe marks a destroyed war engine whose catastrophic damage
// roll is still to be made (catastrophes makes it with the next dice).
const MarkCatastrophe = "catastrophe"

// EvCatastrophe is the event kind of a catastrophic damage result
// (Data: "roll", "result", "radius").
const EvCatastrophe = "catastrophic-damage"

// markCatastrophe marks a war engine that has just been destroyed on the
// table for its catastrophic damage roll.
func (r *Ruleset) markCatastrophe(s *rules.State, u *rules.Unit) {
	if u.OffTable || r.IsTitan(u) {
		return
	}
	if p, err := r.Profile(s, u); err == nil && p.WarEngine() {
		u.Markers.Set(MarkCatastrophe, 1)
	}
}

// catastrophes makes the critical damage rolls of every war engine with
// points still to roll for (critical.go) and the catastrophic damage
// rolls of every marked war engine, including any that a result destroys
// or damages in turn.
func (r *Ruleset) catastrophes(s *rules.State, d rules.Dice) ([]rules.Event, error) {
	var evs []rules.Event
	for guard := 0; guard <= 64*(len(s.Units)+1); guard++ {
		if c := r.criticalsPending(s); c != nil {
			e, err := r.criticals(s, d, c)
			if err != nil {
				return nil, err
			}
			evs = append(evs, e...)
			continue
		}
		var u *rules.Unit
		for i := range s.Units {
			if s.Units[i].Markers.Value(MarkCatastrophe) > 0 {
				u = &s.Units[i]
				break
			}
		}
		if u == nil {
			return evs, nil
		}
		u.Markers.Delete(MarkCatastrophe)
		e, err := r.catastrophe(s, d, u)
		if err != nil {
			return nil, err
		}
		evs = append(evs, e...)
	}
	return evs, nil
}

// CatastrophicRowFor returns the row of a catastrophic damage table for a
// D6 roll. Errors: no table, or no row for the roll.
func CatastrophicRowFor(t *CatastrophicTable, face int) (CatastrophicRow, error) {
	if t == nil {
		return CatastrophicRow{}, fmt.Errorf("no catastrophic damage table")
	}
	for _, row := range t.Rows {
		if face >= row.Min && face <= row.Max {
			return row, nil
		}
	}
	return CatastrophicRow{}, fmt.Errorf("catastrophic damage table: no row for %d", face)
}

// catastrophe rolls one destroyed war engine's catastrophic damage.
func (r *Ruleset) catastrophe(s *rules.State, d rules.Dice, u *rules.Unit) ([]rules.Event, error) {
	p, err := r.Profile(s, u)
	if err != nil {
		return nil, err
	}
	if p.Catastrophic == nil || len(p.Catastrophic.Rows) == 0 {
		return []rules.Event{{Kind: EvCatastrophe, Side: u.Side, Units: []string{u.ID},
			Text: u.ID + " is destroyed: its datasheet has no catastrophic damage table"}}, nil
	}
	f, err := roll(d, rules.Roll{Purpose: "catastrophic damage: " + u.ID, Sides: 6, Units: []string{u.ID}}, 1)
	if err != nil {
		return nil, err
	}
	row, err := CatastrophicRowFor(p.Catastrophic, f[0])
	if err != nil {
		return nil, fmt.Errorf("unit %s: %w", u.ID, err)
	}
	label := ""
	if p.Catastrophic.Placeholder {
		label = " (placeholder table)"
	}
	radius := 0
	if row.Radius != "" {
		e, err := atii.ParseDice(row.Radius)
		if err != nil {
			return nil, fmt.Errorf("unit %s catastrophic radius: %w", u.ID, err)
		}
		radius = e.Plus
		if e.N > 0 {
			fs, err := roll(d, rules.Roll{Purpose: "catastrophic damage radius (" + row.Radius + " cm): " + u.ID, Sides: e.Sides, Units: []string{u.ID}}, e.N)
			if err != nil {
				return nil, err
			}
			for _, v := range fs {
				radius += v
			}
		}
	}
	text := fmt.Sprintf("%s catastrophic damage%s: rolled %d, %s", u.ID, label, f[0], row.Name)
	if row.Text != "" {
		text += ": " + row.Text
	}
	if row.Radius != "" {
		text += fmt.Sprintf(" (%d cm)", radius)
	}
	evs := []rules.Event{{Kind: EvCatastrophe, Side: u.Side, Units: []string{u.ID}, Text: text,
		Data: map[string]string{"roll": strconv.Itoa(f[0]), "result": row.Name, "radius": strconv.Itoa(radius)}}}
	if row.Radius == "" || (!row.Hits && row.Markers == 0) {
		return evs, nil
	}
	b, err := r.base(s, u)
	if err != nil {
		return nil, err
	}
	marked := map[string]bool{}
	for i := range s.Units {
		v := &s.Units[i]
		if v == u || v.Destroyed || v.OffTable || r.IsTitan(v) {
			continue
		}
		vb, err := r.base(s, v)
		if err != nil {
			return nil, err
		}
		if world.Distance(b, vb) > float64(radius)+world.Eps {
			continue
		}
		if row.Markers > 0 && !marked[v.Formation] {
			marked[v.Formation] = true
			if fm := s.Formation(v.Formation); fm != nil {
				addBlast(fm, row.Markers)
				evs = append(evs, rules.Event{Kind: rules.EvMessage, Side: fm.Side, Text: fmt.Sprintf("%s takes %d blast marker(s) from %s's catastrophic damage", fm.ID, row.Markers, u.ID)})
			}
		}
		if !row.Hits {
			continue
		}
		vp, err := r.Profile(s, v)
		if err != nil {
			return nil, err
		}
		_, hits, err := RollAttack(d, 1, vp.Armour+r.armourBonus(&vp, v.Pos), "catastrophic damage hit: "+v.ID, []string{v.ID})
		if err != nil {
			return nil, err
		}
		if len(hits) > 0 {
			evs = append(evs, r.hitUnit(s, v, false)...)
		}
	}
	return evs, nil
}

// hitUnit applies one hit that got through to a unit (a mega-cannon
// template hit, a catastrophic damage hit): a war engine loses a shield
// (unless ignoreShields) or a point of damage capacity, a resilient unit
// under REM-RES-1 a point of damage capacity, any other unit is
// destroyed. Titans are not hit this way.
func (r *Ruleset) hitUnit(s *rules.State, u *rules.Unit, ignoreShields bool) []rules.Event {
	if u.Destroyed || u.OffTable || r.IsTitan(u) {
		return nil
	}
	p, err := r.Profile(s, u)
	if err != nil {
		return nil
	}
	if p.WarEngine() && !ignoreShields && shieldsLeft(&p, u) > 0 {
		rules.AddCount(&u.Markers, MarkShieldsDown, 1)
		u.Shields = max(0, u.Shields-1)
		return []rules.Event{{Kind: rules.EvShield, Side: u.Side, Units: []string{u.ID}, Text: u.ID + " loses a shield"}}
	}
	if damageLeft(&p, u) > 1 {
		rules.AddCount(&u.Markers, MarkDamage, 1)
		return []rules.Event{{Kind: rules.EvDamaged, Side: u.Side, Units: []string{u.ID}, Text: u.ID + " loses 1 DC"}}
	}
	return r.destroy(s, u)
}

// ccKillsWarEngines is OptCCKillsWarEngine: the war engines of the losing
// side that fought in base contact suffer catastrophic damage (they are
// destroyed and roll on their table).
func (r *Ruleset) ccKillsWarEngines(s *rules.State, losers []placed) []rules.Event {
	var evs []rules.Event
	for _, x := range losers {
		if x.u.Destroyed || !x.p.WarEngine() || r.IsTitan(x.u) {
			continue
		}
		evs = append(evs, rules.Event{Kind: rules.EvMessage, Side: x.u.Side, Units: []string{x.u.ID},
			Text: x.u.ID + " loses the close combat and suffers catastrophic damage (" + OptCCKillsWarEngine + ")"})
		evs = append(evs, r.destroy(s, x.u)...)
	}
	return evs
}
