package atiiui

import (
	"context"
	"strings"
	"testing"

	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/systems/atiiai"
)

// drawnText is every string the play HUD and the table overlays draw for
// the session's current viewer.
func drawnText(s *UI) string {
	var b strings.Builder
	prims, btns := s.HUD(play.Layout{W: 1400, H: 900, DSF: 1, Top: 38, Bottom: 24})
	for _, p := range prims {
		if p.Kind == scene.Text {
			b.WriteString(p.Text + "\n")
		}
	}
	for _, bt := range btns {
		b.WriteString(bt.Label + "\n")
	}
	sc := &scene.Scene{Scale: 5}
	s.Decorate(sc)
	for _, l := range sc.Layers {
		for _, p := range l {
			if p.Kind == scene.Text {
				b.WriteString(p.Text + "\n")
			}
		}
	}
	b.WriteString(s.Msg + "\n")
	for _, e := range s.Log() {
		b.WriteString(e.Text + "\n")
	}
	if t := s.Tray(); t != nil {
		for _, st := range t.Steps {
			b.WriteString(st.Head + "\n" + strings.Join(st.Lines, "\n") + "\n")
			if st.Roll != nil {
				b.WriteString(st.Roll.String() + "\n")
			}
		}
	}
	return b.String()
}

// Secret objectives of the bundled hotseat mission: whoever is at the
// screen, nothing of the other side's card (its name, its text) appears in
// any string the HUD, the tray, the log or the table overlays draw; the
// debrief reveals both (ATII mission: secret objective cards).
func TestSecretObjectivesNeverDrawnForTheOtherSide(t *testing.T) {
	s := newSession(t, load(t, "titan-mission"), 3, map[string]string{"red": play.Human, "blue": play.Human})
	s.TrayDelay = 0
	cards := s.cards()
	if len(cards) != 2 {
		t.Fatalf("titan-mission should deal two secret cards, got %v", cards)
	}
	leaks := func(viewer string) {
		t.Helper()
		txt := drawnText(s)
		for sd, c := range cards {
			if sd == viewer || c.Name == cards[viewer].Name {
				continue
			}
			for _, secret := range []string{c.Name, strings.TrimSuffix(c.Name, standIn), c.Text} {
				if strings.Contains(txt, secret) {
					t.Fatalf("turn %d %s, viewer %q, mode %v: %s's secret %q is drawn:\n%s", s.State().Turn, s.State().Step, viewer, s.Mode(), sd, secret, txt)
				}
			}
		}
	}
	// The roll that draws a card names it by its face: not drawn for
	// whoever is at the screen with the objectives hidden.
	if txt := drawnText(s); strings.Contains(txt, "objective card") {
		t.Fatalf("the card draw roll is shown with every objective hidden:\n%s", txt)
	}
	for i := 0; i < 400 && s.Mode() != play.ModeOver && s.State().Turn < 3; i++ {
		switch s.Mode() {
		case play.ModeHandover:
			leaks("")
			s.Continue()
			continue
		}
		me := s.Viewer()
		leaks(me)
		// The same screen as the other side would see it must not show
		// this side's card either.
		for sd := range cards {
			if sd != me {
				s.ViewAs(sd)
				leaks(sd)
			}
		}
		s.ViewAs(me)
		playGreedy(t, s)
	}
	if s.State().Turn < 2 {
		t.Fatalf("the game did not get going: turn %d %s", s.State().Turn, s.State().Step)
	}
	// The end: both cards are revealed.
	s.SetController("red", atiiai.Greedy{})
	s.SetController("blue", atiiai.Greedy{})
	for i := 0; i < 400 && s.Mode() != play.ModeOver; i++ {
		s.Wait()
	}
	txt := drawnText(s)
	for sd, c := range cards {
		if !strings.Contains(txt, strings.TrimSuffix(c.Name, standIn)) {
			t.Errorf("the debrief does not reveal %s's card %q", sd, c.Name)
		}
	}
}

// A hotseat mission asks for a handover only when a player's secret was
// on the screen and the decision passes to the other player: with the
// objectives left hidden, a whole turn of alternating activations needs
// no handover at all (it used to ask after every activation).
func TestHotseatHandsOverOnlyWhenASecretWasShown(t *testing.T) {
	for _, reveal := range []bool{false, true} {
		s := newSession(t, load(t, "titan-mission"), 3, map[string]string{"red": play.Human, "blue": play.Human})
		changes, handovers, shown := 0, 0, 0
		last := s.Decider()
		for i := 0; i < 300 && s.State().Turn < 2 && s.Mode() != play.ModeOver; i++ {
			if s.Mode() == play.ModeTray {
				// The player who acted saw their dice: now the handover.
				s.TrayClose()
			}
			if s.Mode() == play.ModeHandover {
				handovers++
				s.Continue()
				continue
			}
			if reveal && !s.SecretsShown() {
				s.RevealSecrets()
				if !s.SecretsShown() {
					t.Fatal("O should show the deciding player's objective")
				}
				shown++
			}
			playGreedy(t, s)
			if d := s.Decider(); d != last {
				changes++
				last = d
			}
		}
		if changes < 4 {
			t.Fatalf("too few changes of decider to tell (%d)", changes)
		}
		if !reveal && handovers != 0 {
			t.Errorf("with every objective hidden: %d handovers for %d changes of player, want none", handovers, changes)
		}
		if reveal && handovers != changes {
			t.Errorf("with the objective shown at every decision: %d handovers for %d changes of player", handovers, changes)
		}
		t.Logf("reveal %v: %d changes of player, %d handovers", reveal, changes, handovers)
	}
}

// playGreedy plays the basic computer player's decision for the side to
// decide, as if that human had chosen it (the dice tray is closed first).
func playGreedy(t *testing.T, s *UI) {
	t.Helper()
	s.TrayClose()
	c, err := atiiai.Greedy{}.Decide(context.Background(), s.G.ViewFor(s.Decider()))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Submit(c); err != nil {
		t.Fatalf("%s: %v", s.State().Step, err)
	}
}
