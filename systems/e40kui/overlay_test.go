package e40kui

import (
	"math"
	"strings"
	"testing"

	"github.com/auspex/auspex/render/adapt"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/world"
)

// tableTexts builds the session's table at 10 px/cm as the window does,
// decorates it, and returns every text drawn on it.
func tableTexts(s *UI) string {
	in := adapt.Input(s.G.Scenario)
	in.Bases = s.Bases(in.Bases)
	sc := scene.Build(in, scene.View{Scale: 10})
	s.Decorate(sc)
	var b strings.Builder
	for _, l := range sc.Layers {
		for _, p := range l {
			if p.Kind == scene.Text {
				b.WriteString(p.Text)
				b.WriteString(" | ")
			}
		}
	}
	return b.String()
}

// The table shows the dragged stand's distance against its allowance,
// the aimed target's expected hits and kills, and those of a target
// under the mouse.
func TestTableOverlaysE40K(t *testing.T) {
	s := newUI(t, 3)
	toStep(t, s, e40k.StepMovement, e40k.OrderMarch)
	for s.Decider() != "marines" {
		drive(t, s, e40k.OrderMarch)
	}
	from := posOf(t, s, "tactical-3")
	s.PressTable(from, "tactical-3")
	s.DragTo(from.Add(world.Vec{Y: 12}))
	if txt := tableTexts(s); !strings.Contains(txt, "12.0 / 30 cm") {
		t.Errorf("dragging: %s", txt)
	}
	s.ReleaseTable(from.Add(world.Vec{Y: 12}))
	s.Cancel()

	s = newUI(t, 3)
	toStep(t, s, e40k.StepShooting, e40k.OrderAssault)
	for i := 0; i < 20; i++ {
		for _, id := range s.State().Pending.Units {
			s.selectStand(s.firstStand(id))
			if len(s.targets()) >= 2 {
				break
			}
		}
		if len(s.targets()) >= 2 {
			break
		}
		drive(t, s, e40k.OrderAssault)
	}
	ts := s.targets()
	if len(ts) < 2 {
		t.Fatal("no detachment with two targets")
	}
	click(t, s, s.members(ts[0])[0].ID)
	want := s.oddsLabel(ts[0])
	if want == "" || !strings.Contains(want, "kills") {
		t.Fatalf("odds label %q", want)
	}
	if txt := tableTexts(s); !strings.Contains(txt, want) {
		t.Errorf("aimed at %s: %q not on the table: %s", ts[0], want, txt)
	}
	other := s.oddsLabel(ts[1])
	s.Hover = s.members(ts[1])[0].ID
	if txt := tableTexts(s); other == "" || !strings.Contains(txt, other) {
		t.Errorf("hovering %s: %q not on the table: %s", ts[1], other, txt)
	}
}

// A stand off the table (or destroyed) is neither drawn nor hit by a
// click, nor counted in its detachment; a destroyed detachment is not
// counted broken in the debrief.
func TestStandsOffTableE40K(t *testing.T) {
	s := newUI(t, 3)
	st := s.State()
	boyz := len(s.members("boyz-mob"))
	st.Unit("boyz-1").OffTable = true
	st.Unit("boyz-2").Destroyed = true
	in := adapt.Input(s.G.Scenario)
	for _, b := range s.Bases(in.Bases) {
		if b.ID == "boyz-1" || b.ID == "boyz-2" {
			t.Errorf("%s is drawn", b.ID)
		}
	}
	if got := s.UnitAt(posOf(t, s, "boyz-1"), 0.5); got == "boyz-1" {
		t.Error("a click hits a stand off the table")
	}
	if n := len(s.members("boyz-mob")); n != boyz-2 {
		t.Errorf("boyz-mob has %d stands, want %d", n, boyz-2)
	}
	for _, u := range s.members("wagon-mob") {
		u.Destroyed = true
	}
	st.Formation("wagon-mob").Broken = true
	orks := ""
	for _, ln := range s.DebriefLines() {
		if strings.HasPrefix(ln, "Goff warband lost") {
			orks = ln
		}
	}
	text := strings.Join(s.DebriefLines(), " ")
	if !strings.Contains(text, "Battlewagon mob: destroyed") || !strings.Contains(orks, "; 0 detachment(s) broken") {
		t.Errorf("debrief: %s", text)
	}
}

