package atiiai

import (
	"fmt"
	"math"
	"sort"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/world"
)

// This file adds the end points that the evaluation's positional terms
// look for to the candidate generator's moves (candidates.go): a place in
// an enemy's rear or side quadrant with weapons on it, a place outside
// every enemy weapon's arc and range, the way to an objective, and the
// range bands (just out of the enemy's reach, at the titan's own longest
// range).

// gun is one working weapon of a titan: its fire arc and range (cm).
type gun struct {
	arc string
	rng float64
	// acc is the weapon's accuracy (ATII-SHT-4); punch is its mean rate
	// of fire times the chance that a hit beats a void shield's armour
	// (ATII-SHT-7: D6 + Str over 8), a rough measure of what it does.
	acc   int
	punch float64
}

// unlimitedRange stands for an unlimited range (support missiles).
const unlimitedRange = 1000

// gunsOf lists u's working weapons (mounts whose location is not
// Catastrophically damaged; unlimited-range weapons reach
// unlimitedRange).
func gunsOf(rs *atii.Ruleset, prof *catalog.Unit, u *rules.Unit, ts atii.TitanState) []gun {
	mounts := sheet.Of(prof).Mounts
	out := make([]gun, 0, len(mounts))
	for _, m := range mounts {
		id, _ := u.Loadout.Get(m.ID)
		w, err := rs.Catalogue().Weapon(id)
		if err != nil || ts.Level(m.ID) >= atii.Catastrophic {
			continue
		}
		r := w.Range
		if w.Unlimited {
			r = unlimitedRange
		}
		if r > 0 {
			ws := sheet.WeaponOf(w)
			g := gun{arc: m.Arc, rng: r, acc: ws.Acc, punch: 1}
			if e, err := atii.ParseDice(ws.RoF); err == nil {
				g.punch = (float64(e.N)*float64(e.Sides+1)/2 + float64(e.Plus)) * beatsShield(ws.Str)
			}
			out = append(out, g)
		}
	}
	return out
}

// reachAllowance is added to a weapon's range when measuring centre to
// centre (ranges are edge to edge).
const reachAllowance = 4

// coverage is how many of guns (fired from a base at from facing facing)
// have a target at to in arc and range.
func coverage(guns []gun, from world.Vec, facing float64, to world.Vec) int {
	d := to.Sub(from)
	dist := d.Len()
	rel := world.RelDeg(world.Bearing(d) - facing)
	n := 0
	for _, g := range guns {
		if dist > g.rng+reachAllowance {
			continue
		}
		if ok, err := atii.InArc(g.arc, rel); err == nil && ok {
			n++
		}
	}
	return n
}

// quadrantOf is the hit quadrant of target (at tpos facing tface) for an
// attacker at from.
func quadrantOf(tpos world.Vec, tface float64, from world.Vec) sheet.Direction {
	return atii.Quadrant(world.Bearing(from.Sub(tpos)) - tface)
}

// fighter is a titan as the tactical moves see it.
type fighter struct {
	u    *rules.Unit
	pts  float64
	guns []gun
	long float64 // the longest limited range among guns
}

// fighters lists the operational titans of st with their guns.
func fighters(rs *atii.Ruleset, st *rules.State) []fighter {
	var out []fighter
	for i := range st.Units {
		u := &st.Units[i]
		if !operational(u) {
			continue
		}
		prof, err := rs.Catalogue().Unit(u.Type)
		if err != nil {
			continue
		}
		ts, err := atii.TitanOf(u)
		if err != nil || ts.Destroyed {
			continue
		}
		f := fighter{u: u, pts: float64(max(prof.Points, 1)), guns: gunsOf(rs, prof, u, ts)}
		for _, g := range f.guns {
			if g.rng < unlimitedRange {
				f.long = math.Max(f.long, g.rng)
			}
		}
		out = append(out, f)
	}
	return out
}

// spot is a place to try moving to, scored (higher first).
type spot struct {
	at    world.Vec
	score float64
	text  string // "" for the kind's own
}

