package e40kai

import (
	"math"

	"github.com/auspex/auspex/ai/search"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/rules/e40k"
)

// Weights tune the E40K evaluation. They are the AI's judgement, not
// rules; each is a share of points.
type Weights struct {
	// Damage is what a lost point of damage capacity of a war engine (or
	// resilient unit) costs, as a share of the unit's points.
	Damage float64
	// Blast is what one blast marker on a detachment costs, as a share of
	// the mean points of its units (markers cut firepower and force
	// leadership tests: E40K-BM-1).
	Blast float64
	// Broken is what a broken detachment costs, as a share of its
	// points in play (E40K-BRK-1).
	Broken float64
	// Objective is what holding an objective marker is worth, as a share
	// of the mean army's points.
	Objective float64
	// Threat is what an enemy unit within a unit's range is worth, as a
	// share of the enemy unit's points; Exposure is what being within an
	// enemy unit's range costs.
	Threat, Exposure float64
	// Approach is what each cm between one of side's units and its
	// nearest enemy, beyond the unit's range, costs per point of the unit
	// (divided by 100): it draws the side into the fight. It counts only
	// side's own units (the distance is the same from both ends, so a
	// symmetric term would cancel out).
	Approach float64
	// Shields is what knocking down a titan's full set of void shields
	// is worth in a volley's price (orderWorth), as a share of the
	// titan's points: the next detachment's fire gets through.
	Shields float64
	// Result is what winning (or losing) is worth, as a share of all
	// units' points.
	Result float64
}

// DefaultWeights are the evaluation's defaults.
func DefaultWeights() Weights {
	return Weights{Damage: 0.8, Blast: 0.15, Broken: 0.3, Objective: 0.1, Threat: 0.02, Exposure: 0.1, Approach: 0.05, Shields: 0.08, Result: 1}
}

// Evaluator scores E40K positions for side (search.Domain's Evaluate and
// the greedy player). Values are in points (Worth): units destroyed,
// damage to war
// engines, blast markers, broken detachments, objectives held, threat and
// exposure, closing the distance, and the result.
type Evaluator struct {
	RS *e40k.Ruleset
	W  Weights
}

// Worth is what the AI counts a unit as: its points when the profile has
// a points value, else (the bundled E40K profiles are placeholders
// without points) a stand-in from its datasheet: 4 per point of damage
// capacity, 2 per shield, its firepower, assault and armour, and 3 per
// super-heavy weapon. An Ork Boyz stand counts 11, a Gargant 59.
func Worth(p *e40k.Profile) float64 {
	if p.Points > 0 {
		return float64(p.Points)
	}
	w := 4*max(p.DC, 1) + 2*p.Shields + p.Firepower + p.Assault + p.Armour + 3*len(p.SuperHeavy)
	return float64(max(w, 1))
}

// placed is a unit in play with what the evaluation reads of it.
type placed struct {
	u   *rules.Unit
	pts float64
	rng float64
}

