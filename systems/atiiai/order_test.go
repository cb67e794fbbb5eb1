package atiiai_test

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/systems/atiiai"
)

// domainOf is the search domain of g's ATII game with the default weights.
func domainOf(t *testing.T, rs *atii.Ruleset, sim *rules.Simulator) atiiai.Domain {
	t.Helper()
	return atiiai.Domain{RS: rs, Sim: sim, Eval: atiiai.Evaluator{RS: rs, W: atiiai.DefaultWeights()}}
}

// estimateWeights are the defaults before the Exchange term (to session
// 10): the exchange of fire estimated by Threat and Exposure, no
// Exchange. The tests of the estimate's terms, and of the flank term
// on its own, use them (the exact exchange also prices the hit quadrant).
func estimateWeights() atiiai.Weights {
	w := atiiai.DefaultWeights()
	w.Threat, w.Exposure, w.Exchange = 0.1, 0.1, 0
	return w
}

// TestAIKeepsTheActivationOrder (ATII-MOV-1): at the battlegroup's first
// movement decision the rules offer every titan's move, noting that a
// higher-Man titan going first forfeits the lower-Man ones; the AI's
// actions hold only moves and holds of titans that forfeit nobody, while
// the rules' Legal still offers the others.
func TestAIKeepsTheActivationOrder(t *testing.T) {
	g := newGame(t, "titan-battlegroup", 3)
	_, side := greedyUntil(t, g, atii.CmdMove)
	rs := g.Ruleset.(*atii.Ruleset)
	st := g.State()
	legal, err := g.Engine.Simulator().Legal(st, side)
	if err != nil {
		t.Fatal(err)
	}
	costly := 0
	for _, c := range legal {
		if c.Name == atii.CmdMove && len(rs.Forfeits(st, c.Units[0])) > 0 {
			costly++
			if !strings.Contains(c.Text, "forfeits") {
				t.Errorf("%q: Forfeits says it forfeits, the rules' text does not", c.Text)
			}
		}
	}
	if costly == 0 {
		t.Fatal("no titan would go out of order here: the test needs a position where one would")
	}
	acts, err := domainOf(t, rs, g.Engine.Simulator()).Actions(st, side)
	if err != nil {
		t.Fatal(err)
	}
	moves := 0
	for _, a := range acts {
		if a.Unit == "" {
			continue
		}
		if lost := rs.Forfeits(st, a.Unit); len(lost) > 0 {
			t.Errorf("the AI offers %q, which forfeits %v", a.Text, lost)
		}
		moves++
	}
	if moves == 0 {
		t.Fatal("the AI offers no move at all")
	}
}

// TestAIDisengagesOnlyWhenLosing: disengaging gives up a titan's shooting
// and close combat for the turn (ATII's disengage rule, digest section
// 1), so the AI offers it only when its side is losing on damage
// (Domain.losing): not at an even start, but once all its titans but one
// are destroyed.
func TestAIDisengagesOnlyWhenLosing(t *testing.T) {
	g := newGame(t, "titan-battlegroup", 3)
	_, side := greedyUntil(t, g, atii.CmdMove)
	rs := g.Ruleset.(*atii.Ruleset)
	st := g.State()
	legal, err := g.Engine.Simulator().Legal(st, side)
	if err != nil {
		t.Fatal(err)
	}
	offered := false
	for _, c := range legal {
		offered = offered || c.Name == atii.CmdDisengage
	}
	if !offered {
		t.Fatal("the rules offer no disengage here: the test needs a decision where they do")
	}
	dom := domainOf(t, rs, g.Engine.Simulator())
	disengages := func(s *rules.State) int {
		acts, err := dom.Actions(s, side)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, a := range acts {
			if a.Cmd.Name() == atii.CmdDisengage {
				n++
			}
		}
		return n
	}
	if n := disengages(st); n != 0 {
		t.Errorf("even battle: the AI offers %d disengage choices, want none", n)
	}
	wrecked := st.Clone()
	kept := false
	for i := range wrecked.Units {
		u := &wrecked.Units[i]
		if u.Side != side {
			continue
		}
		if !kept {
			kept = true // one titan left to disengage
			continue
		}
		damage(t, wrecked, u.ID, func(ts *atii.TitanState) { ts.Destroyed = true })
		u.Destroyed = true
	}
	if n := disengages(wrecked); n == 0 {
		t.Error("all the side's titans but one destroyed: the AI offers no disengage")
	}
}

