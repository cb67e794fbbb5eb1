// Package player is the search player every rule system shares: a
// game.Controller that runs the shared search (ai/search) over the
// system's domain within a time budget and explains each decision
// (game.Reasoner). A system supplies only how to build its domain from a
// controller's view.
package player

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/auspex/auspex/ai/search"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
)

// Searcher is the search player.
type Searcher struct {
	// Name prefixes errors ("atii ai").
	Name string
	// Budget is the time per decision, everything included (0:
	// game.DefaultAIBudget); the search stops SearchReserve early and
	// the answer comes AnswerReserve early at the latest. The caller's
	// deadline, if sooner, wins.
	Budget time.Duration
	// Search tunes the search (zero fields: its defaults; a zero seed is
	// derived from the position, never from the game's seed).
	Search search.Config
	// Domain builds the system's search domain for a view. Errors: a
	// view of another system.
	Domain func(v game.View) (search.Domain, error)
}

// Decide implements game.Controller.
func (p Searcher) Decide(ctx context.Context, v game.View) (rules.Command, error) {
	cmd, _, err := p.DecideWhy(ctx, v)
	return cmd, err
}

// DecideWhy implements game.Reasoner. A decision with one action is
// played without searching; when the budget runs out before any action
// was scored, the domain's first action (its most promising by its own
// order) is played and the explanation says so. Errors: no state or
// simulator in the view, the domain's, a search failure.
func (p Searcher) DecideWhy(ctx context.Context, v game.View) (rules.Command, *game.Why, error) {
	if v.State == nil || v.Sim == nil || p.Domain == nil {
		return nil, nil, fmt.Errorf("%s: needs a view with its state and simulator", p.Name)
	}
	budget := p.Budget
	if budget <= 0 {
		budget = game.DefaultAIBudget
	}
	// The clock starts now, and the search stops SearchReserve short of the
	// budget: what is in flight when it stops (a position's candidates,
	// the workers' last plays, the answer) finishes within the budget.
	start := time.Now()
	outer := ctx
	ctx, cancel := context.WithTimeout(ctx, budget-budget*SearchReserve/100)
	defer cancel()
	dom, err := p.Domain(v)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", p.Name, err)
	}
	cfg := p.Search
	if cfg.Seed == 0 {
		cfg.Seed = uint64(v.State.Seq)*0x9e3779b97f4a7c15 + 1
	}
	// The root's actions are listed whatever the budget (the caller's
	// own deadline still stops it): without them there is nothing to
	// answer with.
	var acts []search.Action
	if ra, ok := dom.(search.RootActions); ok {
		acts, err = ra.RootActions(outer, v.State, v.Side)
	} else {
		acts, err = search.ActionsOf(outer, dom, v.State, v.Side)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", p.Name, err)
	}
	switch len(acts) {
	case 0:
		return nil, nil, fmt.Errorf("%s: %w", p.Name, search.ErrNoActions)
	case 1:
		return acts[0].Cmd, &game.Why{Line: Named(v.State, acts[0].Unit, acts[0].Text) + " (the only choice)"}, nil
	}
	res, err := p.search(ctx, outer, start.Add(budget-budget*AnswerReserve/100), dom, v, acts, cfg)
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return acts[0].Cmd, &game.Why{Line: Named(v.State, acts[0].Unit, acts[0].Text) + " (no time to weigh the choices: the first candidate)"}, nil
		}
		return nil, nil, fmt.Errorf("%s: %w", p.Name, err)
	}
	best, ok := res.Best()
	if !ok {
		return nil, nil, fmt.Errorf("%s: %w", p.Name, search.ErrNoActions)
	}
	return best.Cmd, Explain(v.State, res), nil
}

// SearchReserve and AnswerReserve are the shares of the budget, in per
// cent, kept back from the search and from the answer. The search stops
// SearchReserve short of the budget; what is in flight then (the
// workers' last plays) normally ends within the rest, but on the shared
// 2-core machine under heavy load it took up to a third of a second
// longer, so AnswerReserve short of the budget the player answers with
// the last completed iteration and leaves the cancelled search to wind
// down on its own.
const (
	SearchReserve = 15
	AnswerReserve = 12
)

