package atiiui

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/adapt"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/world"
)

// crowdedMove is a duel with the two reavers in base contact on the Comms
// relay inside "The crossing", red selected with a drafted move that turns
// at its start and again beside the blue titan (ATII-MOV-2: each turn's
// Man cost is labelled), both titans' arcs shown, built at 10 px/cm and
// decorated as the window does.
func crowdedMove(t testing.TB) (*scene.Input, *scene.Scene, *UI) {
	t.Helper()
	s := duelAt(t, world.Vec{X: 55, Y: 66}, world.Vec{X: 60, Y: 66}, atii.StepMovement)
	s.Select("red-reaver")
	from := s.State().Unit("red-reaver").Pos
	for _, to := range []world.Vec{from.Add(world.Vec{Y: -4}), from.Add(world.Vec{X: 5, Y: -5})} {
		drag(s, from, to)
		from = to
	}
	mp := s.PreviewMove()
	if mp == nil || mp.Report == nil || len(mp.Report.Turns) == 0 {
		t.Fatalf("the drafted move should preview with turns: %+v", mp)
	}
	in, sc := decorated(s)
	return in, sc, s
}

// drag draws one leg of the selected titan's path from a to b.
func drag(s *UI, a, b world.Vec) {
	hit := ""
	if u := s.State().Unit(s.Selected); u != nil && u.Pos == a {
		hit = s.Selected
	}
	s.PressTable(a, hit)
	s.DragTo(a.Lerp(b, 0.5))
	s.ReleaseTable(b)
}

// decorated builds the session's table at 10 px/cm with every titan's arcs
// and decorates it, as the window does.
func decorated(s *UI) (*scene.Input, *scene.Scene) {
	scn := s.G.Scenario
	in := adapt.Input(scn)
	in.Bases = s.Bases(in.Bases)
	for _, b := range in.Bases {
		if info, ok := adapt.Info(scn, b.ID); ok {
			info.Base = b.Base
			in.Arcs = append(in.Arcs, adapt.Arcs(info, in.Table)...)
		}
	}
	sc := scene.Build(in, scene.View{Scale: 10})
	s.Decorate(sc)
	return in, sc
}

