package atii

import "testing"

// BenchmarkShotWithOdds resolves one weapon's attack and computes its exact
// odds (target: under 50 us).
func BenchmarkShotWithOdds(b *testing.B) {
	sh := baseShot()
	d := newXor(1)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := OddsShot(sh, Options{}); err != nil {
			b.Fatal(err)
		}
		if _, err := ResolveShot(sh, Options{}, d); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkShotWithOddsVulcan is the largest common case: RoF 8 against a
// Warlord with 6 shields, overloading them.
func BenchmarkShotWithOddsVulcan(b *testing.B) {
	sh := baseShot()
	sh.Weapon, sh.Target, sh.Range, sh.OverloadShields = fxWeapons()["vulcan-mega-bolter"], fxWarlord(), 20, true
	opts := Options{OverloadShields: true}
	d := newXor(2)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := OddsShot(sh, opts); err != nil {
			b.Fatal(err)
		}
		if _, err := ResolveShot(sh, opts, d); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMoveOdds is the dangerous-terrain overlay for one planned move.
func BenchmarkMoveOdds(b *testing.B) {
	plan := MovePlan{Segments: []MoveSegment{{Length: 6}, {Length: 7, Dangerous: true}, {Length: 4}}}
	u := fxReaver()
	for i := 0; i < b.N; i++ {
		if _, err := MoveOddsFor(u, TitanState{}, plan, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