// tacticalMoves returns up to n moves of unit id (a move template's unit)
// accepted by st, one of each kind that applies, in this order:
//
//   - make for the nearest goal of side that it does not hold yet (to
//     its near side, half the hold distance short of it);
//   - round on an enemy's rear (or side) quadrant, ending facing it with
//     a weapon in arc and range: the spots are the nearest enemy's rear
//     and rear-side at two thirds of the titan's longest range;
//   - stand at the titan's own longest range from the nearest enemy,
//     facing it;
//   - in the movement phase within 10 cm of the nearest enemy (in close
//     combat, say), first: step straight away from it;
//   - when losing (disengaging), before the two above: step out of every
//     enemy weapon's arc and range (as the enemies now face), keeping
//     weapons on an enemy where it can (a ring of spots), and stand just
//     outside the nearest enemy's longest range, facing it.
//
// Each kind tries its spots best first, the whole way and then shorter,
// and adds the first move Validate accepts.
func tacticalMoves(rs *atii.Ruleset, st *rules.State, side, id string, goals *Goals, losing bool, n int) []rules.Choice {
	u := st.Unit(id)
	if u == nil || n <= 0 {
		return nil
	}
	prof, err := rs.Catalogue().Unit(u.Type)
	if err != nil {
		return nil
	}
	speed := prof.Speed
	if speed <= 0 {
		speed = 15
	}
	all := fighters(rs, st)
	var me *fighter
	var enemies []fighter
	for i := range all {
		switch {
		case all[i].u.ID == id:
			me = &all[i]
		case all[i].u.Side != side:
			enemies = append(enemies, all[i])
		}
	}
	if me == nil {
		return nil
	}
	sort.SliceStable(enemies, func(i, j int) bool {
		return enemies[i].u.Pos.Dist(u.Pos) < enemies[j].u.Pos.Dist(u.Pos)
	})
	col := newCollector(st)
	col.rs = rs
	facing := func(at world.Vec) *float64 {
		if len(enemies) == 0 {
			return nil
		}
		return atii.Face(math.Round(world.Bearing(enemies[0].u.Pos.Sub(at))))
	}
	// try adds the first accepted move toward the spots (best first),
	// each the whole way, then three quarters and half of it, ending
	// with the facing face gives (nil face: turning toward the spot
	// first and walking forwards).
	try := func(spots []spot, text string, face func(world.Vec) *float64, keep func(world.Vec) bool) {
		if len(col.out) >= n {
			return
		}
		sort.SliceStable(spots, func(i, j int) bool { return spots[i].score > spots[j].score })
		for k, sp := range spots {
			if k >= 3 {
				return
			}
			for _, frac := range []float64{1, 0.75, 0.5} {
				to := u.Pos.Add(sp.at.Sub(u.Pos).Scale(frac))
				if to.Dist(u.Pos) < 1 {
					break
				}
				if keep != nil && !keep(to) {
					continue
				}
				t := text
				if sp.text != "" {
					t = sp.text
				}
				var mv *atii.MoveCmd
				var end float64
				if face == nil {
					// turn on the spot toward it, then walk forwards
					dir := world.Bearing(to.Sub(u.Pos))
					mv = rs.Move(side, id, atii.Waypoint{X: u.Pos.X, Y: u.Pos.Y, Facing: atii.Face(math.Round(dir))}, atii.Waypoint{X: to.X, Y: to.Y})
					end = math.Round(dir)
				} else {
					wp := atii.Waypoint{X: to.X, Y: to.Y, Facing: face(to)}
					mv = rs.Move(side, id, wp)
					end = faceOr(wp.Facing, u.Facing)
				}
				if col.add(mv, id, to, end, t) {
					return
				}
				if face != nil && keep == nil {
					// too much turning (a Man point per 45 degrees):
					// end facing the way it walked (kinds whose spot
					// does not depend on the facing)
					mv = rs.Move(side, id, atii.Waypoint{X: to.X, Y: to.Y})
					end, _ = endFacing(u, to)
					if col.add(mv, id, to, end, t) {
						return
					}
				}
			}
		}
	}
	// The nearest goal not yet held securely.
	if goals != nil {
		var spots []spot
		for _, g := range goals.List {
			if g.Side != side || g.EnemyHalf || goals.progress(rs, st, g) >= 1 {
				continue
			}
			spots = append(spots, spot{at: g.At, score: -g.At.Dist(u.Pos)})
		}
		if len(spots) > 0 {
			sort.SliceStable(spots, func(i, j int) bool { return spots[i].score > spots[j].score })
			goal := spots[0].at
			name, hold := "", float64(atii.HoldDistance)
			for _, g := range goals.List {
				if g.At == goal {
					name, hold = g.Label, g.radius()
					break
				}
			}
			// the near side of the marker: it still holds (within the
			// goal's radius of the base edge) for less walking
			near := goal
			if d := u.Pos.Sub(goal); d.Len() > hold/2 {
				near = goal.Add(d.Scale(hold / 2 / d.Len()))
			}
			cands := []spot{{at: near, score: 1}}
			// better, screening it: between the marker and the enemy
			// titan nearest it, still holding, so that the enemy
			// stopped by this titan's base stays outside the hold
			// distance (Goals.secure)
			if e := nearestTo(enemies, goal); e != nil {
				if d := e.u.Pos.Sub(goal); d.Len() > 1e-9 {
					r := hold + baseRadius(rs, u) - screenMargin
					cands = append(cands, spot{at: goal.Add(d.Scale(r / d.Len())), score: 2,
						text: fmt.Sprintf("%s: screen %s from %s", id, name, e.u.ID)})
				}
			}
			for i := range cands {
				if d := cands[i].at.Sub(u.Pos); d.Len() > speed {
					cands[i].at = u.Pos.Add(d.Scale(speed / d.Len()))
				}
			}
			text := fmt.Sprintf("%s: make for %s", id, name)
			// round the wood (or building) in the way, when that is
			// quicker than wading through it
			if d, ok := detourAround(rs, prof, baseRadius(rs, u), u.Pos, near); ok {
				if leg, ok := detourLeg(d, u.Pos, baseRadius(rs, u), speed); ok {
					try([]spot{{at: leg, score: 1}}, fmt.Sprintf("%s round %s", text, d.feature), nil, nil)
				}
			}
			before := len(col.out)
			try(cands, text, facing, nil)
			if len(col.out) == before {
				// the straight walks are blocked (a building, say):
				// the best spot's direction turned 25 and 50 degrees
				// either way, the same distance
				best := cands[len(cands)-1]
				if d := best.at.Sub(u.Pos); d.Len() > 1 {
					var detours []spot
					for i, off := range []float64{25, -25, 50, -50} {
						detours = append(detours, spot{at: u.Pos.Add(world.Heading(world.Bearing(d) + off).Scale(d.Len())),
							score: -float64(i), text: best.text})
					}
					try(detours[:2], text, facing, nil)
					try(detours[2:], text, facing, nil)
				}
			}
		}
	}
	if len(enemies) == 0 {
		return col.out
	}
	near := enemies[0]
	faceNear := func(at world.Vec) *float64 {
		return atii.Face(math.Round(world.Bearing(near.u.Pos.Sub(at))))
	}
	// disengage tries a move ending facing the nearest enemy
	// (walked backwards: ATII-MOV-3 triples its cost), else walked
	// forwards, ending with the enemy behind (the flank term prices the
	// exposed rear).
	disengage := func(spots []spot, text string, keep func(world.Vec) bool) {
		before := len(col.out)
		try(spots, text, faceNear, keep)
		if len(col.out) == before {
			try(spots, text+", turning its back", nil, keep)
		}
	}
	flank := func() {
		// Round on the nearest enemy's rear or side.
		if me.long > 0 {
			radii := baseRadius(rs, me.u) + baseRadius(rs, near.u)
			var spots []spot
			for _, r := range []float64{atii.EnemyExclusion + radii + 3, me.long / 3, me.long * 2 / 3} {
				if r < atii.EnemyExclusion+radii+3 {
					continue
				}
				for _, off := range []float64{180, 135, -135, 100, -100} {
					at := near.u.Pos.Add(world.Heading(near.u.Facing + off).Scale(r))
					if at.Dist(u.Pos) > speed+world.Eps {
						continue
					}
					score, where := 0.0, ""
					switch quadrantOf(near.u.Pos, near.u.Facing, at) {
					case sheet.Rear:
						score, where = 2, "rear"
					case sheet.Side:
						score, where = 1, "side"
					default:
						continue
					}
					if coverage(me.guns, at, world.Bearing(near.u.Pos.Sub(at)), near.u.Pos) == 0 {
						continue
					}
					spots = append(spots, spot{at: at, score: score - at.Dist(u.Pos)/100,
						text: fmt.Sprintf("%s: round on %s's %s", id, near.u.ID, where)})
				}
			}
			behind := func(to world.Vec) bool {
				return quadrantOf(near.u.Pos, near.u.Facing, to) != sheet.Front &&
					coverage(me.guns, to, world.Bearing(near.u.Pos.Sub(to)), near.u.Pos) > 0
			}
			try(spots, "", faceNear, behind)
		}
	}
	longRange := func() {
		// At the titan's own longest range from the nearest enemy.
		away := u.Pos.Sub(near.u.Pos)
		if dist := away.Len(); dist > 1e-9 {
			dir := away.Scale(1 / dist)
			radii := baseRadius(rs, me.u) + baseRadius(rs, near.u)
			band := func(centre float64, text string) {
				if centre <= atii.EnemyExclusion+radii || math.Abs(centre-dist) > speed || math.Abs(centre-dist) < 2 {
					return
				}
				try([]spot{{at: near.u.Pos.Add(dir.Scale(centre))}}, text, faceNear, nil)
			}
			if me.long > 0 {
				band(me.long+radii-1, fmt.Sprintf("%s: close to long range of %s", id, near.u.ID))
			}
		}
	}
	justOut := func() {
		// Just outside the nearest enemy's longest range.
		away := u.Pos.Sub(near.u.Pos)
		if dist := away.Len(); dist > 1e-9 {
			dir := away.Scale(1 / dist)
			radii := baseRadius(rs, me.u) + baseRadius(rs, near.u)
			band := func(centre float64, text string) {
				if centre <= atii.EnemyExclusion+radii || math.Abs(centre-dist) > speed || math.Abs(centre-dist) < 2 {
					return
				}
				disengage([]spot{{at: near.u.Pos.Add(dir.Scale(centre))}}, text, nil)
			}
			if near.long > 0 {
				band(near.long+radii+reachAllowance+1, fmt.Sprintf("%s: stand just out of %s's range", id, near.u.ID))
			}
		}
	}
	outOfArcs := func() {
		// Disengaging: out of every enemy's arcs and range (where none
		// bears at all).
		exposure := func(at world.Vec) float64 {
			e := 0.0
			for _, en := range enemies {
				e += float64(coverage(en.guns, en.u.Pos, en.u.Facing, at)) * en.pts
			}
			return e
		}
		if exposure(u.Pos) > 0 {
			var spots []spot
			for i := 0; i < 16; i++ {
				for _, frac := range []float64{1, 0.5} {
					at := u.Pos.Add(world.Heading(float64(i) * 22.5).Scale(speed * frac))
					e := exposure(at)
					if e > 0 {
						continue
					}
					mine := float64(coverage(me.guns, at, world.Bearing(near.u.Pos.Sub(at)), near.u.Pos))
					spots = append(spots, spot{at: at, score: -e + mine*near.pts/10 - at.Dist(u.Pos)/100})
				}
			}
			disengage(spots, fmt.Sprintf("%s: step out of the enemy's arcs", id), func(to world.Vec) bool { return exposure(to) == 0 })
		}
	}
	breakAway := func() {
		// In the movement phase, within the 10 cm keep-out of the
		// nearest enemy (in base contact, say): step straight away
		// from it (ATII-MOV-6 lets a titan in close combat move away;
		// every move that comes closer is refused), to fight at range
		// instead of in close combat (the melee term weighs which is
		// better).
		if st.Step != atii.StepMovement {
			return
		}
		ub := unitBase(rs, u)
		if world.Distance(ub, unitBase(rs, near.u)) > atii.EnemyExclusion {
			return
		}
		away := u.Pos.Sub(near.u.Pos)
		if away.Len() < 1e-9 {
			return
		}
		dir := world.Bearing(away)
		// straight back, then slanting and sideways (a titan facing
		// the enemy may not walk backwards in dangerous terrain, and
		// turns its back only as far as its Man allows)
		for _, off := range []float64{0, 30, -30, 60, -60, 90, -90} {
			before := len(col.out)
			at := u.Pos.Add(world.Heading(dir + off).Scale(speed))
			disengage([]spot{{at: at}}, fmt.Sprintf("%s: break away from %s", id, near.u.ID), nil)
			if len(col.out) > before {
				return
			}
		}
	}
	kinds := []func(){breakAway, flank, longRange}
	if losing {
		kinds = []func(){breakAway, outOfArcs, justOut, flank, longRange}
	}
	for _, k := range kinds {
		if len(col.out) >= n {
			break
		}
		k()
	}
	return col.out
}

