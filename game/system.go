package game

import (
	"errors"
	"fmt"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/scenarios"
)

// System is one rule system as the generic layers (this package, the play
// UI, the command line) see it: it recognises its scenarios, binds its
// ruleset to a scenario's table and builds the starting state. A system's
// own packages implement it; cmd/auspex registers the systems it ships in
// a Systems value and hands that to everything that starts or loads games.
// Nothing outside a system's packages imports them.
type System interface {
	// ID is the ruleset id the system's states and saves carry ("atii").
	ID() string
	// Name is the display name ("Adeptus Titanicus II").
	Name() string
	// Plays reports whether the system plays the scenario.
	Plays(scn *scenarios.Scenario) bool
	// NewRuleset returns the ruleset bound to the scenario's table and
	// catalogue. Errors name the scenario and what is wrong with it.
	NewRuleset(scn *scenarios.Scenario) (rules.Ruleset, error)
	// BuildState builds the initial state of the scenario for rs (made by
	// NewRuleset from the same scenario), with the game's seed and option
	// overrides (on top of the scenario's options). Errors: invalid
	// options, units the ruleset cannot field.
	BuildState(scn *scenarios.Scenario, rs rules.Ruleset, seed uint64, overrides map[string]string) (*rules.State, error)
	// SafeDefault is what side plays on st when its controller fails (an
	// error, a panic, no answer in time): the system's "do nothing"
	// among choices (Legal's for side on st), such as hold, end the step
	// or pass; nil when it has none (the game then plays the first
	// discrete choice the engine accepts). rs is the game's ruleset.
	SafeDefault(rs rules.Ruleset, st *rules.State, side string, choices []rules.Choice) rules.Command
}

// ProfileReaders is implemented by systems whose units carry their own
// part of the profile (catalog.Unit.Profile): the readers of the
// catalogue files of every system they field (E40K reads its datasheets
// and the ATII titan sheets).
type ProfileReaders interface {
	ProfileReaders() []catalog.ProfileReader
}

// Binder is implemented by rulesets whose commands, made as plain structs
// outside the ruleset (by the UI or a controller), must be bound to the
// ruleset before they are played. Game.Submit binds through it.
type Binder interface {
	Bind(rules.Command) rules.Command
}

// ErrNoSystem is returned for a scenario or save of a rule system this
// build does not play.
var ErrNoSystem = errors.New("no registered rule system plays it")

// Systems is the set of rule systems a build plays. It is built once
// (NewSystems) and never changes, so it may be shared freely.
type Systems struct {
	list []System
	// readers are the profile readers of the systems plus those of
	// WithReaders.
	readers catalog.Readers
}

// NewSystems registers systems. Errors: a nil system, an empty or
// repeated id.
func NewSystems(ss ...System) (*Systems, error) {
	seen := map[string]bool{}
	out := &Systems{}
	for _, s := range ss {
		if s == nil {
			return nil, errors.New("systems: a nil system")
		}
		id := s.ID()
		if id == "" || seen[id] {
			return nil, fmt.Errorf("systems: empty or repeated id %q", id)
		}
		seen[id] = true
		out.list = append(out.list, s)
	}
	out.readers = catalog.Readers{}
	for _, s := range out.list {
		if pr, ok := s.(ProfileReaders); ok {
			out.readers = out.readers.With(pr.ProfileReaders()...)
		}
	}
	return out, nil
}

// WithReaders returns the registry with extra profile readers: those of
// data-only systems a build reads the catalogue files of but does not play
// (EA). r is not modified.
func (r *Systems) WithReaders(rs ...catalog.ProfileReader) *Systems {
	out := &Systems{}
	if r != nil {
		out.list = r.list
		out.readers = r.readers
	}
	out.readers = out.readers.With(rs...)
	return out
}

// Readers returns the profile readers of the registered systems (and of
// WithReaders), by system: what the catalogue is loaded with
// (assets.LoadCatalogue).
func (r *Systems) Readers() catalog.Readers {
	if r == nil {
		return catalog.Readers{}
	}
	return r.readers.With()
}

// Catalogue loads the embedded catalogue with Readers.
func (r *Systems) Catalogue() (*catalog.Catalogue, error) {
	return assets.LoadCatalogue(r.Readers())
}

// List returns the registered systems in registration order.
func (r *Systems) List() []System {
	if r == nil {
		return nil
	}
	return append([]System(nil), r.list...)
}

// For returns the system that plays scn. Errors: no scenario,
// ErrNoSystem.
func (r *Systems) For(scn *scenarios.Scenario) (System, error) {
	if scn == nil {
		return nil, errors.New("game: no scenario")
	}
	if r != nil {
		for _, s := range r.list {
			if s.Plays(scn) {
				return s, nil
			}
		}
	}
	return nil, fmt.Errorf("game: %s: %w (system %s; this build plays %s)", scn.File, ErrNoSystem, scn.System, r.names())
}

// ByID returns the system whose ruleset id is id. Errors: ErrNoSystem
// (wrapping rules.ErrUnknownRuleset too).
func (r *Systems) ByID(id string) (System, error) {
	if r != nil {
		for _, s := range r.list {
			if s.ID() == id {
				return s, nil
			}
		}
	}
	return nil, fmt.Errorf("game: %w: %w: %s (this build plays %s)", ErrNoSystem, rules.ErrUnknownRuleset, rules.QuoteShort(id), r.names())
}

func (r *Systems) names() string {
	if r == nil || len(r.list) == 0 {
		return "no system"
	}
	s := ""
	for i, sys := range r.list {
		if i > 0 {
			s += ", "
		}
		s += sys.ID()
	}
	return s
}

// Scorer is implemented by systems whose games keep a running score (ATII:
// victory points): Score returns each side's. Simulations report the mean
// margin with it.
type Scorer interface {
	Score(rs rules.Ruleset, st *rules.State) (map[string]int, error)
}

// Score returns each side's score through the system's Scorer; ok is
// false when the system keeps none or it cannot be read.
func (g *Game) Score() (map[string]int, bool) {
	sc, ok := g.System.(Scorer)
	if !ok {
		return nil, false
	}
	m, err := sc.Score(g.Ruleset, g.State())
	return m, err == nil
}
