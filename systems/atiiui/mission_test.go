package atiiui

import (
	"fmt"
	"image/color"
	"reflect"
	"strings"
	"testing"

	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/world"
)

// toMissionDeploy starts the bundled hotseat titan mission and plays its
// handovers until a side deploys.
func toMissionDeploy(t *testing.T) *UI {
	t.Helper()
	s := newSession(t, load(t, "titan-mission"), 9, hotseat)
	for i := 0; i < 50 && !(s.Mode() == play.ModeTurn && s.State().Step == atii.StepDeploy); i++ {
		switch {
		case s.Mode() == play.ModeHandover:
			s.Continue()
		case s.Tray() != nil:
			s.TrayClose()
		default:
			t.Fatalf("not deploying: mode %v step %s", s.Mode(), s.State().Step)
		}
	}
	if s.State().Step != atii.StepDeploy {
		t.Fatalf("never reached deployment: %s", s.State().Step)
	}
	return s
}

// A generated mission deploys on the map (A-F) its objective cards give:
// the table shows that map's zones instead of the scenario's own ones, the
// decider's zone drawn where the rules check deployment (DeployZonePolys).
func TestMissionTableShowsTheGeneratedMapsZones(t *testing.T) {
	s := toMissionDeploy(t)
	mv, err := atii.MissionOf(s.State())
	if err != nil || mv.Map == "" {
		t.Fatalf("the mission adopted no map: %+v %v", mv, err)
	}
	var base []scene.Zone
	for _, z := range s.G.Scenario.Zones {
		base = append(base, scene.Zone{ID: z.ID, Polys: z.Area.Polygons(), Color: color.NRGBA{200, 0, 0, 255}})
	}
	zs := s.Zones(base)
	used := map[string]bool{}
	for _, id := range mv.SideZones {
		used[id] = true
	}
	if len(zs) != len(used) {
		t.Fatalf("%d zones drawn, the sides deploy in %d", len(zs), len(used))
	}
	mine := false
	for _, z := range zs {
		for _, b := range base {
			if reflect.DeepEqual(z.Polys, b.Polys) {
				t.Errorf("the scenario's own zone %s is still drawn", b.ID)
			}
		}
		if !strings.HasPrefix(z.Label, "Map "+mv.Map) {
			t.Errorf("zone label %q does not name map %s", z.Label, mv.Map)
		}
		if reflect.DeepEqual(z.Polys, s.DeployZonePolys()) {
			mine = true
		}
	}
	if !mine {
		t.Error("the decider's zone as the rules check it is not among the drawn zones")
	}
	for _, z := range zs {
		if !strings.HasSuffix(z.Label, "deploys here") {
			t.Errorf("at deployment zone label %q should say who deploys there", z.Label)
		}
	}
	// Once the battle is on, "deploys here" no longer tells anyone to do
	// anything (seen in play: "Map C: Blue battlegroup deploys here" over
	// the centre of the table in turn 3): the zone is named as such.
	st := s.State()
	st.Phase, st.Step = "movement", atii.StepMovement
	for _, z := range s.Zones(base) {
		if strings.Contains(z.Label, "deploys here") || !strings.HasSuffix(z.Label, "deployment zone") {
			t.Errorf("in the movement phase zone label %q should name the deployment zone", z.Label)
		}
	}
}

// At set-up the panel gives the viewing side's force level, once its
// player shows the secrets (O), (its points
// limit from its objective card, as the rules put it in the game) and not
// the other side's, which is secret with its card.
func TestMissionSetUpShowsTheViewersPointsLimit(t *testing.T) {
	s := toMissionDeploy(t)
	mv, err := atii.MissionOf(s.State())
	if err != nil || len(mv.Points) == 0 {
		t.Fatalf("no points limits in the mission: %+v %v", mv, err)
	}
	// Wrapped lines are read as one.
	hidden := strings.ReplaceAll(drawnText(s), "\n", " ")
	for side, pts := range mv.Points {
		if line := fmt.Sprintf("%s %d pts", s.SideName(side), pts); strings.Contains(hidden, line) {
			t.Errorf("with the secrets hidden the limit %q is shown", line)
		}
	}
	if !strings.Contains(hidden, "press O to see yours") {
		t.Error("with the secrets hidden the panel should say how to see the points limit")
	}
	s.RevealSecrets()
	if s.Viewer() == "" {
		t.Fatal("O did not show the decider's secrets")
	}
	text := strings.ReplaceAll(drawnText(s), "\n", " ")
	for side, pts := range mv.Points {
		line := fmt.Sprintf("%s %d pts", s.SideName(side), pts)
		shown := strings.Contains(text, line)
		if side == s.Viewer() && !shown {
			t.Errorf("the viewer's limit %q is not shown", line)
		}
		if side != s.Viewer() && shown {
			t.Errorf("the other side's secret limit %q is shown", line)
		}
	}
	if !strings.Contains(text, "Force level (points limit): ") {
		t.Error("no force level line at set-up")
	}
}

// While playing, the panel's "how to win" says who holds each objective
// marker now, in the same terms the game is judged on at the end (a titan
// within atii.HoldDistance of the marker and no enemy titan as close):
// a player aiming at a "hold the markers" objective sees where it stands
// before the debrief.
func TestHowToWinSaysWhoHoldsTheMarkersNow(t *testing.T) {
	scn := load(t, "titan-duel")
	var relay = scn.Objectives[0]
	red := scn.Units()[0]
	if red.Side != "red" {
		t.Fatalf("first unit %s is %s's", red.ID, red.Side)
	}
	red.Pos = relay.Pos.Add(world.Vec{X: 0, Y: -9})
	s := newSession(t, scn, 7, hotseat)
	txt := strings.Join(s.MissionLines(), "\n")
	want := relay.Label + ": " + s.SideName("red")
	if !strings.Contains(txt, want) {
		t.Errorf("the panel should say %q, got:\n%s", want, txt)
	}
	s2 := newSession(t, load(t, "titan-duel"), 7, hotseat)
	if txt := strings.Join(s2.MissionLines(), "\n"); !strings.Contains(txt, relay.Label+": nobody") {
		t.Errorf("at the start nobody holds %s, the panel says:\n%s", relay.Label, txt)
	}
}
