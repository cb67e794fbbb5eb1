// Package rules is Auspex's rules engine: serialisable game State, Commands
// (read-only Validate, Apply as the only mutator), Events, phases as data,
// seeded and logged dice, exact odds, save/replay/undo. Rulesets for each
// system live in sub-packages (rules/atii, ...). The package is pure Go:
// standard library only, no clock, no global randomness, no I/O.
package rules

// Roll is one logged die roll (or a group of dice rolled together for one
// purpose). Every die the rules use is recorded as a Roll event.
type Roll struct {
	// Purpose says what the roll decides, e.g. "to hit: Gatling Blaster".
	Purpose string `json:"purpose"`
	// Sides of each die (6 for D6, 10 for d10).
	Sides int `json:"sides"`
	// Faces are the natural results, in the order rolled.
	Faces []int `json:"faces"`
	// Target is the number each die must equal or beat after modifiers, 0
	// when the roll is summed or read from a table instead.
	Target int `json:"target,omitempty"`
	// Mods explains the modifiers, e.g. "base 4+", "+1 firer stationary".
	Mods []string `json:"mods,omitempty"`
	// Units are the ids of the units involved (for highlighting in the log).
	Units []string `json:"units,omitempty"`
}

// Dice is the source of every random number the rules use. Implementations:
// the seeded stream (keyed by game seed and command index), a manual source
// fed by a player's real rolls, and scripted sources in tests. Each call
// returns n natural results of a die with the given sides and records the
// roll (with its purpose, target and modifier text) for the log.
type Dice interface {
	Roll(r Roll, n int) []int
}
