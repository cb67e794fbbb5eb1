package rules

import (
	"bytes"
	"testing"
)

// FuzzLoadSave feeds arbitrary bytes to the save loader: it must never
// panic, and whatever it accepts must save back to a file that loads to the
// same state.
func FuzzLoadSave(f *testing.F) {
	e, err := New(duel{}, duelState(3, 2), Config{Scenario: "2"})
	if err != nil {
		f.Fatal(err)
	}
	playFirst(f, e, 10)
	good, err := e.Save()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good[:len(good)/3])
	f.Add([]byte(`{"format":"auspex-save","version":1,"ruleset":"duel","seed":1,"scenario":"1","start_hash":"0000000000000000","commands":[]}`))
	f.Add([]byte(`{"format":"auspex-save","version":1,"ruleset":"duel","options":{"turns":"3"},"seed":1,"scenario":"x","start_hash":"0000000000000000","commands":[{"cmd":"move","args":{"to":{"X":1e308}},"hash":"0000000000000000","manual":true,"dice":[7]}]}`))
	f.Add([]byte(`{"format":"auspex-save","version":99}`))
	f.Add([]byte(`[]`))
	reg := mustRegistry(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := Load(data, reg, duelBuild, Config{})
		if err != nil {
			if l != nil {
				t.Fatal("engine returned with an error")
			}
			return
		}
		again, err := l.Save()
		if err != nil {
			t.Fatalf("accepted save does not re-save: %v", err)
		}
		l2, err := Load(again, reg, duelBuild, Config{})
		if err != nil {
			t.Fatalf("re-saved game does not load: %v", err)
		}
		if l2.State().Hash() != l.State().Hash() {
			t.Fatal("re-saved game loads to another state")
		}
		again2, _ := l2.Save()
		if !bytes.Equal(again, again2) {
			t.Fatal("save is not stable")
		}
	})
}
