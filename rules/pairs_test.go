package rules

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestPairsKeepOrderAndRoundTrip(t *testing.T) {
	var l Labels
	for _, k := range []string{"legs", "head", "vsg", "arm", "head"} {
		l.Set(k, "x-"+k)
	}
	if got := strings.Join(l.Keys(), ","); got != "arm,head,legs,vsg" {
		t.Fatalf("keys %s", got)
	}
	l.Set("head", "major")
	if v, ok := l.Get("head"); !ok || v != "major" {
		t.Fatalf("head = %q %v", v, ok)
	}
	l.Delete("legs")
	l.Delete("nothing")
	if l.Has("legs") || l.Len() != 3 {
		t.Fatalf("after delete: %v", l)
	}
	data, err := json.Marshal(l)
	if err != nil {
		t.Fatal(err)
	}
	if string(data) != `{"arm":"x-arm","head":"major","vsg":"x-vsg"}` {
		t.Fatalf("json %s", data)
	}
	var back Labels
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if back.String() != l.String() {
		t.Fatalf("round trip %v, want %v", back, l)
	}
	var c Counters
	if AddCount(&c, "blast", 2) != 2 || AddCount(&c, "blast", -1) != 1 || c.Value("none") != 0 {
		t.Fatalf("counters %v", c)
	}
	if err := json.Unmarshal([]byte(`{"a":"b"}`), &c); err == nil {
		t.Error("string decoded into a counter")
	}
}

func TestCloneArenaKeepsUnitsApart(t *testing.T) {
	s := titanState(3, 0)
	c := s.Clone()
	// Growing unit 0's lists in the clone must not spill into unit 1's,
	// which share the clone's backing array.
	c.Units[0].Markers.Set("zzz", 1)
	c.Units[0].Damage.Set("zzz", "x")
	c.Units[0].Markers.Set("aaa", 1)
	if c.Units[1].Markers.String() != s.Units[1].Markers.String() || c.Units[1].Damage.String() != s.Units[1].Damage.String() {
		t.Fatal("unit 1 changed when unit 0 grew")
	}
	if c.Units[0].Loadout.String() != s.Units[0].Loadout.String() {
		t.Fatal("unit 0 loadout changed when its damage grew")
	}
}

func TestNewNormalizesAndChecksIDs(t *testing.T) {
	st := duelState(1, 3)
	st.Units[0].Markers = Counters{{"wounds", 3}, {"max", 3}} // unsorted
	e, err := New(duel{}, st, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if v := e.State().Unit("r1").Markers.Value("max"); v != 3 {
		t.Fatalf("max = %d after sorting", v)
	}
	st = duelState(1, 3)
	st.Units[0].Markers = Counters{{"wounds", 3}, {"wounds", 2}}
	if _, err := New(duel{}, st, Config{}); err == nil || !strings.Contains(err.Error(), "twice") {
		t.Errorf("duplicate marker: %v", err)
	}
	st = duelState(1, 3)
	st.Units[1].ID = "r1"
	if _, err := New(duel{}, st, Config{}); err == nil || !strings.Contains(err.Error(), "repeated") {
		t.Errorf("duplicate unit id: %v", err)
	}
	st = duelState(1, 3)
	st.Units[1].Side = "green"
	if _, err := New(duel{}, st, Config{}); err == nil || !strings.Contains(err.Error(), "unknown side") {
		t.Errorf("unknown side: %v", err)
	}
}

// TestPairsCopyOnWrite: Set, Delete and AddCount never write into the list
// they were given, so a clone that shares the list (State.Clone) keeps its
// values whatever the other side changes.
func TestPairsCopyOnWrite(t *testing.T) {
	var l Labels
	l.Set("head", "major")
	l.Set("legs", "minor")
	shared := l
	l.Set("head", "catastrophic") // an existing key
	l.Set("arm", "x")             // an insertion
	l.Delete("legs")
	if shared.String() != "head=major legs=minor" {
		t.Fatalf("the shared list changed: %v", shared)
	}
	c := Counters{{"heat", 1}}
	sc := c
	if AddCount(&c, "heat", 2) != 3 || sc.Value("heat") != 1 {
		t.Fatalf("AddCount wrote into the shared list: %v / %v", c, sc)
	}
	unsorted := Labels{{"legs", "a"}, {"head", "b"}}
	sorted, err := unsorted.normalized()
	if err != nil || sorted.String() != "head=b legs=a" || unsorted[0].Key != "legs" {
		t.Fatalf("normalized %v (%v), the given list now %v", sorted, err, unsorted)
	}
	if _, err := (Labels{{"a", "1"}, {"a", "2"}}).normalized(); err == nil {
		t.Fatal("a duplicate key passed")
	}
}
