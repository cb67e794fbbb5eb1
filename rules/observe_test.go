package rules

import (
	"errors"
	"testing"
)

// secretDuel is the duel toy with a secret: each champion's "plan" ext
// value, which only its own side may see.
type secretDuel struct {
	duel
	panics bool
}

func (d secretDuel) Observe(s *State, side string) error {
	if d.panics {
		panic("observer bug")
	}
	for i := range s.Units {
		if u := &s.Units[i]; u.Side != side {
			if err := u.SetExt("plan", "unknown"); err != nil {
				return err
			}
		}
	}
	return nil
}

// TestObserveBlanksSeedSecretsAndLog: a view has the fixed ViewSeed, the
// events secret to the other side replaced by placeholders (its own kept),
// and the ruleset's Observer applied; the state itself is untouched.
func TestObserveBlanksSeedSecretsAndLog(t *testing.T) {
	s := duelState(777, 3)
	for i := range s.Units {
		if err := s.Units[i].SetExt("plan", "flank-"+s.Units[i].ID); err != nil {
			t.Fatal(err)
		}
	}
	s.Log = []Event{
		{Kind: EvRoll, Cmd: 0, Side: "blue", Text: "blue draws card 4", Roll: &Roll{Purpose: "card", Sides: 6, Faces: []int{4}, SecretTo: "blue"}, Data: map[string]string{"secret": "roll"}},
		{Kind: EvMessage, Cmd: 0, Side: "red", Text: "red plans a flank", Data: map[string]string{"secret": "plan"}},
		{Kind: EvMessage, Cmd: 1, Text: "public"},
	}
	before := s.Hash()
	v, err := Observe(secretDuel{}, s, "red")
	if err != nil {
		t.Fatal(err)
	}
	if s.Hash() != before || s.Log[0].Roll == nil {
		t.Fatal("Observe modified the state")
	}
	if v.Seed != ViewSeed {
		t.Errorf("the view's seed should be %d, got %d", ViewSeed, v.Seed)
	}
	if len(v.Log) != 3 || v.Log[0].Roll != nil || v.Log[0].Text == s.Log[0].Text || v.Log[0].Side != "blue" || v.Log[0].Data["secret"] != "hidden" {
		t.Errorf("blue's secret roll should be a placeholder in red's view: %+v", v.Log[0])
	}
	if v.Log[1].Text != "red plans a flank" || v.Log[2].Text != "public" {
		t.Errorf("red's own secret and public events stay: %+v", v.Log[1:])
	}
	for _, u := range v.Units {
		var plan string
		if _, err := u.GetExt("plan", &plan); err != nil {
			t.Fatal(err)
		}
		if want := map[bool]string{true: "flank-" + u.ID, false: "unknown"}[u.Side == "red"]; plan != want {
			t.Errorf("%s's plan in red's view: %q, want %q", u.ID, plan, want)
		}
	}
	spect, err := Observe(secretDuel{}, s, "")
	if err != nil {
		t.Fatal(err)
	}
	if spect.Log[1].Text == "red plans a flank" {
		t.Error("a spectator sees no side's secret")
	}
	if _, err := Observe(secretDuel{}, s, "green"); err == nil {
		t.Error("a side not in the game must be an error")
	}
	if _, err := Observe(secretDuel{panics: true}, s, "red"); !errors.Is(err, ErrRulesetPanic) {
		t.Errorf("a panicking observer must give ErrRulesetPanic: %v", err)
	}
	// A ruleset without secrets: only the seed and log rules apply.
	if pv, err := Observe(duel{}, s, "blue"); err != nil || pv.Seed != ViewSeed || pv.Log[0].Roll == nil {
		t.Errorf("blue keeps its own roll in its view: %v %+v", err, pv.Log[0])
	}
}
