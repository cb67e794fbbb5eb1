package script

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/auspex/auspex/ai/search"
	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/world"
)

// walkers is a toy ruleset for the script's tests: units step up to
// 10 cm, wait, or shoot an enemy within 30 cm (a hit on 4+ takes one of
// its 3 hit points). Red decides every command.
type walkers struct{}

func (walkers) ID() string                              { return "walkers" }
func (walkers) Name() string                            { return "Walkers (script test)" }
func (walkers) Options() []rules.Option                 { return nil }
func (walkers) Terrain(*rules.State) world.TerrainRules { return nil }
func (walkers) Victory(*rules.State) *rules.Outcome     { return nil }
func (walkers) Legal(*rules.State, string) []rules.Choice {
	return nil
}
func (walkers) Commands() []rules.CommandSpec {
	return []rules.CommandSpec{{Name: "step", New: func() rules.Command { return &step{} }},
		{Name: "shoot", New: func() rules.Command { return &shoot{} }}}
}
func (walkers) Flow() []rules.Step {
	return []rules.Step{{ID: "act", Phase: "act", Allowed: []string{"step", "shoot"},
		OnBegin: func(s *rules.State, _ rules.Dice) ([]rules.Event, error) {
			s.Active = "red"
			return nil, nil
		}}}
}

type step struct {
	Unit   string
	DX, DY float64
}

func (c *step) Name() string  { return "step" }
func (c *step) Actor() string { return "red" }
func (c *step) Validate(s *rules.State) error {
	if s.Unit(c.Unit) == nil || math.Hypot(c.DX, c.DY) > 10+1e-9 {
		return fmt.Errorf("bad step")
	}
	return nil
}
func (c *step) Apply(s *rules.State, _ rules.Dice) ([]rules.Event, error) {
	u := s.Unit(c.Unit)
	u.Pos = u.Pos.Add(world.Vec{X: c.DX, Y: c.DY})
	return nil, nil
}

type shoot struct{ Unit, Target string }

func (c *shoot) Name() string                  { return "shoot" }
func (c *shoot) Actor() string                 { return "red" }
func (c *shoot) Validate(s *rules.State) error { return nil }
func (c *shoot) Apply(s *rules.State, d rules.Dice) ([]rules.Event, error) {
	t := s.Unit(c.Target)
	if d.Roll(rules.Roll{Purpose: "hit", Sides: 6, Target: 4}, 1)[0] >= 4 {
		rules.AddCount(&t.Markers, "hits", 1)
		if t.Markers.Value("hits") >= 3 {
			t.Destroyed = true
		}
	}
	return nil, nil
}

// walkDomain offers each unit of side a step in 8 directions, waiting,
// and shots at enemies within 30 cm; it scores hits dealt minus taken.
type walkDomain struct{}

func (walkDomain) Actions(s *rules.State, side string) ([]search.Action, error) {
	var out []search.Action
	for _, u := range s.Units {
		if u.Side != side || u.Destroyed {
			continue
		}
		out = append(out, search.Action{Cmd: &step{Unit: u.ID}, Unit: u.ID, Text: "waits"})
		for k := 0; k < 8; k++ {
			a := float64(k) * math.Pi / 4
			out = append(out, search.Action{Cmd: &step{Unit: u.ID, DX: 10 * math.Sin(a), DY: -10 * math.Cos(a)}, Unit: u.ID,
				Text: fmt.Sprintf("steps %d degrees", k*45)})
		}
		for _, t := range s.Units {
			if t.Side != side && !t.Destroyed && u.Pos.Dist(t.Pos) <= 30 {
				out = append(out, search.Action{Cmd: &shoot{Unit: u.ID, Target: t.ID}, Unit: u.ID, Targets: []string{t.ID},
					Text: "shoots at " + t.ID})
			}
		}
	}
	return out, nil
}

