// Package e40ksys plugs Epic 40,000 (rules/e40k) into the generic layers:
// it binds the ruleset to a scenario's table with the E40K terrain table,
// and builds the starting state from a scenario (sides, detachments with
// their HQs, stands and vehicles, the options, the strategy ratings of
// the armies the sides field, the turn limit, objectives, zones and
// victory conditions). It implements game.System; cmd/auspex registers
// it.
package e40ksys

import (
	"errors"
	"fmt"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/world"
)

// System is E40K as a game.System. The zero value is ready to use.
type System struct{}

// New returns the E40K system.
func New() System { return System{} }

// ID implements game.System: the ruleset id E40K states carry.
func (System) ID() string { return e40k.RulesetID }

// Name implements game.System.
func (System) Name() string { return "Epic 40,000" }

// ProfileReaders implements game.ProfileReaders: the E40K datasheets and
// the sheets of the ATII titans an E40K battle fields.
func (System) ProfileReaders() []catalog.ProfileReader {
	return []catalog.ProfileReader{e40k.DatasheetReader{}, sheet.Reader{}}
}

// Plays implements game.System: E40K plays the scenarios of system
// "e40k".
func (System) Plays(scn *scenarios.Scenario) bool {
	return scn != nil && scn.System == catalog.E40K
}

// NewRuleset implements game.System (see NewRuleset).
func (System) NewRuleset(scn *scenarios.Scenario) (rules.Ruleset, error) {
	return NewRuleset(scn)
}

// BuildState implements game.System (see BuildState).
func (System) BuildState(scn *scenarios.Scenario, rs rules.Ruleset, seed uint64, overrides map[string]string) (*rules.State, error) {
	ers, ok := rs.(*e40k.Ruleset)
	if !ok {
		return nil, fmt.Errorf("build state: ruleset %T is not E40K's", rs)
	}
	return BuildState(scn, ers, seed, overrides)
}

// ErrNotE40K is returned for scenarios of another system.
var ErrNotE40K = errors.New("not an E40K scenario")

// NewRuleset returns the E40K ruleset bound to the scenario's table and
// catalogue, with the embedded E40K terrain table and its infantry armour
// bonuses (digest section 2). Errors: no scenario, a scenario of another
// system, the terrain table not loading.
func NewRuleset(scn *scenarios.Scenario) (*e40k.Ruleset, error) {
	if scn == nil {
		return nil, errors.New("e40k: no scenario")
	}
	if scn.System != catalog.E40K {
		return nil, fmt.Errorf("e40k: %s: %w (system %s)", scn.File, ErrNotE40K, scn.System)
	}
	table, err := assets.LoadTerrainTable(string(catalog.E40K))
	if err != nil {
		return nil, fmt.Errorf("e40k: %w", err)
	}
	bonus := map[world.Kind]int{}
	for k, e := range table {
		if e.ArmourBonus != 0 {
			bonus[k] = e.ArmourBonus
		}
	}
	return e40k.NewRulesetWith(scn.Catalogue, table.Rules(), scn.World, e40k.Tables{ArmourBonus: bonus})
}

// controllerKind maps a scenario controller type to the engine's.
func controllerKind(t string) string {
	switch t {
	case "ai":
		return rules.ControllerAI
	case "scripted":
		return rules.ControllerScript
	}
	return rules.ControllerHuman
}

