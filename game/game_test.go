package game_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
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

func duel(t testing.TB, seed uint64) *game.Game {
	t.Helper()
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	scn, err := scenarios.LoadBundled("titan-duel", cat)
	if err != nil {
		t.Fatal(err)
	}
	g, err := testSystems.New(scn, game.Config{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func greedyBoth() map[string]game.Controller {
	return map[string]game.Controller{"red": atiiai.Greedy{}, "blue": atiiai.Greedy{}}
}

func TestBuildState(t *testing.T) {
	g := duel(t, 1)
	s := g.State()
	if len(s.Sides) != 2 || s.Sides[0].Controller != rules.ControllerHuman || s.Sides[1].Controller != rules.ControllerScript {
		t.Errorf("sides and controllers: %+v", s.Sides)
	}
	u := s.Unit("red-reaver")
	if u == nil || u.Shields != 4 || u.Loadout.Value("carapace") != "turbo-lasers" || u.Facing != 180 {
		t.Fatalf("red-reaver built wrong: %+v", u)
	}
	if len(s.Options) != len(atii.OptionList()) {
		t.Errorf("every option should be resolved, got %v", s.Options)
	}
	g2, err := testSystems.New(g.Scenario, game.Config{Seed: 1, Options: map[string]string{"atii/nonsense": "on"}})
	if err == nil || g2 != nil {
		t.Error("an unknown option override must be refused")
	}
}

func TestSaveLoadRoundTrip(t *testing.T) {
	g := duel(t, 13)
	if _, err := g.Play(context.Background(), greedyBoth(), 12, nil); err != nil {
		t.Fatal(err)
	}
	data, err := g.Save()
	if err != nil {
		t.Fatal(err)
	}
	h, err := testSystems.Load(data, game.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if h.State().Hash() != g.State().Hash() || h.State().Seq != 12 {
		t.Fatal("a loaded game must reach the same state")
	}
	// Both continue identically.
	if _, err := g.Play(context.Background(), greedyBoth(), 10, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := h.Play(context.Background(), greedyBoth(), 10, nil); err != nil {
		t.Fatal(err)
	}
	if h.State().Hash() != g.State().Hash() {
		t.Error("a loaded game must continue with the same dice")
	}

	dir := t.TempDir()
	path := filepath.Join(dir, "game.auspex-save")
	if err := g.SaveFile(path); err != nil {
		t.Fatal(err)
	}
	k, err := testSystems.LoadFile(path, game.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if k.State().Hash() != g.State().Hash() {
		t.Error("SaveFile/LoadFile round trip changed the game")
	}
}

func TestLoadRejectsBadSaves(t *testing.T) {
	g := duel(t, 13)
	if _, err := g.Play(context.Background(), greedyBoth(), 8, nil); err != nil {
		t.Fatal(err)
	}
	data, err := g.Save()
	if err != nil {
		t.Fatal(err)
	}
	cases := map[string]struct {
		data []byte
		want error
	}{
		"truncated": {data[:len(data)/2], rules.ErrBadSave},
		"newer":     {bytes.Replace(data, []byte(fmt.Sprintf(`"version": %d`, rules.SaveVersion)), []byte(fmt.Sprintf(`"version": %d`, rules.SaveVersion+1)), 1), rules.ErrBadSave},
		"edited":    {bytes.Replace(data, []byte(`"seed": 13`), []byte(`"seed": 14`), 1), rules.ErrHashMismatch},
		"ruleset":   {bytes.Replace(data, []byte(`"ruleset": "atii"`), []byte(`"ruleset": "e40k"`), 1), rules.ErrUnknownRuleset},
	}
	for name, c := range cases {
		if _, err := testSystems.Load(c.data, game.Config{}); !errors.Is(err, c.want) {
			t.Errorf("%s: want %v, got %v", name, c.want, err)
		}
	}
	if _, err := testSystems.LoadFile(filepath.Join(t.TempDir(), "missing"), game.Config{}); err == nil {
		t.Error("a missing file must be an error")
	}
}

func TestAutosave(t *testing.T) {
	g := duel(t, 2)
	path := filepath.Join(t.TempDir(), "auto.auspex-save")
	a := &game.Autosave{Path: path, Every: 3}
	saves := 0
	_, err := g.Play(context.Background(), greedyBoth(), 7, func([]rules.Event) error {
		if err := a.After(g); err != nil {
			return err
		}
		if _, err := os.Stat(path); err == nil {
			saves++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	h, err := testSystems.LoadFile(path, game.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if h.State().Seq != 6 {
		t.Errorf("every 3 commands: the autosave after 7 commands holds 6, got %d", h.State().Seq)
	}
	if saves != 5 { // present after commands 3..7
		t.Errorf("autosave file present after %d commands, want 5", saves)
	}
}

func TestPlayNeedsControllers(t *testing.T) {
	g := duel(t, 1)
	_, err := g.Play(context.Background(), map[string]game.Controller{}, 0, nil)
	if !errors.Is(err, game.ErrNoController) {
		t.Errorf("want game.ErrNoController, got %v", err)
	}
}

func TestDecideAsyncHonoursContext(t *testing.T) {
	g := duel(t, 1)
	slow := game.ControllerFunc(func(ctx context.Context, v game.View) (rules.Command, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	side := g.Engine.Decider()
	d := <-game.DecideAsync(ctx, slow, g.ViewFor(side))
	if !errors.Is(d.Err, context.DeadlineExceeded) {
		t.Errorf("a controller past its deadline reports it, got %v", d.Err)
	}
	panicky := game.ControllerFunc(func(context.Context, game.View) (rules.Command, error) { panic("boom") })
	d = <-game.DecideAsync(context.Background(), panicky, g.ViewFor(side))
	if d.Err == nil || !strings.Contains(d.Err.Error(), "panicked") {
		t.Errorf("a panicking controller is an error, got %v", d.Err)
	}
	// The view is a copy: the controller cannot touch the engine's state.
	v := g.ViewFor(side)
	v.State.Units[0].Pos.X = -99
	if g.State().Units[0].Pos.X == -99 {
		t.Error("the view must hold a copy of the state")
	}
}

func TestRebase(t *testing.T) {
	g := duel(t, 13)
	if _, err := g.Play(context.Background(), greedyBoth(), 6, nil); err != nil {
		t.Fatal(err)
	}
	// The same scenario text: every command re-applies to the same state.
	h, n, err := g.Rebase(g.Scenario)
	if err != nil || n != 6 {
		t.Fatalf("rebase on the same table: %d commands, %v", n, err)
	}
	if h.State().Hash() != g.State().Hash() {
		t.Error("rebasing on the same scenario must give the same state")
	}
}

// TestManualDice: with manual dice the players roll everything, the
// game's start included; a command short of dice changes nothing and says
// which roll is next.
func TestManualDice(t *testing.T) {
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	scn, err := scenarios.LoadBundled("titan-duel", cat)
	if err != nil {
		t.Fatal(err)
	}
	_, err = testSystems.New(scn, game.Config{ManualDice: true})
	var need *rules.NeedDiceError
	if !errors.As(err, &need) || !strings.HasPrefix(need.Request.Purpose, "initiative") || need.Request.N != 2 {
		t.Fatalf("the start needs the initiative dice, got %v", err)
	}
	g, err := testSystems.New(scn, game.Config{ManualDice: true, StartDice: []int{2, 5}})
	if err != nil {
		t.Fatal(err)
	}
	if p := g.State().Pending; p.Side != "blue" || p.Kind != "initiative" {
		t.Fatalf("blue rolled 5 against 2 and must choose, got %+v", p)
	}
	if _, err := g.Submit(&atii.OrderCmd{By: "blue", First: false}); err != nil {
		t.Fatal(err)
	}
	// Red walks south through the edge of Tanglewood: dangerous terrain
	// needs its dice.
	mv := g.Ruleset.(*atii.Ruleset).Move("red", "red-reaver", atii.Waypoint{X: 40, Y: 32})
	before := g.State()
	if _, err := g.Submit(mv); !errors.As(err, &need) || !strings.HasPrefix(need.Request.Purpose, "dangerous terrain") {
		t.Fatalf("want a request for the dangerous terrain dice, got %v", err)
	}
	if g.State() != before {
		t.Fatal("a command short of dice must change nothing")
	}
	if err := g.Engine.ProvideDice(make([]int, need.Request.N-need.Request.Have)...); err == nil {
		t.Error("faces below 1 must be refused")
	}
	faces := []int{6, 6}[:need.Request.N]
	if err := g.Engine.ProvideDice(faces...); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Submit(mv); err != nil {
		t.Fatal(err)
	}
	if u := g.State().Unit("red-reaver"); u.MovedDist < 12 {
		t.Errorf("with %v in the wood the Reaver goes at least 12 cm, got %.1f", faces, u.MovedDist)
	}
	data, err := g.Save()
	if err != nil {
		t.Fatal(err)
	}
	h, err := testSystems.Load(data, game.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if h.State().Hash() != g.State().Hash() {
		t.Error("a manual-dice game must replay from its save")
	}
}

// TestNewControllerThroughTheSystem: a game hands out its system's
// computer players by kind (ATII's greedy is atiiai.Greedy) and refuses
// a kind the system does not ship.
func TestNewControllerThroughTheSystem(t *testing.T) {
	g := duel(t, 1)
	c, err := g.NewController(game.KindGreedy)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := c.(atiiai.Greedy); !ok {
		t.Errorf("ATII's greedy player is %T", c)
	}
	if _, err := g.NewController("oracle"); !errors.Is(err, game.ErrControllerKind) {
		t.Errorf("an unknown kind: %v, want ErrControllerKind", err)
	}
}