// Evaluate scores s for side (higher is better). Terms: "destroyed",
// "damage" (war engines' DC lost, titans' ATII damage), "blast", "broken", "objectives", "threat", "approach",
// "result"; they sum to Value. A unit whose profile cannot be read
// counts one point and no range.
func (ev Evaluator) Evaluate(s *rules.State, side string) search.Score {
	var destroyed, damage, total float64
	detPts := map[string]float64{}
	detUnits := map[string]int{}
	var mine, theirs []placed
	for i := range s.Units {
		u := &s.Units[i]
		sign := 1.0
		if u.Side == side {
			sign = -1
		}
		pts, rng, dc := 1.0, 0.0, 1
		if p, err := ev.RS.Profile(s, u); err == nil {
			pts, rng, dc = Worth(&p), p.Range, max(p.DC, 1)
		}
		total += pts
		if !onTable(u) {
			if !ev.RS.InReserve(s, u) {
				destroyed += sign * pts
			}
			continue // flyers at their airfield, stands aboard: in play, not placed
		}
		if n := u.Markers.Value(e40k.MarkDamage); n > 0 {
			damage += sign * ev.W.Damage * pts * float64(min(n, dc)) / float64(dc)
		}
		damage += sign * ev.titanDamage(s, u, pts)
		detPts[u.Formation] += pts
		detUnits[u.Formation]++
		pl := placed{u: u, pts: pts, rng: rng}
		if u.Side == side {
			mine = append(mine, pl)
		} else {
			theirs = append(theirs, pl)
		}
	}
	var blast, broken float64
	for i := range s.Formations {
		f := &s.Formations[i]
		n := detUnits[f.ID]
		if n == 0 {
			continue
		}
		sign := 1.0
		if f.Side == side {
			sign = -1
		}
		mean := detPts[f.ID] / float64(n)
		blast += sign * ev.W.Blast * mean * float64(min(f.Markers.Value(e40k.MarkBlast), n))
		if f.Broken {
			broken += sign * ev.W.Broken * detPts[f.ID]
		}
	}
	var objectives float64
	if su, err := ev.RS.SetupOf(s); err == nil && len(s.Sides) == 2 {
		worth := ev.W.Objective * total / 2
		for _, o := range su.Objectives {
			for _, sd := range s.Sides {
				if ev.RS.HoldsObjective(s, sd.ID, o.ID) {
					if sd.ID == side {
						objectives += worth
					} else {
						objectives -= worth
					}
				}
			}
		}
	}
	threat := ev.contact(mine, theirs)
	approach := -ev.closing(mine, theirs)
	var result float64
	if s.Over && s.Result != nil && s.Result.Winner != "" {
		result = ev.W.Result * total
		if s.Result.Winner != side {
			result = -result
		}
	}
	v := destroyed + damage + blast + broken + objectives + threat + approach + result
	return search.Score{Value: v, Terms: []search.Term{
		{Name: "destroyed", Value: destroyed}, {Name: "damage", Value: damage}, {Name: "blast", Value: blast},
		{Name: "broken", Value: broken}, {Name: "objectives", Value: objectives}, {Name: "threat", Value: threat},
		{Name: "approach", Value: approach}, {Name: "result", Value: result}}}
}

// titanDamage is what a titan's damage short of destruction costs (seed
// 002: titans keep their ATII damage): the share of its points ATII's
// victory points give its damaged locations (ATII-VIC-1), times its
// worth; 0 for any other unit.
func (ev Evaluator) titanDamage(s *rules.State, u *rules.Unit, pts float64) float64 {
	if !ev.RS.IsTitan(u) {
		return 0
	}
	ts, err := ev.RS.TitanOf(u)
	if err != nil {
		return 0
	}
	cu, err := ev.RS.Catalogue().Unit(u.Type)
	if err != nil || cu.Points <= 0 {
		return 0
	}
	return pts * float64(atii.TitanVictoryPoints(cu, cu.Points, ts, false, false)) / float64(cu.Points)
}

// contact is the threat term: enemies within reach of mine (centre to
// centre, range plus a base's allowance) minus mine within theirs.
func (ev Evaluator) contact(mine, theirs []placed) float64 {
	var t float64
	for _, a := range mine {
		for _, b := range theirs {
			d := a.u.Pos.Dist(b.u.Pos)
			if a.rng > 0 && d <= a.rng+2 {
				t += ev.W.Threat * b.pts
			}
			if b.rng > 0 && d <= b.rng+2 {
				t -= ev.W.Exposure * a.pts
			}
		}
	}
	return t
}

// closing is the approach cost of units us: each unit's points times its
// distance beyond its range to the nearest of them (cm), scaled.
func (ev Evaluator) closing(us, them []placed) float64 {
	if len(them) == 0 {
		return 0
	}
	var c float64
	for _, a := range us {
		near := math.Inf(1)
		for _, b := range them {
			near = math.Min(near, a.u.Pos.Dist(b.u.Pos))
		}
		c += ev.W.Approach * a.pts * math.Max(0, near-a.rng) / 100
	}
	return c
}
