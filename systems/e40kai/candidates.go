package e40kai

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sort"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/world"
)

// Candidate-generation settings.
const (
	// firefightGap is how far short of the enemy a "close to firefight
	// range" assault move stops (cm; firefights reach 15 cm).
	firefightGap = 10.0
	// keepOff is how far short of the enemy a movement-phase approach
	// stops (cm), out of charge reach of most infantry.
	keepOff = 1.0
	// coverFeatures is how many of the nearest cover features are tried.
	coverFeatures = 2
)

// ErrNotATemplate is returned for a choice that is not one of E40K's
// continuous choices (a move or assault template).
var ErrNotATemplate = errors.New("not an E40K move or assault template")

// Candidates fills a move or assault template that E40K's Legal offered
// side on st with concrete commands st accepts (each validated), most
// useful first, without duplicates:
//
//   - the detachment as a block (every unit by the same vector, as far
//     as the slowest allows) toward the nearest enemy unit, stopping 1 cm
//     short in the movement phase;
//   - the ruleset's own suggestion (SuggestMoves: each unit straight at
//     its closest enemy; into contact in an assault; the detachment kept
//     in command of its HQ) and the same at half length;
//   - in an assault, each unit to firefight range of its nearest enemy;
//   - the block toward the nearest objective not held yet, and each unit
//     converging on it;
//   - the block falling back straight away from the nearest enemy;
//   - each unit toward the nearest cover features.
//
// Each unit moves in a straight line, as far as its allowance (or the
// goal) allows; a unit move the rules refuse is tried at half length and
// then dropped. Errors: ErrNotATemplate, ctx done.
func Candidates(ctx context.Context, rs *e40k.Ruleset, st *rules.State, side string, tmpl rules.Choice) ([]rules.Choice, error) {
	var det string
	var assault bool
	switch c := tmpl.Cmd.(type) {
	case *e40k.MoveCmd:
		det = c.Detachment
	case *e40k.AssaultCmd:
		det, assault = c.Detachment, true
	case *e40k.TitanMoveCmd:
		return titanCandidates(rs, st, side, c)
	default:
		return nil, fmt.Errorf("e40k candidates: %q: %w", tmpl.Name, ErrNotATemplate)
	}
	f := st.Formation(det)
	if f == nil {
		return nil, fmt.Errorf("e40k candidates: no detachment %q", det)
	}
	o, _ := rs.GameOptions(st)
	g := gen{rs: rs, st: st, side: side, det: det, f: f, assault: assault, o: o, seen: map[string]bool{}}
	ms := members(st, det)
	if len(ms) == 0 {
		return nil, nil
	}
	mid := centre(ms)
	if e, gap := g.nearestEnemyOf(); e != nil {
		stop := keepOff
		if assault {
			stop = 0
		}
		mv := g.shift(e.Pos.Sub(mid), gap-stop)
		text := fmt.Sprintf("%s advances on %s in formation", det, e.ID)
		if assault && charges(rs, st, side, &e40k.AssaultCmd{Moves: mv}) {
			text = fmt.Sprintf("%s charges %s in formation", det, e.ID)
		}
		g.add(mv, text)
	}
	if mv := rs.SuggestMoves(st, det, assault); len(mv) > 0 {
		// A charge only where a unit ends in base contact (E40K-CC-1).
		verb := "advances on the enemy"
		if assault && charges(rs, st, side, &e40k.AssaultCmd{Moves: mv}) {
			verb = "charges the closest enemy"
		}
		// SuggestMoves checked its list unit by unit as Validate does:
		// only the decision itself is left to check.
		if g.cmd(nil).Validate(g.st) == nil {
			g.add(mv, det+" "+verb+", each unit at its closest enemy")
		}
		half := make([]e40k.UnitMove, 0, len(mv))
		for _, m := range mv {
			if u := st.Unit(m.Unit); u != nil {
				half = append(half, e40k.UnitMove{Unit: m.Unit, To: u.Pos.Lerp(m.To, 0.5)})
			}
		}
		g.add(g.fit(half), det+" advances half way")
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if assault {
		g.add(g.toward(func(u *rules.Unit, b world.Base) (world.Vec, float64, bool) {
			e, gap := nearestEnemy(rs, st, side, b)
			if e == nil || gap <= firefightGap {
				return world.Vec{}, 0, false
			}
			return e.Pos, gap - firefightGap, true
		}), det+" closes to firefight range")
	}
	if obj, ok := g.nearestObjective(); ok {
		g.add(g.shift(obj.Pos.Sub(mid), obj.Pos.Dist(mid)), det+" moves on objective "+obj.ID+" in formation")
		g.add(g.toward(func(u *rules.Unit, b world.Base) (world.Vec, float64, bool) {
			d := u.Pos.Dist(obj.Pos)
			return obj.Pos, d - 4, d > 5
		}), det+" converges on objective "+obj.ID)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if e, _ := g.nearestEnemyOf(); e != nil {
		g.add(g.shift(mid.Sub(e.Pos), math.Inf(1)), det+" falls back from "+e.ID)
	}
	for _, spot := range g.coverSpots() {
		g.add(g.toward(func(u *rules.Unit, b world.Base) (world.Vec, float64, bool) {
			return spot.at, u.Pos.Dist(spot.at), true
		}), det+" moves into cover at "+spot.label)
	}
	return g.out, nil
}

// nearestEnemyOf is the enemy unit nearest any unit of the detachment,
// and the gap.
func (g *gen) nearestEnemyOf() (*rules.Unit, float64) {
	var best *rules.Unit
	bd := math.Inf(1)
	for _, u := range members(g.st, g.det) {
		if e, d := nearestEnemy(g.rs, g.st, g.side, baseOf(g.rs, g.st, u)); e != nil && d < bd {
			best, bd = e, d
		}
	}
	return best, bd
}

// shift moves the detachment as a block: every unit that may move by the
// same vector along dir, as far as the shortest allowance among them and
// at most limit cm, the units in front first (so none passes through
// another's old place). Units the rules stop go half as far or stay.
func (g *gen) shift(dir world.Vec, limit float64) []e40k.UnitMove {
	l := dir.Len()
	if l < world.Eps || limit < 0.5 {
		return nil
	}
	dir = dir.Scale(1 / l)
	type mover struct {
		u     *rules.Unit
		ahead float64
	}
	var ms []mover
	d := limit
	for _, m := range g.movers() {
		d = math.Min(d, m.allow)
		ms = append(ms, mover{u: m.u, ahead: m.u.Pos.Dot(dir)})
	}
	if len(ms) == 0 || d < 0.5 {
		return nil
	}
	sort.SliceStable(ms, func(i, j int) bool { return ms[i].ahead > ms[j].ahead })
	want := make([]e40k.UnitMove, len(ms))
	for i, m := range ms {
		want[i] = e40k.UnitMove{Unit: m.u.ID, To: m.u.Pos.Add(dir.Scale(d))}
	}
	return g.fit(want)
}

// titanCandidates fills a titan's move template (seed 002: the ATII
// movement rules) with the ruleset's ready moves (SuggestTitanMoves: an
// advance on the closest enemy, a charge or a stomp in the assault phase,
// a turn toward the enemy), then holding (the template as it is).
func titanCandidates(rs *e40k.Ruleset, st *rules.State, side string, tmpl *e40k.TitanMoveCmd) ([]rules.Choice, error) {
	var out []rules.Choice
	for _, sg := range rs.SuggestTitanMoves(st, side, tmpl.Titan) {
		out = append(out, rules.Choice{Name: e40k.CmdTitanMove, Text: sg.Text, Units: []string{tmpl.Titan}, Cmd: sg.Cmd})
	}
	hold := rs.Bind(&e40k.TitanMoveCmd{By: side, Titan: tmpl.Titan})
	if hold.Validate(st) == nil {
		out = append(out, rules.Choice{Name: e40k.CmdTitanMove, Text: tmpl.Titan + " holds", Units: []string{tmpl.Titan}, Cmd: hold})
	}
	return out, nil
}

// gen collects a detachment's accepted, distinct candidates.
type gen struct {
	rs      *e40k.Ruleset
	st      *rules.State
	side    string
	det     string
	f       *rules.Formation
	assault bool
	o       e40k.Options
	seen    map[string]bool
	out     []rules.Choice
}

// cmd is the command moving the detachment's units by moves.
func (g *gen) cmd(moves []e40k.UnitMove) rules.Command {
	if g.assault {
		return g.rs.Bind(&e40k.AssaultCmd{By: g.side, Detachment: g.det, Moves: moves})
	}
	return g.rs.Bind(&e40k.MoveCmd{By: g.side, Detachment: g.det, Moves: moves})
}

// add keeps a non-empty list of moves it has not seen (end points
// compared to 0.1 cm). Every list comes from fit, which validated it.
func (g *gen) add(moves []e40k.UnitMove, text string) {
	if len(moves) == 0 {
		return
	}
	key := ""
	for _, m := range moves {
		key += fmt.Sprintf("%s@%.0f,%.0f;", m.Unit, m.To.X*10, m.To.Y*10)
	}
	if g.seen[key] {
		return
	}
	c := g.cmd(moves)
	g.seen[key] = true
	g.out = append(g.out, rules.Choice{Name: c.Name(), Text: text, Units: unitsOf(moves), Cmd: c})
}

func unitsOf(moves []e40k.UnitMove) []string {
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = m.Unit
	}
	return out
}

// fit keeps the moves the rules accept, in order, each tried at full
// length then half length (against the positions the earlier ones leave).
func (g *gen) fit(want []e40k.UnitMove) []e40k.UnitMove {
	if len(want) > 0 && g.cmd(want).Validate(g.st) == nil {
		return want // the usual case: one check of the whole list
	}
	mc, err := g.rs.NewMoveChecker(g.st, g.side, g.det, g.assault)
	if err != nil {
		return nil
	}
	defer mc.Release()
	for _, m := range want {
		u := g.st.Unit(m.Unit)
		if u == nil {
			continue
		}
		for _, frac := range []float64{1, 0.5} {
			to := u.Pos.Lerp(m.To, frac)
			if to.Dist(u.Pos) < 0.5 {
				break
			}
			if mc.Try(e40k.UnitMove{Unit: m.Unit, To: to}) == nil {
				break
			}
		}
	}
	return mc.Moves()
}

// movable is a unit that may move now with its allowance and base.
type movable struct {
	u     *rules.Unit
	allow float64
	b     world.Base
}

// movers returns the detachment's units that may move now: in command
// (E40K-CMD-1) and with an allowance under its orders.
func (g *gen) movers() []movable {
	var out []movable
	for _, u := range members(g.st, g.det) {
		if u.Markers.Value(e40k.MarkOutOfCommand) > 0 {
			continue
		}
		p, err := g.rs.Profile(g.st, u)
		if err != nil {
			continue
		}
		if allow := g.o.Allowance(&p, g.f.Orders, g.assault); allow > 0 {
			out = append(out, movable{u: u, allow: allow, b: world.Base{ID: u.ID, Pos: u.Pos, Facing: u.Facing, Foot: p.Base}})
		}
	}
	return out
}

// toward moves every unit that may move straight toward the point goal
// gives it, at most the distance it gives (and the unit's allowance);
// units for which goal reports false stay. Units nearest their goal move
// first, so the front ones clear the way for the rear.
func (g *gen) toward(goal func(u *rules.Unit, b world.Base) (world.Vec, float64, bool)) []e40k.UnitMove {
	type step struct {
		id   string
		to   world.Vec
		dist float64
	}
	var steps []step
	for _, m := range g.movers() {
		u := m.u
		at, want, ok := goal(u, m.b)
		if !ok {
			continue
		}
		dir := at.Sub(u.Pos)
		l := dir.Len()
		if l < world.Eps {
			continue
		}
		d := math.Min(m.allow, want)
		if d < 0.5 {
			continue
		}
		steps = append(steps, step{id: u.ID, to: u.Pos.Add(dir.Scale(d / l)), dist: l})
	}
	sort.SliceStable(steps, func(i, j int) bool { return steps[i].dist < steps[j].dist })
	want := make([]e40k.UnitMove, len(steps))
	for i, s := range steps {
		want[i] = e40k.UnitMove{Unit: s.id, To: s.to}
	}
	return g.fit(want)
}

// nearestObjective is the scenario objective nearest the detachment's
// centre that its side does not hold yet.
func (g *gen) nearestObjective() (e40k.Objective, bool) {
	su, err := g.rs.SetupOf(g.st)
	if err != nil {
		return e40k.Objective{}, false
	}
	c := centre(members(g.st, g.det))
	var best e40k.Objective
	bd := math.Inf(1)
	for _, o := range su.Objectives {
		if g.rs.HoldsObjective(g.st, g.side, o.ID) {
			continue
		}
		if d := c.Dist(o.Pos); d < bd {
			best, bd = o, d
		}
	}
	return best, !math.IsInf(bd, 1)
}

// spot is a place behind a terrain feature.
type spot struct {
	at    world.Vec
	label string
	dist  float64
}

// coverSpots returns points inside the coverFeatures cover-giving
// features nearest the detachment (their centres, nudged away from the
// nearest enemy).
func (g *gen) coverSpots() []spot {
	w := g.rs.World()
	if w == nil {
		return nil
	}
	terr := g.rs.Terrain(g.st)
	ms := members(g.st, g.det)
	if len(ms) == 0 {
		return nil
	}
	c := centre(ms)
	enemy, _ := nearestEnemy(g.rs, g.st, g.side, baseOf(g.rs, g.st, ms[0]))
	var out []spot
	for i := range w.Features {
		f := &w.Features[i]
		eff, ok := terr[f.Kind]
		if !ok || !eff.Cover || len(f.Poly) == 0 {
			continue
		}
		at, rad := polyCentre(f.Poly)
		if enemy != nil {
			if away := at.Sub(enemy.Pos); away.Len() > world.Eps {
				at = at.Add(away.Scale(rad / 3 / away.Len()))
			}
		}
		out = append(out, spot{at: at, label: f.Label(), dist: c.Dist(at)})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].dist < out[j].dist })
	if len(out) > coverFeatures {
		out = out[:coverFeatures]
	}
	return out
}
