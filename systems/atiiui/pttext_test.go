package atiiui

import (
	"strings"
	"testing"

	"context"

	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/rules"

	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/rules/catalog"
	"github.com/auspex/auspex/systems/atiiai"
	"github.com/auspex/auspex/world"
)

// A legal move into dangerous terrain that may stop short (ATII-MOV-4)
// is not announced as a plain green "legal": the verdict warns and gives
// the chance to reach the end in words and figures.
func TestDangerousMovePreviewWarnsOfStoppingShort(t *testing.T) {
	s := toRedMovement(t, 1)
	u := *s.State().Unit(s.Selected)
	to := world.Vec{X: 27, Y: 27}
	s.PressTable(u.Pos, s.Selected)
	s.DragTo(to)
	s.ReleaseTable(to)
	mp := s.PreviewMove()
	if mp == nil || mp.Err != nil || mp.Odds == nil {
		t.Fatalf("a legal dangerous path is wanted: %+v", mp)
	}
	if mp.Finish() >= certain {
		t.Fatalf("the path into the woods should be uncertain, got %.3f", mp.Finish())
	}
	v, warn := mp.Verdict()
	if !warn || strings.HasPrefix(v, "legal: Enter") || !strings.Contains(v, "to reach the end") {
		t.Errorf("verdict %q (warn %v) should warn with the chance to reach the end", v, warn)
	}
	txt := hudText(s)
	if strings.Contains(txt, "legal: Enter to move") || !strings.Contains(txt, "to reach the end") {
		t.Errorf("the panel should warn of stopping short:\n%s", txt)
	}
	prims, _ := s.HUD(play.Layout{W: 1400, H: 900, DSF: 1, Top: 38, Bottom: 24})
	for _, p := range prims {
		if p.Text == v && p.Style.Fill == play.ColGood {
			t.Errorf("the uncertain verdict %q is drawn in the all-clear green", v)
		}
	}
}

// The verdict bands: certain, likely, a toss-up, unlikely.
func TestVerdictBands(t *testing.T) {
	for _, c := range []struct {
		p    float64
		want string
	}{{1, "legal: Enter to move"}, {0.8, "likely to get there: 80%"}, {0.5, "may stop short: 50%"}, {0.03, "likely stops short: 3% to reach the end"}} {
		mp := &MovePreview{Odds: &atii.MoveOdds{Complete: c.p}}
		if v, _ := mp.Verdict(); !strings.Contains(v, c.want) {
			t.Errorf("chance %.2f: verdict %q lacks %q", c.p, v, c.want)
		}
	}
	mp := &MovePreview{Odds: &atii.MoveOdds{Complete: 0.03}, Charge: "blue-reaver", Contact: 0.1}
	if v, _ := mp.Verdict(); !strings.Contains(v, "10% to make contact") {
		t.Errorf("a charge's verdict should give the chance of contact (ATII-CC-1): %q", v)
	}
}

// The shot preview says what its figures mean, leaves out empty parts and
// writes the void shield generator out.
func TestShotPreviewPlainWords(t *testing.T) {
	lines := shotLines(TargetInfo{Odds: &atii.ShotOdds{}, Outcome: &atii.OutcomeOdds{Locations: []string{atii.LocVSG}, Levels: map[string][5]float64{atii.LocVSG: {0.4, 0.6}}}})
	all := strings.Join(lines, " | ")
	if !strings.Contains(all, "chance to damage the titan past its shields: 0%") || !strings.Contains(all, "on average") {
		t.Errorf("odds wording: %q", all)
	}
	if strings.Contains(all, "damaged: |") || strings.HasSuffix(all, "damaged: ") || strings.Contains(all, "destroyed 0.0%") {
		t.Errorf("empty parts should be dropped: %q", all)
	}
	if !strings.Contains(all, "void shield generator 60%") || strings.Contains(all, "vsg") {
		t.Errorf("vsg should read as the void shield generator: %q", all)
	}
	none := shotLines(TargetInfo{Odds: &atii.ShotOdds{}, Outcome: &atii.OutcomeOdds{}})
	if len(none) != 1 {
		t.Errorf("with no damage possible only the odds line stays: %q", none)
	}
}

