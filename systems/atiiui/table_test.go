package atiiui

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/rules/atii/sheet"
	"github.com/auspex/auspex/world"
)

// Hit-testing asks the game where titans stand now (issue 8, item 1):
// after red moves 10 cm, its new position is hit and its starting spot is
// empty; a destroyed titan and one that left the table are never hit
// (ATII-MOV-1: titans are moved and chosen by where they are).
func TestHitTestUsesCurrentPositions(t *testing.T) {
	s := toRedMovement(t, 7)
	id := s.Selected
	u := *s.State().Unit(id)
	to := u.Pos.Add(world.Heading(u.Facing).Scale(10))
	s.PressTable(u.Pos, id)
	s.DragTo(to)
	s.ReleaseTable(to)
	s.Commit()
	now := s.State().Unit(id)
	if now.Pos.Sub(to).Len() > 1e-6 {
		t.Fatalf("the move was not played: at %v (%s)", now.Pos, s.Msg)
	}
	if got := s.UnitAt(to, 0.1); got != id {
		t.Errorf("UnitAt where %s stands now = %q", id, got)
	}
	if got := s.UnitAt(u.Pos, 0.1); got != "" {
		t.Errorf("UnitAt the empty spot %s started from = %q, want none", id, got)
	}
	b, ok := s.BaseOf(id)
	if !ok || b.Pos != now.Pos || b.Facing != now.Facing {
		t.Errorf("BaseOf(%s) = %+v, %v; want the current position %v facing %v", id, b, ok, now.Pos, now.Facing)
	}
	// Wrecks and titans off the table are not hit.
	var blue *rules.Unit
	for i := range s.State().Units {
		if s.State().Units[i].Side == "blue" {
			blue = &s.State().Units[i]
		}
	}
	if got := s.UnitAt(blue.Pos, 0); got != blue.ID {
		t.Fatalf("UnitAt the enemy = %q, want %s", got, blue.ID)
	}
	blue.Destroyed = true
	if got := s.UnitAt(blue.Pos, 0.1); got != "" {
		t.Errorf("a destroyed titan was hit: %q", got)
	}
	blue.Destroyed, blue.OffTable = false, true
	if got := s.UnitAt(blue.Pos, 0.1); got != "" {
		t.Errorf("a titan off the table was hit: %q", got)
	}
	if _, ok := s.BaseOf(blue.ID); ok {
		t.Error("BaseOf a titan off the table should report no base")
	}
	blue.OffTable = false

	// Next turn a press on the moved titan, hit where it stands, starts
	// dragging a new path from there (not a leg back to where it was).
	playUntil(s, 80, func() bool {
		return s.Mode() == play.ModeTurn && s.State().Turn == 2 && s.State().Step == atii.StepMovement && s.Decider() == "red"
	})
	if s.State().Turn != 2 || s.State().Step != atii.StepMovement {
		t.Fatalf("did not reach red's second movement: turn %d %s", s.State().Turn, s.State().Step)
	}
	s.Select(id)
	at := s.State().Unit(id).Pos
	s.PressTable(at, s.UnitAt(at, 0.1))
	if !s.Dragging() {
		t.Fatal("a press on the moved titan where it stands should start a drag")
	}
	ahead := at.Add(world.Heading(s.State().Unit(id).Facing).Scale(5))
	s.DragTo(ahead)
	s.ReleaseTable(ahead)
	if mp := s.PreviewMove(); mp == nil || mp.Err != nil || mp.Report.Total > 5+1e-6 || mp.Report.Backward > 0 {
		t.Fatalf("the new path should run 5 cm ahead from where the titan stands: %+v", mp)
	}
}

