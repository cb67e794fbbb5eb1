// Package atiiai holds Adeptus Titanicus II's computer players and move
// candidates: the one-ply Greedy baseline and the candidate generator that
// fills ATII's continuous choices (move paths and deployment positions)
// with concrete commands. It is ATII's side of the controller seam; the
// generic layers reach it only through game.System (systems/atiisys).
package atiiai

import (
	"context"
	"fmt"
	"math"

	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/world"
)

// Greedy is ATII's one-ply baseline, for tests and solo play: no search
// and no look beyond the decision in hand.
//
//   - Shooting: each titan's fire is built weapon by weapon, every weapon
//     at the target and aim (among those Legal offers it) with the
//     greatest immediate expected worth from the exact odds
//     (atii.OddsShotOutcome, ATII-SHT-4 to 7): the victory points the
//     shot is expected to take off its target plus what the void shields
//     it is expected to knock down are worth to the evaluation
//     (Weights.Shields), each weapon priced after the shields the
//     weapons before it are expected to knock down; the titan whose fire
//     is worth most fires first. On overwatch it fires the offered
//     volley worth most, and passes when none is worth anything.
//   - Moving: the side's goals (BuildGoals, from its own view only) are
//     shared out nearest first, one titan a goal (goalOf); a titan with
//     a goal walks straight at it up to its Speed (small detours
//     allowed; first turning as far as it may still walk forwards when
//     the goal is behind it) and, once on it (goalGap), stays there
//     (turning on the spot to bring a weapon to bear when none does).
//     The others, and every titan when the scenario
//     has no place to hold, walk at the nearest enemy titan (as far as
//     the rules allow, with small detours: advance) and stop outside its
//     10 cm keep-out (ATII-MOV-6). In the assault phase they charge it
//     into base contact only when one round of close combat is expected
//     to take more victory points off it than it takes back (ccWorth);
//     in the movement phase a titan locked in a close combat it does not
//     expect to win steps straight away from it.
//   - Deployment: the scenario's position when legal, else the legal
//     spot nearest one of the side's goals not yet claimed by a titan
//     already down (or the table's middle), facing it.
//   - Otherwise it goes first, repairs in the default order, takes the
//     first order offered and claims no objective at the debrief.
type Greedy struct{}

// Decide implements game.Controller. Errors: a ruleset other than ATII's,
// no legal choice, no legal deployment position, ctx done.
func (Greedy) Decide(ctx context.Context, v game.View) (rules.Command, error) {
	rs, ok := v.Ruleset.(*atii.Ruleset)
	if !ok {
		return nil, fmt.Errorf("greedy plays ATII only, not %s", v.State.Ruleset)
	}
	if len(v.Choices) == 0 {
		return nil, fmt.Errorf("no legal choice for %s at %s", v.Side, v.State.Step)
	}
	kind := ""
	if v.State.Pending != nil {
		kind = v.State.Pending.Kind
	}
	switch kind {
	case atii.KindOverwatch:
		return greedyOverwatch(ctx, v, rs)
	case atii.KindInitiative, atii.KindOrders, atii.KindAllocate:
		return v.Choices[0].Cmd, nil
	}
	switch v.State.Step {
	case atii.StepDeploy:
		return greedyDeploy(v, rs)
	case atii.StepMovement, atii.StepAssault:
		return greedyMove(ctx, v, rs)
	case atii.StepShooting:
		return greedyFire(ctx, v, rs)
	case atii.StepDebrief:
		return v.Choices[len(v.Choices)-1].Cmd, nil
	}
	return v.Choices[0].Cmd, nil
}

// shotKey is one weapon's shot at one target with one aim, and the
// shields already expected down on that target (rounded) when priced.
type shotKey struct {
	shot atii.Shot
	down int
}

// pricer prices shots on one state (shotWorth), remembering what it has
// priced.
type pricer struct {
	rs    *atii.Ruleset
	st    *rules.State
	opts  atii.Options
	w     Weights
	cache map[string]map[shotKey]priced
	// memo, when set, prices shots from figures worked out before (nil:
	// each is worked out).
	memo *atii.OutcomeMemo
}

// priced is a shot's immediate expected worth (points) and the shields it
// is expected to knock down.
type priced struct {
	worth, down float64
	ok          bool
}

func newPricer(rs *atii.Ruleset, st *rules.State) *pricer {
	opts, err := rs.OptionsOf(st)
	if err != nil {
		opts = atii.Options{}
	}
	return &pricer{rs: rs, st: st, opts: opts, w: DefaultWeights(), cache: map[string]map[shotKey]priced{}}
}

