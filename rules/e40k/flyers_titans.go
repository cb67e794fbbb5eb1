package e40k

import (
	"fmt"
	"strconv"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/world"
)

// Flyers on a ground attack mission against a titan (seed 002: vehicles
// and infantry, flyers among them, shoot at titans with the ATII rules at
// Gunnery 4+, their weapons converted by the E40K-weapons-versus-titans
// table). A ground attack needs no range or line of sight (digest
// section 2), so every flyer of the detachment joins in: one attack of
// RoF = the flyers' firepower at Str 3, and one attack per super-heavy
// weapon (atii.E40KWeaponVsTitan), blast markers on the flyers reducing
// the firepower first and then silencing super-heavy weapons (E40K-BM-1).
// The attacks strike the titan's rear quadrant, the flyers choosing where
// they come in (reading; its front under OptFlyersTitanFront); the titan
// counts as seen in the open (no cover), aimed high; the flyers have
// moved (they flew in) and the titan has not yet moved (the flyer step
// comes first in the movement phase): ATII-SHT-4's modifiers follow.

// flyerTitanDistance is how far from the titan's centre the point the
// flyers strike from lies, along its facing: any distance outside its
// base picks the same quadrant.
const flyerTitanDistance = 20.0

// enemyTitan returns the operational titan unit id, enemy of side, or
// false.
func (r *Ruleset) enemyTitan(s *rules.State, side, id string) (*rules.Unit, bool) {
	u := s.Unit(id)
	if u == nil || u.Side == side || !operational(u) || !r.IsTitan(u) {
		return nil, false
	}
	return u, true
}

// FlyerTitanPlan is a flyer detachment's ground attack on an enemy titan
// as the ATII attacks it would make (for previews, odds and the attack
// itself). Errors: no flyer left, not an enemy titan on the table,
// nothing left that can hurt a titan.
func (r *Ruleset) FlyerTitanPlan(s *rules.State, det, titan string) (*TitanVolley, error) {
	f := s.Formation(det)
	if f == nil {
		return nil, fmt.Errorf("no detachment %q", det)
	}
	if _, ok := r.enemyTitan(s, f.Side, titan); !ok {
		return nil, fmt.Errorf("%s is not an enemy titan on the table", titan)
	}
	t, err := r.titan(s, titan)
	if err != nil {
		return nil, err
	}
	o, err := r.options(s)
	if err != nil {
		return nil, err
	}
	v := &TitanVolley{Mode: fireGroundAttack, Firer: det, Titan: titan}
	fp := 0
	var heavies []Weapon
	for _, u := range r.flyers(s, det) {
		p, err := r.Profile(s, u)
		if err != nil {
			return nil, err
		}
		v.Shooters = append(v.Shooters, u.ID)
		fp += p.Firepower
		heavies = append(heavies, p.SuperHeavy...)
	}
	if len(v.Shooters) == 0 {
		return nil, fmt.Errorf("%s has no flyer left", det)
	}
	fpLeft, nw := Suppress(fp, len(heavies), blast(f), o)
	v.Firepower = fpLeft
	tb := titanBase(t)
	dir := world.Heading(tb.Facing)
	if !o.FlyersTitanFront {
		dir = dir.Scale(-1)
	}
	hit := atii.HitContextFrom(tb, tb.Pos.Add(dir.Scale(flyerTitanDistance)))
	att := &catalog.Unit{ID: v.Shooters[0], Name: det, Profile: &sheet.Titan{Gunnery: atii.NonTitanGunnery,
		Mounts: []sheet.Mount{{ID: e40kMount, Name: det, Arc: "AR"}}}}
	add := func(name, fpText string) error {
		w, err := weaponVsTitan(name, fpText)
		if err != nil || w == nil {
			return err
		}
		w.Unlimited = true
		sh := atii.ShotSetup{Attacker: att, AttackerID: v.Shooters[0], Mount: e40kMount, Weapon: w,
			Target: t.prof, TargetID: titan, TargetState: t.ts, InArc: true, Visible: true, Hit: hit,
			FirerMoved: true, TargetMoved: t.u.Moved, TargetMovedCM: t.u.MovedDist,
			TargetInCC: len(r.titansInContact(s, t.u)) > 0, Aim: atii.AimHigh}
		if _, err := atii.ToHit(sh, atiiOptions()); err != nil {
			return err
		}
		v.Attacks = append(v.Attacks, sh)
		return nil
	}
	if fpLeft > 0 {
		if err := add(fmt.Sprintf("%s firepower %d", det, fpLeft), strconv.Itoa(fpLeft)); err != nil {
			return nil, err
		}
	}
	for _, w := range orderWeaponsCopy(heavies)[:nw] {
		if err := add(w.Name, w.FP); err != nil {
			return nil, err
		}
	}
	if len(v.Attacks) == 0 {
		return nil, fmt.Errorf("%s has nothing left that can hurt %s (blast markers, Disrupt)", det, titan)
	}
	return v, nil
}

// orderWeaponsCopy is the weapons sorted the way Suppress keeps them (the
// most valuable first), on a copy.
func orderWeaponsCopy(ws []Weapon) []Weapon {
	out := append([]Weapon(nil), ws...)
	orderWeapons(out)
	return out
}

// groundAttackTitan resolves a ground attack on a titan: the enemy's flak
// over the titan first, then the surviving flyers' attacks (FlyerTitanPlan,
// resolveTitanVolley; no blast markers on the titan).
func (r *Ruleset) groundAttackTitan(s *rules.State, d rules.Dice, so Sortie) ([]rules.Event, error) {
	evs, err := r.flak(s, d, so)
	if err != nil {
		return nil, err
	}
	v, err := r.FlyerTitanPlan(s, so.Detachment, so.Target)
	if err != nil {
		return append(evs, rules.Message(fmt.Sprintf("%s's ground attack is lost: %v", so.Detachment, err))), nil
	}
	more, err := r.resolveTitanVolley(s, d, v)
	return append(evs, more...), err
}
