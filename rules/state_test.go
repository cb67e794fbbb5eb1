package rules

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/auspex/auspex/world"
)

// titanState is a state shaped like an ATII battle: n titans with damage,
// markers, loadouts and ruleset data, and a log of logLen events.
func titanState(n, logLen int) *State {
	s := &State{
		Ruleset: "duel", Seed: 42, Turn: 3, Phase: "shooting", Step: "shoot", Active: "red",
		Options: map[string]string{"turns": "5", "accurate": "off"},
		Sides: []Side{
			{ID: "red", Name: "Legio Ignatum", Controller: ControllerHuman, Markers: PairsOf(map[string]int{"vp": 120})},
			{ID: "blue", Name: "Legio Mortis", Controller: ControllerAI, Markers: PairsOf(map[string]int{"vp": 80})},
		},
		Formations: []Formation{{ID: "red-bg", Side: "red", Markers: PairsOf(map[string]int{"blast": 1})}},
		Pending:    &Decision{Side: "red", Kind: "activate", Commands: []string{"fire", "pass"}, Units: []string{"t0"}},
	}
	for i := 0; i < n; i++ {
		side := "red"
		if i%2 == 1 {
			side = "blue"
		}
		u := Unit{
			ID: fmt.Sprintf("t%d", i), Side: side, Type: "reaver", Formation: side + "-bg",
			Pos: world.Vec{X: float64(10 + 7*i), Y: float64(20 + 3*i)}, Facing: float64(15 * i),
			Damage:  PairsOf(map[string]string{"head": "superficial", "legs": "armour-cracked", "left-arm": "major"}),
			Shields: 2,
			Markers: PairsOf(map[string]int{"man-spent": 1, "heat": 2}),
			Loadout: PairsOf(map[string]string{"carapace": "turbo-lasers", "left-arm": "gatling-blaster", "right-arm": "melta-cannon"}),
			Moved:   i%3 == 0, MovedDist: float64(i),
		}
		_ = u.SetExt("orders", map[string]any{"overwatch": i%2 == 0, "target": "t1"})
		s.Units = append(s.Units, u)
	}
	_ = s.SetExt("first", "red")
	for i := 0; i < logLen; i++ {
		r := &Roll{Purpose: "to hit", Sides: 6, Faces: []int{1 + i%6, 2, 3}, Target: 4, Mods: []string{"base 4+"}, Units: []string{"t0", "t1"}}
		s.Log = append(s.Log, Event{Kind: EvRoll, Cmd: i / 3, Turn: 1 + i/60, Step: "shoot", Units: r.Units, Text: r.String(), Roll: r})
	}
	return s
}

func TestCloneSharesNothingMutable(t *testing.T) {
	s := titanState(4, 10)
	h := s.Hash()
	orig, _ := json.Marshal(s)
	c := s.Clone()
	if c.Hash() != h {
		t.Fatal("clone hashes differently")
	}
	u := &c.Units[0]
	u.Damage.Set("head", "catastrophic")
	u.Markers.Set("heat", 9)
	u.Markers.Set("new", 1)
	u.Loadout.Set("left-arm", "power-fist")
	_ = u.SetExt("orders", 5)
	u.Pos.X = -1
	c.Sides[0].Markers.Set("vp", 0)
	c.Formations[0].Markers.Set("blast", 5)
	c.Options["turns"] = "50"
	c.Pending.Commands[0] = "move"
	_ = c.SetExt("first", "blue")
	c.Log = append(c.Log, Message("only in the clone"))
	c.Units = append(c.Units, Unit{ID: "extra"})
	after, _ := json.Marshal(s)
	if string(orig) != string(after) || s.Hash() != h {
		t.Fatal("changing the clone changed the original")
	}
	if len(s.Log) != 10 {
		t.Fatalf("original log has %d events", len(s.Log))
	}
	// Appending to the original after cloning must not show in the clone.
	c2 := s.Clone()
	s.Log = append(s.Log, Message("only in the original"))
	if len(c2.Log) != 10 {
		t.Fatal("clone's log grew")
	}
}