// A leg drawn a few degrees off straight ahead is snapped onto the
// titan's heading, so walking straight costs no Man (ATII-MOV-2: each
// turn uses Man); Shift snaps to 15-degree steps, and the preview states
// each turn's exact size and cost.
func TestHeadingSnap(t *testing.T) {
	s := toRedMovement(t, 7)
	id := s.Selected
	u := *s.State().Unit(id)
	_, prof := s.profile(id)
	drag := func(deg, dist float64, shift bool) *MovePreview {
		s.Cancel()
		s.AngleSnap = shift
		to := u.Pos.Add(world.Heading(u.Facing + deg).Scale(dist))
		s.PressTable(u.Pos, id)
		s.DragTo(to)
		s.ReleaseTable(to)
		mp := s.PreviewMove()
		if mp == nil || mp.Report == nil {
			t.Fatalf("no preview for a %v degree leg", deg)
		}
		return mp
	}
	for _, off := range []float64{0.4, -1.5, 2.9} {
		mp := drag(off, 8, false)
		if len(mp.Report.Turns) != 0 || mp.Check.Cost > 8+1e-6 {
			t.Errorf("a leg %v degrees off straight ahead should snap straight: turns %+v", off, mp.Report.Turns)
		}
		if !strings.Contains(strings.Join(mp.Lines, "\n"), "no turn: 0 Man") {
			t.Errorf("the preview should say the straight walk uses no Man: %q", mp.Lines)
		}
	}
	mp := drag(20, 8, false)
	if len(mp.Report.Turns) != 1 || math.Abs(mp.Report.Turns[0].Degrees-20) > 1e-6 {
		t.Fatalf("a 20 degree leg without Shift keeps its heading: %+v", mp.Report.Turns)
	}
	mp = drag(38, 8, true)
	if len(mp.Report.Turns) != 1 || math.Abs(mp.Report.Turns[0].Degrees-45) > 1e-9 {
		t.Fatalf("Shift should snap a 38 degree leg to 45: %+v", mp.Report.Turns)
	}
	want := "turn 1: 45 deg at 0.0 cm, 1 Man (" + strconv.Itoa(sheet.Of(prof).Man-1) + " left)"
	if mp.Lines[0] != want {
		t.Errorf("the preview's turn line = %q, want %q", mp.Lines[0], want)
	}
	for d, want := range map[float64]string{45: "45", 45.03: "45.03", 0.04: "0.04", 44.9999: "44.9999", 20.5: "20.5", -90: "90"} {
		if got := degrees(d); got != want {
			t.Errorf("degrees(%v) = %q, want %q", d, got, want)
		}
	}
}

// After a leg more than 90 degrees off the facing the titan has turned its
// rear to that leg (ATII-MOV-2/3, world.MoveOptions.FaceMovement), so the
// heading the next leg snaps to is the leg's reverse, as the rules will
// walk it: a second leg drawn 1 degree off that heading snaps onto it
// and costs no further turn.
func TestLegStartAfterABackwardsLeg(t *testing.T) {
	s := toRedMovement(t, 7)
	u := *s.State().Unit(s.Selected)
	first := u.Pos.Add(world.Heading(u.Facing + 135).Scale(3))
	s.Draft = []world.Vec{first}
	_, h, ok := s.legStart()
	if !ok {
		t.Fatal("no leg start")
	}
	if want := world.NormDeg(u.Facing + 135 + 180); math.Abs(world.RelDeg(h-want)) > 1e-9 {
		t.Fatalf("heading after a 135 degree backwards leg = %v, want %v (rear turned to the leg)", h, want)
	}
	next := first.Add(world.Heading(h + 1).Scale(4))
	got := s.snapLeg(next)
	if d := world.Bearing(got.Sub(first)); math.Abs(world.RelDeg(d-h)) > 1e-9 {
		t.Errorf("a leg 1 degree off the new heading should snap onto it: bearing %v, heading %v", d, h)
	}
}