// The shooting panel names weapons, not bare mounts, for the declared
// shots and the targets heading (ATII-SHT-2).
func TestShootingPanelNamesWeapons(t *testing.T) {
	s := newSession(t, load(t, "titan-duel"), 7, map[string]string{"red": play.Human, "blue": play.Human})
	toShooting(t, s)
	if s.Weapon == "" {
		t.Fatal("a weapon should be chosen")
	}
	lbl := s.weaponLabel(s.Selected, s.Weapon)
	if !strings.Contains(lbl, "(") || strings.HasPrefix(lbl, s.Weapon) {
		t.Fatalf("weapon label %q should be the weapon's name with its mount", lbl)
	}
	if txt := hudText(s); !strings.Contains(txt, "Targets for "+lbl) {
		t.Errorf("the targets heading should name %q:\n%s", lbl, txt)
	}
	for _, ti := range s.Targets() {
		if ti.Reason == "" {
			s.declare(ti.ID)
			break
		}
	}
	if len(s.Shots) == 0 {
		t.Fatal("nothing to declare")
	}
	s.Weapon = s.Shots[0].Mount
	s.ToggleAim()
	if !strings.HasPrefix(s.Msg, lbl) {
		t.Errorf("the aim message should name %q: %q", lbl, s.Msg)
	}
}

// Internal words never reach the player: plural attacks, no doubled
// "cannot fire: did not fire".
func TestNoInternalTerms(t *testing.T) {
	if got := weaponStats(&catalog.Weapon{Kind: catalog.CloseCombat, Profile: &sheet.Weapon{Attacks: 1}}, ""); !strings.Contains(got, "1 attack") || strings.Contains(got, "1 attacks") {
		t.Errorf("one attack: %q", got)
	}
	if got := weaponStats(&catalog.Weapon{Kind: catalog.CloseCombat, Profile: &sheet.Weapon{Attacks: 3}}, ""); !strings.Contains(got, "3 attacks") {
		t.Errorf("three attacks: %q", got)
	}
	if got := cannotFire("did not fire: the titan's weapons fire together"); strings.Contains(got, "cannot fire: did not fire") {
		t.Errorf("doubled reason: %q", got)
	}
	if got := plainTerms("blue-reaver vsg damaged"); got != "blue-reaver void shield generator damaged" {
		t.Errorf("plainTerms: %q", got)
	}
}

// In a hotseat mission with the objective shown, the player who acted sees
// the dice of their action before the screen is handed over; the tray
// holds nothing of the other side's secret card, and closing it hands the
// screen over.
func TestHotseatShooterSeesTheirDiceBeforeHandover(t *testing.T) {
	s := newSession(t, load(t, "titan-mission"), 3, map[string]string{"red": play.Human, "blue": play.Human})
	s.TrayDelay = 0
	cards := s.cards()
	seen := 0
	for i := 0; i < 300 && s.Mode() != play.ModeOver && s.State().Turn < 3 && seen < 3; i++ {
		switch s.Mode() {
		case play.ModeHandover:
			s.Continue()
			continue
		case play.ModeTray:
			t.Fatal("a tray left waiting")
		}
		if !s.SecretsShown() {
			s.RevealSecrets()
		}
		actor := s.Viewer()
		c, err := atiiai.Greedy{}.Decide(context.Background(), s.G.ViewFor(s.Decider()))
		if err != nil {
			t.Fatal(err)
		}
		s.TrayClose()
		if err := s.Submit(c); err != nil {
			t.Fatal(err)
		}
		if s.Decider() == actor || s.Mode() == play.ModeOver {
			continue
		}
		if s.Tray() == nil {
			if s.Mode() != play.ModeHandover {
				t.Fatalf("no dice, the decision passed: want the handover, got %v", s.Mode())
			}
			continue
		}
		seen++
		if s.Mode() != play.ModeTray || s.Viewer() != actor {
			t.Fatalf("after %s's rolled action the tray should show to them first: mode %v, viewer %q", actor, s.Mode(), s.Viewer())
		}
		txt := drawnText(s)
		if !strings.Contains(txt, "Dice 1 of") {
			t.Fatalf("the tray is not drawn for %s:\n%s", actor, txt)
		}
		for sd, cd := range cards {
			if sd != actor && (strings.Contains(txt, cd.Name) || strings.Contains(txt, cd.Text)) {
				t.Fatalf("%s's tray shows %s's secret %q", actor, sd, cd.Name)
			}
		}
		if strings.Contains(txt, "Your secret objective") {
			t.Errorf("the card is drawn while the decision is already the other side's:\n%s", txt)
		}
		for n := 0; s.Tray() != nil && n < 100; n++ {
			s.TrayNext()
		}
		if s.Mode() != play.ModeHandover || s.Viewer() != "" {
			t.Fatalf("the finished tray should hand the screen over: mode %v viewer %q", s.Mode(), s.Viewer())
		}
	}
	if seen == 0 {
		t.Fatal("no rolled action passed the decision: the tray before the handover is untested")
	}
}

