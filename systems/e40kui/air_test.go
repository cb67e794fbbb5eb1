package e40kui

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/world"
)

// newAirUI starts the bundled air assault scenario in the play UI.
func newAirUI(t testing.TB, seed uint64) *UI {
	t.Helper()
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	scn, err := scenarios.LoadBundled("e40k-air-assault", cat)
	if err != nil {
		t.Fatal(err)
	}
	g, err := testSystems(t).New(scn, game.Config{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	uis, err := play.NewAdapters(New())
	if err != nil {
		t.Fatal(err)
	}
	s, err := uis.New(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	return Of(s)
}

// untilKind answers decisions as drive does until side must decide kind.
func untilKind(t *testing.T, s *UI, side, kind string) {
	t.Helper()
	for i := 0; i < 400 && s.Mode() != play.ModeOver; i++ {
		if p := s.State().Pending; p != nil && p.Side == side && p.Kind == kind {
			return
		}
		drive(t, s, e40k.OrderAssault)
	}
	t.Fatalf("no %s decision for %s", kind, side)
}

// Flyer missions in the window (seed 001 movement step 1, digest 8.6):
// the panel names the flyer detachment to task; a click on the table
// lands the Thunderhawk's troops there, I sends the Fighta-Bommers on an
// intercept mission, a click on an enemy stand (with the ground attack's
// odds shown while hovering it) sends the bombers at its detachment; the
// interception offer is answered by N, the landing by U.
func TestFlyerMissionsInTheWindowE40K(t *testing.T) {
	s := newAirUI(t, 4)
	untilKind(t, s, "marines", e40k.KindMission)
	h := hudText(s)
	for _, want := range []string{"Movement phase: flyers", "Task Thunderhawk", "carries 4 stand(s)", "Flyers Fighta-Bommer squadron", "at its airfield"} {
		if !strings.Contains(h, want) {
			t.Errorf("HUD lacks %q: %s", want, h)
		}
	}
	for _, c := range s.Choices() {
		if mc, ok := c.Cmd.(*e40k.MissionCmd); !ok || mc.Detachment != "thunderhawk-flight" {
			t.Errorf("choice %q is not the Thunderhawk's mission", c.Text)
		}
	}
	land := world.Vec{X: 76, Y: 36}
	s.ClickTable(land, "")
	if s.MsgErr {
		t.Fatalf("landing refused: %s", s.Msg)
	}
	if !strings.Contains(lastCmd(s), "transport mission") {
		t.Fatalf("last: %q", lastCmd(s))
	}
	// The Orks: I for the fighters, a click on a marine for the bombers.
	if p := s.State().Pending; p.Side != "orks" || p.Units[0] != "fighta-squadron" {
		t.Fatalf("pending %+v", p)
	}
	s.Key("I")
	if f := s.State().Formation("fighta-squadron"); f.Orders != e40k.MissionIntercept {
		t.Fatalf("fighters' mission %q (%s)", f.Orders, s.Msg)
	}
	s.Hover = "tactical-a"
	if h := strings.Join(s.AirLines(), " "); !strings.Contains(h, "Ground attack on Tactical detachment") || !strings.Contains(h, "to destroy at least one stand") {
		t.Errorf("no ground attack preview: %s", h)
	}
	if txt := tableTexts(s); !strings.Contains(txt, "ground attack:") {
		t.Errorf("no ground attack odds on the table: %s", txt)
	}
	click(t, s, "tactical-a")
	if f := s.State().Formation("bommer-squadron"); f.Orders != e40k.MissionGroundAttack {
		t.Fatalf("bombers' mission %q (%s)", f.Orders, s.Msg)
	}
	// The Thunderhawk arrives: the Orks may intercept it.
	s.TrayClose()
	if p := s.State().Pending; p == nil || p.Kind != e40k.KindIntercept || p.Side != "orks" {
		t.Fatalf("no interception offer: %+v", p)
	}
	if h := hudText(s); !strings.Contains(h, "lets them pass") {
		t.Errorf("interception banner: %s", h)
	}
	s.Key("N")
	s.TrayClose()
	if p := s.State().Pending; p == nil || p.Kind != e40k.KindLanding || p.Side != "marines" {
		t.Fatalf("no landing: %+v", p)
	}
	s.Key("U")
	if s.MsgErr {
		t.Fatalf("landing: %s", s.Msg)
	}
	for _, id := range []string{"drop-hq", "drop-a", "drop-b", "drop-c"} {
		u := s.State().Unit(id)
		if u.OffTable || u.Pos.Dist(land) > 3+2.5+5+0.1 {
			t.Errorf("%s at %v (off table %v)", id, u.Pos, u.OffTable)
		}
	}
	// Then its pick-up: H takes off with nobody.
	if p := s.State().Pending; p != nil && p.Kind == e40k.KindLanding {
		if !s.pickingUp() {
			t.Fatalf("the landing waits after U with no pick-up: %s", p.Prompt)
		}
		t.Logf("pick-ups offered: %v", s.pickUps()[len(s.pickUps())-1].Units)
		s.Hold()
	}
	s.TrayClose()
	// The bombers' ground attack is in the tray under its volley.
	found := false
	for _, st := range s.TraySteps(0) {
		if st.Roll != nil && strings.HasPrefix(st.Roll.Purpose, "attack dice: bommer-squadron") && strings.Contains(st.Head, "ground attack") {
			found = true
		}
	}
	if !found {
		t.Error("no ground attack in the dice tray")
	}
	if h := strings.Join(s.AirLines(), " "); !strings.Contains(h, "intercept mission: top cover over its table edge, still up") || !strings.Contains(h, "rearming") {
		t.Errorf("flyer lines after the missions: %s", h)
	}
}

// An interception in the window: I attacks, the dogfight's dice are in
// the tray with their heading and note (digest 8.6).
func TestInterceptionTrayE40K(t *testing.T) {
	s := newAirUI(t, 4)
	untilKind(t, s, "marines", e40k.KindMission)
	s.ClickTable(world.Vec{X: 76, Y: 36}, "")
	s.Key("I")
	s.Key("N")
	s.TrayClose()
	if p := s.State().Pending; p == nil || p.Kind != e40k.KindIntercept {
		t.Fatalf("no interception offer: %+v", p)
	}
	from := len(s.State().Log)
	s.Key("I")
	dog := false
	for _, st := range s.TraySteps(from) {
		if st.Roll != nil && strings.HasPrefix(st.Roll.Purpose, "dogfight:") {
			note, _ := s.RollNote(st.Roll)
			if !strings.HasPrefix(st.Head, "dogfight:") || !strings.Contains(note, "shoots it down") {
				t.Errorf("dogfight tray step %+v note %q", st, note)
			}
			dog = true
		}
	}
	if !dog {
		t.Fatal("no dogfight roll in the tray")
	}
}

// Transports in the window: B boards the selected stand in a Rhino within
// its move; the panel says what the Rhino carries.
func TestEmbarkByKeyE40K(t *testing.T) {
	s := newAirUI(t, 5)
	untilKind(t, s, "marines", e40k.KindMove)
	for s.State().Pending.Side == "marines" && !listedNow(s, "tactical-detachment") {
		drive(t, s, e40k.OrderAssault)
		untilKind(t, s, "marines", e40k.KindMove)
	}
	click(t, s, "tactical-a")
	if s.Detachment() != "tactical-detachment" {
		t.Fatalf("selected %q", s.Detachment())
	}
	s.Key("B")
	if s.MsgErr {
		t.Fatalf("B: %s", s.Msg)
	}
	if e40k.Aboard(s.State().Unit("tactical-a")) == "" {
		t.Fatalf("tactical-a not aboard (%s)", lastCmd(s))
	}
	if h := strings.Join(s.AirLines(), " "); !strings.Contains(h, "carries") {
		t.Errorf("no carries line: %s", h)
	}
	if !s.mine() {
		t.Fatal("the tactical detachment may no longer move after a stand embarked")
	}
	if txt := tableTexts(s); !strings.Contains(txt, "carries 1") {
		t.Errorf("no carries label on the table: %s", txt)
	}
}

func listedNow(s *UI, det string) bool {
	for _, x := range s.State().Pending.Units {
		if x == det {
			return true
		}
	}
	return false
}

// The debrief counts flyers at their airfield and stands aboard as left,
// not destroyed.
func TestDebriefCountsReservesE40K(t *testing.T) {
	s := newAirUI(t, 4)
	untilKind(t, s, "marines", e40k.KindMission)
	text := strings.Join(s.DebriefLines(), " | ")
	for _, want := range []string{"Thunderhawk: 1 of 1 stands left", "Drop detachment (aboard the Thunderhawk): 4 of 4 stands left"} {
		if !strings.Contains(text, want) {
			t.Errorf("debrief lacks %q: %s", want, text)
		}
	}
}
