package e40k

import (
	"fmt"
	"strings"
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

// Digest 8.5 [?] (close-combat weapons count double against war engines),
// read with the Epic Remastered wording: only a unit armed with
// close-combat weapons doubles its assault value, and only against a war
// engine it touches; OptCCDoubleAll doubles every unit touching an enemy
// war engine.
func TestCCAssaultDoublesAgainstWarEnginesE40K85(t *testing.T) {
	klaw := Profile{Assault: 8, Class: world.WarEngine, Specials: []string{SpecialCCWeapons}}
	plain := Profile{Assault: 4, Class: world.Infantry}
	all := Options{WeaponOptions: WeaponOptions{CCDoubleAll: true}}
	for _, tc := range []struct {
		p    Profile
		we   bool
		o    Options
		want int
	}{
		{klaw, true, Options{}, 16},
		{klaw, false, Options{}, 8}, // against infantry
		{plain, true, Options{}, 4}, // no close-combat weapons
		{plain, true, all, 8},
		{plain, false, all, 4},
		{klaw, true, all, 16}, // doubled once, not twice
	} {
		if got := CCAssault(&tc.p, tc.we, tc.o); got != tc.want {
			t.Errorf("assault %d specials %v against a war engine %v, double-all %v: %d, want %d", tc.p.Assault, tc.p.Specials, tc.we, tc.o.CCDoubleAll, got, tc.want)
		}
	}
}

// The doubling in a real close combat (digest 8.5 [?]): an Ork gargant
// with close-combat weapons against an Imperial war engine in base
// contact; the logged totals show who doubles under each reading.
func TestCloseCombatWeaponsInCombatE40K85(t *testing.T) {
	c := specialCatalogue()
	k := *c.Units["t-gargant"]
	k.ID, k.Specials = "t-gargant-klaw", []string{SpecialCCWeapons}
	c.Units[k.ID] = &k
	r, err := NewRuleset(c, testTerrain(), testWorld(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		typ       string
		opts      map[string]string
		ork, imps int
	}{
		{"t-gargant-klaw", nil, 16, 8},
		{"t-gargant", nil, 8, 8},
		{"t-gargant-klaw", map[string]string{OptCCDoubleAll: "on"}, 16, 16},
		{"t-gargant", map[string]string{OptCCDoubleAll: "on"}, 16, 16},
	} {
		s := atStep(smallBattle(1, tc.opts), StepAssault, KindAssault, "orks", "gargant")
		for _, id := range []string{"gb1", "gb2", "lr2", "ww"} {
			s.Unit(id).Destroyed = true
		}
		s.Unit("garg").Type = tc.typ
		s.Unit("garg").Pos = world.Vec{X: 66, Y: 15} // 3 cm bases 6 cm apart: in contact
		s.Unit("lr1").Type = "t-gargant"
		evs, err := r.combat(s, rules.Scripted(6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1), CloseCombat, "gargant", "armour")
		if err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf("close combat: gargant (%d) against armour (%d)", tc.ork, tc.imps)
		found := false
		for _, ev := range evs {
			found = found || strings.Contains(ev.Text, want)
		}
		if !found {
			t.Errorf("%s %v: no %q in %v", tc.typ, tc.opts, want, evs)
		}
	}
}
