package e40kai

import (
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/e40k"
)

// Flyers and transports for the computer players (digest 8.6, 8.3). The
// ruleset's Legal offers every mission, interception, landing, embarking
// and disembarking as a concrete command, so the search and the scripts
// take them as they are; Greedy decides them with the rules below.

// interceptWorth is the chance of shooting down at least one arriving
// flyer above which Greedy intercepts.
const interceptWorth = 0.3

// greedyAir decides a flyer decision: a transport mission when the
// detachment carries troops (the first landing Legal offers, near an
// objective); else the ground attack of greatest expected worth (its
// exact odds) when it is worth anything; else an intercept mission when
// the enemy has flyers; else stay on the ground. It intercepts an arrival
// it has a fair chance of hurting, and sets landed troops down toward the
// enemy.
func greedyAir(rs *e40k.Ruleset, v game.View, ev Evaluator) rules.Command {
	st := v.State
	switch st.Pending.Kind {
	case e40k.KindIntercept:
		var best rules.Command
		bp := interceptWorth
		for _, c := range v.Choices {
			ic, ok := c.Cmd.(*e40k.InterceptCmd)
			if !ok || ic.Interceptor == "" {
				continue
			}
			if p := interceptChance(rs, st, ic); p > bp {
				best, bp = c.Cmd, p
			}
		}
		if best != nil {
			return best
		}
	case e40k.KindLanding:
		return v.Choices[0].Cmd
	case e40k.KindMission:
		return greedyMission(rs, v, ev)
	}
	return v.Choices[len(v.Choices)-1].Cmd
}

// interceptChance is the chance the interceptor's flyers shoot down at
// least one of the arrival's before return fire.
func interceptChance(rs *e40k.Ruleset, st *rules.State, ic *e40k.InterceptCmd) float64 {
	fr := st.Proc()
	if fr == nil {
		return 0
	}
	fs, targets, err := rs.DogfightFlyers(st, ic.Interceptor, fr.Params.Value("arrival"))
	if err != nil {
		return 0
	}
	miss := 1.0
	for _, f := range fs {
		if f.Side != ic.By {
			continue
		}
		for _, e := range fs {
			if e.ID == targets[f.ID] {
				miss *= 1 - e40k.DogfightKillChance(f.Gunnery, e.Armour)
			}
		}
	}
	return 1 - miss
}

// greedyMission picks the first waiting detachment's mission.
func greedyMission(rs *e40k.Ruleset, v game.View, ev Evaluator) rules.Command {
	st := v.State
	det := ""
	var none, intercept, transport, best rules.Command
	bv := 0.0
	for _, c := range v.Choices {
		mc, ok := c.Cmd.(*e40k.MissionCmd)
		if !ok {
			continue
		}
		if det == "" {
			det = mc.Detachment
		}
		if mc.Detachment != det {
			continue
		}
		switch mc.Mission {
		case e40k.MissionNone:
			none = c.Cmd
		case e40k.MissionIntercept:
			intercept = c.Cmd
		case e40k.MissionTransport:
			if transport == nil {
				transport = c.Cmd
			}
		case e40k.MissionGroundAttack:
			if val, ok := groundAttackValue(rs, st, ev, mc); ok && val > bv {
				best, bv = c.Cmd, val
			}
		}
	}
	enemyFlyers := len(st.Sides) == 2 && len(rs.FlyerDetachments(st, otherSide(st, v.Side))) > 0
	switch {
	case transport != nil && rs.CarriedBy(st, det) > 0:
		return transport // an empty flyer's pick-up missions are left to players
	case best != nil && !(enemyFlyers && intercept != nil && bv < 1):
		return best
	case intercept != nil && enemyFlyers:
		return intercept
	case none != nil:
		return none
	}
	return v.Choices[0].Cmd
}

// titanHitsWorth is the share of a titan's worth one hit on the titan
// itself (behind its shields) is taken to cost it, for valuing attacks on
// titans before they are rolled: a heuristic (ATII damage is by location;
// a handful of hits usually wrecks a titan).
const titanHitsWorth = 0.15

// groundAttackValue is a ground attack's expected worth, as fireValue; on
// a titan (seed 002: the ATII rules), the expected hits on the titan
// itself, each worth titanHitsWorth of it.
func groundAttackValue(rs *e40k.Ruleset, st *rules.State, ev Evaluator, mc *e40k.MissionCmd) (float64, bool) {
	if u := st.Unit(mc.Target); u != nil && rs.IsTitan(u) {
		v, err := rs.FlyerTitanPlan(st, mc.Detachment, mc.Target)
		if err != nil {
			return 0, false
		}
		ods, err := v.Odds()
		if err != nil {
			return 0, false
		}
		p, err := rs.Profile(st, u)
		if err != nil {
			return 0, false
		}
		hits := 0.0
		for _, od := range ods {
			hits += od.TitanHits.Mean()
		}
		return hits * titanHitsWorth * Worth(&p), true
	}
	plan, err := rs.GroundAttackPlan(st, mc.Detachment, mc.Target)
	if err != nil {
		return 0, false
	}
	o, err := e40k.ParseOptions(st.Options)
	if err != nil {
		return 0, false
	}
	od, err := plan.Odds(o)
	if err != nil {
		return 0, false
	}
	ms := members(st, mc.Target)
	if len(ms) == 0 {
		return 0, false
	}
	var pts float64
	for _, u := range ms {
		if p, err := rs.Profile(st, u); err == nil {
			pts += Worth(&p)
		}
	}
	mean := pts / float64(len(ms))
	return od.Destroyed.Mean()*mean + od.Markers.Mean()*ev.W.Blast*mean, true
}

// greedyDisembark sets carried troops down toward the enemy whenever
// Legal offers it in the movement phase.
func greedyDisembark(v game.View) rules.Command {
	for _, c := range v.Choices {
		if dc, ok := c.Cmd.(*e40k.DisembarkCmd); ok && len(dc.Moves) > 0 {
			return c.Cmd
		}
	}
	return nil
}

func otherSide(st *rules.State, side string) string {
	for _, sd := range st.Sides {
		if sd.ID != side {
			return sd.ID
		}
	}
	return ""
}

// firstUnitOf is the first living unit of a detachment on the table or
// off it (flyers), else the choice's first unit.
func firstUnitOf(s *rules.State, det string, c rules.Choice) string {
	for i := range s.Units {
		if u := &s.Units[i]; u.Formation == det && !u.Destroyed {
			return u.ID
		}
	}
	if len(c.Units) > 0 {
		return c.Units[0]
	}
	return ""
}
