// Package scenarios is Auspex's scenario file format: a strict, versioned
// YAML description of a battle (table, terrain, deployment zones, objectives,
// sides with their armies and controllers, turn limit, victory conditions,
// ATII mission set-up). Parse decodes and validates a file against a unit
// catalogue and reports every problem as "file:line:col: message"; Load and
// Watch read files from disk (Watch follows editors' saves); Bundled and
// LoadBundled give the scenarios embedded in the binary.
//
// The format is documented key by key in docs/scenarios.md.
package scenarios

import (
	"image/color"

	"github.com/auspex/auspex/assets/yamlx"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/world"
)

// FormatVersion is the only scenario format version this build reads.
const FormatVersion = 1

// Error is one problem in a scenario file, with its position.
type Error = yamlx.Error

// Errors is every problem found in a scenario file; Parse returns it as its
// error. Error() prints one problem per line.
type Errors = yamlx.Errors

// Deployment modes.
const (
	// PrePlaced: every unit has its position in the file.
	PrePlaced = "pre-placed"
	// DeployInZone: units are placed by the players inside their side's zone
	// at the start; positions in the file are optional suggestions.
	DeployInZone = "deploy-in-zone"
)

// Scenario is a decoded, validated scenario.
type Scenario struct {
	// File is the name used in messages (a path or "bundled:NAME").
	File string
	// Source is the file's exact text (saves embed it).
	Source []byte

	Format      int
	Name        string
	Description string
	System      catalog.System
	// Options are the ruleset's named options, e.g. "remastered/resilient".
	Options []string
	Table   world.Table
	// World is the table with its terrain, ready for queries.
	World *world.World
	// Zones are named areas: deployment zones and areas used by triggers
	// and scripted tasks.
	Zones      []*Zone
	Objectives []*Objective
	Sides      []*Side
	// TurnLimit is the last turn (0 = no limit).
	TurnLimit int
	Victory   []*VictoryCondition
	// Mission is the ATII mission set-up (nil when absent).
	Mission *Mission
	// Deployment is PrePlaced or DeployInZone.
	Deployment string
	// Catalogue is the catalogue the scenario was validated against (the
	// one given to Parse, extended by the scenario's own files).
	Catalogue *catalog.Catalogue
	// Catalogues are the paths of the scenario's own catalogue files (key
	// "catalogues"), resolved against the scenario file.
	Catalogues []string
	// CatalogueNames are the same files as the key writes them (the
	// names a save keeps their copies under).
	CatalogueNames []string

	units map[string]*Unit
	ids   map[string]string // every id -> what it names
}

// Zone is a named area.
type Zone struct {
	ID, Name  string
	Area      *Area
	Line, Col int
}

// Objective is a marker on the table with an optional label.
type Objective struct {
	ID        string
	Label     string
	Pos       world.Vec
	Line, Col int
}

// Side is one player's force.
type Side struct {
	ID, Name string
	// Colour is the side's colour, from "#rrggbb".
	Colour     color.RGBA
	ColourText string
	// Zone is the id of the side's deployment zone ("" = none).
	Zone       string
	Controller Controller
	Formations []*Formation
	Line, Col  int
}

// Formation is a formation (EA), detachment (E40K) or battlegroup (ATII).
type Formation struct {
	ID, Name  string
	Side      string
	Units     []*Unit
	Line, Col int
}

// Unit is one model on the table.
type Unit struct {
	ID   string
	Name string
	// Type is the catalogue unit id; Profile the looked-up profile.
	Type    string
	Profile *catalog.Unit
	Side    string
	// Formation is the id of the formation the unit belongs to.
	Formation string
	// Pos is the base centre in cm and Facing in degrees (0 = north,
	// clockwise). Placed is false for units to be deployed in play.
	Pos    world.Vec
	Facing float64
	Placed bool
	// Loadout maps every mount id of the profile to the fitted weapon id
	// (defaults filled in).
	Loadout   map[string]string
	Line, Col int
}

// Base returns the unit's base on the table.
func (u *Unit) Base() world.Base {
	b := world.Base{ID: u.ID, Pos: u.Pos, Facing: u.Facing}
	if u.Profile != nil {
		b.Foot = u.Profile.Base
	}
	return b
}

// Label is the unit's name, or its type's name and id.
func (u *Unit) Label() string {
	if u.Name != "" {
		return u.Name
	}
	if u.Profile != nil {
		return u.Profile.Name + " " + u.ID
	}
	return u.ID
}