// search runs the search on its own goroutine and returns its result,
// or, when answerBy comes first, the last iteration it completed
// (context.DeadlineExceeded when none had). Errors: the search's, a
// panic in it, outer done.
func (p Searcher) search(ctx, outer context.Context, answerBy time.Time, dom search.Domain, v game.View, acts []search.Action, cfg search.Config) (search.Result, error) {
	var (
		mu   sync.Mutex
		last *search.Result
	)
	user := cfg.Progress
	cfg.Progress = func(r search.Result) {
		mu.Lock()
		last = &r
		mu.Unlock()
		if user != nil {
			user(r)
		}
	}
	type answer struct {
		res search.Result
		err error
	}
	done := make(chan answer, 1)
	go func() {
		var a answer
		defer func() {
			if r := recover(); r != nil {
				a = answer{err: fmt.Errorf("search panicked: %v", r)}
			}
			done <- a
		}()
		a.res, a.err = search.Search(ctx, v.Sim, rootActions{Domain: dom, root: v.State, side: v.Side, acts: acts}, v.State, v.Side, cfg)
	}()
	timer := time.NewTimer(time.Until(answerBy))
	defer timer.Stop()
	select {
	case a := <-done:
		return a.res, a.err
	case <-timer.C:
	case <-outer.Done():
		return search.Result{}, outer.Err()
	}
	mu.Lock()
	defer mu.Unlock()
	if last == nil {
		return search.Result{}, fmt.Errorf("search: no iteration completed in time: %w", context.DeadlineExceeded)
	}
	return *last, nil
}

// rootActions is a domain whose root actions are already known (the
// player computed them to answer a single choice at once), so the
// search does not compute them again.
type rootActions struct {
	search.Domain
	root *rules.State
	side string
	acts []search.Action
}

// Actions implements search.Domain.
func (r rootActions) Actions(s *rules.State, side string) ([]search.Action, error) {
	return r.ActionsContext(context.Background(), s, side)
}

// ActionsContext implements search.ContextActions.
func (r rootActions) ActionsContext(ctx context.Context, s *rules.State, side string) ([]search.Action, error) {
	if s == r.root && side == r.side {
		return r.acts, nil
	}
	return search.ActionsOf(ctx, r.Domain, s, side)
}

// Shown is how many candidates an explanation lists.
const Shown = 5

// Explain turns a search result into a game.Why: the line ("Ignis
// Fidelis: fires ... (value +42: damage +38, threat +4; 2 decisions
// ahead, 9 choices)") and the top candidates with their values and
// terms.
func Explain(s *rules.State, res search.Result) *game.Why {
	w := &game.Why{}
	for i, r := range res.Ranked {
		if i >= Shown {
			break
		}
		c := game.Considered{Text: Named(s, r.Unit, r.Text), Value: r.Value, Now: r.Now.Value, Units: append([]string{r.Unit}, r.Targets...)}
		for _, t := range r.Now.Terms {
			c.Terms = append(c.Terms, game.Term{Name: t.Name, Value: t.Value})
		}
		w.Considered = append(w.Considered, c)
	}
	if len(res.Ranked) == 0 {
		return w
	}
	best := res.Ranked[0]
	var parts []string
	for _, t := range best.Now.Terms {
		if t.Value >= 0.5 || t.Value <= -0.5 {
			parts = append(parts, fmt.Sprintf("%s %+.0f", t.Name, t.Value))
		}
	}
	ahead := "1 decision ahead"
	if res.Depth != 1 {
		ahead = fmt.Sprintf("%d decisions ahead", res.Depth)
	}
	line := fmt.Sprintf("%s (value %+.0f looking %s, %d choices", Named(s, best.Unit, best.Text), best.Value, ahead, len(res.Ranked))
	if len(best.Now.Terms) > 0 {
		line += fmt.Sprintf("; right after it %+.0f", best.Now.Value)
		if len(parts) > 0 {
			line += " = " + strings.Join(parts, ", ")
		}
	}
	w.Line = line + ")"
	return w
}

// Named is an action's text after its unit's name ("Ignis Fidelis: fires
// ..."), the unit's id dropped from the text's start (search.TrimUnit).
func Named(s *rules.State, unit, text string) string {
	if unit == "" {
		return text
	}
	name := unit
	if u := s.Unit(unit); u != nil && u.Name != "" {
		name = u.Name
	}
	return name + ": " + search.TrimUnit(text, unit)
}
