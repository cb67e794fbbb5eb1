package atiiui

import (
	"context"
	"strings"
	"testing"

	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/systems/atiiai"
)

// TestSecretObjectivesStayOutOfPublicLog plays a secret-objective mission
// (two human players at one screen) and reads the log as each side sees it:
// no entry another side may see names a card, shows the die that drew it,
// or gives its force level. The objective draw is a roll secret to its side
// (rules.Roll.SecretTo); before the fix both draws were public rolls
// ("player 2 objective card (1-9): [8]").
func TestSecretObjectivesStayOutOfPublicLog(t *testing.T) {
	for _, seed := range []uint64{3, 9, 21} {
		g, err := testSystems.New(load(t, "titan-mission"), game.Config{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		ctrls := map[string]game.Controller{"red": atiiai.Greedy{}, "blue": atiiai.Greedy{}}
		if _, err := g.Play(context.Background(), ctrls, 40, nil); err != nil {
			t.Fatal(err)
		}
		if g.State().Over {
			t.Fatalf("seed %d: the game ended before the log could be read", seed)
		}
		var prog atii.GameProgress
		if ok, err := g.State().GetExt(atii.ExtGame, &prog); !ok || err != nil || len(prog.Cards) != 2 {
			t.Fatalf("seed %d: no cards drawn: %v %+v", seed, err, prog.Cards)
		}
		s := newUI(g, map[string]string{"red": play.Human, "blue": play.Human})
		for _, viewer := range []string{"", "red", "blue"} {
			s.ViewAs(viewer)
			entries := s.Log()
			if len(entries) < 20 {
				t.Fatalf("seed %d: only %d log entries", seed, len(entries))
			}
			for _, e := range entries {
				if e.Side == viewer && e.Secret {
					continue // the viewer's own secret
				}
				if e.Roll != nil && strings.Contains(e.Roll.Purpose, "objective card") {
					t.Errorf("seed %d: %q sees another side's card draw: %q", seed, viewer, e.Text)
				}
				for side, c := range prog.Cards {
					if side == viewer {
						continue
					}
					if strings.Contains(e.Text, c.Name) || strings.Contains(e.Text, strings.TrimSuffix(c.Name, " (stand-in)")) {
						t.Errorf("seed %d: %q sees %s's card in %q", seed, viewer, side, e.Text)
					}
					if strings.Contains(e.Text, "force level") {
						t.Errorf("seed %d: %q sees a force level: %q", seed, viewer, e.Text)
					}
				}
			}
		}
		// Each side does see its own draw.
		s.ViewAs("red")
		own := false
		for _, e := range s.Log() {
			if e.Roll != nil && strings.Contains(e.Roll.Purpose, "red secret objective card") {
				own = true
			}
		}
		if !own {
			t.Errorf("seed %d: red should see its own card draw", seed)
		}
	}
}

// The gold deployment zone drawn in a generated mission is the zone of the
// deployment map the cards gave, the one the rules check (not the
// scenario's own band).
func TestDeployZoneFollowsGeneratedMap(t *testing.T) {
	s := newSession(t, load(t, "titan-mission"), 9, map[string]string{"red": play.Human, "blue": play.Human})
	s.Continue()
	mv, err := atii.MissionOf(s.State())
	if err != nil || mv.Map == "" {
		t.Fatalf("no generated map: %+v %v", mv, err)
	}
	got := s.DeployZonePolys()
	want := mv.Zones[mv.SideZones[s.Decider()]]
	if len(got) == 0 || len(got) != len(want) || got[0][0].X != want[0][0].X || got[0][0].Y != want[0][0].Y {
		t.Errorf("drawn zone %v, the rules' zone %v", got, want)
	}
	if !strings.Contains(hudText(s), "deployment map "+mv.Map) {
		t.Errorf("the help line should name deployment map %s", mv.Map)
	}
}
