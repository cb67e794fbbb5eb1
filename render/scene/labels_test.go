package scene_test

import (
	"image/color"
	"math"
	"strings"
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
			if bs.Foot.Shape == world.Rect {
				// The stand's rectangle (axis-aligned here) against the
				// label's box.
				r := scene.Rect{Min: bs.Pos.Sub(world.Vec{X: bs.Foot.W / 2, Y: bs.Foot.H / 2}), Max: bs.Pos.Add(world.Vec{X: bs.Foot.W / 2, Y: bs.Foot.H / 2})}
				if math.Mod(bs.Facing, 180) != 0 {
					r = scene.BaseBox(bs.Base)
				}
				if r.Overlaps(box(a)) {
					t.Errorf("label %q at %v covers the stand %s", a.Text, a.C, bs.ID)
				}
				continue
			}
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

// Two titans side by side in base contact, each with its void shields
// marker: both names are kept at every zoom the window fits a table at,
// without a leader line, and no label overlaps another or covers a base.
// Every one of the eight places around the second titan touched the first
// one's name, its shield marker or its base by a few millimetres, so its
// name was dropped (play-through: a titan's name hidden in base contact).
func TestTouchingTitansKeepBothNames(t *testing.T) {
	red := color.NRGBA{200, 40, 40, 255}
	blue := color.NRGBA{40, 80, 200, 255}
	for _, scale := range []float64{3, 3.5, 4, 5, 6, 8} {
		for _, dir := range []world.Vec{{X: 1}, {Y: 1}, {X: math.Sqrt2 / 2, Y: math.Sqrt2 / 2}, {X: math.Sqrt2 / 2, Y: -math.Sqrt2 / 2}} {
			a := world.Base{ID: "a", Pos: world.Vec{X: 60, Y: 60}, Facing: 90, Foot: world.Footprint{Shape: world.Circle, Radius: 2.5}}
			b := a
			b.ID, b.Pos = "b", a.Pos.Add(dir.Scale(5))
			in := &scene.Input{Table: world.Table{W: 120, H: 120}, Bases: []scene.Base{
				{Base: a, Label: "Venator Rex", Color: red, Shields: 4},
				{Base: b, Label: "Ignis Fidelis", Color: blue, Shields: 4},
			}}
			sc := scene.Build(in, scene.View{Scale: scale, EdgeRulers: true})
			kept := checkCrowded(t, in, sc)
			for _, name := range []string{"Venator Rex", "Ignis Fidelis"} {
				if _, ok := kept[name]; !ok {
					t.Errorf("scale %v, second titan towards %v: %q dropped", scale, dir, name)
				}
			}
			for _, p := range sc.All() {
				if p.Kind == scene.Polyline && (p.ID == "base:a" || p.ID == "base:b") && p.Layer == scene.LayerMarkers {
					t.Errorf("scale %v: %s's name stands off with a leader line", scale, p.ID)
				}
			}
		}
	}
}

// A stand whose first place for its name (below it) is the only place a
// terrain name fits (a bunker line 3 cm deep, as in the bundled E40K
// Combined Arms) takes another free place, and both names are shown: the
// stand's name took the spot and "Bunker line" was dropped under it.
func TestTerrainNameKeptBesideAStandsName(t *testing.T) {
	bunker := world.Feature{ID: "bunker", Name: "Bunker line", Kind: world.Kind("fortification"),
		Poly: []world.Vec{{X: 60, Y: 28}, {X: 84, Y: 28}, {X: 84, Y: 31}, {X: 60, Y: 31}}}
	stand := func(id, name string, x, y float64) scene.Base {
		return scene.Base{Base: world.Base{ID: id, Pos: world.Vec{X: x, Y: y}, Facing: 180, Foot: world.Footprint{Shape: world.Rect, W: 4, H: 2}},
			Label: name, Color: color.NRGBA{30, 90, 190, 255}, Shields: -1}
	}
	in := &scene.Input{Table: world.Table{W: 180, H: 120}, Features: []world.Feature{bunker},
		Bases: []scene.Base{stand("hq", "Sergeant Varro", 72, 25), stand("d1", "", 67, 20), stand("d2", "", 72, 20), stand("d3", "", 77, 20)}}
	for _, scale := range []float64{3.4, 5, 6, 8} {
		sc := scene.Build(in, scene.View{Scale: scale, EdgeRulers: true})
		kept := checkCrowded(t, in, sc)
		for _, name := range []string{"Sergeant Varro", "Bunker line"} {
			if _, ok := kept[name]; !ok {
				t.Errorf("scale %v: %q dropped (kept %v)", scale, name, keys(kept))
			}
		}
	}
}

func keys(m map[string]scene.Prim) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// labelBox is the box of the placed text prim with text s (false when it
// was not placed).
func labelBox(sc *scene.Scene, s string) (scene.Rect, bool) {
	for _, p := range sc.All() {
		if p.Kind == scene.Text && p.Text == s {
			return box(p), true
		}
	}
	return scene.Rect{}, false
}

// A ruler's length (a tool label) with no free place never lands on the
// decision's own label (a preview: "cannot deploy here ..."): it covers a
// base or keep-out area instead. The window draws rulers' lengths over
// every other label, so before, the ruler's length sat on the refusal
// (cost: one label) rather than on a base (cost: a thousand).
func TestToolLabelNeverCoversAPreviewLabel(t *testing.T) {
	sc := &scene.Scene{Scale: 10, Bounds: scene.Rect{Max: world.Vec{X: 120, Y: 120}}}
	refusal := "cannot deploy here: red-reaver must be set up wholly inside red's deployment zone"
	at := world.Vec{X: 60, Y: 50}
	// Everything above and below the refusal's row is taken: the ruler's
	// length can sit on the row (on the refusal) or on a keep-out area.
	keep := []scene.Rect{{Min: world.Vec{X: 0, Y: 0}, Max: world.Vec{X: 120, Y: 48}}, {Min: world.Vec{X: 0, Y: 52}, Max: world.Vec{X: 120, Y: 120}}}
	sc.AddLabels(keep,
		scene.Label{Layer: scene.LayerMarkers, Text: refusal, Size: 1.2, Bold: true, Box: color.NRGBA{255, 255, 255, 230}, Anchor: at, At: []world.Vec{at}, Must: true, Leader: true, Priority: scene.PriorityPreview},
		scene.Label{Layer: scene.LayerRulers, Text: "76.2 cm", Size: 1.3, Bold: true, Box: color.NRGBA{255, 250, 210, 235}, Anchor: at.Add(world.Vec{X: 5}), At: []world.Vec{at.Add(world.Vec{X: 5, Y: -1.2})}, Must: true, Leader: true, Priority: scene.PriorityTool},
	)
	ref, ok1 := labelBox(sc, refusal)
	ruler, ok2 := labelBox(sc, "76.2 cm")
	if !ok1 || !ok2 {
		t.Fatalf("placed: refusal %v, ruler %v", ok1, ok2)
	}
	if ref.Overlaps(ruler) {
		t.Errorf("the ruler's length %v covers the refusal %v", ruler, ref)
	}
}

// A Must label that fits nowhere inside the scene (a long refusal by a
// titan near the table's edge) is moved inside rather than hung over the
// edge, where the window cuts it off.
func TestMustLabelPulledInside(t *testing.T) {
	sc := &scene.Scene{Scale: 10, Bounds: scene.Rect{Max: world.Vec{X: 70, Y: 60}}}
	// 54 characters, 65.6 cm wide with its box: no place beside the anchor
	// fits between it and the far edge.
	text := "cannot deploy here: must be set up wholly in the zone!"
	sc.AddLabels(nil, scene.Label{Text: text, Size: 2, Bold: true, Box: color.NRGBA{255, 255, 255, 230},
		Anchor: world.Vec{X: 3, Y: 30}, Clear: 2.5, At: []world.Vec{{X: 3, Y: 34}}, Must: true, Leader: true, Priority: scene.PriorityPreview})
	r, ok := labelBox(sc, text)
	if !ok {
		t.Fatal("not placed")
	}
	if r.W() > 70 {
		t.Fatalf("precondition: the label (%.1f cm) should fit the scene's width", r.W())
	}
	if r.Min.X < 0 || r.Max.X > 70 || r.Min.Y < 0 || r.Max.Y > 60 {
		t.Errorf("the label's box %v hangs over the scene's edge", r)
	}
}

// A label given a Width wraps into lines no wider than it, drawn one
// under the other inside the box the layout kept clear: a long refusal by
// a titan being deployed stays inside a table fitted to a small window
// (it ran over both edges of the table, cut off by the window).
func TestWrappedLabelLines(t *testing.T) {
	sc := &scene.Scene{Scale: 3, Bounds: scene.Rect{Max: world.Vec{X: 150, Y: 100}}}
	text := "cannot deploy here: red-reaver must be set up wholly inside red's deployment zone (map A's north edge)"
	at := world.Vec{X: 75, Y: 50}
	width := 340.0 / 3
	sc.AddLabels(nil,
		scene.Label{Text: text, Size: 4, Bold: true, Box: color.NRGBA{255, 255, 255, 230}, Anchor: at, Clear: 3, At: []world.Vec{at.Add(world.Vec{Y: 9})}, Must: true, Leader: true, Priority: scene.PriorityPreview, Width: width},
		scene.Label{Text: "Chapel altar", Size: 4, Bold: true, Box: color.NRGBA{255, 255, 255, 230}, Anchor: at.Add(world.Vec{Y: 12}), Clear: 3, Priority: scene.PriorityStatic},
	)
	var lines []scene.Prim
	var other scene.Prim
	for _, p := range sc.All() {
		switch {
		case p.Kind == scene.Text && p.Text == "Chapel altar":
			other = p
		case p.Kind == scene.Text:
			lines = append(lines, p)
		}
	}
	if len(lines) < 2 {
		t.Fatalf("the refusal was not wrapped: %d lines", len(lines))
	}
	var words []string
	for i, p := range lines {
		if w := scene.EstimateWidth(p.Text, p.Size, p.Bold); w > width+1e-9 {
			t.Errorf("line %q is %.1f cm wide, more than %.1f", p.Text, w, width)
		}
		if r := box(p); r.Min.X < 0 || r.Max.X > 150 {
			t.Errorf("line %q runs over the scene's edge: %v", p.Text, r)
		}
		if i > 0 && !(p.C.Y > lines[i-1].C.Y) {
			t.Errorf("line %d at y %.1f is not under line %d at %.1f", i, p.C.Y, i-1, lines[i-1].C.Y)
		}
		if other.Text != "" && box(p).Overlaps(box(other)) {
			t.Errorf("line %q overlaps the altar's name", p.Text)
		}
		words = append(words, p.Text)
	}
	if got := strings.Join(words, " "); got != text {
		t.Errorf("the lines read %q, want %q", got, text)
	}
}
