// Package search is the look-ahead shared by every rule system's AI: an
// expectimax over macro-actions with the opponent's best replies, chance
// sampled with dice streams of its own, iterative deepening under the
// caller's deadline, the root's actions spread over every core.
//
// A rule system supplies a Domain: the macro-actions a side may take at a
// state (concrete commands: end points that matter, targets and aims, not
// raw input) and a static evaluation whose named terms explain the score.
// The engine supplies a Sim (rules.Simulator) that plays a command on a
// copy of a state. The search never sees the game's seed: it is given a
// side's view and rolls its own dice.
//
// Determinism: with no deadline (or one never reached) and a fixed Config
// the result depends only on the state and Config.Seed. Under a deadline
// the depth reached depends on the machine; a Config.MaxNodes budget gives
// a deterministic cut instead.
package search

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/auspex/auspex/rules"
)

// Action is one macro-action: a concrete, executable command and a short
// description for explanations ("Reaver A moves to the wood's edge").
type Action struct {
	Cmd  rules.Command
	Text string
	// Unit is the unit that acts ("" for a side-wide choice); Targets
	// are the enemy units the action attacks. Scripted opponents match
	// them against their tasks, priorities and ignore lists.
	Unit    string
	Targets []string
}

// Term is one named part of an evaluation ("damage dealt", "objectives").
type Term struct {
	Name  string
	Value float64
}

// Score is a position's value for one side: Value is what the search
// compares (higher is better for that side); Terms say where it comes from
// and normally sum to Value.
type Score struct {
	Value float64
	Terms []Term
}

// Domain is what a rule system supplies to the search. Its methods are
// called from several goroutines at once and must not modify the states
// they are given.
type Domain interface {
	// Actions returns the macro-actions side may take at s. Every action
	// must be legal at s; an empty list means side has nothing to decide
	// there (the node is scored as it stands).
	Actions(s *rules.State, side string) ([]Action, error)
	// Evaluate scores s for side.
	Evaluate(s *rules.State, side string) Score
}

// ContextActions is a Domain whose Actions can be cut short: the search
// calls ActionsContext with its own context instead of Actions, so a
// costly candidate generation stops at the deadline (it then returns
// ctx's error).
type ContextActions interface {
	ActionsContext(ctx context.Context, s *rules.State, side string) ([]Action, error)
}

// RootActions is a Domain with more to offer at the root of a search than
// deeper in it (where every action costs a search of its own): the
// player asks it for the root's actions instead of ActionsOf, e.g. to add
// a baseline's choice to the macro-actions, so that the search never
// overlooks what a one-ply player would do.
type RootActions interface {
	RootActions(ctx context.Context, s *rules.State, side string) ([]Action, error)
}

// ActionsOf is dom's actions for side at s, through ActionsContext when
// dom has it.
func ActionsOf(ctx context.Context, dom Domain, s *rules.State, side string) ([]Action, error) {
	if c, ok := dom.(ContextActions); ok {
		return c.ActionsContext(ctx, s, side)
	}
	return dom.Actions(s, side)
}

// Sim plays commands on copies of states (rules.Simulator implements it).
type Sim interface {
	// Play returns the state after c is played on a copy of s with dice
	// d; s is not modified.
	Play(s *rules.State, c rules.Command, d rules.Dice) (*rules.State, error)
	// Decider returns the side to decide at s ("" for nobody).
	Decider(s *rules.State) string
}

