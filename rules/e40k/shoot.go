package e40k

import (
	"fmt"

	"github.com/auspex/auspex/rules"
)

// ShootingMarkers is the number of blast markers a detachment's shooting
// places on its target (E40K-BM-1): by the firer's firepower, 1-7: one if
// any die hit, 8-15: one, 16-23: two, 24 or more: three; and by its number
// of super-heavy weapons firing, 1-3: one if any hit, 4-8: one, 9 or
// more: two. Both parts add up. The firepower counted is the firer's full
// firepower: blast markers on the firer reduce its dice only after the
// markers on the target are placed.
func ShootingMarkers(fp int, fpHit bool, shw int, shwHit bool) int {
	n := 0
	switch {
	case fp >= 24:
		n += 3
	case fp >= 16:
		n += 2
	case fp >= 8:
		n++
	case fp >= 1 && fpHit:
		n++
	}
	switch {
	case shw >= 9:
		n += 2
	case shw >= 4:
		n++
	case shw >= 1 && shwHit:
		n++
	}
	return n
}

// Suppress applies the firer's blast markers to its shooting (E40K-BM-1):
// each marker takes one point of firepower; once no firepower is left,
// each further marker (two under REM-WE-3) silences one super-heavy
// weapon. It returns the firepower and the number of super-heavy weapons
// left.
func Suppress(fp, shw, markers int, o Options) (fpLeft, shwLeft int) {
	fp, shw, markers = max(fp, 0), max(shw, 0), max(markers, 0)
	used := min(fp, markers)
	fpLeft = fp - used
	extra := markers - used
	per := 1
	if o.WESuppression {
		per = 2
	}
	shwLeft = max(0, shw-extra/per)
	return fpLeft, shwLeft
}

// ShotNeed is the score a super-heavy weapon's shot needs: its fixed
// score when it has one, 4 for anti-tank under REM-AT-1, else the armour
// of the unit it is allocated to (0).
func ShotNeed(w Weapon, o Options) int {
	if w.FixedTarget > 0 {
		return w.FixedTarget
	}
	if w.Kind == ShotAntiTank && o.ATFixed {
		return 4
	}
	if w.Kind == ShotDeathRay && o.DeathRay2Plus {
		return 2
	}
	return 0
}

// ShotsOf is the number of dice a super-heavy weapon rolls: two for a
// heavy barrage, one otherwise.
func ShotsOf(w Weapon) int {
	if w.Shots > 0 {
		return w.Shots
	}
	if w.Kind == ShotHeavy {
		return 2
	}
	return 1
}

// RollSuperHeavy rolls each weapon's shots and returns them as shots to
// allocate (the face decides later whether it hurts the unit it goes to).
// Errors: a bad dice source.
func RollSuperHeavy(d rules.Dice, ws []Weapon, o Options, units []string) ([]Shot, error) {
	var out []Shot
	for _, w := range ws {
		need := ShotNeed(w, o)
		mods := []string{"needs the target's armour"}
		if need > 0 {
			mods = []string{fmt.Sprintf("fixed %d+", need)}
		}
		f, err := roll(d, rules.Roll{Purpose: "super-heavy: " + w.Name, Sides: 6, Target: need, Mods: mods, Units: units}, ShotsOf(w))
		if err != nil {
			return nil, err
		}
		for _, face := range f {
			out = append(out, Shot{Face: face, Kind: w.Kind, Need: need})
		}
	}
	return out, nil
}

// Resolve allocates a volley to a target detachment: the firepower dice
// that hit and the super-heavy shots. By default everything is allocated
// together (Allocate). Under REM-MIX-1 it takes two steps: firepower and
// anti-tank shots first, then the other super-heavy shots against the
// units left (reverse order under the option's variant). Errors: as
// Allocate.
func Resolve(targets []Target, fp []Shot, shw []Shot, o Options) (Allocation, error) {
	return newResolver(targets, o, true).resolve(fp, shw)
}

// resolver is Resolve with its allocator kept for many volleys at the
// same targets (exact odds).
type resolver struct {
	targets []Target
	o       Options
	a       *allocator
	shots   []Shot
}

func newResolver(targets []Target, o Options, faces bool) *resolver {
	a := newAllocator(targets, o)
	a.faces = faces
	return &resolver{targets: targets, o: o, a: a}
}

func (r *resolver) resolve(fp, shw []Shot) (Allocation, error) {
	o := r.o
	if !o.MixedFire {
		r.shots = append(append(r.shots[:0], fp...), shw...)
		return r.a.run(r.shots)
	}
	first := append(r.shots[:0], fp...)
	var second []Shot
	for _, s := range shw {
		if s.Kind == ShotAntiTank {
			first = append(first, s)
		} else {
			second = append(second, s)
		}
	}
	r.shots = first
	if o.MixedFireReverse {
		first, second = second, first
	}
	a, err := r.a.run(first)
	if err != nil {
		return Allocation{}, err
	}
	if len(second) == 0 {
		return a, nil
	}
	var left []Target
	var idx []int
	for i, t := range r.targets {
		u := a.Units[i]
		if u.Destroyed {
			continue
		}
		t.Shields -= u.ShieldsLost
		t.DC -= u.DCLost
		left = append(left, t)
		idx = append(idx, i)
	}
	sub := newAllocator(left, o)
	sub.faces = r.a.faces
	b, err := sub.run(second)
	if err != nil {
		return Allocation{}, err
	}
	a.Wasted += b.Wasted
	a.Destroyed += b.Destroyed
	for j, i := range idx {
		u, v := &a.Units[i], b.Units[j]
		u.Faces = append(u.Faces, v.Faces...)
		u.Effective += v.Effective
		u.Useful += v.Useful
		u.ShieldsLost += v.ShieldsLost
		u.DCLost += v.DCLost
		u.Destroyed = v.Destroyed
	}
	return a, nil
}
