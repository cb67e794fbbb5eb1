// Package script is the scripted opponent every rule system shares: the
// scenario file gives a side's formations and units tasks (hold, capture,
// advance, screen, destroy, reserve, withdraw, patrol) that triggers
// switch, with target priorities, ignore lists and a preset or sliders for
// aggression and caution. Within its task a unit still plays the rules
// well: each candidate action is played on a copy of the state with dice
// of the script's own and scored by how far it serves the task plus the
// rule system's tactical evaluation, and the choice carries a one-line
// reason ("Reaver B: holding Objective 2; fires at Warhound A").
//
// The script is deterministic: the same state, plan and seed give the
// same choice. It reads only the state it is given (a side's view).
package script

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/auspex/auspex/ai/search"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/world"
)

// Judge evaluates the scenario's triggers for a rule system.
type Judge interface {
	Holds(s *rules.State, t *scenarios.Trigger) (bool, error)
}

// TriggerRuleset is a ruleset that evaluates the scenario grammar's
// triggers, as its victory check does (ATII's and E40K's, over the shared
// rules.EvalTrigger).
type TriggerRuleset interface {
	TriggerHolds(s *rules.State, t *rules.Trigger) (bool, error)
}

// RulesetJudge is the Judge of a TriggerRuleset: each scenario trigger
// is converted (scenarios.Trigger.Rules) and judged by the ruleset.
type RulesetJudge struct{ Ruleset TriggerRuleset }

// Holds implements Judge.
func (j RulesetJudge) Holds(s *rules.State, t *scenarios.Trigger) (bool, error) {
	return j.Ruleset.TriggerHolds(s, t.Rules())
}

// JudgeOf returns the judge of a game's ruleset. Errors: a ruleset that
// evaluates no triggers.
func JudgeOf(rs rules.Ruleset) (Judge, error) {
	tr, ok := rs.(TriggerRuleset)
	if !ok {
		return nil, fmt.Errorf("script: ruleset %T evaluates no scenario triggers", rs)
	}
	return RulesetJudge{Ruleset: tr}, nil
}

// Sliders tune how a script plays: Aggression (0..1) weighs the
// tactical evaluation against the task, Caution (0..1) judges an action
// by its worse dice rather than its mean.
type Sliders struct {
	Aggression, Caution float64
}

// PresetSliders returns a named preset's sliders ("cautious",
// "balanced", "aggressive"; anything else is balanced).
func PresetSliders(preset string) Sliders {
	switch preset {
	case "cautious":
		return Sliders{Aggression: 0.3, Caution: 0.8}
	case "aggressive":
		return Sliders{Aggression: 0.8, Caution: 0.2}
	}
	return Sliders{Aggression: 0.5, Caution: 0.5}
}

// SlidersOf reads a scenario controller's preset and fine-tuning (a
// slider below 0 keeps the preset's).
func SlidersOf(c scenarios.Controller) Sliders {
	s := PresetSliders(c.Preset)
	if c.Aggression >= 0 {
		s.Aggression = c.Aggression
	}
	if c.Caution >= 0 {
		s.Caution = c.Caution
	}
	return s
}

// Weights convert a task's progress into the evaluation's units.
type Weights struct {
	// PerCM is what a centimetre of progress toward the task's goal is
	// worth, in evaluation units.
	PerCM float64
	// Priority is the bonus for attacking a priority target (and, for a
	// destroy task, its target); Ignored is the penalty for attacking an
	// ignored one.
	Priority, Ignored float64
	// Samples is how many dice samples each action is played with.
	Samples int
}

// DefaultWeights suit evaluations in points of the order of a titan's
// (hundreds).
func DefaultWeights() Weights {
	return Weights{PerCM: 2, Priority: 40, Ignored: 1000, Samples: 2}
}

// Plan is one side's script with the table's places resolved.
type Plan struct {
	Side    string
	Tasks   []*scenarios.Task
	Sliders Sliders
	W       Weights
	// Seed keys the script's own dice (never the game's seed).
	Seed uint64

	zones   map[string]*scenarios.Area
	objs    map[string]*scenarios.Objective
	classes map[string]string // unit type -> class, for priorities
	edge    float64           // the y of the side's own table edge (withdraw)
	tableW  float64
	tableH  float64
	patrol  map[string]int // unit id -> route index reached
}

