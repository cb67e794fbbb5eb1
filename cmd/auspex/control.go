package main

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/scenarios"
)

// Controller kinds on the command line (--control SIDE=KIND).
const (
	ctrlHuman  = "human"
	ctrlGreedy = game.KindGreedy
	ctrlRandom = game.KindRandom
)

// controlFlag collects --control SIDE=KIND,SIDE=KIND (repeatable).
type controlFlag map[string]string

func (c controlFlag) String() string {
	keys := make([]string, 0, len(c))
	for k := range c {
		keys = append(keys, k+"="+c[k])
	}
	sort.Strings(keys)
	return strings.Join(keys, ",")
}

// Set parses SIDE=KIND pairs separated by commas: human, greedy, random,
// script (the scenario's scripted opponent for that side) or ai with an
// optional time per decision (ai:2.5). Errors: a pair without "=", an
// empty side, a side given twice, an unknown kind, a bad AI time.
func (c controlFlag) Set(v string) error {
	for _, pair := range strings.Split(v, ",") {
		side, kind, ok := strings.Cut(strings.TrimSpace(pair), "=")
		if !ok || side == "" {
			return fmt.Errorf("want SIDE=KIND, got %s", rules.QuoteShort(pair))
		}
		if _, dup := c[side]; dup {
			return fmt.Errorf("side %s is given twice", rules.QuoteShort(side))
		}
		switch kind {
		case ctrlHuman, ctrlGreedy, ctrlRandom, game.KindScript:
		default:
			if _, isAI, err := game.ParseAIKind(kind); !isAI {
				return fmt.Errorf("unknown controller %s for %s (human, script, ai[:SECONDS], greedy or random)", rules.QuoteShort(kind), side)
			} else if err != nil {
				return fmt.Errorf("--control %s: %w", side, err)
			}
		}
		c[side] = kind
	}
	return nil
}

// checkSides reports a controlled side the game does not have.
func (c controlFlag) checkSides(st *rules.State) error {
	have := map[string]bool{}
	var ids []string
	for _, sd := range st.Sides {
		have[sd.ID] = true
		ids = append(ids, sd.ID)
	}
	for _, side := range sortedKeys(c) {
		if !have[side] {
			return fmt.Errorf("--control: the game has no side %s (sides: %s)", rules.QuoteShort(side), strings.Join(ids, ", "))
		}
	}
	return nil
}

// computers returns a controller for every side of g controlled by the
// computer (kind def for sides c does not name; "" leaves them out, as
// for human). Errors: a kind g's system does not provide.
func (c controlFlag) computers(g *game.Game, def string) (map[string]game.Controller, error) {
	out := map[string]game.Controller{}
	for _, sd := range g.State().Sides {
		kind, ok := c[sd.ID]
		if !ok {
			kind = def
		}
		if kind == "" || kind == ctrlHuman {
			continue
		}
		var ctrl game.Controller
		var err error
		if kind == game.KindScript {
			ctrl, err = g.NewScript(sd.ID)
		} else {
			ctrl, err = g.NewController(kind)
		}
		if err != nil {
			return nil, fmt.Errorf("--control %s=%s: %w", sd.ID, kind, err)
		}
		out[sd.ID] = ctrl
	}
	return out, nil
}

func sortedKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// controlledSession starts (a scenario: FILE, bundled:NAME or a bundled
// name, with seed) or loads (isSave) the game of arg and hands each side
// named in controls to its player; the other sides keep the scenario's
// own (play.ScenarioKinds). Errors: the file, the game, a side the
// game does not have (errBadControl), a kind the system does not provide.
func controlledSession(reg *game.Systems, cat *catalog.Catalogue, arg string, isSave bool, controls controlFlag, seed uint64) (*play.Session, error) {
	var g *game.Game
	if isSave {
		sv, err := game.ReadSaveFile(arg)
		if err != nil {
			return nil, err
		}
		if g, err = reg.LoadParsed(sv, game.Config{Catalogue: cat}); err != nil {
			return nil, fmt.Errorf("load %s: %w", arg, err)
		}
	} else {
		if isBundledArg(arg) && !strings.HasPrefix(arg, scenarios.BundledPrefix) {
			arg = scenarios.BundledPrefix + arg
		}
		scn, err := scenarios.Open(arg, cat)
		if err != nil {
			return nil, err
		}
		if g, err = reg.New(scn, game.Config{Seed: seed, Catalogue: cat}); err != nil {
			return nil, err
		}
	}
	if err := controls.checkSides(g.State()); err != nil {
		return nil, fmt.Errorf("%w: %w", errBadControl, err)
	}
	if _, err := controls.computers(g, ""); err != nil {
		return nil, fmt.Errorf("%w: %w", errBadControl, err)
	}
	// Sides --control does not name keep the scenario's own players.
	kinds := play.ScenarioKinds(g.Scenario)
	for side, k := range controls {
		kinds[side] = k
	}
	return shippedUIs().New(g, kinds)
}

// errBadControl marks a --control the game cannot honour: a side it does
// not have, a player its system does not provide (no script for the
// side).
var errBadControl = errors.New("bad --control")
