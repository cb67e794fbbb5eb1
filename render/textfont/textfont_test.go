package textfont_test

import (
	"math"
	"testing"

	"github.com/auspex/auspex/render/textfont"
)

func TestMeasure(t *testing.T) {
	f, err := textfont.Load()
	if err != nil {
		t.Fatal(err)
	}
	if f.Measure("", 12, false) != 0 {
		t.Fatal("empty text has width")
	}
	narrow, wide := f.Measure("iiii", 12, false), f.Measure("WWWW", 12, false)
	if !(narrow > 0 && wide > 2*narrow) {
		t.Fatalf("iiii %v, WWWW %v: widths do not follow the glyphs", narrow, wide)
	}
	// Width is proportional to the size, in any unit.
	a, b := f.Measure("Warlord Titan", 10, false), f.Measure("Warlord Titan", 0.5, false)
	if math.Abs(a/b-20) > 1e-9 {
		t.Fatalf("size 10 / size 0.5 = %v, want 20", a/b)
	}
	if f.Measure("Warlord Titan", 10, true) <= a {
		t.Fatal("bold is not wider")
	}
	if f.Face(13, false) != f.Face(13.01, false) || f.Face(13, false) == f.Face(13, true) {
		t.Fatal("faces are not cached per quarter pixel and weight")
	}
}
