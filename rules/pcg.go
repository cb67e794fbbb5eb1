package rules

// PCG32 is the PCG-XSH-RR 64/32 generator (O'Neill, 2014): 64 bits of state,
// a per-stream odd increment, 32-bit outputs. It is small, fast, has good
// statistical quality for a game and, unlike math/rand, its output sequence
// is fixed by this code, so a saved game replays identically on any Go
// version and platform.
//
// The zero value is a valid generator (stream 0, seed 0), but games use
// NewStream so that every command gets its own independent stream.
type PCG32 struct {
	state uint64
	inc   uint64
}

const pcgMult = 6364136223846793005

// NewPCG32 seeds a generator exactly as the reference pcg32_srandom_r does:
// initState is the starting point, initSeq selects the stream.
func NewPCG32(initState, initSeq uint64) *PCG32 {
	p := &PCG32{}
	p.Seed(initState, initSeq)
	return p
}

// Seed resets p to the reference seeding of (initState, initSeq).
func (p *PCG32) Seed(initState, initSeq uint64) {
	p.state = 0
	p.inc = initSeq<<1 | 1
	p.Uint32()
	p.state += initState
	p.Uint32()
}

// Uint32 returns the next 32 random bits.
func (p *PCG32) Uint32() uint32 {
	old := p.state
	p.state = old*pcgMult + p.inc
	xorshifted := uint32(((old >> 18) ^ old) >> 27)
	rot := uint32(old >> 59)
	return xorshifted>>rot | xorshifted<<((-rot)&31)
}

// Uint32n returns a uniform value in [0, n) without modulo bias (values
// below 2^32 mod n are rejected and redrawn). n == 0 returns 0.
func (p *PCG32) Uint32n(n uint32) uint32 {
	if n == 0 {
		return 0
	}
	threshold := -n % n
	for {
		r := p.Uint32()
		if r >= threshold {
			return r % n
		}
	}
}

// Float64 returns a uniform value in [0, 1) with 53 random bits.
func (p *PCG32) Float64() float64 {
	hi := uint64(p.Uint32()) << 21
	lo := uint64(p.Uint32()) >> 11
	return float64(hi|lo) / (1 << 53)
}

// splitmix64 is the SplitMix64 finaliser, used to spread game seeds and
// command indices over the whole 64-bit state space before seeding PCG.
func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// NewStream returns the dice stream for one command of one game: the
// generator depends only on (seed, index), so replaying command index of a
// game with the same seed draws exactly the same numbers, whatever happened
// before it. Index 0 is the game's start (set-up rolls); commands are
// numbered from 1.
func NewStream(seed, index uint64) *PCG32 {
	return NewPCG32(splitmix64(seed^splitmix64(index)), index)
}
