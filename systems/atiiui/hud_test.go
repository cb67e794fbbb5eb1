package atiiui

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/world"
)

// E (EndStep) never answers the initiative: going first or second is a
// choice of its own (ATII-INI: the winner chooses the order), so a spare
// press cannot take it.
func TestEndStepNeverAnswersTheInitiative(t *testing.T) {
	s := newSession(t, load(t, "titan-duel"), 7, map[string]string{"red": play.Human, "blue": play.Human})
	if s.State().Step != atii.StepInitiative {
		t.Fatalf("titan-duel should open at the initiative, got %s", s.State().Step)
	}
	seq := s.State().Seq
	s.EndStep()
	s.EndStep()
	if s.State().Seq != seq || s.State().Step != atii.StepInitiative {
		t.Fatalf("E played a command at the initiative: seq %d -> %d, step %s", seq, s.State().Seq, s.State().Step)
	}
	if !s.MsgErr || !strings.Contains(s.Msg, "first") {
		t.Errorf("E at the initiative should say how to choose, got %q", s.Msg)
	}
}

// Holding (H) or ending the step (E) with a drawn path asks for a second
// press, so a stray key does not throw the drawn move away (ATII-MOV: a
// held titan does not move this phase).
func TestHoldWithADraftAsksTwice(t *testing.T) {
	s := newSession(t, load(t, "titan-duel"), 7, map[string]string{"red": play.Human, "blue": play.Human})
	s.ChooseOrder(true)
	if s.State().Step != atii.StepMovement {
		t.Fatalf("after the initiative: step %s", s.State().Step)
	}
	u := s.State().Unit(s.Selected)
	s.ClickTable(u.Pos.Add(world.Heading(u.Facing).Scale(8)), "")
	if len(s.Draft) == 0 {
		t.Fatal("the click should draft a path")
	}
	seq := s.State().Seq
	s.Hold()
	if s.State().Seq != seq || len(s.Draft) == 0 {
		t.Fatalf("the first H with a drawn path must not hold (seq %d -> %d)", seq, s.State().Seq)
	}
	if !strings.Contains(s.Msg, "press H again") {
		t.Errorf("the first H should say to press again, got %q", s.Msg)
	}
	s.EndStep()
	if s.State().Seq != seq {
		t.Fatal("E after an H is a first press of its own and must not end the step")
	}
	s.Hold()
	s.Hold()
	if s.State().Seq != seq+1 {
		t.Fatalf("the second H should hold: seq %d -> %d (%s)", seq, s.State().Seq, s.Msg)
	}
	if got := s.State().Unit(u.ID); !got.Activated || got.Pos != u.Pos {
		t.Errorf("%s should have held where it stood: %+v", u.ID, got.Pos)
	}
}

// The banner counts the turns against the scenario's limit and the panel
// says how the game is won, in the names the table shows.
func TestTurnCounterAndHowToWin(t *testing.T) {
	s := newSession(t, load(t, "titan-duel"), 7, map[string]string{"red": play.Human, "blue": play.Human})
	if b := s.Banner(); !strings.HasPrefix(b.Title, "Turn 1 of 6") {
		t.Errorf("banner title %q lacks the turn counter", b.Title)
	}
	txt := hudText(s)
	for _, want := range []string{"how to win", "The game ends after turn 6", "Victory if every titan of Legio Ignatum is destroyed", "holds Comms relay", "Draw if the turn limit is reached"} {
		if !strings.Contains(txt, want) {
			t.Errorf("the panel lacks %q:\n%s", want, txt)
		}
	}
}

// The panel, prompts, choices and log use the names the map shows, never
// the unit ids.
func TestPanelUsesNamesNotIDs(t *testing.T) {
	s := newSession(t, load(t, "titan-duel"), 7, map[string]string{"red": play.Human, "blue": play.Human})
	s.ChooseOrder(true)
	s.Select("red-reaver")
	txt := hudText(s)
	if strings.Contains(txt, "red-reaver") || strings.Contains(txt, "blue-reaver") {
		t.Errorf("the HUD shows unit ids:\n%s", txt)
	}
	if !strings.Contains(txt, "Venator Rex") {
		t.Errorf("the HUD should name the selected titan Venator Rex:\n%s", txt)
	}
}

