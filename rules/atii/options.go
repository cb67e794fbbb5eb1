// Package atii is the Adeptus Titanicus II ruleset (titan battles for Epic
// 40,000, 2000) as pure functions: movement allowances, to-hit numbers, hit
// locations, damage with escalation, void shields, weapon specials, close
// combat, repairs, the mission generator and victory points.
//
// Every function works on explicit inputs: profiles from rules/catalog, a
// titan's damage state (TitanState), and the geometry facts the caller has
// measured with the world package (range, arc, cover, quadrant). Functions
// that roll take a rules.Dice and record each roll with its purpose, target
// and modifiers; each resolver has an exact-odds twin that computes the
// distribution of outcomes without rolling.
//
// Rule ids (ATII-MOV-2, ATII-SHT-6...) refer to ../shared/rules/DIGEST.md
// section 1; docs/rules/atii.md maps them to the tests.
package atii

import (
	"fmt"
	"sort"
	"strings"

	"github.com/auspex/auspex/rules"
)

// Option ids. Uncertain readings of the source have a default (off) and a
// named alternative; advanced rules are optional in the source and off by
// default.
const (
	// OptShieldDropOnZero: a void shield hit with a damage result of
	// exactly 0 also knocks the shield down (default: only 1 or more).
	OptShieldDropOnZero = "atii/shield-drop-on-zero"
	// OptVortex2D6: a Vortex missile adds 2D6 to its Str (the footnote)
	// instead of D6 (the printed profile, default).
	OptVortex2D6 = "atii/vortex-2d6"
	// OptCCAccuracyNone: close combat weapons ignore their accuracy (the
	// column is mostly lost in the source).
	OptCCAccuracyNone = "atii/cc-accuracy-none"
	// OptPointBlankShieldsAlways: void shields never stop point-blank fire
	// (default: only fire at a close combat opponent ignores them).
	OptPointBlankShieldsAlways = "atii/point-blank-ignores-shields-always"
	// OptFlatTerrainSight: terrain blocks or screens titans whatever their
	// height (default: titans see over terrain lower than them, and are
	// hidden only where it screens them; docs/rules/atii.md).
	OptFlatTerrainSight = "atii/flat-terrain-sight"

	// Advanced rules.
	OptOvercharge      = "atii/overcharge-engines"
	OptMergeShields    = "atii/merge-void-shields"
	OptShootIntoCC     = "atii/shoot-into-close-combat"
	OptDamageControl   = "atii/damage-control"
	OptPointBlank      = "atii/point-blank-fire"
	OptOverwatch       = "atii/overwatch"
	OptOverloadShields = "atii/overload-void-shields"
)

// Options are the ATII named options resolved to booleans. The zero value
// is the default game: best readings, no advanced rules.
type Options struct {
	ShieldDropOnZero        bool
	Vortex2D6               bool
	CCAccuracyNone          bool
	PointBlankShieldsAlways bool
	FlatTerrainSight        bool

	Overcharge      bool
	MergeShields    bool
	ShootIntoCC     bool
	DamageControl   bool
	PointBlank      bool
	Overwatch       bool
	OverloadShields bool
}

// OptionInfo documents one named option.
type OptionInfo struct {
	ID string
	// Kind is "reading" (an uncertain reading of the source) or
	// "advanced" (an optional rule of the source).
	Kind        string
	Description string
	Default     bool
	field       func(*Options) *bool
}

// optionTable is built on each call (no package-level mutable state).
func optionTable() []OptionInfo {
	return []OptionInfo{
		{OptShieldDropOnZero, "reading", "A hit on a void shield whose D6+Str-8 is exactly 0 also knocks it down (default: 1 or more needed; the OCR loses the 0 case).", false, func(o *Options) *bool { return &o.ShieldDropOnZero }},
		{OptVortex2D6, "reading", "Vortex missiles add 2D6 to Str 6 (the footnote) instead of D6 (the printed profile).", false, func(o *Options) *bool { return &o.Vortex2D6 }},
		{OptCCAccuracyNone, "reading", "Close combat weapons ignore accuracy (the column survives only as '+1 -1 -'; default reads it in row order: Chainfist +1, Powerfist -1).", false, func(o *Options) *bool { return &o.CCAccuracyNone }},
		{OptPointBlankShieldsAlways, "reading", "Void shields never protect against point-blank fire (default: only point-blank fire at a close combat opponent ignores them).", false, func(o *Options) *bool { return &o.PointBlankShieldsAlways }},
		{OptFlatTerrainSight, "reading", "Terrain blocks and screens titans as flat area terrain, whatever their height (default: a titan sees from, and is seen up to, its height; terrain lower than the sight line hides only the part of the target it screens).", false, func(o *Options) *bool { return &o.FlatTerrainSight }},
		{OptOvercharge, "advanced", "Overcharging engines: declared before moving, doubles Speed (not Man); the titan may not shoot or use weapons that turn.", false, func(o *Options) *bool { return &o.Overcharge }},
		{OptMergeShields, "advanced", "Merging void shields: titans in base contact pool their remaining shields.", false, func(o *Options) *bool { return &o.MergeShields }},
		{OptShootIntoCC, "advanced", "Shooting into close combat: allowed; each hit is randomised between the combatants (shields merged).", false, func(o *Options) *bool { return &o.ShootIntoCC }},
		{OptDamageControl, "advanced", "Damage control: a titan that neither moves nor shoots re-rolls failed repair dice once.", false, func(o *Options) *bool { return &o.DamageControl }},
		{OptPointBlank, "advanced", "Point-blank fire: targets within 15 cm are hit with CCS instead of Gunnery; a close combat opponent may be shot, ignoring shields.", false, func(o *Options) *bool { return &o.PointBlank }},
		{OptOverwatch, "advanced", "Overwatch: a titan that goes on overwatch at the end of a turn may not move or turn next turn but may fire at any moment.", false, func(o *Options) *bool { return &o.Overwatch }},
		{OptOverloadShields, "advanced", "Overloading void shields: when a shield is knocked down roll a D6; 3+ it stays up, 1-2 every generator is blown for the battle.", false, func(o *Options) *bool { return &o.OverloadShields }},
	}
}

// OptionList returns every ATII option with its description and default,
// sorted by id.
func OptionList() []OptionInfo {
	t := optionTable()
	sort.Slice(t, func(i, j int) bool { return t[i].ID < t[j].ID })
	return t
}

// RulesOptions returns the options in the engine's form: toggles with
// values "off" and "on".
func RulesOptions() []rules.Option {
	var out []rules.Option
	for _, o := range OptionList() {
		def := "off"
		if o.Default {
			def = "on"
		}
		out = append(out, rules.Option{Name: o.ID, Doc: o.Description, Default: def, Values: []string{"off", "on"}})
	}
	return out
}

// ParseOptions resolves option values ("on"/"off", also "true"/"false")
// keyed by id. Unknown ids and values are errors naming the id; ids not
// given keep their defaults.
func ParseOptions(given map[string]string) (Options, error) {
	var o Options
	byID := map[string]OptionInfo{}
	for _, info := range optionTable() {
		byID[info.ID] = info
		*info.field(&o) = info.Default
	}
	keys := make([]string, 0, len(given))
	for k := range given {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		info, ok := byID[k]
		if !ok {
			return Options{}, fmt.Errorf("atii: unknown option %q", k)
		}
		switch strings.ToLower(given[k]) {
		case "on", "true", "yes":
			*info.field(&o) = true
		case "off", "false", "no":
			*info.field(&o) = false
		default:
			return Options{}, fmt.Errorf("atii: option %s: value %q is not on or off", k, given[k])
		}
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
