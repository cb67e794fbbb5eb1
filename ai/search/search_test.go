package search

import (
	"context"
	"errors"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/world"
)

// gameRules is a tiny ruleset for the search's tests. One unit "heap"
// holds the stones (marker "n"). Sides alternate; a side either takes 1-3
// stones (Nim: who takes the last stone wins) or, when the option
// "gamble" is on, may also "bet": a D6, 4+ scores 2 points, else loses 4
// (marker "pts-SIDE"); "safe" scores 0.5 point (stored in halves). The
// game ends when the heap is empty.
type gameRules struct{}

func (gameRules) ID() string                              { return "nim" }
func (gameRules) Name() string                            { return "Nim (search test)" }
func (gameRules) Options() []rules.Option                 { return nil }
func (gameRules) Terrain(*rules.State) world.TerrainRules { return nil }

func (gameRules) Commands() []rules.CommandSpec {
	return []rules.CommandSpec{
		{Name: "take", New: func() rules.Command { return &take{} }},
		{Name: "bet", New: func() rules.Command { return &bet{} }},
		{Name: "safe", New: func() rules.Command { return &safe{} }},
	}
}

func (gameRules) Flow() []rules.Step {
	return []rules.Step{{ID: "play", Phase: "play", Allowed: []string{"take", "bet", "safe"},
		OnBegin: func(s *rules.State, _ rules.Dice) ([]rules.Event, error) {
			s.Active = "red"
			s.Pending = &rules.Decision{Side: "red", Kind: "move"}
			return nil, nil
		}}}
}

func (gameRules) Victory(s *rules.State) *rules.Outcome {
	h := s.Unit("heap")
	if h.Markers.Value("n") > 0 {
		return nil
	}
	r, b := h.Markers.Value("pts-red"), h.Markers.Value("pts-blue")
	if w, _ := h.Damage.Get("last"); w != "" && r == 0 && b == 0 {
		return &rules.Outcome{Winner: w, Kind: "win"}
	}
	return &rules.Outcome{Kind: "points"}
}

func (gameRules) Legal(s *rules.State, side string) []rules.Choice {
	if s.Pending == nil || s.Pending.Side != side {
		return nil
	}
	var out []rules.Choice
	for n := 1; n <= min(3, s.Unit("heap").Markers.Value("n")); n++ {
		out = append(out, rules.Choice{Name: "take", Cmd: &take{By: side, N: n}})
	}
	return out
}

func otherSide(side string) string {
	if side == "red" {
		return "blue"
	}
	return "red"
}

func pass(s *rules.State, by string) {
	s.Active = otherSide(by)
	s.Pending = &rules.Decision{Side: s.Active, Kind: "move"}
}

type take struct {
	By string `json:"by"`
	N  int    `json:"n"`
}

func (c *take) Name() string  { return "take" }
func (c *take) Actor() string { return c.By }
func (c *take) Validate(s *rules.State) error {
	if c.N < 1 || c.N > 3 || c.N > s.Unit("heap").Markers.Value("n") {
		return fmt.Errorf("cannot take %d", c.N)
	}
	return nil
}
func (c *take) Apply(s *rules.State, _ rules.Dice) ([]rules.Event, error) {
	h := s.Unit("heap")
	rules.AddCount(&h.Markers, "n", -c.N)
	h.Damage.Set("last", c.By)
	pass(s, c.By)
	return nil, nil
}

type bet struct {
	By string `json:"by"`
}

func (c *bet) Name() string                { return "bet" }
func (c *bet) Actor() string               { return c.By }
func (c *bet) Validate(*rules.State) error { return nil }
func (c *bet) Apply(s *rules.State, d rules.Dice) ([]rules.Event, error) {
	h := s.Unit("heap")
	if d.Roll(rules.Roll{Purpose: "bet", Sides: 6, Target: 4}, 1)[0] >= 4 {
		rules.AddCount(&h.Markers, "pts-"+c.By, 4)
	} else {
		rules.AddCount(&h.Markers, "pts-"+c.By, -8)
	}
	rules.AddCount(&h.Markers, "n", -1)
	pass(s, c.By)
	return nil, nil
}

type safe struct {
	By string `json:"by"`
}

