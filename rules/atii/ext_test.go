package atii

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

// TestTitanStateCopies: every reader gets its own copy of a stored titan
// state, so one that edits its copy (damage to a weapon, a missile spent,
// ATII-DMG) changes neither the stored value nor a clone's; a new stored
// value is read afresh.
func TestTitanStateCopies(t *testing.T) {
	w, err := world.New(world.Table{W: 120, H: 120}, nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewRuleset(fxCatalogue(), nil, w)
	if err != nil {
		t.Fatal(err)
	}
	s := &rules.State{Units: []rules.Unit{{ID: "a", Side: "red", Type: "reaver"}}}
	u := &s.Units[0]
	ts := TitanState{Weapons: map[string]Level{"carapace": Major}, MissilesSpent: []string{"m1"}}
	if err := u.SetExt(ExtTitan, &ts); err != nil {
		t.Fatal(err)
	}
	ts.Weapons["carapace"] = Catastrophic // the caller's own value: not stored
	c := s.Clone()
	first, err := r.titanState(u)
	if err != nil {
		t.Fatal(err)
	}
	first.Weapons["carapace"] = Catastrophic
	first.MissilesSpent[0] = "changed"
	for name, st := range map[string]*rules.State{"state": s, "clone": c} {
		again, err := r.titanState(&st.Units[0])
		if err != nil {
			t.Fatal(err)
		}
		if again.Weapons["carapace"] != Major || again.MissilesSpent[0] != "m1" {
			t.Fatalf("%s: an edited copy leaked into the stored value: %+v", name, again)
		}
	}
	ts.Weapons["carapace"] = Superficial
	if err := u.SetExt(ExtTitan, &ts); err != nil {
		t.Fatal(err)
	}
	if now, err := r.titanState(u); err != nil || now.Weapons["carapace"] != Superficial {
		t.Fatalf("a new stored value read as %+v (%v)", now, err)
	}
	if old, _ := r.titanState(&c.Units[0]); old.Weapons["carapace"] != Major {
		t.Fatalf("storing on the state changed its clone: %+v", old)
	}
}

// TestExtTypedMatchesJSON: typed ATII values marshal to the very JSON the
// JSON-bytes form stored, so a state's replay hash is the same whether its
// values are typed or JSON (saves of format 2 check it), and the ruleset's
// codec turns a state read back from JSON into the same position.
func TestExtTypedMatchesJSON(t *testing.T) {
	w, err := world.New(world.Table{W: 120, H: 120}, nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewRuleset(fxCatalogue(), nil, w)
	if err != nil {
		t.Fatal(err)
	}
	ts := TitanState{Legs: Major, Weapons: map[string]Level{"carapace": Major, "arm": Superficial},
		MissilesSpent: []string{"m1"}, ShieldsDown: 2, Cause: "a <b> & c", Overwatch: true}
	g := GameProgress{First: "red", Second: "blue", Order: []OrderEntry{{ID: "a", Side: "red", Man: 3, Moved: true}},
		Cards: map[string]ObjectiveCard{"red": {Name: "x", Type: "mobile", ForceLevel: 2}},
		Homes: map[string]Point{"red": {X: 1.5, Y: -2}}, Points: map[string]int{"red": 1500},
		Result: &rules.Outcome{Winner: "red", Kind: "minor victory"}}
	setup := GameSetup{TurnLimit: 6, Zones: map[string][][]Point{"z": {{{0, 0}, {10, 0}, {0, 10}}}},
		SideZones: map[string]string{"red": "z"}}
	typed := &rules.State{Units: []rules.Unit{{ID: "a", Side: "red", Type: "reaver"}}}
	typed.Units[0].Ext.Set(ExtTitan, &ts)
	typed.Ext.Set(ExtGame, &g)
	if err := SetSetup(typed, setup); err != nil {
		t.Fatal(err)
	}
	raw := &rules.State{Units: []rules.Unit{{ID: "a", Side: "red", Type: "reaver"}}}
	for _, kv := range []struct {
		m *rules.ExtData
		k string
		v any
	}{{&raw.Units[0].Ext, ExtTitan, titanJSON(ts)}, {&raw.Ext, ExtGame, progressJSON(g)}, {&raw.Ext, ExtSetup, setup}} {
		b, err := json.Marshal(kv.v)
		if err != nil {
			t.Fatal(err)
		}
		kv.m.Set(kv.k, rules.RawExt(b))
	}
	if typed.Hash() != raw.Hash() {
		t.Fatal("typed values change the replay hash")
	}
	tj, err := json.Marshal(typed)
	if err != nil {
		t.Fatal(err)
	}
	rj, _ := json.Marshal(raw)
	if !bytes.Equal(tj, rj) {
		t.Fatalf("typed state marshals as\n%s\nnot\n%s", tj, rj)
	}
	var back rules.State
	if err := json.Unmarshal(tj, &back); err != nil {
		t.Fatal(err)
	}
	if err := back.DecodeExt(r); err != nil {
		t.Fatal(err)
	}
	if back.PositionHash() != typed.PositionHash() || back.Hash() != typed.Hash() {
		t.Fatal("a state read back and typed by the codec is another position")
	}
	if _, ok := back.Units[0].Ext.Value(ExtTitan).(*TitanState); !ok {
		t.Fatalf("the codec left the titan state as %T", back.Units[0].Ext.Value(ExtTitan))
	}
	other := typed.Clone()
	g2 := g.clone()
	g2.Homes = map[string]Point{"red": {X: 1.5, Y: -3}} // set whole, as the ruleset does
	other.Ext.Set(ExtGame, &g2)
	if other.PositionHash() == typed.PositionHash() {
		t.Fatal("the position hash misses a home point")
	}
	bad := typed.Clone()
	bad.Units[0].Ext.Set(ExtTitan, rules.RawExt(`{"legs": "x"}`))
	if err := bad.DecodeExt(r); err == nil {
		t.Fatal("the codec took a titan state that does not decode")
	}
}

// TestAdoptedMapLeavesEarlierStates: the mission step (digest section 1,
// mission generator) adopting a deployment map writes the new zones into
// a copy of the set-up: the set-up stored in earlier states (shared by
// clones) keeps its zones. Before the fix the maps were written in place,
// so the game's start state (Undo, replay) deployed in the map's zones.
func TestAdoptedMapLeavesEarlierStates(t *testing.T) {
	s := &rules.State{}
	square := [][]Point{{{0, 0}, {10, 0}, {10, 10}, {0, 10}}}
	err := SetSetup(s, GameSetup{Zones: map[string][][]Point{"red-zone": square}, SideZones: map[string]string{"red": "red-zone"},
		Maps: map[string]MapDeployment{"A": {Zones: map[string][][]Point{"map-A/north": square, "map-A/south": square},
			Slots: []MapSlot{{Zone: "map-A/north"}, {Zone: "map-A/south"}}}}})
	if err != nil {
		t.Fatal(err)
	}
	later := s.Clone()
	setup, err := getSetup(later)
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := adoptMap(&setup, Mission{Map: "A"}, "red", "blue"); !ok || err != nil {
		t.Fatalf("adoptMap: %v %v", ok, err)
	}
	if err := SetSetup(later, setup); err != nil {
		t.Fatal(err)
	}
	before, _ := getSetup(s)
	if before.SideZones["red"] != "red-zone" || len(before.Zones) != 1 || len(before.SideZones) != 1 {
		t.Fatalf("the earlier state's set-up changed: %+v", before)
	}
	if now, _ := getSetup(later); now.SideZones["red"] != "map-A/north" || len(now.Zones) != 3 {
		t.Fatalf("the adopted set-up: %+v", now)
	}
}
