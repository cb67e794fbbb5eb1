package game_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/scenarios"
)

// Random-playout invariants: many seeded games of every bundled ATII
// scenario are played by picking at random among the choices Legal offers
// (templates filled with the system's candidates, game.Candidates). Whatever
// happens, every offered ready-made choice must be accepted by the engine
// (Engine.Check), every decision must have at least one accepted choice
// that moves the game on (no stall: ATII-MOV-1 activation orders must
// never wait on a destroyed titan), no command may panic, the game must
// end or reach the turn bound within a command bound, and its save must
// replay to the same state hash.
//
// `make test` plays playoutGames games per scenario and variant; `make
// soak` sets AUSPEX_SOAK_GAMES for a longer run.

// playoutGames is the number of games per scenario and variant in a
// normal test run.
const playoutGames = 3

// playoutTurns bounds the turns played (the map scenarios have no turn
// limit); playoutCmdsPerTurn bounds the commands of one turn.
const (
	playoutTurns       = 25
	playoutCmdsPerTurn = 120
)

// playoutVariant is one way of playing: aggressive players walk toward the
// enemy; advanced turns every advanced rule on; sampled players fill
// templates with one command the system draws at random (game.Sample, as
// game.Random and playouts do) instead of listing every candidate;
// unchecked players (the plain playout benchmark) skip checking every
// offered choice and every sample with the engine, which the invariant
// tests do. The game played is the same either way: the engine accepts
// every offered choice and sample, so the same ones are picked.
type playoutVariant struct {
	name       string
	aggressive bool
	advanced   bool
	sampled    bool
	unchecked  bool
}

func playoutVariants() []playoutVariant {
	return []playoutVariant{
		{"random", false, false, false, false},
		{"aggressive", true, false, false, false},
		{"aggressive-advanced", true, true, false, false},
		{"random-advanced", false, true, false, false},
		{"sampled", true, false, true, false},
		{"sampled-advanced", false, true, true, false},
	}
}

// advancedOptions turns every advanced ATII option on.
func advancedOptions() map[string]string {
	out := map[string]string{}
	for _, o := range atii.OptionList() {
		if o.Kind == "advanced" {
			out[o.ID] = "on"
		}
	}
	return out
}

// bundledATII lists the bundled scenarios of the ATII system.
func bundledATII(t testing.TB, cat *catalog.Catalogue) []*scenarios.Scenario {
	t.Helper()
	var out []*scenarios.Scenario
	for _, b := range scenarios.Bundled() {
		if b.System != string(catalog.ATII) {
			continue
		}
		scn, err := scenarios.Open(scenarios.BundledPrefix+b.Name, cat)
		if err != nil {
			t.Fatalf("%s: %v", b.Name, err)
		}
		out = append(out, scn)
	}
	if len(out) < 3 {
		t.Fatalf("only %d bundled ATII scenarios", len(out))
	}
	return out
}

func soakGames(t testing.TB) int {
	if v := os.Getenv("AUSPEX_SOAK_GAMES"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("AUSPEX_SOAK_GAMES=%q: want a positive number", v)
		}
		return n
	}
	return playoutGames
}

func TestRandomPlayoutInvariants(t *testing.T) {
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	games := soakGames(t)
	for _, scn := range bundledATII(t, cat) {
		for _, v := range playoutVariants() {
			t.Run(strings.TrimPrefix(scn.File, scenarios.BundledPrefix)+"/"+v.name, func(t *testing.T) {
				for i := 0; i < games; i++ {
					seed := uint64(1000*i + 17)
					if err := playout(scn, v, seed, cat); err != nil {
						t.Errorf("seed %d: %v", seed, err)
					}
				}
			})
		}
	}
}

// playout plays one random game and returns the first broken invariant.
func playout(scn *scenarios.Scenario, v playoutVariant, seed uint64, cat *catalog.Catalogue) (err error) {
	var opts map[string]string
	if v.advanced {
		opts = advancedOptions()
	}
	g, err := testSystems.New(scn, game.Config{Seed: seed, Options: opts, Catalogue: cat})
	if err != nil {
		return fmt.Errorf("new game: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic at command %d (%s): %v", g.State().Seq, g.State().Step, p)
		}
	}()
	if err := playRandomGame(g, v, seed, nil); err != nil {
		return err
	}
	data, err := g.Save()
	if err != nil {
		return fmt.Errorf("save: %w", err)
	}
	h, err := testSystems.Load(data, game.Config{Catalogue: cat})
	if err != nil {
		return fmt.Errorf("the save does not replay: %w", err)
	}
	if h.State().Hash() != g.State().Hash() {
		return fmt.Errorf("the save replays to another state")
	}
	return nil
}