// A close combat weapon has no range or rate of fire: the panel gives its
// swiftness, attacks and strength instead of "0 cm, RoF ,".
func TestCloseCombatWeaponStats(t *testing.T) {
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	w, err := cat.Weapon("powerfist")
	if err != nil {
		t.Fatal(err)
	}
	got := weaponStats(w, "F")
	if strings.Contains(got, "0 cm") || strings.Contains(got, "RoF") || !strings.Contains(got, "close combat") || !strings.Contains(got, "swiftness") {
		t.Errorf("powerfist reads %q", got)
	}
	g, err := cat.Weapon("turbo-lasers")
	if err != nil {
		t.Fatal(err)
	}
	if got := weaponStats(g, "F"); got != "F, 60 cm, RoF 2, Str 6" {
		t.Errorf("a ranged weapon reads %q", got)
	}
}

// A long refusal wraps inside the banner (left of the panel) instead of
// running off the window's right edge.
func TestMessageWrapsInsideTheBanner(t *testing.T) {
	s := newSession(t, load(t, "titan-duel"), 7, map[string]string{"red": play.Human, "blue": play.Human})
	s.Msg, s.MsgErr = "load /home/somebody/a/very/long/path/to/a/saved/game/file/that/does/not/exist/anywhere/on/this/machine/at/all.json: open: no such file or directory; "+strings.Repeat("and the reason goes on and on ", 6), true
	l := play.Layout{W: 1400, H: 900, DSF: 1, Top: 38, Bottom: 24}
	prims, _ := s.HUD(l)
	right := l.W - l.PanelW()
	lines := 0
	for _, p := range prims {
		if p.Kind != scene.Text || p.Style.Fill != play.ColBad {
			continue
		}
		lines++
		if x := p.C.X + scene.EstimateWidth(p.Text, p.Size, p.Bold); x > right+1 {
			t.Errorf("message line %q ends at x %.0f, past the banner's edge %.0f", p.Text, x, right)
		}
	}
	if lines < 2 {
		t.Errorf("the long message should wrap onto several lines, got %d", lines)
	}
}

// After the other side's turn the selected titan keeps a weapon chosen:
// the panel never shows an empty "Targets for  (aim ...)".
func TestTargetsHeadingNeverEmpty(t *testing.T) {
	s := newSession(t, load(t, "titan-duel"), 7, map[string]string{"red": play.Human, "blue": play.Human})
	s.ChooseOrder(true)
	for i := 0; i < 10 && s.State().Step != atii.StepShooting; i++ {
		s.EndStep()
	}
	if s.State().Step != atii.StepShooting || !s.Playable(s.Selected) {
		t.Fatalf("should reach red's shooting: %s, selected %q", s.State().Step, s.Selected)
	}
	s.Weapon = ""                // as left by a turn the other side played
	s.Decide(s.Decider(), false) // as after a command, the decision staying
	txt := hudText(s)
	if strings.Contains(txt, "Targets for (") || strings.Contains(txt, "Targets for  (") {
		t.Errorf("empty targets heading:\n%s", txt)
	}
	if !strings.Contains(txt, "Targets for ") {
		t.Errorf("the selected titan should have a weapon and its targets:\n%s", txt)
	}
}

// The end screen says why a game ended as it did: the victory points and
// the turn limit (or the condition, or the chart) beside the result.
func TestEndScreenSaysWhy(t *testing.T) {
	s := newSession(t, load(t, "titan-duel"), 5, map[string]string{"red": play.Computer, "blue": play.Computer})
	for i := 0; i < 400 && s.Mode() != play.ModeOver; i++ {
		s.Wait()
	}
	if s.Mode() != play.ModeOver {
		t.Fatal("the game should end")
	}
	why := s.ResultWhy()
	if !strings.Contains(why, "VP") {
		t.Errorf("the result's reason lacks the victory points: %q", why)
	}
	if !strings.Contains(why, "turn limit") && !strings.Contains(why, "condition") && !strings.Contains(why, "no titan") {
		t.Errorf("the result's reason does not say what ended the game: %q", why)
	}
	txt := hudText(s)
	if !strings.Contains(txt, why) && !strings.Contains(txt, strings.Fields(why)[0]) {
		t.Errorf("the end screen does not show the reason %q:\n%s", why, txt)
	}
}

