package e40ksys_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/systems/e40ksys"
)

// Random-playout invariants over every bundled E40K scenario (the pattern
// of game's TestRandomPlayoutInvariants): seeded games played by picking
// at random among the choices Legal offers, templates filled with the
// system's candidates. Every offered ready-made choice and every
// candidate must be accepted by the engine, every decision must offer at
// least one accepted choice (no stall), nothing may panic, the game must
// end within the scenario's turn limit and a command bound, and its save
// must replay to the same state hash (hash checked after every command).

const (
	// playoutGames is the number of seeds per scenario and variant.
	playoutGames = 3
	// playoutCmdsPerTurn bounds the commands of one turn.
	playoutCmdsPerTurn = 400
)

// systems is the registry the tests play with.
func systems(t testing.TB) *game.Systems {
	t.Helper()
	r, err := game.NewSystems(e40ksys.New())
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// bundledE40K lists the bundled E40K scenarios.
func bundledE40K(t testing.TB) ([]*scenarios.Scenario, *catalog.Catalogue) {
	t.Helper()
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	var out []*scenarios.Scenario
	for _, b := range scenarios.Bundled() {
		if b.System != string(catalog.E40K) {
			continue
		}
		scn, err := scenarios.Open(scenarios.BundledPrefix+b.Name, cat)
		if err != nil {
			t.Fatalf("%s: %v", b.Name, err)
		}
		out = append(out, scn)
	}
	if len(out) < 2 {
		t.Fatalf("only %d bundled E40K scenarios", len(out))
	}
	return out, cat
}

// remasteredOptions turns every Epic Remastered option on.
func remasteredOptions() map[string]string {
	out := map[string]string{}
	for _, o := range e40k.OptionList() {
		if o.Kind == "remastered" {
			out[o.ID] = "on"
		}
	}
	return out
}

func TestRandomPlayoutE40KScenarios(t *testing.T) {
	scns, cat := bundledE40K(t)
	reg := systems(t)
	for _, scn := range scns {
		for _, variant := range []string{"scenario-options", "remastered"} {
			t.Run(strings.TrimPrefix(scn.File, scenarios.BundledPrefix)+"/"+variant, func(t *testing.T) {
				for i := 0; i < soakGames(t); i++ {
					seed := uint64(1000*i + 41)
					var opts map[string]string
					if variant == "remastered" {
						opts = remasteredOptions()
					}
					if err := playout(reg, scn, cat, seed, opts); err != nil {
						t.Errorf("seed %d: %v", seed, err)
					}
				}
			})
		}
	}
}

// playout plays one random game and replays its save.
func playout(reg *game.Systems, scn *scenarios.Scenario, cat *catalog.Catalogue, seed uint64, opts map[string]string) (err error) {
	g, err := reg.New(scn, game.Config{Seed: seed, Options: opts, Catalogue: cat})
	if err != nil {
		return fmt.Errorf("new game: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic at command %d (%s): %v", g.State().Seq, g.State().Step, p)
		}
	}()
	rng := rand.New(rand.NewPCG(seed, 0xe40c))
	limit := scn.TurnLimit
	if limit == 0 {
		limit = e40k.DefaultTurnLimit
	}
	turn, turnCmds := g.State().Turn, 0
	for !g.State().Over {
		s := g.State()
		if s.Turn > limit {
			return fmt.Errorf("turn %d: past the turn limit %d and not over", s.Turn, limit)
		}
		if s.Turn != turn {
			turn, turnCmds = s.Turn, 0
		}
		if turnCmds++; turnCmds > playoutCmdsPerTurn {
			return fmt.Errorf("turn %d: more than %d commands (stalled at %s, pending %+v)", s.Turn, playoutCmdsPerTurn, s.Step, s.Pending)
		}
		side := g.Engine.Decider()
		if side == "" {
			return fmt.Errorf("turn %d %s: nobody to decide and the game is not over", s.Turn, s.Step)
		}
		cmd, err := pick(g, side, rng)
		if err != nil {
			return fmt.Errorf("turn %d %s (%s): %w", s.Turn, s.Step, side, err)
		}
		if _, err := g.Submit(cmd); err != nil {
			return fmt.Errorf("turn %d %s: %s refused after Check accepted it: %w", s.Turn, s.Step, cmd.Name(), err)
		}
	}
	data, err := g.Save()
	if err != nil {
		return fmt.Errorf("save: %w", err)
	}
	h, err := reg.Load(data, game.Config{Catalogue: cat})
	if err != nil {
		return fmt.Errorf("the save does not replay: %w", err)
	}
	if h.State().Hash() != g.State().Hash() {
		return fmt.Errorf("the save replays to another state")
	}
	return nil
}

// pick checks every choice side is offered (ready-made ones and every
// candidate of every template) and returns an accepted one at random,
// templates half the time when there are both.
func pick(g *game.Game, side string, rng *rand.Rand) (rules.Command, error) {
	choices, err := g.Engine.LegalAt(g.State(), side)
	if err != nil {
		return nil, err
	}
	if len(choices) == 0 {
		return nil, fmt.Errorf("stall: no legal choice for pending %+v", g.State().Pending)
	}
	var ready, filled []rules.Command
	for _, c := range choices {
		if c.Continuous == "" {
			if err := g.Engine.Check(g.Bind(c.Cmd)); err != nil {
				return nil, fmt.Errorf("offered %q is refused: %w", c.Text, err)
			}
			ready = append(ready, c.Cmd)
			continue
		}
		cands, err := g.Candidates(context.Background(), g.State(), side, c)
		if err != nil {
			return nil, fmt.Errorf("candidates for %q: %w", c.Text, err)
		}
		for _, k := range cands {
			if k.Continuous != "" {
				return nil, fmt.Errorf("candidate %q of %q is still a template", k.Text, c.Text)
			}
			if err := g.Engine.Check(g.Bind(k.Cmd)); err != nil {
				return nil, fmt.Errorf("candidate %q of %q is refused: %w", k.Text, c.Text, err)
			}
			filled = append(filled, k.Cmd)
		}
	}
	if len(ready)+len(filled) == 0 {
		return nil, fmt.Errorf("stall: no accepted choice among %d offered for pending %+v", len(choices), g.State().Pending)
	}
	if len(filled) > 0 && (len(ready) == 0 || rng.IntN(2) == 0) {
		return filled[rng.IntN(len(filled))], nil
	}
	return ready[rng.IntN(len(ready))], nil
}

// soakGames is playoutGames, or AUSPEX_SOAK_GAMES in `make soak`.
func soakGames(t *testing.T) int {
	if v := os.Getenv("AUSPEX_SOAK_GAMES"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("AUSPEX_SOAK_GAMES=%q: want a positive number", v)
		}
		return n
	}
	return playoutGames
}
