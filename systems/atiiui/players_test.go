package atiiui

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules"
)

// TestScenarioPlayersAndTheirCycle: the window starts each side with the
// scenario's own player (the duel's blue side is scripted), and a click
// cycles human, the script, the AI at 1, 3 and 0.3 s and the basic
// computer; a side with no script is not offered one.
func TestScenarioPlayersAndTheirCycle(t *testing.T) {
	scn := load(t, "titan-duel")
	k := play.ScenarioKinds(scn)
	if k["red"] != play.Human || k["blue"] != game.KindScript {
		t.Fatalf("scenario kinds %v", k)
	}
	var labels []string
	kind := play.Human
	for i := 0; i < 6; i++ {
		kind = play.NextKind(scn, "blue", kind)
		labels = append(labels, play.KindLabel(kind))
	}
	want := "scripted opponent, AI (1 s a move), AI (3 s a move), AI (0.3 s a move), computer (basic), human"
	if got := strings.Join(labels, ", "); got != want {
		t.Errorf("blue cycles %s, want %s", got, want)
	}
	for _, c := range play.KindChoices(scn, "red") {
		if c == game.KindScript {
			t.Error("red has no script but is offered one")
		}
	}
}

// TestScriptedSideExplainsItself: with the duel's blue side played by its
// script, every blue decision puts its reason in the dice log just before
// the command's events, and Y shows the last reason over the table with
// its units highlighted.
func TestScriptedSideExplainsItself(t *testing.T) {
	s := newSession(t, load(t, "titan-duel"), 3, map[string]string{"red": game.KindAI + ":0.05", "blue": game.KindScript})
	if s.Kinds["blue"] != game.KindScript || !strings.HasPrefix(s.Kinds["red"], "ai") {
		t.Fatalf("kinds %v", s.Kinds)
	}
	for i := 0; i < 12 && s.Mode() != play.ModeOver; i++ {
		s.Wait()
	}
	var whys []play.LogEntry
	lg := s.Log()
	for i, e := range lg {
		if e.Kind != play.KindWhy {
			continue
		}
		whys = append(whys, e)
		if i+1 < len(lg) && lg[i+1].Index < e.Index {
			t.Errorf("the reason %q is not followed by its command's events", e.Text)
		}
	}
	sides := map[string]bool{}
	for _, w := range whys {
		sides[w.Side] = true
	}
	if !sides["blue"] || !sides["red"] {
		t.Fatalf("reasons logged for %v, want both the script (blue) and the AI (red)", sides)
	}
	s.ToggleWhy()
	why, side := s.LastWhy()
	if !s.WhyShown() || why == nil || side == "" {
		t.Fatal("Y should show the last reason")
	}
	if !strings.Contains(hudText(s), "did that") {
		t.Errorf("the reason panel is not drawn: %s", hudText(s))
	}
	s.ToggleWhy()
	if s.WhyShown() {
		t.Error("Y again hides it")
	}
}

// failing errs on every decision.
type failing struct{}

func (failing) Decide(context.Context, game.View) (rules.Command, error) {
	return nil, errors.New("out of ideas")
}

// TestFailingComputerTakesTheSafeDefault: a computer player that cannot
// decide does not stall the window or hand its side to a person: the
// side plays the system's safe default (ATII: hold) and the log says why.
func TestFailingComputerTakesTheSafeDefault(t *testing.T) {
	s := newSession(t, load(t, "titan-duel"), 3, map[string]string{"red": play.Human, "blue": play.Human})
	s.SetController("red", failing{})
	s.SetController("blue", failing{})
	start := s.State().Seq
	for i := 0; i < 6 && s.Mode() != play.ModeOver; i++ {
		s.Wait()
	}
	if s.State().Seq == start {
		t.Fatal("no command was played")
	}
	if s.Kinds["red"] == play.Human || s.Kinds["blue"] == play.Human {
		t.Errorf("a failing computer side was handed to a person: %v", s.Kinds)
	}
	found := false
	for _, e := range s.Log() {
		if e.Kind == play.KindWhy && strings.Contains(e.Text, "could not decide (out of ideas)") && strings.Contains(e.Text, "safe default") {
			found = true
		}
	}
	if !found {
		t.Error("the log does not say the computer fell back to the safe default")
	}
}
