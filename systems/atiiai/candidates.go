package atiiai

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sort"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/world"
)

// Candidate-generation settings: how finely the straight-ahead move is
// searched, how many cover spots and directions are tried, the deployment
// grid.
const (
	// bisectSteps halves the straight-ahead interval this many times.
	bisectSteps = 7
	// coverSpots is the number of nearest cover features tried.
	coverSpots = 3
	// ringDirections spreads moves around the titan (every 45 degrees).
	ringDirections = 8
	// deployGrid is the spacing in cm of the deployment positions tried.
	deployGrid = 8.0
	// deploySpread is the most deployment positions returned.
	deploySpread = 8
)

// ErrNotATemplate is returned for a choice that is not one of ATII's
// continuous choices (a move or deploy template).
var ErrNotATemplate = errors.New("not an ATII move or deploy template")

// Candidates fills a continuous choice that ATII's Legal offered side on
// st with concrete commands st accepts (each checked with Validate), most
// useful first, without duplicates (end points equal to 0.1 cm and
// facings to 1 degree):
//
//   - a move (movement or assault phase): the longest advance on the
//     nearest enemy up to the titan's Speed (Greedy's search with its
//     detours, stopping outside the 10 cm keep-out of ATII-MOV-6, or a
//     charge into base contact in the assault phase), the longest move straight ahead, moves into cover behind the
//     nearest features that give cover or block sight (away from the
//     nearest enemy), a turn on the spot to face the nearest enemy, and
//     full and half moves in eight directions ending facing the enemy;
//   - a deployment: the template's own position when legal, then positions
//     spread over the legal grid points of the zone, facing the template's
//     way and toward the middle of the table.
//
// Errors: ErrNotATemplate, a missing unit, ctx done.
func Candidates(ctx context.Context, rs *atii.Ruleset, st *rules.State, side string, tmpl rules.Choice) ([]rules.Choice, error) {
	return CandidatesUpTo(ctx, rs, st, side, tmpl, 0)
}

// CandidatesUpTo is Candidates stopping once n moves are found (n <= 0:
// all of them): the most useful come first, so a search that keeps the
// first n need not measure the rest.
func CandidatesUpTo(ctx context.Context, rs *atii.Ruleset, st *rules.State, side string, tmpl rules.Choice, n int) ([]rules.Choice, error) {
	switch c := tmpl.Cmd.(type) {
	case *atii.MoveCmd:
		return moveCandidates(ctx, rs, st, side, c.Unit, n)
	case *atii.DeployCmd:
		return deployCandidates(ctx, rs, st, side, c)
	}
	return nil, fmt.Errorf("atii candidates: %q: %w", tmpl.Name, ErrNotATemplate)
}

// collector gathers accepted, distinct candidates.
type collector struct {
	st   *rules.State
	seen map[[3]int64]bool
	out  []rules.Choice
	// rs, when set, refuses moves with less than MinComplete chance to
	// get all the way through dangerous terrain and says the chance of
	// the others (tacticalMoves: a shorter move is tried instead).
	rs *atii.Ruleset
}

func newCollector(st *rules.State) *collector {
	return &collector{st: st, seen: map[[3]int64]bool{}}
}

// add keeps cmd when st accepts it and its end (x, y, facing) is new;
// it reports whether cmd was accepted.
func (c *collector) add(cmd rules.Command, unit string, end world.Vec, facing float64, text string) bool {
	key := [3]int64{int64(math.Round(end.X * 10)), int64(math.Round(end.Y * 10)), int64(math.Round(world.NormDeg(facing)))}
	if c.seen[key] {
		return true // the same end was accepted already
	}
	if cmd == nil {
		return false
	}
	if mv, ok := cmd.(*atii.MoveCmd); ok && c.rs != nil {
		// Checked and priced in one: a move that would likely stop
		// short in dangerous terrain (ATII-MOV-4) is refused here, so
		// that the caller tries the next, shorter one instead; one that
		// may stop short says its chance.
		pv, err := c.rs.PlanMove(c.st, mv)
		if err != nil || pv.Odds != nil && pv.Odds.Complete < MinComplete {
			return false
		}
		text += throughText(pv)
	} else if cmd.Validate(c.st) != nil {
		return false
	}
	c.seen[key] = true
	c.out = append(c.out, rules.Choice{Name: cmd.Name(), Text: text, Units: []string{unit}, Cmd: cmd})
	return true
}

