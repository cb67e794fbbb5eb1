package e40k

import "testing"

// Exact odds of volleys with special weapons (issue 11's budget for a
// detachment's odds is 100 us), at six units of two armour values:
// firepower 8 plus a barrage template over four units (firepower 12, 6
// dice in the open) and a disrupt shot; the same with a pulsar, whose
// odds mix six volleys (one per number of shots).
func BenchmarkOddsBarrageDisrupt(b *testing.B) {
	benchOdds(b, []Weapon{{Name: "barrage", Kind: ShotBarrage}, {Name: "disrupt", Kind: ShotDisrupt}})
}

func BenchmarkOddsPulsar(b *testing.B) {
	benchOdds(b, []Weapon{{Name: "pulsar", Kind: ShotPulsar}, {Name: "barrage", Kind: ShotBarrage}, {Name: "disrupt", Kind: ShotDisrupt}})
}

func benchOdds(b *testing.B, ws []Weapon) {
	plan := &FirePlan{Firepower: 8, Situation: Open, Targets: unitsAt(4, 4, 4, 6, 6, 4), Weapons: ws}
	for i, w := range ws {
		if w.Kind == ShotBarrage {
			plan.Templates = []TemplateHit{{Weapon: i, Units: []string{"a", "b", "c", "d"}}}
		}
	}
	b.ReportAllocs()
	defer cpuPerOp(b)()
	for i := 0; i < b.N; i++ {
		if _, err := plan.Odds(Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
