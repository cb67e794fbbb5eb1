package e40k

import (
	"fmt"
	"sort"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/world"
)

// titanFirefight resolves a firefight between detachment att and titan id
// (seed 002: vehicles and infantry may not assault a titan but may enter
// a firefight with it, resolved with the E40K rules, the titan's side
// counting the Firepower of its weapons: TitanFirepower). The result roll
// is the E40K one (Fight; the titan has no blast markers). Hits the
// detachment scores are resolved on the titan as ATII hits at the
// Strength of plain firepower in the weapons-versus-titans table (Str 3;
// shields first, then location and damage) [?]; hits the titan scores
// fall on the detachment's units that fought (CombatHits). A detachment
// that loses breaks, takes blast markers and retreats (E40K-BRK-1); a
// titan that loses only takes its hits (no blast markers, no breaking).
func (r *Ruleset) titanFirefight(s *rules.State, d rules.Dice, att, id string) ([]rules.Event, error) {
	o, err := r.options(s)
	if err != nil {
		return nil, err
	}
	fa := s.Formation(att)
	t, err := r.titan(s, id)
	if err != nil || fa == nil {
		return nil, fmt.Errorf("firefight with a titan: %v", err)
	}
	pa, err := r.placedOf(s, att)
	if err != nil {
		return nil, err
	}
	tb := titanBase(t)
	tprof := titanProfile(t.prof)
	tp := placed{u: t.u, p: &tprof, b: tb}
	sa, fightA := r.combatSide(s, Firefight, pa, []placed{tp}, fa, o)
	if len(fightA) == 0 {
		return nil, nil
	}
	fp, _, err := r.TitanFirepower(s, id)
	if err != nil {
		return nil, err
	}
	st := CombatSide{Detachment: id, Value: fp, Units: []string{id}}
	evs := rules.LogEvents(d, rules.Event{Kind: rules.EvMessage, Side: fa.Side, Units: append(append([]string(nil), sa.Units...), id),
		Text: fmt.Sprintf("firefight: %s (%d) against titan %s (firepower %d)", att, sa.Value, id, fp)})
	res, err := Fight(d, Firefight, sa, st, o)
	if err != nil {
		return nil, err
	}
	addBlast(fa, res.Ties)
	if res.Winner < 0 {
		return append(evs, rules.Message("firefight between "+att+" and "+id+" ends undecided")), nil
	}
	if n := res.Hits[0]; n > 0 {
		he, err := r.firefightHitsOnTitan(s, d, t, n, fightA)
		if err != nil {
			return nil, err
		}
		evs = append(evs, he...)
	}
	ts := make([]Target, 0, len(fightA))
	for _, x := range fightA {
		ts = append(ts, Target{ID: x.u.ID, Dist: world.Distance(tb, x.b), Armour: x.p.Armour, DC: damageLeft(x.p, x.u), WarEngine: x.p.WarEngine()})
	}
	alloc, err := CombatHits(ts, res.Hits[1], o)
	if err != nil {
		return nil, err
	}
	evs = append(evs, r.applyHits(s, alloc)...)
	if res.Winner == 0 {
		return append(evs, rules.Event{Kind: rules.EvMessage, Side: fa.Side,
			Text: fmt.Sprintf("firefight: %s wins by %d (%s); titan %s takes no blast markers and does not break", att, res.Diff, res.Row.Name, id)}), nil
	}
	addBlast(fa, res.Diff)
	fa.Broken, fa.Orders = true, OrderBroken
	evs = append(evs, rules.Event{Kind: rules.EvMessage, Side: t.u.Side,
		Text: fmt.Sprintf("firefight: titan %s wins by %d (%s); %s is broken and takes %d blast marker(s)", id, res.Diff, res.Row.Name, att, res.Diff)})
	rt, err := r.retreat(s, att)
	if err != nil {
		return nil, err
	}
	return append(evs, rt...), nil
}

