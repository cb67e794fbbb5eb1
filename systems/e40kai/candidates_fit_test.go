package e40kai_test

import (
	"context"
	"strings"
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/systems/e40kai"
	"github.com/auspex/auspex/world"
)

// blockAdvance is where the wagon mob's block advance (its first
// candidate) takes battlewagon-1 on st (false when it leaves it out).
func blockAdvance(t *testing.T, rs *e40k.Ruleset, st *rules.State, legal []rules.Choice) (world.Vec, bool) {
	t.Helper()
	for _, c := range legal {
		if c.Continuous == "" || e40k.ActingFor(c.Cmd) != "wagon-mob" {
			continue
		}
		cands, err := e40kai.Candidates(context.Background(), rs, st, "orks", c)
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range cands {
			if !strings.Contains(k.Text, "in formation") {
				continue
			}
			for _, m := range k.Cmd.(*e40k.MoveCmd).Moves {
				if m.Unit == "battlewagon-1" {
					return m.To, true
				}
			}
			return world.Vec{}, false
		}
	}
	t.Fatal("no block advance for the wagon mob")
	return world.Vec{}, false
}

// A unit of a candidate move that a friend blocks goes as far as the
// rules let it (tried shorter by eighths down to half its length), not
// straight to half: a Battlewagon of the Orks' block advance with a boyz
// stand of another mob in its path at 85 % of its 30 cm. Before, it
// went 15 cm.
func TestBlockedMoveGoesAsFarAsItCanE40K(t *testing.T) {
	g := newGame(t, "e40k-combined-arms", 3, true)
	untilDecision(t, g, "orks", e40k.KindMove)
	rs := g.Ruleset.(*e40k.Ruleset)
	st := g.State().Clone()
	legal := g.Engine.Legal("orks")
	from := st.Unit("battlewagon-1").Pos
	to, ok := blockAdvance(t, rs, st, legal)
	if !ok {
		t.Fatal("the block advance leaves battlewagon-1 out")
	}
	full := from.Dist(to)
	st.Unit("boyz-1").Pos = from.Lerp(to, 0.85)
	to, ok = blockAdvance(t, rs, st, legal)
	if !ok {
		t.Fatal("blocked, the block advance leaves battlewagon-1 out")
	}
	if got := from.Dist(to); got < 0.6*full || got > 0.85*full {
		t.Errorf("blocked at 85%% of %.1f cm, battlewagon-1 goes %.1f cm, want 60-85%%", full, got)
	}
}
