package atii

import (
	"fmt"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
)

// RepairShield names a knocked-down void shield in repair priorities.
const RepairShield = "shield"

// RepairTarget is the repair success threshold (ATII-REP-1).
const RepairTarget = 4

// RepairDiceFor is the class number of repair dice (ATII-REP-1): scout 4,
// battle 8, emperor 12. Profiles carry their own value; this checks them.
func RepairDiceFor(titanClass string) (int, error) {
	switch titanClass {
	case "scout":
		return 4, nil
	case "battle":
		return 8, nil
	case "emperor":
		return 12, nil
	}
	return 0, fmt.Errorf("unknown titan class %q", titanClass)
}

// repairOne applies one repair to target in s, reporting whether there was
// anything to repair: a knocked-down shield comes back at the start of the
// next turn; Superficial damage to a weapon, the head, the legs or the
// reactor is removed; Major head or reactor damage becomes Superficial.
// Lost weapons, Major leg damage, generator damage and Armour Cracked
// cannot be repaired.
func repairOne(u *catalog.Unit, s *TitanState, target string) bool {
	if target == RepairShield {
		if s.ShieldsDown == 0 {
			return false
		}
		s.ShieldsDown--
		s.ShieldsRepairing++
		return true
	}
	lv := s.Level(target)
	switch target {
	case LocHead, LocReactor:
		switch lv {
		case Superficial:
			s.setLevel(target, Undamaged)
			return true
		case Major:
			s.setLevel(target, Superficial)
			return true
		}
	case LocLegs:
		if lv == Superficial {
			s.setLevel(target, Undamaged)
			return true
		}
	case LocVSG:
	default:
		if mountByID(u, target) != nil && lv == Superficial {
			s.setLevel(target, Undamaged)
			return true
		}
	}
	return false
}

// Repairable lists what a repair could fix now, one entry per repair (a
// shield entry per knocked-down shield; Major head or reactor damage is
// listed twice, it takes two repairs to clear).
func Repairable(u *catalog.Unit, s TitanState) []string {
	var out []string
	var buf [16]string
	for _, loc := range appendLocations(buf[:0], u) {
		if s.Level(loc) == Undamaged {
			continue // repairOne fixes nothing there: no copy to make
		}
		t := s.Clone()
		for repairOne(u, &t, loc) {
			out = append(out, loc)
		}
	}
	for i := 0; i < s.ShieldsDown; i++ {
		out = append(out, RepairShield)
	}
	return out
}

// anyRepairable reports whether Repairable(u, s) is not empty, without
// listing it.
func anyRepairable(u *catalog.Unit, s TitanState) bool {
	if s.ShieldsDown > 0 {
		return true
	}
	var buf [16]string
	for _, loc := range appendLocations(buf[:0], u) {
		if s.Level(loc) == Undamaged {
			continue
		}
		if t := s.Clone(); repairOne(u, &t, loc) {
			return true
		}
	}
	return false
}

// RepairOutcome is the rally phase repair roll of one titan.
type RepairOutcome struct {
	Faces []int `json:"faces,omitempty"`
	// Rerolls are the damage control re-rolls of failed dice.
	Rerolls   []int      `json:"rerolls,omitempty"`
	Successes int        `json:"successes"`
	Repaired  []string   `json:"repaired,omitempty"`
	State     TitanState `json:"state"`
}

// Repair rolls a damaged titan's repair dice (ATII-REP-1): one D6 per
// repair die of its profile, each 4+ repairs one damaged system or void
// shield (shields work again from the start of the next turn, see
// StartTurn). With damage control (advanced rule, the titan neither moved
// nor shot) failed dice are re-rolled once. Successes go to the player's
// priorities in order (locations or RepairShield, repeats allowed),
// entries with nothing left to repair are skipped, and successes left over
// go to whatever Repairable lists next. A titan with nothing to repair
// rolls nothing.
func Repair(u *catalog.Unit, s TitanState, priorities []string, opts Options, d rules.Dice) (RepairOutcome, error) {
	out := RepairOutcome{State: s.Clone()}
	for _, p := range priorities {
		if p == RepairShield {
			continue
		}
		switch p {
		case LocLegs, LocHead, LocReactor, LocVSG:
			continue
		}
		if mountByID(u, p) == nil {
			return out, fmt.Errorf("repair: %s has no location %q", u.Name, p)
		}
	}
	if s.Destroyed || !anyRepairable(u, s) {
		return out, nil
	}
	if err := rollRepairs(u, s, opts, d, &out); err != nil {
		return out, err
	}
	left := out.Successes
	for _, p := range priorities {
		if left == 0 {
			break
		}
		if repairOne(u, &out.State, p) {
			out.Repaired = append(out.Repaired, p)
			left--
		}
	}
	for left > 0 {
		rest := Repairable(u, out.State)
		if len(rest) == 0 {
			break
		}
		repairOne(u, &out.State, rest[0])
		out.Repaired = append(out.Repaired, rest[0])
		left--
	}
	return out, nil
}