// firefightHitsOnTitan resolves n firefight hits on a titan as ATII hits
// of plain firepower (atii.E40KWeaponVsTitan: Str 3), struck from the
// closest unit that fought.
func (r *Ruleset) firefightHitsOnTitan(s *rules.State, d rules.Dice, t titanRef, n int, from []placed) ([]rules.Event, error) {
	conv, err := atii.E40KWeaponVsTitan("1")
	if err != nil {
		return nil, err
	}
	tb := titanBase(t)
	at, bd := from[0].b.Pos, world.Distance(tb, from[0].b)
	for _, x := range from[1:] {
		if dd := world.Distance(tb, x.b); dd < bd {
			at, bd = x.b.Pos, dd
		}
	}
	spec := atii.HitSpec{Str: conv.Str, Source: "firefight"}
	out, err := atii.ResolveHits(t.prof, t.u.ID, t.ts, n, spec, 0, atii.HitContextFrom(tb, at), atiiOptions(), d)
	if err != nil {
		return nil, err
	}
	evs := atii.DamageEvents(t.u.ID, out.Hits)
	was := t.ts.Destroyed
	if err := t.put(out.State); err != nil {
		return nil, err
	}
	if !was && out.State.Destroyed {
		evs = append(evs, atii.DestroyedEvent(t.u.ID, out.State))
	}
	ex, err := r.resolveExplosions(s, d)
	return append(evs, ex...), err
}

// repairTitan makes a titan's ATII repair rolls in the rally phase
// (seed 002 rally step 3; ATII-REP-1: 4, 8 or 12 dice by class, each 4+
// repairs one damaged system or void shield, allocated in atii.Repairable
// order). It reports false when the titan had nothing to repair.
func (r *Ruleset) repairTitan(s *rules.State, d rules.Dice, id string) ([]rules.Event, bool, error) {
	t, err := r.titan(s, id)
	if err != nil {
		return nil, false, err
	}
	if t.ts.Destroyed || len(atii.Repairable(t.prof, t.ts)) == 0 {
		return nil, false, nil
	}
	out, err := atii.Repair(t.prof, t.ts, nil, atiiOptions(), d)
	if err != nil {
		return nil, false, err
	}
	if err := t.put(out.State); err != nil {
		return nil, false, err
	}
	return []rules.Event{{Kind: rules.EvMessage, Side: t.u.Side, Units: []string{id},
		Text: fmt.Sprintf("%s repairs %d system(s) (ATII-REP-1)", id, len(out.Repaired)), Data: map[string]string{"repaired": fmt.Sprint(out.Repaired)}}}, true, nil
}

// resolveExplosions resolves every titan reactor explosion not yet
// resolved (ATII damage effects: a Catastrophic reactor explodes, D6 Str
// 7 hits on every other titan within 4D6 cm, atii.ReactorExplosion),
// which may set off further explosions. Other units are not hit (the
// effect names titans) [?].
func (r *Ruleset) resolveExplosions(s *rules.State, d rules.Dice) ([]rules.Event, error) {
	var evs []rules.Event
	for guard := 0; guard < 64; guard++ {
		var boom *titanRef
		for i := range s.Units {
			u := &s.Units[i]
			if !u.Destroyed || u.Markers.Value(atii.MarkExploded) > 0 || !r.IsTitan(u) {
				continue
			}
			t, err := r.titan(s, u.ID)
			if err != nil {
				return nil, err
			}
			if t.ts.Cause == "reactor exploded" {
				boom = &t
				break
			}
		}
		if boom == nil {
			return evs, nil
		}
		boom.u.Markers.Set(atii.MarkExploded, 1)
		bb := titanBase(*boom)
		dist := map[string]float64{}
		for i := range s.Units {
			o := &s.Units[i]
			if o.ID != boom.u.ID && operational(o) && r.IsTitan(o) {
				if ob, err := r.base(s, o); err == nil {
					dist[o.ID] = world.Distance(bb, ob)
				}
			}
		}
		ex, err := atii.ReactorExplosion(boom.u.ID, dist, d)
		if err != nil {
			return nil, err
		}
		evs = append(evs, rules.LogEvents(d, rules.Event{Kind: rules.EvMessage, Units: []string{boom.u.ID}, Text: fmt.Sprintf("%s's reactor explodes: radius %d cm", boom.u.ID, ex.Radius)})...)
		for _, id := range sortedKeys(ex.Hits) {
			t, err := r.titan(s, id)
			if err != nil {
				return nil, err
			}
			tb := titanBase(t)
			out, err := atii.ResolveHits(t.prof, id, t.ts, ex.Hits[id], atii.HitSpec{Str: atii.ExplosionStr, Source: "reactor explosion"}, 0, atii.HitContextFrom(tb, bb.Pos), atiiOptions(), d)
			if err != nil {
				return nil, err
			}
			evs = append(evs, atii.DamageEvents(id, out.Hits)...)
			was := t.ts.Destroyed
			if err := t.put(out.State); err != nil {
				return nil, err
			}
			if !was && out.State.Destroyed {
				evs = append(evs, atii.DestroyedEvent(id, out.State))
			}
		}
	}
	return nil, fmt.Errorf("reactor explosions did not settle")
}

// sortedKeys returns a map's keys in order.
func sortedKeys(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
