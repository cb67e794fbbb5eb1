package atiiai

import (
	"github.com/auspex/auspex/ai/search"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/world"
)

// Weights tune the ATII evaluation. They are the AI's judgement, not
// rules: each is a share of a titan's points.
type Weights struct {
	// Cracked is what an Armour Cracked location costs (the victory
	// points count damage from Superficial up only).
	Cracked float64
	// Shields is what a titan's full set of working void shields is
	// worth (scaled by the share still up).
	Shields float64
	// Threat is what having an enemy titan within a weapon's range and
	// arc is worth, per enemy titan and scaled by its points; Exposure
	// is what being in an enemy's costs. Threat above Exposure makes the
	// player seek the fight.
	Threat, Exposure float64
	// Result is what winning (or losing) the game is worth, as a share
	// of all titans' points.
	Result float64
}

// DefaultWeights are the evaluation's defaults.
func DefaultWeights() Weights {
	return Weights{Cracked: 0.02, Shields: 0.08, Threat: 0.06, Exposure: 0.03, Result: 1}
}

// Evaluator scores ATII positions for the search (search.Domain's
// Evaluate). Values are in points: damage by the victory chart's own
// measure (ATII-VIC-1: destroyed titans 100 %, damage by location), plus
// the Weights' judgement of shields, threats and the result.
type Evaluator struct {
	RS *atii.Ruleset
	W  Weights
}

// Evaluate scores s for side (higher is better). Terms: "damage" (the
// enemy's damage minus the side's, in points), "shields", "threat",
// "result". A titan whose state cannot be read counts as undamaged.
func (ev Evaluator) Evaluate(s *rules.State, side string) search.Score {
	var dmg, shields, total float64
	type placed struct {
		u   *rules.Unit
		pts float64
		rng float64 // the longest range among its working weapons
	}
	var mine, theirs []placed
	for i := range s.Units {
		u := &s.Units[i]
		prof, err := ev.RS.Catalogue().Unit(u.Type)
		if err != nil {
			continue
		}
		pts := float64(max(prof.Points, 1))
		total += pts
		sign := 1.0 // enemy damage is good for side
		if u.Side == side {
			sign = -1
		}
		ts, err := atii.TitanOf(u)
		if err != nil {
			continue
		}
		lost := float64(atii.TitanVictoryPoints(prof, prof.Points, ts, u.OffTable && !u.Destroyed, false))
		if !ts.Destroyed && !u.Destroyed {
			for _, loc := range atii.Locations(prof) {
				if ts.Level(loc) == atii.ArmourCracked {
					lost += ev.W.Cracked * pts
				}
			}
			if prof.VoidShields > 0 {
				shields -= sign * ev.W.Shields * pts * float64(ts.ShieldsUp(prof)) / float64(prof.VoidShields)
			}
		}
		dmg += sign * lost
		if u.Destroyed || u.OffTable || u.Markers.Value(atii.MarkUnplaced) > 0 {
			continue
		}
		p := placed{u: u, pts: pts}
		for _, m := range prof.Mounts {
			id, _ := u.Loadout.Get(m.ID)
			if w, err := ev.RS.Catalogue().Weapon(id); err == nil && ts.Level(m.ID) < atii.Catastrophic {
				p.rng = max(p.rng, w.Range)
			}
		}
		if u.Side == side {
			mine = append(mine, p)
		} else {
			theirs = append(theirs, p)
		}
	}
	var threat float64
	for _, a := range mine {
		for _, t := range theirs {
			if within(a.u, t.u, a.rng) {
				threat += ev.W.Threat * t.pts
			}
			if within(t.u, a.u, t.rng) {
				threat -= ev.W.Exposure * a.pts
			}
		}
	}
	var result float64
	if s.Over && s.Result != nil && s.Result.Winner != "" {
		result = ev.W.Result * total
		if s.Result.Winner != side {
			result = -result
		}
	}
	return search.Score{Value: dmg + shields + threat + result, Terms: []search.Term{
		{Name: "damage", Value: dmg}, {Name: "shields", Value: shields},
		{Name: "threat", Value: threat}, {Name: "result", Value: result}}}
}

// within reports whether b's centre is within rng (plus a base's
// allowance) of a's and in a's front half: a cheap stand-in for range and
// arc that a search can afford at every node.
func within(a, b *rules.Unit, rng float64) bool {
	if rng <= 0 {
		return false
	}
	d := b.Pos.Sub(a.Pos)
	if d.Len() > rng+4 {
		return false
	}
	off := world.NormDeg(world.Bearing(d) - a.Facing)
	return off <= 90+world.Eps || off >= 270-world.Eps
}
