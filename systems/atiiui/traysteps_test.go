package atiiui

import (
	"strconv"
	"strings"
	"testing"

	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules/atii"
)

// finishedDuel is a titan duel played to the end by the computer on both
// sides (seed 1: shots on void shields, repairs and initiative rolls).
func finishedDuel(t *testing.T) *UI {
	t.Helper()
	s := newSession(t, load(t, "titan-duel"), 1, map[string]string{"red": play.Computer, "blue": play.Computer})
	for i := 0; i < 400 && s.Mode() != play.ModeOver; i++ {
		s.Wait()
	}
	if s.Mode() != play.ModeOver {
		t.Fatal("the computer duel did not end")
	}
	return s
}

// The dice tray heads each roll with what it belongs to: a shot's rolls
// with the shot, but the repairs (ATII-REP-1) and the initiative roll that
// follow in a later step with that step, never with the last shot fired
// before them (play-through: a repair roll was headed "... fires
// Melta-cannon at ...").
func TestTrayHeadNamesTheRollShown(t *testing.T) {
	s := finishedDuel(t)
	seen := map[string]int{}
	for _, st := range s.TraySteps(0) {
		if st.Roll == nil {
			continue
		}
		p := st.Roll.Purpose
		switch {
		case strings.HasPrefix(p, "repairs"):
			seen["repairs"]++
			if !strings.HasPrefix(st.Head, "Rally phase") || strings.Contains(st.Head, " fires ") {
				t.Errorf("the repair roll %q is headed %q", p, st.Head)
			}
		case strings.HasPrefix(p, "initiative"):
			seen["initiative"]++
			if st.Head != "Initiative" {
				t.Errorf("the initiative roll %q is headed %q", p, st.Head)
			}
		case strings.HasPrefix(p, "to hit: "), strings.Contains(p, "vs void shield"):
			seen["shot"]++
			if !strings.Contains(st.Head, " fires ") {
				t.Errorf("the shot's roll %q is headed %q", p, st.Head)
			}
		}
	}
	if seen["repairs"] == 0 || seen["initiative"] == 0 || seen["shot"] == 0 {
		t.Fatalf("the duel rolled %v: pick another seed", seen)
	}
}

// A void shield's dice (ATII-SHT-7) say in the tray what they needed and
// what they did, and the shield's outcome stands beside its own roll
// (the rules log a volley's rolls first and the outcomes after): each
// shield roll's step has one outcome line, "goes down" exactly when the
// dice reached the need. The dice log writes the outcome beside the dice.
func TestVoidShieldDiceSayWhatTheyNeededAndDid(t *testing.T) {
	s := finishedDuel(t)
	n := 0
	for _, st := range s.TraySteps(0) {
		need, ok := atii.ShieldRollNeed(st.Roll)
		if !ok {
			continue
		}
		n++
		sum := 0
		for _, f := range st.Roll.Faces {
			sum += f
		}
		if len(st.Roll.Faces) == 1 && st.Roll.Target != need {
			t.Errorf("%s: the die's target is %d, its need %d", st.Roll, st.Roll.Target, need)
		}
		var out []string
		for _, ln := range st.Lines {
			if strings.HasPrefix(ln, "a void shield of ") {
				out = append(out, ln)
			}
		}
		want := " holds"
		if sum >= need {
			want = " goes down"
		}
		if len(out) != 1 || !strings.HasSuffix(out[0], want) {
			t.Errorf("%s (need %d+): outcome lines %q, want one ending %q", st.Roll, need, out, want)
		}
	}
	if n == 0 {
		t.Fatal("no void shield roll in the duel")
	}
	// The tray, opened on the last shield roll, and the log scrolled to it.
	lg := s.Log()
	at := -1
	for k := range lg {
		if _, ok := atii.ShieldRollNeed(lg[k].Roll); ok {
			at = k
		}
	}
	r := lg[at].Roll
	need, _ := atii.ShieldRollNeed(r)
	did := "shield holds"
	if r.Faces[0] >= need {
		did = "shield down"
	}
	s.ShowDice(lg[at].Index)
	txt := hudText(s)
	if !strings.Contains(txt, "vs void shield") || !strings.Contains(txt, "need "+strconv.Itoa(need)+"+") || !strings.Contains(txt, did) {
		t.Errorf("the tray on %s does not say need %d+ and %q:\n%s", r, need, did, txt)
	}
	s.TrayClose()
	s.ScrollLog(small, len(lg)-1-at)
	var strip []string
	for _, p := range textsIn(s, small, small.LogRect()) {
		strip = append(strip, p.Text)
	}
	if got := strings.Join(strip, " "); !strings.Contains(got, "vs void shield") || !strings.Contains(got, "need "+strconv.Itoa(need)+"+") || !strings.Contains(got, did) {
		t.Errorf("the dice log scrolled to %s does not say need %d+ and %q:\n%s", r, need, did, got)
	}
}