// endOf is where a move ends and which way the titan faces there (the
// last waypoint's facing, else the direction of the last leg, else the
// start facing).
func endOf(u *rules.Unit, mv *atii.MoveCmd) (world.Vec, float64) {
	if len(mv.Path) == 0 {
		return u.Pos, u.Facing
	}
	last := mv.Path[len(mv.Path)-1]
	end := world.Vec{X: last.X, Y: last.Y}
	if last.Facing != nil {
		return end, *last.Facing
	}
	from := u.Pos
	if len(mv.Path) > 1 {
		from = world.Vec{X: mv.Path[len(mv.Path)-2].X, Y: mv.Path[len(mv.Path)-2].Y}
	}
	if d := end.Sub(from); d.Len() > 1e-9 {
		return end, world.Bearing(d)
	}
	return end, u.Facing
}

// walksBackwards reports whether u walks a leg of mv backwards: a leg
// more than 90 degrees off the facing it has when the leg starts (the
// rules turn its rear square to the leg and it pays BackwardsCost cm of
// Speed a cm, ATII-MOV-3). A leg walked forwards leaves it facing along
// the leg, one walked backwards facing away from it; a waypoint's facing
// turns it after its leg.
func walksBackwards(u *rules.Unit, mv *atii.MoveCmd) bool {
	pos, f := u.Pos, u.Facing
	for _, wp := range mv.Path {
		to := world.Vec{X: wp.X, Y: wp.Y}
		if d := to.Sub(pos); d.Len() > world.Eps {
			dir := world.Bearing(d)
			if math.Abs(world.RelDeg(dir-f)) > 90+world.ArcEps {
				return true
			}
			f = dir
		}
		pos = to
		if wp.Facing != nil {
			f = *wp.Facing
		}
	}
	return false
}

func moveCandidates(ctx context.Context, rs *atii.Ruleset, st *rules.State, side, id string, limit int) ([]rules.Choice, error) {
	u := st.Unit(id)
	if u == nil {
		return nil, fmt.Errorf("atii candidates: no unit %q", id)
	}
	col := newCollector(st)
	full := func() bool { return limit > 0 && len(col.out) >= limit }
	addMove := func(mv *atii.MoveCmd, text string) bool {
		end, f := endOf(u, mv)
		if walksBackwards(u, mv) {
			text += fmt.Sprintf(", walking backwards (%d cm of Speed a cm)", atii.BackwardsCost)
		}
		return col.add(mv, id, end, f, text)
	}
	check := func(c rules.Command) error { return c.Validate(st) }
	enemy, gap := nearestEnemy(rs, st, u)
	speed := 15.0
	if p, err := rs.Catalogue().Unit(u.Type); err == nil && p.Speed > 0 {
		speed = p.Speed
	}
	reach := 2 * speed // disengaging doubles Speed; Validate refuses what is too far
	if mv, err := advance(ctx, rs, st, side, u, check, speed); err != nil {
		return nil, err
	} else if mv != nil {
		// A charge is an assault move that ends in base contact
		// (ATII-CC-1); one that falls short advances.
		verb := "advance on"
		// An advance cut short by ATII-MOV-6 (no closer than 10 cm in the
		// movement phase) says so: a player drafting "advance on" and
		// seeing a step of a centimetre or two wonders why.
		to := ""
		if st.Step != atii.StepAssault && gap-(atii.EnemyExclusion+0.5) < speed {
			to = fmt.Sprintf(" to %d cm (no closer in the movement phase)", atii.EnemyExclusion)
		}
		if st.Step == atii.StepAssault {
			end, f := endOf(u, mv)
			b := unitBase(rs, u)
			b.Pos, b.Facing = end, f
			if world.InContact(b, unitBase(rs, enemy)) {
				verb = "charge"
			}
		}
		addMove(mv, fmt.Sprintf("%s: %s %s%s", id, verb, enemy.ID, to))
	} else if mv := closeIn(rs, st, side, u, check); mv != nil {
		addMove(mv, fmt.Sprintf("%s: close into contact with %s", id, enemy.ID))
	}
	if mv := longestStraight(rs, st, side, u, u.Facing, reach); mv != nil {
		addMove(mv, fmt.Sprintf("%s: full move straight ahead", id))
	}
	if mv, name := stepOut(rs, st, side, u, speed); mv != nil {
		addMove(mv, fmt.Sprintf("%s: step out of %s straight ahead", id, name))
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if full() {
		return col.out, nil
	}
	if enemy != nil {
		for _, spot := range coverSpots3(rs, st, u, enemy) {
			for _, frac := range []float64{1, 0.75, 0.5} {
				to := u.Pos.Add(spot.at.Sub(u.Pos).Scale(frac))
				if addMove(rs.Move(side, id, atii.Waypoint{X: to.X, Y: to.Y}), fmt.Sprintf("%s: into cover behind %s", id, spot.label)) {
					break
				}
			}
		}
		face := world.Bearing(enemy.Pos.Sub(u.Pos))
		if math.Abs(world.RelDeg(math.Round(face)-u.Facing)) < 1 {
			// Already facing it (within a degree): the turn would do
			// nothing a hold does not, and any pivot at all counts as
			// having moved (no "firer not yet moved" +1, ATII-SHT-4).
		} else if !addMove(rs.Move(side, id, atii.Waypoint{X: u.Pos.X, Y: u.Pos.Y, Facing: atii.Face(math.Round(face))}),
			fmt.Sprintf("%s: stand and turn to face %s", id, enemy.ID)) {
			// Too far round for its Man (ATII-MOV-2: 45 degrees a Man
			// point): as far round as it may, which may still bring
			// another gun's arc onto the enemy's base.
			if f := faceToward(rs, st, id, u.Pos, enemy.Pos); f != nil && math.Abs(world.RelDeg(*f-u.Facing)) >= 1 {
				addMove(rs.Move(side, id, atii.Waypoint{X: u.Pos.X, Y: u.Pos.Y, Facing: f}),
					fmt.Sprintf("%s: stand and turn toward %s (as far as its Man allows)", id, enemy.ID))
			}
		}
	}
	for i := 0; i < ringDirections && !full(); i++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		dir := u.Facing + float64(i)*360/ringDirections
		for _, frac := range []float64{0.5, 0.25} {
			to := u.Pos.Add(world.Heading(dir).Scale(reach * frac))
			wp := atii.Waypoint{X: to.X, Y: to.Y}
			if enemy != nil {
				wp.Facing = atii.Face(math.Round(world.Bearing(enemy.Pos.Sub(to))))
			}
			if addMove(rs.Move(side, id, wp), fmt.Sprintf("%s: move %.0f cm bearing %.0f", id, reach*frac, world.NormDeg(dir))) {
				break
			}
		}
	}
	return col.out, nil
}

