// Package atiisys plugs Adeptus Titanicus II (rules/atii) into the generic
// layers: it binds the ruleset to a scenario's table and builds the
// starting state from a scenario (sides, battlegroups, titans with their
// loadouts, zones, objectives, victory conditions, the mission). It
// implements game.System; cmd/auspex registers it.
package atiisys

import (
	"cmp"
	"errors"
	"fmt"
	"maps"
	"sort"
	"strings"
	"sync"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/world"
)

// System is ATII as a game.System. The zero value is ready to use; New's
// also keeps the embedded terrain table once parsed, for every game it
// starts (the zero value parses it for each game).
type System struct {
	terrain *terrainCache
}

// terrainCache holds the ATII terrain table parsed once. The rules it
// holds are shared by every ruleset built from it and never modified.
type terrainCache struct {
	once  sync.Once
	rules world.TerrainRules
	err   error
}

// New returns the ATII system.
func New() System { return System{terrain: &terrainCache{}} }

// terrainRules returns the embedded ATII terrain table, parsed once per
// System made by New.
func (s System) terrainRules() (world.TerrainRules, error) {
	if s.terrain == nil {
		return assets.LoadTerrainRules(string(catalog.ATII))
	}
	s.terrain.once.Do(func() {
		s.terrain.rules, s.terrain.err = assets.LoadTerrainRules(string(catalog.ATII))
	})
	return s.terrain.rules, s.terrain.err
}

// ID implements game.System: the ruleset id ATII states carry.
func (System) ID() string { return atii.RulesetID }

// Name implements game.System.
func (System) Name() string { return "Adeptus Titanicus II" }

// ProfileReaders implements game.ProfileReaders: the ATII titan sheets.
func (System) ProfileReaders() []catalog.ProfileReader {
	return []catalog.ProfileReader{sheet.Reader{}}
}

// Plays implements game.System: ATII plays the scenarios of system "atii".
func (System) Plays(scn *scenarios.Scenario) bool {
	return scn != nil && scn.System == catalog.ATII
}

// NewRuleset implements game.System: the ATII ruleset bound to the
// scenario's table, with the embedded ATII terrain table. Errors: no
// scenario, a scenario of another system, the terrain table not loading.
func (s System) NewRuleset(scn *scenarios.Scenario) (rules.Ruleset, error) {
	return newRuleset(scn, s.terrainRules)
}

// BuildState implements game.System (see BuildState).
func (System) BuildState(scn *scenarios.Scenario, rs rules.Ruleset, seed uint64, overrides map[string]string) (*rules.State, error) {
	ars, ok := rs.(*atii.Ruleset)
	if !ok {
		return nil, fmt.Errorf("build state: ruleset %T is not ATII's", rs)
	}
	return BuildState(scn, ars, seed, overrides)
}

// ErrNotATII is returned for scenarios of another system.
var ErrNotATII = errors.New("not an ATII scenario")

// NewRuleset returns the ATII ruleset bound to the scenario's table, with
// the embedded ATII terrain table.
func NewRuleset(scn *scenarios.Scenario) (*atii.Ruleset, error) {
	return newRuleset(scn, func() (world.TerrainRules, error) { return assets.LoadTerrainRules(string(catalog.ATII)) })
}

