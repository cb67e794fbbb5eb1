package atiiai

import (
	"math"

	"github.com/auspex/auspex/ai/search"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
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
	// Threat is what the side's guns can do this turn (firepower: for
	// each gun the best target in its arc and range, the target's points
	// times the chance to hit with the movement modifiers times the
	// gun's punch), as a share of that; Exposure is what the enemy's
	// guns can do to the side. With the two equal the player weighs the
	// exchange of fire evenly (moving 20 cm or more, standing still,
	// arcs and ranges all count). Both are 0 by default: Exchange prices
	// the same exchange with the exact odds, and won more games.
	Threat, Exposure float64
	// Reach weighs, as a share of Threat and Exposure, the same exchange
	// one move ahead: every gun's range stretched by its titan's Speed, in
	// any arc, this turn's moves not counted. It draws titans toward a
	// fight they would win and away from one they would lose before they
	// are in range. With Threat and Exposure 0 it counts nothing.
	Reach float64
	// Result is what winning (or losing) the game is worth, as a share
	// of all titans' points.
	Result float64
	// Rear and Flank are what having weapons in arc and range on an
	// enemy titan from its rear (side) hit quadrant is worth, per enemy
	// titan and scaled by its points and the share of the firer's
	// weapons that bear; being shot at from one's own rear (side) costs
	// the same.
	Rear, Flank float64
	// Objective is what meeting every goal of the side's victory
	// conditions (Goals) is worth at the end of the game, as a share of
	// all titans' points: half of it on turn 1, rising to all of it on
	// the last turn; coming near a goal earns up to 30 % of its share, a
	// hold the enemy can still walk into 70 % (Goals.progress). On the
	// last turn a decisive goal (Goal.Decisive) held securely is worth
	// Result instead: the game is won.
	Objective float64
	// Decisive replaces Objective for a decisive goal (Goal.Decisive:
	// one that wins the game outright when held at the end), which is
	// worth more than a goal that only counts toward a result.
	Decisive float64
	// Melee weighs the close combat of titans in base contact: the
	// victory points one round of the side's attacks is expected to
	// take off the enemy minus the same the other way
	// (atii.Ruleset.CloseCombatThreat).
	Melee float64
	// Charge weighs, as a share of Melee, the charges titans with a close
	// combat weapon may make in the coming assault phase: a titan within
	// its Speed of an enemy titan could be in base contact, its blows
	// untouched by void shields (ATII-CC-2); each counts the round it
	// would win most, turned to face its target with the charge bonus
	// (atii.Ruleset.ChargeThreat), less the blows it takes back. Titans
	// with only improvised attacks are left out.
	Charge float64
	// Sight is how far Threat and Exposure count lines of sight and
	// cover (ATII-SHT-2) as the titans stand now: 0 ignores them (every
	// gun in arc and range shoots, cover left to the search's dice); 1
	// counts a gun whose line to the target is blocked as no shot and a
	// target half or more hidden at -1 to hit; between, the mix.
	Sight float64
	// Exchange weighs the exchange of fire to come priced exactly: for
	// each titan that has not fired this turn, the victory points (and
	// shields) its best volley as the table stands is expected to take
	// (greedy's pricing: every shot the rules would allow now, each mount
	// at its best target and aim by the exact odds, ATII-SHT-4 to
	// ATII-DMG-3), the side's minus the enemy's. 0 leaves it out (the
	// Threat term's estimate stands alone).
	Exchange float64
	// Danger is what standing in dangerous terrain costs, per titan and
	// scaled by its points, times the expected share of its Speed the
	// dangerous terrain dice take when it next moves (ATII-MOV-4: one D6
	// per Man point, the total off Speed), from the exact distribution.
	Danger float64
}

// DefaultWeights are the evaluation's defaults. The exchange of fire is
// priced exactly (Exchange at half its expected worth) rather than
// estimated (Threat and Exposure): against greedy on the battlegroup at
// 1,000 positions a decision that won 18 of 20 games where the estimate
// won 14 (docs/ai.md).
func DefaultWeights() Weights {
	return Weights{Cracked: 0.02, Shields: 0.08, Exchange: 0.5, Reach: 0.3, Result: 1,
		Rear: 0.05, Flank: 0.02, Objective: 0.25, Decisive: 0.5, Danger: 0.01, Melee: 1, Charge: 0.5}
}

// placed is a titan on the table as the evaluation sees it.
type placed struct {
	u    *rules.Unit
	pts  float64
	prof *catalog.Unit
	guns []gun
}

