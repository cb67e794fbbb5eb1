package rules

import "testing"

// duelLater is the toy duel as a later version of the program has it:
// the same rules with one more option, at a default that changes nothing.
type duelLater struct{ duel }

func (d duelLater) Options() []Option {
	return append(d.duel.Options(), Option{Name: "fog", Doc: "a later option", Default: "off", Values: []string{"off", "on"}})
}

// TestSaveLoadsAfterTheRulesetGainsAnOption: a save written before the
// ruleset had an option still loads and verifies every hash (issue 9:
// saves stay loadable; each rule system adds options as it grows). The
// new option stays out of the loaded state while at its default, and a
// save of the loaded game loads again.
func TestSaveLoadsAfterTheRulesetGainsAnOption(t *testing.T) {
	e := newDuel(t, 11, 3, Config{Scenario: "3"})
	playFirst(t, e, 1000)
	data, err := e.Save()
	if err != nil {
		t.Fatal(err)
	}
	later, err := NewRegistry(duelLater{})
	if err != nil {
		t.Fatal(err)
	}
	l, err := Load(data, later, duelBuild, Config{})
	if err != nil {
		t.Fatalf("a save from before the option existed: %v", err)
	}
	if l.State().Hash() != e.State().Hash() {
		t.Fatal("the loaded game ends in another state")
	}
	if _, ok := l.State().Options["fog"]; ok {
		t.Error("the later option is in the loaded state")
	}
	again, err := l.Save()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Load(again, later, duelBuild, Config{}); err != nil {
		t.Fatalf("the loaded game saved again: %v", err)
	}
	// A new game lists every option, the later one too.
	fresh, err := New(duelLater{}, duelState(11, 3), Config{})
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := fresh.State().Options["fog"]; !ok || v != "off" {
		t.Errorf("a new game's option fog = %q (listed %v), want off", v, ok)
	}
}