// shotWorth is titan id's shot sh, with down more of its target's void
// shields knocked down than now: the victory points it is expected to
// take off the target (OutcomeOdds.VPPercent against the target's
// victory points now, times its points) plus Weights.Shields times the
// target's points for each share of its full set of shields expected
// down. ok is false when the rules refuse to set the shot up.
func (p *pricer) shotWorth(id string, sh atii.Shot, down int) priced {
	k := shotKey{shot: sh, down: down}
	if m, ok := p.cache[id][k]; ok {
		return m
	}
	out := priced{}
	if setup, err := p.rs.ShotSetupFor(p.st, id, sh); err == nil {
		out = p.setupWorth(setup, down)
	}
	if p.cache[id] == nil {
		p.cache[id] = map[shotKey]priced{}
	}
	p.cache[id][k] = out
	return out
}

// setupWorth is shotWorth for a shot already set up (ok false when its
// odds cannot be worked out).
func (p *pricer) setupWorth(setup atii.ShotSetup, down int) priced {
	setup.TargetState.ShieldsDown += min(down, setup.TargetState.ShieldsUp(setup.Target))
	oo, err := p.memo.Figures(setup, p.opts) // a nil memo works them out
	if err != nil {
		return priced{}
	}
	pts := float64(max(setup.Target.Points, 1))
	now := float64(atii.TitanVictoryPoints(setup.Target, 100, setup.TargetState, false, false))
	out := priced{worth: (oo.VPPercent - now) / 100 * pts, down: oo.ShieldsDown, ok: true}
	if n := sheet.Of(setup.Target).VoidShields; n > 0 {
		out.worth += p.w.Shields * pts * oo.ShieldsDown / float64(n)
	}
	return out
}

// volleySum adds up a titan's volley from its shots given one by one,
// grouped by mount: each mount fires at the shot worth most given the
// shields the mounts before it are expected to knock down (rounded);
// ties go to the first given. Call at(mount) before pricing a shot
// (downOn reads the shields down then), offer it, and total at the end;
// picked lists the index (in the order offered) of each mount's shot.
type volleySum struct {
	down   map[string]float64
	mount  int
	n      int // shots offered so far
	best   priced
	bestAt int
	target string
	sum    float64
	picked []int
}

func newVolleySum() volleySum { return volleySum{mount: -1} }

// at starts mount's shots, closing the mount before.
func (v *volleySum) at(mount int) {
	if mount != v.mount {
		v.close()
		v.mount = mount
	}
}

// downOn is how many of target's shields the mounts before are expected
// to knock down, rounded.
func (v *volleySum) downOn(target string) int { return int(math.Round(v.down[target])) }

// offer weighs a shot at target priced pr.
func (v *volleySum) offer(target string, pr priced) {
	if pr.ok && (!v.best.ok || pr.worth > v.best.worth+1e-9) {
		v.best, v.bestAt, v.target = pr, v.n, target
	}
	v.n++
}

// close adds the mount's best shot to the sum and its shields to those
// down.
func (v *volleySum) close() {
	if !v.best.ok {
		return
	}
	v.sum += v.best.worth
	v.picked = append(v.picked, v.bestAt)
	if v.best.down > 0 {
		if v.down == nil {
			v.down = map[string]float64{}
		}
		v.down[v.target] += v.best.down
	}
	v.best = priced{}
}

func (v *volleySum) total() float64 {
	v.close()
	return v.sum
}

// setupVolley is the worth of a titan's best volley over shots already
// set up, as Ruleset.EachShot gives them: the fn to pass it, and total.
func (p *pricer) setupVolley() (*volleySum, func(mount int, su *atii.ShotSetup)) {
	v := newVolleySum()
	return &v, func(mount int, su *atii.ShotSetup) {
		v.at(mount)
		v.offer(su.TargetID, p.setupWorth(*su, v.downOn(su.TargetID)))
	}
}

// volley builds titan id's fire from the shots offered, by mount in the
// order first offered: each mount fires at the offered target and aim
// worth most (volleySum); ties go to the first offered (the nearest
// target, aimed high). It returns the shots and their total worth.
func (p *pricer) volley(id string, byMount [][]atii.Shot) ([]atii.Shot, float64) {
	v := newVolleySum()
	var all []atii.Shot
	for mi, cands := range byMount {
		v.at(mi)
		for _, sh := range cands {
			all = append(all, sh)
			v.offer(sh.Target, p.shotWorth(id, sh, v.downOn(sh.Target)))
		}
	}
	total := v.total()
	var shots []atii.Shot
	for _, i := range v.picked {
		shots = append(shots, all[i])
	}
	return shots, total
}