// stepOut is the shortest walk straight ahead, without a turn, that takes
// titan u out of the dangerous terrain its centre stands in, half a
// centimetre past the point where its base clears the feature, when that
// is within reach and the rules accept it: in dangerous terrain every
// unspent Man point rolls a die for the distance and a turn spends one
// (ATII-MOV-4), so the full moves and turning walks the generator offers
// often get nowhere (a play-through's Reaver deployed in ruins moved
// 0.0 cm a turn all game). Nil (and "") otherwise; name is the feature's.
func stepOut(rs *atii.Ruleset, st *rules.State, side string, u *rules.Unit, reach float64) (*atii.MoveCmd, string) {
	w := rs.World()
	prof, err := rs.Catalogue().Unit(u.Type)
	if w == nil || err != nil {
		return nil, ""
	}
	terr := rs.Terrain(st)
	var in *world.Feature
	for i := range w.Features {
		f := &w.Features[i]
		if terr.PassageFor(f.Kind, prof.Class) == world.Dangerous && world.PointInPolygon(u.Pos, f.Poly) {
			in = f
			break
		}
	}
	if in == nil {
		return nil, ""
	}
	r := baseRadius(rs, u)
	ahead := world.Heading(u.Facing)
	for d := 0.5; d <= reach; d += 0.5 {
		p := u.Pos.Add(ahead.Scale(d))
		if world.PointInPolygon(p, in.Poly) || pointPolyDist(p, in.Poly) < r {
			continue
		}
		to := u.Pos.Add(ahead.Scale(math.Min(d+0.5, reach)))
		mv := rs.Move(side, u.ID, atii.Waypoint{X: to.X, Y: to.Y})
		if mv.Validate(st) != nil {
			return nil, ""
		}
		return mv, in.Label()
	}
	return nil, ""
}

// longestStraight bisects for the longest accepted straight move of u
// along bearing dir, up to reach cm (nil when none of at least 0.5 cm is
// accepted).
func longestStraight(rs *atii.Ruleset, st *rules.State, side string, u *rules.Unit, dir, reach float64) *atii.MoveCmd {
	var best *atii.MoveCmd
	lo, hi := 0.0, reach
	for i := 0; i < bisectSteps; i++ {
		mid := (lo + hi) / 2
		to := u.Pos.Add(world.Heading(dir).Scale(mid))
		mv := rs.Move(side, u.ID, atii.Waypoint{X: to.X, Y: to.Y})
		if mv.Validate(st) == nil {
			best, lo = mv, mid
		} else {
			hi = mid
		}
	}
	if lo < 0.5 {
		return nil
	}
	return best
}