// TestFirepowerTermReadsRangeArcsAndMovement: the threat term weighs what
// each side's guns can do this turn with the to-hit modifiers of
// ATII-SHT-4. Out of every gun's range it is zero; facing the enemy at
// 30 cm it is positive; turning away (the enemy behind) loses the guns
// that bore; and having moved 20 cm or more makes the enemy's guns less
// dangerous (-1 to hit a rapidly moving target).
func TestFirepowerTermReadsRangeArcsAndMovement(t *testing.T) {
	rs, s := duelState(t)
	red, blue := duelPair(s)
	place(t, s, blue, 60, 40, 90)
	attackOnly := estimateWeights()
	attackOnly.Exposure = 0
	defenceOnly := estimateWeights()
	defenceOnly.Threat = 0
	threat := func(w atiiai.Weights, st *rules.State) float64 {
		return term(atiiai.Evaluator{RS: rs, W: w}.Evaluate(st, "red"), "threat")
	}
	far := s.Clone()
	place(t, far, red, 60+500, 40, 270)
	if v := threat(attackOnly, far); v != 0 {
		t.Errorf("5 m apart: threat %v, want 0", v)
	}
	facing := s.Clone()
	place(t, facing, red, 90, 40, 270)
	away := s.Clone()
	place(t, away, red, 90, 40, 90)
	f, a := threat(attackOnly, facing), threat(attackOnly, away)
	if f <= 0 || a >= f {
		t.Errorf("30 cm, facing the enemy: threat %v; facing away: %v; want the first positive and larger", f, a)
	}
	still, moved := facing.Clone(), facing.Clone()
	u := moved.Unit(red)
	u.Moved, u.MovedDist = true, atii.RapidTarget
	if ds, dm := threat(defenceOnly, still), threat(defenceOnly, moved); ds >= 0 || dm <= ds {
		t.Errorf("exposure standing still %v, after a 20 cm move %v: want both negative, the moved one smaller", ds, dm)
	}
}

// TestReachTermDrawsTowardAFightWon: two titans out of each other's range,
// one a move from having its guns on the other: the reach term (the
// exchange of fire a move ahead) scores the side whose guns would reach
// above the side whose would not, and is zero when neither could.
func TestReachTermDrawsTowardAFightWon(t *testing.T) {
	rs, s := duelState(t)
	red, blue := duelPair(s)
	onlyReach := estimateWeights()
	reachOf := func(st *rules.State) float64 {
		return term(atiiai.Evaluator{RS: rs, W: onlyReach}.Evaluate(st, "red"), "reach")
	}
	far := s.Clone()
	place(t, far, blue, 60, 40, 90)
	place(t, far, red, 60+500, 40, 270)
	if v := reachOf(far); v != 0 {
		t.Errorf("5 m apart: reach %v, want 0", v)
	}
	near := s.Clone()
	place(t, near, blue, 60, 40, 90)
	place(t, near, red, 60, 40+80, 0) // facing away: only the reach term sees its guns
	blunt := near.Clone()
	prof, err := rs.Catalogue().Unit(blunt.Unit(blue).Type)
	if err != nil {
		t.Fatal(err)
	}
	damage(t, blunt, blue, func(ts *atii.TitanState) {
		ts.Weapons = map[string]atii.Level{}
		for _, m := range sheet.Of(prof).Mounts {
			ts.Weapons[m.ID] = atii.Catastrophic
		}
	})
	n, b := reachOf(near), reachOf(blunt)
	if b <= 0 || b <= n {
		t.Errorf("80 cm apart: reach %v; with blue's weapons all lost %v: want that positive and larger", n, b)
	}
	if v := term(atiiai.Evaluator{RS: rs, W: onlyReach}.Evaluate(blunt, "red"), "threat"); v != 0 {
		t.Errorf("80 cm apart facing away, blue disarmed: threat this turn %v, want 0", v)
	}
}