// When the decision passes to a side, the selection is that side's first
// titan that may act (or nothing), never the opponent's; in the rally
// phase and at the end no arcs are asked for the selection.
func TestDecisionPassSelectsTheDecidersTitan(t *testing.T) {
	s := newSession(t, load(t, "titan-duel"), 7, map[string]string{"red": play.Human, "blue": play.Human})
	s.TrayDelay = 0
	last := s.Decider()
	changes, rally := 0, false
	for i := 0; i < 400 && s.Mode() != play.ModeOver; i++ {
		if s.Mode() == play.ModeHandover {
			s.Continue()
		}
		if d := s.Decider(); d != last {
			changes++
			last = d
			if s.Selected != "" && s.State().Unit(s.Selected).Side != d {
				t.Fatalf("%s's decision (%s) with %s's titan %s selected", d, s.State().Step, s.State().Unit(s.Selected).Side, s.Selected)
			}
		}
		if s.State().Step == atii.StepRally {
			rally = true
			if s.SelectedArcs() {
				t.Fatal("arcs asked for in the rally phase")
			}
		} else if !s.SelectedArcs() {
			t.Fatalf("arcs refused in %s", s.State().Step)
		}
		playGreedy(t, s)
	}
	if changes < 4 || !rally {
		t.Fatalf("too little play to tell: %d changes, rally %v", changes, rally)
	}
	if s.Mode() == play.ModeOver && (s.SelectedArcs() || s.Selected != "") {
		t.Errorf("the end screen keeps %q selected with arcs %v", s.Selected, s.SelectedArcs())
	}
}

// The end screen judges each victory condition of the scenario and says
// who held the objective marker (titan-duel: Comms relay), so a draw is
// explained.
func TestEndScreenJudgesTheObjective(t *testing.T) {
	s := newSession(t, load(t, "titan-duel"), 5, map[string]string{"red": play.Computer, "blue": play.Computer})
	for i := 0; i < 400 && s.Mode() != play.ModeOver; i++ {
		s.Wait()
	}
	if s.Mode() != play.ModeOver {
		t.Fatal("the game should end")
	}
	txt := hudText(s)
	for _, want := range []string{"Victory conditions at the end", "holds Comms relay", "Objective markers at the end", "Comms relay: "} {
		if !strings.Contains(txt, want) {
			t.Errorf("the end screen lacks %q:\n%s", want, txt)
		}
	}
	judged := false
	for _, ln := range s.VictoryLines() {
		if strings.Contains(ln, "Comms relay") {
			judged = strings.Contains(ln, ": met (") || strings.Contains(ln, ": not met (")
			if !strings.Contains(ln, "held by") {
				t.Errorf("the objective condition does not say who held it: %q", ln)
			}
		}
	}
	if !judged {
		t.Errorf("the Comms relay condition is not judged: %q", s.VictoryLines())
	}
}

