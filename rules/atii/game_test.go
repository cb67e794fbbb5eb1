package atii_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/systems/atiiai"
	"github.com/auspex/auspex/world"
)

// These tests play the ATII game through the engine (rules.Engine.Submit)
// on small scenarios. They cite the digest's rule ids.

// scenarioText builds a scenario on an open 120 x 120 cm table. units are
// YAML flow mappings for each side's single battlegroup; extra is added at
// the top level (options, zones, mission, terrain...).
func scenarioText(red, blue []string, extra string) string {
	var b strings.Builder
	b.WriteString("format: 1\nname: Test\nsystem: atii\ntable: {width: 120, height: 120}\nturn_limit: 6\n")
	b.WriteString(extra)
	b.WriteString("sides:\n")
	for _, sd := range []struct {
		id    string
		units []string
	}{{"red", red}, {"blue", blue}} {
		fmt.Fprintf(&b, "  - id: %s\n    name: %s\n    colour: \"#808080\"\n    controller: {type: human}\n    army:\n      - id: %s-group\n        units:\n", sd.id, sd.id, sd.id)
		for _, u := range sd.units {
			fmt.Fprintf(&b, "          - %s\n", u)
		}
	}
	b.WriteString("victory:\n  - {side: red, when: {destroy-all: blue}}\n  - {side: blue, when: {destroy-all: red}}\n  - {result: Draw, at_end: true, when: turn-limit}\n")
	return b.String()
}

