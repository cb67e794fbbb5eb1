package world

import (
	"fmt"
	"math"
	"testing"
)

// TestPctMatchesPrintf: pct (strconv) writes what the printf form it
// replaced wrote, so LOS reasons read the same.
func TestPctMatchesPrintf(t *testing.T) {
	for i := -20; i <= 2020; i++ {
		f := float64(i) / 2000
		for _, x := range []float64{f, -f, f + 1e-9, f - 1e-9} {
			if got, want := pct(x), fmt.Sprintf("%.0f%%", math.Round(x*100)); got != want {
				t.Fatalf("pct(%v) = %q, printf gave %q", x, got, want)
			}
		}
	}
}
