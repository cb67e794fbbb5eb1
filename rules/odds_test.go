package rules

import (
	"encoding/json"
	"math"
	"testing"
)

const tol = 1e-12

// enumerate calls f with every combination of n faces of a die with sides.
func enumerate(n, sides int, f func(faces []int)) {
	faces := make([]int, n)
	for i := range faces {
		faces[i] = 1
	}
	for {
		f(faces)
		i := 0
		for i < n && faces[i] == sides {
			faces[i] = 1
			i++
		}
		if i == n {
			return
		}
		faces[i]++
	}
}

// bruteDist enumerates n dice and maps each combination to a value.
func bruteDist(n, sides int, value func(faces []int) int) map[int]float64 {
	out := map[int]float64{}
	total := math.Pow(float64(sides), float64(n))
	enumerate(n, sides, func(f []int) { out[value(f)] += 1 / total })
	return out
}

func assertDist(t *testing.T, name string, got Dist, want map[int]float64) {
	t.Helper()
	if math.Abs(got.Total()-1) > tol {
		t.Errorf("%s: total %v", name, got.Total())
	}
	for v := got.Min() - 2; v <= got.Max()+2; v++ {
		if math.Abs(got.P(v)-want[v]) > tol {
			t.Errorf("%s: P(%d) = %.15f, enumeration %.15f", name, v, got.P(v), want[v])
		}
	}
	for v, p := range want {
		if math.Abs(got.P(v)-p) > tol {
			t.Errorf("%s: P(%d) = %.15f, enumeration %.15f", name, v, got.P(v), p)
		}
	}
}

func sum(f []int) int {
	s := 0
	for _, x := range f {
		s += x
	}
	return s
}

func TestSumOfDiceMatchesEnumeration(t *testing.T) {
	for _, c := range []struct{ n, sides int }{{1, 6}, {2, 6}, {3, 6}, {5, 6}, {2, 10}, {3, 3}} {
		assertDist(t, "sum", SumOfDice(c.n, c.sides), bruteDist(c.n, c.sides, sum))
	}
	if d := SumOfDice(0, 6); d.P(0) != 1 {
		t.Errorf("0 dice: %v", d)
	}
}

func TestSuccessesMatchEnumeration(t *testing.T) {
	for _, target := range []int{1, 2, 4, 6, 7} {
		want := bruteDist(5, 6, func(f []int) int {
			n := 0
			for _, x := range f {
				if x >= target {
					n++
				}
			}
			return n
		})
		assertDist(t, "successes", Successes(5, 6, target), want)
	}
}

// TestATIIShootingOdds: ATII-SHT-4 (D6 per RoF >= Gunnery with modifiers,
// natural 1 always fails, natural 6 always hits), checked on the digest's
// worked example shape: Gunnery 4+, Gatling Blaster (RoF 4), target in
// cover (-1), so each die needs a natural 5+; with an extra -2 the natural-6
// rule keeps a 1 in 6 chance.
func TestATIIShootingOdds(t *testing.T) {
	hit := func(face, gunnery, mod int) bool {
		switch face {
		case 1:
			return false
		case 6:
			return true
		}
		return face+mod >= gunnery
	}
	for _, mod := range []int{-1, -3, +2} {
		p := FaceChance(6, func(f int) bool { return hit(f, 4, mod) })
		want := bruteDist(4, 6, func(f []int) int {
			n := 0
			for _, x := range f {
				if hit(x, 4, mod) {
					n++
				}
			}
			return n
		})
		assertDist(t, "ATII-SHT-4 hits", Binomial(4, p), want)
	}
	// The worked example: 3,4,5,5 in cover gives 2 hits; the chance of
	// exactly 2 hits from 4 dice needing 5+ is 6 * (1/3)^2 * (2/3)^2.
	if got := Successes(4, 6, 5).P(2); math.Abs(got-6.0/9*4/9) > tol {
		t.Errorf("P(2 hits) = %v", got)
	}
}

// TestThenChainsRolls: roll 3 dice to hit on 4+, then one D6 per hit for
// damage counting 5+ (the ATII hit-then-damage shape, ATII-SHT-6 reads the
// damage die per hit) against enumerating all 6^6 outcomes with unused dice
// ignored.
func TestThenChainsRolls(t *testing.T) {
	got := Successes(3, 6, 4).Then(func(h int) Dist { return Successes(h, 6, 5) })
	want := bruteDist(6, 6, func(f []int) int {
		n := 0
		for i := 0; i < 3; i++ {
			if f[i] >= 4 && f[3+i] >= 5 {
				n++
			}
		}
		return n
	})
	assertDist(t, "then", got, want)
}

