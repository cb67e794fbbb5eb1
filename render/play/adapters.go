package play

import (
	"errors"
	"fmt"
	"strings"

	"github.com/auspex/auspex/game"
)

// Adapter connects a rule system to the play UI: it attaches the system's
// SystemUI to each new Session of one of its games. A system's UI package
// implements it; cmd/auspex registers the adapters it ships in an Adapters
// value next to the game.Systems.
type Adapter interface {
	// System is the id of the rule system it serves (game.System.ID).
	System() string
	// Attach returns the system's UI for the new session s (s.G is the
	// game). Errors: a game the adapter cannot serve.
	Attach(s *Session) (SystemUI, error)
	// Options are the system's rules options as the start screen offers
	// them, in its order.
	Options() []Option
}

// Option is a rules option (a toggle) as the start screen offers it.
type Option struct {
	// ID is the option's name in scenarios and game.Config.Options.
	ID string
	// Title is a readable title; Group the heading it is listed under
	// (options of one group are listed together); Doc what it changes.
	Title, Group, Doc string
	// Default is the option's value when a scenario does not set it.
	Default bool
}

// ErrNoAdapter is returned for a game whose rule system has no play UI in
// this build.
var ErrNoAdapter = errors.New("no play UI for the rule system")

// Adapters is the set of play UIs a build has, by system id. It is built
// once (NewAdapters) and never changes, so it may be shared freely.
type Adapters struct {
	list []Adapter
}

// NewAdapters registers adapters. Errors: a nil adapter, an empty or
// repeated system id.
func NewAdapters(as ...Adapter) (*Adapters, error) {
	seen := map[string]bool{}
	out := &Adapters{}
	for _, a := range as {
		if a == nil {
			return nil, errors.New("play: a nil adapter")
		}
		id := a.System()
		if id == "" || seen[id] {
			return nil, fmt.Errorf("play: adapters: empty or repeated system id %q", id)
		}
		seen[id] = true
		out.list = append(out.list, a)
	}
	return out, nil
}

// For returns the adapter of system id. Errors: ErrNoAdapter.
func (r *Adapters) For(id string) (Adapter, error) {
	var ids []string
	if r != nil {
		for _, a := range r.list {
			if a.System() == id {
				return a, nil
			}
			ids = append(ids, a.System())
		}
	}
	has := "none"
	if len(ids) > 0 {
		has = strings.Join(ids, ", ")
	}
	return nil, fmt.Errorf("play: %w %q (this build has play UIs for: %s)", ErrNoAdapter, id, has)
}

// New wraps a running game in a session whose UI is the adapter of the
// game's system (its ruleset's id for a game built without one). kinds
// maps side ids to Human or Computer (a missing side is human). Errors: no
// game, ErrNoAdapter, the adapter's own.
func (r *Adapters) New(g *game.Game, kinds map[string]string) (*Session, error) {
	if g == nil || g.Engine == nil {
		return nil, errors.New("play: no game")
	}
	id := ""
	switch {
	case g.System != nil:
		id = g.System.ID()
	case g.Ruleset != nil:
		id = g.Ruleset.ID()
	}
	a, err := r.For(id)
	if err != nil {
		return nil, err
	}
	return newSession(g, kinds, a)
}
