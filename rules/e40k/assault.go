package e40k

import (
	"fmt"
	"sort"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

// autoAssault fights the combats of one detachment that made assault
// moves, one detachment a call.
func (r *Ruleset) autoAssault(s *rules.State, d rules.Dice) ([]rules.Event, bool, error) {
	g, err := r.progress(s)
	if err != nil {
		return nil, false, err
	}
	if g.Sub >= 2 || g.Stage != stageCombat {
		return nil, false, nil
	}
	o, err := r.options(s)
	if err != nil {
		return nil, false, err
	}
	if o.CounterattackCard {
		return r.autoAssaultCards(s, d, g, o) // counterattack.go
	}
	if len(g.Assaulted) == 0 {
		return nil, false, nil
	}
	att := g.Assaulted[0]
	g.Assaulted = g.Assaulted[1:]
	evs, err := r.fightFor(s, d, att)
	if err != nil {
		return nil, false, err
	}
	cev, err := r.catastrophes(s, d) // wedamage.go
	if err != nil {
		return nil, false, err
	}
	evs = append(evs, cev...)
	return evs, true, r.sync(s, g)
}

// stillWarEngines reports whether every unit is a war engine that made
// no assault move this phase.
func stillWarEngines(us []placed) bool {
	for _, x := range us {
		if !x.p.WarEngine() || x.u.Activated {
			return false
		}
	}
	return len(us) > 0
}

// placed is a unit with its base.
type placed struct {
	u *rules.Unit
	p *Profile // the cached profile (read only) or one of its own
	b world.Base
}

func (r *Ruleset) placedOf(s *rules.State, det string) ([]placed, error) {
	var out []placed
	for _, u := range members(s, det) {
		p, err := r.profile(s, u)
		if err != nil {
			return nil, err
		}
		out = append(out, placed{u: u, p: p, b: world.Base{ID: u.ID, Pos: u.Pos, Facing: u.Facing, Foot: p.Base}})
	}
	return out, nil
}

// fightFor resolves the close combats of an attacking detachment against
// every enemy detachment its units touch, or, with none in contact, a
// firefight against the closest enemy detachment within 15 cm
// (E40K-CC-1..6). Its war engines in base contact with enemy titans fight
// them first (seed 002; warEngineDuels); a detachment whose only fights
// were those has no firefight.
func (r *Ruleset) fightFor(s *rules.State, d rules.Dice, att string) ([]rules.Event, error) {
	queue, titan, evs, err := r.combatsAfterDuels(s, d, att)
	if err != nil || (len(evs) > 0 && len(queue) == 0) {
		return evs, err
	}
	if titan != "" {
		return r.titanFirefight(s, d, att, titan)
	}
	for _, q := range queue {
		e, err := r.combat(s, d, q.Kind, q.Att, q.Def)
		if err != nil {
			return nil, err
		}
		evs = append(evs, e...)
	}
	return evs, nil
}

// combatsAfterDuels is combatsOf once the detachment's war engines in
// base contact with enemy titans have fought them (seed 002;
// warEngineDuels, rolled with d; their events come first in evs). A
// detachment whose war engines fought has no firefight: those fights
// were its combat; its close combats with detachments it touches follow.
func (r *Ruleset) combatsAfterDuels(s *rules.State, d rules.Dice, att string) (queue []QueuedCombat, titan string, evs []rules.Event, err error) {
	ok, err := r.mayStartCombat(s, att)
	if err != nil || !ok {
		return r.combatsOf(s, att) // it says why it fights none
	}
	duels, fought, err := r.warEngineDuels(s, d, att)
	if err != nil {
		return nil, "", nil, err
	}
	queue, titan, evs, err = r.combatsOf(s, att)
	if err != nil || !fought {
		return queue, titan, evs, err
	}
	if len(queue) == 0 || queue[0].Kind == Firefight {
		return nil, "", duels, nil
	}
	return queue, "", duels, nil
}

// mayStartCombat reports whether detachment att may fight at all this
// assault: it is on the table, not broken, and (REM-ASM-1) its war
// engines moved.
func (r *Ruleset) mayStartCombat(s *rules.State, att string) (bool, error) {
	a := s.Formation(att)
	if a == nil || !alive(s, att) || a.Broken {
		return false, nil
	}
	ours, err := r.placedOf(s, att)
	if err != nil {
		return false, err
	}
	o, err := r.options(s)
	if err != nil {
		return false, err
	}
	return !(o.AssaultMove && stillWarEngines(ours)), nil
}

// QueuedCombat is a combat an attacking detachment has yet to fight.
type QueuedCombat struct {
	Kind string `json:"kind"`
	Att  string `json:"att"`
	Def  string `json:"def"`
}

// combatsOf lists the combats detachment att fights now: a close combat
// against each enemy detachment its units touch (in id order), or, with
// none in contact, a firefight against the closest enemy detachment
// within 15 cm, or titan, the id of the closest titan, when that is a
// titan (seed 002). msgs explains why it fights none (broken, gone, war
// engines that stayed still under REM-ASM-1, no enemy in reach).
func (r *Ruleset) combatsOf(s *rules.State, att string) (queue []QueuedCombat, titan string, msgs []rules.Event, err error) {
	a := s.Formation(att)
	if a == nil || !alive(s, att) || a.Broken {
		return nil, "", nil, nil
	}
	ours, err := r.placedOf(s, att)
	if err != nil {
		return nil, "", nil, err
	}
	o, err := r.options(s)
	if err != nil {
		return nil, "", nil, err
	}
	if o.AssaultMove && stillWarEngines(ours) {
		return nil, "", []rules.Event{rules.Message(att + ": war engines that did not move start no combat (REM-ASM-1)")}, nil
	}
	// Enemy detachments in contact, in id order.
	touch := map[string]bool{}
	for i := range s.Formations {
		f := &s.Formations[i]
		if f.Side == a.Side || !alive(s, f.ID) || r.titanFormation(s, f.ID) {
			continue // never a close combat with a titan (seed 002)
		}
		theirs, err := r.placedOf(s, f.ID)
		if err != nil {
			return nil, "", nil, err
		}
		for _, x := range ours {
			for _, y := range theirs {
				if world.InContact(x.b, y.b) {
					touch[f.ID] = true
				}
			}
		}
	}
	if len(touch) > 0 {
		ids := make([]string, 0, len(touch))
		for id := range touch {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		for _, id := range ids {
			queue = append(queue, QueuedCombat{Kind: CloseCombat, Att: att, Def: id})
		}
		return queue, "", nil, nil
	}
	// Firefight: the closest enemy detachment (or titan, seed 002) within
	// 15 cm.
	best, bestTitan, bd := "", "", FirefightRange+world.Eps
	for i := range s.Formations {
		f := &s.Formations[i]
		if f.Side == a.Side || !alive(s, f.ID) {
			continue
		}
		theirs, err := r.placedOf(s, f.ID)
		if err != nil {
			return nil, "", nil, err
		}
		titans := r.titanFormation(s, f.ID)
		for _, x := range ours {
			for _, y := range theirs {
				if dd := world.Distance(x.b, y.b); dd <= bd {
					best, bd, bestTitan = f.ID, dd, ""
					if titans {
						bestTitan = y.u.ID
					}
				}
			}
		}
	}
	switch {
	case best == "":
		return nil, "", []rules.Event{rules.Message(att + " finds no enemy to fight")}, nil
	case bestTitan != "":
		return nil, bestTitan, nil, nil
	}
	return []QueuedCombat{{Kind: Firefight, Att: att, Def: best}}, "", nil, nil
}

// combatSide builds one side of a combat: the units that fight (in base
// contact with the enemy for a close combat, within 15 cm for a
// firefight), their total (assault or firepower; halved when broken,
// firepower of marching units halved), and support in a close combat
// (other units within 15 cm: +1 each, or REM-WE-2).
func (r *Ruleset) combatSide(s *rules.State, kind string, me, them []placed, f *rules.Formation, o Options) (CombatSide, []placed) {
	cs := CombatSide{Detachment: f.ID, Markers: blast(f)}
	var fighters []placed
	support := 0
	for _, x := range me {
		engaged, near := false, false
		for _, y := range them {
			dd := world.Distance(x.b, y.b)
			if dd <= world.Eps {
				engaged = true
			}
			if dd <= FirefightRange+world.Eps {
				near = true
			}
		}
		switch {
		case kind == CloseCombat && engaged, kind == Firefight && near:
			fighters = append(fighters, x)
			cs.Units = append(cs.Units, x.u.ID)
			if x.p.Has(SpecialPsyker) {
				cs.Psykers++
			}
			if kind == CloseCombat {
				cs.Value += CCAssault(x.p, touchesWarEngine(x, them), o) // ccweapons.go
			} else {
				cs.Value += x.p.Firepower
			}
		case kind == CloseCombat && near:
			support += SupportValue(x.p.WarEngine(), damageLeft(x.p, x.u), o)
		}
	}
	if kind == Firefight && f.Orders == OrderMarch {
		cs.Value = Half(cs.Value)
	}
	cs.Value += support
	if f.Broken {
		cs.Value = Half(cs.Value)
	}
	return cs, fighters
}

// combat resolves one close combat or firefight between detachments att
// and def: the result roll (Fight), hits on the units that fought, blast
// markers for ties and for the loser, the loser broken and retreating
// (E40K-BRK-1), the loser's units out of command that fought destroyed
// (E40K-CMD-1).
func (r *Ruleset) combat(s *rules.State, d rules.Dice, kind, att, def string) ([]rules.Event, error) {
	o, err := r.options(s)
	if err != nil {
		return nil, err
	}
	cs, fighters, err := r.combatSides(s, kind, att, def, o)
	if err != nil || fighters[0] == nil {
		return nil, err
	}
	evs := r.combatOpens(s, d, kind, att, def, cs)
	res, err := Fight(d, kind, cs[0], cs[1], o)
	if err != nil {
		return nil, err
	}
	more, err := r.afterFight(s, kind, att, def, res, fighters, o)
	return append(evs, more...), err
}

// combatSides works out both sides of a combat between detachments att
// and def (combatSide, and OptSupportAnyDetachment's support from other
// detachments). fighters[0] is nil when either side has nobody to fight.
func (r *Ruleset) combatSides(s *rules.State, kind, att, def string, o Options) ([2]CombatSide, [2][]placed, error) {
	var cs [2]CombatSide
	var none [2][]placed
	fa, fd := s.Formation(att), s.Formation(def)
	if fa == nil || fd == nil {
		return cs, none, fmt.Errorf("combat: detachment vanished")
	}
	pa, err := r.placedOf(s, att)
	if err != nil {
		return cs, none, err
	}
	pd, err := r.placedOf(s, def)
	if err != nil {
		return cs, none, err
	}
	sa, fightA := r.combatSide(s, kind, pa, pd, fa, o)
	sd, fightD := r.combatSide(s, kind, pd, pa, fd, o)
	if len(fightA) == 0 || len(fightD) == 0 {
		return cs, none, nil
	}
	if kind == CloseCombat && o.SupportAnyDetachment {
		// Units of other friendly detachments support too
		// (options_readings.go).
		xa, err := r.outsideSupport(s, fa, pd, o)
		if err != nil {
			return cs, none, err
		}
		xd, err := r.outsideSupport(s, fd, pa, o)
		if err != nil {
			return cs, none, err
		}
		sa.Value += xa
		sd.Value += xd
	}
	return [2]CombatSide{sa, sd}, [2][]placed{fightA, fightD}, nil
}

// combatOpens is the log line that opens a combat.
func (r *Ruleset) combatOpens(s *rules.State, d rules.Dice, kind, att, def string, cs [2]CombatSide) []rules.Event {
	side := ""
	if f := s.Formation(att); f != nil {
		side = f.Side
	}
	return rules.LogEvents(d, rules.Event{Kind: rules.EvMessage, Side: side, Units: append(append([]string(nil), cs[0].Units...), cs[1].Units...),
		Text: fmt.Sprintf("%s: %s (%d) against %s (%d)", kind, att, cs[0].Value, def, cs[1].Value)})
}

// afterFight applies a fought combat's outcome: blast markers for the
// ties, the hits on the units that fought, the loser's separated units
// destroyed, the loser broken with its markers and retreating.
func (r *Ruleset) afterFight(s *rules.State, kind, att, def string, res CombatResult, fighters [2][]placed, o Options) ([]rules.Event, error) {
	fa, fd := s.Formation(att), s.Formation(def)
	if fa == nil || fd == nil {
		return nil, fmt.Errorf("combat: detachment vanished")
	}
	var evs []rules.Event
	addBlast(fa, res.Ties)
	addBlast(fd, res.Ties)
	if res.Winner < 0 {
		return append(evs, rules.Message(kind+" between "+att+" and "+def+" ends undecided")), nil
	}
	sides := [2]*rules.Formation{fa, fd}
	for i := 0; i < 2; i++ {
		// Side i's hits fall on the other side's fighters, closest first.
		other := fighters[1-i]
		ts := make([]Target, 0, len(other))
		for _, y := range other {
			dist := 1e9
			for _, x := range fighters[i] {
				dist = min(dist, world.Distance(x.b, y.b))
			}
			ts = append(ts, Target{ID: y.u.ID, Dist: dist, Armour: y.p.Armour, DC: damageLeft(y.p, y.u),
				Shields: 0, WarEngine: y.p.WarEngine()})
		}
		a, err := CombatHits(ts, res.Hits[i], o)
		if err != nil {
			return nil, err
		}
		evs = append(evs, r.applyHits(s, a)...)
	}
	win, lose := sides[res.Winner], sides[1-res.Winner]
	if kind == CloseCombat && o.CCKillsWarEngine {
		evs = append(evs, r.ccKillsWarEngines(s, fighters[1-res.Winner])...) // wedamage.go
	}
	// Separated units (out of command) that lose are destroyed and do not
	// affect the rest of the detachment; the main body breaking does not
	// affect separated units that did not fight (E40K-CMD-1).
	mainFought := false
	for _, x := range fighters[1-res.Winner] {
		if x.u.Markers.Value(MarkOutOfCommand) == 0 {
			mainFought = true
		}
	}
	for _, x := range fighters[1-res.Winner] {
		if !x.u.Destroyed && x.u.Markers.Value(MarkOutOfCommand) > 0 {
			evs = append(evs, r.destroy(s, x.u)...)
		}
	}
	if !mainFought {
		evs = append(evs, rules.Event{Kind: rules.EvMessage, Side: win.Side,
			Text: fmt.Sprintf("%s: %s wins by %d (%s); %s's separated units are destroyed (E40K-CMD-1)", kind, win.ID, res.Diff, res.Row.Name, lose.ID)})
		return evs, nil
	}
	addBlast(lose, res.Diff)
	lose.Broken, lose.Orders = true, OrderBroken
	evs = append(evs, rules.Event{Kind: rules.EvMessage, Side: win.Side,
		Text: fmt.Sprintf("%s: %s wins by %d (%s); %s is broken and takes %d blast marker(s)", kind, win.ID, res.Diff, res.Row.Name, lose.ID, res.Diff)})
	rt, err := r.retreat(s, lose.ID)
	if err != nil {
		return nil, err
	}
	return append(evs, rt...), nil
}

// outsideSupport is the close combat support that f's side gets from its
// other detachments under OptSupportAnyDetachment: each living unit of a
// friendly detachment other than f (titans never) within 15 cm of a unit
// of the enemy detachment them and not in base contact with one adds its
// SupportValue; out-of-command units support too (seed 001), broken
// detachments' halving applies to their own combats only.
func (r *Ruleset) outsideSupport(s *rules.State, f *rules.Formation, them []placed, o Options) (int, error) {
	n := 0
	for i := range s.Formations {
		g := &s.Formations[i]
		if g.Side != f.Side || g.ID == f.ID || !alive(s, g.ID) || r.titanFormation(s, g.ID) {
			continue
		}
		mine, err := r.placedOf(s, g.ID)
		if err != nil {
			return 0, err
		}
		for _, x := range mine {
			engaged, near := false, false
			for _, y := range them {
				dd := world.Distance(x.b, y.b)
				engaged = engaged || dd <= world.Eps
				near = near || dd <= FirefightRange+world.Eps
			}
			if near && !engaged {
				n += SupportValue(x.p.WarEngine(), damageLeft(x.p, x.u), o)
			}
		}
	}
	return n, nil
}
