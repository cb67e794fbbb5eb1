// Package e40k is the Epic 40,000 (1997) ruleset with the Epic Remastered
// (2021 playtest) options: resolution functions with exact odds (the
// firepower table, hit allocation, blast markers, leadership, close combat
// and firefights, retreats, rallies, the command check, initiative counters,
// preparatory bombardment) and the game itself on the rules engine.
//
// Every resolution function works on explicit inputs (profiles, counts,
// distances measured by the caller with the world package); functions that
// roll take a rules.Dice and record each roll with its purpose and target;
// most have an exact-odds twin returning a rules.Dist.
//
// Rule ids (E40K-LD-1, REM-WE-1...) refer to ../shared/rules/DIGEST.md
// sections 2, 3 and 8; docs/rules/e40k.md maps them to the tests.
package e40k

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/auspex/auspex/rules"
)

// Option ids. Readings of uncertain rules have a default (off) and a named
// alternative; the Epic Remastered playtest rules are options on the E40K
// base, off by default.
const (
	// OptFPRowsFloor reads the reconstructed firepower table rows 1-8 by
	// rounding down (at least 1 die) instead of the default rounding that
	// reproduces the known rows 9-20.
	OptFPRowsFloor = "e40k/fp-rows-floor"
	// OptFlyersQuickRearm lets flyers that flew a mission fly again the
	// next turn (default: they spend the next turn rearming).
	OptFlyersQuickRearm = "e40k/flyers-quick-rearm"
	// OptTransportBailOut lets the stands aboard a transport destroyed on
	// the table get out beside the wreck (default: they are lost with it).
	OptTransportBailOut = "e40k/transport-bail-out"
	// OptNoArmyMorale switches the army morale victory condition off.
	OptNoArmyMorale = "e40k/no-army-morale"

	// OptWEAllocation is REM-WE-1: a war engine counts as its remaining
	// damage capacity plus shields units for hit allocation.
	OptWEAllocation = "remastered/we-allocation"
	// OptWESupport is REM-WE-2: war engines support close combat with half
	// their remaining DC (rounded up) instead of +1.
	OptWESupport = "remastered/we-support"
	// OptWESuppression is REM-WE-3: two blast markers suppress one
	// super-heavy weapon.
	OptWESuppression = "remastered/we-suppression"
	// OptResilient is REM-RES-1: units with the resilient special have 2
	// DC and count as two units for allocation.
	OptResilient = "remastered/resilient"
	// OptLandRaiderTrial gives the Land Raider the trial profile of
	// REM-RES-1: resilient, one AT 4+ shot, 54 points.
	OptLandRaiderTrial = "remastered/land-raider-trial"
	// OptMixedFire is REM-MIX-1: firepower (with anti-tank and
	// anti-personnel shots) is resolved first, then super-heavy weapons
	// against the remaining units.
	OptMixedFire = "remastered/mixed-fire"
	// OptMixedFireReverse is the optional reverse order of REM-MIX-1:
	// super-heavy weapons first (implies OptMixedFire).
	OptMixedFireReverse = "remastered/mixed-fire-reverse"
	// OptCC2D6 is REM-CC-1: the close combat and firefight result roll is
	// 2D6, keep the highest.
	OptCC2D6 = "remastered/cc-2d6"
	// OptATFixed is REM-AT-1: anti-tank and macro weapon shots hit on a
	// fixed 4+.
	OptATFixed = "remastered/at-fixed"
	// OptMoveThrough is REM-MOV-1: units may move through allied units
	// except war engines, never through enemies (jump packs and skimmers
	// may jump over contacted enemies in assault moves).
	OptMoveThrough = "remastered/move-through"
	// OptAssaultMove is REM-ASM-1: assault moves unit by unit, at least
	// 5 cm or into contact, never away from the closest uncontacted enemy.
	OptAssaultMove = "remastered/assault-move"
)

// Options are the named options resolved to booleans. The zero value is
// the default game: best readings, no Remastered rules.
type Options struct {
	FPRowsFloor      bool
	NoArmyMorale     bool
	FlyersQuickRearm bool
	TransportBailOut bool
	WEAllocation     bool
	WESupport        bool
	WESuppression    bool
	Resilient        bool
	LandRaiderTrial  bool
	MixedFire        bool
	MixedFireReverse bool
	CC2D6            bool
	ATFixed          bool
	MoveThrough      bool
	AssaultMove      bool
	// WeaponOptions are the readings of the special weapons, snap fire,
	// war engine damage and retreats (options_weapons.go).
	WeaponOptions
	// ReadingOptions are the alternatives to the readings the audit
	// listed and the Counterattack card (options_readings.go).
	ReadingOptions
	// TitanOptions are the readings of titans inside E40K battles
	// (options_titans.go).
	TitanOptions
	// CritOptions are the readings of war engine critical damage
	// (options_crit.go).
	CritOptions
}

// OptionInfo documents one named option.
type OptionInfo struct {
	ID string
	// Kind is "reading" (an uncertain reading of the source), "rule" (an
	// optional rule of the base game) or "remastered" (Epic Remastered).
	Kind        string
	Description string
	field       func(*Options) *bool
}

