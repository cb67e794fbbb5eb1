package e40k

import (
	"math"
	"testing"

	"github.com/auspex/auspex/rules"
)

// Combat bonuses (digest section 2, "Close combat / firefight").
func TestCombatBonusE40K(t *testing.T) {
	a := CombatSide{Value: 8, Markers: 0}
	b := CombatSide{Value: 4, Markers: 5}
	// a: +1 (b has 5+ markers) +1 (b has more) +2 (twice) = 4.
	if got := CombatBonus(a, b); got != 4 {
		t.Errorf("bonus a = %d, want 4", got)
	}
	if got := CombatBonus(b, a); got != 0 {
		t.Errorf("bonus b = %d, want 0", got)
	}
	for _, c := range []struct{ me, en, want int }{{5, 4, 1}, {9, 3, 3}, {16, 4, 4}, {3, 0, 4}, {0, 0, 0}, {4, 4, 0}} {
		if got := CombatBonus(CombatSide{Value: c.me}, CombatSide{Value: c.en}); got != c.want {
			t.Errorf("totals %d v %d: %d, want %d", c.me, c.en, got, c.want)
		}
	}
	if CombatBonus(CombatSide{Psykers: 1}, CombatSide{}) != 1 {
		t.Error("psyker bonus")
	}
}

// Result table (digest section 2): winner and loser hit scores by
// difference.
func TestResultTableE40K(t *testing.T) {
	want := []ResultRow{{"Narrow Win", 4, 4}, {"Forced Back", 3, 4}, {"Driven Off", 3, 5}, {"Hurled Back", 2, 5}, {"Overwhelmed", 2, 6}}
	for d := 1; d <= 7; d++ {
		r, err := ResultFor(d)
		if err != nil || r != want[min(d, 5)-1] {
			t.Errorf("diff %d: %+v %v", d, r, err)
		}
	}
	if _, err := ResultFor(0); err == nil {
		t.Error("diff 0 accepted")
	}
}

// A scripted combat: a wins by 3 (Driven Off); a's 2 units hit on 3+,
// b's 3 units on 5+. Ties add a marker to both and roll again
// (E40K-CC-3, E40K-CC-4).
func TestFightE40KCC(t *testing.T) {
	a := CombatSide{Detachment: "orks", Value: 6, Units: []string{"o1", "o2"}}
	b := CombatSide{Detachment: "marines", Value: 6, Units: []string{"m1", "m2", "m3"}}
	// Tie 3-3, then 5-2; a's hits 3, 2; b's hits 5, 6, 4.
	r, err := Fight(rules.Scripted(3, 3, 5, 2, 3, 2, 5, 6, 4), CloseCombat, a, b, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Ties != 1 || r.Winner != 0 || r.Diff != 3 || r.Row.Name != "Driven Off" || r.Hits != [2]int{1, 2} {
		t.Errorf("got %+v", r)
	}
}

// REM-CC-1: 2D6 keep the highest. Odds: P(max of 2D6 = 6) = 11/36.
func TestResultRollREMCC1(t *testing.T) {
	if p := ResultRoll(Options{CC2D6: true}).P(6); math.Abs(p-11.0/36) > 1e-12 {
		t.Errorf("P(6) = %v", p)
	}
	a := CombatSide{Detachment: "a", Value: 1, Units: []string{"x"}}
	b := CombatSide{Detachment: "b", Value: 1, Units: []string{"y"}}
	// Rolls: a 2 and 5 (keeps 5), b 4 and 1 (keeps 4): a wins by 1.
	r, err := Fight(rules.Scripted(2, 5, 4, 1, 6, 6), CloseCombat, a, b, Options{CC2D6: true})
	if err != nil || r.Winner != 0 || r.Diff != 1 {
		t.Errorf("got %+v %v", r, err)
	}
	// Equal sides: symmetric margin, P(tie) under one D6 = 1/6.
	if p := MarginDist(a, b, Options{}).P(0); math.Abs(p-1.0/6) > 1e-12 {
		t.Errorf("P(tie) %v", p)
	}
}

// Close combat hits ignore armour and spread before doubling up
// (E40K-CC-3); REM-WE-2 support.
func TestCombatHitsAndSupportE40K(t *testing.T) {
	a, err := CombatHits(unitsAt(6, 6, 6), 2, Options{})
	if err != nil || a.Destroyed != 2 {
		t.Errorf("got %+v %v", a, err)
	}
	if SupportValue(true, 5, Options{}) != 1 || SupportValue(true, 5, Options{WESupport: true}) != 3 || SupportValue(false, 5, Options{WESupport: true}) != 1 {
		t.Error("support values (REM-WE-2)")
	}
	if Half(5) != 2 {
		t.Error("halving rounds down")
	}
}