// The move preview names the terrain a stand crosses, with what it does
// to the stand and the risk of a dangerous terrain test (digest section
// 2, terrain: a Rhino driving through the marsh and over the road).
func TestMovePreviewTerrainE40K(t *testing.T) {
	s := newUI(t, 3)
	toStep(t, s, e40k.StepMovement, e40k.OrderMarch)
	for s.Decider() != "marines" {
		drive(t, s, e40k.OrderMarch)
	}
	click(t, s, "rhino-2")
	s.Key("T")
	from := posOf(t, s, "rhino-2")
	to := world.Vec{X: from.X, Y: 66}
	s.PressTable(from, "rhino-2")
	s.DragTo(to)
	s.ReleaseTable(to)
	mp := s.PreviewMove()
	if mp == nil || len(mp.Stands) != 1 {
		t.Fatalf("preview: %+v", mp)
	}
	lines := strings.Join(mp.Lines(s.detOrName), "\n")
	// The marsh is dangerous for vehicles: the preview gives the risk of
	// the test (a 1 in 6 halts, a second 1 is a hit: 1 in 36).
	if !mp.Stands[0].Dangerous {
		t.Error("the move through the marsh is not marked dangerous")
	}
	for _, want := range []string{"crosses", "Stinking marsh (marsh", "Hive road (road", "dangerous terrain test: 17% halted where it enters, 3% also hit"} {
		if !strings.Contains(lines, want) {
			t.Errorf("preview lacks %q:\n%s", want, lines)
		}
	}
	t.Log(lines)
}

// tablePrims builds the session's table as tableTexts does and returns
// its decorated primitives by id.
func tablePrims(s *UI) map[string]scene.Prim {
	in := adapt.Input(s.G.Scenario)
	in.Bases = s.Bases(in.Bases)
	sc := scene.Build(in, scene.View{Scale: 10})
	s.Decorate(sc)
	out := map[string]scene.Prim{}
	for _, l := range sc.Layers {
		for _, p := range l {
			if p.ID != "" {
				out[p.ID] = p
			}
		}
	}
	return out
}

// E40K-CMD-1 on the table: selecting a stand shows its detachment's
// command radius around the HQ (30 cm from the HQ's base edge), outlines
// and labels the stands out of command, and names the detachment's orders
// by the HQ; nothing of the kind for a detachment not selected.
func TestCommandRadiusOnTheTableE40KCMD1(t *testing.T) {
	s := newUI(t, 3)
	toStep(t, s, e40k.StepMovement, e40k.OrderAssault)
	st := s.State()
	st.Unit("tactical-6").Markers.Set(e40k.MarkOutOfCommand, 1)
	s.selectStand("tactical-3")
	if s.Detachment() != "tactical-detachment" {
		t.Fatalf("selected %q", s.Detachment())
	}
	ps := tablePrims(s)
	ring, ok := ps["command:tactical-detachment"]
	hq := s.Base(st.Unit("tactical-hq"))
	if !ok || ring.Kind != scene.Circle || ring.C != hq.Pos || math.Abs(ring.R-(e40k.CommandRadius+hq.Foot.BoundRadius())) > 1e-9 {
		t.Errorf("command ring %+v (found %v), want a circle of %.1f cm at the HQ %v", ring, ok, e40k.CommandRadius+hq.Foot.BoundRadius(), hq.Pos)
	}
	if _, ok := ps["out-of-command:tactical-6"]; !ok {
		t.Error("tactical-6, out of command, is not outlined")
	}
	if _, ok := ps["out-of-command:tactical-5"]; ok {
		t.Error("tactical-5, in command, is outlined as out of command")
	}
	txt := tableTexts(s)
	if !strings.Contains(txt, "out of command") || !strings.Contains(txt, "HQ: "+st.Formation("tactical-detachment").Orders+" orders") {
		t.Errorf("table texts: %s", txt)
	}
	for id := range ps {
		if strings.HasPrefix(id, "command:") && id != "command:tactical-detachment" {
			t.Errorf("%s drawn for a detachment not selected", id)
		}
	}
	st.Formation("tactical-detachment").Broken = true
	if txt := tableTexts(s); !strings.Contains(txt, "HQ: broken") {
		t.Errorf("broken detachment: %s", txt)
	}
}
