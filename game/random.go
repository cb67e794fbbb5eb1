package game

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"

	"github.com/auspex/auspex/rules"
)

// Random is the random-legal baseline for every system: it picks one of
// the view's choices uniformly at random and, when that is a template,
// fills it with a command drawn from the same stream by the view's Sample
// (the system's Sampler, else one of its candidates uniformly; a
// template nothing is found for is dropped and another choice drawn). Its stream is
// keyed by Seed, the command count and the side, so the same game
// position gets the same answer whatever happened before, and the value
// is safe to share between goroutines. Errors: no choice could be made
// concrete, ctx done.
type Random struct {
	Seed uint64
}

// Decide implements Controller.
func (r Random) Decide(ctx context.Context, v View) (rules.Command, error) {
	if v.State == nil {
		return nil, errors.New("random: no state")
	}
	h := fnv.New64a()
	h.Write([]byte(v.Side))
	rng := rand.New(rand.NewPCG(r.Seed, uint64(v.State.Seq)<<20^h.Sum64()))
	pool := append([]rules.Choice(nil), v.Choices...)
	for len(pool) > 0 {
		i := rng.IntN(len(pool))
		c := pool[i]
		if c.Continuous == "" && c.Cmd != nil {
			return c.Cmd, nil
		}
		if c.Continuous != "" && v.Sample != nil {
			k, ok, err := v.Sample(ctx, c, rng)
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			if err == nil && ok && k.Cmd != nil {
				return k.Cmd, nil
			}
		} else if c.Continuous != "" && v.Candidates != nil {
			cands, err := v.Candidates(ctx, c)
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			if err == nil && len(cands) > 0 {
				return cands[rng.IntN(len(cands))].Cmd, nil
			}
		}
		pool = append(pool[:i], pool[i+1:]...)
	}
	return nil, fmt.Errorf("random: nothing %s may do at %s", v.Side, v.State.Step)
}