// endFacing is the facing at the end of a straight walk of u to to (the
// direction walked; u's facing for no walk) and whether it walked.
func endFacing(u *rules.Unit, to world.Vec) (float64, bool) {
	if d := to.Sub(u.Pos); d.Len() > 1e-9 {
		return world.Bearing(d), true
	}
	return u.Facing, false
}

// faceOr is *f, or def when f is nil.
func faceOr(f *float64, def float64) float64 {
	if f == nil {
		return def
	}
	return *f
}

// baseRadius is the radius of u's base (its half diagonal for a
// rectangle; 0 when unknown).
func baseRadius(rs *atii.Ruleset, u *rules.Unit) float64 {
	p, err := rs.Catalogue().Unit(u.Type)
	if err != nil {
		return 0
	}
	return math.Max(p.Base.Radius, math.Hypot(p.Base.W, p.Base.H)/2)
}

// beatsShield is the chance that a hit of strength str knocks a void
// shield down (ATII-SHT-7: D6 + Str - 8 of 1 or more), at least a sixth.
func beatsShield(str int) float64 {
	return math.Max(1, math.Min(6, float64(str-2))) / 6
}

// screenMargin is how far (cm) inside the hold distance a titan screening
// an objective stands, so that small turns of the enemy's approach do not
// bring it within the hold distance.
const screenMargin = 2

// nearestTo is the fighter of fs nearest p (nil for none).
func nearestTo(fs []fighter, p world.Vec) *fighter {
	var best *fighter
	for i := range fs {
		if best == nil || fs[i].u.Pos.Dist(p) < best.u.Pos.Dist(p) {
			best = &fs[i]
		}
	}
	return best
}