// offeredShots gathers, for each titan with a fire choice among cs, the
// distinct shots the choices name, grouped by mount in the order first
// offered; titans in the order first offered.
func offeredShots(cs []rules.Choice) ([]string, map[string][][]atii.Shot) {
	var ids []string
	by := map[string][][]atii.Shot{}
	mountAt := map[string]map[string]int{}
	for _, c := range cs {
		fc, ok := c.Cmd.(*atii.FireCmd)
		if !ok {
			continue
		}
		if _, seen := mountAt[fc.Unit]; !seen {
			ids = append(ids, fc.Unit)
			mountAt[fc.Unit] = map[string]int{}
		}
		for _, sh := range fc.Shots {
			i, ok := mountAt[fc.Unit][sh.Mount]
			if !ok {
				i = len(by[fc.Unit])
				mountAt[fc.Unit][sh.Mount] = i
				by[fc.Unit] = append(by[fc.Unit], nil)
			}
			dup := false
			for _, o := range by[fc.Unit][i] {
				dup = dup || o == sh
			}
			if !dup {
				by[fc.Unit][i] = append(by[fc.Unit][i], sh)
			}
		}
	}
	return ids, by
}

// greedyFire fires the titan whose best volley (pricer.volley) is worth
// most. When the rules refuse a built volley, the offered fire choice
// worth most (its shots priced on their own) stands in for it. With no
// fire choice, the first choice (a hold).
func greedyFire(ctx context.Context, v game.View, rs *atii.Ruleset) (rules.Command, error) {
	p := newPricer(rs, v.State)
	ids, by := offeredShots(v.Choices)
	var best rules.Command
	bv := math.Inf(-1)
	for _, id := range ids {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		shots, worth := p.volley(id, by[id])
		cmd := rules.Command(rs.Fire(v.Side, id, shots...))
		if len(shots) == 0 || v.Check(cmd) != nil {
			cmd, worth = bestOffered(p, v.Choices, id)
		}
		if cmd != nil && worth > bv {
			best, bv = cmd, worth
		}
	}
	if best == nil {
		return v.Choices[0].Cmd, nil
	}
	return best, nil
}

// bestOffered is the fire choice of titan id (all of them when id is
// "") among cs worth most, each shot priced on its own against the
// target as it stands; nil when there is none.
func bestOffered(p *pricer, cs []rules.Choice, id string) (rules.Command, float64) {
	var best rules.Command
	bv := math.Inf(-1)
	for _, c := range cs {
		fc, ok := c.Cmd.(*atii.FireCmd)
		if !ok || (id != "" && fc.Unit != id) {
			continue
		}
		sum := 0.0
		for _, sh := range fc.Shots {
			sum += p.shotWorth(fc.Unit, sh, 0).worth
		}
		if sum > bv {
			best, bv = c.Cmd, sum
		}
	}
	return best, bv
}

// greedyOverwatch fires the offered overwatch volley worth most, or
// passes when none is worth anything.
func greedyOverwatch(ctx context.Context, v game.View, rs *atii.Ruleset) (rules.Command, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	best, bv := bestOffered(newPricer(rs, v.State), v.Choices, "")
	if best != nil && bv > 0 {
		return best, nil
	}
	for _, c := range v.Choices {
		if c.Name == atii.CmdPass {
			return c.Cmd, nil
		}
	}
	return v.Choices[0].Cmd, nil
}

// goalGap is how far titan u is from holding goal g as greedy means to
// (0 when it does: its centre within onMarker of a point, inside a zone,
// in the enemy's half). The enemy's titans are not considered.
func goalGap(rs *atii.Ruleset, goals *Goals, g Goal, u *rules.Unit) float64 {
	switch {
	case g.EnemyHalf:
		own, ok := goals.Homes[g.Side]
		if !ok {
			return u.Pos.Dist(g.At)
		}
		// positive while nearer the own home than the enemy's
		return math.Max(0, (u.Pos.Dist(g.At)-u.Pos.Dist(own))/2+1)
	case g.Zone != nil:
		if inZone(u.Pos, g.Zone) {
			return 0
		}
		return u.Pos.Dist(g.At)
	}
	return math.Max(0, u.Pos.Dist(g.At)-onMarker)
}