// coverSpot is a place behind a feature, as seen from the enemy.
type coverSpot struct {
	at    world.Vec
	label string
	dist  float64
}

// coverSpots3 returns the spots just behind the coverSpots features
// nearest u that give cover or block sight under ATII's terrain table:
// on the far side of the feature's centre from enemy, one feature radius
// plus u's base clear of the centre.
func coverSpots3(rs *atii.Ruleset, st *rules.State, u, enemy *rules.Unit) []coverSpot {
	terr := rs.Terrain(st)
	w := rs.World()
	if w == nil {
		return nil
	}
	r := 0.0
	if p, err := rs.Catalogue().Unit(u.Type); err == nil {
		r = math.Max(p.Base.Radius, math.Hypot(p.Base.W, p.Base.H)/2)
	}
	var spots []coverSpot
	for i := range w.Features {
		f := &w.Features[i]
		eff, ok := terr[f.Kind]
		if !ok || !(eff.Cover || eff.BlocksLOS) || len(f.Poly) == 0 {
			continue
		}
		c, rad := polyCentre(f.Poly)
		away := c.Sub(enemy.Pos)
		if away.Len() < 1e-9 {
			continue
		}
		at := c.Add(away.Scale((rad + r + 1) / away.Len()))
		spots = append(spots, coverSpot{at: at, label: f.Label(), dist: c.Sub(u.Pos).Len()})
	}
	sort.SliceStable(spots, func(i, j int) bool { return spots[i].dist < spots[j].dist })
	if len(spots) > coverSpots {
		spots = spots[:coverSpots]
	}
	return spots
}

// polyCentre returns the mean of the polygon's vertices and the largest
// distance from it to a vertex.
func polyCentre(poly []world.Vec) (world.Vec, float64) {
	var c world.Vec
	for _, p := range poly {
		c = c.Add(p)
	}
	c = c.Scale(1 / float64(len(poly)))
	rad := 0.0
	for _, p := range poly {
		rad = math.Max(rad, p.Sub(c).Len())
	}
	return c, rad
}

func deployCandidates(ctx context.Context, rs *atii.Ruleset, st *rules.State, side string, tmpl *atii.DeployCmd) ([]rules.Choice, error) {
	col := newCollector(st)
	add := func(x, y, facing float64, text string) bool {
		return col.add(rs.Deploy(side, tmpl.Unit, x, y, facing), tmpl.Unit, world.Vec{X: x, Y: y}, facing, text)
	}
	add(tmpl.X, tmpl.Y, tmpl.Facing, fmt.Sprintf("%s: deploy where the scenario places it", tmpl.Unit))
	t := rs.World().Table
	mid := world.Vec{X: t.W / 2, Y: t.H / 2}
	var legal []world.Vec
	for y := deployGrid / 2; y < t.H; y += deployGrid {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for x := deployGrid / 2; x < t.W; x += deployGrid {
			if rs.Deploy(side, tmpl.Unit, x, y, tmpl.Facing).Validate(st) == nil {
				legal = append(legal, world.Vec{X: x, Y: y})
			}
		}
	}
	if len(legal) == 0 {
		return col.out, nil
	}
	// The legal point nearest the middle of the table first, then a
	// spread over the rest in grid order.
	near := 0
	for i, p := range legal {
		if p.Sub(mid).Len() < legal[near].Sub(mid).Len() {
			near = i
		}
	}
	pick := []int{near}
	step := float64(len(legal)) / float64(deploySpread-1)
	for k := 0; k < deploySpread-1; k++ {
		pick = append(pick, int(float64(k)*step))
	}
	for _, i := range pick {
		p := legal[i]
		toMid := math.Round(world.Bearing(mid.Sub(p)))
		if p.Sub(mid).Len() < 1e-9 {
			toMid = tmpl.Facing
		}
		if !add(p.X, p.Y, toMid, fmt.Sprintf("%s: deploy at (%.0f, %.0f) facing the middle", tmpl.Unit, p.X, p.Y)) {
			add(p.X, p.Y, tmpl.Facing, fmt.Sprintf("%s: deploy at (%.0f, %.0f)", tmpl.Unit, p.X, p.Y))
		}
	}
	return col.out, nil
}
