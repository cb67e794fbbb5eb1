package world

import "math"

// sincosDeg returns the sine and cosine of an angle given in degrees, within
// 1e-15 of the exact values (7e-16 from math.Sincos in the tests, part of it
// math.Sincos's own; math.Sincos(deg*math.Pi/180) is within
// about 1e-15 for angles up to half a turn; for larger angles the product
// deg*math.Pi/180 itself loses digits, while here the turns are taken off in
// degrees, exactly). Multiples of 90 degrees give exact 0 and ±1. A NaN or
// infinite angle gives NaN for both.
//
// The angle is brought into [-45, 45] degrees exactly (math.Mod first above
// 1e15 degrees, then the nearest multiple of 90, whose subtraction is exact),
// the sine and cosine of the rest come from the fdlibm kernel polynomials on
// [-pi/4, pi/4], and the quadrant swaps and negates them without a branch.
func sincosDeg(deg float64) (s, c float64) {
	if !(math.Abs(deg) < 1e15) {
		deg = math.Mod(deg, 360) // exact; NaN for NaN and ±Inf
	}
	x, q := quarterTurns(deg)
	return quadrant(sinPoly(x), cosPoly(x), q)
}

// quarterTurns splits deg (|deg| < 1e15) into q quarter turns and the rest,
// x radians in [-pi/4, pi/4] (a hair more where deg/90 rounds). Only q's
// last two bits mean anything.
func quarterTurns(deg float64) (x float64, q uint64) {
	// t's low mantissa bits are q = deg/90 rounded to the nearest integer,
	// as a two's complement number (|q| < 2^50 here).
	const shift = 0x1.8p52
	t := deg*(1.0/90) + shift
	r := deg - (t-shift)*90 // exact: q*90 is exact and within 45 of deg
	return r * (math.Pi / 180), math.Float64bits(t)
}

// sinPoly is sin(x) on [-pi/4, pi/4] (fdlibm's __kernel_sin coefficients).
func sinPoly(x float64) float64 {
	const (
		s1 = -1.66666666666666324348e-01
		s2 = 8.33333333332248946124e-03
		s3 = -1.98412698298579493134e-04
		s4 = 2.75573137070700676789e-06
		s5 = -2.50507602534068634195e-08
		s6 = 1.58969099521155010221e-10
	)
	z := x * x
	z2 := z * z
	return x + x*z*(s1+z*s2+z2*(s3+z*s4)+z2*z2*(s5+z*s6))
}

// cosPoly is cos(x) on [-pi/4, pi/4] (fdlibm's __kernel_cos coefficients).
func cosPoly(x float64) float64 {
	const (
		c1 = 4.16666666666666019037e-02
		c2 = -1.38888888888741095749e-03
		c3 = 2.48015872894767294178e-05
		c4 = -2.75573143513906633035e-07
		c5 = 2.08757232129817482790e-09
		c6 = -1.13596475577881948265e-11
	)
	z := x * x
	z2 := z * z
	return 1 - 0.5*z + z2*(c1+z*c2+z2*(c3+z*c4)+z2*z2*(c5+z*c6))
}

// quadrant turns (sn, cs) = (sin x, cos x) by q quarter turns: (sn, cs),
// (cs, -sn), (-sn, -cs) or (-cs, sn), by bits, without a branch.
func quadrant(sn, cs float64, q uint64) (s, c float64) {
	a, b := math.Float64bits(sn), math.Float64bits(cs)
	odd := -(q & 1) // all ones for odd quadrants
	sb := (a&^odd | b&odd) ^ (q&2)<<62
	cb := (b&^odd | a&odd) ^ ((q+1)&2)<<62
	return math.Float64frombits(sb), math.Float64frombits(cb)
}