// onMarker is how near (cm, centre to marker) greedy brings a titan to
// the objective marker it makes for. Standing on it, the titan holds it
// (atii.HoldDistance from its base edge) and keeps enemy titans out of
// contesting it in the movement phase: they must stay 10 cm from its
// base (ATII-MOV-6), which is as far from the marker.
const onMarker = 2.0

// goalOf shares side's goals out among its titans on the table nearest
// first (again and again the closest titan and goal both still free, by
// goalGap) and returns titan id's goal; false when it gets none (more
// titans than goals, or no goal at all).
func goalOf(rs *atii.Ruleset, st *rules.State, goals *Goals, side, id string) (Goal, bool) {
	var mine []Goal
	for _, g := range goals.List {
		if g.Side == side {
			mine = append(mine, g)
		}
	}
	var titans []*rules.Unit
	for i := range st.Units {
		if u := &st.Units[i]; u.Side == side && operational(u) {
			titans = append(titans, u)
		}
	}
	usedG := make([]bool, len(mine))
	usedT := make([]bool, len(titans))
	for range min(len(mine), len(titans)) {
		bi, bj, bd := -1, -1, math.Inf(1)
		for i, u := range titans {
			if usedT[i] {
				continue
			}
			for j, g := range mine {
				if d := goalGap(rs, goals, g, u); !usedG[j] && d < bd {
					bi, bj, bd = i, j, d
				}
			}
		}
		if bi < 0 {
			break
		}
		if titans[bi].ID == id {
			return mine[bj], true
		}
		usedT[bi], usedG[bj] = true, true
	}
	return Goal{}, false
}

func greedyMove(ctx context.Context, v game.View, rs *atii.Ruleset) (rules.Command, error) {
	ch := v.Choices[0] // the first titan the order allows
	if ch.Name != atii.CmdMove {
		return ch.Cmd, nil
	}
	var hold rules.Command
	for _, c := range v.Choices {
		if c.Name == atii.CmdHold && len(c.Units) > 0 && c.Units[0] == ch.Units[0] {
			hold = c.Cmd
		}
	}
	mv := ch.Cmd.(*atii.MoveCmd)
	u := v.State.Unit(mv.Unit)
	if u == nil {
		return hold, nil
	}
	speed := 15.0
	if p, err := rs.Catalogue().Unit(u.Type); err == nil {
		if ts, err := atii.TitanOf(u); err == nil {
			opts, _ := atii.ParseOptions(v.State.Options)
			speed = atii.Speed(p, ts, opts)
		}
	}
	if speed <= minAdvance && v.State.Step == atii.StepMovement {
		return hold, nil // it cannot walk (a damaged head, say)
	}
	goals := BuildGoals(rs, v.State)
	if g, ok := goalOf(rs, v.State, goals, v.Side, u.ID); ok {
		cand, err := makeFor(ctx, rs, v, goals, g, u, speed, hold)
		if err != nil || cand != nil {
			return cand, err
		}
	}
	enemy, gap := nearestEnemy(rs, v.State, u)
	if enemy == nil {
		return hold, nil
	}
	worth := ccWorth(rs, v.State, u.ID, enemy.ID)
	if v.State.Step == atii.StepMovement && gap <= world.Eps && worth <= 0 {
		// locked in a close combat it expects to lose: step away
		// (ATII-MOV-6 lets it), to shoot instead
		if mv := longestStraight(rs, v.State, v.Side, u, world.Bearing(u.Pos.Sub(enemy.Pos)), speed); mv != nil && v.Check(mv) == nil {
			return mv, nil
		}
		return hold, nil
	}
	charge := v.State.Step == atii.StepAssault && worth > 0
	// the whole gap first, shrinking it (advance): a walk short of
	// Speed when the gap is long measured better than Speed's worth
	cand, err := advanceOn(ctx, rs, v.State, v.Side, u, v.Check, math.Inf(1), charge)
	if err != nil {
		return nil, err
	}
	if cand == nil {
		if !charge {
			return hold, nil
		}
		if c := closeIn(rs, v.State, v.Side, u, v.Check); c != nil {
			return c, nil
		}
		return hold, nil
	}
	return cand, nil
}

// ccWorth is what one round of close combat between titans a and b is
// expected to be worth to a: the victory points its attacks take off b
// less those b's take off it (atii.Ruleset.CloseCombatThreat, ATII-CC-2
// and 3, the charge bonus included); 0 when the rules cannot price it.
func ccWorth(rs *atii.Ruleset, st *rules.State, a, b string) float64 {
	mine, err := rs.CloseCombatThreat(st, a, b)
	if err != nil {
		return 0
	}
	theirs, err := rs.CloseCombatThreat(st, b, a)
	if err != nil {
		return 0
	}
	return mine - theirs
}

