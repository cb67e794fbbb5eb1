package e40k

import (
	"math"
	"testing"

	"github.com/auspex/auspex/rules"
)

// Dogfight order (digest 8.6): Intercept descending; ties: intercept
// missions first, then alternating sides, the initiative holder first.
func TestDogfightOrderE40K(t *testing.T) {
	fs := []Flyer{
		{ID: "a1", Side: "a", Intercept: 3, Mission: MissionGroundAttack},
		{ID: "b1", Side: "b", Intercept: 3, Mission: MissionGroundAttack},
		{ID: "a2", Side: "a", Intercept: 3, Mission: MissionGroundAttack},
		{ID: "b2", Side: "b", Intercept: 3, Mission: MissionIntercept},
		{ID: "a3", Side: "a", Intercept: 5, Mission: MissionTransport},
	}
	got := []string{}
	for _, i := range DogfightOrder(fs, "b") {
		got = append(got, fs[i].ID)
	}
	want := []string{"a3", "b2", "b1", "a1", "a2"}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("order %v, want %v", got, want)
		}
	}
}

// Dogfight resolution: dice against armour, damage at once, a destroyed
// flyer does not attack.
func TestDogfightE40K(t *testing.T) {
	fs := []Flyer{
		{ID: "int", Side: "a", Intercept: 4, Gunnery: 2, Armour: 4, Mission: MissionIntercept},
		{ID: "bomber", Side: "b", Intercept: 2, Gunnery: 3, Armour: 5, Mission: MissionGroundAttack},
	}
	targets := map[string]string{"int": "bomber", "bomber": "int"}
	// The interceptor rolls 3 and 5: the bomber is destroyed before it
	// fires back.
	tray := rules.Scripted(3, 5)
	dead, err := Dogfight(tray, fs, targets, "b")
	if err != nil || !dead["bomber"] || dead["int"] || tray.Used() != 2 {
		t.Errorf("dead %v err %v used %d", dead, err, tray.Used())
	}
	// Misses 1, 4: the bomber fires back 2, 2, 4 and destroys it.
	dead, _ = Dogfight(rules.Scripted(1, 4, 2, 2, 4), fs, targets, "b")
	if dead["bomber"] || !dead["int"] {
		t.Errorf("return fire: dead %v", dead)
	}
	if _, err := Dogfight(rules.Scripted(), fs, map[string]string{"int": "int"}, "a"); err == nil {
		t.Error("a flyer attacking itself accepted")
	}
	if p := DogfightKillChance(2, 5); math.Abs(p-(1-4.0/9)) > 1e-12 {
		t.Errorf("kill chance %v", p)
	}
}