// Manual dice in play: the HUD shows the roll wanted, how to type it, and
// a clickable face per die side; clicking faces plays the command.
func TestManualDicePadClickable(t *testing.T) {
	s := newSession(t, load(t, "titan-duel"), 7, map[string]string{"red": play.Human, "blue": play.Human})
	s.G.Engine = manualEngine(t, s)
	s.ChooseOrder(true)
	for i := 0; i < 40 && s.Mode() != play.ModeDice && s.Mode() != play.ModeOver; i++ {
		if s.Mode() == play.ModeHandover {
			s.Continue()
		}
		s.TrayClose()
		if ChoosingOrder(s.State()) {
			s.ChooseOrder(true)
			continue
		}
		s.EndStep()
	}
	if s.Mode() != play.ModeDice {
		t.Fatalf("no manual dice were wanted: step %s mode %v", s.State().Step, s.Mode())
	}
	req, _ := s.DiceWanted()
	txt := hudText(s)
	if !strings.Contains(txt, "Wanted: "+req.String()) || !strings.Contains(txt, "Backspace") {
		t.Errorf("the HUD should say what dice are wanted and how to type them:\n%s", txt)
	}
	seq := s.State().Seq
	for k := 0; k < 20 && s.Mode() == play.ModeDice; k++ {
		_, btns := s.HUD(play.Layout{W: 1400, H: 900, DSF: 1, Top: 38, Bottom: 24})
		clicked := false
		for _, b := range btns {
			if b.Label == "die 4" {
				b.Do()
				clicked = true
				break
			}
		}
		if !clicked {
			t.Fatal("no clickable die face 4 on the dice pad")
		}
		// A second face for a tie-free roll where two dice compare.
		_, btns = s.HUD(play.Layout{W: 1400, H: 900, DSF: 1, Top: 38, Bottom: 24})
		for _, b := range btns {
			if b.Label == "die 1" && s.Mode() == play.ModeDice {
				b.Do()
				break
			}
		}
	}
	if s.State().Seq <= seq {
		t.Fatalf("clicking the faces should play the command waiting for them (seq %d -> %d, %s)", seq, s.State().Seq, s.Msg)
	}
	found := false
	for _, e := range s.Log() {
		if e.Roll != nil && e.Roll.Purpose == req.Purpose {
			found = true
		}
	}
	if !found {
		t.Errorf("the log lacks the manual roll for %s", req.Purpose)
	}
}