func (c *safe) Name() string                { return "safe" }
func (c *safe) Actor() string               { return c.By }
func (c *safe) Validate(*rules.State) error { return nil }
func (c *safe) Apply(s *rules.State, _ rules.Dice) ([]rules.Event, error) {
	h := s.Unit("heap")
	rules.AddCount(&h.Markers, "pts-"+c.By, 1)
	rules.AddCount(&h.Markers, "n", -1)
	pass(s, c.By)
	return nil, nil
}

// nimDomain offers the takes (and, with gamble, bet and safe) and scores
// a won game +1, a lost one -1, points in halves, else 0.
type nimDomain struct{ gamble bool }

func (d nimDomain) Actions(s *rules.State, side string) ([]Action, error) {
	var out []Action
	if d.gamble {
		return []Action{{Cmd: &bet{By: side}, Text: "bet"}, {Cmd: &safe{By: side}, Text: "safe"}}, nil
	}
	for n := 1; n <= min(3, s.Unit("heap").Markers.Value("n")); n++ {
		out = append(out, Action{Cmd: &take{By: side, N: n}, Text: fmt.Sprintf("take %d", n)})
	}
	return out, nil
}

func (d nimDomain) Evaluate(s *rules.State, side string) Score {
	h := s.Unit("heap")
	pts := float64(h.Markers.Value("pts-"+side)-h.Markers.Value("pts-"+otherSide(side))) / 2
	win := 0.0
	if s.Result != nil && s.Result.Winner != "" {
		win = -1
		if s.Result.Winner == side {
			win = 1
		}
	}
	return Score{Value: win + pts, Terms: []Term{{"won", win}, {"points", pts}}}
}

func newNim(t *testing.T, stones int) (*rules.Simulator, *rules.State) {
	t.Helper()
	st := &rules.State{Sides: []rules.Side{{ID: "red"}, {ID: "blue"}},
		Units: []rules.Unit{{ID: "heap", Side: "red"}}}
	st.Units[0].Markers.Set("n", stones)
	e, err := rules.New(gameRules{}, st, rules.Config{})
	if err != nil {
		t.Fatal(err)
	}
	return e.Simulator(), e.State()
}

// TestSearchFindsTheNimWin: from 6 stones the only winning move is to
// take 2 (leaving a multiple of 4). Seeing that take 1 loses needs four
// decisions (mine, the reply that leaves 4, mine, the reply taking the
// rest) with the opponent replying at its best.
func TestSearchFindsTheNimWin(t *testing.T) {
	sim, st := newNim(t, 6)
	res, err := Search(context.Background(), sim, nimDomain{}, st, "red", Config{MaxDepth: 4, Beam: 3, Samples: 1})
	if err != nil {
		t.Fatal(err)
	}
	best, _ := res.Best()
	if best.Text != "take 2" || best.Value != 1 || res.Depth != 4 {
		t.Fatalf("best %q value %v at depth %d, want take 2 worth 1 at depth 4 (ranked %+v)", best.Text, best.Value, res.Depth, res.Ranked)
	}
	for _, r := range res.Ranked[1:] {
		if r.Value != -1 {
			t.Errorf("%s: value %v, want -1 (the opponent's best reply wins)", r.Text, r.Value)
		}
	}
}