// makeFor is titan u's move toward its goal g: when it holds it already
// (goalGap 0), hold, or turn on the spot to face the nearest enemy titan
// when none of its weapons bears on any; otherwise the longest walk
// toward the goal's point up to Speed: straight, straight on along its
// facing when that is within 45 degrees, and with detours of 20 and 40
// degrees, ending facing the nearest enemy titan or not, all at 100 % of
// the way, then all at 85 % and so on down to 10 %; of the tries at the
// first length the rules accept, the one expected to bring the titan
// nearest the goal (expectedProgress). Nil when no walk is accepted (the
// caller then advances on the enemy).
func makeFor(ctx context.Context, rs *atii.Ruleset, v game.View, goals *Goals, g Goal, u *rules.Unit, speed float64, hold rules.Command) (rules.Command, error) {
	enemy, _ := nearestEnemy(rs, v.State, u)
	if goalGap(rs, goals, g, u) <= 0 {
		if enemy == nil || hold == nil || anyGunBears(rs, v.State, u) {
			return hold, nil
		}
		face := math.Round(world.Bearing(enemy.Pos.Sub(u.Pos)))
		if math.Abs(world.RelDeg(face-u.Facing)) < 10 {
			return hold, nil // facing it already
		}
		if turn := rs.Move(v.Side, u.ID, atii.Waypoint{X: u.Pos.X, Y: u.Pos.Y, Facing: atii.Face(face)}); v.Check(turn) == nil {
			return turn, nil
		}
		return hold, nil
	}
	dir := g.At.Sub(u.Pos)
	if dir.Len() < 1e-9 {
		return hold, nil
	}
	want := math.Min(dir.Len(), speed)
	head := world.Bearing(dir)
	heads := []float64{head, head + 20, head - 20, head + 40, head - 40}
	// A leg more than 90 degrees off the titan's facing is walked
	// backwards at three times the cost (ATII-MOV-3), and the pivot onto
	// a leg is paid from its turns (45 degrees a Man point, ATII-MOV-2):
	// a goal further round than that is made for along the furthest leg
	// the titan can walk forwards, first.
	turn := 90.0
	if p, err := rs.Catalogue().Unit(u.Type); err == nil {
		turn = math.Min(turn, 45*float64(sheet.Of(p).Man))
	}
	switch rel := world.RelDeg(head - u.Facing); {
	case math.Abs(rel) > turn-1:
		heads = append([]float64{u.Facing + math.Copysign(turn-1, rel)}, heads...)
	case math.Abs(rel) > world.Eps && math.Abs(rel) <= 45:
		// straight on without a pivot: in dangerous terrain every
		// turn costs a Man point, so a die (ATII-MOV-4)
		heads = append(heads, u.Facing)
	}
	for _, frac := range []float64{1, 0.85, 0.7, 0.55, 0.4, 0.25, 0.1} {
		var best rules.Command
		bp := math.Inf(-1)
		for _, h := range heads {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			to := u.Pos.Add(world.Heading(h).Scale(want * frac))
			for _, withFace := range []bool{true, false} {
				wp := atii.Waypoint{X: to.X, Y: to.Y}
				if withFace {
					if enemy == nil {
						continue
					}
					wp.Facing = atii.Face(math.Round(world.Bearing(enemy.Pos.Sub(to))))
				}
				cand := rs.Move(v.Side, u.ID, wp)
				if v.Check(cand) != nil {
					continue
				}
				if p := expectedProgress(rs, v.State, u, cand, to, g.At); p > bp+1e-6 {
					best, bp = cand, p
				}
			}
		}
		if best != nil {
			return best, nil
		}
	}
	return nil, nil
}

// expectedProgress is how much nearer point at titan u is expected to
// end after straight move mv to to: the whole way, or, when the move
// crosses dangerous terrain, the expected distance the exact odds of its
// dice give (atii.Ruleset.PlanMove's MoveOdds, ATII-MOV-4 and 5).
func expectedProgress(rs *atii.Ruleset, st *rules.State, u *rules.Unit, mv *atii.MoveCmd, to, at world.Vec) float64 {
	leg := to.Sub(u.Pos)
	l := leg.Len()
	if l < 1e-9 {
		return 0
	}
	e := l
	if pv, err := rs.PlanMove(st, mv); err == nil && pv.Odds != nil && len(pv.Odds.Reach) > 1 {
		e = 0
		for _, p := range pv.Odds.Reach[1:] {
			e += p
		}
		e = math.Min(e, l)
	}
	return u.Pos.Dist(at) - u.Pos.Add(leg.Scale(e/l)).Dist(at)
}

