package game

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/auspex/auspex/rules"
)

// CandidateGenerator is implemented by systems that fill their continuous
// choices (a move path, a deployment position: Choice.Continuous not
// empty) with concrete commands, for the AI, the random player, UI hints
// and tests alike. Candidates returns, for the template tmpl that Legal
// offered side on st (any state of a game of rs, not only the current
// one), discrete choices that st accepts (Continuous empty, Text saying
// what each does), most useful first, without duplicates, the same for
// the same input. It must honour ctx. Errors: a template the system does
// not know, a state it cannot read, ctx done.
type CandidateGenerator interface {
	Candidates(ctx context.Context, rs rules.Ruleset, st *rules.State, side string, tmpl rules.Choice) ([]rules.Choice, error)
}

// ErrNoCandidates is returned by Game.Candidates when the game's system
// has no candidate generator.
var ErrNoCandidates = errors.New("the system has no candidate generator")

// Candidates fills template tmpl, offered to side on st, with concrete
// commands through the system's CandidateGenerator. A discrete choice is
// returned as it is. Errors: ErrNoCandidates, the generator's.
func (g *Game) Candidates(ctx context.Context, st *rules.State, side string, tmpl rules.Choice) ([]rules.Choice, error) {
	if tmpl.Continuous == "" {
		return []rules.Choice{tmpl}, nil
	}
	cg, ok := g.System.(CandidateGenerator)
	if !ok {
		return nil, fmt.Errorf("%w: %s", ErrNoCandidates, g.systemName())
	}
	return cg.Candidates(ctx, g.Ruleset, st, side, tmpl)
}

// Sampler is implemented by systems that can draw one concrete command
// for a continuous choice at random, more cheaply than listing their
// candidates (a random player's or a search's playouts). Sample returns a
// discrete choice that st accepts (the system validates what it draws),
// drawn from rng only, so the same rng state gives the same answer; ok is
// false when none was found within the system's tries. It must honour ctx.
// Errors: a template the system does not know, a state it cannot read,
// ctx done.
type Sampler interface {
	Sample(ctx context.Context, rs rules.Ruleset, st *rules.State, side string, tmpl rules.Choice, rng *rand.Rand) (c rules.Choice, ok bool, err error)
}

// Sample fills template tmpl, offered to side on st, with one command
// drawn from rng through the system's Sampler; a system without one gets
// one of its candidates (Candidates) drawn uniformly. A discrete choice is
// returned as it is. ok is false when nothing was found. Errors:
// ErrNoCandidates, the system's.
func (g *Game) Sample(ctx context.Context, st *rules.State, side string, tmpl rules.Choice, rng *rand.Rand) (rules.Choice, bool, error) {
	if tmpl.Continuous == "" {
		return tmpl, true, nil
	}
	if sp, ok := g.System.(Sampler); ok {
		return sp.Sample(ctx, g.Ruleset, st, side, tmpl, rng)
	}
	cands, err := g.Candidates(ctx, st, side, tmpl)
	if err != nil || len(cands) == 0 {
		return rules.Choice{}, false, err
	}
	return cands[rng.IntN(len(cands))], true, nil
}
