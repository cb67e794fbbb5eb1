package atii

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
)

// constDice rolls the same face on every die (capped by the die's sides).
type constDice int

func (c constDice) Roll(r rules.Roll, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = min(int(c), max(1, r.Sides))
	}
	return out
}

// meleeOfThree: Reaver a in contact with Reaver b and Warhound c. a's
// Chainfist (swiftness 6) has only c in its arc, its Powerfist (3) both;
// b has a Power Saw (5); c only improvised attacks.
func meleeOfThree() []MeleeFighter {
	ws := fxWeapons()
	front := HitContext{Direction: sheet.Front}
	return []MeleeFighter{
		{ID: "a", Unit: fxReaver(), Weapons: map[string]*catalog.Weapon{"right-arm": ws["chainfist"], "left-arm": ws["powerfist"]},
			Opponents: []string{"b", "c"}, InArc: map[string][]string{"right-arm": {"c"}, "left-arm": {"b", "c"}},
			HitFrom: map[string]HitContext{"b": front, "c": front}},
		{ID: "b", Unit: fxReaver(), Weapons: map[string]*catalog.Weapon{"right-arm": ws["power-saw"]},
			Opponents: []string{"a"}, InArc: map[string][]string{"right-arm": {"a"}}, HitFrom: map[string]HitContext{"a": front}},
		{ID: "c", Unit: fxWarhound(), Weapons: map[string]*catalog.Weapon{},
			Opponents: []string{"a"}, HitFrom: map[string]HitContext{"a": front}},
	}
}

// TestMeleeCC1CC2OneSequence: ATII-CC-1 (all close combats resolved
// together) and ATII-CC-2 (highest swiftness first, a weapon needs its
// target in arc). A titan touching two enemies fights one melee: each of
// its weapons and its improvised attacks strike once, at a target in arc,
// and the swiftness order runs across the whole melee. Before the fix a
// fought b then c as two separate pairs: every weapon struck once per
// pair, improvised attacks were rolled twice, and c's swift blows came
// after b's slow ones.
func TestMeleeCC1CC2OneSequence(t *testing.T) {
	res, err := ResolveMelee(meleeOfThree(), Options{}, constDice(1)) // every attack misses
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, st := range res.Strikes {
		got = append(got, st.Attacker+">"+st.Target+":"+st.Weapon.Name)
	}
	want := []string{
		"a>c:Chainfist",          // swiftness 6, only c in its arc
		"b>a:Power Saw",          // 5
		"a>b:Powerfist",          // 3, first opponent in arc
		"a>b:Improvised attacks", // 1, once for the whole melee
		"b>a:Improvised attacks",
		"c>a:Improvised attacks",
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("melee strikes\n got %v\nwant %v", got, want)
	}
	// A weapon whose first opponent has fallen strikes the next one in
	// its arc.
	fs := meleeOfThree()
	fs[1].State.Destroyed = true
	res, err = ResolveMelee(fs, Options{}, constDice(1))
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range res.Strikes {
		if st.Target == "b" || st.Attacker == "b" {
			t.Errorf("the destroyed titan b takes part: %+v", st)
		}
		if st.Weapon.Name == "Powerfist" && st.Target != "c" {
			t.Errorf("the Powerfist should turn on c once b is down: %+v", st)
		}
	}
	if len(res.Strikes) != 4 {
		t.Errorf("%d strikes, want a's three and c's improvised attacks", len(res.Strikes))
	}
	// An opponent outside the melee is an error, not a panic.
	fs = meleeOfThree()
	fs[2].Opponents = []string{"z"}
	if _, err := ResolveMelee(fs, Options{}, constDice(1)); err == nil {
		t.Error("an opponent outside the melee must be refused")
	}
}