func newGame(t *testing.T, text string, seed uint64) *game.Game {
	t.Helper()
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	scn, err := scenarios.Parse("test.yaml", []byte(text), cat)
	if err != nil {
		t.Fatalf("scenario: %v\n%s", err, text)
	}
	g, err := testSystems.New(scn, game.Config{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func bundled(t *testing.T, name string, seed uint64) *game.Game {
	t.Helper()
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	scn, err := scenarios.LoadBundled(name, cat)
	if err != nil {
		t.Fatal(err)
	}
	g, err := testSystems.New(scn, game.Config{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// holdUntil answers every decision with the first choice that is not a
// move (order: go first; hold; repairs) until the game reaches step.
func holdUntil(t *testing.T, g *game.Game, step string) {
	t.Helper()
	holdWhile(t, g, func(s *rules.State) bool {
		// A phase's order choice is answered like any other decision.
		return !(s.Step == step && s.Pending != nil && (s.Pending.Kind != atii.KindInitiative || step == atii.StepInitiative))
	})
	if s := g.State(); s.Step != step {
		t.Fatalf("game stopped at %s before %s", s.Step, step)
	}
}

// holdWhile answers decisions as holdUntil does while more holds.
func holdWhile(t *testing.T, g *game.Game, more func(*rules.State) bool) {
	t.Helper()
	for i := 0; i < 500; i++ {
		s := g.State()
		if !more(s) {
			return
		}
		if s.Over || s.Pending == nil {
			t.Fatalf("game stopped at %s", s.Step)
		}
		var cmd rules.Command
		for _, c := range g.Engine.Legal(s.Pending.Side) {
			if c.Name != atii.CmdMove && c.Name != atii.CmdFire {
				cmd = c.Cmd
				break
			}
		}
		if cmd == nil {
			t.Fatalf("no hold-like choice at %s", s.Step)
		}
		if _, err := g.Submit(cmd); err != nil {
			t.Fatalf("%s: %v", s.Step, err)
		}
	}
	t.Fatal("the game never got there in 500 decisions")
}

func logHas(s *rules.State, from int, sub string) bool {
	for _, ev := range s.Log[from:] {
		if strings.Contains(ev.Text, sub) {
			return true
		}
	}
	return false
}

// TestGameFlowTurn checks the order of steps in a turn: initiative roll
// and choice, movement, shooting, assault, close combat, rally, end, and
// the next turn.
func TestGameFlowTurn(t *testing.T) {
	g := newGame(t, scenarioText(
		[]string{"{id: r1, type: reaver, position: {x: 60, y: 20}, facing: 180}"},
		[]string{"{id: b1, type: reaver, position: {x: 60, y: 100}, facing: 0}"}, ""), 5)
	s := g.State()
	if s.Turn != 1 || s.Step != atii.StepInitiative || s.Pending == nil || s.Pending.Kind != "initiative" {
		t.Fatalf("game should start at turn 1 waiting for the initiative choice, got turn %d %s %+v", s.Turn, s.Step, s.Pending)
	}
	var steps []string
	for s.Turn == 1 {
		if len(steps) == 0 || steps[len(steps)-1] != s.Step {
			steps = append(steps, s.Step)
		}
		ch := g.Engine.Legal(s.Pending.Side)
		var cmd rules.Command
		for _, c := range ch {
			if c.Name != atii.CmdMove && c.Name != atii.CmdFire {
				cmd = c.Cmd
				break
			}
		}
		if _, err := g.Submit(cmd); err != nil {
			t.Fatal(err)
		}
		s = g.State()
	}
	want := []string{atii.StepInitiative, atii.StepMovement, atii.StepShooting, atii.StepAssault}
	if strings.Join(steps, " ") != strings.Join(want, " ") {
		t.Errorf("decisions in turn 1 at %v, want %v", steps, want)
	}
	if s.Turn != 2 || s.Step != atii.StepInitiative {
		t.Errorf("after turn 1: turn %d step %s", s.Turn, s.Step)
	}
	for _, phase := range []string{"Turn 1: assault (close-combat)", "Turn 1: rally", "Turn 1: end", "victory points: red 0, blue 0"} {
		if !logHas(s, 0, phase) {
			t.Errorf("log lacks %q", phase)
		}
	}
}

// TestGameMOV1OrderAndForfeit: ATII-MOV-1. The initiative winner chooses
// the order; sides alternate one titan at a time; lowest Man first, and
// moving a higher-Man titan first forfeits the side's unmoved lower-Man
// titans.
func TestGameMOV1OrderAndForfeit(t *testing.T) {
	g := bundled(t, "titan-battlegroup", 3)
	s := g.State()
	winner := s.Pending.Side
	if _, err := g.Submit(&atii.OrderCmd{By: winner, First: false}); err != nil {
		t.Fatal(err)
	}
	s = g.State()
	second := winner
	first := s.Pending.Side
	if s.Step != atii.StepMovement || first == winner {
		t.Fatalf("the winner chose to go second: %s should move first, pending %+v", first, s.Pending)
	}
	if s.Pending.Units[0] != first+"-warlord" {
		t.Errorf("lowest Man first: %s's first titan should be its Warlord (Man 1), got %v", first, s.Pending.Units)
	}
	// Moving a Reaver (Man 2) first forfeits the Warlord's move.
	mark := len(s.Log)
	if _, err := g.Submit(g.Ruleset.(*atii.Ruleset).Hold(first, first+"-reaver-1")); err != nil {
		t.Fatal(err)
	}
	s = g.State()
	if !logHas(s, mark, first+"-warlord forfeit") {
		t.Error("the log should say the Warlord forfeits")
	}
	if s.Pending.Side != second {
		t.Errorf("sides alternate: %s should move next, got %s", second, s.Pending.Side)
	}
	if _, err := g.Submit(g.Ruleset.(*atii.Ruleset).Hold(second, second+"-warlord")); err != nil {
		t.Fatal(err)
	}
	err := g.Engine.Check(g.Ruleset.(*atii.Ruleset).Hold(first, first+"-warlord"))
	if err == nil || !strings.Contains(err.Error(), "forfeit") {
		t.Errorf("the forfeited Warlord may not move: %v", err)
	}
	for _, id := range g.State().Pending.Units {
		if id == first+"-warlord" {
			t.Error("the forfeited Warlord is still offered")
		}
	}
}

// TestGameMOV6Exclusion: ATII-MOV-6. In the movement phase a titan may not
// end or pass within 10 cm of an enemy titan; in the assault phase it may
// go into base contact.
func TestGameMOV6Exclusion(t *testing.T) {
	g := newGame(t, scenarioText(
		[]string{"{id: r1, type: reaver, position: {x: 60, y: 20}, facing: 180}"},
		[]string{"{id: b1, type: reaver, position: {x: 60, y: 50}, facing: 0}"}, ""), 1)
	s := g.State()
	if _, err := g.Submit(&atii.OrderCmd{By: s.Pending.Side, First: true}); err != nil {
		t.Fatal(err)
	}
	side := g.State().Pending.Side
	me, them := "r1", "b1"
	dir := 1.0
	if side == "blue" {
		me, them, dir = "b1", "r1", -1
	}
	u := g.State().Unit(me)
	// 25 cm between the bases: 16 cm leaves 9 cm, too close.
	tooClose := g.Ruleset.(*atii.Ruleset).Move(side, me, atii.Waypoint{X: u.Pos.X, Y: u.Pos.Y + dir*16})
	err := g.Engine.Check(tooClose)
	if err == nil || !strings.Contains(err.Error(), "ATII-MOV-6") {
		t.Fatalf("a move ending 9 cm from %s must be refused (ATII-MOV-6), got %v", them, err)
	}
	ok := g.Ruleset.(*atii.Ruleset).Move(side, me, atii.Waypoint{X: u.Pos.X, Y: u.Pos.Y + dir*15})
	if _, err := g.Submit(ok); err != nil {
		t.Fatalf("ending exactly 10 cm away is allowed: %v", err)
	}
	holdUntil(t, g, atii.StepAssault)
	s = g.State()
	side = s.Pending.Side
	a, b := s.Unit(s.Pending.Units[0]), (*rules.Unit)(nil)
	for i := range s.Units {
		if s.Units[i].Side != side {
			b = &s.Units[i]
		}
	}
	gap := a.Pos.Dist(b.Pos) - 5 // two 2.5 cm bases
	d := b.Pos.Sub(a.Pos).Scale(gap / a.Pos.Dist(b.Pos))
	charge := g.Ruleset.(*atii.Ruleset).Move(side, a.ID, atii.Waypoint{X: a.Pos.X + d.X, Y: a.Pos.Y + d.Y})
	mark := len(s.Log)
	if _, err := g.Submit(charge); err != nil {
		t.Fatalf("assault moves may go into base contact: %v", err)
	}
	if !logHas(g.State(), mark, "charges into close combat") {
		t.Error("the charge is not logged")
	}
}

// ccScenario: r1 and b1 in base contact, a red Warhound and a blue Warhound
// nearby.
func ccScenario() string {
	return scenarioText(
		[]string{
			"{id: r1, type: reaver, position: {x: 60, y: 40}, facing: 180}",
			"{id: rw, type: warhound, position: {x: 30, y: 40}, facing: 135}",
		},
		[]string{
			"{id: b1, type: reaver, position: {x: 60, y: 45}, facing: 0}",
			"{id: bw, type: warhound, position: {x: 30, y: 62}, facing: 0}",
		}, "")
}

// TestGameSHT1AndSHT2: ATII-SHT-1, titans in close combat cannot fire or
// be targeted; ATII-SHT-2, every weapon's target is declared before any
// die is rolled, so one illegal shot refuses the whole declaration and
// nothing is rolled.
func TestGameSHT1AndSHT2(t *testing.T) {
	g := newGame(t, ccScenario(), 2)
	holdUntil(t, g, atii.StepShooting)
	for g.State().Pending.Side != "red" || !strings.Contains(strings.Join(g.State().Pending.Units, " "), "rw") {
		s := g.State()
		if s.Step != atii.StepShooting {
			t.Fatal("red never got to fire rw")
		}
		if _, err := g.Submit(g.Ruleset.(*atii.Ruleset).Hold(s.Pending.Side, s.Pending.Units[0])); err != nil {
			t.Fatal(err)
		}
	}
	if units := g.State().Pending.Units; strings.Contains(strings.Join(units, " "), "r1") {
		t.Errorf("r1 is in close combat and has no shot to make, yet is offered: %v", units)
	}
	before := g.State()
	bad := g.Ruleset.(*atii.Ruleset).Fire("red", "rw",
		atii.Shot{Mount: "right-arm", Target: "bw", Aim: atii.AimHigh},
		atii.Shot{Mount: "left-arm", Target: "b1", Aim: atii.AimHigh})
	_, err := g.Submit(bad)
	if err == nil || !strings.Contains(err.Error(), "close combat") {
		t.Fatalf("b1 is in close combat: the declaration must be refused (ATII-SHT-1), got %v", err)
	}
	if !errors.Is(err, rules.ErrIllegal) {
		t.Errorf("want ErrIllegal, got %v", err)
	}
	if g.State() != before || len(g.State().Log) != len(before.Log) {
		t.Error("a refused declaration must not change the game or roll dice (ATII-SHT-2)")
	}
	good := g.Ruleset.(*atii.Ruleset).Fire("red", "rw", atii.Shot{Mount: "right-arm", Target: "bw", Aim: atii.AimHigh})
	evs, err := g.Submit(good)
	if err != nil {
		t.Fatal(err)
	}
	rolls := 0
	for _, ev := range evs {
		if ev.Kind == rules.EvRoll {
			rolls++
		}
	}
	if rolls == 0 {
		t.Error("a legal shot rolls to hit")
	}
}

// TestGameCC1AssaultOrder: ATII-CC-1. Assault moves go highest Man first;
// a titan in close combat may only turn; every engaged pair then fights.
func TestGameCC1AssaultOrder(t *testing.T) {
	g := bundled(t, "titan-battlegroup", 4)
	holdUntil(t, g, atii.StepAssault)
	s := g.State()
	side := s.Pending.Side
	if first := s.Pending.Units[0]; !strings.Contains(first, "warhound") {
		t.Errorf("highest Man first: the Warhounds (Man 3) lead the assault, got %v", s.Pending.Units)
	}
	last := s.Pending.Units[len(s.Pending.Units)-1]
	if last != side+"-warlord" {
		t.Errorf("the Warlord (Man 1) goes last, got %v", s.Pending.Units)
	}

	g = newGame(t, ccScenario(), 9)
	holdUntil(t, g, atii.StepAssault)
	s = g.State()
	for s.Step == atii.StepAssault {
		side := s.Pending.Side
		id := s.Pending.Units[0]
		u := s.Unit(id)
		if id == "r1" || id == "b1" {
			err := g.Engine.Check(g.Ruleset.(*atii.Ruleset).Move(side, id, atii.Waypoint{X: u.Pos.X + 3, Y: u.Pos.Y}))
			if err == nil || !strings.Contains(err.Error(), "only turn") {
				t.Errorf("%s is in close combat: it may only turn, got %v", id, err)
			}
			turn := g.Ruleset.(*atii.Ruleset).Move(side, id, atii.Waypoint{X: u.Pos.X, Y: u.Pos.Y, Facing: atii.Face(u.Facing + 10)})
			if _, err := g.Submit(turn); err != nil {
				t.Fatalf("%s may turn in close combat: %v", id, err)
			}
		} else if _, err := g.Submit(g.Ruleset.(*atii.Ruleset).Hold(side, id)); err != nil {
			t.Fatal(err)
		}
		s = g.State()
	}
	if !logHas(s, 0, "close combat: b1 against r1") {
		t.Error("the engaged pair should fight")
	}
	strikes := 0
	for _, ev := range s.Log {
		if ev.Step == atii.StepCloseCombat && strings.Contains(ev.Text, " strikes ") {
			strikes++
		}
	}
	if strikes < 2 {
		t.Errorf("both titans strike (improvised attacks at least), got %d strikes", strikes)
	}
}

// TestGameREP1Rally: ATII-REP-1. A damaged titan rolls its repair dice in
// the rally phase; each 4+ repairs one thing, the player's priorities
// first; repaired shields come back up at the start of the next turn.
func TestGameREP1Rally(t *testing.T) {
	damaged := atii.TitanState{Head: atii.Superficial, ShieldsDown: 2}
	g := damagedGame(t, 21, damaged)
	s := g.State()
	if s.Pending.Kind != "repair" || s.Pending.Side != "red" || s.Pending.Units[0] != "r1" {
		t.Fatalf("r1 should be asked to repair, got %+v", s.Pending)
	}
	mark := len(s.Log)
	if _, err := g.Submit(g.Ruleset.(*atii.Ruleset).Repair("red", "r1", atii.LocHead, atii.RepairShield)); err != nil {
		t.Fatal(err)
	}
	s = g.State()
	var faces []int
	var repaired []string
	for _, ev := range s.Log[mark:] {
		if ev.Kind == rules.EvRoll && strings.HasPrefix(ev.Roll.Purpose, "repairs") {
			faces = ev.Roll.Faces
		}
		if r, ok := ev.Data["repaired"]; ok {
			repaired = strings.Split(r, ",")
		}
	}
	if len(faces) != 8 {
		t.Fatalf("a Reaver rolls 8 repair dice, got %v", faces)
	}
	succ := 0
	for _, f := range faces {
		if f >= 4 {
			succ++
		}
	}
	if succ < 2 {
		t.Fatalf("seed 21 should give at least 2 repairs to test priorities, got %v", faces)
	}
	wantRep := min(2, succ-1)
	want := []string{atii.LocHead}
	for i := 0; i < wantRep; i++ {
		want = append(want, atii.RepairShield)
	}
	if strings.Join(repaired, ",") != strings.Join(want, ",") {
		t.Errorf("%d successes on the head then shields: repaired %v, want %v", succ, repaired, want)
	}
	ts, err := atii.TitanOf(s.Unit("r1"))
	if err != nil {
		t.Fatal(err)
	}
	if ts.Head != atii.Undamaged {
		t.Error("the head (first priority) should be repaired")
	}
	if s.Step != atii.StepInitiative || s.Turn != 2 {
		t.Fatalf("after the rally the next turn starts, got turn %d %s", s.Turn, s.Step)
	}
	if got := s.Unit("r1").Shields; got != 2+wantRep || ts.ShieldsDown != 2-wantRep {
		t.Errorf("repaired shields are up at the start of the next turn: %d up (%d down), want %d", got, ts.ShieldsDown, 2+wantRep)
	}
}

// TestGameDeployment: titans not pre-placed are deployed before the game:
// roll-off (lower sets up first), alternate, lowest Man first, the whole
// base inside the side's zone.
func TestGameDeployment(t *testing.T) {
	extra := "deployment: deploy-in-zone\nzones:\n  - {id: rz, area: {band: {edge: north, depth: 25}}}\n  - {id: bz, area: {band: {edge: south, depth: 25}}}\n"
	text := scenarioText(
		[]string{"{id: r1, type: reaver}", "{id: rw, type: warhound}"},
		[]string{"{id: b1, type: reaver}", "{id: bw, type: warhound}"}, extra)
	text = strings.Replace(text, "    controller: {type: human}\n", "    zone: ZONE\n    controller: {type: human}\n", 2)
	text = strings.Replace(text, "ZONE", "rz", 1)
	text = strings.Replace(text, "ZONE", "bz", 1)
	g := newGame(t, text, 8)
	s := g.State()
	if s.Step != atii.StepDeploy || s.Pending == nil {
		t.Fatalf("the game should wait for deployment, got %s", s.Step)
	}
	if !logHas(s, 0, "sets up first") {
		t.Error("the roll-off winner is not logged")
	}
	side := s.Pending.Side
	reaver, hound, y := side[:1]+"1", side[:1]+"w", 10.0
	if side == "blue" {
		y = 110
	}
	if err := g.Engine.Check(g.Ruleset.(*atii.Ruleset).Deploy(side, hound, 50, y, 0)); err == nil || !strings.Contains(err.Error(), "lowest-Man") {
		t.Errorf("the Reaver (Man 2) deploys before the Warhound (Man 3): %v", err)
	}
	if err := g.Engine.Check(g.Ruleset.(*atii.Ruleset).Deploy(side, reaver, 50, 60, 0)); err == nil || !strings.Contains(err.Error(), "zone") {
		t.Errorf("deploying outside the zone must be refused: %v", err)
	}
	if _, err := g.Submit(g.Ruleset.(*atii.Ruleset).Deploy(side, reaver, 50, y, 0)); err != nil {
		t.Fatal(err)
	}
	if g.State().Pending.Side == side {
		t.Error("sides alternate while deploying")
	}
	n, err := g.Play(context.Background(), map[string]game.Controller{"red": atiiai.Greedy{}, "blue": atiiai.Greedy{}}, 3, nil)
	if err != nil {
		t.Fatal(n, err)
	}
	if s := g.State(); s.Turn != 1 || s.Step != atii.StepInitiative {
		t.Errorf("after deployment turn 1 starts, got turn %d %s", s.Turn, s.Step)
	}
}

// TestGameMissionVictory: a mission game's objectives are judged by the
// rules when it ends and the ATII victory chart decides. Red (Static: the
// stand-in Hold the Relay) stands on the table centre; blue (Mobile: Break
// Through) never reaches red's half. Equal victory points count as not
// scoring more: red Major Victory, blue Total Defeat.
func TestGameMissionVictory(t *testing.T) {
	text := scenarioText(
		[]string{"{id: r1, type: reaver, position: {x: 60, y: 55}, facing: 180}"},
		[]string{"{id: b1, type: reaver, position: {x: 60, y: 100}, facing: 0}"}, "mission: {objectives: {red: static, blue: mobile}}\n")
	text = strings.Replace(text, "turn_limit: 6", "turn_limit: 1", 1)
	g := newGame(t, text, 12)
	playHolding(t, g)
	s := g.State()
	if s.Result == nil || s.Result.Winner != "red" || s.Result.Kind != "Major Victory" {
		t.Fatalf("want red Major Victory, got %+v", s.Result)
	}
	if !strings.Contains(s.Result.Text, "red achieved Hold the Relay (stand-in)") || !strings.Contains(s.Result.Text, "blue denied Break Through (stand-in)") ||
		!strings.Contains(s.Result.Text, "blue: Total Defeat") {
		t.Errorf("the result reveals the cards and verdicts: %s", s.Result.Text)
	}
}

// TestGameVictoryOnTurnLimit: without a mission the scenario's at_end
// conditions decide when the turn limit ends the game.
func TestGameVictoryOnTurnLimit(t *testing.T) {
	text := strings.Replace(scenarioText(
		[]string{"{id: r1, type: reaver, position: {x: 60, y: 20}, facing: 180}"},
		[]string{"{id: b1, type: reaver, position: {x: 60, y: 100}, facing: 0}"}, ""), "turn_limit: 6", "turn_limit: 2", 1)
	g := newGame(t, text, 3)
	n, err := g.Play(context.Background(), map[string]game.Controller{"red": holdAll{}, "blue": holdAll{}}, 200, nil)
	if err != nil {
		t.Fatal(n, err)
	}
	s := g.State()
	if !s.Over || s.Turn != 2 || s.Result.Kind != "Draw" || s.Result.Winner != "" {
		t.Errorf("the game should end in a draw at the end of turn 2, got turn %d %+v", s.Turn, s.Result)
	}
}

// holdAll is a controller that never moves or fires.
type holdAll struct{}

func (holdAll) Decide(_ context.Context, v game.View) (rules.Command, error) {
	for _, c := range v.Choices {
		if c.Name != atii.CmdMove && c.Name != atii.CmdFire {
			return c.Cmd, nil
		}
	}
	return nil, fmt.Errorf("nothing to hold with at %s", v.State.Step)
}

// redToMove answers the initiative so that red moves first.
func redToMove(t *testing.T, g *game.Game) {
	t.Helper()
	s := g.State()
	if _, err := g.Submit(&atii.OrderCmd{By: s.Pending.Side, First: s.Pending.Side == "red"}); err != nil {
		t.Fatal(err)
	}
	if s := g.State(); s.Pending.Side != "red" {
		t.Fatalf("red should move first, got %+v", s.Pending)
	}
}

// TestGameMOV4DangerousTerrain: ATII-MOV-4 through the move command. A
// Reaver (Man 2) walking straight into a wood rolls 2D6 (no Man spent on
// turns); the total, capped by the Speed left, is how far it may go in the
// wood. Walking diagonally costs a pivot, so one die fewer.
func TestGameMOV4DangerousTerrain(t *testing.T) {
	for _, c := range []struct {
		name string
		to   atii.Waypoint
		dice int
	}{
		{"straight", atii.Waypoint{X: 60, Y: 35}, 2},
		{"with a turn", atii.Waypoint{X: 66, Y: 34}, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := newGame(t, scenarioText(
				[]string{"{id: r1, type: reaver, position: {x: 60, y: 20}, facing: 180}"},
				[]string{"{id: b1, type: reaver, position: {x: 60, y: 100}, facing: 0}"},
				"terrain:\n  - {id: wood, kind: woods, rect: {x: 30, y: 28, w: 60, h: 30}}\n"), 31)
			redToMove(t, g)
			mark := len(g.State().Log)
			if _, err := g.Submit(g.Ruleset.(*atii.Ruleset).Move("red", "r1", c.to)); err != nil {
				t.Fatal(err)
			}
			s := g.State()
			var faces []int
			for _, ev := range s.Log[mark:] {
				if ev.Kind == rules.EvRoll && strings.HasPrefix(ev.Roll.Purpose, "dangerous terrain") {
					faces = ev.Roll.Faces
				}
			}
			if len(faces) != c.dice {
				t.Fatalf("want %dD6 for dangerous terrain, got %v", c.dice, faces)
			}
			total := 0
			for _, f := range faces {
				total += f
			}
			u := s.Unit("r1")
			start := world.Vec{X: 60, Y: 20}
			path := world.Vec{X: c.to.X, Y: c.to.Y}.Sub(start).Len()
			// The base edge (radius 2.5) meets the wood at y = 28.
			before := path * (28 - 2.5 - 20) / (c.to.Y - 20)
			want := path
			if allowance := min(float64(total), 20-before); before+allowance < path {
				want = before + allowance
			}
			if math.Abs(u.MovedDist-want) > 1e-4 { // world enters terrain past a 1e-6 overlap
				t.Errorf("rolled %v: moved %.3f cm, want %.3f", faces, u.MovedDist, want)
			}
		})
	}
}

// TestGameMOV4OverlongPathRefused: ATII-MOV-4 through the move command
// (issue 8). The computer submitted an 88.5 cm path for a Reaver (Speed 20)
// because it crossed a wood and only the part before the wood was checked.
// The rolled total comes off Speed whole, so no roll completes a path
// longer than Speed: it is refused before any die is rolled. A path within
// Speed into the wood is legal and the roll decides how far it gets.
func TestGameMOV4OverlongPathRefused(t *testing.T) {
	g := newGame(t, scenarioText(
		[]string{"{id: r1, type: reaver, position: {x: 60, y: 20}, facing: 180}"},
		[]string{"{id: b1, type: reaver, position: {x: 60, y: 110}, facing: 0}"},
		"terrain:\n  - {id: wood, kind: woods, rect: {x: 30, y: 28, w: 60, h: 30}}\n"), 31)
	redToMove(t, g)
	long := g.Ruleset.(*atii.Ruleset).Move("red", "r1", atii.Waypoint{X: 60, Y: 88})
	if err := g.Engine.Check(long); err == nil || !strings.Contains(err.Error(), "needs 68.0 cm of Speed") {
		t.Errorf("a 68 cm path through a wood with Speed 20: %v, want refused", err)
	}
	if err := g.Engine.Check(g.Ruleset.(*atii.Ruleset).Move("red", "r1", atii.Waypoint{X: 60, Y: 40})); err != nil {
		t.Errorf("a 20 cm path into the wood is legal: %v", err)
	}
}

// TestGameMOV2WarlordSidewaysStep: ATII-MOV-2 and ATII-MOV-3 (issue 8). A
// Warlord (Man 1, Speed 15) facing south stepped 100 degrees off its facing
// and still made its 45 degree turn: the step was walked "backwards"
// without turning. Backwards means straight back (within 2 degrees); the
// sideways step needs the Warlord to turn its rear to it first (80
// degrees, 2 Man) and then 125 degrees to end facing 225 (3 Man): refused.
// Straight back with the turn is legal (1 Man; 5 cm backwards cost 15 cm of
// Speed); 5 degrees off straight back costs a turn of 5 and then one of 50
// degrees.
func TestGameMOV2WarlordSidewaysStep(t *testing.T) {
	for _, c := range []struct {
		name    string
		off     float64 // the step's bearing relative to the facing
		wantErr string
	}{
		{"sideways at 100 degrees", 100, "turns need 5 Man"},
		{"sideways at -100 degrees", -100, "turns need 3 Man"}, // 80 left, then 35 right
		{"straight back", 180, ""},
		{"a hair off straight back", 179, ""},
		{"5 degrees off straight back", 175, "turns need 3 Man"},
	} {
		g := newGame(t, scenarioText(
			[]string{"{id: w1, type: warlord, position: {x: 60, y: 40}, facing: 180}"},
			[]string{"{id: b1, type: reaver, position: {x: 60, y: 110}, facing: 0}"}, ""), 5)
		redToMove(t, g)
		to := world.LegTo(world.Vec{X: 60, Y: 40}, 180+c.off, 5)
		mv := g.Ruleset.(*atii.Ruleset).Move("red", "w1", atii.Waypoint{X: to.X, Y: to.Y, Facing: atii.Face(225)})
		err := g.Engine.Check(mv)
		switch {
		case c.wantErr == "" && err != nil:
			t.Errorf("%s: %v, want legal", c.name, err)
		case c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)):
			t.Errorf("%s: %v, want %q", c.name, err, c.wantErr)
		}
		if c.wantErr != "" {
			continue
		}
		if _, err := g.Submit(mv); err != nil {
			t.Fatal(err)
		}
		u := g.State().Unit("w1")
		if math.Abs(u.Pos.Dist(to)) > 1e-6 || math.Abs(u.Facing-225) > 1e-6 {
			t.Errorf("%s: ends at %v facing %v, want %v facing 225", c.name, u.Pos, u.Facing, to)
		}
	}
}

// TestGameDisengage: a disengaging titan may walk off the table (double
// Speed) and leaves the battle; a side with no titan left loses at once.
func TestGameDisengage(t *testing.T) {
	g := newGame(t, scenarioText(
		[]string{"{id: rw, type: warhound, position: {x: 60, y: 10}, facing: 0}"},
		[]string{"{id: b1, type: reaver, position: {x: 60, y: 100}, facing: 0}"}, ""), 4)
	redToMove(t, g)
	off := g.Ruleset.(*atii.Ruleset).Move("red", "rw", atii.Waypoint{X: 60, Y: -40})
	if err := g.Engine.Check(off); err == nil || !strings.Contains(err.Error(), "table") {
		t.Errorf("without disengaging a titan may not leave the table: %v", err)
	}
	off.Disengage = true
	if _, err := g.Submit(off); err != nil {
		t.Fatal(err)
	}
	s := g.State()
	if u := s.Unit("rw"); !u.OffTable || math.Abs(u.MovedDist-50) > 1e-6 {
		t.Errorf("the Warhound should have left the table after 50 cm (double Speed): %+v", u)
	}
	if !s.Over || s.Result.Winner != "blue" {
		t.Errorf("red has no titan left: blue wins, got %+v", s.Result)
	}
}

// TestTurnOnTheSpotSaysTheTurn: ATII-MOV-2. A move that only turns the
// titan (no distance, a new facing for a point of Man) is logged as the
// turn it is, not as a move of 0.0 cm.
func TestTurnOnTheSpotSaysTheTurn(t *testing.T) {
	g := newGame(t, scenarioText(
		[]string{"{id: r1, type: reaver, position: {x: 60, y: 20}, facing: 180}"},
		[]string{"{id: b1, type: reaver, position: {x: 60, y: 100}, facing: 0}"}, ""), 1)
	s := g.State()
	if _, err := g.Submit(&atii.OrderCmd{By: s.Pending.Side, First: true}); err != nil {
		t.Fatal(err)
	}
	side := g.State().Pending.Side
	me := "r1"
	if side == "blue" {
		me = "b1"
	}
	u := g.State().Unit(me)
	from := len(g.State().Log)
	turn := g.Ruleset.(*atii.Ruleset).Move(side, me, atii.Waypoint{X: u.Pos.X, Y: u.Pos.Y, Facing: atii.Face(u.Facing - 40)})
	if _, err := g.Submit(turn); err != nil {
		t.Fatal(err)
	}
	if !logHas(g.State(), from, me+" turns 40 degrees left on the spot") || logHas(g.State(), from, "moves 0.0 cm") {
		t.Errorf("the log should say the turn: %v", g.State().Log[from:])
	}
}