// anyGunBears reports whether one of u's working weapons has an enemy
// titan's centre in its arc and range (bears).
func anyGunBears(rs *atii.Ruleset, st *rules.State, u *rules.Unit) bool {
	prof, err := rs.Catalogue().Unit(u.Type)
	if err != nil {
		return true
	}
	ts, err := atii.TitanOf(u)
	if err != nil {
		return true
	}
	guns := gunsOf(rs, prof, u, ts)
	for i := range st.Units {
		e := &st.Units[i]
		if e.Side == u.Side || !operational(e) {
			continue
		}
		for _, g := range guns {
			if bears(g, u, e) {
				return true
			}
		}
	}
	return false
}

// greedyDeploy deploys the first titan offered where the scenario places
// it when that is legal; otherwise at the legal point of a 4 cm grid
// nearest one of the side's goals (the table's middle when it has none),
// facing that point (else the template's way). Each of the side's titans
// already on the table takes the goal nearest it off the list first
// (while more than one is left), so that the titans spread over them.
func greedyDeploy(v game.View, rs *atii.Ruleset) (rules.Command, error) {
	ch := v.Choices[0]
	dc, ok := ch.Cmd.(*atii.DeployCmd)
	if !ok {
		return ch.Cmd, nil
	}
	if v.Check(dc) == nil {
		return dc, nil
	}
	t := rs.World().Table
	aims := []world.Vec{{X: t.W / 2, Y: t.H / 2}}
	var mine []world.Vec
	goals := BuildGoals(rs, v.State)
	// Where the enemy will come from while none of its titans is down:
	// its home (deployment zone), else the table's centre.
	toward := world.Vec{X: t.W / 2, Y: t.H / 2}
	for side, h := range goals.Homes {
		if side != v.Side {
			toward = h
		}
	}
	for _, g := range goals.List {
		if g.Side == v.Side {
			mine = append(mine, g.At)
		}
	}
	// each titan already on the table takes the goal nearest it
	for i := range v.State.Units {
		u := &v.State.Units[i]
		if u.Side != v.Side || !operational(u) || len(mine) <= 1 {
			continue
		}
		k := 0
		for j := range mine {
			if mine[j].Dist(u.Pos) < mine[k].Dist(u.Pos) {
				k = j
			}
		}
		mine = append(mine[:k], mine[k+1:]...)
	}
	if len(mine) > 0 {
		aims = mine
	}
	var best rules.Command
	bd := math.Inf(1)
	for y := 2.0; y < t.H; y += 4 {
		for x := 2.0; x < t.W; x += 4 {
			at := world.Vec{X: x, Y: y}
			d, aim := math.Inf(1), at
			for _, a := range aims {
				if a.Dist(at) < d {
					d, aim = a.Dist(at), a
				}
			}
			if d >= bd {
				continue
			}
			// facing the nearest enemy titan down (else the centre), else the
			// place aimed at, else the scenario's facing
			for _, f := range []float64{math.Round(deployFacing(v, at, toward)), math.Round(world.Bearing(aim.Sub(at))), dc.Facing} {
				if c := rs.Deploy(v.Side, dc.Unit, x, y, f); v.Check(c) == nil {
					best, bd = c, d
					break
				}
			}
		}
	}
	if best == nil {
		return nil, fmt.Errorf("no legal place to deploy %s", dc.Unit)
	}
	return best, nil
}

// deployFacing is the facing Greedy deploys a titan at p with: towards
// the nearest enemy titan already on the table, else towards `toward`
// (the enemy's deployment zone), so that its forward arcs look at the
// fight rather than at its own table edge.
func deployFacing(v game.View, p, toward world.Vec) float64 {
	at := toward
	best := math.Inf(1)
	for i := range v.State.Units {
		u := &v.State.Units[i]
		if u.Side == v.Side || u.Destroyed || u.OffTable || u.Markers.Value(atii.MarkUnplaced) > 0 {
			continue
		}
		if d := u.Pos.Sub(p).Len(); d < best {
			best, at = d, u.Pos
		}
	}
	if at.Sub(p).Len() < 1e-9 {
		return 0
	}
	return world.NormDeg(world.Bearing(at.Sub(p)))
}