func (walkDomain) Evaluate(s *rules.State, side string) search.Score {
	v := 0.0
	for _, u := range s.Units {
		h := float64(u.Markers.Value("hits"))
		if u.Side == side {
			v -= 10 * h
		} else {
			v += 10 * h
		}
	}
	return search.Score{Value: v}
}

// turnJudge judges "turn" by the state's turn and "enemy-within" by
// centre distance; other kinds never hold.
type turnJudge struct{}

func (turnJudge) Holds(s *rules.State, t *scenarios.Trigger) (bool, error) {
	switch t.Kind {
	case "turn":
		return s.Turn >= t.Turn, nil
	case "enemy-within":
		for _, u := range s.Units {
			if u.ID != t.Unit && u.Formation != t.Unit {
				continue
			}
			for _, o := range s.Units {
				if o.Side != u.Side && u.Pos.Dist(o.Pos) <= t.Distance {
					return true, nil
				}
			}
		}
	}
	return false, nil
}

// arena is a 120 cm square table: red's zone in the north, blue's in the
// south, objective "relay" in the middle, zone "east" on the right.
const arena = `format: 1
name: Script arena
system: atii
table: {width: 120, height: 120}
zones:
  - {id: north, area: {rect: {x: 0, y: 0, w: 120, h: 20}}}
  - {id: south, area: {rect: {x: 0, y: 100, w: 120, h: 20}}}
  - {id: east, area: {rect: {x: 100, y: 40, w: 20, h: 40}}}
objectives:
  - {id: relay, label: Relay, position: [60, 60]}
  - {id: west-post, label: West post, position: [10, 60]}
sides:
  - id: red
    name: Red
    colour: "#aa0000"
    zone: north
    controller:
      type: scripted
      tasks:
TASKS
    army:
      - id: rf
        units:
          - {id: r1, name: Hound, type: warhound, position: {x: 60, y: 10}, facing: 180}
  - id: blue
    name: Blue
    colour: "#0000aa"
    zone: south
    army:
      - id: bf
        units:
          - {id: b1, type: warhound, position: {x: 40, y: 35}, facing: 0}
          - {id: b2, type: reaver, position: {x: 80, y: 35}, facing: 0}
`