// playRandomGame plays g to its end (or the turn bound) with random
// choices drawn from a stream seeded with seed; stop, when not nil, ends
// the game early as soon as it returns true for the state about to be
// decided. It returns the first broken invariant.
func playRandomGame(g *game.Game, v playoutVariant, seed uint64, stop func(*game.Game, string) bool) error {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	turnCmds := 0
	turn := g.State().Turn
	for !g.State().Over && g.State().Turn <= playoutTurns {
		s := g.State()
		if s.Turn != turn {
			turn, turnCmds = s.Turn, 0
		}
		turnCmds++
		if turnCmds > playoutCmdsPerTurn {
			return fmt.Errorf("turn %d: more than %d commands (stalled at %s, pending %+v)", s.Turn, playoutCmdsPerTurn, s.Step, s.Pending)
		}
		side := g.Engine.Decider()
		if side == "" {
			return fmt.Errorf("turn %d %s: nobody to decide and the game is not over", s.Turn, s.Step)
		}
		if stop != nil && stop(g, side) {
			return nil
		}
		cmd, err := pickRandom(g, side, rng, v)
		if err != nil {
			return fmt.Errorf("turn %d %s (%s): %w", s.Turn, s.Step, side, err)
		}
		if _, err := g.Submit(cmd); err != nil {
			return fmt.Errorf("turn %d %s: %s refused after Check accepted it: %w", s.Turn, s.Step, cmd.Name(), err)
		}
	}
	return nil
}

// pickRandom checks every ready-made choice side is offered and returns
// one accepted choice at random (templates filled in). A decision whose
// only accepted choices are standing orders (shields) that leave the
// decision where it was is a stall.
func pickRandom(g *game.Game, side string, rng *rand.Rand, v playoutVariant) (rules.Command, error) {
	aggressive := v.aggressive
	choices, err := g.Engine.LegalAt(g.State(), side)
	if err != nil {
		return nil, err
	}
	if len(choices) == 0 {
		return nil, fmt.Errorf("stall: no legal choice offered for pending %+v", g.State().Pending)
	}
	// Scratch lists on the stack (the benchmarks' playouts pick among
	// some dozens of choices; more spill to the heap).
	var okArr, ordArr [48]rules.Command
	var tmplArr [16]rules.Choice
	ok, orders := okArr[:0], ordArr[:0]
	for _, c := range choices {
		if c.Continuous != "" {
			continue
		}
		if !v.unchecked {
			if err := g.Engine.Check(g.Bind(c.Cmd)); err != nil {
				return nil, fmt.Errorf("offered %q is refused: %w", c.Text, err)
			}
		}
		if c.Name == atii.CmdShields {
			orders = append(orders, c.Cmd)
			continue
		}
		ok = append(ok, c.Cmd)
	}
	templates := tmplArr[:0]
	for _, c := range choices {
		if c.Continuous != "" {
			templates = append(templates, c)
		}
	}
	// Now and then flip a standing order.
	if len(orders) > 0 && rng.IntN(20) == 0 {
		return orders[rng.IntN(len(orders))], nil
	}
	// Aggressive players fire whenever they can.
	if aggressive && rng.IntN(10) > 0 {
		var fire []rules.Command
		for _, c := range ok {
			if c.Name() == atii.CmdFire {
				fire = append(fire, c)
			}
		}
		if len(fire) > 0 {
			return fire[rng.IntN(len(fire))], nil
		}
	}
	// Templates get half the weight when there are both (aggressive
	// players move nine times in ten).
	if len(templates) > 0 && (len(ok) == 0 || rng.IntN(2) == 0 || (aggressive && rng.IntN(5) > 0)) {
		c := templates[rng.IntN(len(templates))]
		cmd, err := fillTemplate(g, side, c, rng, v)
		if err != nil {
			return nil, err
		}
		if cmd != nil {
			return cmd, nil
		}
	}
	if len(ok) == 0 {
		for _, c := range templates {
			cmd, err := fillTemplate(g, side, c, rng, v)
			if err != nil {
				return nil, err
			}
			if cmd != nil {
				return cmd, nil
			}
		}
		return nil, fmt.Errorf("stall: no accepted choice among %d offered for pending %+v", len(choices), g.State().Pending)
	}
	return ok[rng.IntN(len(ok))], nil
}