// TestSearchOneDecisionCannotSeeTheReply: at depth 1 every take from 6
// leaves the game open (value 0): the depth limit is honoured.
func TestSearchOneDecisionCannotSeeTheReply(t *testing.T) {
	sim, st := newNim(t, 6)
	res, err := Search(context.Background(), sim, nimDomain{}, st, "red", Config{MaxDepth: 1, Samples: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res.Ranked {
		if r.Value != 0 || r.Depth != 1 {
			t.Errorf("%s: value %v depth %d, want 0 at depth 1", r.Text, r.Value, r.Depth)
		}
	}
}

// TestSearchWeighsChance: a bet (D6 4+: +2, else -4; expected -1) against
// a safe +0.5. Sampled over 24 dice streams the bet's mean is near -1 and
// the safe choice wins; the terms explain the immediate score.
func TestSearchWeighsChance(t *testing.T) {
	sim, st := newNim(t, 5)
	res, err := Search(context.Background(), sim, nimDomain{gamble: true}, st, "red", Config{MaxDepth: 1, Samples: 24, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	best, _ := res.Best()
	if best.Text != "safe" || best.Value != 0.5 {
		t.Fatalf("best %q %v, want safe 0.5 (%+v)", best.Text, best.Value, res.Ranked)
	}
	b := res.Ranked[1]
	if b.Value > -0.25 || b.Value < -1.75 {
		t.Errorf("bet's sampled value %v, want about -1", b.Value)
	}
	if len(best.Now.Terms) != 2 || best.Now.Terms[1].Name != "points" || best.Now.Terms[1].Value != 0.5 {
		t.Errorf("terms %+v, want points 0.5", best.Now.Terms)
	}
}

// TestSearchIsDeterministic: the same seed gives the same ranking.
func TestSearchIsDeterministic(t *testing.T) {
	sim, st := newNim(t, 5)
	cfg := Config{MaxDepth: 2, Samples: 5, Seed: 99, Workers: 2}
	a, err := Search(context.Background(), sim, nimDomain{gamble: true}, st, "red", cfg)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 5; i++ {
		b, err := Search(context.Background(), sim, nimDomain{gamble: true}, st, "red", cfg)
		if err != nil {
			t.Fatal(err)
		}
		for j := range a.Ranked {
			if a.Ranked[j].Text != b.Ranked[j].Text || a.Ranked[j].Value != b.Ranked[j].Value {
				t.Fatalf("run %d differs: %+v vs %+v", i, a.Ranked, b.Ranked)
			}
		}
	}
}

// TestSearchStopsAtTheDeadlineWithAnAnswer: a deadline in the past still
// returns the depth-1 ranking when it was reached, and an error only when
// nothing was scored.
func TestSearchStopsAtTheDeadlineWithAnAnswer(t *testing.T) {
	sim, st := newNim(t, 40)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	res, err := Search(ctx, sim, nimDomain{}, st, "red", Config{MaxDepth: 30, Beam: 3, Samples: 1})
	if err != nil {
		t.Fatal(err)
	}
	if res.Depth < 1 || res.Depth >= 30 {
		t.Errorf("depth %d, want a partial deepening", res.Depth)
	}
	dead, cancel2 := context.WithCancel(context.Background())
	cancel2()
	if _, err := Search(dead, sim, nimDomain{}, st, "red", Config{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled before starting: %v, want context.Canceled", err)
	}
}

// TestSearchNodeBudget: MaxNodes cuts deepening deterministically.
func TestSearchNodeBudget(t *testing.T) {
	sim, st := newNim(t, 40)
	res, err := Search(context.Background(), sim, nimDomain{}, st, "red", Config{MaxDepth: 30, Beam: 3, Samples: 1, MaxNodes: 200})
	if err != nil {
		t.Fatal(err)
	}
	if res.Depth < 1 || res.Depth > 6 || res.Nodes < 200 {
		t.Errorf("depth %d after %d nodes", res.Depth, res.Nodes)
	}
}

// panicky panics in Evaluate: the search reports it as an error.
type panicky struct{ nimDomain }

func (panicky) Evaluate(*rules.State, string) Score { panic("boom") }

func TestSearchReportsAPanickingDomain(t *testing.T) {
	sim, st := newNim(t, 6)
	if _, err := Search(context.Background(), sim, panicky{}, st, "red", Config{}); err == nil {
		t.Fatal("no error from a panicking evaluation")
	}
}

func TestSearchNoActions(t *testing.T) {
	sim, st := newNim(t, 0)
	if _, err := Search(context.Background(), sim, nimDomain{}, st, "red", Config{}); !errors.Is(err, ErrNoActions) {
		t.Fatalf("err %v, want ErrNoActions", err)
	}
	_ = math.Inf
}

// TestSearchAForcedMoveIsNotSearchedDeeper: with one action there is
// nothing to compare, so the search stops after scoring it once (depth
// 1, however deep it may go) instead of spending its time budget.
func TestSearchAForcedMoveIsNotSearchedDeeper(t *testing.T) {
	sim, st := newNim(t, 1)
	res, err := Search(context.Background(), sim, nimDomain{}, st, "red", Config{MaxDepth: 30, Samples: 4})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Ranked) != 1 || res.Depth != 1 || res.Ranked[0].Depth != 1 {
		t.Fatalf("a forced move: %d actions, depth %d, want one action at depth 1", len(res.Ranked), res.Depth)
	}
}

// TestSearchReportsProgress: Progress sees each completed iteration, one
// decision deeper each time, and its last report is the final result.
func TestSearchReportsProgress(t *testing.T) {
	sim, st := newNim(t, 6)
	var depths []int
	var last Result
	res, err := Search(context.Background(), sim, nimDomain{}, st, "red", Config{MaxDepth: 4, Beam: 3, Samples: 1,
		Progress: func(r Result) { depths = append(depths, r.Depth); last = r }})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(depths) != "[1 2 3 4]" {
		t.Errorf("progress at depths %v, want [1 2 3 4]", depths)
	}
	if b, _ := last.Best(); b.Text != "take 2" || last.Depth != res.Depth {
		t.Errorf("last progress %q at depth %d, final depth %d", b.Text, last.Depth, res.Depth)
	}
}

// TestActionsContextStopsAtTheDeadline: a domain with ActionsContext is
// cut short by the search's context (the search then answers with the
// depth-1 ranking) where a plain Actions would run on.
func TestActionsContextStopsAtTheDeadline(t *testing.T) {
	sim, st := newNim(t, 6)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	dom := ctxBlocking{nimDomain{}, st, cancel}
	res, err := Search(ctx, sim, dom, st, "red", Config{MaxDepth: 4, Beam: 3, Samples: 1, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if res.Depth != 1 || len(res.Ranked) != 3 {
		t.Errorf("depth %d with %d ranked, want the depth-1 ranking of 3", res.Depth, len(res.Ranked))
	}
}

// ctxBlocking cancels the search at the first position below the root
// and waits there for the context to end.
type ctxBlocking struct {
	nimDomain
	root   *rules.State
	cancel context.CancelFunc
}

func (c ctxBlocking) ActionsContext(ctx context.Context, s *rules.State, side string) ([]Action, error) {
	if s != c.root {
		c.cancel()
		<-ctx.Done()
		return nil, ctx.Err()
	}
	return c.nimDomain.Actions(s, side)
}

// TestSearchWidensWithSpareBudget: with one sample a decision, the bet
// (expected -1) can look better than the safe +0.5 on a lucky die; with
// Widen and a node budget to spare the search keeps averaging more
// samples into the same depth, reports how many, and the bet's value
// settles near -1 with the safe choice first, for every seed tried.
func TestSearchWidensWithSpareBudget(t *testing.T) {
	lucky := 0
	for seed := uint64(1); seed <= 20; seed++ {
		sim, st := newNim(t, 5)
		narrow, err := Search(context.Background(), sim, nimDomain{gamble: true}, st, "red", Config{MaxDepth: 1, Samples: 1, Seed: seed, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		if b, _ := narrow.Best(); b.Text == "bet" {
			lucky++
		}
		wide, err := Search(context.Background(), sim, nimDomain{gamble: true}, st, "red", Config{MaxDepth: 1, Samples: 1, Seed: seed, Widen: true, MaxNodes: 600, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		if wide.Samples < 64 {
			t.Errorf("seed %d: widened to %d samples with 600 positions to spend, want at least 64", seed, wide.Samples)
		}
		best, _ := wide.Best()
		if best.Text != "safe" {
			t.Errorf("seed %d: widened search chose %q (%+v)", seed, best.Text, wide.Ranked)
		}
		if bet := wide.Ranked[1]; bet.Value > -0.5 || bet.Value < -1.5 {
			t.Errorf("seed %d: bet's widened value %v, want about -1", seed, bet.Value)
		}
	}
	if lucky == 0 {
		t.Error("one sample never made the bet look best: the test shows nothing")
	}
}

// TestSearchWidensTheRootFirst: with WidenRoot, spare positions bring the
// root actions past RootBeam to MaxDepth too (each then valued against
// the best reply) before more dice samples are averaged; without it only
// the RootBeam best get there.
func TestSearchWidensTheRootFirst(t *testing.T) {
	sim, st := newNim(t, 5)
	cfg := Config{MaxDepth: 2, RootBeam: 1, Samples: 1, Seed: 3, Widen: true, MaxNodes: 2000, Workers: 1}
	plain, err := Search(context.Background(), sim, nimDomain{}, st, "red", cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.WidenRoot = true
	wide, err := Search(context.Background(), sim, nimDomain{}, st, "red", cfg)
	if err != nil {
		t.Fatal(err)
	}
	deep := func(r Result) (n int) {
		for _, a := range r.Ranked {
			if a.Depth == 2 {
				n++
			}
		}
		return n
	}
	if len(wide.Ranked) < 2 {
		t.Fatalf("only %d root actions: the test shows nothing", len(wide.Ranked))
	}
	if got := deep(plain); got != 1 {
		t.Errorf("without WidenRoot %d root actions reached depth 2, want RootBeam = 1", got)
	}
	if got := deep(wide); got != len(wide.Ranked) {
		t.Errorf("with WidenRoot %d of %d root actions reached depth 2, want all", got, len(wide.Ranked))
	}
	if wide.Samples <= 1 {
		t.Errorf("no samples added after the root was widened (%d)", wide.Samples)
	}
}

// TestReplySamplesJudgeRepliesByTheirExpectedWorth: red plays safe
// (+0.5), then blue replies with a bet (D6 4+: +2, else -4; worth -1 on
// average) or safe (+0.5). Blue's best reply is safe, so red's safe is
// worth 0. With one reply sample a reply is judged on the dice it will
// roll, so blue is credited with betting exactly when the bet wins: red's
// safe looks worth 0.5 - (2+0.5)/2 = -0.75. Many reply samples judge the
// bet by its mean and give about 0.
func TestReplySamplesJudgeRepliesByTheirExpectedWorth(t *testing.T) {
	sim, st := newNim(t, 5)
	safeValue := func(replies int) float64 {
		t.Helper()
		res, err := Search(context.Background(), sim, nimDomain{gamble: true}, st, "red",
			Config{MaxDepth: 2, Samples: 64, ReplySamples: replies, Seed: 3, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range res.Ranked {
			if r.Text == "safe" && r.Depth == 2 {
				return r.Value
			}
		}
		t.Fatalf("no safe at depth 2 in %+v", res.Ranked)
		return 0
	}
	if v := safeValue(1); v > -0.5 || v < -1 {
		t.Errorf("one reply sample: safe worth %v, want about -0.75 (blue sees its dice)", v)
	}
	if v := safeValue(48); math.Abs(v) > 0.15 {
		t.Errorf("48 reply samples: safe worth %v, want about 0 (blue bets only on its mean)", v)
	}
}

// countingSim counts the plays of each command name.
type countingSim struct {
	Sim
	plays map[string]int
}

func (c *countingSim) Play(s *rules.State, cmd rules.Command, d rules.Dice) (*rules.State, error) {
	c.plays[cmd.Name()]++
	return c.Sim.Play(s, cmd, d)
}

// TestDiceFreeActionsArePlayedOnce: an action that rolls no dice gives the
// same position on every sample's dice, so the root plays it once for all
// its samples and a reply that rolls none is played once for all its
// reply samples; one that rolls dice is played for each.
func TestDiceFreeActionsArePlayedOnce(t *testing.T) {
	sim, st := newNim(t, 5)
	cs := &countingSim{Sim: sim, plays: map[string]int{}}
	_, err := Search(context.Background(), cs, nimDomain{gamble: true}, st, "red",
		Config{MaxDepth: 2, Samples: 4, ReplySamples: 3, Seed: 3, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	// Root, in each of the two iterations (depth 1, depth 2): safe once,
	// bet 4 times. Below the root at depth 2, a reply node for each of
	// the 4 samples of each root action (8): safe once each, bet 3 times
	// each.
	if got, want := cs.plays["safe"], 2*1+8; got != want {
		t.Errorf("safe played %d times, want %d", got, want)
	}
	if got, want := cs.plays["bet"], 2*4+8*3; got != want {
		t.Errorf("bet played %d times, want %d", got, want)
	}
}