// A human can charge (ATII-CC-1: contact is base to base, close combat
// follows): a drag that ends a little inside or a little outside the enemy's
// base, or off-centre on it, is cut or stretched to exact base contact; the
// preview says "charges"; the move is legal, leaves the bases touching
// without overlap, and the close combat is fought.
func TestChargeSnapsToBaseContact(t *testing.T) {
	for _, tc := range []struct {
		name   string
		beyond float64 // pointer past the enemy's near edge along the line (cm)
		side   float64 // and to the side (cm)
	}{
		{"a pixel inside", 0.1, 0},
		{"a pixel short", -0.3, 0},
		{"deep and off-centre", 2, 1.5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSession(t, load(t, "titan-duel"), 3, map[string]string{"red": play.Human, "blue": play.Human})
			st := s.State()
			red, blue := st.Unit("red-reaver"), st.Unit("blue-reaver")
			r := s.base(red).Foot.Radius
			blue.Pos = red.Pos.Add(world.Heading(red.Facing).Scale(2*r + 3))
			blue.Facing = world.NormDeg(red.Facing + 180)
			start := red.Pos
			for i := 0; i < 60 && !(s.State().Step == atii.StepAssault && s.Decider() == "red" && s.Mode() == play.ModeTurn && !ChoosingOrder(s.State())); i++ {
				switch {
				case s.Mode() == play.ModeHandover:
					s.Continue()
				case ChoosingOrder(s.State()):
					s.ChooseOrder(true)
				default:
					s.EndStep()
				}
				s.TrayClose()
			}
			if s.State().Step != atii.StepAssault || s.Decider() != "red" {
				t.Fatalf("did not reach red's assault: %s %s", s.State().Step, s.Decider())
			}
			s.Select("red-reaver")
			red, blue = s.State().Unit("red-reaver"), s.State().Unit("blue-reaver")
			if red.Pos != start {
				t.Fatalf("red moved before the assault: %v", red.Pos)
			}
			h := world.Heading(red.Facing)
			p := red.Pos.Add(h.Scale(r + 3 + tc.beyond)).Add(h.Rotate(90).Scale(tc.side))
			s.PressTable(red.Pos, "red-reaver")
			s.DragTo(p)
			mp := s.PreviewMove()
			if mp == nil || mp.Err != nil || mp.Charge != "blue-reaver" {
				t.Fatalf("the drag onto the enemy should preview a legal charge: %+v", mp)
			}
			if !strings.Contains(strings.Join(mp.Lines, "\n"), "charges") {
				t.Errorf("the preview does not say it charges: %q", mp.Lines)
			}
			s.ReleaseTable(p)
			// A second click on the enemy the drawn charge reaches keeps the
			// path and says Enter charges (not that the titan is already
			// in close combat, which would send a player to H).
			draft := slices.Clone(s.Draft)
			bp := s.State().Unit("blue-reaver").Pos
			s.PressTable(bp, "blue-reaver")
			s.ReleaseTable(bp)
			if !slices.Equal(s.Draft, draft) || !strings.Contains(s.Msg, "Enter charges") {
				t.Errorf("a click on the charged enemy: path %v (was %v), message %q; want the path kept and 'Enter charges'", s.Draft, draft, s.Msg)
			}
			s.Commit()
			if s.MsgErr {
				t.Fatalf("the charge was refused: %s", s.Msg)
			}
			red = s.State().Unit("red-reaver")
			rb, bb := s.base(red), s.base(blue)
			if !world.InContact(rb, bb) || world.Overlap(rb, bb) {
				t.Fatalf("after the charge the bases should touch without overlap: gap %g", world.Distance(rb, bb))
			}
			charged := false
			for _, e := range s.State().Log {
				if strings.Contains(e.Text, "charges into close combat") {
					charged = true
				}
			}
			if !charged {
				t.Fatal("the log does not record the charge")
			}
			// Play on: the close combat is fought.
			for i := 0; i < 40 && s.State().Turn <= 1; i++ {
				if s.Mode() == play.ModeHandover {
					s.Continue()
				} else {
					s.EndStep()
				}
				s.TrayClose()
			}
			fought := false
			for _, e := range s.State().Log {
				if e.Roll != nil && e.Step == atii.StepCloseCombat {
					fought = true
				}
			}
			if !fought {
				t.Fatal("no close combat dice were rolled after the charge")
			}
		})
	}
}