// Config tunes a search. Zero fields take the defaults given.
type Config struct {
	// MaxDepth is how many decisions ahead the search looks at most
	// (default 6; the deadline usually stops it first): 1 scores each
	// action by the position it leads to, 2 adds the reply to it, and so
	// on.
	MaxDepth int
	// Beam is how many actions are searched deeper at each node below
	// the root, chosen by their one-sample value (default 5).
	Beam int
	// RootBeam is how many root actions are searched deeper than one
	// decision, chosen by their one-decision value (default 10); every
	// root action gets its one-decision value.
	RootBeam int
	// Samples is how many dice samples average each root action
	// (default 3).
	Samples int
	// ReplySamples is how many dice samples average each action at a
	// decision below the root, within one root sample (default 1). With
	// one, a reply is judged by its result on that sample's dice, as if
	// the side choosing it knew them: the opponent is credited with the
	// luckiest of its shots, and a side's own later choices with theirs.
	// More samples judge each reply by its expected worth instead, at
	// that many times the cost for each reply that rolls dice (one that
	// rolls none is played once). At most MaxReplySamples.
	ReplySamples int
	// Workers is how many goroutines score root actions (default
	// GOMAXPROCS).
	Workers int
	// Seed keys the search's own dice. It must not be the game's seed.
	Seed uint64
	// MaxNodes, when > 0, stops deepening once this many positions have
	// been played (a deterministic budget; the deadline still applies).
	MaxNodes int64
	// Widen, once MaxDepth is reached with time to spare, goes on
	// averaging more dice samples into the values of the RootBeam best
	// actions at MaxDepth (as many again each round) instead of stopping:
	// with a shallow MaxDepth, time buys fewer dice-luck mistakes.
	Widen bool
	// WidenRoot, with Widen, first brings more root actions (twice as
	// many each round, the next best by their one-decision value) to
	// MaxDepth, and only once every root action is there averages more
	// dice samples: a line bad at once but good against every reply is
	// then found with time to spare.
	WidenRoot bool
	// Progress, when set, is called with a copy of the result each time
	// an iteration completes (depth 1, then each deeper one), from the
	// search's goroutine: a caller that cannot wait for what is in
	// flight when the deadline falls answers with the last one.
	Progress func(Result)
}

// clone copies a result for Progress (the ranking is reused by the
// search).
func (r Result) clone() Result {
	r.Ranked = append([]Ranked(nil), r.Ranked...)
	return r
}

func (c Config) withDefaults() Config {
	if c.MaxDepth <= 0 {
		c.MaxDepth = 6
	}
	if c.Beam <= 0 {
		c.Beam = 5
	}
	if c.RootBeam <= 0 {
		c.RootBeam = 10
	}
	if c.Samples <= 0 {
		c.Samples = 3
	}
	if c.ReplySamples <= 0 {
		c.ReplySamples = 1
	}
	c.ReplySamples = min(c.ReplySamples, MaxReplySamples)
	if c.Workers <= 0 {
		c.Workers = runtime.GOMAXPROCS(0)
	}
	return c
}

// Ranked is one root action with what the search found out about it.
type Ranked struct {
	Action
	// Value is the action's expected value for the searching side at
	// Depth decisions (the opponent replying at its best).
	Value float64
	// Depth is the depth Value comes from.
	Depth int
	// Now is the mean evaluation of the position right after the action
	// (over the dice samples), with its terms: what the action does by
	// itself, for explanations.
	Now Score
}

// Result is a search's answer: the root actions best first.
type Result struct {
	Ranked []Ranked
	// Depth is the deepest iteration completed for the actions searched
	// deeper.
	Depth int
	// Nodes is how many positions were played.
	Nodes int64
	// Samples is how many dice samples the values of the actions
	// searched deepest average (Config.Samples, more when widened).
	Samples int
}

// Best returns the best action (the first ranked). ok is false when there
// is none.
func (r Result) Best() (Ranked, bool) {
	if len(r.Ranked) == 0 {
		return Ranked{}, false
	}
	return r.Ranked[0], true
}

// ErrNoActions is returned when the side has no action at the root.
var ErrNoActions = errors.New("search: no action to choose from")

// errBudget stops a deepening iteration when the node budget is spent.
var errBudget = errors.New("search: node budget spent")

// searcher is one search's shared, read-only setup and its node count.
type searcher struct {
	sim   Sim
	dom   Domain
	cfg   Config
	side  string
	nodes atomic.Int64
}

