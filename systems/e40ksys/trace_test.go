package e40ksys_test

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/scenarios"
)

// TestTraceE40KPlayouts writes, when AUSPEX_E40K_TRACE names a file, every
// choice text (ready-made and each template's candidates) offered in
// random games of every bundled E40K scenario, with the scenario's and
// with every Remastered option, and each game's final state hash. Two
// builds that write the same file offer the same choices and reach the
// same states: the check that a speed change keeps the behaviour.
// AUSPEX_SOAK_GAMES sets the seeds per scenario and variant.
func TestTraceE40KPlayouts(t *testing.T) {
	path := os.Getenv("AUSPEX_E40K_TRACE")
	if path == "" {
		t.Skip("AUSPEX_E40K_TRACE is not set")
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	scns, cat := bundledE40K(t)
	reg := systems(t)
	for _, scn := range scns {
		for _, variant := range []string{"scenario-options", "remastered"} {
			for i := 0; i < soakGames(t); i++ {
				seed := uint64(1000*i + 41)
				var opts map[string]string
				if variant == "remastered" {
					opts = remasteredOptions()
				}
				fmt.Fprintf(w, "== %s %s %d\n", strings.TrimPrefix(scn.File, scenarios.BundledPrefix), variant, seed)
				if err := tracePlayout(w, reg, scn, seed, opts, cat); err != nil {
					t.Errorf("%s %s seed %d: %v", scn.File, variant, seed, err)
				}
			}
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

func tracePlayout(w *bufio.Writer, reg *game.Systems, scn *scenarios.Scenario, seed uint64, opts map[string]string, cat *catalog.Catalogue) error {
	g, err := reg.New(scn, game.Config{Seed: seed, Options: opts, Catalogue: cat})
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(seed, 0xe40c))
	for n := 0; !g.State().Over; n++ {
		if n > 4000 {
			return fmt.Errorf("no end after %d commands", n)
		}
		side := g.Engine.Decider()
		choices, err := g.Engine.LegalAt(g.State(), side)
		if err != nil {
			return err
		}
		var ready, filled []int
		var all []rules.Choice
		for _, c := range choices {
			fmt.Fprintf(w, "%s\n", c.Text)
			if c.Continuous == "" {
				ready = append(ready, len(all))
				all = append(all, c)
				continue
			}
			cands, err := g.Candidates(context.Background(), g.State(), side, c)
			if err != nil {
				return err
			}
			for _, k := range cands {
				fmt.Fprintf(w, "  %s\n", k.Text)
				filled = append(filled, len(all))
				all = append(all, k)
			}
		}
		if len(all) == 0 {
			return fmt.Errorf("stall")
		}
		var k int
		if len(filled) > 0 && (len(ready) == 0 || rng.IntN(2) == 0) {
			k = filled[rng.IntN(len(filled))]
		} else {
			k = ready[rng.IntN(len(ready))]
		}
		if _, err := g.Submit(all[k].Cmd); err != nil {
			return err
		}
	}
	fmt.Fprintf(w, "hash %x\n", g.State().Hash())
	return nil
}
