package e40kui

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/render/adapt"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/world"
)

// flyerPrims are the deltas Decorate draws, by flyer id.
func flyerPrims(s *UI) map[string]scene.Prim {
	in := adapt.Input(s.G.Scenario)
	in.Bases = s.Bases(in.Bases)
	sc := scene.Build(in, scene.View{Scale: 10})
	s.Decorate(sc)
	out := map[string]scene.Prim{}
	for _, l := range sc.Layers {
		for _, p := range l {
			if strings.HasPrefix(p.ID, "flyer:") {
				out[strings.TrimPrefix(p.ID, "flyer:")] = p
			}
		}
	}
	return out
}

func markOf(s *UI, unit string) *FlyerMark {
	for _, m := range s.FlyerMarks() {
		if m.Unit == unit {
			return &m
		}
	}
	return nil
}

// Flyers on the table during their missions (seed 001 movement step 1,
// digest 8.6): while the missions are flown, the Thunderhawk is drawn at
// its landing point, the bomber over the detachment it attacks and the
// fighters on an intercept mission over their own (south) table edge,
// each a delta in its side's colour with its mission as a label; flyers
// not arrived yet are faint ("inbound"); the panel lists them off the
// table with their missions. After the step only the interceptors still
// up are drawn. While a mission is being declared, the mission under the
// mouse is drawn as a ghost, refused landings in red with the reason.
func TestFlyersDrawnOnTheTableE40K(t *testing.T) {
	s := newAirUI(t, 4)
	untilKind(t, s, "marines", e40k.KindMission)
	if ms := s.FlyerMarks(); len(ms) != 0 {
		t.Errorf("flyers drawn before any mission: %+v", ms)
	}
	// Ghosts while declaring: a landing under the pointer, then one too
	// near the Orks, then a ground attack on the hovered boyz.
	s.Cursor, s.HasCursor = world.Vec{X: 60, Y: 45}, true
	if m := markOf(s, "thunderhawk"); m == nil || m.State != FlyerPreview || m.Bad || m.At != s.Cursor {
		t.Errorf("landing ghost %+v", m)
	}
	s.Cursor = world.Vec{X: 70, Y: 78}
	if m := markOf(s, "thunderhawk"); m == nil || !m.Bad || !strings.Contains(m.Text, "cannot land") {
		t.Errorf("refused landing ghost %+v", m)
	}
	if h := strings.Join(s.AirLines(), " "); !strings.Contains(h, "Cannot land here") || !strings.Contains(h, "within 5 cm") {
		t.Errorf("no refusal reason in the panel: %s", h)
	}
	s.Hover = "boyz-c"
	if m := markOf(s, "thunderhawk"); m == nil || m.State != FlyerPreview || m.At.Dist(world.Vec{X: 72.5, Y: 84}) > 8 || !strings.Contains(m.Text, "ground attack on Boyz mob") {
		t.Errorf("ground attack ghost %+v", m)
	}
	s.Hover, s.HasCursor = "", false
	land := world.Vec{X: 76, Y: 36}
	s.ClickTable(land, "")
	if h := strings.Join(s.AirLines(), " "); !strings.Contains(h, "landing at (76, 36), inbound") {
		t.Errorf("the Thunderhawk is not inbound while the Orks declare: %s", h)
	}
	if m := markOf(s, "thunderhawk"); m == nil || m.State != FlyerInbound {
		t.Errorf("declared thunderhawk %+v", m)
	}
	s.Key("I")
	click(t, s, "tactical-a")
	s.TrayClose()
	if p := s.State().Pending; p == nil || p.Kind != e40k.KindIntercept {
		t.Fatalf("no interception offer: %+v", p)
	}
	th, bm := markOf(s, "thunderhawk"), markOf(s, "bommer-a")
	if th == nil || th.At != land || th.State != FlyerOver || !strings.Contains(th.Text, "transport, 4 stand(s) aboard") {
		t.Errorf("thunderhawk %+v", th)
	}
	if th != nil && (th.Heading.Y <= 0.99 || th.From.Y != 0) {
		t.Errorf("thunderhawk flies from the north edge southward: %+v", th)
	}
	var tac world.Vec
	ms := s.members("tactical-detachment")
	for _, u := range ms {
		tac = tac.Add(u.Pos.Scale(1 / float64(len(ms))))
	}
	if bm == nil || bm.At.Dist(tac) > 0.01 || bm.State != FlyerInbound || bm.From.Y != 100 || !strings.Contains(bm.Text, "ground attack on Tactical detachment") {
		t.Errorf("bomber %+v (tactical detachment's middle %v)", bm, tac)
	}
	for _, id := range []string{"fighta-a", "fighta-b"} {
		if m := markOf(s, id); m == nil || m.At.Y < 90 || m.State != FlyerInbound {
			t.Errorf("%s %+v: want inbound top cover over the south edge", id, m)
		}
	}
	prims := flyerPrims(s)
	for _, id := range []string{"thunderhawk", "bommer-a", "fighta-a", "fighta-b"} {
		if p, ok := prims[id]; !ok || p.Kind != scene.Polygon || len(p.Pts) != 4 {
			t.Errorf("no delta drawn for %s: %+v", id, p)
		}
	}
	if c := prims["thunderhawk"].Fill; c == prims["bommer-a"].Fill {
		t.Errorf("both sides' flyers drawn in %v", c)
	}
	if txt := tableTexts(s); !strings.Contains(txt, "Thunderhawk: transport") || !strings.Contains(txt, "Fighta-Bommer squadron: intercept, top cover") {
		t.Errorf("flyer labels on the table: %s", txt)
	}
	h := strings.Join(s.AirLines(), " ")
	for _, want := range []string{"Flyers Thunderhawk (Raven Guard strike force, 1 off the table): transport mission, landing at (76, 36), arriving now; 4 stand(s) aboard",
		"ground attack on Tactical detachment, inbound", "Fighta-Bommer squadron (Deathskulls warband, 2 off the table): intercept mission, inbound"} {
		if !strings.Contains(h, want) {
			t.Errorf("panel lacks %q: %s", want, h)
		}
	}
	// Let it pass, set the troops down, take off; the bomber attacks.
	s.Key("N")
	s.TrayClose()
	if m := markOf(s, "thunderhawk"); m == nil || m.State != FlyerLanded {
		t.Errorf("landed thunderhawk %+v", m)
	}
	s.Key("U")
	s.TrayClose()
	if s.kind() == e40k.KindLanding {
		s.Hold()
		s.TrayClose()
	}
	for s.State().Step == e40k.StepFlyers {
		drive(t, s, e40k.OrderAssault)
		s.TrayClose()
	}
	if m := markOf(s, "thunderhawk"); m != nil {
		t.Errorf("thunderhawk drawn after it left: %+v", m)
	}
	if m := markOf(s, "bommer-a"); m != nil {
		t.Errorf("bomber drawn after it left: %+v", m)
	}
	if m := markOf(s, "fighta-a"); m == nil || m.State != FlyerTopCover {
		t.Errorf("interceptor still up: %+v", m)
	}
}