// newRuleset is NewRuleset with the terrain table from terrain.
func newRuleset(scn *scenarios.Scenario, terrain func() (world.TerrainRules, error)) (*atii.Ruleset, error) {
	if scn == nil {
		return nil, errors.New("atii: no scenario")
	}
	if scn.System != catalog.ATII {
		return nil, fmt.Errorf("atii: %s: %w (system %s)", scn.File, ErrNotATII, scn.System)
	}
	tr, err := terrain()
	if err != nil {
		return nil, fmt.Errorf("atii: %w", err)
	}
	rs, err := atii.NewRuleset(scn.Catalogue, tr, scn.World)
	if err != nil {
		return nil, err
	}
	names := map[string]string{}
	for _, z := range scn.Zones {
		if z.Name != "" {
			names[z.ID] = z.Name
		}
	}
	if m := scn.Mission; m != nil && m.Secret {
		_, mapNames, err := missionMaps(scn)
		if err != nil {
			return nil, fmt.Errorf("atii: %s: %w", scn.File, err)
		}
		maps.Copy(names, mapNames)
	}
	rs.SetZoneNames(names)
	return rs, nil
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

// BuildState builds the initial rules.State of an ATII scenario: sides with
// their controllers, battlegroups, titans with their loadouts (checked
// with atii.BuildLoadout) and starting ATII state, the options (the
// scenario's, then overrides), and the game set-up the ruleset reads (turn
// limit, zones, objectives, victory conditions, mission). Units that are
// not placed, and every unit of a deploy-in-zone scenario, wait to be
// deployed in play.
func BuildState(scn *scenarios.Scenario, rs *atii.Ruleset, seed uint64, overrides map[string]string) (*rules.State, error) {
	if scn == nil || rs == nil {
		return nil, errors.New("build state: no scenario or ruleset")
	}
	st := &rules.State{Ruleset: atii.RulesetID, Seed: seed, Options: map[string]string{}}
	for _, o := range scn.Options {
		st.Options[o] = "on"
	}
	for k, v := range overrides {
		st.Options[k] = v
	}
	if _, err := atii.ParseOptions(st.Options); err != nil {
		return nil, fmt.Errorf("build state: %s: %w", scn.File, err)
	}
	deployAll := scn.Deployment == scenarios.DeployInZone
	for _, sd := range scn.Sides {
		st.Sides = append(st.Sides, rules.Side{ID: sd.ID, Name: sd.Name, Controller: controllerKind(sd.Controller.Type)})
		for _, f := range sd.Formations {
			st.Formations = append(st.Formations, rules.Formation{ID: f.ID, Side: sd.ID, Name: f.Name})
			for _, u := range f.Units {
				if u.Profile == nil {
					return nil, fmt.Errorf("build state: unit %s has no profile", u.ID)
				}
				if _, err := atii.BuildLoadout(scn.Catalogue, u.Profile, u.Loadout); err != nil {
					return nil, fmt.Errorf("build state: unit %s: %w", u.ID, err)
				}
				ru := rules.Unit{ID: u.ID, Side: sd.ID, Type: u.Type, Name: u.Name, Formation: f.ID, Pos: u.Pos, Facing: u.Facing,
					Loadout: rules.PairsOf(u.Loadout)}
				if deployAll || !u.Placed {
					ru.Markers.Set(atii.MarkUnplaced, 1)
				}
				if err := rs.InitTitan(&ru); err != nil {
					return nil, fmt.Errorf("build state: %w", err)
				}
				st.Units = append(st.Units, ru)
			}
		}
	}
	setup := atii.GameSetup{TurnLimit: scn.TurnLimit, Zones: map[string][][]atii.Point{}, SideZones: map[string]string{}}
	for _, z := range scn.Zones {
		var pieces [][]atii.Point
		for _, pc := range z.Area.Polygons() {
			pieces = append(pieces, points(pc))
		}
		setup.Zones[z.ID] = pieces
	}
	for _, sd := range scn.Sides {
		if sd.Zone != "" {
			setup.SideZones[sd.ID] = sd.Zone
		}
	}
	for _, o := range scn.Objectives {
		setup.Objectives = append(setup.Objectives, atii.ObjectivePoint{ID: o.ID, Label: o.Label, Pos: atii.Point{X: o.Pos.X, Y: o.Pos.Y}})
	}
	for _, v := range scn.Victory {
		setup.Victory = append(setup.Victory, atii.VictoryRule{Side: v.Side, Result: v.Result, AtEnd: v.AtEnd, When: v.When.Rules()})
	}
	if m := scn.Mission; m != nil {
		ms := &atii.MissionSetup{Secret: m.Secret, ForceLevel: m.ForceLevel}
		if len(m.Objectives) > 0 {
			ms.Objectives = map[string]string{}
			keys := make([]string, 0, len(m.Objectives))
			for k := range m.Objectives {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				ms.Objectives[k] = m.Objectives[k]
			}
		}
		setup.Mission = ms
		if m.Secret {
			maps, _, err := missionMaps(scn)
			if err != nil {
				return nil, fmt.Errorf("build state: %s: %w", scn.File, err)
			}
			setup.Maps = maps
		}
	}
	if err := atii.SetSetup(st, setup); err != nil {
		return nil, fmt.Errorf("build state: %w", err)
	}
	return st, nil
}

// MissionMapPrefix names the bundled scenarios that hold the mission
// generator's deployment maps: MissionMapPrefix + "a" ... "f".
const MissionMapPrefix = "atii-map-"

// missionMaps reads the deployment maps A-F from the bundled map scenarios
// for a mission that generates its map: each map's zones, scaled from the
// map's table to the mission's, under ids "map-X/zone", and its two sides'
// zones with the objective type the map scenario gives each side; and
// the players' names of those zones ("map C's south edge").
func missionMaps(scn *scenarios.Scenario) (map[string]atii.MapDeployment, map[string]string, error) {
	out, names := map[string]atii.MapDeployment{}, map[string]string{}
	for _, letter := range []string{"A", "B", "C", "D", "E", "F"} {
		name := MissionMapPrefix + strings.ToLower(letter)
		ms, err := scenarios.LoadBundled(name, scn.Catalogue)
		if err != nil {
			return nil, nil, fmt.Errorf("deployment map %s: %w", letter, err)
		}
		if ms.Table.W <= 0 || ms.Table.H <= 0 {
			return nil, nil, fmt.Errorf("deployment map %s: no table size", letter)
		}
		sx, sy := scn.Table.W/ms.Table.W, scn.Table.H/ms.Table.H
		md := atii.MapDeployment{Zones: map[string][][]atii.Point{}}
		for _, z := range ms.Zones {
			var pieces [][]atii.Point
			for _, pc := range z.Area.Polygons() {
				pts := points(pc)
				for i := range pts {
					pts[i].X *= sx
					pts[i].Y *= sy
				}
				pieces = append(pieces, pts)
			}
			md.Zones["map-"+letter+"/"+z.ID] = pieces
			names["map-"+letter+"/"+z.ID] = "map " + letter + "'s " + cmp.Or(strings.ToLower(z.Name), z.ID)
		}
		for _, sd := range ms.Sides {
			if sd.Zone == "" {
				continue
			}
			slot := atii.MapSlot{Zone: "map-" + letter + "/" + sd.Zone}
			if ms.Mission != nil {
				slot.Type = atii.ObjectiveType(ms.Mission.Objectives[sd.ID])
			}
			md.Slots = append(md.Slots, slot)
		}
		if len(md.Slots) != 2 {
			return nil, nil, fmt.Errorf("deployment map %s: %d side zones, want 2", letter, len(md.Slots))
		}
		if md.Slots[0].Type == md.Slots[1].Type {
			md.Slots[0].Type, md.Slots[1].Type = "", ""
		}
		out[letter] = md
	}
	return out, names, nil
}

func points(vs []world.Vec) []atii.Point {
	out := make([]atii.Point, len(vs))
	for i, v := range vs {
		out[i] = atii.Point{X: v.X, Y: v.Y}
	}
	return out
}