// NewPlan builds the plan of side from a parsed scenario. Errors: the
// side is unknown or not scripted.
func NewPlan(scn *scenarios.Scenario, side string, seed uint64) (*Plan, error) {
	if scn == nil {
		return nil, errors.New("script: no scenario")
	}
	var sd *scenarios.Side
	for _, x := range scn.Sides {
		if x.ID == side {
			sd = x
		}
	}
	if sd == nil {
		return nil, fmt.Errorf("script: no side %q in %s", side, scn.File)
	}
	p := &Plan{Side: side, Tasks: sd.Controller.Tasks, Sliders: SlidersOf(sd.Controller), W: DefaultWeights(), Seed: seed,
		zones: map[string]*scenarios.Area{}, objs: map[string]*scenarios.Objective{}, classes: map[string]string{},
		tableW: scn.Table.W, tableH: scn.Table.H, patrol: map[string]int{}}
	for _, z := range scn.Zones {
		p.zones[z.ID] = z.Area
	}
	for _, o := range scn.Objectives {
		p.objs[o.ID] = o
	}
	if scn.Catalogue != nil {
		for id, u := range scn.Catalogue.Units {
			p.classes[id] = string(u.Class)
		}
	}
	// The own edge: the long table edge nearer the side's zone (or its
	// units' mean position).
	var c world.Vec
	if a := p.zones[sd.Zone]; a != nil {
		c = a.Centroid()
	} else {
		n := 0
		for _, f := range sd.Formations {
			for _, u := range f.Units {
				c = c.Add(u.Pos)
				n++
			}
		}
		if n > 0 {
			c = c.Scale(1 / float64(n))
		}
	}
	if c.Y > scn.Table.H/2 {
		p.edge = scn.Table.H
	}
	return p, nil
}

// Choice is the script's answer.
type Choice struct {
	Action search.Action
	// Reason is the one-line explanation for the log.
	Reason string
	// Score is the action's value (task progress plus tactics).
	Score float64
}

// taskFor returns the task unit u follows now: the last task of its unit
// or formation (in file order) whose trigger holds, nil when none does.
func (p *Plan) taskFor(s *rules.State, u *rules.Unit, judge Judge) (*scenarios.Task, error) {
	var cur *scenarios.Task
	for _, t := range p.Tasks {
		if t.Unit != "" && t.Unit != u.ID || t.Unit == "" && t.Formation != u.Formation {
			continue
		}
		if t.When != nil {
			ok, err := judge.Holds(s, t.When)
			if err != nil {
				return nil, fmt.Errorf("script: %s task %s: %w", u.ID, t.Task, err)
			}
			if !ok {
				continue
			}
		}
		cur = t
	}
	return cur, nil
}

// Choose picks side's action at s among dom's actions: each is played
// with the plan's own dice and scored by the acting unit's task progress
// plus the tactical evaluation's change (aggression weighs it; caution
// leans on the worse sample), priorities and ignore lists. Errors: no
// action, the domain's, a trigger the judge cannot read.
func (p *Plan) Choose(ctx context.Context, sim search.Sim, dom search.Domain, judge Judge, s *rules.State) (Choice, error) {
	acts, err := dom.Actions(s, p.Side)
	if err != nil {
		return Choice{}, fmt.Errorf("script: %w", err)
	}
	if len(acts) == 0 {
		return Choice{}, search.ErrNoActions
	}
	before := dom.Evaluate(s, p.Side).Value
	tasks := map[string]*scenarios.Task{}
	for i := range s.Units {
		u := &s.Units[i]
		if u.Side != p.Side {
			continue
		}
		t, err := p.taskFor(s, u, judge)
		if err != nil {
			return Choice{}, err
		}
		tasks[u.ID] = t
		p.advancePatrol(s, u, t)
	}
	samples := max(1, p.W.Samples)
	best := Choice{Score: math.Inf(-1)}
	for i, a := range acts {
		if err := ctx.Err(); err != nil {
			if i > 0 {
				break // answer with the best so far
			}
			return Choice{}, err
		}
		var sum, worst float64
		worst = math.Inf(1)
		var after *rules.State
		ok := true
		for k := 0; k < samples; k++ {
			n, err := sim.Play(s, a.Cmd, rules.NewSeededDice(p.Seed^0x5c1a7, uint64(k)))
			if err != nil {
				ok = false // offered but refused here: skip it
				break
			}
			v := dom.Evaluate(n, p.Side).Value - before
			sum += v
			worst = min(worst, v)
			if after == nil {
				after = n
			}
		}
		if !ok {
			continue
		}
		mean := sum / float64(samples)
		tactic := (1-p.Sliders.Caution)*mean + p.Sliders.Caution*worst
		score := (0.3 + p.Sliders.Aggression) * tactic
		t := tasks[a.Unit]
		if a.Unit != "" && t != nil {
			score += p.W.PerCM * p.progress(s, after, a.Unit, t)
		}
		score += p.targetBonus(s, a, t)
		if score > best.Score {
			best = Choice{Action: a, Score: score}
		}
	}
	if math.IsInf(best.Score, -1) {
		return Choice{}, fmt.Errorf("script: none of %d actions could be played", len(acts))
	}
	best.Reason = p.reason(s, best.Action, tasks[best.Action.Unit])
	return best, nil
}