// The dice log wraps a long entry instead of cutting it: every word of
// the newest entry is drawn inside the strip.
func TestLogStripWrapsTheLastEntry(t *testing.T) {
	s := newSession(t, load(t, "titan-duel"), 5, map[string]string{"red": play.Computer, "blue": play.Computer})
	for i := 0; i < 400 && s.Mode() != play.ModeOver; i++ {
		s.Wait()
	}
	s.TrayClose()
	l := play.Layout{W: 520, H: 800, DSF: 1, Top: 38, Bottom: 24}
	lg := s.Log()
	last := lg[len(lg)-1]
	long := s.named(last.Text)
	if n := len(scene.Wrap("T6 end: "+long, 12, l.W-l.PanelW()-20, false, nil)); n < 2 {
		t.Fatalf("the entry %q fits one line: the wrap is untested", long)
	}
	prims, _ := s.HUD(l)
	var drawn []string
	for _, p := range prims {
		if p.Kind == scene.Text {
			if !p.Bold && p.C.Y > l.H-l.Bottom-l.LogH() && p.C.X < l.W-l.PanelW() {
				drawn = append(drawn, p.Text)
				if w := scene.EstimateWidth(p.Text, p.Size, p.Bold); p.C.X+w > l.W-l.PanelW()+1 {
					t.Errorf("log line runs out of the strip: %q", p.Text)
				}
				if p.C.Y > l.H-l.Bottom {
					t.Errorf("log line below the strip: %q", p.Text)
				}
			}
		}
	}
	all := strings.Join(drawn, " ")
	for _, w := range strings.Fields(long) {
		if !strings.Contains(all, w) {
			t.Errorf("the last entry's word %q is not drawn (entry %q):\n%s", w, long, all)
		}
	}
}

// A stand-in objective card keeps its mark out of the title.
func TestStandInMarkIsANote(t *testing.T) {
	title, note := cardTitle("Assassinate (stand-in)")
	if title != "Assassinate" || note == "" {
		t.Errorf("cardTitle: %q, %q", title, note)
	}
	if title, note := cardTitle("Hold the line"); title != "Hold the line" || note != "" {
		t.Errorf("a card without the mark: %q, %q", title, note)
	}
}

// The dice tray words: a repair roll with spare successes says how many
// were needed; the initiative dice say whose die is whose (ATII-INI); a
// capped dangerous terrain allowance says why (ATII-MOV-4); the tray says
// the table already shows the outcome.
func TestTrayWording(t *testing.T) {
	if got := trayLine("blue-reaver: 3 repair(s): shield"); got != "blue-reaver: 3 successes, 1 repair needed: shield" {
		t.Errorf("spare repairs: %q", got)
	}
	if got := trayLine("Rocket Launcher: 0 hit(s)"); got != "Rocket Launcher: 0 hits" {
		t.Errorf("hits: %q", got)
	}
	if got := trayLine("Rocket Launcher: 1 hit(s)"); got != "Rocket Launcher: 1 hit" {
		t.Errorf("one hit: %q", got)
	}
	if got := trayLine("blue-reaver: 2 repair(s): shield, vsg"); got != "blue-reaver: 2 successes, all needed: shield, vsg" {
		t.Errorf("all repairs used: %q", got)
	}
	s := newSession(t, load(t, "titan-duel"), 7, map[string]string{"red": play.Human, "blue": play.Human})
	ro := &rules.Roll{Purpose: "initiative (red, blue; ties re-rolled)", Sides: 6, Faces: []int{4, 2}}
	if got := s.dieOwners(ro); got != s.SideName("red")+" 4, "+s.SideName("blue")+" 2" {
		t.Errorf("initiative owners: %q", got)
	}
	m := &MoveResult{Faces: []int{4, 5}, Allowance: 6, Length: 12, Distance: 6}
	if got := m.Text(); !strings.Contains(got, "capped at 6 cm: the Speed left") {
		t.Errorf("the cap is not explained: %q", got)
	}
	m.Allowance = 9
	if got := m.Text(); strings.Contains(got, "capped") {
		t.Errorf("an uncapped allowance is said capped: %q", got)
	}
	s.TrayDelay = 0
	// The initiative is rolled before the first decision: the tray shows it.
	if s.Tray() == nil {
		s.ShowDice(0)
	}
	if s.Tray() == nil {
		t.Fatal("no dice tray for the opening rolls")
	}
	txt := hudText(s)
	if !strings.Contains(txt, "shows the outcome") {
		t.Errorf("the tray does not say the table shows the outcome:\n%s", txt)
	}
}