// Evaluator scores ATII positions for the search (search.Domain's
// Evaluate). Values are in points: damage by the victory chart's own
// measure (ATII-VIC-1: destroyed titans 100 %, damage by location), plus
// the Weights' judgement of shields, threats and the result.
type Evaluator struct {
	RS *atii.Ruleset
	W  Weights
	// Goals are the places that win the game (BuildGoals); nil: no
	// objective term.
	Goals *Goals
	// Memo keeps the Exchange term's shot odds between positions (nil:
	// each position works its own out).
	Memo *atii.OutcomeMemo
}

// Evaluate scores s for side (higher is better). Terms: "damage" (the
// enemy's damage minus the side's, in points), "shields", "threat" (the
// exchange of fire this turn), "reach" (the same a move ahead), "flank"
// (weapons on rear and side quadrants, both ways), "objective"
// (goals held or neared, the side's minus the enemy's), "terrain"
// (dangerous terrain stood in, the enemy's minus the side's), "result".
// A titan whose state cannot be read counts as undamaged.
func (ev Evaluator) Evaluate(s *rules.State, side string) search.Score {
	var dmg, shields, total float64
	var mine, theirs []placed
	var terrain float64
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
			if sheet.Of(prof).VoidShields > 0 {
				shields -= sign * ev.W.Shields * pts * float64(ts.ShieldsUp(prof)) / float64(sheet.Of(prof).VoidShields)
			}
		}
		dmg += sign * lost
		if u.Destroyed || u.OffTable || u.Markers.Value(atii.MarkUnplaced) > 0 {
			continue
		}
		p := placed{u: u, pts: pts, prof: prof}
		p.guns = gunsOf(ev.RS, prof, u, ts)
		if ev.W.Danger != 0 {
			terrain += sign * ev.W.Danger * pts * ev.dangerShare(prof, u)
		}
		if u.Side == side {
			mine = append(mine, p)
		} else {
			theirs = append(theirs, p)
		}
	}
	// Titans in base contact fight in the assault phase and neither
	// shoot nor are shot at (ATII-SHT-1).
	var melee float64
	locked := map[string]bool{}
	for _, a := range mine {
		for _, t := range theirs {
			if !world.InContact(unitBase(ev.RS, a.u), unitBase(ev.RS, t.u)) {
				continue
			}
			locked[a.u.ID], locked[t.u.ID] = true, true
			if ev.W.Melee == 0 {
				continue
			}
			if v, err := ev.RS.CloseCombatThreat(s, a.u.ID, t.u.ID); err == nil {
				melee += ev.W.Melee * v
			}
			if v, err := ev.RS.CloseCombatThreat(s, t.u.ID, a.u.ID); err == nil {
				melee -= ev.W.Melee * v
			}
		}
	}
	if ev.W.Melee != 0 && ev.W.Charge != 0 {
		melee += ev.W.Melee * ev.W.Charge * (ev.charges(s, mine, theirs, locked) - ev.charges(s, theirs, mine, locked))
	}
	free := func(ps []placed) []placed {
		if len(locked) == 0 {
			return ps
		}
		out := make([]placed, 0, len(ps))
		for _, p := range ps {
			if !locked[p.u.ID] {
				out = append(out, p)
			}
		}
		return out
	}
	freeMine, freeTheirs := free(mine), free(theirs)
	var threat float64
	var see sightFunc
	if ev.W.Sight != 0 {
		// Off by default (docs/ai.md). Switched on for good it would want
		// a memo of its own: search positions fill the ruleset's shared
		// sight memo, which is cleared when full. A line that cannot be
		// measured counts as clear, as with Sight at 0.
		see = func(a, t *rules.Unit) (blocked, cover bool) {
			g, err := ev.RS.Sight(s, a, t)
			if err != nil {
				return false, false
			}
			return g.LOS == world.LOSBlocked, g.LOS == world.LOSCover
		}
	}
	if ev.W.Threat != 0 || ev.W.Exposure != 0 {
		for _, a := range freeMine {
			threat += ev.W.Threat * firepower(a, freeTheirs, false, see, ev.W.Sight)
		}
		for _, t := range freeTheirs {
			threat -= ev.W.Exposure * firepower(t, freeMine, false, see, ev.W.Sight)
		}
	}
	var exchange float64
	if ev.W.Exchange != 0 {
		exchange = ev.W.Exchange * ev.exchange(s, mine, theirs)
	}
	var reach float64
	if ev.W.Reach != 0 && (ev.W.Threat != 0 || ev.W.Exposure != 0) {
		for _, a := range mine {
			reach += ev.W.Reach * ev.W.Threat * firepower(a, theirs, true, nil, 0)
		}
		for _, t := range theirs {
			reach -= ev.W.Reach * ev.W.Exposure * firepower(t, mine, true, nil, 0)
		}
	}
	var flank float64
	for _, a := range mine {
		for _, t := range theirs {
			flank += ev.flankValue(a.guns, a.u, t.u, t.pts)
			flank -= ev.flankValue(t.guns, t.u, a.u, a.pts)
		}
	}
	var objective float64
	if ev.Goals != nil && ev.W.Objective != 0 && len(ev.Goals.List) > 0 {
		f := 1.0
		if lim := ev.Goals.TurnLimit; lim > 0 {
			f = 0.5 + 0.5*math.Min(1, float64(max(s.Turn, 1)-1)/float64(max(lim-1, 1)))
		}
		last := ev.Goals.TurnLimit > 0 && s.Turn >= ev.Goals.TurnLimit
		for _, g := range ev.Goals.List {
			p := ev.Goals.progress(ev.RS, s, g)
			w := ev.W.Objective
			if g.Decisive && ev.W.Decisive != 0 {
				w = ev.W.Decisive
			}
			v := w * total * f * g.Weight * p
			if last && g.Decisive && p >= 1 {
				// held securely on the last turn: the game is won
				v = math.Max(v, ev.W.Result*total*g.Weight)
			}
			if g.Side == side {
				objective += v
			} else {
				objective -= v
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
	return search.Score{Value: dmg + shields + threat + exchange + melee + reach + flank + objective + terrain + result, Terms: []search.Term{
		{Name: "damage", Value: dmg}, {Name: "shields", Value: shields},
		{Name: "threat", Value: threat}, {Name: "exchange", Value: exchange}, {Name: "melee", Value: melee}, {Name: "reach", Value: reach}, {Name: "flank", Value: flank},
		{Name: "objective", Value: objective}, {Name: "terrain", Value: terrain},
		{Name: "result", Value: result}}}
}

// exchange is the Exchange term before its weight: the worth of the best
// volley (pricer.setupVolley over Ruleset.EachShot) of each of mine that has
// not fired this turn, minus the same for theirs. A titan whose shots
// cannot be listed adds nothing.
func (ev Evaluator) exchange(s *rules.State, mine, theirs []placed) float64 {
	p := newPricer(ev.RS, s)
	p.memo = ev.Memo
	worth := func(ps []placed) float64 {
		sum := 0.0
		for _, a := range ps {
			if a.u.Fired || len(a.guns) == 0 {
				continue
			}
			v, add := p.setupVolley()
			if err := ev.RS.EachShot(s, a.u.ID, add); err == nil {
				sum += v.total()
			}
		}
		return sum
	}
	return worth(mine) - worth(theirs)
}

// charges is what the charges of by's titans on at's are worth (Weights.
// Charge before its weights): for each titan of by with a close combat
// weapon, not in combat, the best of the rounds it could win against an
// enemy titan not in combat within its Speed (edge to edge), charging
// (atii.Ruleset.ChargeThreat) less the blows it takes back
// (CloseCombatThreat), when that is more than nothing.
func (ev Evaluator) charges(s *rules.State, by, at []placed, locked map[string]bool) float64 {
	var sum float64
	for _, a := range by {
		if locked[a.u.ID] || !hasCloseCombat(ev.RS, a.prof, a.u) {
			continue
		}
		ab := unitBase(ev.RS, a.u)
		best := 0.0
		for _, t := range at {
			if locked[t.u.ID] || world.Distance(ab, unitBase(ev.RS, t.u)) > a.prof.Speed {
				continue
			}
			give, err := ev.RS.ChargeThreat(s, a.u.ID, t.u.ID)
			if err != nil {
				continue
			}
			take, err := ev.RS.CloseCombatThreat(s, t.u.ID, a.u.ID)
			if err != nil {
				continue
			}
			best = math.Max(best, give-take)
		}
		sum += best
	}
	return sum
}

// hasCloseCombat reports whether titan u carries a close combat weapon.
func hasCloseCombat(rs *atii.Ruleset, prof *catalog.Unit, u *rules.Unit) bool {
	for _, m := range sheet.Of(prof).Mounts {
		id, ok := u.Loadout.Get(m.ID)
		if !ok {
			continue
		}
		if w, err := rs.Catalogue().Weapon(id); err == nil && w.Kind == catalog.CloseCombat {
			return true
		}
	}
	return false
}

// flankValue is what a's guns on t (worth pts) from t's rear or side
// quadrant are worth: Rear (Flank) times pts times the share of a's guns
// that bear; 0 from the front or with no gun bearing.
func (ev Evaluator) flankValue(guns []gun, a, t *rules.Unit, pts float64) float64 {
	if len(guns) == 0 {
		return 0
	}
	var w float64
	switch quadrantOf(t.Pos, t.Facing, a.Pos) {
	case sheet.Rear:
		w = ev.W.Rear
	case sheet.Side:
		w = ev.W.Flank
	default:
		return 0
	}
	n := coverage(guns, a.Pos, a.Facing, t.Pos)
	return w * pts * float64(n) / float64(len(guns))
}

// dangerShare is the expected share of u's Speed that dangerous terrain
// dice take when it next moves, when its centre stands in terrain
// dangerous for its class (0 otherwise): E[min(total of Man D6, Speed)]
// over Speed, from the exact distribution (ATII-MOV-4).
func (ev Evaluator) dangerShare(prof *catalog.Unit, u *rules.Unit) float64 {
	w := ev.RS.World()
	if w == nil || prof.Speed <= 0 || sheet.Of(prof).Man <= 0 {
		return 0
	}
	terr := ev.RS.Terrain(nil)
	in := false
	for i := range w.Features {
		f := &w.Features[i]
		if terr.PassageFor(f.Kind, prof.Class) == world.Dangerous && world.PointInPolygon(u.Pos, f.Poly) {
			in = true
			break
		}
	}
	if !in {
		return 0
	}
	dist := atii.DiceExpr{N: sheet.Of(prof).Man, Sides: 6}.Dist()
	var e float64
	for v, p := range dist {
		e += p * math.Min(float64(v), prof.Speed)
	}
	return e / prof.Speed
}

// bears reports whether gun g of a titan at a has b's centre in its arc
// and range (plus the base allowance).
func bears(g gun, a, b *rules.Unit) bool {
	d := b.Pos.Sub(a.Pos)
	if d.Len() > g.rng+reachAllowance {
		return false
	}
	ok, err := atii.InArc(g.arc, world.RelDeg(world.Bearing(d)-a.Facing))
	return err == nil && ok
}

// sightFunc reports whether the line from a to t is blocked, or leaves t
// half or more hidden (cover).
type sightFunc func(a, t *rules.Unit) (blocked, cover bool)

// firepower is what p's guns can do to targets: for each gun, the best
// over the targets it bears on of the target's points times its chance to
// hit (ATII-SHT-4: Gunnery with the accuracy, agility and movement
// modifiers) times the gun's punch. With see, lines of sight count by
// share (Weights.Sight): a blocked line leaves 1-share of the shot, cover
// mixes the -1 to hit in by share; each pair is measured once, when a gun
// bears. With nextTurn, a gun bears on every target within its range plus
// the firer's Speed, in any arc (where it could shoot after its next
// move), this turn's moves and sight are not counted.
func firepower(p placed, targets []placed, nextTurn bool, see sightFunc, share float64) float64 {
	a := p.u
	gunnery := sheet.Of(p.prof).Gunnery
	const (
		unmeasured = iota
		clear
		hidden
		blocked
	)
	var lines []uint8 // per target, when see is set
	if see != nil && !nextTurn {
		lines = make([]uint8, len(targets))
	}
	var sum float64
	for _, g := range p.guns {
		best := 0.0
		if nextTurn {
			g.rng += p.prof.Speed
		}
		for ti, t := range targets {
			if nextTurn {
				if t.u.Pos.Dist(a.Pos) > g.rng+reachAllowance {
					continue
				}
			} else if !bears(g, a, t.u) {
				continue
			}
			m := g.acc
			if !nextTurn {
				if !t.u.Moved {
					m++
				} else if t.u.MovedDist >= atii.RapidTarget-world.Eps {
					m--
				}
				if !a.Moved {
					m++
				}
			}
			if sheet.Of(t.prof).Man >= atii.AgileMan {
				m--
			}
			v := t.pts * atii.HitProb(gunnery-m) * g.punch
			if lines != nil {
				if lines[ti] == unmeasured {
					b, c := see(a, t.u)
					lines[ti] = clear
					if b {
						lines[ti] = blocked
					} else if c {
						lines[ti] = hidden
					}
				}
				switch lines[ti] {
				case blocked:
					v *= 1 - share
				case hidden:
					v = (1-share)*v + share*t.pts*atii.HitProb(gunnery-m+1)*g.punch
				}
			}
			if v > best {
				best = v
			}
		}
		sum += best
	}
	return sum
}