// Controller says who plays a side.
type Controller struct {
	// Type is "human", "scripted" or "ai".
	Type string
	// Preset is a named behaviour ("cautious", "balanced", "aggressive");
	// Aggression and Caution (0..1) fine-tune it when set (-1 = preset).
	Preset              string
	Aggression, Caution float64
	// Tasks are the scripted opponent's orders per formation.
	Tasks []*Task
	// Level ("easy", "normal", "hard") and TimeBudget (seconds per
	// decision) configure the AI.
	Level      string
	TimeBudget float64
}

// Task is a scripted order for one formation or unit, active once When
// holds.
type Task struct {
	// Formation or Unit names who the task is for (one of them is set).
	Formation string
	Unit      string
	// Task is hold, capture, advance, screen, destroy, reserve, withdraw
	// or patrol.
	Task string
	// Target is the id of an objective, zone, unit, formation or side
	// (which kinds are allowed depends on the task).
	Target string
	// When activates the task (nil = from the start).
	When *Trigger
	// Priorities lists unit type ids or classes to shoot first; Ignore
	// lists unit ids, types or classes never to shoot at.
	Priorities []string
	Ignore     []string
	// Route is a patrol's waypoints: objective or zone ids, visited in
	// turn and then again from the first.
	Route     []string
	Line, Col int
}

// VictoryCondition awards a result to a side when its trigger holds.
type VictoryCondition struct {
	// Side is the winning side's id, "" for a draw.
	Side string
	// Result is a free label ("Major victory"); default "victory"/"draw".
	Result string
	When   *Trigger
	// AtEnd: only checked when the game ends.
	AtEnd     bool
	Line, Col int
}

// Mission is the ATII mission generator's set-up.
type Mission struct {
	// Secret: each side draws its objective card at the start.
	Secret bool
	// Objectives maps side id -> "mobile", "static" or "divided" when known.
	Objectives map[string]string
	// ForceLevel is the points level per side (0 = unset).
	ForceLevel int
	Line, Col  int
}

// MapFor returns the ATII deployment map letter (A..F) for two objective
// types: MM A, MS B, MD C, SS D, SD E, DD F (symmetric). "" when either
// type is unknown.
func MapFor(a, b string) string {
	rank := map[string]int{"mobile": 0, "static": 1, "divided": 2}
	x, ok1 := rank[a]
	y, ok2 := rank[b]
	if !ok1 || !ok2 {
		return ""
	}
	if x > y {
		x, y = y, x
	}
	table := [3][3]string{{"A", "B", "C"}, {"", "D", "E"}, {"", "", "F"}}
	return table[x][y]
}

// Unit returns the unit with the given id, or nil.
func (s *Scenario) Unit(id string) *Unit { return s.units[id] }

// Units returns every unit in file order.
func (s *Scenario) Units() []*Unit {
	var out []*Unit
	for _, sd := range s.Sides {
		for _, f := range sd.Formations {
			out = append(out, f.Units...)
		}
	}
	return out
}

// Bases returns the bases of every placed unit, in file order.
func (s *Scenario) Bases() []world.Base {
	var out []world.Base
	for _, u := range s.Units() {
		if u.Placed {
			out = append(out, u.Base())
		}
	}
	return out
}

// Side returns the side with the given id, or nil.
func (s *Scenario) Side(id string) *Side {
	for _, sd := range s.Sides {
		if sd.ID == id {
			return sd
		}
	}
	return nil
}

// Zone returns the zone with the given id, or nil.
func (s *Scenario) Zone(id string) *Zone {
	for _, z := range s.Zones {
		if z.ID == id {
			return z
		}
	}
	return nil
}

// Objective returns the objective with the given id, or nil.
func (s *Scenario) Objective(id string) *Objective {
	for _, o := range s.Objectives {
		if o.ID == id {
			return o
		}
	}
	return nil
}

// Formation returns the formation with the given id, or nil.
func (s *Scenario) Formation(id string) *Formation {
	for _, sd := range s.Sides {
		for _, f := range sd.Formations {
			if f.ID == id {
				return f
			}
		}
	}
	return nil
}

// IDKind says what an id names: "side", "formation", "unit", "zone",
// "objective" or "terrain" ("" when unknown).
func (s *Scenario) IDKind(id string) string { return s.ids[id] }
