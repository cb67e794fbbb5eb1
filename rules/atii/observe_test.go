package atii_test

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/auspex/auspex/systems/atiiai"
	"strings"
	"testing"

	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
)

// viewSeed is a distinctive game seed, so that a view leaking it would
// show in its JSON.
const viewSeed = 918273645546372

// missionGame starts the bundled secret mission with the first seed from
// viewSeed on at which the two sides drew different cards.
func missionGame(t *testing.T) (*game.Game, atii.ObjectiveCard, atii.ObjectiveCard) {
	t.Helper()
	for seed := uint64(viewSeed); seed < viewSeed+20; seed++ {
		g := bundled(t, "titan-mission", seed)
		var p atii.GameProgress
		if _, err := g.State().GetExt(atii.ExtGame, &p); err != nil {
			t.Fatal(err)
		}
		red, blue := p.Cards["red"], p.Cards["blue"]
		if red.Name == "" || blue.Name == "" {
			t.Fatalf("the mission should deal both sides a secret card, got %+v", p.Cards)
		}
		if red.Name != blue.Name && !strings.Contains(red.Name, blue.Name) {
			return g, red, blue
		}
	}
	t.Fatal("no seed dealt two different cards")
	return nil, atii.ObjectiveCard{}, atii.ObjectiveCard{}
}

// TestObserveHidesTheOtherSidesObjective (mission generator: objectives
// are secret): red's view of a secret mission holds nothing of blue's card
// (its name, text and goal appear nowhere in the view's JSON, the log
// included: the draw roll and the secret message are placeholders), nor
// the seed, which would reveal every future die; red's own card is intact
// and blue's is the named unknown placeholder.
func TestObserveHidesTheOtherSidesObjective(t *testing.T) {
	g, red, blue := missionGame(t)
	s := g.State()
	full, _ := json.Marshal(s)
	if !strings.Contains(string(full), blue.Name) {
		t.Fatal("the full state should hold blue's card (else the test proves nothing)")
	}
	v, err := g.Engine.Observe(s, "red")
	if err != nil {
		t.Fatal(err)
	}
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	text := string(raw)
	for _, secret := range []string{blue.Name, blue.Text, `"` + blue.Goal + `"`} {
		if strings.Contains(text, secret) {
			t.Errorf("red's view holds blue's card: %q", secret)
		}
	}
	for _, seed := range []string{fmt.Sprint(s.Seed), fmt.Sprintf("%x", s.Seed)} {
		if strings.Contains(text, seed) {
			t.Errorf("red's view holds the game's seed %s", seed)
		}
	}
	if v.Seed != rules.ViewSeed || s.Seed == rules.ViewSeed {
		t.Errorf("the view's seed should be ViewSeed, got %d (game %d)", v.Seed, s.Seed)
	}
	var p atii.GameProgress
	if _, err := v.GetExt(atii.ExtGame, &p); err != nil {
		t.Fatal(err)
	}
	if p.Cards["red"] != red {
		t.Errorf("red's own card should be intact: %+v, want %+v", p.Cards["red"], red)
	}
	if hb := p.Cards["blue"]; hb.Name != atii.UnknownObjective || hb.Goal != atii.GoalUnknown || hb.Type != blue.Type {
		t.Errorf("blue's card should be the unknown placeholder of its (public) type: %+v", hb)
	}
	if _, ok := p.Points["blue"]; ok {
		t.Error("blue's points limit is secret with its card")
	}
	if !strings.Contains(text, red.Name) {
		t.Error("red's view should show red's own card")
	}
	if len(v.Log) != len(s.Log) {
		t.Errorf("hidden events are replaced, not dropped: %d events, want %d", len(v.Log), len(s.Log))
	}
	// The original is untouched, and blue's view mirrors red's.
	if again, _ := json.Marshal(s); string(again) != string(full) {
		t.Error("Observe modified the state")
	}
	bv, err := g.Engine.Observe(s, "blue")
	if err != nil {
		t.Fatal(err)
	}
	braw, _ := json.Marshal(bv)
	if strings.Contains(string(braw), red.Name) || !strings.Contains(string(braw), blue.Name) {
		t.Error("blue's view should show blue's card and hide red's")
	}
	if _, err := g.Engine.Observe(s, "green"); err == nil {
		t.Error("a view for a side not in the game must be an error")
	}
}

// TestObserveViewIsPlayable: the AI searches views, so LegalAt on a view
// gives the same choices as on the full state at every decision of a game
// played to its end (by the greedy controller), Preview of the command
// played works on the view (with the same dice it plays the same), and
// the last command previewed on a view is judged (the unknown placeholder is
// accepted by the victory code).
func TestObserveViewIsPlayable(t *testing.T) {
	g, _, _ := missionGame(t)
	for i := 0; i < 400 && !g.State().Over; i++ {
		s := g.State()
		side := s.Pending.Side
		want, err := g.Engine.LegalAt(s, side)
		if err != nil {
			t.Fatal(err)
		}
		v, err := g.Engine.Observe(s, side)
		if err != nil {
			t.Fatal(err)
		}
		got, err := g.Engine.LegalAt(v, side)
		if err != nil {
			t.Fatalf("legal on the view at %s: %v", s.Step, err)
		}
		if a, b := choicesJSON(t, got), choicesJSON(t, want); a != b {
			t.Fatalf("at %s (%s) the view offers other choices:\n view %s\n full %s", s.Step, side, a, b)
		}
		cmd, err := atiiai.Greedy{}.Decide(context.Background(), g.ViewFor(side))
		if err != nil {
			t.Fatalf("greedy at %s: %v", s.Step, err)
		}
		// The game's own dice, which only a test may use: the view then
		// plays exactly as the game does.
		pv, _, err := g.Engine.Preview(v, cmd, rules.NewSeededDice(s.Seed, uint64(s.Seq+1)))
		if err != nil {
			t.Fatalf("preview on the view at %s: %v", s.Step, err)
		}
		if _, err := g.Submit(cmd); err != nil {
			t.Fatal(err)
		}
		pu, _ := json.Marshal(pv.Units)
		gu, _ := json.Marshal(g.State().Units)
		if string(pu) != string(gu) || pv.Over != g.State().Over {
			t.Fatalf("at %s the view's preview of %s played another game", s.Step, cmd.Name())
		}
		if pv.Over && (pv.Result == nil || !strings.Contains(pv.Result.Text, "hidden from this side")) {
			t.Errorf("the view's preview of the last command should be judged, the other side's card as unknown: %+v", pv.Result)
		}
	}
	if !g.State().Over {
		t.Fatal("the game did not end")
	}
}

func choicesJSON(t *testing.T, cs []rules.Choice) string {
	t.Helper()
	type flat struct {
		Name, Text, Continuous string
		Units                  []string
		Cmd                    json.RawMessage
	}
	var out []flat
	for _, c := range cs {
		raw, err := json.Marshal(c.Cmd)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, flat{c.Name, c.Text, c.Continuous, c.Units, raw})
	}
	data, _ := json.Marshal(out)
	return string(data)
}
