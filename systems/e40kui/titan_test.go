package e40kui

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/world"
)

// titanUI starts testdata/titan-e40k.yaml: marines with a Warhound
// against Ork Boyz.
func titanUI(t testing.TB) *UI {
	t.Helper()
	return titanUIFrom(t, "testdata/titan-e40k.yaml")
}

// titanUIFrom starts a test scenario file in the play UI.
func titanUIFrom(t testing.TB, path string) *UI {
	t.Helper()
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	scn, err := scenarios.Parse(path, data, cat)
	if err != nil {
		t.Fatal(err)
	}
	sys := testSystems(t)
	g, err := sys.New(scn, game.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	uis, err := play.NewAdapters(New())
	if err != nil {
		t.Fatal(err)
	}
	s, err := uis.New(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	return Of(s)
}

// Seed 002 (ATII-MOV-2): in the titans' movement step the titan is
// dragged like a stand; the preview gives the distance, the titan's
// allowance in the rules' words and their refusal; Enter plays the move;
// the suggested moves are numbered choices, the empty template is not.
func TestTitanDragMoveSeed002(t *testing.T) {
	s := titanUI(t)
	toStep(t, s, e40k.StepTitanMove, e40k.OrderAssault)
	if s.Decider() != "marines" || s.Selected != "warhound" {
		t.Fatalf("titan step: %s decides, %q selected", s.Decider(), s.Selected)
	}
	for _, c := range s.Choices() {
		if strings.HasPrefix(c.Text, "move titan") {
			t.Errorf("the empty template is offered: %q", c.Text)
		}
	}
	from := posOf(t, s, "warhound")
	s.PressTable(from, "warhound")
	s.DragTo(from.Add(world.Vec{Y: 60}))
	s.ReleaseTable(from.Add(world.Vec{Y: 60}))
	tp := s.PreviewTitan()
	if tp == nil || tp.Err == nil {
		t.Fatalf("a 60 cm titan move was not refused: %+v", tp)
	}
	if h := hudText(s); !strings.Contains(h, "moves 60.0 cm: refused") || !strings.Contains(h, "titan move: up to") ||
		!strings.Contains(h, "titans (ATII rules; no orders, no blast markers)") || !strings.Contains(h, "void shields 2 of 2") {
		t.Errorf("HUD: %s", h)
	}
	s.Commit()
	if !s.MsgErr || posOf(t, s, "warhound") != from {
		t.Fatalf("Enter on a refused titan move: %q, titan at %v", s.Msg, posOf(t, s, "warhound"))
	}
	s.Cancel()
	s.PressTable(from, "warhound")
	s.DragTo(from.Add(world.Vec{Y: 10}))
	s.ReleaseTable(from.Add(world.Vec{Y: 10}))
	if tp := s.PreviewTitan(); tp == nil || tp.Err != nil {
		t.Fatalf("a 10 cm titan move: %+v", tp)
	}
	s.Commit()
	if got := posOf(t, s, "warhound"); got.Dist(from.Add(world.Vec{Y: 10})) > 0.01 {
		t.Errorf("the warhound is at %v, want %v (%s)", got, from.Add(world.Vec{Y: 10}), s.Msg)
	}
}

// Seed 002 with seed 001's overwatch: a titan that moves may be fired at
// by enemy detachments on overwatch, in the window, by clicking the titan
// twice (aim, fire); the shot is resolved with the ATII rules.
func TestOverwatchAtTitanInTheWindowSeed002(t *testing.T) {
	s := titanUI(t)
	for i := 0; i < 200 && s.State().Step != e40k.StepTitanMove; i++ {
		driveOrders(t, s, map[string]string{"orks": e40k.OrderOverwatch, "marines": e40k.OrderAssault})
	}
	if s.State().Step != e40k.StepTitanMove || s.Decider() != "marines" {
		t.Fatalf("at %s, %s decides", s.State().Step, s.Decider())
	}
	if f := s.State().Formation("boyz"); f.Orders != e40k.OrderOverwatch {
		t.Fatalf("boyz on %q orders", f.Orders)
	}
	for i, id := range []string{"boyz-1", "boyz-2", "boyz-3"} {
		s.State().Unit(id).Pos = world.Vec{X: 62 + 6*float64(i), Y: 58}
	}
	click(t, s, "warhound")
	from := posOf(t, s, "warhound")
	s.PressTable(from, "warhound")
	s.DragTo(from.Add(world.Vec{Y: 22}))
	s.ReleaseTable(from.Add(world.Vec{Y: 22}))
	s.Commit()
	if p := s.State().Pending; p == nil || p.Kind != e40k.KindOverwatch || s.Decider() != "orks" {
		t.Fatalf("after the Warhound moved: pending %+v (%s)", p, s.Msg)
	}
	if h := hudText(s); !strings.Contains(h, "overwatch: fire at titan warhound") {
		t.Errorf("HUD lacks the overwatch prompt: %s", h)
	}
	n := len(s.State().Log)
	click(t, s, "boyz-2")
	click(t, s, "warhound")
	click(t, s, "warhound")
	fired := false
	for _, ev := range s.State().Log[n:] {
		if strings.Contains(ev.Text, "fires at titan warhound with the ATII rules") {
			fired = true
		}
	}
	if !fired {
		t.Fatalf("no ATII overwatch fire at the Warhound (%s)", s.Msg)
	}
	if p := s.State().Pending; p != nil && p.Kind == e40k.KindOverwatch {
		t.Errorf("the overwatch window is still open: %+v", p)
	}
}

// Seed 002 with digest 8.6's missions: at the flyer step a click on the
// enemy Warhound sends the Fighta-Bommers on a ground attack on the titan
// itself (its unit id), the panel showing the ATII odds while hovering it;
// the attack is then resolved with the ATII rules.
func TestFlyerGroundAttackOnTitanByClickSeed002(t *testing.T) {
	s := titanUIFrom(t, "testdata/titan-air-e40k.yaml")
	untilKind(t, s, "orks", e40k.KindMission)
	s.Hover = "warhound"
	if h := strings.Join(s.AirLines(), " "); !strings.Contains(h, "Ground attack on titan") || !strings.Contains(h, "Gunnery 4+") {
		t.Errorf("no titan ground attack preview: %s", h)
	}
	n := len(s.State().Log)
	click(t, s, "warhound")
	if s.MsgErr {
		t.Fatalf("the click was refused: %s", s.Msg)
	}
	// Nobody intercepts: the sortie flies at once.
	declared, attacked := false, false
	for _, ev := range s.State().Log[n:] {
		if strings.Contains(ev.Text, "bommers flies a ground attack on warhound") {
			declared = true
		}
		if strings.Contains(ev.Text, "bommers fires at titan warhound with the ATII rules") {
			attacked = true
		}
	}
	if !declared || !attacked {
		t.Errorf("ground attack on the Warhound declared %v, made with the ATII rules %v", declared, attacked)
	}
}

// A refused aim says why in the names the table shows: the panel's fire
// preview, like the banner, names the detachments, never their ids
// (E40K-FIR: only units with the target in range and sight fire). Playing
// the Hive Gate battle, aiming the armour at a distant titan printed "no
// unit of armour-detachment has reaver-mortis in range" in the panel.
func TestRefusedAimIsNamed(t *testing.T) {
	s := titanUI(t)
	toStep(t, s, e40k.StepShooting, e40k.OrderAssault)
	for i := 0; i < 20 && s.Decider() != "marines"; i++ {
		drive(t, s, e40k.OrderAssault)
	}
	if s.Decider() != "marines" {
		t.Fatal("the marines never fire")
	}
	click(t, s, "tactical-1")
	click(t, s, "boyz-1")
	fp := s.FirePreview()
	if fp == nil || fp.Err == nil {
		t.Fatalf("tactical marines 70 cm from the boyz should be refused: %+v", fp)
	}
	txt := strings.Join(fp.Lines(s.detOrName), "\n")
	if !strings.Contains(txt, "Tactical detachment cannot fire at Boyz mob: no unit of Tactical detachment has Boyz mob in range") {
		t.Errorf("the refusal should name the detachments: %q", txt)
	}
}

// The titans' suggested turn on the spot says which way it turns in words
// (ATII-MOV-2: a titan turns up to 45 degrees per point of Man), never a
// negative number of degrees ("turns -21 degrees toward ...").
func TestTitanTurnSuggestionSaysTheWay(t *testing.T) {
	s := titanUI(t)
	toStep(t, s, e40k.StepTitanMove, e40k.OrderAssault)
	turn := regexp.MustCompile(`turns \d+ degrees (left|right) toward `)
	found := false
	for _, c := range s.Choices() {
		if strings.Contains(c.Text, " turns ") {
			found = true
			if !turn.MatchString(c.Text) {
				t.Errorf("suggested turn %q should say left or right and a positive angle", c.Text)
			}
		}
	}
	if !found {
		t.Fatal("no turn on the spot suggested: the test proves nothing")
	}
	// Played, the turn is logged as a turn, not as a move of 0.0 cm.
	for _, c := range s.Choices() {
		if !strings.Contains(c.Text, " turns ") {
			continue
		}
		from := len(s.State().Log)
		if _, err := s.G.Submit(c.Cmd); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, e := range s.State().Log[from:] {
			got = append(got, e.Text)
		}
		txt := strings.Join(got, "\n")
		if !regexp.MustCompile(`turns \d+ degrees (left|right) on the spot`).MatchString(txt) || strings.Contains(txt, "0.0 cm") {
			t.Errorf("the turn on the spot should be logged as a turn: %q", txt)
		}
		break
	}
}
