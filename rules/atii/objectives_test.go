package atii_test

import (
	"math"
	"strings"
	"testing"

	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/world"
)

// playHolding answers every decision with the first choice that is not a
// move or a shot until the game is over.
func playHolding(t *testing.T, g *game.Game) {
	t.Helper()
	for i := 0; i < 500 && !g.State().Over; i++ {
		s := g.State()
		if s.Pending == nil {
			t.Fatalf("no decision at %s and the game is not over", s.Step)
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
	if !g.State().Over {
		t.Fatal("the game did not end")
	}
}

func card(t *testing.T, goal string) atii.ObjectiveCard {
	t.Helper()
	for _, c := range atii.StandInObjectives() {
		if c.Goal == goal {
			return c
		}
	}
	t.Fatalf("no stand-in card with goal %s", goal)
	return atii.ObjectiveCard{}
}

// board is a 120 x 120 table, red's home on the north edge, blue's on the
// south; the stand-in markers are then (60, 60), (20, 60) and (100, 60).
func board(titans ...atii.ObjectiveTitan) atii.ObjectiveBoard {
	return atii.ObjectiveBoard{Table: world.Table{W: 120, H: 120},
		Homes:  map[string]world.Vec{"red": {X: 60}, "blue": {X: 60, Y: 120}},
		Titans: titans}
}

func ti(id, side string, x, y float64, points int) atii.ObjectiveTitan {
	return atii.ObjectiveTitan{ID: id, Side: side, Points: points, Operational: true,
		Base: world.Base{ID: id, Pos: world.Vec{X: x, Y: y}, Foot: world.Footprint{Shape: world.Circle, Radius: 2.5}}}
}

func gone(o atii.ObjectiveTitan, offTable bool) atii.ObjectiveTitan {
	o.Operational = false
	o.OffTable, o.Destroyed = offTable, !offTable
	return o
}

// TestObjectiveStandIns: every stand-in card is judged by its condition
// (mission generator: objectives typed Mobile, Static, Divided; the printed
// cards are art, so Auspex judges labelled stand-ins), each with a board
// where it is achieved and one where it is not.
func TestObjectiveStandIns(t *testing.T) {
	if m := atii.StandInMarkers(world.Table{W: 120, H: 120}, world.Vec{X: 60}, world.Vec{X: 60, Y: 120}); len(m) != 3 ||
		m[0].Pos != (atii.Point{X: 60, Y: 60}) || m[1].Pos != (atii.Point{X: 20, Y: 60}) || m[2].Pos != (atii.Point{X: 100, Y: 60}) {
		t.Fatalf("stand-in markers: centre and flanks a third of the width out, got %+v", m)
	}
	cases := []struct {
		goal     string
		yes, no  atii.ObjectiveBoard
		yesWhy   string
		markers  []atii.ObjectivePoint
		bothWays bool
	}{
		{goal: atii.GoalBreakThrough,
			yes: board(ti("r1", "red", 60, 70, 500), ti("b1", "blue", 60, 110, 500)),
			no:  board(ti("r1", "red", 60, 50, 500), ti("b1", "blue", 60, 110, 500))},
		{goal: atii.GoalBreakThrough, // leaving the table from the enemy's half counts
			yes: board(gone(ti("r1", "red", 60, 125, 500), true), ti("b1", "blue", 60, 110, 500)),
			no:  board(gone(ti("r1", "red", 60, 125, 500), false), ti("b1", "blue", 60, 110, 500))},
		{goal: atii.GoalHunt,
			yes: board(ti("r1", "red", 60, 10, 500), gone(ti("b1", "blue", 60, 110, 700), false), ti("b2", "blue", 50, 110, 300)),
			no:  board(ti("r1", "red", 60, 10, 500), ti("b1", "blue", 60, 110, 700), gone(ti("b2", "blue", 50, 110, 300), false))},
		{goal: atii.GoalSweep,
			yes: board(ti("r1", "red", 60, 40, 500), ti("b1", "blue", 60, 100, 500)),
			no:  board(ti("r1", "red", 60, 40, 500), ti("b1", "blue", 60, 85, 500))},
		{goal: atii.GoalHoldCentre,
			yes: board(ti("r1", "red", 60, 52, 500), ti("b1", "blue", 60, 80, 500)),
			no:  board(ti("r1", "red", 60, 52, 500), ti("b1", "blue", 60, 68, 500))},
		{goal: atii.GoalGuard,
			yes: board(ti("r1", "red", 60, 10, 500), ti("b1", "blue", 60, 62, 500)),
			no:  board(ti("r1", "red", 60, 10, 500), ti("b1", "blue", 60, 58, 500))},
		{goal: atii.GoalBastion, // the marker nearest blue's home
			markers: []atii.ObjectivePoint{{ID: "north", Pos: atii.Point{X: 60, Y: 30}}, {ID: "south", Pos: atii.Point{X: 60, Y: 90}}},
			yes:     board(ti("r1", "red", 60, 95, 500), ti("b1", "blue", 30, 110, 500)),
			no:      board(ti("r1", "red", 60, 30, 500), ti("b1", "blue", 30, 110, 500))},
		{goal: atii.GoalPincer,
			yes: board(ti("r1", "red", 20, 55, 500), ti("r2", "red", 100, 55, 500), ti("b1", "blue", 60, 62, 500)),
			no:  board(ti("r1", "red", 20, 55, 500), ti("r2", "red", 60, 55, 500), ti("b1", "blue", 100, 62, 500))},
		{goal: atii.GoalTwinStrike, // contested markers still count
			yes: board(ti("r1", "red", 20, 55, 500), ti("r2", "red", 60, 55, 500), ti("b1", "blue", 60, 62, 500)),
			no:  board(ti("r1", "red", 20, 55, 500), ti("r2", "red", 30, 55, 500), ti("b1", "blue", 60, 62, 500))},
		{goal: atii.GoalScatter,
			yes: board(ti("r1", "red", 20, 55, 500), ti("r2", "red", 60, 55, 500), ti("b1", "blue", 100, 62, 500)),
			no:  board(ti("r1", "red", 20, 55, 500), ti("b2", "blue", 60, 65, 500), ti("b1", "blue", 100, 62, 500))},
	}
	for _, c := range cases {
		cd := card(t, c.goal)
		c.yes.Markers, c.no.Markers = c.markers, c.markers
		ok, why, err := atii.JudgeObjective(cd, "red", "blue", c.yes)
		if err != nil || !ok {
			t.Errorf("%s: should be achieved: %v (%s) %v", cd.Name, ok, why, err)
		}
		ok, why, err = atii.JudgeObjective(cd, "red", "blue", c.no)
		if err != nil || ok {
			t.Errorf("%s: should be denied: %v (%s) %v", cd.Name, ok, why, err)
		}
	}
	if _, _, err := atii.JudgeObjective(atii.ObjectiveCard{Name: "x", Goal: "nonsense"}, "red", "blue", board()); err == nil {
		t.Error("unknown goal accepted")
	}
	if _, _, err := atii.JudgeObjective(card(t, atii.GoalHunt), "red", "green", board()); err == nil {
		t.Error("a side without a home accepted")
	}
	for _, ty := range []atii.ObjectiveType{atii.Mobile, atii.Static, atii.Divided} {
		n := 0
		for _, c := range atii.StandInObjectives() {
			if c.Type == ty {
				n++
				if !c.StandIn || !strings.Contains(c.Name, "stand-in") || c.Goal == "" {
					t.Errorf("%s: stand-ins are labelled and judged", c.Name)
				}
			}
		}
		if n != 3 {
			t.Errorf("%s: want 3 stand-in cards, got %d", ty, n)
		}
	}
}

// TestGameSecretObjectivesJudged: with secret objectives the cards drawn at
// the start are judged at the end; the result names the chart result of
// the winner and reveals both cards.
func TestGameSecretObjectivesJudged(t *testing.T) {
	text := scenarioText(
		[]string{"{id: r1, type: reaver, position: {x: 60, y: 20}, facing: 180}"},
		[]string{"{id: b1, type: reaver, position: {x: 60, y: 100}, facing: 0}"}, "mission: {secret: true, force_level: 2000}\n")
	text = strings.Replace(text, "turn_limit: 6", "turn_limit: 1", 1)
	g := newGame(t, text, 12)
	if !logHas(g.State(), 0, "draws a secret") {
		t.Error("secret objectives are drawn at the start")
	}
	playHolding(t, g)
	s := g.State()
	if s.Result == nil || strings.Count(s.Result.Text, "(stand-in)") != 2 {
		t.Fatalf("the result reveals both cards: %+v", s.Result)
	}
	chart := []string{"Heroic Victory", "Major Victory", "Minor Victory", "Stand-off", "Heroic Defeat", "Minor Defeat", "Major Defeat", "Total Defeat"}
	ok := s.Result.Kind == "draw"
	for _, c := range chart {
		ok = ok || s.Result.Kind == c
	}
	if !ok {
		t.Errorf("the victory chart decides, got %q", s.Result.Kind)
	}
}

// TestGameLeaveForObjective: victory points, "a titan which leaves the
// table other than as part of its objective is worth its damage plus
// 10 %". Red's Break Through titan leaving from blue's half adds nothing;
// leaving from its own half adds 10 %.
func TestGameLeaveForObjective(t *testing.T) {
	text := scenarioText(
		[]string{"{id: r1, type: reaver, position: {x: 60, y: 20}, facing: 180}", "{id: r2, type: reaver, position: {x: 30, y: 20}, facing: 180}"},
		[]string{"{id: b1, type: reaver, position: {x: 60, y: 100}, facing: 0}"}, "mission: {objectives: {red: mobile, blue: static}}\n")
	g := newGame(t, text, 3)
	for _, c := range []struct {
		y    float64
		want int
	}{{125, 25}, {-5, 75}} {
		st := g.State().Clone()
		u := st.Unit("r1")
		u.OffTable, u.Pos = true, world.Vec{X: 60, Y: c.y}
		setTitan(t, st, "r1", func(ts *atii.TitanState) { ts.Head = atii.Superficial })
		vp, err := g.Ruleset.(*atii.Ruleset).VictoryPoints(st)
		if err != nil {
			t.Fatal(err)
		}
		if vp["blue"] != c.want {
			t.Errorf("r1 (500 pts, Superficial head) leaves at y=%.0f: blue scores %d, want %d", c.y, vp["blue"], c.want)
		}
	}
}

// TestPincerFlanksAcrossTheHomes: the Pincer card's flanks are the
// markers furthest apart across the line between the homes. With the
// homes west and east of a row of three markers (titan-mission's markers
// on deployment map E), no marker lies off that line: the flanks are the
// stand-in flank points north and south of the centre, not the centre
// twice (the judge once said "does not hold both flanks (obj-centre,
// obj-centre)"). Holding the two end markers of the row is then no
// pincer; holding the stand-in flanks is.
func TestPincerFlanksAcrossTheHomes(t *testing.T) {
	row := []atii.ObjectivePoint{
		{ID: "obj-centre", Pos: atii.Point{X: 75, Y: 50}},
		{ID: "obj-west", Pos: atii.Point{X: 20, Y: 50}},
		{ID: "obj-east", Pos: atii.Point{X: 130, Y: 50}},
	}
	tb := world.Table{W: 150, H: 100}
	west, east := world.Vec{X: 0, Y: 50}, world.Vec{X: 150, Y: 50}
	fl := atii.PincerFlanks(tb, row, west, east)
	if fl[0].ID == fl[1].ID || fl[0].Pos.X != 75 || fl[1].Pos.X != 75 || math.Abs(fl[0].Pos.Y-fl[1].Pos.Y) < 60 {
		t.Fatalf("flanks with the markers along the homes' line: %+v, want the stand-in points north and south of the centre", fl)
	}
	north, south := world.Vec{X: 75, Y: 0}, world.Vec{X: 75, Y: 100}
	if fl := atii.PincerFlanks(tb, row, north, south); fl[0].ID+fl[1].ID != "obj-westobj-east" && fl[0].ID+fl[1].ID != "obj-eastobj-west" {
		t.Errorf("flanks with the homes north and south: %s and %s, want obj-west and obj-east", fl[0].ID, fl[1].ID)
	}
	b := atii.ObjectiveBoard{Table: tb, Markers: row, Homes: map[string]world.Vec{"red": west, "blue": east}}
	b.Titans = []atii.ObjectiveTitan{ti("r1", "red", 20, 50, 500), ti("r2", "red", 130, 50, 500), ti("b1", "blue", 140, 90, 500)}
	pincer := card(t, atii.GoalPincer)
	if ok, why, err := atii.JudgeObjective(pincer, "red", "blue", b); err != nil || ok {
		t.Errorf("the row's end markers held: %v (%s) %v, want denied", ok, why, err)
	}
	b.Titans = []atii.ObjectiveTitan{ti("r1", "red", fl[0].Pos.X, fl[0].Pos.Y, 500), ti("r2", "red", fl[1].Pos.X, fl[1].Pos.Y, 500), ti("b1", "blue", 140, 90, 500)}
	if ok, why, err := atii.JudgeObjective(pincer, "red", "blue", b); err != nil || !ok || !strings.Contains(why, fl[0].ID) {
		t.Errorf("the stand-in flanks held: %v (%s) %v, want achieved, naming them", ok, why, err)
	}
}
