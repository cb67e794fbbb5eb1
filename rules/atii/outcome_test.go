package atii

import (
	"fmt"
	"testing"

	"github.com/auspex/auspex/rules/atii/sheet"
)

// The exact final-state distribution agrees with a Monte Carlo run of
// ResolveShot (ATII-SHT-5..7, damage effects, escalation).
func TestOutcomeOddsMatchMonteCarlo(t *testing.T) {
	ws := fxWeapons()
	setups := []struct {
		name string
		sh   func() ShotSetup
		opts Options
	}{
		{"melta at an unshielded damaged reaver", func() ShotSetup {
			s := baseShot()
			s.Weapon = ws["melta-cannon"]
			s.TargetState = TitanState{ShieldsLost: 4, Head: Superficial, Weapons: map[string]Level{"left-arm": Major}}
			return s
		}, Options{}},
		{"vulcan at a warhound dead ahead, low", func() ShotSetup {
			s := baseShot()
			s.Weapon, s.Target, s.Range, s.Aim = ws["vulcan-mega-bolter"], fxWarhound(), 20, AimLow
			s.Hit = HitContext{Direction: sheet.Front, Side: Centre}
			return s
		}, Options{}},
		{"inferno at a warlord from the rear, overloading", func() ShotSetup {
			s := baseShot()
			s.Weapon, s.Target, s.OverloadShields = ws["inferno-gun"], fxWarlord(), true
			s.TargetState = TitanState{ShieldsDown: 5, Reactor: Superficial}
			s.Hit = HitContext{Direction: sheet.Rear, Side: Right}
			return s
		}, Options{OverloadShields: true}},
		{"haywire at a shieldless reaver", func() ShotSetup {
			s := baseShot()
			s.Mount, s.Weapon, s.TargetState = "carapace", ws["support-missile-haywire"], TitanState{ShieldsLost: 4, Legs: Major}
			return s
		}, Options{}},
	}
	for i, su := range setups {
		t.Run(su.name, func(t *testing.T) {
			sh := su.sh()
			oo, err := OddsShotOutcome(sh, su.opts)
			if err != nil {
				t.Fatal(err)
			}
			total := 0.0
			for _, p := range oo.Levels[LocLegs] {
				total += p
			}
			near(t, "total probability", total, 1, 1e-9)
			d := newXor(uint64(500 + i))
			const n = 30000
			dead := 0
			counts := map[string][5]int{}
			var vp, vp2, down, down2 float64
			for k := 0; k < n; k++ {
				r, err := ResolveShot(sh, su.opts, d)
				if err != nil {
					t.Fatal(err)
				}
				st := r.Outcome.State
				// the victory points as the mission rules count them
				v := float64(TitanVictoryPoints(sh.Target, 100, st, false, false))
				vp, vp2 = vp+v, vp2+v*v
				dn := float64(r.Outcome.ShieldsDown + r.Outcome.PartnerShieldsDown)
				down, down2 = down+dn, down2+dn*dn
				if st.Destroyed {
					dead++
				}
				for _, loc := range oo.Locations {
					c := counts[loc]
					c[st.Level(loc)]++
					counts[loc] = c
				}
			}
			tol := func(p float64) float64 { return 5*sqrt(p*(1-p)/n) + 0.002 }
			near(t, "P(destroyed)", float64(dead)/n, oo.Destroyed, tol(oo.Destroyed))
			// the means, within five standard errors
			meanTol := func(sum, sq float64) float64 { return 5*sqrt((sq/n-(sum/n)*(sum/n))/n) + 0.01 }
			near(t, "expected VP percent", vp/n, oo.VPPercent, meanTol(vp, vp2))
			near(t, "expected shields down", down/n, oo.ShieldsDown, meanTol(down, down2))
			for _, loc := range oo.Locations {
				for l := Undamaged; l <= Catastrophic; l++ {
					p := oo.Levels[loc][l]
					near(t, fmt.Sprintf("P(%s %s)", loc, l), float64(counts[loc][l])/n, p, tol(p))
				}
			}
		})
	}
}

// BenchmarkShotOutcome is the full final-state distribution of a Vulcan
// Mega-bolter (RoF 8) at an unshielded Reaver.
func BenchmarkShotOutcome(b *testing.B) {
	sh := baseShot()
	sh.Weapon, sh.Range, sh.TargetState = fxWeapons()["vulcan-mega-bolter"], 20, TitanState{ShieldsLost: 4}
	for i := 0; i < b.N; i++ {
		if _, err := OddsShotOutcome(sh, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
