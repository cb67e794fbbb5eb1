package scene

import (
	"image/color"

	"github.com/auspex/auspex/world"
)

// Pattern is the ink pattern drawn over a terrain fill so kinds stay
// distinguishable in greyscale print.
type Pattern int

// Patterns.
const (
	NoPattern Pattern = iota
	// Hatch is parallel lines at Angle.
	Hatch
	// CrossHatch is lines at Angle and Angle+90.
	CrossHatch
	// Dots is rows of short dashes that read as dots.
	Dots
	// Dashes is rows of longer dashes (marsh, water).
	Dashes
)

// TerrainStyle is how one terrain kind is painted.
type TerrainStyle struct {
	Fill    color.NRGBA
	Stroke  color.NRGBA
	Ink     color.NRGBA
	Pattern Pattern
	// Angle of the pattern lines in degrees from horizontal (counter-clockwise
	// on screen); Spacing between lines in cm.
	Angle, Spacing float64
	// DashedOutline draws the outline dashed (hills: soft edges).
	DashedOutline bool
}

func rgb(r, g, b uint8) color.NRGBA { return color.NRGBA{r, g, b, 255} }

func rgba(r, g, b, a uint8) color.NRGBA { return color.NRGBA{r, g, b, a} }

// withAlpha returns c with alpha a.
func withAlpha(c color.NRGBA, a uint8) color.NRGBA { c.A = a; return c }

// shade scales c's colour channels by k (k < 1 darkens).
func shade(c color.NRGBA, k float64) color.NRGBA {
	f := func(v uint8) uint8 {
		x := float64(v) * k
		if x > 255 {
			x = 255
		}
		return uint8(x)
	}
	return color.NRGBA{f(c.R), f(c.G), f(c.B), c.A}
}

