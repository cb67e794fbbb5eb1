package scene_test

import (
	"image/color"
	"math"
	"testing"

	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/world"
)

// crowded is two titans in base contact on an objective inside a deployment
// zone, both with weapon arcs, the left one selected, at a zoom where the
// labels cannot all sit in their first places.
func crowded() *scene.Input {
	red := color.NRGBA{200, 40, 40, 255}
	blue := color.NRGBA{40, 80, 200, 255}
	warlord := world.Base{ID: "warlord", Pos: world.Vec{X: 55, Y: 60}, Facing: 90, Foot: world.Footprint{Shape: world.Circle, Radius: 5}}
	reaver := world.Base{ID: "reaver", Pos: world.Vec{X: 65, Y: 60}, Facing: 270, Foot: world.Footprint{Shape: world.Circle, Radius: 5}}
	zone := []world.Vec{{X: 30, Y: 40}, {X: 90, Y: 40}, {X: 90, Y: 80}, {X: 30, Y: 80}}
	return &scene.Input{
		Table:      world.Table{W: 120, H: 120},
		Zones:      []scene.Zone{{ID: "z", Label: "Red deployment zone", Polys: [][]world.Vec{zone}, Color: red}},
		Objectives: []scene.Objective{{ID: "o", Label: "Comms relay", Pos: world.Vec{X: 60, Y: 60}, Control: 8, Color: color.NRGBA{220, 180, 0, 255}}},
		Bases: []scene.Base{
			{Base: warlord, Label: "Imperius Rex (Warlord)", Side: "red", Color: red, Selected: true, Shields: 4, Damage: 2},
			{Base: reaver, Label: "Ira Dei (Reaver)", Side: "blue", Color: blue, Shields: 3},
		},
		Arcs: []scene.Arc{
			{Base: warlord, Label: "Melta-cannon 30 cm", Start: -45, Width: 90, Range: 30, Color: red},
			{Base: reaver, Label: "Volcano cannon 60 cm", Start: -45, Width: 90, Range: 60, Color: blue},
		},
	}
}

// box is the rectangle a text prim covers (its background box).
func box(p scene.Prim) scene.Rect {
	w := scene.EstimateWidth(p.Text, p.Size, p.Bold)
	pad := p.Size * 0.2
	return scene.Rect{Min: world.Vec{X: p.C.X - w/2 - pad, Y: p.C.Y - p.Size*0.6 - pad}, Max: world.Vec{X: p.C.X + w/2 + pad, Y: p.C.Y + p.Size*0.6 + pad}}
}

// checkCrowded fails when two kept labels overlap or one covers a base.
func checkCrowded(t *testing.T, in *scene.Input, sc *scene.Scene) map[string]scene.Prim {
	t.Helper()
	kept := map[string]scene.Prim{}
	var texts []scene.Prim
	for _, p := range sc.All() {
		if p.Kind == scene.Text && p.Box.A > 0 {
			texts = append(texts, p)
			kept[p.Text] = p
		}
	}
	for i, a := range texts {
		for _, b := range texts[i+1:] {
			if box(a).Overlaps(box(b)) {
				t.Errorf("labels %q at %v and %q at %v overlap", a.Text, a.C, b.Text, b.C)
			}
		}
		for _, bs := range in.Bases {
			r := bs.Foot.BoundRadius()
			// The base's disc against the label's box.
			q := world.Vec{X: math.Min(math.Max(bs.Pos.X, box(a).Min.X), box(a).Max.X), Y: math.Min(math.Max(bs.Pos.Y, box(a).Min.Y), box(a).Max.Y)}
			if q.Dist(bs.Pos) < r-1e-9 {
				t.Errorf("label %q at %v covers the base of %s", a.Text, a.C, bs.ID)
			}
		}
	}
	return kept
}

// Two titans in base contact on an objective in a zone, with arcs: no two
// kept labels overlap, none covers a base, and the selected titan's name is
// kept at every zoom.
func TestCrowdedLabelsDoNotPileUp(t *testing.T) {
	in := crowded()
	for _, scale := range []float64{4, 6, 10, 16} {
		sc := scene.Build(in, scene.View{Scale: scale})
		kept := checkCrowded(t, in, sc)
		if _, ok := kept["Imperius Rex (Warlord)"]; !ok {
			t.Errorf("scale %v: the selected titan's name was dropped", scale)
		}
		if scale >= 10 {
			for _, s := range []string{"Ira Dei (Reaver)", "Comms relay", "Red deployment zone"} {
				if _, ok := kept[s]; !ok {
					t.Errorf("scale %v: %q dropped although the table has room", scale, s)
				}
			}
		}
	}
}

