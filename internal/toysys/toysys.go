// Package toysys is a toy second rule system that proves the system seam:
// it plugs into the generic layers (game, the controllers, saves, replay,
// rebase) through game.System alone, without any change to them.
//
// The toy skirmish: each side's squads alternate activations. In the
// movement step a squad moves up to its catalogue Speed in a straight
// line (staying on the table) or passes; in the shooting step it fires its
// one weapon at an enemy squad within Range cm (a D6, HitOn or better
// hits, a hit removes a wound) or passes. A squad has Wounds wounds and is
// destroyed at none; each destroyed squad is a kill for the side that shot
// it. A side with no squad left loses; after the scenario's turn limit the
// side with more kills wins, else the game is drawn. Terrain has no
// effect.
//
// The scenario format knows no "toy" system, so the toy plays the
// scenarios of the data-only EA system that set its option toy/skirmish
// (EA has a catalogue and no rules yet): see testdata/skirmish.yaml.
package toysys

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/world"
)

// The toy's id, its marker option and its numbers.
const (
	// ID is the toy ruleset's id.
	ID = "toy"
	// Option marks an EA scenario as a toy skirmish.
	Option = "toy/skirmish"
	// Wounds is each squad's starting wounds.
	Wounds = 2
	// Range is the weapon's range in cm (centre to centre).
	Range = 30.0
	// HitOn is the D6 score that hits.
	HitOn = 4
	// DefaultTurns is the turn limit of a scenario that sets none.
	DefaultTurns = 4
	// DefaultSpeed is the move of a squad whose profile gives none, in cm.
	DefaultSpeed = 10.0
)

// Command, step and marker names.
const (
	CmdMove   = "move"
	CmdFire   = "fire"
	CmdPass   = "pass"
	StepMove  = "move"
	StepShoot = "shoot"
	markWound = "wounds"
	markKills = "kills"
	extTurns  = "toy-turns"
)

// System is the toy as a game.System.
type System struct{}

// New returns the toy system.
func New() System { return System{} }

// ID implements game.System.
func (System) ID() string { return ID }

// Name implements game.System.
func (System) Name() string { return "Toy skirmish (seam test)" }

// Plays implements game.System: EA scenarios with the option toy/skirmish.
func (System) Plays(scn *scenarios.Scenario) bool {
	return scn != nil && scn.System == catalog.EA && slices.Contains(scn.Options, Option)
}

// NewRuleset implements game.System. Errors: a scenario the toy does not
// play.
func (s System) NewRuleset(scn *scenarios.Scenario) (rules.Ruleset, error) {
	if !s.Plays(scn) {
		return nil, errors.New("toy: not a toy skirmish scenario (an EA scenario with option toy/skirmish)")
	}
	return &Ruleset{cat: scn.Catalogue, table: scn.Table}, nil
}

// BuildState implements game.System: the sides and their squads with
// Wounds wounds each, the options, the turn limit. Errors: a ruleset
// that is not the toy's, bad options.
func (System) BuildState(scn *scenarios.Scenario, rs rules.Ruleset, seed uint64, overrides map[string]string) (*rules.State, error) {
	if _, ok := rs.(*Ruleset); !ok {
		return nil, fmt.Errorf("toy: ruleset %T is not the toy's", rs)
	}
	st := &rules.State{Ruleset: ID, Seed: seed, Options: map[string]string{}}
	for _, o := range scn.Options {
		st.Options[o] = "on"
	}
	for k, v := range overrides {
		st.Options[k] = v
	}
	if _, err := rules.ResolveOptions(rs, st.Options); err != nil {
		return nil, fmt.Errorf("toy: %s: %w", scn.File, err)
	}
	if len(scn.Sides) != 2 {
		return nil, fmt.Errorf("toy: %s: two sides needed, got %d", scn.File, len(scn.Sides))
	}
	for _, sd := range scn.Sides {
		st.Sides = append(st.Sides, rules.Side{ID: sd.ID, Name: sd.Name, Controller: rules.ControllerHuman})
		for _, f := range sd.Formations {
			st.Formations = append(st.Formations, rules.Formation{ID: f.ID, Side: sd.ID, Name: f.Name})
			for _, u := range f.Units {
				ru := rules.Unit{ID: u.ID, Side: sd.ID, Type: u.Type, Name: u.Name, Formation: f.ID, Pos: u.Pos, Facing: u.Facing}
				ru.Markers.Set(markWound, Wounds)
				st.Units = append(st.Units, ru)
			}
		}
	}
	turns := scn.TurnLimit
	if turns <= 0 {
		turns = DefaultTurns
	}
	if err := st.SetExt(extTurns, turns); err != nil {
		return nil, err
	}
	return st, nil
}

// SafeDefault implements game.System: the squad passes.
func (System) SafeDefault(_ rules.Ruleset, _ *rules.State, _ string, choices []rules.Choice) rules.Command {
	for _, c := range choices {
		if c.Name == CmdPass {
			return c.Cmd
		}
	}
	return nil
}

// Candidates implements game.CandidateGenerator for the move template:
// the full move toward the nearest enemy squad, then full moves in eight
// directions, each accepted by Validate. Errors: another template or
// ruleset, ctx done.
func (System) Candidates(ctx context.Context, rs rules.Ruleset, st *rules.State, side string, tmpl rules.Choice) ([]rules.Choice, error) {
	r, ok := rs.(*Ruleset)
	mv, isMove := tmpl.Cmd.(*MoveCmd)
	if !ok || !isMove {
		return nil, fmt.Errorf("toy: no candidates for %q", tmpl.Name)
	}
	u := st.Unit(mv.Unit)
	if u == nil {
		return nil, fmt.Errorf("toy: no unit %q", mv.Unit)
	}
	speed := r.speed(u)
	var dirs []float64
	if e := nearestEnemy(st, u); e != nil {
		dirs = append(dirs, world.Bearing(e.Pos.Sub(u.Pos)))
	}
	for i := 0; i < 8; i++ {
		dirs = append(dirs, float64(i)*45)
	}
	var out []rules.Choice
	for i, d := range dirs {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		to := u.Pos.Add(world.Heading(d).Scale(speed))
		c := &MoveCmd{r: r, By: side, Unit: u.ID, To: world.Vec{X: math.Round(to.X*10) / 10, Y: math.Round(to.Y*10) / 10}}
		if c.Validate(st) != nil {
			continue
		}
		text := fmt.Sprintf("%s moves %.0f cm bearing %.0f", u.ID, speed, world.NormDeg(d))
		if i == 0 && len(dirs) > 8 {
			text = u.ID + " closes on the nearest enemy"
		}
		out = append(out, rules.Choice{Name: CmdMove, Text: text, Units: []string{u.ID}, Cmd: c})
	}
	return out, nil
}

func nearestEnemy(st *rules.State, u *rules.Unit) *rules.Unit {
	var best *rules.Unit
	for i := range st.Units {
		o := &st.Units[i]
		if o.Side != u.Side && !o.Destroyed && (best == nil || o.Pos.Dist(u.Pos) < best.Pos.Dist(u.Pos)) {
			best = o
		}
	}
	return best
}