// setUp parses the arena with red's tasks and starts the toy game on its
// units.
func setUp(t *testing.T, tasks string) (*Plan, *rules.Simulator, *rules.State) {
	t.Helper()
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	scn, err := scenarios.Parse("arena.yaml", []byte(strings.Replace(arena, "TASKS", tasks, 1)), cat)
	if err != nil {
		t.Fatal(err)
	}
	st := &rules.State{}
	for _, sd := range scn.Sides {
		st.Sides = append(st.Sides, rules.Side{ID: sd.ID})
		for _, f := range sd.Formations {
			st.Formations = append(st.Formations, rules.Formation{ID: f.ID, Side: sd.ID})
			for _, u := range f.Units {
				st.Units = append(st.Units, rules.Unit{ID: u.ID, Name: u.Name, Side: sd.ID, Type: u.Type, Formation: f.ID, Pos: u.Pos, Facing: u.Facing})
			}
		}
	}
	e, err := rules.New(walkers{}, st, rules.Config{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewPlan(scn, "red", 3)
	if err != nil {
		t.Fatal(err)
	}
	return p, e.Simulator(), e.Snapshot()
}

// walk lets the plan choose n times, playing each choice, and returns the
// final state and the reasons.
func walk(t *testing.T, p *Plan, sim *rules.Simulator, s *rules.State, n int) (*rules.State, []string) {
	t.Helper()
	var why []string
	for i := 0; i < n; i++ {
		c, err := p.Choose(context.Background(), sim, walkDomain{}, turnJudge{}, s)
		if err != nil {
			t.Fatal(err)
		}
		why = append(why, c.Reason)
		if s, err = sim.Play(s, c.Action.Cmd, rules.NewSeededDice(11, uint64(i))); err != nil {
			t.Fatal(err)
		}
	}
	return s, why
}

func TestTaskCaptureWalksToTheObjective(t *testing.T) {
	p, sim, s := setUp(t, "        - {unit: r1, task: capture, target: west-post, ignore: [titan]}")
	end, why := walk(t, p, sim, s, 8)
	if d := end.Unit("r1").Pos.Dist(world.Vec{X: 10, Y: 60}); d > 10 {
		t.Errorf("after 8 steps the Hound is %.1f cm from the west post", d)
	}
	if !strings.HasPrefix(why[0], "Hound: capturing West post; steps") {
		t.Errorf("reason %q", why[0])
	}
}

func TestTaskHoldStaysOnTheObjective(t *testing.T) {
	p, sim, s := setUp(t, "        - {unit: r1, task: hold, target: relay, ignore: [titan]}")
	end, _ := walk(t, p, sim, s, 10)
	if d := end.Unit("r1").Pos.Dist(world.Vec{X: 60, Y: 60}); d > 8 {
		t.Errorf("holding: the Hound ends %.1f cm from the relay", d)
	}
}

func TestTaskAdvanceIntoAZone(t *testing.T) {
	p, sim, s := setUp(t, "        - {formation: rf, task: advance, target: east, ignore: [titan]}")
	end, _ := walk(t, p, sim, s, 8)
	if pos := end.Unit("r1").Pos; pos.X < 100 || pos.Y < 40 || pos.Y > 80 {
		t.Errorf("advancing: the Hound ends at %v, outside the east zone", pos)
	}
}

func TestTaskReserveStaysPut(t *testing.T) {
	p, sim, s := setUp(t, "        - {unit: r1, task: reserve, ignore: [titan]}")
	end, why := walk(t, p, sim, s, 3)
	if end.Unit("r1").Pos != s.Unit("r1").Pos {
		t.Errorf("in reserve the Hound moved to %v", end.Unit("r1").Pos)
	}
	if !strings.Contains(why[0], "in reserve") {
		t.Errorf("reason %q", why[0])
	}
}

func TestTaskWithdrawToTheOwnEdge(t *testing.T) {
	p, sim, s := setUp(t, "        - {unit: r1, task: withdraw, ignore: [titan]}")
	s.Unit("r1").Pos = world.Vec{X: 60, Y: 50}
	end, _ := walk(t, p, sim, s, 3)
	if y := end.Unit("r1").Pos.Y; y > 25 {
		t.Errorf("withdrawing north: the Hound is at y %.1f after 3 steps from y 50", y)
	}
}

func TestTaskScreenStandsBetween(t *testing.T) {
	// Screen the relay from the nearest enemy (b1 at 40,35 is nearer
	// than b2): the goal is half way, about (50, 47.5).
	p, sim, s := setUp(t, "        - {unit: r1, task: screen, target: relay, ignore: [titan]}")
	end, _ := walk(t, p, sim, s, 6)
	if d := end.Unit("r1").Pos.Dist(world.Vec{X: 50, Y: 47.5}); d > 8 {
		t.Errorf("screening: the Hound ends %.1f cm from the point between the relay and the enemy", d)
	}
}

func TestTaskDestroyShootsItsTarget(t *testing.T) {
	p, sim, s := setUp(t, "        - {unit: r1, task: destroy, target: b2}")
	s.Unit("r1").Pos = world.Vec{X: 60, Y: 30}
	c, err := p.Choose(context.Background(), sim, walkDomain{}, turnJudge{}, s)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Action.Targets) != 1 || c.Action.Targets[0] != "b2" {
		t.Errorf("hunting b2 with both blues in range, the Hound chose %q", c.Action.Text)
	}
}

func TestPrioritiesAndIgnore(t *testing.T) {
	p, sim, s := setUp(t, "        - {unit: r1, task: hold, target: relay, priorities: [reaver]}")
	s.Unit("r1").Pos = world.Vec{X: 60, Y: 30}
	c, _ := p.Choose(context.Background(), sim, walkDomain{}, turnJudge{}, s)
	if len(c.Action.Targets) != 1 || c.Action.Targets[0] != "b2" {
		t.Errorf("with reavers first the Hound chose %q", c.Action.Text)
	}
	p, sim, s = setUp(t, "        - {unit: r1, task: hold, target: relay, ignore: [b1, b2]}")
	s.Unit("r1").Pos = world.Vec{X: 60, Y: 30}
	for i := 0; i < 4; i++ {
		c, err := p.Choose(context.Background(), sim, walkDomain{}, turnJudge{}, s)
		if err != nil {
			t.Fatal(err)
		}
		if len(c.Action.Targets) > 0 {
			t.Fatalf("ignoring both blues, the Hound chose %q", c.Action.Text)
		}
		s, _ = sim.Play(s, c.Action.Cmd, rules.NewSeededDice(1, uint64(i)))
	}
}

func TestTaskPatrolWalksTheRoute(t *testing.T) {
	p, sim, s := setUp(t, "        - {unit: r1, task: patrol, route: [relay, west-post], ignore: [titan]}")
	var visited []string
	for i := 0; i < 24; i++ {
		c, err := p.Choose(context.Background(), sim, walkDomain{}, turnJudge{}, s)
		if err != nil {
			t.Fatal(err)
		}
		s, _ = sim.Play(s, c.Action.Cmd, rules.NewSeededDice(1, uint64(i)))
		pos := s.Unit("r1").Pos
		for _, w := range []struct {
			id string
			at world.Vec
		}{{"relay", world.Vec{X: 60, Y: 60}}, {"west-post", world.Vec{X: 10, Y: 60}}} {
			if pos.Dist(w.at) <= patrolReach && (len(visited) == 0 || visited[len(visited)-1] != w.id) {
				visited = append(visited, w.id)
			}
		}
	}
	if got := strings.Join(visited, ","); !strings.HasPrefix(got, "relay,west-post,relay") {
		t.Errorf("patrol visits %s, want relay, west-post, relay...", got)
	}
}

// TestTriggersSwitchTasks: a later task takes over once its trigger
// holds (turn N; an enemy within X cm).
func TestTriggersSwitchTasks(t *testing.T) {
	p, _, s := setUp(t, "        - {unit: r1, task: hold, target: relay}\n        - {unit: r1, task: withdraw, when: {turn: 3}}\n        - {unit: r1, task: destroy, target: b1, when: {enemy-within: {unit: r1, distance: 15}}}")
	task := func() string {
		tk, err := p.taskFor(s, s.Unit("r1"), turnJudge{})
		if err != nil {
			t.Fatal(err)
		}
		return tk.Task
	}
	s.Turn = 1
	if got := task(); got != "hold" {
		t.Errorf("turn 1: %s, want hold", got)
	}
	s.Turn = 3
	if got := task(); got != "withdraw" {
		t.Errorf("turn 3: %s, want withdraw", got)
	}
	s.Unit("r1").Pos = world.Vec{X: 40, Y: 22}
	if got := task(); got != "destroy" {
		t.Errorf("an enemy 13 cm away: %s, want destroy", got)
	}
}

// TestScriptIsDeterministic: the same state and seed give the same
// choice.
func TestScriptIsDeterministic(t *testing.T) {
	p, sim, s := setUp(t, "        - {unit: r1, task: destroy, target: blue}")
	s.Unit("r1").Pos = world.Vec{X: 60, Y: 30}
	a, _ := p.Choose(context.Background(), sim, walkDomain{}, turnJudge{}, s)
	for i := 0; i < 5; i++ {
		b, _ := p.Choose(context.Background(), sim, walkDomain{}, turnJudge{}, s)
		if a.Action.Text != b.Action.Text || a.Score != b.Score {
			t.Fatalf("%q %v then %q %v", a.Action.Text, a.Score, b.Action.Text, b.Score)
		}
	}
}