// Pick-up in the window (pickup.go): after its troops got out, the landed
// Thunderhawk's pick-up is offered; the panel and banner say how, the
// stands in reach are outlined, a click on one boards its detachment's
// stands in reach, and the flyer takes off with them.
func TestPickUpInTheWindowE40K(t *testing.T) {
	s := newAirUI(t, 4)
	untilKind(t, s, "marines", e40k.KindMission)
	s.ClickTable(world.Vec{X: 76, Y: 36}, "")
	s.Key("N") // the fighters stay on the ground
	s.Key("N") // the bombers too
	s.TrayClose()
	if p := s.State().Pending; p == nil || p.Kind != e40k.KindLanding {
		t.Fatalf("no landing: %+v", p)
	}
	if s.pickingUp() {
		t.Fatal("pick-up offered before the troops got out")
	}
	s.Key("U")
	s.TrayClose()
	if !s.pickingUp() {
		t.Fatalf("no pick-up after the troops got out (%s)", s.Msg)
	}
	if h := hudText(s); !strings.Contains(h, "P boards the nearest") || !strings.Contains(h, "has landed with room for 4") {
		t.Errorf("HUD: %s", h)
	}
	pcs := s.pickUps()
	var cand string
	for _, pc := range pcs {
		if len(pc.Units) > 0 {
			cand = pc.Units[0]
			break
		}
	}
	if cand == "" {
		t.Fatal("no stand in reach to pick up")
	}
	click(t, s, "drop-a") // disembarked this turn: refused
	if !s.MsgErr || !strings.Contains(s.Msg, "cannot board") {
		t.Errorf("drop-a: %q", s.Msg)
	}
	click(t, s, cand)
	if s.MsgErr {
		t.Fatalf("pick up %s: %s", cand, s.Msg)
	}
	if e40k.Aboard(s.State().Unit(cand)) != "thunderhawk" {
		t.Fatalf("%s not aboard: %s", cand, lastCmd(s))
	}
	if s.kind() == e40k.KindLanding {
		t.Errorf("the landing goes on after the pick-up")
	}
}
