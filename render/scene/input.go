package scene

import (
	"image/color"

	"github.com/auspex/auspex/world"
)

// Input is everything on the table that can be drawn. It is independent of
// the scenario format: package render/adapt fills it from a scenario, tests
// and the window build it directly.
type Input struct {
	Table      world.Table
	Features   []world.Feature
	Zones      []Zone
	Objectives []Objective
	Bases      []Base
	// Arcs are fire arcs to draw (normally the selected unit's weapons).
	Arcs []Arc
	// Rings are range rings measured from a base's edge.
	Rings []Ring
	// Rulers are measurement lines.
	Rulers []Ruler
	// SightLines are line-of-sight sample lines with their verdicts.
	SightLines []SightLine
	// Marks are free markers (a LOS target point, a ruler's snapped end).
	Marks []Mark
}

// Zone is a deployment zone or other labelled area: one or more filled
// pieces (a union or difference of shapes) in one colour.
type Zone struct {
	ID    string
	Label string
	Polys [][]world.Vec
	// Outline is the zone's border as segments, when the caller knows it
	// exactly (scenarios.Area.Outline); otherwise the builder works out the
	// outer edges of Polys itself.
	Outline [][2]world.Vec
	Color   color.NRGBA
}

// Objective is an objective marker: a token at Pos with an optional control
// radius drawn as a dashed circle (0 = none).
type Objective struct {
	ID      string
	Label   string
	Pos     world.Vec
	Control float64
	Color   color.NRGBA
}

// Base is a unit's base with what the table shows about it.
type Base struct {
	world.Base
	// Label is the unit's short name shown next to the base.
	Label string
	// Side names the owning side; Color is its colour.
	Side  string
	Color color.NRGBA
	// State markers: damage points or wounds, blast markers, void shields up
	// (-1 = not applicable), broken.
	Damage  int
	Blast   int
	Shields int
	Broken  bool
	// Selected highlights the base.
	Selected bool
}

// Arc is one weapon's fire arc on a base: a sector from the base centre
// starting Start degrees clockwise from the facing and Width degrees wide,
// reaching Range cm beyond the base edge.
type Arc struct {
	Base  world.Base
	Label string
	Start float64
	Width float64
	Range float64
	Color color.NRGBA
}

// Ring is a range ring Dist cm from a base's edge (rounded corners for a
// rectangular base).
type Ring struct {
	Base  world.Base
	Dist  float64
	Color color.NRGBA
}

// Ruler is a measurement from A to B; Label defaults to the length in cm.
type Ruler struct {
	A, B  world.Vec
	Label string
}

// Verdict is the outcome of a sight line.
type Verdict int

// Sight line verdicts.
const (
	Clear Verdict = iota
	Cover
	Blocked
)

// String is "clear", "cover" or "blocked".
func (v Verdict) String() string {
	switch v {
	case Clear:
		return "clear"
	case Cover:
		return "cover"
	case Blocked:
		return "blocked"
	}
	return "verdict?"
}

// SightLine is one LOS sample line from A to B with its verdict; Label, when
// set, is printed near B.
type SightLine struct {
	A, B    world.Vec
	Verdict Verdict
	Label   string
}

// Mark is a free marker: an icon (see ExpandIcon) with an optional label.
type Mark struct {
	Pos   world.Vec
	Icon  string
	Label string
	Color color.NRGBA
}

// View is how the scene is looked at.
type View struct {
	// Scale is pixels per cm on the output (screen zoom, PNG --scale, or
	// 96/2.54 for true-scale SVG). Text and line sizes are chosen from it.
	Scale float64
	// Visible, when non-nil, limits the scene to primitives that may touch
	// this rectangle (cm); used by the window to skip what is off screen.
	Visible *Rect
	// Layers selects layers; zero means all.
	Layers LayerSet
	// Grid draws 10 cm grid lines; EdgeRulers draws cm ticks outside the
	// table edges; Legend adds a terrain legend, scale bar and Title below it.
	Grid       bool
	EdgeRulers bool
	Legend     bool
	Title      string
	// Measure measures text; nil uses EstimateWidth.
	Measure Measurer
}
