package e40k

import (
	"fmt"
	"sort"

	"github.com/auspex/auspex/rules"
)

// Volley describes one detachment's shooting at one target detachment, as
// the exact odds see it.
type Volley struct {
	// Firepower is the firer's full firepower (for blast markers) and
	// Dice the attack dice it rolls after suppression (AttackDice).
	Firepower int
	Dice      int
	// Weapons are the super-heavy weapons that fire (after suppression);
	// SuperHeavies is how many the firer has in all (for blast markers).
	Weapons      []Weapon
	SuperHeavies int
	Targets      []Target
}

// VolleyOdds are the exact chances of a volley's outcomes.
type VolleyOdds struct {
	// Hits is the number of attack dice that hit (lowest-armour rule).
	Hits rules.Dist
	// Destroyed is the number of target units destroyed.
	Destroyed rules.Dist
	// Markers is the number of blast markers placed on the target.
	Markers rules.Dist
}

// maxOddsShots bounds the dice an exact computation enumerates.
const maxOddsShots = 60

// OddsOf computes a volley's exact odds: every way the attack dice and
// the super-heavy shots can fall (grouped by the faces that matter against
// the target's armour values), each allocated as Resolve does. Errors: a
// target with no units or more than maxOddsShots dice.
func OddsOf(v Volley, o Options) (VolleyOdds, error) {
	armours := make([]int, len(v.Targets))
	for i, t := range v.Targets {
		armours[i] = t.Armour
	}
	lowest, err := LowestArmour(armours)
	if err != nil {
		return VolleyOdds{}, err
	}
	groups := []oddsGroup{{n: v.Dice, lowest: dieTarget(lowest)}}
	for _, w := range v.Weapons {
		groups = append(groups, oddsGroup{n: ShotsOf(w), kind: w.Kind, need: ShotNeed(w, o)})
	}
	total := 0
	for i := range groups {
		total += groups[i].n
		groups[i].bins = binsFor(&groups[i], v.Targets)
	}
	if total > maxOddsShots {
		return VolleyOdds{}, fmt.Errorf("volley odds: %d dice is more than %d", total, maxOddsShots)
	}
	dw := make([]float64, len(v.Targets)+1)
	mw := make([]float64, 6)
	res := newResolver(v.Targets, o, false)
	// One buffer of shots per group level (the walk reuses them).
	fpBuf := make([][]Shot, len(groups))
	shwBuf := make([][]Shot, len(groups))
	var walk func(g int, p float64, fp, shw []Shot) error
	walk = func(g int, p float64, fp, shw []Shot) error {
		if g == len(groups) {
			a, err := res.resolve(fp, shw)
			if err != nil {
				return err
			}
			shwHit := false
			for _, s := range shw {
				for i := range v.Targets {
					if s.affects(&v.Targets[i]) {
						shwHit = true
					}
				}
			}
			dw[min(a.Destroyed, len(dw)-1)] += p
			mw[min(ShootingMarkers(v.Firepower, len(fp) > 0, v.SuperHeavies, shwHit), len(mw)-1)] += p
			return nil
		}
		gr := &groups[g]
		return compositions(gr.n, gr.bins, func(q float64, faces []int) error {
			nfp := append(fpBuf[g][:0], fp...)
			nshw := append(shwBuf[g][:0], shw...)
			for _, f := range faces {
				if g == 0 {
					if f >= gr.lowest {
						nfp = append(nfp, Shot{Face: f})
					}
					continue
				}
				nshw = append(nshw, Shot{Face: f, Kind: gr.kind, Need: gr.need})
			}
			fpBuf[g], shwBuf[g] = nfp, nshw
			return walk(g+1, p*q, nfp, nshw)
		})
	}
	if err := walk(0, 1, nil, nil); err != nil {
		return VolleyOdds{}, err
	}
	out := VolleyOdds{Hits: AttackHits(v.Dice, lowest)}
	if out.Destroyed, err = weighted(dw); err != nil {
		return VolleyOdds{}, err
	}
	if out.Markers, err = weighted(mw); err != nil {
		return VolleyOdds{}, err
	}
	return out, nil
}

// oddsGroup is a set of exchangeable dice: the attack dice (group 0) or
// one weapon's shots.
type oddsGroup struct {
	n      int
	kind   string
	need   int
	lowest int
	// bins are the lowest faces of the face ranges that behave alike.
	bins []int
}

// binsFor splits 1..6 into ranges of faces that hurt the same units.
func binsFor(g *oddsGroup, ts []Target) []int {
	cut := map[int]bool{1: true}
	if g.lowest > 0 {
		cut[g.lowest] = true
	}
	for i := range ts {
		need := g.need
		if need <= 0 {
			need = ts[i].Armour
		}
		cut[dieTarget(need)] = true
	}
	var out []int
	for f := range cut {
		out = append(out, f)
	}
	sort.Ints(out)
	return out
}

// compositions calls f for every way n D6 fall into the bins (bins[i] is
// the lowest face of range i), with the chance of that way and one face
// per die (the lowest face of its range).
func compositions(n int, bins []int, f func(p float64, faces []int) error) error {
	width := make([]float64, len(bins))
	for i, lo := range bins {
		hi := 7
		if i+1 < len(bins) {
			hi = bins[i+1]
		}
		width[i] = float64(hi-lo) / 6
	}
	counts := make([]int, len(bins))
	faces := make([]int, 0, n)
	var rec func(i, left int) error
	rec = func(i, left int) error {
		if i == len(bins)-1 {
			counts[i] = left
			p := multinomial(counts, width)
			if p == 0 {
				return nil
			}
			faces = faces[:0]
			for b, c := range counts {
				for k := 0; k < c; k++ {
					faces = append(faces, bins[b])
				}
			}
			return f(p, faces)
		}
		for c := 0; c <= left; c++ {
			counts[i] = c
			if err := rec(i+1, left-c); err != nil {
				return err
			}
		}
		return nil
	}
	return rec(0, n)
}

// multinomial is the chance of exactly counts[i] dice in range i.
func multinomial(counts []int, p []float64) float64 {
	out := 1.0
	n := 0
	for i, c := range counts {
		for k := 1; k <= c; k++ {
			n++
			out *= float64(n) / float64(k) * p[i]
		}
	}
	return out
}

// weighted is the distribution giving value i the chance w[i].
func weighted(w []float64) (rules.Dist, error) {
	ds := make([]rules.Dist, len(w))
	for i := range w {
		ds[i] = rules.Point(i)
	}
	return rules.Mix(w, ds)
}