// StyleFor returns the drawing style of a terrain kind. Fills are spread in
// lightness and every kind likely to meet another has its own pattern, so a
// greyscale print still tells woods from ruins from water.
func StyleFor(k world.Kind) TerrainStyle {
	ink := rgba(0, 0, 0, 150)
	switch k {
	case world.Woods:
		return TerrainStyle{Fill: rgb(110, 150, 80), Stroke: rgb(50, 85, 35), Ink: rgba(25, 55, 15, 200), Pattern: Dots, Spacing: 1.2}
	case world.Jungle:
		return TerrainStyle{Fill: rgb(60, 110, 55), Stroke: rgb(25, 60, 25), Ink: rgba(10, 35, 10, 200), Pattern: CrossHatch, Angle: 45, Spacing: 1.4}
	case world.Scrub:
		return TerrainStyle{Fill: rgb(190, 195, 125), Stroke: rgb(120, 125, 70), Ink: rgba(70, 80, 30, 190), Pattern: Dots, Spacing: 2.0}
	case world.Ruins:
		return TerrainStyle{Fill: rgb(150, 140, 128), Stroke: rgb(80, 72, 64), Ink: ink, Pattern: Hatch, Angle: 45, Spacing: 1.0}
	case world.Rubble, world.Rocks, world.Craters:
		return TerrainStyle{Fill: rgb(175, 165, 150), Stroke: rgb(95, 88, 80), Ink: ink, Pattern: Dots, Spacing: 0.9}
	case world.Buildings:
		return TerrainStyle{Fill: rgb(95, 95, 100), Stroke: rgb(35, 35, 40), Ink: rgba(230, 230, 230, 150), Pattern: CrossHatch, Angle: 0, Spacing: 1.0}
	case world.Fortification:
		return TerrainStyle{Fill: rgb(110, 95, 80), Stroke: rgb(40, 32, 25), Ink: rgba(20, 15, 10, 170), Pattern: CrossHatch, Angle: 45, Spacing: 0.8}
	case world.LowFort, world.Pipeline:
		return TerrainStyle{Fill: rgb(140, 125, 105), Stroke: rgb(60, 50, 40), Ink: ink, Pattern: Hatch, Angle: 135, Spacing: 0.8}
	case world.River:
		return TerrainStyle{Fill: rgb(100, 150, 210), Stroke: rgb(40, 80, 140), Ink: rgba(235, 245, 255, 200), Pattern: Dashes, Spacing: 1.0}
	case world.Lake:
		return TerrainStyle{Fill: rgb(85, 135, 200), Stroke: rgb(35, 70, 130), Ink: rgba(235, 245, 255, 180), Pattern: Dashes, Spacing: 1.6}
	case world.DeepLake:
		return TerrainStyle{Fill: rgb(45, 85, 150), Stroke: rgb(20, 40, 90), Ink: rgba(220, 235, 255, 170), Pattern: Hatch, Angle: 0, Spacing: 0.8}
	case world.Marsh, world.Swamp, world.TarPit, world.BoilingMud:
		return TerrainStyle{Fill: rgb(125, 150, 120), Stroke: rgb(60, 80, 60), Ink: rgba(30, 60, 90, 200), Pattern: Dashes, Spacing: 1.2}
	case world.Hill:
		return TerrainStyle{Fill: rgb(215, 200, 155), Stroke: rgb(130, 110, 70), Ink: ink, DashedOutline: true}
	case world.Cliff, world.SteepSlope, world.Crevasse:
		return TerrainStyle{Fill: rgb(120, 105, 90), Stroke: rgb(50, 40, 30), Ink: rgba(30, 20, 10, 200), Pattern: Hatch, Angle: 60, Spacing: 0.6}
	case world.Road:
		return TerrainStyle{Fill: rgb(225, 215, 195), Stroke: rgb(150, 135, 110)}
	case world.Lava:
		return TerrainStyle{Fill: rgb(215, 85, 40), Stroke: rgb(120, 30, 10), Ink: rgba(60, 10, 0, 180), Pattern: CrossHatch, Angle: 30, Spacing: 1.0}
	case world.Dunes, world.Ice, world.SnowDrift:
		return TerrainStyle{Fill: rgb(235, 230, 215), Stroke: rgb(150, 145, 130), Ink: ink, Pattern: Hatch, Angle: 150, Spacing: 1.5}
	case world.Open:
		return TerrainStyle{Fill: rgba(0, 0, 0, 0), Stroke: rgba(0, 0, 0, 80)}
	}
	return TerrainStyle{Fill: rgb(180, 170, 140), Stroke: rgb(90, 85, 70), Ink: ink, Pattern: Hatch, Angle: 120, Spacing: 1.2}
}

// hex is an RGBA colour written 0xRRGGBBAA, so palette entries can be
// constants rather than package variables.
type hex uint32

// c converts h to a colour.
func (h hex) c() color.NRGBA {
	return color.NRGBA{uint8(h >> 24), uint8(h >> 16), uint8(h >> 8), uint8(h)}
}

// Colours used across the scene.
const (
	colTable      hex = 0xcdc8aaff
	colTableEdge  hex = 0x463c2dff
	colMargin     hex = 0xfafaf7ff
	colGrid       hex = 0x2828143c
	colTick       hex = 0x282828ff
	colText       hex = 0x141414ff
	colLabelBox   hex = 0xffffffd2
	colSelect     hex = 0xffd200ff
	colRuler      hex = 0xffd700ff
	colRulerUnder hex = 0x141414e6
	colClear      hex = 0x1e963cff
	colCover      hex = 0xeb9600ff
	colBlocked    hex = 0xd21e1eff
	colBlast      hex = 0x1e1e1eff
	colDamage     hex = 0xc81414ff
	colShield     hex = 0x2878e6ff
	colWhite      hex = 0xffffffff
)

// VerdictColor is the colour of a sight line with verdict v.
func VerdictColor(v Verdict) color.NRGBA {
	switch v {
	case Cover:
		return colCover.c()
	case Blocked:
		return colBlocked.c()
	}
	return colClear.c()
}