// A titan already in base contact with an enemy at the start of its
// assault move is in close combat: it may turn but not move away
// (ATII-CC-1), and the two fight in the close combat phase. A click on
// that enemy, or a drag from the titan onto it, used to put a path point
// inside the enemy's base (no charge snaps a titan that already touches)
// with a preview of "path 5.0 cm, costs 0.0": it now draws nothing and
// says why; H still holds the titan.
func TestClickOnAnEnemyAlreadyInContactSaysWhy(t *testing.T) {
	s := duelAt(t, world.Vec{X: 60, Y: 30}, world.Vec{X: 65, Y: 30}, atii.StepAssault)
	s.Select("red-reaver")
	red, blue := s.State().Unit("red-reaver"), s.State().Unit("blue-reaver")
	if !world.InContact(s.base(red), s.base(blue)) {
		t.Fatalf("the titans should start the assault in base contact: gap %g", world.Distance(s.base(red), s.base(blue)))
	}
	for _, how := range []string{"click", "drag"} {
		s.ClearDraft()
		s.Msg, s.MsgErr = "", false
		p := blue.Pos.Add(world.Vec{X: 0.3, Y: 0.4})
		if how == "click" {
			s.PressTable(p, "blue-reaver")
			s.ReleaseTable(p)
		} else {
			drag(s, red.Pos, p)
		}
		if len(s.Draft) != 0 {
			t.Errorf("%s on the enemy in contact drew %v, want no path point", how, s.Draft)
		}
		if !s.MsgErr || !strings.Contains(s.Msg, "already in base contact with "+s.Name("blue-reaver")) || !strings.Contains(s.Msg, "not move away") {
			t.Errorf("%s on the enemy in contact: message %q (error %v), want why not", how, s.Msg, s.MsgErr)
		}
	}
	n := s.State().Seq
	s.Hold()
	if s.State().Seq == n {
		t.Errorf("H did not hold the titan in close combat: %s", s.Msg)
	}
}

// The move preview prices what the path would cost also when the rules
// refuse it (ATII-MOV-3: backwards cm cost three times; ATII-CC-1): a
// drafted point 5 cm away read "costs 0.0 of Speed 20 cm: 20.0 cm left".
func TestRefusedMovePreviewPricesThePath(t *testing.T) {
	s := duelAt(t, world.Vec{X: 60, Y: 30}, world.Vec{X: 65, Y: 30}, atii.StepAssault)
	s.Select("red-reaver")
	red := s.State().Unit("red-reaver")
	s.Draft = []world.Vec{red.Pos.Add(world.Vec{Y: 5})}
	mp := s.PreviewMove()
	if mp == nil || mp.Err == nil {
		t.Fatalf("a titan in close combat moving away should be refused: %+v", mp)
	}
	lines := strings.Join(mp.Lines, "\n")
	if !strings.Contains(lines, "path 5.0 cm, costs 5.0 of Speed") {
		t.Errorf("the refused 5 cm move is priced wrong: %q", lines)
	}
}

