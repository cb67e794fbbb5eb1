package rules

import (
	"errors"
	"testing"
)

// typedDuel is the duel with a typed form of its options that counts how
// often it is parsed.
type typedDuel struct {
	duel
	parses *int
}

type duelOpts struct{ turns string }

func (d typedDuel) ParseOptions(m map[string]string) (any, error) {
	*d.parses++
	return duelOpts{turns: m["turns"]}, nil
}

// TestTypedOptionsParsedOnce: the engine parses a game's options once;
// every later state (commands, automatic steps, clones) finds the typed
// value without parsing again.
func TestTypedOptionsParsedOnce(t *testing.T) {
	n := 0
	st := duelState(3, 3)
	st.Options = map[string]string{"turns": "5"}
	e, err := New(typedDuel{parses: &n}, st, Config{})
	if err != nil {
		t.Fatal(err)
	}
	playFirst(t, e, 20)
	if n != 1 {
		t.Fatalf("options parsed %d times, want once", n)
	}
	refuse := func(map[string]string) (any, error) { return nil, errors.New("parsed again") }
	for _, s := range []*State{e.State(), e.State().Clone(), e.State().Clone().Clone()} {
		v, err := s.TypedOptions(refuse)
		if err != nil {
			t.Fatal(err)
		}
		if v.(duelOpts).turns != "5" {
			t.Fatalf("typed options %+v, want turns 5", v)
		}
	}
	// A state whose Options map is replaced parses its own.
	c := e.State().Clone()
	c.Options = map[string]string{"turns": "50"}
	if _, err := c.TypedOptions(refuse); err == nil {
		t.Fatal("a replaced Options map kept the old typed options")
	}
}

// TestUnitIndex: a game's states look units up through the index the
// engine builds, clones share it, and a stale index (units reordered or
// replaced on a clone) still finds the right unit or none.
func TestUnitIndex(t *testing.T) {
	e, err := New(duel{}, duelState(1, 3), Config{})
	if err != nil {
		t.Fatal(err)
	}
	s := e.State()
	if s.units == nil {
		t.Fatal("the engine built no unit index")
	}
	for i := range s.Units {
		if u := s.Unit(s.Units[i].ID); u != &s.Units[i] {
			t.Fatalf("Unit(%q) = %p, want %p", s.Units[i].ID, u, &s.Units[i])
		}
	}
	c := s.Clone()
	if len(c.units) == 0 {
		t.Fatal("the clone lost the index")
	}
	c.Units[0], c.Units[1] = c.Units[1], c.Units[0]
	c.Units[0].ID = "renamed"
	if u := c.Unit("renamed"); u != &c.Units[0] {
		t.Fatal("a renamed unit is not found through a stale index")
	}
	if u := c.Unit(c.Units[1].ID); u != &c.Units[1] {
		t.Fatal("a moved unit is not found through a stale index")
	}
	if u := c.Unit(s.Units[1].ID); u != nil {
		t.Fatalf("the unit that was renamed away is still found: %+v", u)
	}
}

// panicLegal is the duel whose Legal panics.
type panicLegal struct{ duel }

func (panicLegal) Legal(*State, string) []Choice { panic("broken legal") }

// TestLegalAtAnyState: LegalAt answers for any state of the game (an
// earlier one gives the choices it had then), and reports a panic in the
// ruleset as ErrRulesetPanic where Legal swallows it.
func TestLegalAtAnyState(t *testing.T) {
	e, err := New(duel{}, duelState(2, 3), Config{})
	if err != nil {
		t.Fatal(err)
	}
	first := e.State()
	side := first.Pending.Side
	before := e.Legal(side)
	playFirst(t, e, 3)
	if e.State() == first {
		t.Fatal("the game did not move on")
	}
	got, err := e.LegalAt(first, side)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(before) || len(got) == 0 {
		t.Fatalf("LegalAt the first state: %d choices, Legal then gave %d", len(got), len(before))
	}
	for i := range got {
		if got[i].Text != before[i].Text {
			t.Fatalf("choice %d: %q, was %q", i, got[i].Text, before[i].Text)
		}
	}
	if _, err := e.LegalAt(nil, side); err == nil {
		t.Fatal("LegalAt(nil) gave no error")
	}
	p, err := New(panicLegal{}, duelState(2, 3), Config{})
	if err != nil {
		t.Fatal(err)
	}
	if out := p.Legal(side); out != nil {
		t.Fatalf("Legal after a panic: %v", out)
	}
	if _, err := p.LegalAt(p.State(), side); !errors.Is(err, ErrRulesetPanic) {
		t.Fatalf("LegalAt after a panic: %v, want ErrRulesetPanic", err)
	}
}
