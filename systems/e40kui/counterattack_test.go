package e40kui

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules/e40k"
)

// REM-CC-1's Counterattack card in the window (remastered/counterattack-
// card): the new decision comes up for the losing side, the banner
// explains it, both answers are among the choices (digit keys and
// buttons), C plays the card (its re-roll is in the dice tray with its
// note) and H keeps it.
func TestCounterattackCardInTheWindowREMCC1(t *testing.T) {
	played, kept := false, false
	for seed := uint64(1); seed <= 8 && !(played && kept); seed++ {
		s := newUIWith(t, seed, map[string]string{e40k.OptCounterattackCard: "on"})
		for i := 0; i < 3000 && s.Mode() != play.ModeOver && !(played && kept); i++ {
			p := s.State().Pending
			if p == nil || p.Kind != e40k.KindCounterattack {
				drive(t, s, e40k.OrderAssault)
				continue
			}
			if h := hudText(s); !strings.Contains(h, "C plays it and re-rolls your lower result die") || !strings.Contains(h, "you hold 1") {
				t.Errorf("card banner: %s", h)
			}
			var play, keep bool
			for _, c := range s.Choices() {
				if cc, ok := c.Cmd.(*e40k.CounterattackCmd); ok {
					play = play || cc.Play
					keep = keep || !cc.Play
				}
			}
			if !play || !keep {
				t.Fatalf("choices %v: want play and keep", s.Choices())
			}
			side, from := p.Side, len(s.State().Log)
			if !played {
				s.Key("C")
				if s.MsgErr {
					t.Fatalf("C: %s", s.Msg)
				}
				if !strings.Contains(logSince(s, from), side+" plays its Counterattack card") {
					t.Fatalf("C did not play the card: %s", logSince(s, from))
				}
				if n := s.rs().CardsLeft(s.State(), side); n != 0 {
					t.Errorf("%s holds %d cards after playing one", side, n)
				}
				note := ""
				for _, st := range s.TraySteps(from) {
					if st.Roll != nil && strings.Contains(st.Roll.Purpose, "Counterattack card") {
						note, _ = s.RollNote(st.Roll)
					}
				}
				if !strings.Contains(note, "replaces the lower") {
					t.Errorf("the card's re-roll in the tray: note %q", note)
				}
				played = true
			} else {
				s.Hold()
				if s.MsgErr {
					t.Fatalf("H: %s", s.Msg)
				}
				if !strings.Contains(logSince(s, from), side+" keeps its Counterattack card") {
					t.Fatalf("H did not keep the card: %s", logSince(s, from))
				}
				kept = true
			}
			s.TrayClose()
		}
	}
	if !played || !kept {
		t.Fatalf("over eight games in the window: played %v, kept %v", played, kept)
	}
}

// logSince joins the log's texts from event from on.
func logSince(s *UI, from int) string {
	var b strings.Builder
	for _, e := range s.State().Log[from:] {
		b.WriteString(e.Text)
		b.WriteString("; ")
	}
	return b.String()
}