// Each declared weapon keeps its own aim (ATII-SHT-2: every weapon
// declares its target and high or low): T flips the chosen weapon's
// declaration, else the last one, and no other; an aim the rules forbid
// (ATII-SHT-3: legs hidden by cover, no aiming low) is refused with the
// reason when chosen, not when firing.
func TestAimPerWeapon(t *testing.T) {
	// Face to face 20 cm apart in the open: every arm can fire.
	s, me, them := faceOffAt20cm(t)
	var mounts []string
	for i, w := range s.Weapons(s.Selected) {
		if w.Usable != "" {
			continue
		}
		s.PickWeapon(i)
		for _, ti := range s.Targets() {
			if ti.Reason == "" && !ti.LegsHidden {
				s.declare(ti.ID)
				mounts = append(mounts, w.Mount)
				break
			}
		}
	}
	if len(mounts) < 2 || len(s.Shots) != len(mounts) {
		t.Fatalf("want two or more weapons declared, got %v (%s)", s.Shots, s.Msg)
	}
	aims := func() map[string]atii.Aim {
		m := map[string]atii.Aim{}
		for _, sh := range s.Shots {
			m[sh.Mount] = sh.Aim
		}
		return m
	}
	before := aims()
	s.Weapon = "" // nothing chosen: T flips the last declaration
	s.ToggleAim()
	after := aims()
	last := mounts[len(mounts)-1]
	for _, m := range mounts {
		flipped := after[m] != before[m]
		if flipped != (m == last) {
			t.Errorf("T flipped %s: %v (want only the last declared, %s): %v -> %v", m, flipped, last, before, after)
		}
	}
	// Choosing the first weapon again makes T flip that one only.
	for i, w := range s.Weapons(s.Selected) {
		if w.Mount == mounts[0] {
			s.PickWeapon(i)
		}
	}
	s.ToggleAim()
	again := aims()
	for _, m := range mounts {
		if flipped := again[m] != after[m]; flipped != (m == mounts[0]) {
			t.Errorf("with %s chosen T flipped %s: %v", mounts[0], m, flipped)
		}
	}

	// A titan standing in the woods with its legs hidden may not be aimed
	// at low: T on its declaration is refused with the reason.
	me.Pos, me.Facing = world.Vec{X: 26, Y: 48}, 0
	them.Pos = world.Vec{X: 26, Y: 28} // inside Tanglewood
	s.Cancel()
	s.Aim = atii.AimHigh
	hidden := false
	for i, w := range s.Weapons(s.Selected) {
		if w.Usable != "" || hidden {
			continue
		}
		s.PickWeapon(i)
		for _, ti := range s.Targets() {
			if ti.ID == them.ID && ti.Reason == "" && ti.LegsHidden {
				s.declare(them.ID)
				hidden = true
			}
		}
	}
	if !hidden {
		t.Fatalf("the titan in Tanglewood should be a legal target with its legs hidden: %+v", s.Targets())
	}
	s.ToggleAim()
	if !s.MsgErr || !strings.Contains(s.Msg, "may not aim low") {
		t.Errorf("aiming low at hidden legs should be refused with the reason, got %q", s.Msg)
	}
	if s.Shots[0].Aim != atii.AimHigh {
		t.Errorf("the refused aim was set: %v", s.Shots)
	}
}

// ATII-MOV-1: a titan may move up to its Speed. A leg drawn a pointer's
// slack past the allowance is cut to end exactly on it (the drawn path is
// legal and uses the whole Speed); one drawn well past it stays as drawn
// and is refused with the reason.
func TestLegClampedToSpeedWithinSlack(t *testing.T) {
	s := duelAt(t, world.Vec{X: 10, Y: 12}, world.Vec{X: 60, Y: 100}, atii.StepMovement)
	s.Select("red-reaver")
	u := *s.State().Unit("red-reaver")
	_, prof := s.profile("red-reaver")
	speed := float64(prof.Speed)
	for _, tc := range []struct {
		over  float64
		legal bool
	}{{0.2, true}, {0.45, true}, {3, false}} {
		s.Cancel()
		to := u.Pos.Add(world.Heading(u.Facing).Scale(speed + tc.over))
		s.PressTable(u.Pos, u.ID)
		s.DragTo(to)
		s.ReleaseTable(to)
		mp := s.PreviewMove()
		if mp == nil || mp.Report == nil {
			t.Fatalf("no preview for a leg %v cm past Speed", tc.over)
		}
		if tc.legal {
			if mp.Err != nil || math.Abs(mp.Check.Cost-speed) > 1e-6 {
				t.Errorf("a leg %v cm past Speed should be cut to exactly Speed %v: cost %v, err %v", tc.over, speed, mp.Check.Cost, mp.Err)
			}
			if txt := strings.Join(mp.Lines, "\n"); strings.Contains(txt, "-0.0 cm left") || !strings.Contains(txt, ": 0.0 cm left") {
				t.Errorf("the preview should say 0.0 cm left: %q", mp.Lines)
			}
		} else if mp.Err == nil {
			t.Errorf("a leg %v cm past Speed should stay too long and be refused: cost %v", tc.over, mp.Check.Cost)
		}
	}
}

