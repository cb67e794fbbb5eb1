package atiiai_test

import (
	"testing"

	"github.com/auspex/auspex/ai/search"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/systems/atiiai"
)

// mustTerm is the value of the evaluation term named name.
func mustTerm(t *testing.T, sc search.Score, name string) float64 {
	t.Helper()
	for _, tm := range sc.Terms {
		if tm.Name == name {
			return tm.Value
		}
	}
	t.Fatalf("no %q term in %+v", name, sc.Terms)
	return 0
}

// The duel's victory conditions (scenario hold-objective at the turn
// limit): red holding the relay (60, 66) with a titan 10 cm south of it,
// standing between the marker and blue coming up from the south, holds
// it securely: blue walking at the marker meets red's base (contact, the
// closest the assault phase allows; ATII-MOV-6 keeps it further off in
// the movement phase) 15 cm from the marker, outside the hold distance.
// The same hold from the west side leaves blue's way open: it is worth
// less (Goals.progress, openHold).
func TestObjectiveScreenedHoldIsSecure(t *testing.T) {
	rs, s := duelState(t)
	red, blue := duelPair(s)
	ev := atiiai.Evaluator{RS: rs, W: atiiai.DefaultWeights(), Goals: atiiai.BuildGoals(rs, s)}
	screened := s.Clone()
	place(t, screened, red, 60, 76, 180)
	place(t, screened, blue, 60, 100, 0)
	open := s.Clone()
	place(t, open, red, 50, 66, 180)
	place(t, open, blue, 60, 100, 0)
	sec, opn := mustTerm(t, ev.Evaluate(screened, "red"), "objective"), mustTerm(t, ev.Evaluate(open, "red"), "objective")
	if sec <= opn || opn <= 0 {
		t.Errorf("objective term screened %.1f, open %.1f: want both positive, the screened hold worth more", sec, opn)
	}
}

// The duel's red Minor victory (hold the relay at the turn limit) wins
// the game outright, so a goal held securely at the end of the last turn
// (no move left to blue) is worth as much as the result itself
// (Weights.Result), not just the objective's share.
func TestDecisiveHoldOnTheLastTurnIsWorthTheGame(t *testing.T) {
	rs, s := duelState(t)
	red, blue := duelPair(s)
	goals := atiiai.BuildGoals(rs, s)
	if len(goals.List) == 0 || !goals.List[0].Decisive {
		t.Fatalf("goals %+v: want the relay, decisive", goals.List)
	}
	w := atiiai.DefaultWeights()
	ev := atiiai.Evaluator{RS: rs, W: w, Goals: goals}
	end := s.Clone()
	end.Turn, end.Step = goals.TurnLimit, atii.StepRally
	place(t, end, red, 60, 70, 180)
	place(t, end, blue, 60, 100, 0)
	total := 0.0
	for _, u := range end.Units {
		p, err := rs.Catalogue().Unit(u.Type)
		if err != nil {
			t.Fatal(err)
		}
		total += float64(p.Points)
	}
	if got := mustTerm(t, ev.Evaluate(end, "red"), "objective"); got < w.Result*total-1e-9 {
		t.Errorf("objective term for the relay held at the end of the last turn %.1f, want at least the result's %.1f", got, w.Result*total)
	}
}

// ATII-SHT-1 and ATII-CC-1/2: titans in base contact neither shoot nor
// are shot at, and fight in close combat: red's Reaver, with no close
// combat weapon, in contact with blue's Powerfist Reaver has no threat
// term and a negative melee term (blue's expected victory points off red
// outweigh red's improvised attacks); blue's view is the mirror image.
func TestMeleeTermPricesCloseCombat(t *testing.T) {
	rs, s := duelState(t)
	red, blue := duelPair(s)
	ev := atiiai.Evaluator{RS: rs, W: atiiai.DefaultWeights()}
	locked := s.Clone()
	place(t, locked, red, 60, 40, 180)
	place(t, locked, blue, 60, 45, 0)
	sc := ev.Evaluate(locked, "red")
	if th := mustTerm(t, sc, "threat"); th != 0 {
		t.Errorf("threat term in close combat %.2f, want 0", th)
	}
	m := mustTerm(t, sc, "melee")
	if m >= 0 {
		t.Errorf("red's melee term against a Powerfist %.2f, want negative", m)
	}
	if mb := mustTerm(t, ev.Evaluate(locked, "blue"), "melee"); mb != -m {
		t.Errorf("blue's melee term %.2f, want %.2f", mb, -m)
	}
	// Apart, the Powerfist may charge in the coming assault phase
	// (ATII-CC-1, within its Speed of 20 cm): half the round, the
	// charge's worth (Weights.Charge), counts against red; out of its
	// reach nothing does.
	apart := s.Clone()
	place(t, apart, red, 60, 30, 180)
	place(t, apart, blue, 60, 45, 0)
	if ma := mustTerm(t, ev.Evaluate(apart, "red"), "melee"); ma >= 0 || ma <= m {
		t.Errorf("melee term 10 cm apart %.2f, want negative and less than in contact (%.2f)", ma, m)
	}
	far := s.Clone()
	place(t, far, red, 60, 15, 180)
	place(t, far, blue, 60, 45, 0)
	if mf := mustTerm(t, ev.Evaluate(far, "red"), "melee"); mf != 0 {
		t.Errorf("melee term 25 cm apart %.2f, want 0 beyond the Powerfist's Speed", mf)
	}
	noCharge := ev
	noCharge.W.Charge = 0
	if m0 := mustTerm(t, noCharge.Evaluate(apart, "red"), "melee"); m0 != 0 {
		t.Errorf("melee term 10 cm apart without the charge term %.2f, want 0", m0)
	}
}