// The play overlays' labels (a move preview's turn and odds labels) win
// over the scenery: added after Build at the preview priority they keep
// their first place even where an objective or arc label sat, and the
// scenery's labels move or go; still no overlap and no base covered.
func TestPreviewLabelsWinOverScenery(t *testing.T) {
	in := crowded()
	sc := scene.Build(in, scene.View{Scale: 10})
	before := map[string]scene.Prim{}
	for _, p := range sc.All() {
		if p.Kind == scene.Text {
			before[p.Text] = p
		}
	}
	// Put preview labels exactly where the objective's and the reaver's
	// names were placed.
	obj, okObj := before["Comms relay"]
	name, okName := before["Ira Dei (Reaver)"]
	if !okObj || !okName {
		t.Fatalf("scenery labels missing: %v", before)
	}
	pre := func(text string, at world.Vec) scene.Label {
		return scene.Label{Layer: scene.LayerRulers, Text: text, Size: 1.2, Bold: true, Box: color.NRGBA{255, 255, 255, 220},
			Anchor: at, At: []world.Vec{at}, Must: true, Leader: true, Priority: scene.PriorityPreview}
	}
	sc.AddLabels(nil, pre("28 deg, 1 Man", obj.C), pre("42% gets here", name.C))
	sc.AddLabels(nil) // nothing new: the layout stays as it is
	kept := checkCrowded(t, in, sc)
	for text, at := range map[string]world.Vec{"28 deg, 1 Man": obj.C, "42% gets here": name.C} {
		p, ok := kept[text]
		if !ok || p.C != at {
			t.Errorf("preview label %q: kept %v at %v, want its first place %v", text, ok, p.C, at)
		}
	}
	if _, ok := kept["Imperius Rex (Warlord)"]; !ok {
		t.Error("the selected titan's name was dropped")
	}
	// Each label is drawn once: the earlier layout's prims are replaced.
	n := map[string]int{}
	for _, p := range sc.All() {
		if p.Kind == scene.Text {
			n[p.Text]++
		}
	}
	for text, c := range n {
		if c > 1 {
			t.Errorf("%q drawn %d times", text, c)
		}
	}
}

// Promote lifts a unit's name above the scenery (a charge's target): a
// name every place around which is taken by other titans is dropped, and
// kept (further out, with a leader line) once promoted.
func TestPromotedNameKept(t *testing.T) {
	in := crowded()
	in.Bases[0].Selected = false
	reaver := in.Bases[1]
	for _, off := range []world.Vec{{Y: 11}, {Y: -11}, {X: 20}, {X: 20, Y: 11}, {X: 20, Y: -11}, {X: -10, Y: 11}, {X: -10, Y: -11}} {
		b := reaver
		b.ID, b.Label, b.Pos = "blocker", "", reaver.Pos.Add(off)
		in.Bases = append(in.Bases, b)
	}
	name := func(sc *scene.Scene) (scene.Prim, bool) {
		for _, p := range sc.All() {
			if p.Kind == scene.Text && p.Text == reaver.Label {
				return p, true
			}
		}
		return scene.Prim{}, false
	}
	sc := scene.Build(in, scene.View{Scale: 6})
	if p, ok := name(sc); ok {
		t.Fatalf("precondition: the boxed-in name should be dropped unpromoted, is at %v", p.C)
	}
	sc.Promote("base:reaver", scene.PrioritySelected)
	sc.AddLabels(nil)
	checkCrowded(t, in, sc)
	p, ok := name(sc)
	if !ok {
		t.Fatal("the promoted name was dropped")
	}
	leader := false
	for _, q := range sc.All() {
		if q.ID == "base:reaver" && q.Kind == scene.Polyline {
			leader = true
		}
	}
	if !leader {
		t.Errorf("the promoted name at %v stands away from its titan without a leader line", p.C)
	}
}

// The same input gives the same placement, prim for prim.
func TestLabelPlacementDeterministic(t *testing.T) {
	in := crowded()
	a := scene.Build(in, scene.View{Scale: 6}).All()
	for k := 0; k < 5; k++ {
		b := scene.Build(in, scene.View{Scale: 6}).All()
		if len(a) != len(b) {
			t.Fatalf("run %d: %d prims, want %d", k, len(b), len(a))
		}
		for i := range a {
			if a[i].Kind == scene.Text && (a[i].C != b[i].C || a[i].Text != b[i].Text) {
				t.Fatalf("run %d: prim %d %q at %v, first run %q at %v", k, i, b[i].Text, b[i].C, a[i].Text, a[i].C)
			}
		}
	}
}

// Labels with unusable geometry (NaN or infinite anchors, no size, empty
// text) are skipped or placed without a panic, on a zero Scene too, and
// the usable ones are still placed.
func TestLabelsWithBadGeometry(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	sc := &scene.Scene{Scale: 5}
	sc.AddLabels([]scene.Rect{{Min: world.Vec{X: nan}, Max: world.Vec{X: inf, Y: inf}}},
		scene.Label{Text: "nan", Size: 1, Anchor: world.Vec{X: nan, Y: 1}, Must: true, Leader: true},
		scene.Label{Text: "inf", Size: 1, Anchor: world.Vec{X: inf, Y: -inf}, Must: true},
		scene.Label{Text: "no size", Anchor: world.Vec{X: 1, Y: 1}, Must: true},
		scene.Label{Text: "", Size: 1, Must: true},
		scene.Label{Text: "fine", Size: 1, Anchor: world.Vec{X: 10, Y: 10}, Must: true},
	)
	found := false
	for _, p := range sc.All() {
		if p.Text == "no size" || p.Text == "" && p.Kind == scene.Text {
			t.Errorf("label %q with no size or text was placed", p.Text)
		}
		found = found || p.Text == "fine"
	}
	if !found {
		t.Error("the usable label was not placed")
	}
}