// The dice log heads each line with its step in words, as the banner
// names it ("T1 Close combat: ..."), never the flow's step id
// ("close-combat"): two titans in base contact hold in the assault and
// fight (ATII-CC-1, ATII-CC-2), and the strip shows the fight's lines.
func TestDiceLogNamesTheStep(t *testing.T) {
	s := duelAt(t, world.Vec{X: 60, Y: 30}, world.Vec{X: 65, Y: 30}, atii.StepAssault)
	for i := 0; i < 20 && s.State().Step == atii.StepAssault; i++ {
		if s.Mode() == play.ModeHandover {
			s.Continue()
			continue
		}
		s.Hold()
		s.TrayClose()
	}
	fought := false
	for _, e := range s.State().Log {
		fought = fought || e.Step == atii.StepCloseCombat && e.Roll != nil
	}
	if !fought {
		t.Fatalf("no close combat was fought: step %s", s.State().Step)
	}
	s.TrayClose()
	hud := hudText(s)
	if !strings.Contains(hud, "T1 Close combat: ") {
		t.Errorf("the dice log does not name the close combat step: %s", hud)
	}
	if strings.Contains(hud, "close-combat:") {
		t.Errorf("the dice log shows the step id: %s", hud)
	}
}

// The deployment banner names the zone a generated mission's map gives
// the side by its place on the map ("your zone (map C's south edge, gold)"),
// as the log and the set-up refusals do, not by the map's letter alone.
func TestDeployBannerNamesTheMissionMapZone(t *testing.T) {
	s := newSession(t, load(t, "titan-mission"), 2, map[string]string{"red": play.Human, "blue": play.Human})
	for i := 0; i < 20 && s.State().Step != atii.StepDeploy; i++ {
		if s.Mode() == play.ModeHandover {
			s.Continue()
		} else {
			s.EndStep()
		}
		s.TrayClose()
	}
	for i := 0; i < 3 && s.Mode() == play.ModeHandover; i++ {
		s.Continue()
	}
	if s.State().Step != atii.StepDeploy {
		t.Fatalf("no deployment: step %s", s.State().Step)
	}
	lines := strings.Join(s.DecisionBanner(play.ModeTurn).Lines, "\n")
	if !regexp.MustCompile(`your zone \(map [A-F]'s [a-z -]+, gold\)`).MatchString(lines) {
		t.Errorf("the deployment banner does not name the map's zone: %q", lines)
	}
}

// faceOffAt20cm is a hotseat duel at its first shooting decision with the
// titan to fire and its enemy moved 20 cm apart, facing each other, and
// the next aim high.
func faceOffAt20cm(t *testing.T) (*UI, *rules.Unit, *rules.Unit) {
	t.Helper()
	s := newSession(t, load(t, "titan-duel"), 3, map[string]string{"red": play.Human, "blue": play.Human})
	toShooting(t, s)
	st := s.State()
	me := st.Unit(s.Selected)
	var them *rules.Unit
	for i := range st.Units {
		if st.Units[i].Side != me.Side {
			them = &st.Units[i]
		}
	}
	me.Pos, me.Facing = world.Vec{X: 60, Y: 40}, 90
	them.Pos, them.Facing = world.Vec{X: 80, Y: 40}, 270
	s.Aim = atii.AimHigh
	return s, me, them
}

