package play

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/adapt"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/world"
)

// crowdedMove is a duel with the two reavers in base contact on the Comms
// relay inside "The crossing", red selected with a drafted move that turns
// at its start and again beside the blue titan (ATII-MOV-2: each turn's
// Man cost is labelled), both titans' arcs shown, built at 10 px/cm and
// decorated as the window does.
func crowdedMove(t testing.TB) (*scene.Input, *scene.Scene, *Session) {
	t.Helper()
	scn := load(t, "titan-duel")
	g, err := game.New(scn, game.Config{Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	st := g.State()
	red, blue := st.Unit("red-reaver"), st.Unit("blue-reaver")
	red.Pos, red.Facing = world.Vec{X: 55, Y: 66}, 90
	blue.Pos, blue.Facing = world.Vec{X: 60, Y: 66}, 270
	s := New(g, map[string]string{"red": Human, "blue": Human})
	for i := 0; i < 50 && !(s.Mode() == ModeTurn && s.State().Step == atii.StepMovement && s.Decider() == "red"); i++ {
		switch {
		case s.Mode() == ModeHandover:
			s.Continue()
		case s.State().Step == atii.StepInitiative:
			s.ChooseOrder(true)
		default:
			s.EndStep()
		}
	}
	if s.State().Step != atii.StepMovement || s.Decider() != "red" {
		t.Fatalf("did not reach red's movement: %s %s", s.State().Step, s.Decider())
	}
	s.Select("red-reaver")
	from := s.State().Unit("red-reaver").Pos
	for _, to := range []world.Vec{from.Add(world.Vec{Y: -4}), from.Add(world.Vec{X: 5, Y: -5})} {
		s.PressTable(from, "red-reaver")
		s.DragTo(from.Lerp(to, 0.5))
		s.ReleaseTable(to)
		from = to
	}
	mp := s.PreviewMove()
	if mp == nil || mp.Report == nil || len(mp.Report.Turns) == 0 {
		t.Fatalf("the drafted move should preview with turns: %+v", mp)
	}
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
	return in, sc, s
}

// labelBox is the rectangle a text prim's background box covers.
func labelBox(p scene.Prim) scene.Rect {
	w := scene.EstimateWidth(p.Text, p.Size, p.Bold)
	pad := p.Size * 0.2
	return scene.Rect{Min: world.Vec{X: p.C.X - w/2 - pad, Y: p.C.Y - p.Size*0.6 - pad}, Max: world.Vec{X: p.C.X + w/2 + pad, Y: p.C.Y + p.Size*0.6 + pad}}
}

// Titans touching on an objective in a zone with a drafted move and arcs:
// no two table labels overlap, none covers a titan's base, and the move's
// turn labels and the selected titan's name are all kept.
func TestTableLabelsDoNotPileUpOnTouchingTitans(t *testing.T) {
	in, sc, s := crowdedMove(t)
	var texts []scene.Prim
	for _, p := range sc.All() {
		if p.Kind == scene.Text && p.Box.A > 0 && p.Layer != scene.LayerHUD {
			texts = append(texts, p)
		}
	}
	turns, name := 0, false
	for i, a := range texts {
		if strings.Contains(a.Text, " deg, ") {
			turns++
		}
		if a.Text == s.Name("red-reaver") {
			name = true
		}
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
	if want := len(s.PreviewMove().Report.Turns); turns != want {
		t.Errorf("%d turn labels kept, want %d", turns, want)
	}
	if !name {
		t.Error("the selected titan's name was dropped")
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
