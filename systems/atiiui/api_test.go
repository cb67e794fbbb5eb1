package atiiui

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/world"
)

// toShooting plays hotseat holds until the first shooting activation.
func toShooting(t testing.TB, s *UI) {
	t.Helper()
	inRange := func() bool {
		if !(s.Mode() == play.ModeTurn && s.State().Step == atii.StepShooting && s.State().Pending != nil && s.State().Pending.Kind == "fire") {
			return false
		}
		for _, w := range s.Weapons(s.Selected) {
			s.Weapon = w.Mount
			for _, ti := range s.Targets() {
				if ti.Reason == "" {
					return true
				}
			}
		}
		return false
	}
	for i := 0; i < 400 && !inRange(); i++ {
		if ChoosingOrder(s.State()) {
			s.ChooseOrder(true)
			continue
		}
		if s.State().Step == atii.StepMovement && s.Playable(s.Selected) {
			// Turn on the spot to face the enemy, then go 6 cm at it.
			u := s.State().Unit(s.Selected)
			moved := false
			for _, d := range []float64{15, 8, 3} {
				for _, o := range s.State().Units {
					if o.Side != u.Side && !moved {
						f := world.Bearing(o.Pos.Sub(u.Pos))
						s.Draft = []world.Vec{u.Pos.Add(world.Heading(f).Scale(d))}
						s.Facing = &f
						s.Commit()
						moved = !s.MsgErr
					}
				}
			}
			if moved {
				continue
			}
		}
		s.EndStep()
	}
	if s.State().Step != atii.StepShooting {
		t.Fatalf("did not reach the shooting phase: %s (%s)", s.State().Step, s.Msg)
	}
}

// The odds the shooting panel shows are the odds of the ruleset's own shot
// setup (ATII-SHT-2 to-hit, ATII-SHT-6 outcome): the UI builds no setup of
// its own, so preview and roll cannot disagree.
func TestTargetOddsAreTheRulesOdds(t *testing.T) {
	s := newSession(t, load(t, "titan-duel"), 3, map[string]string{"red": play.Human, "blue": play.Human})
	toShooting(t, s)
	st := s.State()
	opts, err := atii.ParseOptions(st.Options)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, w := range s.Weapons(s.Selected) {
		if w.Usable != "" {
			continue
		}
		s.Weapon = w.Mount
		for _, ti := range s.Targets() {
			setup, err := s.rs().ShotSetupFor(st, s.Selected, atii.Shot{Mount: w.Mount, Target: ti.ID, Aim: s.Aim})
			if err != nil {
				t.Fatal(err)
			}
			th, err := atii.ToHit(setup, opts)
			if err != nil {
				if ti.Reason == "" {
					t.Errorf("%s at %s: the rules refuse (%v) but the UI offers the shot", w.Mount, ti.ID, err)
				}
				continue
			}
			if th.String() != ti.ToHit.String() {
				t.Errorf("%s at %s: UI to-hit %v, rules %v", w.Mount, ti.ID, ti.ToHit, th)
			}
			if ti.Reason != "" {
				t.Logf("%s at %s: %s", w.Mount, ti.ID, ti.Reason)
				continue
			}
			want, err := atii.OddsShot(setup, opts)
			if err != nil {
				t.Fatal(err)
			}
			if ti.Odds == nil || math.Abs(ti.Odds.AtLeastOneTitanHit-want.AtLeastOneTitanHit) > 1e-12 || math.Abs(ti.Odds.ShieldsDown.Mean()-want.ShieldsDown.Mean()) > 1e-12 {
				t.Errorf("%s at %s: UI odds %+v, rules %+v", w.Mount, ti.ID, ti.Odds, want)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no weapon could be previewed at a target: the test checks nothing")
	}
}

// Firing shows its dice in the tray step by step (ATII-SHT-2 to hit
// first): the steps are the command's rolls in order, the faces are
// coloured against the target, Space walks through, and the tray moves on
// by itself after its delay.
func TestDiceTrayAfterFiring(t *testing.T) {
	s := newSession(t, load(t, "titan-duel"), 3, map[string]string{"red": play.Human, "blue": play.Human})
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
		t.Fatal("nothing to declare")
	}
	mark := len(s.State().Log)
	s.Commit()
	if s.MsgErr {
		t.Fatal(s.Msg)
	}
	tr := s.Tray()
	if tr == nil || len(tr.Steps) == 0 {
		t.Fatal("no dice tray after firing")
	}
	var rolls []string
	for _, e := range s.State().Log[mark:] {
		if e.Roll != nil {
			rolls = append(rolls, e.Roll.String())
		}
	}
	var shown []string
	for _, st := range tr.Steps {
		if st.Roll != nil {
			shown = append(shown, st.Roll.String())
		}
	}
	if strings.Join(shown, "\n") != strings.Join(rolls, "\n") {
		t.Fatalf("tray rolls differ from the log:\n%v\n%v", shown, rolls)
	}
	txt := hudText(s)
	if !strings.Contains(txt, "Dice 1 of") || !strings.Contains(txt, tr.Steps[0].Roll.Purpose) {
		t.Errorf("the tray is not drawn:\n%s", txt)
	}
	if n := len(tr.Steps); n > 1 {
		s.TrayNext()
		if s.Tray() == nil || s.Tray().At != 1 || !strings.Contains(hudText(s), fmt.Sprintf("Dice 2 of %d", n)) {
			t.Error("Space should show the second dice step")
		}
	}
	for i := 0; i < 1000 && s.Tray() != nil; i++ {
		s.Tick(0.1)
	}
	if s.Tray() != nil {
		t.Error("the tray should move on by itself and close")
	}
}

// BenchmarkFrameWithDiceTray measures the UI's own work for one frame
// while the dice tray shows a shot's rolls: the tray clock, the computer
// poll and building the whole HUD (banner, panel with target odds, log,
// tray).
func BenchmarkFrameWithDiceTray(b *testing.B) {
	s := newSession(b, load(b, "titan-duel"), 3, map[string]string{"red": play.Human, "blue": play.Human})
	toShooting(b, s)
	for _, w := range s.Weapons(s.Selected) {
		s.Weapon = w.Mount
		for _, ti := range s.Targets() {
			if ti.Reason == "" {
				s.declare(ti.ID)
			}
		}
	}
	s.Commit()
	if s.Tray() == nil {
		b.Fatal("no tray")
	}
	s.TrayDelay = 0
	l := play.Layout{W: 1400, H: 900, DSF: 1, Top: 38, Bottom: 24}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.Tick(1.0 / 60)
		s.Poll()
		s.HUD(l)
	}
}

