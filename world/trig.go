package world

import "math"

// sincosDeg returns the sine and cosine of an angle given in degrees, within
// about 2e-16 of the exact values (math.Sincos(deg*math.Pi/180) is within
// about 1e-15 for angles up to a few turns; for larger angles the product
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
	// t's low mantissa bits are q = deg/90 rounded to the nearest integer,
	// as a two's complement number (|q| < 2^50 here).
	const shift = 0x1.8p52
	t := deg*(1.0/90) + shift
	q := math.Float64bits(t)
	r := deg - (t-shift)*90 // exact: q*90 is exact and within 45 of deg
	x := r * (math.Pi / 180)
	z := x * x
	// fdlibm __kernel_sin and __kernel_cos coefficients.
	const (
		s1 = -1.66666666666666324348e-01
		s2 = 8.33333333332248946124e-03
		s3 = -1.98412698298579493134e-04
		s4 = 2.75573137070700676789e-06
		s5 = -2.50507602534068634195e-08
		s6 = 1.58969099521155010221e-10
		c1 = 4.16666666666666019037e-02
		c2 = -1.38888888888741095749e-03
		c3 = 2.48015872894767294178e-05
		c4 = -2.75573143513906633035e-07
		c5 = 2.08757232129817482790e-09
		c6 = -1.13596475577881948265e-11
	)
	z2 := z * z
	sn := x + x*z*(s1+z*s2+z2*(s3+z*s4)+z2*z2*(s5+z*s6))
	cs := 1 - 0.5*z + z2*(c1+z*c2+z2*(c3+z*c4)+z2*z2*(c5+z*c6))
	// Quadrant q: (sin, cos) = (sn, cs), (cs, -sn), (-sn, -cs), (-cs, sn).
	a, b := math.Float64bits(sn), math.Float64bits(cs)
	odd := -(q & 1) // all ones for odd quadrants
	sb := a&^odd | b&odd
	cb := b&^odd | a&odd
	sb ^= (q & 2) << 62
	cb ^= ((q + 1) & 2) << 62
	return math.Float64frombits(sb), math.Float64frombits(cb)
}

// sincos2Deg is sincosDeg of two angles in one call.
func sincos2Deg(a, b float64) (sa, ca, sb, cb float64) {
	sa, ca = sincosDeg(a)
	sb, cb = sincosDeg(b)
	return
}