// targetBonus scores an action's targets: priorities and the destroy
// task's target add, ignored targets subtract.
func (p *Plan) targetBonus(s *rules.State, a search.Action, t *scenarios.Task) float64 {
	if t == nil || len(a.Targets) == 0 {
		return 0
	}
	var b float64
	for _, id := range a.Targets {
		u := s.Unit(id)
		if u == nil {
			continue
		}
		if p.listed(t.Ignore, u) {
			b -= p.W.Ignored
			continue
		}
		if p.listed(t.Priorities, u) {
			b += p.W.Priority
		}
		if t.Task == "destroy" && (u.ID == t.Target || u.Formation == t.Target || u.Side == t.Target) {
			b += p.W.Priority
		}
	}
	return b
}

// listed reports whether u is named in list by id, type or class.
func (p *Plan) listed(list []string, u *rules.Unit) bool {
	for _, x := range list {
		if x == u.ID || x == u.Type || x == p.classes[u.Type] {
			return true
		}
	}
	return false
}

// progress is how many cm closer to its task's goal the action brings
// the unit (negative: farther). Reserve and hold penalise leaving.
func (p *Plan) progress(s, after *rules.State, id string, t *scenarios.Task) float64 {
	u0, u1 := s.Unit(id), after.Unit(id)
	if u0 == nil || u1 == nil {
		return 0
	}
	if u1.Destroyed {
		return 0
	}
	if t.Task == "reserve" {
		return -u0.Pos.Dist(u1.Pos)
	}
	if t.Task == "withdraw" && u1.OffTable && !u0.OffTable {
		return 50 // off the table: the task is done
	}
	d0, ok0 := p.goalDist(s, u0, t)
	d1, ok1 := p.goalDist(after, u1, t)
	if !ok0 || !ok1 {
		return 0
	}
	return d0 - d1
}

// goalDist is the unit's distance (cm) from its task's goal; ok false
// when the task has no place to go (no enemy left to destroy).
func (p *Plan) goalDist(s *rules.State, u *rules.Unit, t *scenarios.Task) (float64, bool) {
	switch t.Task {
	case "hold", "capture":
		return p.placeDist(t.Target, u.Pos)
	case "advance":
		if d, ok := p.placeDist(t.Target, u.Pos); ok {
			return d, true
		}
		return p.nearestEnemy(s, u, t.Target)
	case "destroy":
		return p.nearestEnemy(s, u, t.Target)
	case "screen":
		goal, ok := p.placePoint(s, t.Target)
		if !ok {
			return 0, false
		}
		e, ok := p.nearestEnemyPos(s, goal)
		if !ok {
			return u.Pos.Dist(goal), true
		}
		return u.Pos.Dist(goal.Add(e.Sub(goal).Scale(0.5))), true
	case "withdraw":
		if t.Target != "" {
			return p.placeDist(t.Target, u.Pos)
		}
		return math.Abs(u.Pos.Y - p.edge), true
	case "patrol":
		if len(t.Route) == 0 {
			return 0, false
		}
		return p.placeDist(t.Route[p.patrol[u.ID]%len(t.Route)], u.Pos)
	}
	return 0, false
}

// patrolReach is how close (cm) a patrolling unit must come to a
// waypoint before it heads for the next.
const patrolReach = 5

// advancePatrol moves a patrolling unit's waypoint on once it is reached.
func (p *Plan) advancePatrol(s *rules.State, u *rules.Unit, t *scenarios.Task) {
	if t == nil || t.Task != "patrol" || len(t.Route) == 0 {
		return
	}
	i := p.patrol[u.ID] % len(t.Route)
	if d, ok := p.placeDist(t.Route[i], u.Pos); ok && d <= patrolReach {
		p.patrol[u.ID] = (i + 1) % len(t.Route)
	}
}