// BenchmarkDeployPreview measures the deployment preview for one frame:
// the rules' verdict on the titan at the cursor and its overlays.
func BenchmarkDeployPreview(b *testing.B) {
	s := newSession(b, load(b, "titan-mission"), 9, map[string]string{"red": play.Human, "blue": play.Human})
	if s.Mode() == play.ModeHandover {
		s.Continue()
	}
	if s.State().Step != atii.StepDeploy {
		b.Fatalf("step %s", s.State().Step)
	}
	s.Cursor, s.HasCursor = world.Vec{X: 40, Y: 90}, true
	l := play.Layout{W: 1400, H: 900, DSF: 1, Top: 38, Bottom: 24}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sc := &scene.Scene{Scale: 5}
		s.Decorate(sc)
		s.HUD(l)
	}
}

// The to-hit number a target shows on the table is the number alone
// (ATII-SHT-2: "4+"), so a long breakdown never runs over the table; the
// hovered target shows the whole breakdown, as the panel does.
func TestTableToHitLabelShortUnlessHovered(t *testing.T) {
	s := newSession(t, load(t, "titan-duel"), 3, map[string]string{"red": play.Human, "blue": play.Human})
	toShooting(t, s)
	var ti TargetInfo
	for _, w := range s.Weapons(s.Selected) {
		s.Weapon = w.Mount
		for _, x := range s.Targets() {
			if x.Reason == "" && len(x.ToHit.Mods) > 0 {
				ti = x
			}
		}
		if ti.ID != "" {
			break
		}
	}
	if ti.ID == "" {
		t.Fatal("no target with to-hit modifiers: the test checks nothing")
	}
	texts := func() string {
		_, sc := decorated(s)
		var b strings.Builder
		for _, l := range sc.Layers {
			for _, p := range l {
				if p.Kind == scene.Text {
					b.WriteString(p.Text + "\n")
				}
			}
		}
		return b.String()
	}
	s.Hover = ""
	got := texts()
	if !strings.Contains(got, ti.ToHit.Short()+"\n") || strings.Contains(got, ti.ToHit.String()) {
		t.Errorf("the table should label %s with %q alone, not %q:\n%s", ti.ID, ti.ToHit.Short(), ti.ToHit.String(), got)
	}
	s.Hover = ti.ID
	if got := texts(); !strings.Contains(got, ti.ToHit.String()) {
		t.Errorf("hovering %s should show %q:\n%s", ti.ID, ti.ToHit.String(), got)
	}
}
