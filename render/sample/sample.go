// Package sample builds deterministic scene inputs for tests, goldens and
// benchmarks across the render packages: a small titan duel with every kind
// of overlay, and a crowded table of N bases and M terrain features.
package sample

import (
	"fmt"
	"image/color"
	"math"

	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/world"
)

// Side colours used by the samples.
func sides() (red, blue color.NRGBA) {
	return color.NRGBA{200, 40, 40, 255}, color.NRGBA{40, 90, 200, 255}
}

// Duel is a 120 x 90 cm table with terrain of several kinds, two deployment
// zones, two objectives, three titans (one selected, with arcs and state
// markers), a ruler, range rings, sight lines and a mark.
func Duel() *scene.Input {
	red, blue := sides()
	warlord := world.Base{ID: "warlord", Pos: world.Vec{X: 40, Y: 65}, Facing: 20, Foot: world.Footprint{Shape: world.Rect, W: 6, H: 5}}
	reaver := world.Base{ID: "reaver", Pos: world.Vec{X: 75, Y: 22}, Facing: 200, Foot: world.Footprint{Shape: world.Circle, Radius: 2.5}}
	hound := world.Base{ID: "hound", Pos: world.Vec{X: 95, Y: 35}, Facing: 240, Foot: world.Footprint{Shape: world.Circle, Radius: 1.5}}
	return &scene.Input{
		Table: world.Table{W: 120, H: 90},
		Features: []world.Feature{
			{ID: "w1", Name: "Darkwood", Kind: world.Woods, Poly: []world.Vec{{X: 20, Y: 20}, {X: 38, Y: 16}, {X: 44, Y: 30}, {X: 30, Y: 38}, {X: 18, Y: 32}}},
			{ID: "r1", Name: "Hab ruins", Kind: world.Ruins, Poly: []world.Vec{{X: 55, Y: 40}, {X: 70, Y: 40}, {X: 70, Y: 52}, {X: 55, Y: 52}}, Height: 4},
			{ID: "h1", Name: "Hill 203", Kind: world.Hill, Poly: []world.Vec{{X: 85, Y: 55}, {X: 105, Y: 58}, {X: 108, Y: 72}, {X: 90, Y: 78}, {X: 80, Y: 68}}},
			{ID: "lake", Name: "", Kind: world.Lake, Poly: []world.Vec{{X: 8, Y: 70}, {X: 20, Y: 68}, {X: 24, Y: 80}, {X: 10, Y: 84}}},
			{ID: "b1", Name: "Manufactorum", Kind: world.Buildings, Poly: []world.Vec{{X: 50, Y: 12}, {X: 60, Y: 12}, {X: 60, Y: 22}, {X: 50, Y: 22}}},
			{ID: "m1", Name: "", Kind: world.Marsh, Poly: []world.Vec{{X: 100, Y: 8}, {X: 114, Y: 10}, {X: 112, Y: 20}, {X: 98, Y: 18}}},
		},
		Zones: []scene.Zone{
			{ID: "red", Label: "Red deployment", Color: red, Polys: [][]world.Vec{{{X: 0, Y: 75}, {X: 120, Y: 75}, {X: 120, Y: 90}, {X: 0, Y: 90}}}},
			{ID: "blue", Label: "Blue deployment", Color: blue, Polys: [][]world.Vec{{{X: 0, Y: 0}, {X: 120, Y: 0}, {X: 120, Y: 12}, {X: 0, Y: 12}}}},
		},
		Objectives: []scene.Objective{
			{ID: "o1", Label: "Relay", Pos: world.Vec{X: 62, Y: 60}, Control: 7.5, Color: color.NRGBA{120, 60, 160, 255}},
			{ID: "o2", Label: "Shrine", Pos: world.Vec{X: 30, Y: 50}, Color: color.NRGBA{120, 60, 160, 255}},
		},
		Bases: []scene.Base{
			{Base: warlord, Label: "Warlord Imperius", Side: "red", Color: red, Damage: 2, Shields: 4, Selected: true},
			{Base: reaver, Label: "Reaver Vulpa", Side: "blue", Color: blue, Blast: 2, Shields: -1},
			{Base: hound, Label: "Warhound Lupus", Side: "blue", Color: blue, Broken: true, Shields: -1},
		},
		Arcs: []scene.Arc{
			{Base: warlord, Label: "Turbo-laser 60", Start: -90, Width: 180, Range: 60, Color: color.NRGBA{255, 120, 0, 255}},
			{Base: warlord, Label: "Gatling 45", Start: 0, Width: 90, Range: 45, Color: color.NRGBA{0, 150, 170, 255}},
			{Base: reaver, Label: "Melta 30", Start: -45, Width: 90, Range: 30, Color: color.NRGBA{255, 120, 0, 255}},
		},
		Rings:  []scene.Ring{{Base: warlord, Dist: 15, Color: color.NRGBA{60, 60, 60, 255}}},
		Rulers: []scene.Ruler{{A: world.Vec{X: 43, Y: 62}, B: world.Vec{X: 73.5, Y: 23.5}}},
		SightLines: []scene.SightLine{
			{A: world.Vec{X: 40, Y: 65}, B: world.Vec{X: 95, Y: 35}, Verdict: scene.Cover, Label: "cover: Hab ruins"},
			{A: world.Vec{X: 40, Y: 65}, B: world.Vec{X: 75, Y: 22}, Verdict: scene.Clear},
			{A: world.Vec{X: 40, Y: 65}, B: world.Vec{X: 22, Y: 25}, Verdict: scene.Blocked},
		},
		Marks: []scene.Mark{{Pos: world.Vec{X: 22, Y: 25}, Icon: scene.IconTarget, Label: "point"}},
	}
}

