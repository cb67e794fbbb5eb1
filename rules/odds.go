package rules

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
)

// Dist is an exact discrete probability distribution over integers: the
// number of hits, the total of some dice, the damage level reached. The rules
// compute the same quantities with dice; Dist computes their chances so the
// UI, `auspex odds` and the AI can show and use them before anything is
// rolled.
//
// Probabilities are float64. Every operation is exact arithmetic on the
// inputs except for float rounding: the relative error of a probability
// grows by at most a few ulps per convolution or mixture, so for the sizes
// the rules need (tens of dice, a few chained steps) results agree with
// exact rational arithmetic to about 1e-13. Tests compare to 1e-12.
//
// The zero Dist is empty (total probability 0). Dists are immutable values:
// every method returns a new one.
type Dist struct {
	min int
	p   []float64 // p[i] is the probability of min+i
}

// Point is the distribution that is always v.
func Point(v int) Dist { return Dist{min: v, p: []float64{1}} }

// Uniform gives each integer in [lo, hi] the same chance; hi < lo gives the
// empty Dist.
func Uniform(lo, hi int) Dist {
	if hi < lo {
		return Dist{}
	}
	n := hi - lo + 1
	p := make([]float64, n)
	for i := range p {
		p[i] = 1 / float64(n)
	}
	return Dist{min: lo, p: p}
}

// Die is one die with the given sides (D6: Die(6)).
func Die(sides int) Dist { return Uniform(1, sides) }

// SumOfDice is the total of n dice with the given sides (2D6: SumOfDice(2, 6)).
// n <= 0 gives Point(0).
func SumOfDice(n, sides int) Dist { return Die(sides).Times(n) }

// Bernoulli is 1 with probability p, else 0 (p is clamped to [0, 1]).
func Bernoulli(p float64) Dist {
	p = clamp01(p)
	return Dist{min: 0, p: []float64{1 - p, p}}
}

// Binomial is the number of successes among n independent trials that each
// succeed with probability p: "roll n dice, count those that hit". n <= 0
// gives Point(0).
func Binomial(n int, p float64) Dist {
	if n <= 0 {
		return Point(0)
	}
	p = clamp01(p)
	out := make([]float64, n+1)
	// Build row by row (Pascal-style), which stays accurate for any p.
	out[0] = 1
	for k := 1; k <= n; k++ {
		for j := k; j >= 1; j-- {
			out[j] = out[j]*(1-p) + out[j-1]*p
		}
		out[0] *= 1 - p
	}
	return Dist{min: 0, p: out}
}

// FaceChance is the chance that one die with the given sides shows a face
// for which ok is true.
func FaceChance(sides int, ok func(face int) bool) float64 {
	if sides < 1 {
		return 0
	}
	n := 0
	for f := 1; f <= sides; f++ {
		if ok(f) {
			n++
		}
	}
	return float64(n) / float64(sides)
}

// AtLeastChance is the chance that a die's natural face is at least target
// (a 4+ on a D6 is 0.5); targets below 2 always succeed, above sides never.
func AtLeastChance(sides, target int) float64 {
	return FaceChance(sides, func(f int) bool { return f >= target })
}

// Successes is the number of dice, out of n with the given sides, that show
// target or more.
func Successes(n, sides, target int) Dist { return Binomial(n, AtLeastChance(sides, target)) }

// Min and Max are the smallest and largest values with non-zero chance
// (Min > Max for the empty Dist).
func (d Dist) Min() int { return d.min }

// Max: see Min.
func (d Dist) Max() int { return d.min + len(d.p) - 1 }

// P is the chance of exactly v.
func (d Dist) P(v int) float64 {
	i := v - d.min
	if i < 0 || i >= len(d.p) {
		return 0
	}
	return d.p[i]
}

// AtLeast is the chance of v or more.
func (d Dist) AtLeast(v int) float64 {
	s := 0.0
	for i := len(d.p) - 1; i >= 0 && d.min+i >= v; i-- {
		s += d.p[i]
	}
	return s
}

// AtMost is the chance of v or less.
func (d Dist) AtMost(v int) float64 {
	s := 0.0
	for i := 0; i < len(d.p) && d.min+i <= v; i++ {
		s += d.p[i]
	}
	return s
}

// Total is the sum of all chances (1 for a proper distribution).
func (d Dist) Total() float64 {
	s := 0.0
	for _, p := range d.p {
		s += p
	}
	return s
}

// Mean is the expected value (0 for the empty Dist).
func (d Dist) Mean() float64 {
	s, t := 0.0, 0.0
	for i, p := range d.p {
		s += float64(d.min+i) * p
		t += p
	}
	if t == 0 {
		return 0
	}
	return s / t
}

