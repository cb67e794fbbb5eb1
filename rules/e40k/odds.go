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
	// Reroll rolls the attack dice that miss once more (overwatch orders
	// re-roll misses, DIGEST section 2): each die hits with 1-(1-p)^2 for
	// a single roll's p, and a die that hits shows every face from the
	// lowest armour up alike, as without the second roll.
	Reroll bool
}

// attackHits is the distribution of the volley's attack dice that hit
// (AttackHits, with the overwatch re-roll of misses when v.Reroll).
func (v Volley) attackHits(lowest int) rules.Dist {
	if !v.Reroll {
		return AttackHits(v.Dice, lowest)
	}
	q := float64(dieTarget(lowest)-1) / 6 // a die misses twice: q*q
	return rules.Binomial(v.Dice, 1-q*q)
}

// attackFaceWeight scales the chance of an attack die's face f (1/6
// each) for the overwatch re-roll: a face under the hit score shows only
// when the first roll missed and the second shows it (q of the first
// rolls miss), one from it up on the first roll or the second.
func attackFaceWeight(f, low int, reroll bool) float64 {
	if !reroll {
		return 1
	}
	q := float64(low-1) / 6
	if f < low {
		return q
	}
	return 1 + q
}

// VolleyOdds are the exact chances of a volley's outcomes.
type VolleyOdds struct {
	// Hits is the number of attack dice that hit (lowest-armour rule).
	Hits rules.Dist
	// Destroyed is the number of target units destroyed.
	Destroyed rules.Dist
	// Markers is the number of blast markers placed on the target.
	Markers rules.Dist
	// Approx marks Destroyed and Markers estimated from oddsSamples
	// deterministic samples instead of enumerated (a volley not counted
	// by levels with more than maxOddsLeaves ways to fall); Hits is
	// always exact.
	Approx bool
}

// maxOddsShots bounds the dice an exact computation enumerates.
const maxOddsShots = 60

// maxOddsLeaves bounds the ways of falling (products of the groups'
// face-range compositions) OddsOf enumerates and resolves exactly when it
// cannot count by levels (war engines, resilient units, two REM-MIX-1
// steps); each costs an allocation (microseconds), so a larger volley is
// estimated from oddsSamples samples instead, within about 2 points of
// percentage, and marked Approx.
const maxOddsLeaves = 2000

// oddsSamples is how many volleys an estimate resolves.
const oddsSamples = 1000

// OddsOf computes a volley's exact odds, the units destroyed as Resolve
// allocates. At units of 1 DC in one allocation step it counts them by
// armour levels (oddsdp.go); otherwise it allocates every way the attack
// dice and the super-heavy shots can fall (grouped by the faces that
// matter against the target's armour values). Errors: a target with no
// units or more than maxOddsShots dice.
func OddsOf(v Volley, o Options) (VolleyOdds, error) {
	return oddsOf(v, o, maxOddsLeaves)
}

// oddsOf is OddsOf: by levels where levelOddsApply holds, else
// enumerating at most maxLeaves ways of falling (more: the sampled
// estimate).
func oddsOf(v Volley, o Options, maxLeaves float64) (VolleyOdds, error) {
	return oddsBy(v, o, maxLeaves, true)
}

