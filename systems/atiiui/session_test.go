package atiiui

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/world"
)

func load(t testing.TB, name string) *scenarios.Scenario {
	t.Helper()
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	scn, err := scenarios.LoadBundled(name, cat)
	if err != nil {
		t.Fatal(err)
	}
	return scn
}

func newSession(t testing.TB, scn *scenarios.Scenario, seed uint64, kinds map[string]string) *UI {
	t.Helper()
	g, err := testSystems.New(scn, game.Config{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return newUI(g, kinds)
}

// hudText is every text of the play HUD.
func hudText(s *UI) string {
	prims, _ := s.HUD(play.Layout{W: 1400, H: 900, DSF: 1, Top: 38, Bottom: 24})
	var b strings.Builder
	for _, p := range prims {
		if p.Kind == scene.Text {
			b.WriteString(p.Text)
			b.WriteByte(32)
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// A whole game between two computer controllers through the session: the
// turn flow takes every decision from the controllers (off the UI
// goroutine) and ends with a result and a debrief.
func TestComputerGameToTheEnd(t *testing.T) {
	s := newSession(t, load(t, "titan-duel"), 5, map[string]string{"red": play.Computer, "blue": play.Computer})
	for i := 0; i < 400 && s.Mode() != play.ModeOver; i++ {
		s.Wait()
	}
	if s.Mode() != play.ModeOver || !s.State().Over {
		t.Fatalf("the game should end, mode %v step %s", s.Mode(), s.State().Step)
	}
	txt := hudText(s)
	if !strings.Contains(txt, "Victory points") || !strings.Contains(txt, "Result:") {
		t.Errorf("the debrief shows no result or VP:\n%s", txt)
	}
	rolls := 0
	for _, e := range s.Log() {
		if e.Roll != nil {
			rolls++
		}
	}
	if rolls == 0 {
		t.Error("the dice log holds no rolls")
	}
}

// A human move drawn with clicks is measured with the rules' own checks:
// a path through the enemy's 10 cm exclusion is refused with the reason
// (ATII-MOV-6) and a short legal path is played.
func TestHumanMoveByClicks(t *testing.T) {
	s := newSession(t, load(t, "titan-duel"), 7, map[string]string{"red": play.Human, "blue": play.Computer})
	playUntil(s, 50, func() bool {
		return s.Mode() == play.ModeTurn && s.State().Step == atii.StepMovement && s.Decider() == "red"
	})
	if s.State().Step != atii.StepMovement || s.Decider() != "red" {
		t.Fatalf("did not reach red's movement: %s %s", s.State().Step, s.Decider())
	}
	id := s.Selected
	u := s.State().Unit(id)
	if u == nil || u.Side != "red" {
		t.Fatalf("a red titan should be selected, got %q", id)
	}
	// Straight at the enemy: illegal.
	var enemy world.Vec
	for _, o := range s.State().Units {
		if o.Side != "red" {
			enemy = o.Pos
		}
	}
	s.ClickTable(enemy, "")
	mp := s.PreviewMove()
	if mp == nil || mp.Err == nil {
		t.Fatalf("a path onto the enemy must be refused, preview %+v", mp)
	}
	s.Commit()
	if !s.MsgErr || s.State().Unit(id).Pos != u.Pos {
		t.Fatal("an illegal move must not be played")
	}
	s.Cancel()
	to := u.Pos.Add(world.Heading(u.Facing).Scale(5))
	s.ClickTable(to, "")
	if mp := s.PreviewMove(); mp == nil || mp.Err != nil {
		t.Fatalf("5 cm ahead should be legal: %+v", mp)
	}
	s.Commit()
	got := s.State().Unit(id).Pos
	if got.Sub(to).Len() > 0.01 {
		t.Fatalf("moved to %v, want %v (%s)", got, to, s.Msg)
	}
}

// Hotseat with secret objectives: each player's objective stays hidden
// until that player asks for it (O); nothing of the other side's is drawn;
// the screen is handed over only when an objective was on it and the
// decision passes to the other player.
func TestHotseatHidesSecrets(t *testing.T) {
	scn := load(t, "atii-map-a")
	src := strings.Replace(string(scn.Source), "  objectives: {red: mobile, blue: mobile}", "  secret: true", 1)
	cat, _ := assets.LoadCatalogue(testReaders())
	scn2, err := scenarios.Parse("secret.yaml", []byte(src), cat)
	if err != nil {
		t.Fatal(err)
	}
	s := newSession(t, scn2, 11, map[string]string{"red": play.Human, "blue": play.Human})
	if !s.HasSecrets() {
		t.Fatal("the mission should deal secret objectives")
	}
	cards := s.cards()
	first := s.Decider()
	other := "red"
	if first == "red" {
		other = "blue"
	}
	// The game opens with every objective hidden: whoever is at the
	// screen may not be the side to decide.
	if s.Mode() != play.ModeTurn || s.SecretsShown() {
		t.Fatalf("a hotseat game with secrets opens with the objectives hidden, mode %v shown %v", s.Mode(), s.SecretsShown())
	}
	txt := hudText(s)
	for _, sd := range []string{"red", "blue"} {
		if strings.Contains(txt, cards[sd].Text) {
			t.Fatalf("the opening screen shows %s's objective:\n%s", sd, txt)
		}
	}
	s.RevealSecrets()
	txt = hudText(s)
	if !strings.Contains(txt, cards[first].Text) {
		t.Fatalf("%s should see its own objective on asking:\n%s", first, txt)
	}
	if strings.Contains(txt, cards[other].Text) && cards[other].Text != cards[first].Text {
		t.Fatalf("%s's objective is visible on %s's turn", other, first)
	}
	// Deploy one titan: the decision passes to the other player while
	// the first player's objective is on the screen: hand over. The zones
	// are those of the deployment map the cards gave: find a spot the
	// rules accept.
	s.ClickTable(acceptedDeploy(t, s, first), "")
	if s.Decider() != other {
		t.Fatalf("after deploying the decision should pass to %s (msg %q)", other, s.Msg)
	}
	if s.Mode() != play.ModeHandover {
		t.Fatalf("a handover screen must hide the shown objective, mode %v", s.Mode())
	}
	txt = hudText(s)
	for _, sd := range []string{"red", "blue"} {
		if strings.Contains(txt, cards[sd].Text) || strings.Contains(txt, cards[sd].Name) {
			t.Fatalf("the handover screen shows %s's objective:\n%s", sd, txt)
		}
	}
	s.Continue()
	txt = hudText(s)
	if strings.Contains(txt, cards[first].Name) || strings.Contains(txt, cards[other].Name) {
		t.Fatalf("after the handover both objectives stay hidden until asked:\n%s", txt)
	}
	s.RevealSecrets()
	txt = hudText(s)
	if !strings.Contains(txt, cards[other].Text) {
		t.Fatalf("%s should now see its objective:\n%s", other, txt)
	}
	if cards[first].Name != cards[other].Name && strings.Contains(txt, cards[first].Name) {
		t.Fatalf("%s's objective is drawn on %s's turn:\n%s", first, other, txt)
	}
	for _, e := range s.Log() {
		if e.Secret && e.Side != other {
			t.Fatalf("the log shows %s's secret entry on %s's turn", e.Side, other)
		}
	}
	// With the objectives hidden, the decision passes without a handover.
	s.RevealSecrets()
	s.ClickTable(acceptedDeploy(t, s, other), "")
	if s.Decider() != first || s.Mode() != play.ModeTurn {
		t.Fatalf("with nothing secret shown the decision passes to %s without a handover: decider %s mode %v (%s)", first, s.Decider(), s.Mode(), s.Msg)
	}

	// A saved hotseat game reopens with the objectives hidden too: the
	// person loading it may not be the side to decide.
	path := filepath.Join(t.TempDir(), "hotseat.json")
	if err := s.Save(path); err != nil {
		t.Fatal(err)
	}
	back, err := loadATII(testSystems, path, map[string]string{"red": play.Human, "blue": play.Human}, game.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if back.SecretsShown() {
		t.Fatalf("a loaded hotseat game must open with the objectives hidden, mode %v", back.Mode())
	}
	txt = hudText(back)
	for _, sd := range []string{"red", "blue"} {
		if strings.Contains(txt, cards[sd].Text) {
			t.Fatalf("the loaded game shows %s's objective before handover:\n%s", sd, txt)
		}
	}
}

// BenchmarkHUD measures building the play HUD and the move preview for a
// frame (the work done on the UI goroutine when something changes).
func BenchmarkHUD(b *testing.B) {
	s := newSession(b, load(b, "titan-duel"), 7, map[string]string{"red": play.Human, "blue": play.Human})
	s.ChooseOrder(true)
	if u := s.State().Unit(s.Selected); u != nil {
		s.ClickTable(u.Pos.Add(world.Vec{X: 3, Y: 6}), "")
	}
	l := play.Layout{W: 1400, H: 900, DSF: 1, Top: 38, Bottom: 24}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.HUD(l)
	}
}

// acceptedDeploy returns a table point where side may deploy its next
// titan (a 3 cm grid scan with the rules' check).
func acceptedDeploy(t *testing.T, s *UI, side string) world.Vec {
	t.Helper()
	p := s.State().Pending
	if p == nil || len(p.Units) == 0 {
		t.Fatal("no deployment decision")
	}
	tb := s.rs().World().Table
	for y := 3.0; y < tb.H; y += 3 {
		for x := 3.0; x < tb.W; x += 3 {
			if s.G.Engine.Check(s.rs().Deploy(side, p.Units[0], x, y, 0)) == nil {
				return world.Vec{X: x, Y: y}
			}
		}
	}
	t.Fatalf("%s can deploy nowhere", side)
	return world.Vec{}
}

// playUntil plays on with the usual answers (handovers continued,
// computers waited for, order choices answered "first", every other
// decision ended) until ready holds, at most limit decisions.
func playUntil(s *UI, limit int, ready func() bool) {
	for i := 0; i < limit && !ready(); i++ {
		switch {
		case s.Mode() == play.ModeHandover:
			s.Continue()
		case s.Mode() == play.ModeThinking:
			s.Wait()
		case ChoosingOrder(s.State()):
			s.ChooseOrder(true)
		default:
			s.EndStep()
		}
	}
}
