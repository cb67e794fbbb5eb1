package e40k

import (
	"fmt"

	"github.com/auspex/auspex/rules"
)

// Rally step stages.
const (
	stageMarkers    = "markers"
	stageRepairs    = "repairs"
	stageRallyTests = "rally-tests"
	stageDone       = "done"
)

func (r *Ruleset) beginRally(s *rules.State, _ rules.Dice) ([]rules.Event, error) {
	g, err := r.progress(s)
	if err != nil {
		return nil, err
	}
	g.Stage, g.Acted = stageMarkers, nil
	return nil, r.sync(s, g)
}

// autoRally removes D6-1 blast markers from each detachment; after the
// rally tests (decisions) it repairs war engines (a D6 per point of
// damage and per shield down, 4+ each) and checks the end of the turn:
// one detachment or war engine a call, in seed 001's order.
func (r *Ruleset) autoRally(s *rules.State, d rules.Dice) ([]rules.Event, bool, error) {
	g, err := r.progress(s)
	if err != nil {
		return nil, false, err
	}
	switch g.Stage {
	case stageMarkers:
		for i := range s.Formations {
			f := &s.Formations[i]
			key := "markers:" + f.ID
			if blast(f) == 0 || g.acted(key) || !alive(s, f.ID) {
				continue
			}
			g.markActed(key)
			face, err := roll(d, rules.Roll{Purpose: "remove blast markers (D6-1): " + f.ID, Sides: 6, Units: []string{f.ID}}, 1)
			if err != nil {
				return nil, false, err
			}
			n := RallyRemoval(face[0], blast(f))
			addBlast(f, -n)
			ev := rules.Event{Kind: rules.EvMessage, Side: f.Side, Text: fmt.Sprintf("%s removes %d blast marker(s), %d left", f.ID, n, blast(f))}
			return []rules.Event{ev}, true, r.storeProgress(s, g)
		}
		g.Stage = stageRallyTests
		return nil, true, r.sync(s, g)
	case stageRepairs:
		for i := range s.Units {
			u := &s.Units[i]
			key := "repair:" + u.ID
			if r.IsTitan(u) {
				if u.Destroyed || u.OffTable || g.acted(key) {
					continue
				}
				g.markActed(key)
				evs, did, err := r.repairTitan(s, d, u.ID)
				if err != nil {
					return nil, false, err
				}
				if did {
					return evs, true, r.storeProgress(s, g)
				}
				continue
			}
			dmg, down := u.Markers.Value(MarkDamage), u.Markers.Value(MarkShieldsDown)
			if u.Destroyed || g.acted(key) || dmg+down == 0 {
				continue
			}
			p, err := r.Profile(s, u)
			if err != nil {
				return nil, false, err
			}
			if !p.WarEngine() {
				continue
			}
			g.markActed(key)
			f, err := roll(d, rules.Roll{Purpose: "repairs: " + u.ID, Sides: 6, Target: RepairTarget, Units: []string{u.ID}}, dmg+down)
			if err != nil {
				return nil, false, err
			}
			fixed := 0
			for _, x := range f {
				if x >= RepairTarget {
					fixed++
				}
			}
			fd := min(fixed, dmg)
			fs := min(fixed-fd, down)
			rules.AddCount(&u.Markers, MarkDamage, -fd)
			rules.AddCount(&u.Markers, MarkShieldsDown, -fs)
			if u.Markers.Value(MarkDamage) <= 0 {
				u.Markers.Delete(MarkDamage)
			}
			if u.Markers.Value(MarkShieldsDown) <= 0 {
				u.Markers.Delete(MarkShieldsDown)
			}
			u.Shields = shieldsLeft(&p, u)
			ev := rules.Event{Kind: rules.EvMessage, Side: u.Side, Units: []string{u.ID}, Text: fmt.Sprintf("%s repairs %d damage and %d shield(s)", u.ID, fd, fs)}
			return []rules.Event{ev}, true, r.storeProgress(s, g)
		}
		if evs, did, err := r.rallyCriticalsStep(s, d, &g); err != nil || did {
			return evs, did, err
		}
		r.endOfTurn(s, &g)
		g.Stage = stageDone
		return nil, true, r.storeProgress(s, g)
	}
	return nil, false, nil
}

// endOfTurn checks army morale and the turn limit at the end of the rally
// phase. Stands aboard a transport and flyers at their airfield are off
// the table but not lost (inReserve), as Victory counts them.
func (r *Ruleset) endOfTurn(s *rules.State, g *Progress) {
	o, _ := r.options(s)
	for si := 0; si < 2 && si < len(s.Sides); si++ {
		left := 0
		for i := range s.Units {
			u := &s.Units[i]
			if u.Side == s.Sides[si].ID && !u.Destroyed && (!u.OffTable || r.inReserve(s, u)) {
				left++
			}
		}
		g.MoraleFailed[si] = o.ArmyMoraleFails(g.Start[si], left)
	}
	su, err := r.setup(s)
	limit := DefaultTurnLimit
	if err == nil && su.TurnLimit > 0 {
		limit = su.TurnLimit
	}
	g.TimeUp = s.Turn >= limit
}

// ArmyMoraleFails reports whether an army that started with start units
// and has left units has lost half or more of them (the army morale
// reading documented in docs/rules/e40k.md).
func ArmyMoraleFails(start, left int) bool {
	return start > 0 && 2*(start-left) >= start
}

// rallyCriticalsStep runs rallyCriticals (critical.go) for the next war
// engine with critical damage, one a call, after every repair roll.
func (r *Ruleset) rallyCriticalsStep(s *rules.State, d rules.Dice, g *Progress) ([]rules.Event, bool, error) {
	syncCritSeen(s)
	for i := range s.Units {
		u := &s.Units[i]
		key := "critical:" + u.ID
		if u.Destroyed || u.OffTable || g.acted(key) || !hasCritEffects(u) {
			continue
		}
		g.markActed(key)
		evs, err := r.rallyCriticals(s, d, u)
		if err != nil {
			return nil, false, err
		}
		return evs, true, r.storeProgress(s, *g)
	}
	return nil, false, nil
}