// TestCombineBestOfTwo: EA-X-ASL-2 and REM-CC-1 roll 2D6 and keep the
// highest.
func TestCombineBestOfTwo(t *testing.T) {
	got := Combine(Die(6), Die(6), func(a, b int) int { return max(a, b) })
	want := bruteDist(2, 6, func(f []int) int { return max(f[0], f[1]) })
	assertDist(t, "best of 2D6", got, want)
}

func TestMapMixShiftTimes(t *testing.T) {
	// ATII-SHT-6: D6 + Str - armour, clamped to the damage rows -1..3.
	dmg := Die(6).Shift(5 - 9).Map(func(v int) int { return min(max(v, -1), 3) })
	want := bruteDist(1, 6, func(f []int) int { return min(max(f[0]+5-9, -1), 3) })
	assertDist(t, "damage rows", dmg, want)

	// A 50/50 choice between a D3 and a D6 (a mixture).
	m, err := Mix([]float64{0.5, 0.5}, []Dist{Die(3), Die(6)})
	if err != nil {
		t.Fatal(err)
	}
	wantMix := map[int]float64{}
	for v := 1; v <= 3; v++ {
		wantMix[v] += 0.5 / 3
	}
	for v := 1; v <= 6; v++ {
		wantMix[v] += 0.5 / 6
	}
	assertDist(t, "mix", m, wantMix)
	if _, err := Mix([]float64{1}, nil); err == nil {
		t.Error("mismatched mix accepted")
	}
	if _, err := Mix([]float64{-1}, []Dist{Die(6)}); err == nil {
		t.Error("negative weight accepted")
	}

	// Times is repeated Plus.
	x := Die(4)
	rep := Point(0)
	for i := 0; i < 7; i++ {
		rep = rep.Plus(x)
	}
	tm := x.Times(7)
	for v := 0; v <= 30; v++ {
		if math.Abs(tm.P(v)-rep.P(v)) > tol {
			t.Fatalf("Times(7) P(%d) = %v, repeated Plus %v", v, tm.P(v), rep.P(v))
		}
	}
	if math.Abs(SumOfDice(2, 6).Mean()-7) > tol {
		t.Error("mean of 2D6 is not 7")
	}
	if got := SumOfDice(2, 6).AtLeast(10); math.Abs(got-6.0/36) > tol {
		t.Errorf("P(2D6 >= 10) = %v", got)
	}
	if got := SumOfDice(2, 6).AtMost(4); math.Abs(got-6.0/36) > tol {
		t.Errorf("P(2D6 <= 4) = %v", got)
	}
}

// TestBinomialLargeN checks the binomial against the closed form for many
// dice (an EA barrage or a Vulcan Mega-bolter volley) where enumeration is
// too slow.
func TestBinomialLargeN(t *testing.T) {
	n, p := 40, 1.0/3
	b := Binomial(n, p)
	for k := 0; k <= n; k++ {
		lg := lgammaInt(n+1) - lgammaInt(k+1) - lgammaInt(n-k+1)
		want := math.Exp(lg + float64(k)*math.Log(p) + float64(n-k)*math.Log(1-p))
		if math.Abs(b.P(k)-want) > 1e-12 {
			t.Errorf("P(%d) = %g, closed form %g", k, b.P(k), want)
		}
	}
}

func lgammaInt(n int) float64 {
	v, _ := math.Lgamma(float64(n))
	return v
}

func TestDistTableAndJSON(t *testing.T) {
	d := Successes(2, 6, 4)
	tab := d.Table()
	if len(tab) != 3 || tab[0].V != 0 || math.Abs(tab[1].P-0.5) > tol {
		t.Fatalf("table %v", tab)
	}
	data, err := json.Marshal(d)
	if err != nil || string(data) != `[{"v":0,"p":0.25},{"v":1,"p":0.5},{"v":2,"p":0.25}]` {
		t.Fatalf("json %s %v", data, err)
	}
	if data, _ := json.Marshal(Dist{}); string(data) != "[]" {
		t.Fatalf("empty dist json %s", data)
	}
}
