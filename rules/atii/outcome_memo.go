package atii

import (
	"sync"

	"github.com/auspex/auspex/rules/catalog"
)

// OutcomeMemo remembers the figures of OddsShotOutcome (victory-point
// percentage, destruction, shields down) by what decides them, so that an
// AI pricing the same shots over many positions works each distribution
// out once: the weapon and its rate of fire, the chance a die hits, the
// hit's strength and aim, the quadrant and side it comes from, the
// target's profile, damage and shields. Where the firer and target stand
// enters only through those, so a titan that moves without changing its
// to-hit number or quadrant finds its shots already priced. One memo
// serves one game's options. It is safe for concurrent use and holds at
// most its size of results (it is cleared when full).
type OutcomeMemo struct {
	mu  sync.Mutex
	m   map[outcomeKey]OutcomeFigures
	max int
}

// OutcomeFigures are the summary figures of an OutcomeOdds.
type OutcomeFigures struct {
	VPPercent, Destroyed, ShieldsDown float64
}

type outcomeKey struct {
	w       *catalog.Weapon
	t       *catalog.Unit
	p       float64
	autoHit bool
	reroll  bool
	rof     DiceExpr
	spec    HitSpec
	own     int
	partner int
	hit     HitContext
	dmg     dmgKey
}

// NewOutcomeMemo returns a memo of at most size results (size <= 0:
// 20,000).
func NewOutcomeMemo(size int) *OutcomeMemo {
	if size <= 0 {
		size = 20000
	}
	return &OutcomeMemo{m: map[outcomeKey]OutcomeFigures{}, max: size}
}

// Figures returns OddsShotOutcome's figures for shot sh under opts, from
// the memo when the same shot was priced before; a nil memo works them
// out every time. A shot that cannot hit (AutoMiss) has zero figures.
// Errors: those of OddsShotOutcome.
func (m *OutcomeMemo) Figures(sh ShotSetup, opts Options) (OutcomeFigures, error) {
	if m == nil {
		oo, err := OddsShotOutcome(sh, opts)
		if err != nil {
			return OutcomeFigures{}, err
		}
		return OutcomeFigures{VPPercent: oo.VPPercent, Destroyed: oo.Destroyed, ShieldsDown: oo.ShieldsDown}, nil
	}
	t, err := toHitP(sh, opts)
	if err != nil {
		return OutcomeFigures{}, err
	}
	if t.AutoMiss {
		return OutcomeFigures{}, nil
	}
	rof, err := rofExpr(sh)
	if err != nil {
		return OutcomeFigures{}, err
	}
	spec := hitSpec(sh, opts)
	spec.Source = ""
	partner := 0
	if opts.MergeShields || (opts.ShootIntoCC && sh.TargetInCC) {
		partner = sh.MergedShields
	}
	k := outcomeKey{w: sh.Weapon, t: sh.Target, p: t.P, autoHit: t.AutoHit, reroll: sh.RerollMisses, rof: rof,
		spec: spec, own: sh.TargetState.ShieldsUp(sh.Target), partner: partner, hit: sh.Hit, dmg: keyOf(sh.Target, sh.TargetState)}
	m.mu.Lock()
	f, ok := m.m[k]
	m.mu.Unlock()
	if ok {
		return f, nil
	}
	f, err = (*OutcomeMemo)(nil).Figures(sh, opts)
	if err != nil {
		return OutcomeFigures{}, err
	}
	m.mu.Lock()
	if len(m.m) >= m.max {
		clear(m.m)
	}
	m.m[k] = f
	m.mu.Unlock()
	return f, nil
}