// RollRepairs rolls a damaged titan's repair dice (ATII-REP-1; with
// damage control failed dice are re-rolled once) and counts the
// successes, leaving the state unrepaired: the player then allocates them
// (AllocateRepairs). A titan with nothing to repair rolls nothing.
func RollRepairs(u *catalog.Unit, s TitanState, opts Options, d rules.Dice) (RepairOutcome, error) {
	out := RepairOutcome{State: s.Clone()}
	if s.Destroyed || !anyRepairable(u, s) {
		return out, nil
	}
	return out, rollRepairs(u, s, opts, d, &out)
}

func rollRepairs(u *catalog.Unit, s TitanState, opts Options, d rules.Dice, out *RepairOutcome) error {
	roll := rules.Roll{Sides: 6, Target: RepairTarget}
	if !rules.Quiet(d) { // a quiet game logs no roll
		roll.Purpose, roll.Units = fmt.Sprintf("repairs (%d dice, 4+)", sheet.Of(u).RepairDice), []string{u.ID}
	}
	var err error
	out.Faces, err = rollDice(d, roll, sheet.Of(u).RepairDice)
	if err != nil {
		return err
	}
	failed := 0
	for _, f := range out.Faces {
		if f >= RepairTarget {
			out.Successes++
		} else {
			failed++
		}
	}
	if opts.DamageControl && s.DamageControl && failed > 0 {
		out.Rerolls, err = rollDice(d, rules.Roll{Purpose: "damage control: re-roll failed repairs (4+)", Sides: 6, Target: RepairTarget, Units: roll.Units}, failed)
		if err != nil {
			return err
		}
		for _, f := range out.Rerolls {
			if f >= RepairTarget {
				out.Successes++
			}
		}
	}
	return nil
}

// RepairsToAllocate is how many repairs a titan with successes must
// allocate: every success, unless there is less to repair.
func RepairsToAllocate(u *catalog.Unit, s TitanState, successes int) int {
	return min(successes, len(Repairable(u, s)))
}

// AllocateRepairs applies the player's allocation of repair successes:
// systems (locations or RepairShield, repeats for several repairs) in
// order, exactly RepairsToAllocate of them, each still repairable when its
// turn comes. It returns the new state. Errors: the wrong number of
// repairs, or a system with nothing (left) to repair.
func AllocateRepairs(u *catalog.Unit, s TitanState, successes int, systems []string) (TitanState, error) {
	want := RepairsToAllocate(u, s, successes)
	if len(systems) != want {
		return s, fmt.Errorf("%d repair(s) to allocate, %d given", want, len(systems))
	}
	out := s.Clone()
	for i, sys := range systems {
		if !repairOne(u, &out, sys) {
			return s, fmt.Errorf("repair %d: %s has nothing (left) to repair on %q (repairable: %v)", i+1, u.Name, sys, Repairable(u, out))
		}
	}
	return out, nil
}

// RepairOdds is the exact distribution of repair successes (binomial with
// p = 1/2 per die, or 3/4 with a damage-control re-roll).
func RepairOdds(u *catalog.Unit, s TitanState, opts Options) Dist {
	if s.Destroyed || !anyRepairable(u, s) {
		return Dist{1}
	}
	p := 0.5
	if opts.DamageControl && s.DamageControl {
		p = 0.75
	}
	return binomial(sheet.Of(u).RepairDice, p)
}