// lcg is a tiny deterministic generator so the crowd is the same on every
// run without math/rand.
type lcg uint64

func (l *lcg) next() float64 {
	*l = *l*6364136223846793005 + 1442695040888963407
	return float64(uint64(*l)>>11) / (1 << 53)
}

// Crowd is a 180 x 120 cm table with nFeatures terrain pieces (kinds in
// rotation) and nBases bases of both shapes and both sides, all labelled,
// some with markers.
func Crowd(nBases, nFeatures int) *scene.Input {
	red, blue := sides()
	in := &scene.Input{Table: world.Table{W: 180, H: 120}}
	r := lcg(42)
	kinds := []world.Kind{world.Woods, world.Ruins, world.Hill, world.Buildings, world.Marsh, world.Rubble, world.River, world.Jungle, world.Scrub, world.Fortification}
	for i := 0; i < nFeatures; i++ {
		c := world.Vec{X: 10 + r.next()*160, Y: 10 + r.next()*100}
		n := 5 + i%4
		rad := 4 + r.next()*6
		poly := make([]world.Vec, n)
		for k := range poly {
			a := float64(k) * 360 / float64(n)
			poly[k] = c.Add(world.Heading(a).Scale(rad * (0.7 + 0.3*r.next())))
		}
		in.Features = append(in.Features, world.Feature{ID: fmt.Sprintf("f%d", i+1), Name: fmt.Sprintf("%s %d", kinds[i%len(kinds)], i+1), Kind: kinds[i%len(kinds)], Poly: poly})
	}
	for i := 0; i < nBases; i++ {
		side, col := "red", red
		if i%2 == 1 {
			side, col = "blue", blue
		}
		foot := world.Footprint{Shape: world.Circle, Radius: 1}
		if i%3 == 0 {
			foot = world.Footprint{Shape: world.Rect, W: 4, H: 2}
		}
		b := scene.Base{
			Base:  world.Base{ID: fmt.Sprintf("u%d", i+1), Pos: world.Vec{X: 2 + r.next()*176, Y: 2 + r.next()*116}, Facing: math.Floor(r.next() * 360), Foot: foot},
			Label: fmt.Sprintf("Unit %d", i+1), Side: side, Color: col, Shields: -1,
		}
		if i%7 == 0 {
			b.Blast = 1 + i%3
		}
		if i%11 == 0 {
			b.Damage = 1
		}
		if i%13 == 0 {
			b.Broken = true
		}
		in.Bases = append(in.Bases, b)
	}
	return in
}
