package atii

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/auspex/auspex/rules"
)

// DiceExpr is a dice formula as printed in the rules: N dice of Sides plus
// Plus ("4" is {0,0,4}, "D6" is {1,6,0}, "D3+2" is {1,3,2}, "2D6" is
// {2,6,0}).
type DiceExpr struct {
	N, Sides, Plus int
}

// ParseDice reads a formula such as "4", "D6", "D3+2" or "2D6". Errors name
// the text.
func ParseDice(text string) (DiceExpr, error) {
	s := strings.ToUpper(strings.TrimSpace(text))
	if s == "" {
		return DiceExpr{}, fmt.Errorf("empty dice formula")
	}
	i := strings.IndexByte(s, 'D')
	if i < 0 {
		v, err := strconv.Atoi(s)
		if err != nil || v < 0 {
			return DiceExpr{}, fmt.Errorf("dice formula %q: not a number or NdS+K", text)
		}
		return DiceExpr{Plus: v}, nil
	}
	e := DiceExpr{N: 1}
	if i > 0 {
		n, err := strconv.Atoi(s[:i])
		if err != nil || n < 1 || n > 20 {
			return DiceExpr{}, fmt.Errorf("dice formula %q: bad dice count", text)
		}
		e.N = n
	}
	rest := s[i+1:]
	sides := rest
	if j := strings.IndexByte(rest, '+'); j >= 0 {
		sides = rest[:j]
		p, err := strconv.Atoi(rest[j+1:])
		if err != nil || p < 0 {
			return DiceExpr{}, fmt.Errorf("dice formula %q: bad modifier", text)
		}
		e.Plus = p
	}
	sd, err := strconv.Atoi(sides)
	if err != nil || sd < 2 || sd > 100 {
		return DiceExpr{}, fmt.Errorf("dice formula %q: bad die size", text)
	}
	e.Sides = sd
	return e, nil
}

// String prints the formula in the rules' style.
func (e DiceExpr) String() string {
	if e.N == 0 {
		return strconv.Itoa(e.Plus)
	}
	s := "D" + strconv.Itoa(e.Sides)
	if e.N > 1 {
		s = strconv.Itoa(e.N) + s
	}
	if e.Plus > 0 {
		s += "+" + strconv.Itoa(e.Plus)
	}
	return s
}

// Max is the largest value the formula can give.
func (e DiceExpr) Max() int { return e.N*e.Sides + e.Plus }

// Dist is the exact distribution of the formula: Dist()[v] = P(value = v).
func (e DiceExpr) Dist() Dist {
	d := Dist{1}
	for i := 0; i < e.N; i++ {
		d = d.Convolve(uniform(1, e.Sides))
	}
	return d.Shift(e.Plus)
}

// Roll rolls the formula, recording the roll.
func (e DiceExpr) Roll(d rules.Dice, r rules.Roll) (int, []int, error) {
	if e.N == 0 {
		return e.Plus, nil, nil
	}
	r.Sides = e.Sides
	faces, err := rollDice(d, r, e.N)
	if err != nil {
		return 0, nil, err
	}
	return sum(faces) + e.Plus, faces, nil
}

// rollDice asks d for n dice described by r and checks the answer (a
// manual dice source may return anything): exactly n faces, each 1..Sides.
func rollDice(d rules.Dice, r rules.Roll, n int) ([]int, error) {
	if n <= 0 {
		return nil, nil
	}
	if r.Sides == 0 {
		r.Sides = 6
	}
	if d == nil {
		return nil, fmt.Errorf("%s: no dice source", r.Purpose)
	}
	f := d.Roll(r, n)
	if len(f) != n {
		return nil, fmt.Errorf("%s: dice source gave %d dice, want %d", r.Purpose, len(f), n)
	}
	for _, v := range f {
		if v < 1 || v > r.Sides {
			return nil, fmt.Errorf("%s: die face %d is not 1..%d", r.Purpose, v, r.Sides)
		}
	}
	return f, nil
}

// rollOne rolls a single die.
func rollOne(d rules.Dice, r rules.Roll) (int, error) {
	f, err := rollDice(d, r, 1)
	if err != nil {
		return 0, err
	}
	return f[0], nil
}

func sum(v []int) int {
	t := 0
	for _, x := range v {
		t += x
	}
	return t
}

// Dist is a discrete distribution over 0, 1, 2...: d[v] = P(value = v).
type Dist []float64

func uniform(lo, hi int) Dist {
	d := make(Dist, hi+1)
	for v := lo; v <= hi; v++ {
		d[v] = 1 / float64(hi-lo+1)
	}
	return d
}

// Convolve is the distribution of the sum of independent values.
func (d Dist) Convolve(o Dist) Dist {
	if len(d) == 0 || len(o) == 0 {
		return nil
	}
	out := make(Dist, len(d)+len(o)-1)
	for i, p := range d {
		if p == 0 {
			continue
		}
		for j, q := range o {
			out[i+j] += p * q
		}
	}
	return out
}

// Shift adds k (>= 0) to every value.
func (d Dist) Shift(k int) Dist {
	if k <= 0 {
		return d
	}
	out := make(Dist, len(d)+k)
	copy(out[k:], d)
	return out
}

// Mean is the expected value.
func (d Dist) Mean() float64 {
	m := 0.0
	for v, p := range d {
		m += float64(v) * p
	}
	return m
}

// AtLeast is P(value >= v).
func (d Dist) AtLeast(v int) float64 {
	if v < 0 {
		v = 0
	}
	t := 0.0
	for i := v; i < len(d); i++ {
		t += d[i]
	}
	return t
}

// Total is the sum of the probabilities (1 up to rounding).
func (d Dist) Total() float64 {
	t := 0.0
	for _, p := range d {
		t += p
	}
	return t
}

// binomial is the distribution of successes in n trials of probability p.
func binomial(n int, p float64) Dist {
	d := Dist{1}
	for i := 0; i < n; i++ {
		d = d.Convolve(Dist{1 - p, p})
	}
	return d
}

// add accumulates p at index v, growing d as needed.
func (d Dist) add(v int, p float64) Dist {
	for len(d) <= v {
		d = append(d, 0)
	}
	d[v] += p
	return d
}
