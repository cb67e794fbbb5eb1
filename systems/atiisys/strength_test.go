package atiisys_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/auspex/auspex/ai/search"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/systems/atiiai"
)

// TestStrengthSeries is the opt-in strength series docs/ai.md's node
// budget tables come from: the search AI on a node budget (so the games
// are the same whatever the machine's load) against greedy, seeds from
// both sides, printing each game, and failing when the AI's victory
// points over the series are not ahead of greedy's. Skipped unless
// AUSPEX_STRENGTH_GAMES is set. Settings (environment):
//
//	AUSPEX_STRENGTH_GAMES     games (seed = first + game/2, sides swapped each game)
//	AUSPEX_STRENGTH_SCENARIO  bundled scenario (titan-battlegroup)
//	AUSPEX_STRENGTH_SEED      first seed (1)
//	AUSPEX_STRENGTH_NODES     positions a decision (300)
//	AUSPEX_STRENGTH_DEPTH     search MaxDepth (0: the AI's default)
//	AUSPEX_STRENGTH_GREEDY_IN an ATII step (movement, shooting, assault)
//	                          where the AI's side plays greedy's choices
//	                          instead (to find where the AI plays worse)
//	AUSPEX_STRENGTH_WIDEN_ROOT when > 0, the AI (not its opponent) widens
//	                          the root first (search.Config.WidenRoot)
//	AUSPEX_STRENGTH_REPLY_SAMPLES the AI's search.Config.ReplySamples
//	                          (0: the AI's default)
//	AUSPEX_STRENGTH_WEIGHTS   the AI's weights that differ from
//	                          DefaultWeights, as "threat=0.2,sight=1"
//	AUSPEX_STRENGTH_MOVES     the AI's move candidates per titan (0: 7)
//	AUSPEX_STRENGTH_SAVES     a directory to write each game's save to
//	                          (game-N.json: read with auspex replay)
//	AUSPEX_STRENGTH_VS_NODES  when > 0, the opponent is the same AI on this
//	                          many positions a decision instead of greedy
//	                          (does a larger budget buy strength?)
func TestStrengthSeries(t *testing.T) {
	games := envInt("AUSPEX_STRENGTH_GAMES", 0)
	if games <= 0 {
		t.Skip("set AUSPEX_STRENGTH_GAMES to play the series")
	}
	scn := os.Getenv("AUSPEX_STRENGTH_SCENARIO")
	if scn == "" {
		scn = "titan-battlegroup"
	}
	first := envInt("AUSPEX_STRENGTH_SEED", 1)
	nodes := envInt("AUSPEX_STRENGTH_NODES", 300)
	margin, wins, losses := 0, 0, 0
	for i := 0; i < games; i++ {
		seed, aiSide := uint64(first+i/2), []string{"red", "blue"}[i%2]
		other := map[string]string{"red": "blue", "blue": "red"}[aiSide]
		g := start(t, scn, seed)
		ai := atiiai.AI{Budget: time.Minute, Search: search.Config{MaxNodes: int64(nodes), MaxDepth: envInt("AUSPEX_STRENGTH_DEPTH", 0), Seed: 5,
			WidenRoot: envInt("AUSPEX_STRENGTH_WIDEN_ROOT", 0) > 0, ReplySamples: envInt("AUSPEX_STRENGTH_REPLY_SAMPLES", 0)}}
		if env := os.Getenv("AUSPEX_STRENGTH_WEIGHTS"); env != "" {
			w, err := weightsFrom(env)
			if err != nil {
				t.Fatal(err)
			}
			ai.Weights = w
		}
		ai.MovesPerTitan = envInt("AUSPEX_STRENGTH_MOVES", 0)
		var mine game.Controller = ai
		if step := os.Getenv("AUSPEX_STRENGTH_GREEDY_IN"); step != "" {
			mine = greedyIn{ai: ai, step: step}
		}
		var opp game.Controller = atiiai.Greedy{}
		if n := envInt("AUSPEX_STRENGTH_VS_NODES", 0); n > 0 {
			opp = atiiai.AI{Budget: time.Minute, Search: search.Config{MaxNodes: int64(n), MaxDepth: envInt("AUSPEX_STRENGTH_DEPTH", 0), Seed: 7}}
		}
		res, err := g.PlayWith(context.Background(), map[string]game.Controller{aiSide: mine, other: opp}, game.PlayConfig{Max: 3000})
		if err != nil {
			t.Fatal(err)
		}
		if dir := os.Getenv("AUSPEX_STRENGTH_SAVES"); dir != "" {
			if err := g.SaveFile(filepath.Join(dir, fmt.Sprintf("game-%d.json", i+1))); err != nil {
				t.Fatal(err)
			}
		}
		vp, err := g.Ruleset.(*atii.Ruleset).VictoryPoints(g.State())
		if err != nil {
			t.Fatal(err)
		}
		winner := ""
		if o := g.State().Result; o != nil {
			winner = o.Winner
		}
		switch winner {
		case aiSide:
			wins++
		case other:
			losses++
		}
		margin += vp[aiSide] - vp[other]
		fmt.Printf("game %d, seed %d, AI %s: winner %q, VP AI %d opponent %d, %d commands, %d failures\n", i+1, seed, aiSide, winner, vp[aiSide], vp[other], res.Commands, len(res.Failures))
	}
	fmt.Printf("AI won %d, lost %d, drew %d of %d; VP margin %+d\n", wins, losses, games-wins-losses, games, margin)
	if margin <= 0 {
		t.Errorf("the AI's victory points minus its opponent's over the series: %d, want more than 0", margin)
	}
}

// greedyIn plays greedy's choices at one ATII step and the AI's elsewhere.
type greedyIn struct {
	ai   atiiai.AI
	step string
}

// Decide implements game.Controller.
func (h greedyIn) Decide(ctx context.Context, v game.View) (rules.Command, error) {
	if v.State.Step == h.step {
		return atiiai.Greedy{}.Decide(ctx, v)
	}
	return h.ai.Decide(ctx, v)
}

// weightsFrom is DefaultWeights with the weights named in spec
// ("threat=0.2,exposure=0.2") set.
func weightsFrom(spec string) (atiiai.Weights, error) {
	w := atiiai.DefaultWeights()
	fields := map[string]*float64{"cracked": &w.Cracked, "shields": &w.Shields, "threat": &w.Threat, "exposure": &w.Exposure,
		"reach": &w.Reach, "result": &w.Result, "rear": &w.Rear, "flank": &w.Flank, "objective": &w.Objective,
		"decisive": &w.Decisive, "melee": &w.Melee, "charge": &w.Charge, "sight": &w.Sight, "danger": &w.Danger, "exchange": &w.Exchange}
	for _, kv := range strings.Split(spec, ",") {
		name, val, ok := strings.Cut(kv, "=")
		f, known := fields[strings.TrimSpace(name)]
		if !ok || !known {
			return w, fmt.Errorf("weights %q: %q is not name=value with a known name", spec, kv)
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
		if err != nil {
			return w, fmt.Errorf("weights %q: %w", spec, err)
		}
		*f = v
	}
	return w, nil
}

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return v
	}
	return def
}
