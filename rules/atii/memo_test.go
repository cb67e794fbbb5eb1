package atii

import (
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

// TestTitanMemoCopies: the ruleset decodes a stored titan state once, and
// every caller gets its own copy, so one that edits its copy (damage to a
// weapon, a missile spent) changes neither the memo nor the next read;
// a new stored value is decoded afresh.
func TestTitanMemoCopies(t *testing.T) {
	w, err := world.New(world.Table{W: 120, H: 120}, nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewRuleset(fxCatalogue(), nil, w)
	if err != nil {
		t.Fatal(err)
	}
	u := rules.Unit{ID: "a", Side: "red", Type: "reaver"}
	ts := TitanState{Weapons: map[string]Level{"carapace": Major}, MissilesSpent: []string{"m1"}}
	if err := u.SetExt(ExtTitan, ts); err != nil {
		t.Fatal(err)
	}
	first, err := r.titanState(&u)
	if err != nil {
		t.Fatal(err)
	}
	first.Weapons["carapace"] = Catastrophic
	first.MissilesSpent[0] = "changed"
	again, err := r.titanState(&u)
	if err != nil {
		t.Fatal(err)
	}
	if again.Weapons["carapace"] != Major || again.MissilesSpent[0] != "m1" {
		t.Fatalf("an edited copy leaked into the memo: %+v", again)
	}
	if len(r.memo.titans) != 1 {
		t.Fatalf("memo holds %d titan states, want 1", len(r.memo.titans))
	}
	ts.Weapons["carapace"] = Superficial
	if err := u.SetExt(ExtTitan, ts); err != nil {
		t.Fatal(err)
	}
	if now, err := r.titanState(&u); err != nil || now.Weapons["carapace"] != Superficial {
		t.Fatalf("a new stored value read as %+v (%v)", now, err)
	}
}