// Each calls f for every value with non-zero chance, in increasing order.
func (d Dist) Each(f func(v int, p float64)) {
	for i, p := range d.p {
		if p != 0 {
			f(d.min+i, p)
		}
	}
}

// Shift adds k to every value.
func (d Dist) Shift(k int) Dist {
	if len(d.p) == 0 {
		return d
	}
	return Dist{min: d.min + k, p: append([]float64(nil), d.p...)}
}

// Plus is the distribution of the sum of independent draws from d and e
// (convolution).
func (d Dist) Plus(e Dist) Dist {
	if len(d.p) == 0 || len(e.p) == 0 {
		return Dist{}
	}
	out := make([]float64, len(d.p)+len(e.p)-1)
	for i, a := range d.p {
		if a == 0 {
			continue
		}
		for j, b := range e.p {
			out[i+j] += a * b
		}
	}
	return Dist{min: d.min + e.min, p: out}
}

// Times is the sum of n independent draws from d (n <= 0: Point(0)).
func (d Dist) Times(n int) Dist {
	out := Point(0)
	if n <= 0 {
		return out
	}
	base := d
	for n > 0 {
		if n&1 == 1 {
			out = out.Plus(base)
		}
		n >>= 1
		if n > 0 {
			base = base.Plus(base)
		}
	}
	return out
}

// Map transforms every value with f, merging values that map together
// (e.g. clamp a damage total to a table's rows).
func (d Dist) Map(f func(v int) int) Dist {
	var b builder
	d.Each(func(v int, p float64) { b.add(f(v), p) })
	return b.dist()
}

// Combine is the distribution of f(x, y) for independent x from d and y from
// e: MaxOf, differences, "best of 2D6".
func Combine(d, e Dist, f func(x, y int) int) Dist {
	var b builder
	d.Each(func(x int, px float64) {
		e.Each(func(y int, py float64) { b.add(f(x, y), px*py) })
	})
	return b.dist()
}

// Then chains a second random step on the outcome of d: for each value v the
// outcome is drawn from next(v), weighted by d's chance of v ("roll to hit,
// then one location die per hit"). It is the compound distribution.
func (d Dist) Then(next func(v int) Dist) Dist {
	var b builder
	d.Each(func(v int, p float64) {
		next(v).Each(func(w int, q float64) { b.add(w, p*q) })
	})
	return b.dist()
}

// Mix is the weighted mixture of distributions: with chance weights[i] the
// outcome is drawn from ds[i]. Weights need not sum to 1 (they are used as
// given, e.g. to build a sub-distribution); mismatched lengths are an error.
func Mix(weights []float64, ds []Dist) (Dist, error) {
	if len(weights) != len(ds) {
		return Dist{}, fmt.Errorf("mix: %d weights for %d distributions", len(weights), len(ds))
	}
	var b builder
	for i, d := range ds {
		w := weights[i]
		if w < 0 || math.IsNaN(w) || math.IsInf(w, 0) {
			return Dist{}, fmt.Errorf("mix: weight %d is %v", i, w)
		}
		d.Each(func(v int, p float64) { b.add(v, w*p) })
	}
	return b.dist(), nil
}

// String lists values and chances: "0:0.25 1:0.5 2:0.25".
func (d Dist) String() string {
	var parts []string
	d.Each(func(v int, p float64) { parts = append(parts, fmt.Sprintf("%d:%.6g", v, p)) })
	return strings.Join(parts, " ")
}

// builder accumulates chances on arbitrary integer values.
type builder struct {
	min int
	p   []float64
}

func (b *builder) add(v int, p float64) {
	if p == 0 {
		return
	}
	if len(b.p) == 0 {
		b.min = v
		b.p = []float64{p}
		return
	}
	if v < b.min {
		grow := b.min - v
		np := make([]float64, len(b.p)+grow)
		copy(np[grow:], b.p)
		b.p = np
		b.min = v
	}
	i := v - b.min
	for i >= len(b.p) {
		b.p = append(b.p, 0)
	}
	b.p[i] += p
}

func (b *builder) dist() Dist { return Dist{min: b.min, p: b.p} }

func clamp01(p float64) float64 {
	switch {
	case p < 0 || math.IsNaN(p):
		return 0
	case p > 1:
		return 1
	}
	return p
}

// Chance is the probability of one value, as Table lists them.
type Chance struct {
	V int     `json:"v"`
	P float64 `json:"p"`
}

// Table lists the values with non-zero chance in increasing order (for
// printing and for JSON output).
func (d Dist) Table() []Chance {
	var out []Chance
	d.Each(func(v int, p float64) { out = append(out, Chance{V: v, P: p}) })
	return out
}

// MarshalJSON writes the distribution as its Table.
func (d Dist) MarshalJSON() ([]byte, error) {
	t := d.Table()
	if t == nil {
		t = []Chance{}
	}
	return json.Marshal(t)
}
