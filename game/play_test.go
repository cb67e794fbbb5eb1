package game_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/systems/atiiai"
)

// TestPlayTakesTheSafeDefault: whichever way red's controller fails (an
// error, a panic, no answer within the deadline, a command the engine
// refuses), Game.PlayWith plays ATII's safe default for red (hold in the
// movement phase, ATII-MOV-1's activation ending; the first order
// otherwise), records the failure, reports it to After as a message
// event, and the game goes on to the movement phase and beyond.
func TestPlayTakesTheSafeDefault(t *testing.T) {
	failing := map[string]game.Controller{
		game.FailError: game.ControllerFunc(func(context.Context, game.View) (rules.Command, error) {
			return nil, errors.New("out of ideas")
		}),
		game.FailPanic: game.ControllerFunc(func(context.Context, game.View) (rules.Command, error) { panic("boom") }),
		game.FailDeadline: game.ControllerFunc(func(_ context.Context, v game.View) (rules.Command, error) {
			time.Sleep(2 * time.Second) // ignores its deadline
			return v.Choices[0].Cmd, nil
		}),
		game.FailRefused: game.ControllerFunc(func(_ context.Context, v game.View) (rules.Command, error) {
			return &atii.HoldCmd{By: v.Side, Unit: "no-such-titan"}, nil
		}),
	}
	for kind, red := range failing {
		t.Run(kind, func(t *testing.T) {
			g := duel(t, 13)
			var msgs []string
			res, err := g.PlayWith(context.Background(), map[string]game.Controller{"red": red, "blue": atiiai.Greedy{}}, game.PlayConfig{
				// The deadline leaves greedy (blue) ample time on a loaded
				// machine; red's sleeper overruns it many times over.
				Max: 14, Deadline: 300 * time.Millisecond,
				After: func(evs []rules.Event) error {
					for _, e := range evs {
						if e.Kind == rules.EvMessage && strings.Contains(e.Text, "controller failed") {
							msgs = append(msgs, e.Text)
						}
					}
					return nil
				}})
			if err != nil {
				t.Fatal(err)
			}
			if res.Commands != 14 {
				t.Fatalf("played %d commands, want 14", res.Commands)
			}
			if len(res.Failures) == 0 || len(msgs) != len(res.Failures) {
				t.Fatalf("%d failures, %d logged", len(res.Failures), len(msgs))
			}
			held := false
			for _, f := range res.Failures {
				if f.Side != "red" || f.Kind != kind || f.Default == nil || f.Err == nil {
					t.Errorf("failure %+v: want red, %s, a default", f, kind)
				}
				held = held || f.Default.Name() == atii.CmdHold
			}
			if !held {
				t.Errorf("red never held instead (defaults: %v)", res.Failures)
			}
			if len(res.Thinking) != res.Commands {
				t.Errorf("%d decision times for %d commands", len(res.Thinking), res.Commands)
			}
			if kind == game.FailDeadline {
				for _, d := range res.Thinking {
					if d > time.Second {
						t.Errorf("a decision took %v: PlayWith waited past the 300 ms deadline for the 2 s sleeper", d)
					}
				}
			}
			if !strings.Contains(msgs[0], kind) {
				t.Errorf("the log line %q does not say %s", msgs[0], kind)
			}
		})
	}
}

// TestPlayStopsOnItsOwnContext: the caller's context ending is not a
// controller failure: PlayWith returns its error.
func TestPlayStopsOnItsOwnContext(t *testing.T) {
	g := duel(t, 13)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	slow := game.ControllerFunc(func(ctx context.Context, _ game.View) (rules.Command, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	})
	res, err := g.PlayWith(ctx, map[string]game.Controller{"red": slow, "blue": slow}, game.PlayConfig{})
	if !errors.Is(err, context.DeadlineExceeded) || len(res.Failures) != 0 {
		t.Errorf("got %v with %d failures, want the context's error and none", err, len(res.Failures))
	}
}

// TestRandomPlaysToTheEnd: two Random controllers (game.NewController
// "random") finish a titan duel with no failure; the same seed replays
// the same game, another seed plays another.
func TestRandomPlaysToTheEnd(t *testing.T) {
	end := func(seed uint64) *rules.State {
		g := duel(t, seed)
		c, err := g.NewController(game.KindRandom)
		if err != nil {
			t.Fatal(err)
		}
		res, err := g.PlayWith(context.Background(), map[string]game.Controller{"red": c, "blue": c}, game.PlayConfig{Max: 5000})
		if err != nil {
			t.Fatal(err)
		}
		if !g.State().Over || len(res.Failures) != 0 {
			t.Fatalf("seed %d: over %v after %d commands, failures %v", seed, g.State().Over, res.Commands, res.Failures)
		}
		return g.State()
	}
	a, b, c := end(4), end(4), end(5)
	if a.Hash() != b.Hash() {
		t.Error("the same seed must play the same game")
	}
	if a.Hash() == c.Hash() {
		t.Error("another seed should play another game")
	}
}

// TestControllersSeeOnlyTheirSidesView: in a mission with secret
// objective cards, the view a controller gets (ViewFor) holds neither
// the other side's card nor the game's seed (which keys every future
// die), while its own card is there.
func TestControllersSeeOnlyTheirSidesView(t *testing.T) {
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	scn, err := scenarios.LoadBundled("titan-mission", cat)
	if err != nil {
		t.Fatal(err)
	}
	g, err := testSystems.New(scn, game.Config{Seed: 987654321})
	if err != nil {
		t.Fatal(err)
	}
	var p atii.GameProgress
	if _, err := g.State().GetExt(atii.ExtGame, &p); err != nil {
		t.Fatal(err)
	}
	red, blue := p.Cards["red"], p.Cards["blue"]
	if red.Name == "" || blue.Name == "" || red.Name == blue.Name {
		t.Fatalf("the mission should have dealt two different cards: %+v %+v", red, blue)
	}
	for side, own, other := "red", red, blue; ; side, own, other = "blue", blue, red {
		v := g.ViewFor(side)
		raw, err := json.Marshal(v.State)
		if err != nil {
			t.Fatal(err)
		}
		text := string(raw)
		if strings.Contains(text, other.Name) || strings.Contains(text, other.Text) {
			t.Errorf("%s's view holds the other side's card %q", side, other.Name)
		}
		if !strings.Contains(text, own.Name) {
			t.Errorf("%s's view lacks its own card %q", side, own.Name)
		}
		if strings.Contains(text, "987654321") || v.State.Seed != rules.ViewSeed {
			t.Errorf("%s's view holds the game's seed", side)
		}
		if side == "blue" {
			break
		}
	}
	if g.State().Seed != 987654321 {
		t.Error("observing must not touch the engine's state")
	}
}
