package e40k

import (
	"math"
	"testing"
)

// E40K firepower table, known rows 9-20 (digest section 2, public
// references): every column exactly as published.
func TestAttackDiceKnownRowsE40K(t *testing.T) {
	want := map[int][3]int{
		9: {7, 5, 4}, 10: {8, 5, 4}, 11: {8, 6, 4}, 12: {9, 6, 5}, 13: {10, 7, 5}, 14: {11, 7, 5},
		15: {11, 8, 6}, 16: {12, 8, 6}, 17: {13, 9, 7}, 18: {14, 9, 7}, 19: {14, 10, 7}, 20: {15, 10, 8},
	}
	for fp, row := range want {
		for i, sit := range []Situation{Marching, Open, Cover} {
			for _, o := range []Options{{}, {FPRowsFloor: true}} {
				got, err := AttackDice(fp, sit, o)
				if err != nil || got != row[i] {
					t.Errorf("AttackDice(%d, %s, floor=%v) = %d, %v; want %d", fp, sit, o.FPRowsFloor, got, err, row[i])
				}
			}
		}
	}
}

// The reconstruction of rows 1-8 (digest 8.1: not found) uses formulas
// that reproduce the known marching and open columns exactly; this pins
// that claim (docs/rules/e40k.md).
func TestReconstructionMatchesKnownMarchingOpenE40K(t *testing.T) {
	for fp := 9; fp <= 20; fp++ {
		if m := (3*fp + 2) / 4; m != knownRows()[fp-9][0] {
			t.Errorf("marching formula at %d: %d, table %d", fp, m, knownRows()[fp-9][0])
		}
		if op := (fp + 1) / 2; op != knownRows()[fp-9][1] {
			t.Errorf("open formula at %d: %d, table %d", fp, op, knownRows()[fp-9][1])
		}
		// The cover formula misses rows 14 and 19 only.
		c := (4*fp + 5) / 10
		if (c != knownRows()[fp-9][2]) != (fp == 14 || fp == 19) {
			t.Errorf("cover formula at %d: %d, table %d", fp, c, knownRows()[fp-9][2])
		}
	}
}

// Rows 1-8: default (rounded) and the named floor reading.
func TestAttackDiceReconstructedRowsE40K(t *testing.T) {
	def := map[int][3]int{1: {1, 1, 1}, 2: {2, 1, 1}, 3: {2, 2, 1}, 4: {3, 2, 2}, 5: {4, 3, 2}, 6: {5, 3, 2}, 7: {5, 4, 3}, 8: {6, 4, 3}}
	flo := map[int][3]int{1: {1, 1, 1}, 2: {1, 1, 1}, 3: {2, 1, 1}, 4: {3, 2, 1}, 5: {3, 2, 2}, 6: {4, 3, 2}, 7: {5, 3, 2}, 8: {6, 4, 3}}
	for fp := 1; fp <= 8; fp++ {
		for i, sit := range []Situation{Marching, Open, Cover} {
			got, _ := AttackDice(fp, sit, Options{})
			if got != def[fp][i] {
				t.Errorf("default row %d %s = %d, want %d", fp, sit, got, def[fp][i])
			}
			got, _ = AttackDice(fp, sit, Options{FPRowsFloor: true})
			if got != flo[fp][i] {
				t.Errorf("floor row %d %s = %d, want %d", fp, sit, got, flo[fp][i])
			}
		}
	}
	// Monotonic in firepower for every column and reading.
	for _, o := range []Options{{}, {FPRowsFloor: true}} {
		for _, sit := range []Situation{Marching, Open, Cover} {
			prev := 0
			for fp := 1; fp <= 20; fp++ {
				n, _ := AttackDice(fp, sit, o)
				if n < prev {
					t.Errorf("%s floor=%v: row %d has %d dice, fewer than row %d", sit, o.FPRowsFloor, fp, n, fp-1)
				}
				prev = n
			}
		}
	}
}

// Firepower over 20 splits into 20 + remainder (digest section 2); an
// immobilised war engine in the open takes one die per point.
func TestAttackDiceSplitAndImmobileE40K(t *testing.T) {
	cases := []struct {
		fp   int
		sit  Situation
		want int
	}{
		{25, Open, 10 + 3},          // 20 + 5
		{45, Marching, 15 + 15 + 4}, // 20 + 20 + 5
		{40, Cover, 8 + 8},
		{21, Open, 10 + 1},
		{7, Immobile, 7},
		{0, Open, 0},
		{-3, Cover, 0},
	}
	for _, c := range cases {
		if got, err := AttackDice(c.fp, c.sit, Options{}); err != nil || got != c.want {
			t.Errorf("AttackDice(%d, %s) = %d, %v; want %d", c.fp, c.sit, got, err, c.want)
		}
	}
	if _, err := AttackDice(5, "flying", Options{}); err == nil {
		t.Error("unknown situation accepted")
	}
}

// Lowest-armour rule: every die needs the lowest armour in the target.
func TestLowestArmourE40K(t *testing.T) {
	if a, err := LowestArmour([]int{6, 4, 5}); err != nil || a != 4 {
		t.Errorf("LowestArmour = %d, %v; want 4", a, err)
	}
	if _, err := LowestArmour(nil); err == nil {
		t.Error("empty target accepted")
	}
	// 5 dice at 4+: P(0 hits) = 1/32.
	if p := AttackHits(5, 4).P(0); math.Abs(p-1.0/32) > 1e-12 {
		t.Errorf("P(no hit) = %v", p)
	}
	// Armour 7 is hit only on a 6.
	if p := AttackHits(1, 7).P(1); math.Abs(p-1.0/6) > 1e-12 {
		t.Errorf("armour 7 hit chance %v", p)
	}
}