// Search chooses side's action at root. It scores every root action one
// decision deep, then deepens the best RootBeam of them one decision at a
// time until MaxDepth, the node budget or ctx's deadline; an iteration cut
// short is discarded, so each value comes from a complete search of its
// depth. It returns the ranked root actions and the depth reached.
// Errors: no actions (ErrNoActions), the domain's or the simulator's
// errors at the root, ctx ending before any action was scored.
func Search(ctx context.Context, sim Sim, dom Domain, root *rules.State, side string, cfg Config) (Result, error) {
	if sim == nil || dom == nil || root == nil {
		return Result{}, errors.New("search: simulator, domain and state are all required")
	}
	cfg = cfg.withDefaults()
	acts, err := ActionsOf(ctx, dom, root, side)
	if err != nil {
		if stopped(err) {
			return Result{}, fmt.Errorf("search: stopped before any action was scored: %w", err)
		}
		return Result{}, fmt.Errorf("search: actions at the root: %w", err)
	}
	if len(acts) == 0 {
		return Result{}, ErrNoActions
	}
	s := &searcher{sim: sim, dom: dom, cfg: cfg, side: side}
	ranked := make([]Ranked, len(acts))
	for i, a := range acts {
		ranked[i] = Ranked{Action: a, Value: math.Inf(-1)}
	}
	// Depth 1 for every root action.
	err = s.parallel(ctx, len(acts), func(i int) error {
		v, now, err := s.rootValue(ctx, root, acts[i].Cmd, 1)
		if err != nil {
			return err
		}
		ranked[i].Value, ranked[i].Depth, ranked[i].Now = v, 1, now
		return nil
	})
	if err != nil && !stopped(err) {
		return Result{}, err
	}
	sortRanked(ranked)
	res := Result{Ranked: ranked, Depth: 1, Samples: cfg.Samples}
	if err == nil && len(ranked) == 1 {
		// A forced move: nothing to compare, so no deeper search (its
		// depth-1 value is kept for the explanation).
		res.Nodes = s.nodes.Load()
		return res, nil
	}
	if err == nil && cfg.Progress != nil {
		res.Nodes = s.nodes.Load()
		cfg.Progress(res.clone())
	}
	if err != nil {
		res.Depth = 0
		res.Nodes = s.nodes.Load()
		if ranked[0].Depth == 0 {
			return res, fmt.Errorf("search: stopped before any action was scored: %w", err)
		}
		return res, nil
	}
	for depth := 2; depth <= cfg.MaxDepth; depth++ {
		n := min(cfg.RootBeam, len(ranked))
		vals := make([]float64, n)
		err := s.parallel(ctx, n, func(i int) error {
			v, _, err := s.rootValue(ctx, root, ranked[i].Cmd, depth)
			vals[i] = v
			return err
		})
		if err != nil {
			if stopped(err) {
				break
			}
			return res, err
		}
		for i := 0; i < n; i++ {
			ranked[i].Value, ranked[i].Depth = vals[i], depth
		}
		sortRanked(ranked[:n])
		res.Depth = depth
		if cfg.Progress != nil {
			res.Nodes = s.nodes.Load()
			cfg.Progress(res.clone())
		}
	}
	if cfg.Widen && res.Depth == cfg.MaxDepth {
		s.widen(ctx, root, ranked, &res)
	}
	res.Nodes = s.nodes.Load()
	return res, nil
}

// widen averages more dice samples into the values of the RootBeam best
// actions at MaxDepth, as many again as they have each round, until the
// deadline or the node budget; a round cut short is discarded.
func (s *searcher) widen(ctx context.Context, root *rules.State, ranked []Ranked, res *Result) {
	n := min(s.cfg.RootBeam, len(ranked))
	have := s.cfg.Samples
	for s.cfg.WidenRoot && n < len(ranked) {
		// ranked[n:] are still at depth 1, in their one-decision order.
		more := min(n, len(ranked)-n)
		vals := make([]float64, more)
		err := s.parallel(ctx, more, func(i int) error {
			v, _, err := s.rootValueOver(ctx, root, ranked[n+i].Cmd, s.cfg.MaxDepth, 0, have)
			vals[i] = v
			return err
		})
		if err != nil {
			return
		}
		for i := 0; i < more; i++ {
			ranked[n+i].Value, ranked[n+i].Depth = vals[i], s.cfg.MaxDepth
		}
		n += more
		sortRanked(ranked[:n])
		if s.cfg.Progress != nil {
			res.Nodes = s.nodes.Load()
			s.cfg.Progress(res.clone())
		}
	}
	for have < 1<<12 {
		more := have
		vals := make([]float64, n)
		err := s.parallel(ctx, n, func(i int) error {
			v, _, err := s.rootValueOver(ctx, root, ranked[i].Cmd, s.cfg.MaxDepth, have, have+more)
			vals[i] = v
			return err
		})
		if err != nil {
			return
		}
		for i := 0; i < n; i++ {
			ranked[i].Value = (ranked[i].Value*float64(have) + vals[i]*float64(more)) / float64(have+more)
		}
		have += more
		sortRanked(ranked[:n])
		res.Samples = have
		if s.cfg.Progress != nil {
			res.Nodes = s.nodes.Load()
			s.cfg.Progress(res.clone())
		}
	}
}

