package world

import (
	"math"
	"testing"
)

// sincosRef is math.Sincos of the angle with whole turns taken off first,
// into [-180, 180] (math.Mod and the subtraction are exact), so that huge
// angles have a meaningful reference and the product with Pi/180 loses no
// more than a turn's worth of digits.
func sincosRef(deg float64) (float64, float64) {
	m := math.Mod(deg, 360)
	if m > 180 {
		m -= 360
	} else if m < -180 {
		m += 360
	}
	return math.Sincos(m * math.Pi / 180)
}

func checkSincosDeg(t *testing.T, deg float64, worst *float64) {
	t.Helper()
	s, c := sincosDeg(deg)
	ws, wc := sincosRef(deg)
	e := max(math.Abs(s-ws), math.Abs(c-wc))
	if !(e <= 1e-15) {
		t.Fatalf("sincosDeg(%v) = %v, %v; math.Sincos gives %v, %v (error %g)", deg, s, c, ws, wc, e)
	}
	*worst = max(*worst, e)
}

// sincosDeg agrees with math.Sincos within 1e-15 over a dense sweep of two
// turns either way, at random angles of every size, and around the
// octant boundaries where its polynomials change over.
func TestSincosDegMatchesMath(t *testing.T) {
	worst := 0.0
	for i := -2_000_000; i <= 2_000_000; i++ {
		deg := float64(i) * 0.000371 // not a divisor of 45
		checkSincosDeg(t, deg, &worst)
		// Within half a turn either way the plain product is the reference
		// too (beyond it, its own rounding passes 1e-15).
		if math.Abs(deg) > 180 {
			continue
		}
		s, c := sincosDeg(deg)
		ws, wc := math.Sincos(deg * math.Pi / 180)
		if e := max(math.Abs(s-ws), math.Abs(c-wc)); e > 1e-15 {
			t.Fatalf("sincosDeg(%v) = %v, %v; math.Sincos(deg*Pi/180) %v, %v", deg, s, c, ws, wc)
		}
	}
	r := rng(3)
	for i := 0; i < 1_000_000; i++ {
		var deg float64
		switch i % 4 {
		case 0:
			deg = r.float(-360, 360)
		case 1:
			deg = r.float(-1e6, 1e6)
		case 2:
			deg = math.Ldexp(r.float(-1, 1), int(r.next()%1000)) // up to 1e300
		default: // just either side of an odd multiple of 45
			k := float64(int(r.next()%2001) - 1000)
			deg = (2*k + 1) * 45
			for j := int(r.next() % 4); j > 0; j-- {
				if r.next()%2 == 0 {
					deg = math.Nextafter(deg, math.Inf(1))
				} else {
					deg = math.Nextafter(deg, math.Inf(-1))
				}
			}
		}
		checkSincosDeg(t, deg, &worst)
	}
	t.Logf("largest difference from math.Sincos: %g", worst)
}

// Multiples of 90 degrees, however large, give exact 0 and ±1.
func TestSincosDegQuarterTurnsExact(t *testing.T) {
	want := [4][2]float64{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}
	for k := int64(-100_000); k <= 100_000; k++ {
		s, c := sincosDeg(float64(k) * 90)
		w := want[((k%4)+4)%4]
		if s != w[0] || c != w[1] {
			t.Fatalf("sincosDeg(%d*90) = %v, %v, want %v", k, s, c, w)
		}
	}
	for _, deg := range []float64{360 * 1e15, -90 * 0x1p60, 90 * 0x1p70, 1e300 - math.Mod(1e300, 360)} {
		s, c := sincosDeg(deg)
		ws, wc := sincosRef(deg)
		if math.Round(ws) != s || math.Round(wc) != c || math.Abs(s)+math.Abs(c) != 1 {
			t.Errorf("sincosDeg(%g) = %v, %v, want %v, %v", deg, s, c, math.Round(ws), math.Round(wc))
		}
	}
}

// Non-finite angles give NaN, as math.Sincos does.
func TestSincosDegNonFinite(t *testing.T) {
	for _, deg := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if s, c := sincosDeg(deg); !math.IsNaN(s) || !math.IsNaN(c) {
			t.Errorf("sincosDeg(%v) = %v, %v, want NaN", deg, s, c)
		}
	}
}