// The table keeps the titans as they were before the shots until the dice
// tray reaches its last dice: a shot's damage and shields knocked down
// are not given away before the dice are shown.
func TestTableWaitsForTheTray(t *testing.T) {
	for seed := uint64(1); seed <= 12; seed++ {
		s := newSession(t, load(t, "titan-duel"), seed, map[string]string{"red": play.Human, "blue": play.Human})
		toShooting(t, s)
		for _, w := range s.Weapons(s.Selected) {
			s.Weapon = w.Mount
			for _, ti := range s.Targets() {
				if ti.Reason == "" {
					s.declare(ti.ID)
				}
			}
		}
		if len(s.Shots) == 0 {
			continue
		}
		target := s.Shots[0].Target
		s.Commit()
		tr := s.Tray()
		if tr == nil || len(tr.Steps) < 2 {
			continue
		}
		shields := func() int {
			for _, b := range s.Bases(nil) {
				if b.ID == target {
					return b.Shields
				}
			}
			t.Fatalf("no base for %s", target)
			return 0
		}
		_, prof := s.profile(target)
		before, _ := atii.TitanOf(s.Before().Unit(target))
		after, _ := atii.TitanOf(s.State().Unit(target))
		if before.ShieldsUp(prof) == after.ShieldsUp(prof) {
			continue
		}
		if got := shields(); got != before.ShieldsUp(prof) {
			t.Fatalf("seed %d: dice 1 of %d: the table shows %d shields, before the shots %d", seed, len(tr.Steps), got, before.ShieldsUp(prof))
		}
		for s.Tray() != nil && s.Tray().At < len(tr.Steps)-1 {
			s.TrayNext()
		}
		if got := shields(); got != after.ShieldsUp(prof) {
			t.Fatalf("seed %d: at the last dice the table shows %d shields, want %d", seed, got, after.ShieldsUp(prof))
		}
		return
	}
	t.Fatal("no seed knocked a shield down with several dice: untested")
}

// The dice log strip words repairs as the tray does.
func TestLogStripRewordsRepairs(t *testing.T) {
	s := newSession(t, load(t, "titan-duel"), 5, map[string]string{"red": play.Computer, "blue": play.Computer})
	for i := 0; i < 400 && s.Mode() != play.ModeOver; i++ {
		s.Wait()
		for _, e := range s.Log() {
			if strings.Contains(e.Text, " repair(s): ") {
				s.TrayClose()
				if txt := hudText(s); strings.Contains(txt, "repair(s)") {
					t.Fatalf("the log strip shows the raw repair wording:\n%s", txt)
				}
				return
			}
		}
	}
	t.Fatal("no repair in the game: untested")
}

// Choice texts from the rules ("red-reaver fires: carapace at
// blue-reaver") name each weapon with its mount in the panel.
func TestChoiceTextsNameWeapons(t *testing.T) {
	s := newSession(t, load(t, "titan-duel"), 7, map[string]string{"red": play.Human, "blue": play.Human})
	ws := s.Weapons("red-reaver")
	if len(ws) == 0 {
		t.Fatal("no weapons")
	}
	ch := rules.Choice{Units: []string{"red-reaver", "blue-reaver"}, Text: "red-reaver fires: " + ws[0].Mount + " at blue-reaver (50% a die)"}
	want := ws[0].Name + " (" + mountName(ws[0].Mount) + ") at blue-reaver"
	if got := s.weaponsNamed(ch); !strings.Contains(got, want) {
		t.Errorf("choice %q should read %q", got, want)
	}
}

// A dangerous path whose turns spend every Man point leaves no die to
// roll (ATII-MOV-4: 1D6 per unspent Man point): the preview says so in
// words instead of "0 D6 decide how far it gets" (seen in play: a
// Warhound's suggested advance turned 79 and 43 degrees, 3 Man, into a
// wood).
func TestDangerousPreviewWithNoDice(t *testing.T) {
	prof := &catalog.Unit{Speed: 25}
	rep := &world.MoveReport{Total: 19.8}
	none := strings.Join(moveLines(rep, atii.MoveCheck{Speed: 25, Dangerous: true, DangerDice: 0}, prof, &atii.MoveOdds{Complete: 0}, &world.World{}), " | ")
	if strings.Contains(none, "0 D6") || !strings.Contains(none, "no dice") || !strings.Contains(none, "0% to reach the end") {
		t.Errorf("no dice to roll should be said in words: %q", none)
	}
	two := strings.Join(moveLines(rep, atii.MoveCheck{Speed: 25, Dangerous: true, DangerDice: 2}, prof, &atii.MoveOdds{Complete: 0.5}, &world.World{}), " | ")
	if !strings.Contains(two, "2 D6 decide how far it gets; 50% to reach the end") {
		t.Errorf("two dice: %q", two)
	}
}