// BuildState builds the initial rules.State of an E40K scenario: two
// sides with their controllers, one detachment per scenario formation,
// its units with their positions (titans with their loadouts, in
// formations of their own: the ruleset sets up their ATII state), the
// detachment's HQ (E40K-CMD-1: the first unit whose profile may command,
// else the first unit; titan formations have none), the
// options (the scenario's, then overrides) and the set-up the ruleset
// reads (Ratings, the turn limit, objectives, zones, victory rules).
// Errors: not two sides, units to be deployed in play (E40K scenarios are
// pre-placed), a unit without a profile or one E40K cannot field, bad
// options.
func BuildState(scn *scenarios.Scenario, rs *e40k.Ruleset, seed uint64, overrides map[string]string) (*rules.State, error) {
	if scn == nil || rs == nil {
		return nil, errors.New("build state: no scenario or ruleset")
	}
	if len(scn.Sides) != 2 {
		return nil, fmt.Errorf("build state: %s: E40K needs two sides, the scenario has %d", scn.File, len(scn.Sides))
	}
	st := &rules.State{Ruleset: e40k.RulesetID, Seed: seed, Options: map[string]string{}}
	for _, o := range scn.Options {
		st.Options[o] = "on"
	}
	for k, v := range overrides {
		st.Options[k] = v
	}
	opts, err := e40k.ParseOptions(st.Options)
	if err != nil {
		return nil, fmt.Errorf("build state: %s: %w", scn.File, err)
	}
	for _, sd := range scn.Sides {
		st.Sides = append(st.Sides, rules.Side{ID: sd.ID, Name: sd.Name, Controller: controllerKind(sd.Controller.Type)})
		for _, f := range sd.Formations {
			st.Formations = append(st.Formations, rules.Formation{ID: f.ID, Side: sd.ID, Name: f.Name})
			if err := checkFlyers(f); err != nil {
				return nil, fmt.Errorf("build state: %s: %w", scn.File, err)
			}
			hq := hqOf(f)
			for _, u := range f.Units {
				if err := checkUnit(scn, u, opts); err != nil {
					return nil, fmt.Errorf("build state: %s: %w", scn.File, err)
				}
				ru := rules.Unit{ID: u.ID, Side: sd.ID, Type: u.Type, Name: u.Name, Formation: f.ID, Pos: u.Pos, Facing: u.Facing,
					Loadout: rules.PairsOf(u.Loadout)}
				if u == hq {
					ru.Markers.Set(e40k.MarkHQ, 1)
				}
				st.Units = append(st.Units, ru)
			}
		}
	}
	su := e40k.Setup{TurnLimit: scn.TurnLimit, Ratings: Ratings(scn), Zones: map[string][][]world.Vec{}}
	for _, z := range scn.Zones {
		su.Zones[z.ID] = z.Area.Polygons()
	}
	for _, o := range scn.Objectives {
		su.Objectives = append(su.Objectives, e40k.Objective{ID: o.ID, Pos: o.Pos})
	}
	for _, v := range scn.Victory {
		su.Victory = append(su.Victory, e40k.VictoryRule{Side: v.Side, Result: v.Result, AtEnd: v.AtEnd, When: v.When.Rules()})
	}
	if err := e40k.SetSetup(st, su); err != nil {
		return nil, fmt.Errorf("build state: %w", err)
	}
	return st, nil
}

// checkUnit refuses units E40K cannot field: no profile, not placed, or a
// profile FromCatalog rejects.
func checkUnit(scn *scenarios.Scenario, u *scenarios.Unit, o e40k.Options) error {
	if u.Profile == nil {
		return fmt.Errorf("unit %s has no profile", u.ID)
	}
	if scn.Deployment == scenarios.DeployInZone || !u.Placed {
		return fmt.Errorf("unit %s has no position: E40K scenarios place every unit (no deployment step yet)", u.ID)
	}
	if _, err := e40k.FromCatalog(scn.Catalogue, u.Profile, o); err != nil {
		return fmt.Errorf("unit %s: %w", u.ID, err)
	}
	return nil
}

// checkFlyers refuses a detachment that mixes flyers with other units:
// flyers fly their missions from off the table as detachments of their
// own (digest 8.6).
func checkFlyers(f *scenarios.Formation) error {
	flyers := 0
	for _, u := range f.Units {
		if u.Profile != nil && e40k.DatasheetOf(u.Profile).Flyer {
			flyers++
		}
	}
	if flyers > 0 && flyers < len(f.Units) {
		return fmt.Errorf("detachment %s mixes flyers with other units: flyers fly in detachments of their own (digest 8.6)", f.ID)
	}
	return nil
}

// hqOf returns the unit of a detachment that starts as its HQ: the first
// whose profile may command (catalogue hq: true), else the first unit;
// nil for a formation of titans (not a detachment: no HQ, seed 002).
func hqOf(f *scenarios.Formation) *scenarios.Unit {
	for _, u := range f.Units {
		if u.Profile != nil && u.Profile.Class == world.Titan {
			return nil
		}
	}
	for _, u := range f.Units {
		if u.Profile != nil && u.Profile.HQ() {
			return u
		}
	}
	if len(f.Units) > 0 {
		return f.Units[0]
	}
	return nil
}

// Ratings returns each side's strategy rating (E40K-INI-1): the rating of
// the army list whose detachment templates name most of the side's unit
// types (ties: the first army id), its mixed rating when the side also
// fields a unit that army does not list (another army's units, titans).
// A side none of whose units is in an army list gets no rating (the
// ruleset then rolls off).
func Ratings(scn *scenarios.Scenario) map[string]int {
	out := map[string]int{}
	if scn == nil || scn.Catalogue == nil {
		return out
	}
	cat := scn.Catalogue
	for _, sd := range scn.Sides {
		count := map[string]int{}
		var types []string
		for _, f := range sd.Formations {
			for _, u := range f.Units {
				types = append(types, u.Type)
				for _, a := range cat.ArmiesWithUnit(u.Type) {
					count[a]++
				}
			}
		}
		best := ""
		for _, a := range cat.ArmyIDs() {
			if count[a] > count[best] || (best == "" && count[a] > 0) {
				best = a
			}
		}
		if best == "" {
			continue
		}
		army := cat.Armies[best]
		mixed := count[best] < len(types)
		out[sd.ID] = army.Rating(mixed)
	}
	return out
}