// stopped reports whether err is the deadline, a cancellation or the node
// budget rather than a failure.
func stopped(err error) bool {
	return errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) || errors.Is(err, errBudget)
}

// sortRanked orders by value, best first; ties keep the domain's order.
func sortRanked(r []Ranked) {
	sort.SliceStable(r, func(i, j int) bool { return r[i].Value > r[j].Value })
}

// parallel runs f(0..n-1) on the configured workers and returns the first
// error.
func (s *searcher) parallel(ctx context.Context, n int, f func(i int) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan int)
	var (
		wg    sync.WaitGroup
		once  sync.Once
		first error
		done  atomic.Int64
	)
	for w := 0; w < min(s.cfg.Workers, n); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				if err := safely(func() error { return f(i) }); err != nil {
					once.Do(func() { first = err; cancel() })
					continue
				}
				done.Add(1)
			}
		}()
	}
feed:
	for i := 0; i < n; i++ {
		select {
		case jobs <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	if first != nil {
		return first
	}
	if done.Load() == int64(n) {
		return nil
	}
	return context.Cause(ctx)
}

// safely turns a panic in the domain or the rules into an error.
func safely(f func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("search: panic: %v", p)
		}
	}()
	return f()
}

// dice returns the search's dice for sample k at ply (0 = the root's
// action). Every action at a node sees the same dice for the same sample
// and ply (common random numbers), so their comparison is fair. Below the
// root, reply sample j of sample k is sample subSample(k, j).
func (s *searcher) dice(k, ply int) rules.Dice {
	return rules.NewSeededDice(s.cfg.Seed^0x9e3779b97f4a7c15, uint64(k)<<16|uint64(ply))
}

// subSample is the sample index of reply sample j within sample k: with
// one reply sample it is k itself, so the dice are those of a search
// without reply samples.
func (s *searcher) subSample(k, j int) int { return k*s.cfg.ReplySamples + j }

// MaxReplySamples caps Config.ReplySamples. A dice sample's index grows as
// root sample x ReplySamples^depth (subSample) and dice keeps 48 bits of
// it: at the cap and the default MaxDepth of 6 that is 2^18 times the root
// sample, leaving 30 bits for root samples.
const MaxReplySamples = 8

// countDice passes rolls through to d and counts them, so that the
// search knows a play that rolled nothing (its result is the same on
// every sample's dice).
type countDice struct {
	d     rules.Dice
	rolls int
}

// Roll implements rules.Dice.
func (c *countDice) Roll(r rules.Roll, n int) []int {
	c.rolls++
	return c.d.Roll(r, n)
}

// play plays c at st with sample k's dice at ply and counts the node;
// rolled reports whether any die was rolled.
func (s *searcher) play(ctx context.Context, st *rules.State, c rules.Command, k, ply int) (next *rules.State, rolled bool, err error) {
	if err := ctx.Err(); err != nil {
		return nil, false, err
	}
	n := s.nodes.Add(1)
	if s.cfg.MaxNodes > 0 && n > s.cfg.MaxNodes {
		return nil, false, errBudget
	}
	d := &countDice{d: s.dice(k, ply)}
	next, err = s.sim.Play(st, c, d)
	return next, d.rolls > 0, err
}

// rootValue is a root action's value at depth: the mean over the samples
// of the value of the position it leads to, searched depth-1 decisions
// further; now is the mean evaluation right after the action.
func (s *searcher) rootValue(ctx context.Context, root *rules.State, c rules.Command, depth int) (float64, Score, error) {
	return s.rootValueOver(ctx, root, c, depth, 0, s.cfg.Samples)
}

