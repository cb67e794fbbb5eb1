package toysys_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/internal/toysys"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/systems/atiisys"
	"github.com/auspex/auspex/systems/eadata"
)

// registry is what a build shipping the toy beside ATII would register:
// the toy plays EA scenarios, so the build reads the EA catalogue too
// (loading a save parses its scenario with the built-in catalogue).
func registry(t *testing.T) *game.Systems {
	t.Helper()
	reg, err := game.NewSystems(toysys.New(), atiisys.New())
	if err != nil {
		t.Fatal(err)
	}
	return reg.WithReaders(eadata.Reader{})
}

func skirmish(t *testing.T) *scenarios.Scenario {
	t.Helper()
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join("testdata", "skirmish.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	scn, err := scenarios.Parse("skirmish.yaml", data, cat)
	if err != nil {
		t.Fatal(err)
	}
	return scn
}

// TestToyPlugsIn: the toy system, registered beside ATII, plays a whole
// game through the generic layers only: started by game.Systems.New,
// played to the end by two Random controllers with Game.PlayWith (its
// move templates filled by its candidate generator), saved, loaded
// (every command replayed with its hash checked), continued identically
// and rebased on the same scenario.
func TestToyPlugsIn(t *testing.T) {
	reg := registry(t)
	scn := skirmish(t)
	g, err := reg.New(scn, game.Config{Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if g.System.ID() != toysys.ID || g.State().Ruleset != toysys.ID {
		t.Fatalf("the skirmish went to %s", g.System.ID())
	}
	random, err := g.NewController(game.KindRandom)
	if err != nil {
		t.Fatal(err)
	}
	ctrls := map[string]game.Controller{"red": random, "blue": random}
	moves, fires := 0, 0
	res, err := g.PlayWith(context.Background(), ctrls, game.PlayConfig{Max: 1000, After: func(evs []rules.Event) error {
		for _, e := range evs {
			switch e.Kind {
			case rules.EvMoved:
				moves++
			case rules.EvFired:
				fires++
			}
		}
		return nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	s := g.State()
	if !s.Over || s.Result == nil || len(res.Failures) != 0 {
		t.Fatalf("after %d commands: over %v, result %v, failures %v", res.Commands, s.Over, s.Result, res.Failures)
	}
	if moves == 0 || fires == 0 {
		t.Errorf("the game had %d moves and %d shots; both should happen", moves, fires)
	}
	t.Logf("%d commands, turn %d: %+v", res.Commands, s.Turn, *s.Result)

	data, err := g.Save()
	if err != nil {
		t.Fatal(err)
	}
	h, err := reg.Load(data, game.Config{})
	if err != nil {
		t.Fatalf("the toy's save does not load: %v", err)
	}
	if h.State().Hash() != s.Hash() || h.System.ID() != toysys.ID {
		t.Error("the loaded toy game differs")
	}
	r, n, err := g.Rebase(g.Scenario)
	if err != nil || n != s.Seq || r.State().Hash() != s.Hash() {
		t.Errorf("rebase on the same scenario: %d of %d commands, %v", n, s.Seq, err)
	}

	// A game stopped half-way and its loaded copy go on identically (seed
	// 11 has a squad shot down before its own activation: it must be
	// skipped, not left holding the decision).
	a, err := reg.New(scn, game.Config{Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Play(context.Background(), ctrls, 10, nil); err != nil {
		t.Fatal(err)
	}
	half, err := a.Save()
	if err != nil {
		t.Fatal(err)
	}
	b, err := reg.Load(half, game.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range []*game.Game{a, b} {
		if _, err := x.Play(context.Background(), ctrls, 0, nil); err != nil {
			t.Fatal(err)
		}
	}
	if a.State().Hash() != b.State().Hash() || !a.State().Over {
		t.Error("a loaded toy game must continue like the original")
	}
}

// TestToySeam: the registry sends each scenario to its system (an ATII
// scenario to ATII, an EA scenario without the toy's option to nobody);
// the toy ships no greedy player; a failing controller passes (the toy's
// safe default).
func TestToySeam(t *testing.T) {
	reg := registry(t)
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	duel, err := scenarios.LoadBundled("titan-duel", cat)
	if err != nil {
		t.Fatal(err)
	}
	if sys, err := reg.For(duel); err != nil || sys.ID() != "atii" {
		t.Errorf("titan-duel goes to %v, %v", sys, err)
	}
	scn := skirmish(t)
	plain := *scn
	plain.Options = nil
	if _, err := reg.For(&plain); !errors.Is(err, game.ErrNoSystem) {
		t.Errorf("an EA scenario without %s: %v, want ErrNoSystem", toysys.Option, err)
	}
	g, err := reg.New(scn, game.Config{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.NewController(game.KindGreedy); !errors.Is(err, game.ErrControllerKind) {
		t.Errorf("the toy has no greedy player: %v", err)
	}
	broken := game.ControllerFunc(func(context.Context, game.View) (rules.Command, error) { return nil, errors.New("no idea") })
	res, err := g.PlayWith(context.Background(), map[string]game.Controller{"red": broken, "blue": broken}, game.PlayConfig{Max: 6})
	if err != nil {
		t.Fatal(err)
	}
	if res.Commands != 6 || len(res.Failures) != 6 {
		t.Fatalf("%d commands, %d failures", res.Commands, len(res.Failures))
	}
	for _, f := range res.Failures {
		if f.Default.Name() != toysys.CmdPass {
			t.Errorf("the safe default is %s, want pass", f.Default.Name())
		}
	}
}