// duelAt is a hotseat duel with the red reaver at red facing east and the
// blue one at blue facing west, played on to red's decision in step.
func duelAt(t testing.TB, red, blue world.Vec, step string) *UI {
	t.Helper()
	scn := load(t, "titan-duel")
	g, err := testSystems.New(scn, game.Config{Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	st := g.State()
	r, b := st.Unit("red-reaver"), st.Unit("blue-reaver")
	r.Pos, r.Facing = red, 90
	b.Pos, b.Facing = blue, 270
	s := newUI(g, map[string]string{"red": play.Human, "blue": play.Human})
	playUntil(s, 80, func() bool {
		return s.Mode() == play.ModeTurn && s.State().Step == step && s.Decider() == "red" && !ChoosingOrder(s.State())
	})
	if s.State().Step != step || s.Decider() != "red" {
		t.Fatalf("did not reach red's %s: %s %s", step, s.State().Step, s.Decider())
	}
	return s
}

// labelBox is the rectangle a text prim's background box covers.
func labelBox(p scene.Prim) scene.Rect {
	w := scene.EstimateWidth(p.Text, p.Size, p.Bold)
	pad := p.Size * 0.2
	return scene.Rect{Min: world.Vec{X: p.C.X - w/2 - pad, Y: p.C.Y - p.Size*0.6 - pad}, Max: world.Vec{X: p.C.X + w/2 + pad, Y: p.C.Y + p.Size*0.6 + pad}}
}

// checkTableLabels fails when two boxed table labels overlap or one covers
// a titan's base, and returns the texts kept.
func checkTableLabels(t *testing.T, in *scene.Input, sc *scene.Scene) map[string]bool {
	t.Helper()
	kept := map[string]bool{}
	var texts []scene.Prim
	for _, p := range sc.All() {
		if p.Kind == scene.Text && p.Box.A > 0 && p.Layer != scene.LayerHUD {
			texts = append(texts, p)
		}
	}
	for i, a := range texts {
		kept[a.Text] = true
		ra := labelBox(a)
		for _, b := range texts[i+1:] {
			if ra.Overlaps(labelBox(b)) {
				t.Errorf("labels %q at %v and %q at %v overlap", a.Text, a.C, b.Text, b.C)
			}
		}
		for _, b := range in.Bases {
			q := world.Vec{X: min(max(b.Pos.X, ra.Min.X), ra.Max.X), Y: min(max(b.Pos.Y, ra.Min.Y), ra.Max.Y)}
			if q.Dist(b.Pos) < b.Foot.BoundRadius()-1e-9 {
				t.Errorf("label %q at %v covers the base of %s", a.Text, a.C, b.ID)
			}
		}
	}
	return kept
}

// Titans touching on an objective in a zone with a drafted move and arcs:
// no two table labels overlap, none covers a titan's base, and the move's
// turn labels and the selected titan's name are all kept.
func TestTableLabelsDoNotPileUpOnTouchingTitans(t *testing.T) {
	in, sc, s := crowdedMove(t)
	kept := checkTableLabels(t, in, sc)
	turns := 0
	for text := range kept {
		if strings.Contains(text, " deg, ") {
			turns++
		}
	}
	if want := len(s.PreviewMove().Report.Turns); turns != want {
		t.Errorf("%d turn labels kept, want %d", turns, want)
	}
	if !kept[s.Name("red-reaver")] {
		t.Error("the selected titan's name was dropped")
	}
}

// A charge (ATII-CC-1) drafted onto an enemy standing on the Comms relay
// inside "The crossing" across the river: the odds label, the charger's name and
// the charged titan's name are all kept, none on another or on a base.
func TestChargeTargetLabelled(t *testing.T) {
	s := duelAt(t, world.Vec{X: 52, Y: 66}, world.Vec{X: 60, Y: 66}, atii.StepAssault)
	s.Select("red-reaver")
	red, blue := s.State().Unit("red-reaver"), s.State().Unit("blue-reaver")
	drag(s, red.Pos, blue.Pos.Sub(world.Vec{X: 2.6}))
	mp := s.PreviewMove()
	if mp == nil || mp.Charge != "blue-reaver" {
		t.Fatalf("the drag should preview a charge on blue: %+v (%s)", mp, s.Msg)
	}
	in, sc := decorated(s)
	kept := checkTableLabels(t, in, sc)
	for _, name := range []string{s.Name("red-reaver"), s.Name("blue-reaver"), "Comms relay"} {
		if !kept[name] {
			t.Errorf("%q was dropped", name)
		}
	}
	odds := false
	for text := range kept {
		odds = odds || strings.HasSuffix(text, "% gets here")
	}
	if mp.Odds != nil && !odds {
		t.Error("the dangerous terrain odds label was dropped")
	}
}

// BenchmarkBuildDecorateMovePreview measures one play frame's table: the
// scene built for the crowded move preview and decorated (labels laid out
// twice: by Build and again with the overlays').
func BenchmarkBuildDecorateMovePreview(b *testing.B) {
	in, _, s := crowdedMove(b)
	b.ReportAllocs()
	for b.Loop() {
		sc := scene.Build(in, scene.View{Scale: 10})
		s.Decorate(sc)
	}
}

// The label under a titan being deployed where it may not stand ("cannot
// deploy here: " and the rules' reason) is wrapped into lines that fit the
// table at the scale a 1024x700 window fits map A at (3 px/cm): in one line
// it ran 60 cm past the table on both sides, cut off by the window.
func TestDeployRefusalLabelFitsTheTable(t *testing.T) {
	s := newSession(t, load(t, "atii-map-a"), 3, map[string]string{"red": play.Human, "blue": play.Human})
	playUntil(s, 40, func() bool { return s.Mode() == play.ModeTurn && s.State().Step == atii.StepDeploy })
	if s.State().Step != atii.StepDeploy {
		t.Fatalf("no deployment step: %s", s.State().Step)
	}
	tb := s.G.Scenario.Table
	s.Cursor, s.HasCursor = world.Vec{X: tb.W / 2, Y: tb.H / 2}, true
	if _, verdict, ok := s.DeployGhost(); !ok || verdict == nil {
		t.Fatalf("the table's centre should be refused: ok %v verdict %v", ok, verdict)
	}
	in := adapt.Input(s.G.Scenario)
	in.Bases = s.Bases(in.Bases)
	sc := scene.Build(in, scene.View{Scale: 3, EdgeRulers: true})
	s.Decorate(sc)
	var lines []scene.Prim
	for _, p := range sc.Layers[scene.LayerMarkers] {
		if p.Kind == scene.Text && p.Box.A > 0 && (strings.HasPrefix(p.Text, "cannot deploy here") || len(lines) > 0 && p.C.Y > lines[len(lines)-1].C.Y && p.C.X == lines[0].C.X) {
			lines = append(lines, p)
		}
	}
	if len(lines) == 0 {
		t.Fatal("no refusal label")
	}
	for _, p := range lines {
		w := scene.EstimateWidth(p.Text, p.Size, p.Bold)
		if p.C.X-w/2 < sc.Bounds.Min.X || p.C.X+w/2 > sc.Bounds.Max.X {
			t.Errorf("%q (%.0f cm wide at %.1f) runs past the table's edge scale (%.0f to %.0f cm)", p.Text, w, p.C.X, sc.Bounds.Min.X, sc.Bounds.Max.X)
		}
	}
}