// placeDist is the distance from pt to an objective (its marker) or a
// zone (0 inside).
func (p *Plan) placeDist(id string, pt world.Vec) (float64, bool) {
	if o, ok := p.objs[id]; ok {
		return pt.Dist(o.Pos), true
	}
	if a := p.zones[id]; a != nil {
		if a.Contains(pt) {
			return 0, true
		}
		best := math.Inf(1)
		for _, seg := range a.Outline() {
			best = min(best, segDist(pt, seg[0], seg[1]))
		}
		return best, true
	}
	return 0, false
}

// placePoint is a place's point: an objective's marker, a zone's
// centroid, a unit's or formation's (mean) position.
func (p *Plan) placePoint(s *rules.State, id string) (world.Vec, bool) {
	if o, ok := p.objs[id]; ok {
		return o.Pos, true
	}
	if a := p.zones[id]; a != nil {
		return a.Centroid(), true
	}
	var c world.Vec
	n := 0
	for i := range s.Units {
		if u := &s.Units[i]; (u.ID == id || u.Formation == id) && !u.Destroyed {
			c = c.Add(u.Pos)
			n++
		}
	}
	if n == 0 {
		return c, false
	}
	return c.Scale(1 / float64(n)), true
}

// nearestEnemy is the distance from u to the nearest enemy unit standing
// that target names (a unit, formation or side id; "" any enemy).
func (p *Plan) nearestEnemy(s *rules.State, u *rules.Unit, target string) (float64, bool) {
	best, ok := math.Inf(1), false
	for i := range s.Units {
		o := &s.Units[i]
		if o.Side == u.Side || o.Destroyed || o.OffTable {
			continue
		}
		if target != "" && o.ID != target && o.Formation != target && o.Side != target {
			continue
		}
		best, ok = min(best, u.Pos.Dist(o.Pos)), true
	}
	return best, ok
}

// nearestEnemyPos is the position of the enemy unit nearest pt.
func (p *Plan) nearestEnemyPos(s *rules.State, pt world.Vec) (world.Vec, bool) {
	var best world.Vec
	bd := math.Inf(1)
	for i := range s.Units {
		o := &s.Units[i]
		if o.Side == p.Side || o.Destroyed || o.OffTable {
			continue
		}
		if d := pt.Dist(o.Pos); d < bd {
			best, bd = o.Pos, d
		}
	}
	return best, !math.IsInf(bd, 1)
}

// reason writes the one-line explanation: who, their task, what they do.
func (p *Plan) reason(s *rules.State, a search.Action, t *scenarios.Task) string {
	who := a.Unit
	if u := s.Unit(a.Unit); u != nil && u.Name != "" {
		who = u.Name
	}
	var b strings.Builder
	if who != "" {
		b.WriteString(who + ": ")
	}
	b.WriteString(p.taskText(s, t))
	if a.Text != "" {
		b.WriteString("; " + search.TrimUnit(a.Text, a.Unit))
	}
	return b.String()
}

// taskText describes a task in a few words ("holding Relay").
func (p *Plan) taskText(s *rules.State, t *scenarios.Task) string {
	if t == nil {
		return "no task"
	}
	name := func(id string) string {
		if o, ok := p.objs[id]; ok && o.Label != "" {
			return o.Label
		}
		if u := s.Unit(id); u != nil && u.Name != "" {
			return u.Name
		}
		return id
	}
	switch t.Task {
	case "hold":
		return "holding " + name(t.Target)
	case "capture":
		return "capturing " + name(t.Target)
	case "advance":
		return "advancing on " + name(t.Target)
	case "screen":
		return "screening " + name(t.Target)
	case "destroy":
		return "hunting " + name(t.Target)
	case "reserve":
		return "in reserve"
	case "withdraw":
		if t.Target != "" {
			return "withdrawing to " + name(t.Target)
		}
		return "withdrawing"
	case "patrol":
		names := make([]string, len(t.Route))
		for i, r := range t.Route {
			names[i] = name(r)
		}
		return "patrolling " + strings.Join(names, " - ")
	}
	return t.Task
}

// SortedTasks lists the plan's tasks by formation or unit, for docs and
// tests.
func (p *Plan) SortedTasks() []*scenarios.Task {
	out := append([]*scenarios.Task(nil), p.Tasks...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Formation+out[i].Unit < out[j].Formation+out[j].Unit })
	return out
}

// segDist is the distance from p to the segment ab.
func segDist(p, a, b world.Vec) float64 {
	ab := b.Sub(a)
	l2 := ab.X*ab.X + ab.Y*ab.Y
	if l2 == 0 {
		return p.Dist(a)
	}
	t := ((p.X-a.X)*ab.X + (p.Y-a.Y)*ab.Y) / l2
	t = max(0, min(1, t))
	return p.Dist(a.Add(ab.Scale(t)))
}