// oddsBy is oddsOf, by levels only when levels is true (tests compare
// the two ways).
func oddsBy(v Volley, o Options, maxLeaves float64, levels bool) (VolleyOdds, error) {
	armours := make([]int, len(v.Targets))
	for i, t := range v.Targets {
		armours[i] = t.Armour
	}
	lowest, err := LowestArmour(armours)
	if err != nil {
		return VolleyOdds{}, err
	}
	total := v.Dice
	for _, w := range v.Weapons {
		total += ShotsOf(w)
	}
	if total > maxOddsShots {
		return VolleyOdds{}, fmt.Errorf("volley odds: %d dice is more than %d", total, maxOddsShots)
	}
	if levels && levelOddsApply(v, o) {
		return levelOdds(v, o, lowest)
	}
	groups := enumGroups(v, o, lowest)
	dw := make([]float64, len(v.Targets)+1)
	mw := make([]float64, 6)
	res := newResolver(v.Targets, o, false)
	// One buffer of shots per group level (the walk reuses them).
	fpBuf := make([][]Shot, len(groups))
	shwBuf := make([][]Shot, len(groups))
	// tally resolves one way of falling and adds its chance p.
	tally := func(p float64, fp, shw []Shot) error {
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
	approx := leaves(groups) > maxLeaves
	if approx {
		if err := sampleVolleys(groups, tally); err != nil {
			return VolleyOdds{}, err
		}
	}
	var walk func(g int, p float64, fp, shw []Shot) error
	walk = func(g int, p float64, fp, shw []Shot) error {
		if g == len(groups) {
			return tally(p, fp, shw)
		}
		gr := &groups[g]
		return compositions(gr.n, gr.bins, gr.weight, func(q float64, faces []int) error {
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
	if !approx {
		if err := walk(0, 1, nil, nil); err != nil {
			return VolleyOdds{}, err
		}
	}
	out := VolleyOdds{Hits: v.attackHits(lowest), Approx: approx}
	if out.Destroyed, err = weighted(dw); err != nil {
		return VolleyOdds{}, err
	}
	if out.Markers, err = weighted(mw); err != nil {
		return VolleyOdds{}, err
	}
	return out, nil
}

// enumGroups are the groups of dice the enumeration walks: the attack
// dice, then each weapon's shots, with their face ranges.
func enumGroups(v Volley, o Options, lowest int) []oddsGroup {
	groups := []oddsGroup{{n: v.Dice, lowest: dieTarget(lowest), reroll: v.Reroll}}
	for _, w := range v.Weapons {
		groups = append(groups, oddsGroup{n: ShotsOf(w), kind: w.Kind, need: ShotNeed(w, o)})
	}
	for i := range groups {
		groups[i].bins = binsFor(&groups[i], v.Targets)
	}
	return groups
}

// oddsGroup is a set of exchangeable dice: the attack dice (group 0) or
// one weapon's shots.
type oddsGroup struct {
	n      int
	kind   string
	need   int
	lowest int
	// reroll: the attack dice's misses are rolled again (Volley.Reroll).
	reroll bool
	// bins are the lowest faces of the face ranges that behave alike.
	bins []int
}

// weight scales the chance of a face range starting at face lo (see
// attackFaceWeight; 1 for every group but the re-rolled attack dice). A
// range never straddles the hit score: binsFor cuts at it.
func (g *oddsGroup) weight(lo int) float64 {
	return attackFaceWeight(lo, g.lowest, g.reroll)
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
func compositions(n int, bins []int, weight func(face int) float64, f func(p float64, faces []int) error) error {
	width := make([]float64, len(bins))
	for i, lo := range bins {
		hi := 7
		if i+1 < len(bins) {
			hi = bins[i+1]
		}
		width[i] = float64(hi-lo) / 6 * weight(lo)
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

// leaves is how many ways of falling the groups' compositions make (the
// product over groups of C(n+k-1, k-1) for n dice in k face ranges).
func leaves(groups []oddsGroup) float64 {
	out := 1.0
	for _, g := range groups {
		k := len(g.bins)
		c := 1.0
		for i := 1; i < k; i++ { // C(n+k-1, k-1)
			c = c * float64(g.n+i) / float64(i)
		}
		out *= c
	}
	return out
}

// sampleVolleys draws oddsSamples volleys of the groups' dice from a fixed
// stream (the same volley always gets the same estimate; no game dice are
// used), each face read as the lowest face of its range as the
// enumeration does, and tallies each with chance 1/oddsSamples.
func sampleVolleys(groups []oddsGroup, tally func(p float64, fp, shw []Shot) error) error {
	x := uint64(0x2545F4914F6CDD1D)
	face := func() int { // splitmix64
		x += 0x9E3779B97F4A7C15
		z := x
		z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
		z = (z ^ (z >> 27)) * 0x94D049BB133111EB
		z ^= z >> 31
		return int(z%6) + 1
	}
	var fp, shw []Shot
	for i := 0; i < oddsSamples; i++ {
		fp, shw = fp[:0], shw[:0]
		for g := range groups {
			gr := &groups[g]
			for k := 0; k < gr.n; k++ {
				f := binFace(gr.bins, face())
				if g == 0 && gr.reroll && f < gr.lowest {
					f = binFace(gr.bins, face()) // the miss rolled again
				}
				if g == 0 {
					if f >= gr.lowest {
						fp = append(fp, Shot{Face: f})
					}
					continue
				}
				shw = append(shw, Shot{Face: f, Kind: gr.kind, Need: gr.need})
			}
		}
		if err := tally(1.0/oddsSamples, fp, shw); err != nil {
			return err
		}
	}
	return nil
}

// binFace is the lowest face of the range (bins, as compositions reads
// them) that face f falls in.
func binFace(bins []int, f int) int {
	out := bins[0]
	for _, lo := range bins {
		if f >= lo {
			out = lo
		}
	}
	return out
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

// ApproxWord is "about " for estimated odds (VolleyOdds.Approx), "" for
// exact ones, for choice and preview texts.
func ApproxWord(approx bool) string {
	if approx {
		return "about "
	}
	return ""
}

// levelOdds is OddsOf by levels (levelOddsApply holds): the units
// destroyed from levelDestroyed, the blast markers from the chances that
// an attack die hits and that a super-heavy shot can hurt some unit.
func levelOdds(v Volley, o Options, lowest int) (VolleyOdds, error) {
	hits := v.attackHits(lowest)
	pFP := 1 - hits.P(0)
	pNoSHW := 1.0
	for _, w := range v.Weapons {
		nt := dieTarget(lowest)
		if need := ShotNeed(w, o); need > 0 {
			nt = dieTarget(need)
		}
		for k := 0; k < ShotsOf(w); k++ {
			pNoSHW *= float64(nt-1) / 6
		}
	}
	mw := make([]float64, 6)
	for _, fpHit := range []bool{false, true} {
		for _, shwHit := range []bool{false, true} {
			p := pFP
			if !fpHit {
				p = hits.P(0)
			}
			if shwHit {
				p *= 1 - pNoSHW
			} else {
				p *= pNoSHW
			}
			mw[min(ShootingMarkers(v.Firepower, fpHit, v.SuperHeavies, shwHit), len(mw)-1)] += p
		}
	}
	out := VolleyOdds{Hits: hits}
	var err error
	if out.Destroyed, err = weighted(levelDestroyed(v, o, lowest)); err != nil {
		return VolleyOdds{}, err
	}
	if out.Markers, err = weighted(mw); err != nil {
		return VolleyOdds{}, err
	}
	return out, nil
}