// rootValueOver is rootValue over samples k0 to k1-1. A root action that
// rolls no dice is played once and its position reused for every sample
// (the samples then differ only in the dice of the decisions after it).
func (s *searcher) rootValueOver(ctx context.Context, root *rules.State, c rules.Command, depth, k0, k1 int) (float64, Score, error) {
	var sum float64
	var now Score
	terms := map[string]float64{}
	var order []string
	var fixed *rules.State // the position of an action that rolled nothing
	for k := k0; k < k1; k++ {
		next := fixed
		if next == nil {
			var rolled bool
			var err error
			if next, rolled, err = s.play(ctx, root, c, k, 0); err != nil {
				return 0, Score{}, err
			}
			if !rolled {
				fixed = next
			}
		}
		ev := s.dom.Evaluate(next, s.side)
		now.Value += ev.Value
		for _, t := range ev.Terms {
			if _, ok := terms[t.Name]; !ok {
				order = append(order, t.Name)
			}
			terms[t.Name] += t.Value
		}
		v := ev.Value
		if depth > 1 {
			var err error
			if v, err = s.value(ctx, next, depth-1, k, 1); err != nil {
				return 0, Score{}, err
			}
		}
		sum += v
	}
	n := float64(k1 - k0)
	now.Value /= n
	for _, name := range order {
		now.Terms = append(now.Terms, Term{Name: name, Value: terms[name] / n})
	}
	return sum / n, now, nil
}

// value is st's value for the searching side with depth decisions still
// to look at: the evaluation at a leaf (depth 0, the game over, nobody to
// decide, no action), else the best (own decision) or worst (opponent's)
// over the Beam most promising actions, each action worth the mean over
// its ReplySamples dice samples (one, when it rolls no dice).
func (s *searcher) value(ctx context.Context, st *rules.State, depth, k, ply int) (float64, error) {
	who := s.sim.Decider(st)
	if depth == 0 || st.Over || who == "" {
		return s.dom.Evaluate(st, s.side).Value, nil
	}
	acts, err := ActionsOf(ctx, s.dom, st, who)
	if err != nil {
		if stopped(err) {
			return 0, err
		}
		return 0, fmt.Errorf("search: actions for %s at %s: %w", who, st.Step, err)
	}
	if len(acts) == 0 {
		return s.dom.Evaluate(st, s.side).Value, nil
	}
	mine := who == s.side
	better := func(a, b float64) bool {
		if mine {
			return a > b
		}
		return a < b
	}
	// Order by the mean immediate value over the reply samples and keep
	// the Beam best.
	type outcome struct {
		sample int
		next   *rules.State
	}
	type cand struct {
		v    float64
		outs []outcome
	}
	cands := make([]cand, 0, len(acts))
	for _, a := range acts {
		var c cand
		for j := 0; j < s.cfg.ReplySamples; j++ {
			sub := s.subSample(k, j)
			next, rolled, err := s.play(ctx, st, a.Cmd, sub, ply)
			if err != nil {
				if stopped(err) {
					return 0, err
				}
				break // an action the domain offered but the rules refuse: skip it
			}
			c.v += s.dom.Evaluate(next, s.side).Value
			c.outs = append(c.outs, outcome{sub, next})
			if !rolled {
				break // the same on every sample's dice
			}
		}
		if len(c.outs) == 0 {
			continue
		}
		c.v /= float64(len(c.outs))
		cands = append(cands, c)
	}
	if len(cands) == 0 {
		return s.dom.Evaluate(st, s.side).Value, nil
	}
	sort.SliceStable(cands, func(a, b int) bool { return better(cands[a].v, cands[b].v) })
	if len(cands) > s.cfg.Beam {
		cands = cands[:s.cfg.Beam]
	}
	best := cands[0].v
	if depth > 1 {
		best = math.NaN()
		for _, c := range cands {
			var v float64
			for _, o := range c.outs {
				w, err := s.value(ctx, o.next, depth-1, o.sample, ply+1)
				if err != nil {
					return 0, err
				}
				v += w
			}
			v /= float64(len(c.outs))
			if math.IsNaN(best) || better(v, best) {
				best = v
			}
		}
	}
	return best, nil
}

// TrimUnit drops a leading mention of unit id from an action's text
// ("red-reaver fires: ..." becomes "fires: ...", "red-reaver: advance"
// becomes "advance"), for explanations that name the unit first.
func TrimUnit(text, id string) string {
	if id == "" {
		return text
	}
	if t, ok := strings.CutPrefix(text, id+": "); ok {
		return t
	}
	if t, ok := strings.CutPrefix(text, id+" "); ok {
		return t
	}
	return text
}