// ATII-SHT-2 in the panel: T on a declared weapon flips that declaration,
// so the weapon's target list must say the aim it now has and price the
// shot at that aim. Before the fix the heading kept saying "aim high"
// and the odds stayed those of a high shot after T had set it low.
func TestTargetsShowTheDeclaredAim(t *testing.T) {
	s, _, them := faceOffAt20cm(t)
	mount := ""
	for i, w := range s.Weapons(s.Selected) {
		if w.Usable != "" || mount != "" {
			continue
		}
		s.PickWeapon(i)
		for _, ti := range s.Targets() {
			if ti.ID == them.ID && ti.Reason == "" && !ti.LegsHidden {
				s.declare(them.ID)
				mount = w.Mount
			}
		}
	}
	if mount == "" {
		t.Fatalf("no weapon could be declared at %s", them.ID)
	}
	for i, w := range s.Weapons(s.Selected) {
		if w.Mount == mount {
			s.PickWeapon(i)
		}
	}
	s.ToggleAim()
	if len(s.Shots) != 1 || s.Shots[0].Aim != atii.AimLow {
		t.Fatalf("T should set the declared shot low: %v (%s)", s.Shots, s.Msg)
	}
	if h := hudText(s); !strings.Contains(h, "aim low, T toggles") {
		t.Errorf("the target list should read the declared aim (low):\n%s", h)
	}
	sh, err := s.rs().ShotSetupFor(s.State(), s.Selected, s.Shots[0])
	if err != nil {
		t.Fatal(err)
	}
	opts, _ := atii.ParseOptions(s.State().Options)
	want, err := atii.OddsShot(sh, opts)
	if err != nil {
		t.Fatal(err)
	}
	high := s.Shots[0]
	high.Aim = atii.AimHigh
	shHigh, err := s.rs().ShotSetupFor(s.State(), s.Selected, high)
	if err != nil {
		t.Fatal(err)
	}
	if oh, err := atii.OddsShot(shHigh, opts); err != nil || fmt.Sprint(oh) == fmt.Sprint(want) {
		t.Fatalf("a high and a low shot should price differently (%v)", err)
	}
	for _, ti := range s.Targets() {
		if ti.ID != them.ID {
			continue
		}
		if ti.Odds == nil || fmt.Sprint(*ti.Odds) != fmt.Sprint(want) {
			t.Errorf("the odds shown are not the low shot's: got %+v, want %+v", ti.Odds, want)
		}
	}
}

// TestDeclaredVolleyResolvesWeakestFirst: the player declares the
// strongest weapon first; Enter fires the volley weakest first (ATII-SHT-2:
// any order; ATII-SHT-7: every hit meets a shield while any is up), and
// the panel lists it in that order.
func TestDeclaredVolleyResolvesWeakestFirst(t *testing.T) {
	s, me, them := faceOffAt20cm(t)
	strength := func(mount string) int {
		id, _ := me.Loadout.Get(mount)
		w, err := s.rs().Catalogue().Weapon(id)
		if err != nil {
			t.Fatal(err)
		}
		return sheet.WeaponOf(w).Str
	}
	ws := s.Weapons(s.Selected)
	// Strongest first, as a player might click them.
	order := make([]int, 0, len(ws))
	for i, w := range ws {
		if w.Usable == "" {
			order = append(order, i)
		}
	}
	slices.SortFunc(order, func(a, b int) int { return strength(ws[b].Mount) - strength(ws[a].Mount) })
	for _, i := range order {
		s.PickWeapon(i)
		s.declare(them.ID)
	}
	if len(s.Shots) < 2 || strength(s.Shots[0].Mount) <= strength(s.Shots[len(s.Shots)-1].Mount) {
		t.Fatalf("the test needs two or more weapons declared strongest first: %v (%s)", s.Shots, s.Msg)
	}
	h := hudText(s)
	first := strings.Index(h, s.weaponLabel(s.Selected, s.Shots[len(s.Shots)-1].Mount)+" at")
	strongest := strings.Index(h, s.weaponLabel(s.Selected, s.Shots[0].Mount)+" at")
	if first < 0 || strongest < 0 || first > strongest {
		t.Errorf("the panel should list the weakest declared weapon first:\n%s", h)
	}
	n := len(s.G.Engine.History())
	s.Commit()
	hist := s.G.Engine.History()
	if len(hist) != n+1 {
		t.Fatalf("Enter should fire the volley (%s)", s.Msg)
	}
	fc, ok := hist[n].Cmd.(*atii.FireCmd)
	if !ok {
		t.Fatalf("Enter played %T, want a fire command", hist[n].Cmd)
	}
	for i := 1; i < len(fc.Shots); i++ {
		if strength(fc.Shots[i].Mount) < strength(fc.Shots[i-1].Mount) {
			t.Errorf("fired %v: %s (Str %d) after a stronger weapon", fc.Shots, fc.Shots[i].Mount, strength(fc.Shots[i].Mount))
		}
	}
}