// manualEngine reloads the session's game with manual dice.
func manualEngine(t *testing.T, s *UI) *rules.Engine {
	t.Helper()
	data, err := s.G.Save()
	if err != nil {
		t.Fatal(err)
	}
	g, err := loadManual(data)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func loadManual(data []byte) (*rules.Engine, error) {
	g, err := testSystems.Load(data, game.Config{ManualDice: true})
	if err != nil {
		return nil, err
	}
	return g.Engine, nil
}

// The "stopped: allowance" label of a move cut short sits just beside the
// titan's base and covers neither the base nor the path (the part reached
// or the part not reached), whatever way the path points.
func TestStoppedLabelBesideItsTitan(t *testing.T) {
	s := newSession(t, load(t, "titan-duel"), 7, map[string]string{"red": play.Human, "blue": play.Human})
	u := s.State().Unit("blue-reaver")
	b := s.base(u)
	reach := b.Foot.Radius
	for _, dir := range []world.Vec{{X: -1, Y: -1.5}, {X: 1, Y: -1.5}, {X: 0.2, Y: 1}, {X: -1, Y: 0}} {
		start := u.Pos.Sub(dir.Scale(5))
		s.Result = &MoveResult{Unit: u.ID, Asked: []world.Vec{start, u.Pos.Add(dir.Scale(20))}, Length: 25 * dir.Len(), Distance: 5 * dir.Len(), End: u.Pos, Allowance: 3, Faces: []int{3}}
		sc := &scene.Scene{Scale: 5}
		s.Decorate(sc)
		var lbl *scene.Prim
		for _, p := range sc.Layers[scene.LayerRulers] {
			if p.Kind == scene.Text && strings.HasPrefix(p.Text, "stopped") {
				p := p
				lbl = &p
			}
		}
		if lbl == nil {
			t.Fatalf("%v: no stopped label", dir)
		}
		r := labelBox(*lbl)
		q := world.Vec{X: min(max(u.Pos.X, r.Min.X), r.Max.X), Y: min(max(u.Pos.Y, r.Min.Y), r.Max.Y)}
		if gap := q.Dist(u.Pos) - reach; gap < 0 || gap > 3 {
			t.Errorf("%v: label at %v, titan at %v (radius %.1f): %.1f cm from its base", dir, lbl.C, u.Pos, reach, gap)
		}
		for k := 0; k <= 50; k++ {
			p := start.Lerp(u.Pos.Add(dir.Scale(20)), float64(k)/50)
			if r.Contains(p) {
				t.Errorf("%v: the label at %v covers the path at %v", dir, lbl.C, p)
				break
			}
		}
	}
}

// Once a titan has fired (ATII-SHT: a titan's weapons fire together in
// its activation), the weapons it fired read "fired this turn" and the
// ones it did not fire say so, instead of all of them "already fired".
func TestUnfiredWeaponsAreNotSaidFired(t *testing.T) {
	for seed := uint64(1); seed < 40; seed++ {
		s := newSession(t, load(t, "titan-duel"), seed, map[string]string{"red": play.Human, "blue": play.Human})
		for i := 0; i < 400 && s.Mode() != play.ModeOver; i++ {
			playGreedy(t, s)
			st := s.State()
			if st.Step != atii.StepShooting {
				continue
			}
			for _, u := range st.Units {
				if !u.Fired {
					continue
				}
				var fired, unfired []WeaponInfo
				for _, w := range s.Weapons(u.ID) {
					if s.firedThisTurn(u.ID, w.Mount) {
						fired = append(fired, w)
					} else {
						unfired = append(unfired, w)
					}
				}
				if len(fired) == 0 || len(unfired) == 0 {
					continue
				}
				for _, w := range fired {
					if w.Usable != "fired this turn" {
						t.Errorf("%s %s fired: reads %q", u.ID, w.Mount, w.Usable)
					}
				}
				for _, w := range unfired {
					if strings.Contains(w.Usable, "fired this turn") && !strings.Contains(w.Usable, "did not fire") || w.Usable == "" {
						t.Errorf("%s %s did not fire: reads %q", u.ID, w.Mount, w.Usable)
					}
				}
				return
			}
		}
	}
	t.Skip("no seed had a titan fire only some of its weapons")
}

// Side ids in the rules' texts become the sides' names, but only as whole
// words: a unit id that starts with the side's id is left to the units.
func TestNamedReplacesWholeSideIDs(t *testing.T) {
	s := newSession(t, load(t, "titan-duel"), 7, map[string]string{"red": play.Human, "blue": play.Human})
	got := s.named("red wins the initiative (red, blue; ties re-rolled); red-reaver fires; fired; blue-reaver")
	want := "Legio Mortis wins the initiative (Legio Mortis, Legio Ignatum; ties re-rolled); Venator Rex fires; fired; Ignis Fidelis"
	if got != want {
		t.Errorf("named:\n got %q\nwant %q", got, want)
	}
}

// The shot previews measure sight with the game's options: with
// atii/flat-terrain-sight on, a target's preview has the verdict the
// rules give a shot under that reading (atii.MeasureShotWith), which for
// some placement differs from the default reading (ATII-SHT-2).
func TestShotPreviewUsesTheGamesSightOption(t *testing.T) {
	mk := func(flat string) *UI {
		g, err := testSystems.New(load(t, "titan-duel"), game.Config{Seed: 1, Options: map[string]string{atii.OptFlatTerrainSight: flat}})
		if err != nil {
			t.Fatal(err)
		}
		s := newUI(g, map[string]string{"red": play.Human, "blue": play.Human})
		s.Select("red-reaver")
		s.Weapon = s.Weapons("red-reaver")[0].Mount
		return s
	}
	flat, tall := mk("on"), mk("off")
	differ := 0
	for y := 5.0; y <= 115; y += 10 {
		for x := 5.0; x <= 115; x += 10 {
			for _, s := range []*UI{flat, tall} {
				s.State().Unit("blue-reaver").Pos = world.Vec{X: x, Y: y}
			}
			ft, tt := flat.Targets(), tall.Targets()
			if len(ft) != 1 || len(tt) != 1 {
				t.Fatalf("one target each: %d, %d", len(ft), len(tt))
			}
			for _, c := range []struct {
				s  *UI
				ti TargetInfo
			}{{flat, ft[0]}, {tall, tt[0]}} {
				st := c.s.State()
				o, err := atii.ParseOptions(st.Options)
				if err != nil {
					t.Fatal(err)
				}
				w := c.s.Weapons("red-reaver")[0]
				geo, err := atii.MeasureShotWith(c.s.rs().World(), c.s.rs().Terrain(st), w.Arc, c.s.base(st.Unit("red-reaver")), c.s.base(st.Unit("blue-reaver")), o)
				if err != nil {
					t.Fatal(err)
				}
				if c.ti.Geo.LOS != geo.LOS {
					t.Errorf("flat-terrain-sight %s, blue at %v,%v: the preview says %v, the rules %v", st.Options[atii.OptFlatTerrainSight], x, y, c.ti.Geo.LOS, geo.LOS)
				}
			}
			if ft[0].Geo.LOS != tt[0].Geo.LOS {
				differ++
			}
		}
	}
	if differ == 0 {
		t.Error("no placement where the two sight readings differ: the option is not used")
	}
}

// E with a titan selected that stands later in the Man order holds the
// titan whose turn it is, never the selected one: holding a titan out of
// order forfeits the others' moves this phase (ATII-MOV-1), which must be
// a choice of its own (its listed number or H), not a side effect of
// ending the step. (Playing the mission, the warhound stayed selected from
// the rally's repairs and E in the next movement phase cost the reaver its
// move.)
func TestEndStepNeverForfeitsAnotherTitan(t *testing.T) {
	s := newSession(t, load(t, "titan-battlegroup"), 7, hotseat)
	s.ChooseOrder(true)
	st := s.State()
	if st.Step != atii.StepMovement {
		t.Fatalf("after the initiative: step %s", st.Step)
	}
	me := s.Decider()
	var late string
	for _, u := range st.Units {
		if u.Side == me && len(s.rs().Forfeits(st, u.ID)) > 0 {
			late = u.ID
			break
		}
	}
	if late == "" {
		t.Fatalf("%s has no titan later in the Man order: the test proves nothing", me)
	}
	s.SelectUnit(late)
	seq := st.Seq
	s.EndStep()
	after := s.State()
	if after.Seq != seq+1 {
		t.Fatalf("E should hold a titan: seq %d -> %d (%s)", seq, after.Seq, s.Msg)
	}
	held := 0
	for _, u := range after.Units {
		if u.Side != me || !u.Activated {
			continue
		}
		held++
		if lost := s.rs().Forfeits(st, u.ID); len(lost) > 0 {
			t.Errorf("E held %s out of the Man order, forfeiting %v", u.ID, lost)
		}
	}
	if held != 1 {
		t.Errorf("E should hold one titan, %d are done", held)
	}
}

// A new step selects the titan whose turn it is, even when the same side
// decides again (against a computer the human always does): a titan left
// selected from the step before, later in the Man order, stays selected
// no more (ATII-MOV-1: lowest Man first; the rally's repairs left a
// Warhound selected into the next movement phase while the Reaver's turn
// came first).
func TestNewStepSelectsTheTitanWhoseTurnItIs(t *testing.T) {
	s := newSession(t, load(t, "titan-battlegroup"), 7, hotseat)
	st := s.State()
	if st.Step != atii.StepInitiative {
		t.Fatalf("titan-battlegroup should open at the initiative, got %s", st.Step)
	}
	me := s.Decider()
	late := ""
	for _, u := range st.Units {
		if u.Side == me && u.Type == "warhound" {
			late = u.ID
			break
		}
	}
	if late == "" {
		t.Fatalf("%s has no warhound", me)
	}
	s.SelectUnit(late)
	s.ChooseOrder(true)
	st = s.State()
	if st.Step != atii.StepMovement || s.Decider() != me {
		t.Fatalf("after going first: step %s, %s decides", st.Step, s.Decider())
	}
	if len(s.rs().Forfeits(st, late)) == 0 {
		t.Fatalf("%s is not late in the Man order: the test proves nothing", late)
	}
	if s.Selected != st.Pending.Units[0] {
		t.Errorf("the movement phase should select %s (first in the Man order), %s is selected", st.Pending.Units[0], s.Selected)
	}
}
