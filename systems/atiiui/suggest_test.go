package atiiui

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/world"
)

// In the movement phase the panel lists the titan's suggested moves after
// the discrete choices (the system's move candidates, the end points the
// AI weighs: issue 9's candidate generator that the UI hints and the AI
// share). A number key drafts the suggestion without playing it; Enter
// plays it and the titan ends where the suggestion said (ATII-MOV-1,
// ATII-MOV-2).
func TestSuggestedMoveIsDraftedThenPlayed(t *testing.T) {
	s := toRedMovement(t, 7)
	id := s.Selected
	cs := s.Choices()
	first := len(s.discrete())
	if len(cs) <= first {
		t.Fatalf("no suggested move among the choices %q", texts(cs))
	}
	if len(cs)-first > MaxSuggestions {
		t.Errorf("%d suggestions, want at most %d", len(cs)-first, MaxSuggestions)
	}
	for _, c := range cs[first:] {
		if !strings.HasPrefix(c.Text, "suggested: ") {
			t.Errorf("suggestion %q does not say it is one", c.Text)
		}
		if strings.Contains(c.Text, id) {
			t.Errorf("suggestion %q names the titan by its id, not its name", c.Text)
		}
	}
	mv := cs[first].Cmd.(*atii.MoveCmd)
	last := mv.Path[len(mv.Path)-1]
	want := world.Vec{X: last.X, Y: last.Y}
	seq := s.State().Seq
	s.Choose(first)
	if s.State().Seq != seq {
		t.Fatalf("choosing a suggestion played it; it should only be drafted")
	}
	if len(s.Draft) == 0 || s.Draft[len(s.Draft)-1] != want {
		t.Fatalf("draft %v, want a path ending at %v", s.Draft, want)
	}
	if mp := s.PreviewMove(); mp == nil || mp.Err != nil {
		t.Fatalf("the drafted suggestion previews as %+v, want legal", mp)
	}
	s.Commit()
	if s.State().Seq != seq+1 {
		t.Fatalf("Enter did not play the drafted suggestion: %s", s.Msg)
	}
	u := s.State().Unit(id)
	if u.Pos.Sub(want).Len() > 0.01 {
		t.Errorf("%s ended at %v, the suggestion at %v", id, u.Pos, want)
	}
	if last.Facing != nil && math.Abs(world.RelDeg(u.Facing-*last.Facing)) > 0.5 {
		t.Errorf("%s faces %.1f, the suggestion %.1f", id, u.Facing, *last.Facing)
	}
}

// Suggestions are listed once per state shown: the same slice comes back
// frame after frame, and a new state lists them afresh.
func TestSuggestionsListedOncePerState(t *testing.T) {
	s := toRedMovement(t, 7)
	a, b := s.suggestions(), s.suggestions()
	if len(a) == 0 || &a[0] != &b[0] {
		t.Fatalf("the suggestions were listed twice for one state (or none: %d)", len(a))
	}
	s.Choose(len(s.discrete()))
	s.Commit()
	if c := s.suggested; c != nil && c.st == s.State() && len(c.list) > 0 && &c.list[0] == &a[0] {
		t.Error("a new state kept the old suggestions")
	}
}

// texts are the choices' texts.
func texts(cs []rules.Choice) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Text
	}
	return out
}

// A titan already facing the nearest enemy (to the degree) is not
// offered "stand and turn to face" it: that move neither moves nor turns
// it and only spends its activation (ATII-MOV-1). Seen in play: the
// assault phase listed it for a Warhound at 334.4 degrees whose enemy
// lay at 334.
func TestNoSuggestionThatStandsStill(t *testing.T) {
	s := duelAt(t, world.Vec{X: 30, Y: 50}, world.Vec{X: 75, Y: 50}, atii.StepMovement)
	st := s.State()
	r, b := st.Unit("red-reaver"), st.Unit("blue-reaver")
	s.Select("red-reaver")
	r.Facing = math.Round(world.Bearing(b.Pos.Sub(r.Pos))) + 0.3
	s.suggested = nil
	list := s.suggestions()
	if len(list) == 0 {
		t.Fatal("no suggestions for red-reaver")
	}
	for _, c := range list {
		mv := c.Cmd.(*atii.MoveCmd)
		if standsStill(st, mv) || strings.Contains(c.Text, "turn to face") {
			t.Errorf("suggested %q (%+v): the titan already faces %s", c.Text, mv.Path, b.ID)
		}
	}
	// Facing 60 degrees off, the turn is a real one and stays listed.
	r.Facing += 60
	s.suggested = nil
	turn := false
	for _, c := range s.suggestions() {
		turn = turn || strings.Contains(c.Text, "turn to face")
	}
	if !turn {
		t.Errorf("facing 60 degrees off, the turn to face should be suggested: %+v", s.suggestions())
	}
}

// A suggested move that may stop short in dangerous terrain says its
// chance to get through (ATII-MOV-4), as the AI's candidates do; one sure
// to get there says nothing of it. Seen in play: "suggested: advance on
// blue-reaver" through a wood, which the preview then gave 0% to reach
// its end.
func TestSuggestionsSayTheirChanceThroughDangerousTerrain(t *testing.T) {
	// Red west of the Tanglewood (x 12 to 38 at y 28), blue east of it.
	s := duelAt(t, world.Vec{X: 4, Y: 28}, world.Vec{X: 60, Y: 28}, atii.StepMovement)
	st := s.State()
	s.Select("red-reaver")
	s.suggested = nil
	list := s.suggestions()
	if len(list) == 0 {
		t.Fatal("no suggestions for red-reaver")
	}
	said := false
	for _, c := range list {
		pv, err := s.rs().PlanMove(st, c.Cmd.(*atii.MoveCmd))
		if err != nil {
			t.Fatalf("%q: %v", c.Text, err)
		}
		risky := pv.Odds != nil && pv.Odds.Complete < certain
		if got := strings.Contains(c.Text, "to get through)"); got != risky {
			t.Errorf("suggestion %q: says its chance %v, may stop short %v", c.Text, got, risky)
		}
		if risky {
			said = true
			if want := fmt.Sprintf("(%.0f%% to get through)", 100*pv.Odds.Complete); !strings.HasSuffix(c.Text, want) {
				t.Errorf("suggestion %q should end %q", c.Text, want)
			}
		}
	}
	if !said {
		t.Errorf("no suggestion crosses the Tanglewood: %q", texts(list))
	}
}
