package e40k

import (
	"math"
	"testing"

	"github.com/auspex/auspex/rules"
)

// Blast markers placed by shooting (E40K-BM-1, digest section 2).
func TestShootingMarkersE40KBM1(t *testing.T) {
	cases := []struct {
		fp     int
		fpHit  bool
		shw    int
		shwHit bool
		want   int
	}{
		{3, false, 0, false, 0}, {3, true, 0, false, 1}, {7, true, 0, false, 1},
		{8, false, 0, false, 1}, {15, false, 0, false, 1}, {16, false, 0, false, 2},
		{23, true, 0, false, 2}, {24, false, 0, false, 3}, {60, true, 0, false, 3},
		{0, false, 2, false, 0}, {0, false, 3, true, 1}, {0, false, 4, false, 1},
		{0, false, 8, false, 1}, {0, false, 9, false, 2}, {10, true, 9, true, 3},
	}
	for _, c := range cases {
		if got := ShootingMarkers(c.fp, c.fpHit, c.shw, c.shwHit); got != c.want {
			t.Errorf("ShootingMarkers(%d,%v,%d,%v) = %d, want %d", c.fp, c.fpHit, c.shw, c.shwHit, got, c.want)
		}
	}
}

// Firepower reduction and super-heavy suppression (E40K-BM-1), and two
// markers per weapon under REM-WE-3.
func TestSuppressE40KBM1REMWE3(t *testing.T) {
	cases := []struct {
		fp, shw, markers int
		o                Options
		wantFP, wantSHW  int
	}{
		{5, 2, 3, Options{}, 2, 2},
		{5, 2, 6, Options{}, 0, 1},
		{5, 2, 9, Options{}, 0, 0},
		{0, 3, 2, Options{}, 0, 1},
		{0, 3, 2, Options{WESuppression: true}, 0, 2},
		{0, 3, 5, Options{WESuppression: true}, 0, 1},
		{2, 1, 3, Options{WESuppression: true}, 0, 1},
		{2, 1, 4, Options{WESuppression: true}, 0, 0},
	}
	for _, c := range cases {
		f, s := Suppress(c.fp, c.shw, c.markers, c.o)
		if f != c.wantFP || s != c.wantSHW {
			t.Errorf("Suppress(%d,%d,%d,%v) = %d,%d; want %d,%d", c.fp, c.shw, c.markers, c.o.Enabled(), f, s, c.wantFP, c.wantSHW)
		}
	}
}

// Leadership (E40K-LD-1): D6 > markers, +1 with 15+ units, natural 6.
func TestLeadershipE40KLD1(t *testing.T) {
	if LeadershipPasses(3, 3, 10) || !LeadershipPasses(4, 3, 10) {
		t.Error("D6 must beat the markers")
	}
	if !LeadershipPasses(3, 3, 15) {
		t.Error("15 units add 1")
	}
	if !LeadershipPasses(6, 9, 2) {
		t.Error("a natural 6 passes")
	}
	if p := LeadershipChance(3, 4); math.Abs(p-0.5) > 1e-12 {
		t.Errorf("chance with 3 markers %v", p)
	}
	if p := LeadershipChance(8, 20); math.Abs(p-1.0/6) > 1e-12 {
		t.Errorf("chance with 8 markers %v", p)
	}
	ok, err := RollLeadership(rules.Scripted(2), "move", 2, 5, nil)
	if err != nil || ok {
		t.Errorf("roll 2 vs 2 markers passed: %v %v", ok, err)
	}
	ok, err = RollLeadership(rules.Scripted(), "move", 0, 5, nil)
	if err != nil || !ok {
		t.Errorf("no markers must pass without a roll: %v %v", ok, err)
	}
}

// Rally phase (digest section 2): remove D6-1 markers; no rally when
// markers >= units left.
func TestRallyE40K(t *testing.T) {
	if RallyRemoval(1, 3) != 0 || RallyRemoval(4, 3) != 3 || RallyRemoval(3, 5) != 2 {
		t.Error("removal")
	}
	if CanRally(3, 3) || !CanRally(2, 3) {
		t.Error("markers >= units forbids rallying")
	}
	d := RallyRemovalDist(2)
	// Left 2 on a 1 (1/6), 1 on a 2, 0 on 3+ (4/6).
	if math.Abs(d.P(2)-1.0/6) > 1e-12 || math.Abs(d.P(0)-4.0/6) > 1e-12 {
		t.Errorf("dist %v", d)
	}
	if RallyChance(4, 3) != 0 {
		t.Error("rally chance with too many markers")
	}
}