// optionTable is built on each call (no package-level mutable state).
func optionTable() []OptionInfo {
	return append([]OptionInfo{
		{OptFPRowsFloor, "reading", "Firepower table rows 1-8 (not found in any source) rounded down, at least 1 die (default: marching 3/4, open 1/2, cover 2/5 of the firepower rounded half up, which reproduces the known rows 9-20).", func(o *Options) *bool { return &o.FPRowsFloor }},
		{OptNoArmyMorale, "rule", "No army morale: the game is decided by the scenario conditions only (default: an army that has lost half its units loses at the end of the turn).", func(o *Options) *bool { return &o.NoArmyMorale }},
		{OptFlyersQuickRearm, "reading", "Flyers that flew a ground attack or transport mission, and interceptors that attacked, may fly again the next turn (default: they spend the next turn rearming and fly the turn after).", func(o *Options) *bool { return &o.FlyersQuickRearm }},
		{OptTransportBailOut, "reading", "Stands aboard a transport destroyed on the table get out beside the wreck (they have moved; their detachment takes a blast marker; those with no room are lost); a flyer's troops are always lost with it (default: every stand aboard is lost with its transport).", func(o *Options) *bool { return &o.TransportBailOut }},
		{OptWEAllocation, "remastered", "REM-WE-1: a war engine counts as remaining DC plus shields units for hit allocation; the nearest is filled first.", func(o *Options) *bool { return &o.WEAllocation }},
		{OptWESupport, "remastered", "REM-WE-2: war engines of a detachment within 15 cm add half their remaining DC (rounded up) to a close combat instead of +1.", func(o *Options) *bool { return &o.WESupport }},
		{OptWESuppression, "remastered", "REM-WE-3: each super-heavy weapon needs two blast markers to suppress.", func(o *Options) *bool { return &o.WESuppression }},
		{OptResilient, "remastered", "REM-RES-1: resilient units have 2 DC and count as two units for allocation (dice go in pairs that can or cannot affect them); a Death Ray destroys them outright.", func(o *Options) *bool { return &o.Resilient }},
		{OptLandRaiderTrial, "remastered", "REM-RES-1 trial profile: Land Raiders are resilient with one AT 4+ shot, 54 points.", func(o *Options) *bool { return &o.LandRaiderTrial }},
		{OptMixedFire, "remastered", "REM-MIX-1: firepower, anti-tank and anti-personnel shots are resolved first, then super-heavy weapons against the remaining units (default: all hits allocated together).", func(o *Options) *bool { return &o.MixedFire }},
		{OptMixedFireReverse, "remastered", "REM-MIX-1 optional order: super-heavy weapons are resolved first, then firepower, anti-tank and anti-personnel shots.", func(o *Options) *bool { return &o.MixedFireReverse }},
		{OptCC2D6, "remastered", "REM-CC-1: the close combat and firefight result roll is 2D6, keep the highest (default: one D6).", func(o *Options) *bool { return &o.CC2D6 }},
		{OptATFixed, "remastered", "REM-AT-1: anti-tank and macro weapon shots hit on a fixed 4+ (default: the target's armour).", func(o *Options) *bool { return &o.ATFixed }},
		{OptMoveThrough, "remastered", "REM-MOV-1: units move through allied units except war engines, never through enemies (jump packs and skimmers may jump over contacted enemies in assault moves); default: no unit may pass through another.", func(o *Options) *bool { return &o.MoveThrough }},
		{OptAssaultMove, "remastered", "REM-ASM-1: assault moves unit by unit, at least 5 cm or into contact, straight toward some enemy unit, never away from the closest uncontacted enemy; war engines may stay still but then start no combat.", func(o *Options) *bool { return &o.AssaultMove }},
	}, slices.Concat(weaponOptionTable(), readingOptionTable(), titanOptionTable(), critOptionTable())...)
}

// OptionList returns every option, sorted by id.
func OptionList() []OptionInfo {
	t := optionTable()
	sort.Slice(t, func(i, j int) bool { return t[i].ID < t[j].ID })
	return t
}

// RulesOptions returns the options in the engine's form: toggles with
// values "off" (the default) and "on".
func RulesOptions() []rules.Option {
	var out []rules.Option
	for _, o := range OptionList() {
		out = append(out, rules.Option{Name: o.ID, Doc: o.Description, Default: "off", Values: []string{"off", "on"}})
	}
	return out
}

// ParseOptions resolves option values ("on"/"off", also "true"/"false",
// "yes"/"no") keyed by id. Errors: an unknown id or value, naming it; ids
// not given stay off.
func ParseOptions(given map[string]string) (Options, error) {
	var o Options
	byID := map[string]OptionInfo{}
	for _, info := range optionTable() {
		byID[info.ID] = info
	}
	keys := make([]string, 0, len(given))
	for k := range given {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		info, ok := byID[k]
		if !ok {
			return Options{}, fmt.Errorf("e40k: unknown option %q", k)
		}
		switch strings.ToLower(given[k]) {
		case "on", "true", "yes":
			*info.field(&o) = true
		case "off", "false", "no", "":
			*info.field(&o) = false
		default:
			return Options{}, fmt.Errorf("e40k: option %s: value %q is not on or off", k, given[k])
		}
	}
	if o.MixedFireReverse {
		o.MixedFire = true
	}
	if o.CounterattackCard {
		o.CC2D6 = true
	}
	return o, nil
}

// Enabled returns the ids of the options that are on, sorted.
func (o Options) Enabled() []string {
	var ids []string
	for _, info := range OptionList() {
		if *info.field(&o) {
			ids = append(ids, info.ID)
		}
	}
	return ids
}
