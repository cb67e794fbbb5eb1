package e40k

import "testing"

// E40K-INI-1: the initiative draw is one die for both sides, its faces
// split between the counters in the cup; the draw's log line names both
// sides' counters and their faces.
func TestCupTextNamesBothSidesE40KINI1(t *testing.T) {
	if got, want := NewCup([2]string{"a", "b"}, 1).CupText(), "a 2 (faces 1-2), b 3 (faces 3-5)"; got != want {
		t.Errorf("full cup: %q, want %q", got, want)
	}
	c := Cup{Sides: [2]string{"a", "b"}, Left: [2]int{0, 1}}
	if got, want := c.CupText(), "a none, b 1 (face 1)"; got != want {
		t.Errorf("last counter: %q, want %q", got, want)
	}
}