func TestHashIsStableAndSensitive(t *testing.T) {
	s := titanState(3, 5)
	h := s.Hash()
	// JSON round trip keeps the hash (the log included).
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var back State
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if back.Hash() != h {
		t.Fatal("hash changed over a JSON round trip")
	}
	// Map insertion order does not matter.
	r := titanState(3, 5)
	r.Units[1].Damage = nil
	for _, k := range []string{"left-arm", "legs", "head"} {
		r.Units[1].Damage.Set(k, s.Units[1].Damage.Value(k))
	}
	r.Units[2].Damage = Labels{}
	for _, k := range []string{"legs", "left-arm", "head"} {
		r.Units[2].Damage = append(r.Units[2].Damage, Pair[string]{k, s.Units[2].Damage.Value(k)})
	}
	if r.Hash() != h {
		t.Fatal("hash depends on map insertion order")
	}
	// Empty and nil maps hash alike (JSON drops empty maps).
	e1, e2 := titanState(1, 0), titanState(1, 0)
	e1.Units[0].Markers = nil
	e2.Units[0].Markers = Counters{}
	if e1.Hash() != e2.Hash() {
		t.Fatal("nil and empty maps hash differently")
	}
	// Every kind of change shows.
	muts := stateMutations()
	for name, m := range muts {
		c := titanState(3, 5)
		m(c)
		if c.Hash() == h {
			t.Errorf("%s: hash unchanged", name)
		}
	}
}

func TestExtRoundTrip(t *testing.T) {
	var s State
	type counters struct{ Red, Blue int }
	if ok, err := s.GetExt("init", &counters{}); ok || err != nil {
		t.Fatalf("missing key: %v %v", ok, err)
	}
	if err := s.SetExt("init", counters{3, 2}); err != nil {
		t.Fatal(err)
	}
	var got counters
	if ok, err := s.GetExt("init", &got); !ok || err != nil || got != (counters{3, 2}) {
		t.Fatalf("got %+v %v %v", got, ok, err)
	}
	var wrong string
	if _, err := s.GetExt("init", &wrong); err == nil {
		t.Error("decoding into the wrong type succeeded")
	}
	if err := s.SetExt("bad", func() {}); err == nil {
		t.Error("a function encoded")
	}
}

// stateMutations are one change of each kind to a titanState(3, 5), by
// name: each must change the state's hash.
func stateMutations() map[string]func(*State) {
	return map[string]func(*State){
		"seed":      func(s *State) { s.Seed++ },
		"seq":       func(s *State) { s.Seq++ },
		"turn":      func(s *State) { s.Turn++ },
		"step":      func(s *State) { s.Step = "move" },
		"active":    func(s *State) { s.Active = "blue" },
		"option":    func(s *State) { s.Options["turns"] = "3" },
		"side vp":   func(s *State) { AddCount(&s.Sides[1].Markers, "vp", 1) },
		"position":  func(s *State) { s.Units[2].Pos.Y += 1e-9 },
		"facing":    func(s *State) { s.Units[0].Facing = 1 },
		"damage":    func(s *State) { s.Units[1].Damage.Set("head", "major") },
		"shields":   func(s *State) { s.Units[1].Shields-- },
		"marker":    func(s *State) { s.Units[0].Markers.Set("new", 0) },
		"loadout":   func(s *State) { s.Units[0].Loadout.Set("carapace", "x") },
		"flag":      func(s *State) { s.Units[0].Fired = true },
		"destroyed": func(s *State) { s.Units[2].Destroyed = true },
		"unit ext":  func(s *State) { _ = s.Units[0].SetExt("orders", 1) },
		"ext":       func(s *State) { _ = s.SetExt("first", "blue") },
		"pending":   func(s *State) { s.Pending = nil },
		"result":    func(s *State) { s.Result = &Outcome{Kind: "draw"} },
		"log":       func(s *State) { s.Log = append(s.Log, Message("x")) },
		"swap keys": func(s *State) { s.Units[0].Markers = PairsOf(map[string]int{"man-spent": 2, "heat": 1}) },
	}
}