// fillTemplate fills a move or deploy template with one of the system's
// candidates (game.Candidates) at random, or for a sampled variant with
// the one the system draws (game.Sample); aggressive players take the
// first candidate (for ATII the advance on the nearest enemy) three
// times in four, and a move is now and then overcharged when that is
// accepted. Every candidate or sample must be accepted by the engine; nil
// when there is none.
func fillTemplate(g *game.Game, side string, c rules.Choice, rng *rand.Rand, v playoutVariant) (rules.Command, error) {
	aggressive := v.aggressive
	if v.sampled {
		k, ok, err := g.Sample(context.Background(), g.State(), side, c, rng)
		if err != nil {
			return nil, fmt.Errorf("sample for %q: %w", c.Text, err)
		}
		if !ok {
			return nil, nil
		}
		if k.Continuous != "" {
			return nil, fmt.Errorf("sample %q of %q is still a template", k.Text, c.Text)
		}
		if !v.unchecked {
			if err := g.Engine.Check(g.Bind(k.Cmd)); err != nil {
				return nil, fmt.Errorf("sample %q of %q is refused: %w", k.Text, c.Text, err)
			}
		}
		return overcharge(g, k.Cmd, rng), nil
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
	}
	if len(cands) == 0 {
		return nil, nil
	}
	pick := cands[rng.IntN(len(cands))].Cmd
	if aggressive && rng.IntN(4) > 0 {
		pick = cands[0].Cmd
	}
	return overcharge(g, pick, rng), nil
}

// overcharge returns an ATII move overcharged one time in six when the
// engine accepts that, else pick.
func overcharge(g *game.Game, pick rules.Command, rng *rand.Rand) rules.Command {
	if mv, ok := pick.(*atii.MoveCmd); ok && rng.IntN(6) == 0 {
		oc := *mv
		oc.Overcharge = true
		if g.Engine.Check(&oc) == nil {
			return &oc
		}
	}
	return pick
}

// TestQuietPlayoutSamePosition: a quiet game (no log, no event text) and
// a logged one with the same seed and the same choices end in the same
// position, because every die comes from the same stream in the same
// order; the quiet one logged nothing and refuses to be saved.
func TestQuietPlayoutSamePosition(t *testing.T) {
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	scn, err := scenarios.Open(scenarios.BundledPrefix+"titan-battlegroup", cat)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []playoutVariant{{"aggressive", true, false, false, false}, {"aggressive-advanced", true, true, false, false}, {"sampled", true, false, true, false}} {
		for seed := uint64(5); seed < 8; seed++ {
			var opts map[string]string
			if v.advanced {
				opts = advancedOptions()
			}
			var end [2]*rules.State
			var hist [2][]rules.Record
			for i, quiet := range []bool{false, true} {
				g, err := testSystems.New(scn, game.Config{Seed: seed, Options: opts, Catalogue: cat, Quiet: quiet})
				if err != nil {
					t.Fatal(err)
				}
				if err := playRandomGame(g, v, seed, nil); err != nil {
					t.Fatalf("%s seed %d quiet %v: %v", v.name, seed, quiet, err)
				}
				end[i], hist[i] = g.State(), g.Engine.History()
				if quiet {
					if len(g.State().Log) != 0 {
						t.Errorf("%s seed %d: the quiet game logged %d events", v.name, seed, len(g.State().Log))
					}
					if _, err := g.Save(); !errors.Is(err, rules.ErrQuiet) {
						t.Errorf("%s seed %d: saving a quiet game: %v, want ErrQuiet", v.name, seed, err)
					}
				}
			}
			if end[0].Seq < 50 || len(end[0].Log) == 0 {
				t.Fatalf("%s seed %d: only %d commands, %d events", v.name, seed, end[0].Seq, len(end[0].Log))
			}
			if end[0].PositionHash() != end[1].PositionHash() || end[0].Seq != end[1].Seq {
				t.Errorf("%s seed %d: the quiet game ended elsewhere (%d vs %d commands)", v.name, seed, end[1].Seq, end[0].Seq)
			}
			// The quiet game encodes its commands when its history is
			// read, as the logged one did when they were submitted.
			for k := range min(len(hist[0]), len(hist[1])) {
				if a, b := hist[0][k].Args, hist[1][k].Args; len(a) == 0 || !bytes.Equal(a, b) {
					t.Errorf("%s seed %d: command %d's arguments %s logged, %s quiet", v.name, seed, k+1, a, b)
					break
				}
			}
		}
	}
}
