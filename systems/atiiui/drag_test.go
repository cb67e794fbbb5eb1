package atiiui

import (
	"math"
	"strings"
	"testing"

	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/systems/atiisys"

	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/world"
)

// toRedMovement plays a hotseat-free duel (blue computer) to red's first
// movement decision.
func toRedMovement(t *testing.T, seed uint64) *UI {
	t.Helper()
	s := newSession(t, load(t, "titan-duel"), seed, map[string]string{"red": play.Human, "blue": play.Computer})
	playUntil(s, 50, func() bool {
		return s.Mode() == play.ModeTurn && s.State().Step == atii.StepMovement && s.Decider() == "red"
	})
	if s.State().Step != atii.StepMovement || s.Decider() != "red" {
		t.Fatalf("did not reach red's movement: %s %s", s.State().Step, s.Decider())
	}
	return s
}

// Dragging from the selected titan draws a leg that follows the mouse with
// the rules' live preview; the wheel sets the final facing; release adds
// the point; a second drag from the last point adds a second leg; a click
// on the titan adds nothing; Enter plays the path (ATII-MOV-1, ATII-MOV-2).
func TestDragPathLegs(t *testing.T) {
	s := toRedMovement(t, 7)
	id := s.Selected
	u := *s.State().Unit(id)
	ahead := world.Heading(u.Facing)
	a := u.Pos.Add(ahead.Scale(4))
	s.PressTable(u.Pos, id)
	if !s.Dragging() {
		t.Fatal("a press on the selected titan should start a drag")
	}
	s.DragTo(u.Pos.Add(ahead.Scale(2)))
	s.DragTo(a)
	mp := s.PreviewMove()
	if mp == nil || mp.Report == nil || mp.Err != nil {
		t.Fatalf("the dragged leg should preview as legal: %+v", mp)
	}
	if math.Abs(mp.Report.Total-4) > 0.01 {
		t.Errorf("the live preview measures %.2f cm, want 4 (the mouse position)", mp.Report.Total)
	}
	if len(s.Draft) != 0 {
		t.Errorf("nothing is added before the release, draft %v", s.Draft)
	}
	end := mp.Report.End.Facing
	if !s.Wheel(1) || s.Facing == nil || math.Abs(world.RelDeg(*s.Facing-(end+WheelStep))) > 1e-6 {
		t.Fatalf("a wheel notch while dragging should turn the final facing to %.0f, got %v", end+WheelStep, s.Facing)
	}
	s.ReleaseTable(a)
	if s.Dragging() || len(s.Draft) != 1 || s.Draft[0] != a || s.Facing == nil {
		t.Fatalf("release should add the point and keep the facing: draft %v facing %v", s.Draft, s.Facing)
	}
	// A second leg from the last point, bending 45 degrees.
	b := a.Add(world.Heading(u.Facing + 45).Scale(3))
	s.PressTable(a.Add(world.Vec{X: 0.5}), "")
	s.DragTo(b)
	if p := s.Path(); len(p) != 2 || p[1] != b {
		t.Fatalf("the second leg should follow the mouse: %v", p)
	}
	if mp := s.PreviewMove(); mp == nil || mp.Report == nil || len(mp.Report.Turns) == 0 {
		t.Fatalf("the bend should show as a turn with its Man cost: %+v", mp)
	}
	s.ReleaseTable(b)
	if len(s.Draft) != 2 {
		t.Fatalf("two drags make a two-leg path, got %v", s.Draft)
	}
	// A click on the titan (no travel) adds nothing.
	s.PressTable(u.Pos, id)
	s.ReleaseTable(u.Pos.Add(world.Vec{X: DragMin / 4}))
	if len(s.Draft) != 0 {
		t.Logf("pressing the titan starts the path anew: draft %v", s.Draft)
	}
	// Draw it again and play it.
	s.PressTable(u.Pos, id)
	s.DragTo(a)
	s.ReleaseTable(a)
	s.Commit()
	got := s.State().Unit(id)
	if got.Pos.Sub(a).Len() > 0.01 {
		t.Fatalf("moved to %v, want %v (%s)", got.Pos, a, s.Msg)
	}
}

// A dragged leg onto the enemy is refused live with the rules' reason
// (ATII-MOV-6), before the button is released, and clicking points still
// works alongside dragging.
func TestDragIllegalLegAndClicks(t *testing.T) {
	s := toRedMovement(t, 7)
	id := s.Selected
	u := *s.State().Unit(id)
	var enemy world.Vec
	for _, o := range s.State().Units {
		if o.Side != "red" {
			enemy = o.Pos
		}
	}
	s.PressTable(u.Pos, id)
	s.DragTo(enemy)
	if mp := s.PreviewMove(); mp == nil || mp.Err == nil {
		t.Fatalf("a leg onto the enemy must preview as illegal: %+v", mp)
	}
	if txt := hudText(s); !strings.Contains(txt, "ILLEGAL") {
		t.Errorf("the panel should say ILLEGAL while dragging:\n%s", txt)
	}
	s.CancelDrag()
	if len(s.Path()) != 0 {
		t.Fatalf("a cancelled drag leaves no path: %v", s.Path())
	}
	// Plain clicks away from the titan and the last point add points.
	p1 := u.Pos.Add(world.Heading(u.Facing).Scale(3))
	s.PressTable(p1, "")
	s.ReleaseTable(p1)
	p2 := p1.Add(world.Heading(u.Facing).Scale(3))
	s.PressTable(p2, "")
	s.ReleaseTable(p2)
	if len(s.Draft) != 2 || s.Draft[0] != p1 || s.Draft[1] != p2 {
		t.Fatalf("clicks should add the points, draft %v", s.Draft)
	}
}

// A move through dangerous terrain (woods, ATII-MOV-4) rolls its dice and
// the session keeps the result until the next action: the rolled
// allowance, where the titan got against the path asked for, and the
// unreached part when it stopped short.
func TestDangerousMoveResult(t *testing.T) {
	seen := map[bool]bool{}
	for seed := uint64(1); seed <= 6; seed++ {
		s := toRedMovement(t, seed)
		id := s.Selected
		u := *s.State().Unit(id)
		// Into Tanglewood, south-west of the red titan.
		to := world.Vec{X: 27, Y: 27}
		s.PressTable(u.Pos, id)
		s.DragTo(to)
		s.ReleaseTable(to)
		mp := s.PreviewMove()
		if mp == nil || mp.Err != nil || mp.Odds == nil {
			t.Fatalf("a legal dangerous path is wanted: %+v", mp)
		}
		s.Commit()
		r := s.Result
		if r == nil {
			t.Fatalf("seed %d: no move result after a dangerous move (%s)", seed, s.Msg)
		}
		var roll *rules.Roll
		for _, e := range s.State().Log {
			if e.Roll != nil && strings.HasPrefix(e.Roll.Purpose, "dangerous terrain") {
				roll = e.Roll
			}
		}
		if roll == nil || len(roll.Faces) != len(r.Faces) {
			t.Fatalf("the result's dice %v should be the logged roll %+v", r.Faces, roll)
		}
		sum := 0
		for _, f := range roll.Faces {
			sum += f
		}
		if r.Allowance > float64(sum)+1e-9 {
			t.Errorf("the allowance %.1f exceeds the roll %d", r.Allowance, sum)
		}
		now := s.State().Unit(id).Pos
		if r.End != now {
			t.Errorf("the result ends at %v, the titan stands at %v", r.End, now)
		}
		reached, unreached := r.Split()
		got := 0.0
		for i := 1; i < len(reached); i++ {
			got += reached[i].Sub(reached[i-1]).Len()
		}
		if math.Abs(got-r.Distance) > 0.02 {
			t.Errorf("the reached part is %.2f cm, the titan moved %.2f", got, r.Distance)
		}
		if reached[len(reached)-1].Sub(now).Len() > 0.05 {
			t.Errorf("the reached part ends at %v, the titan at %v", reached[len(reached)-1], now)
		}
		if r.Complete != (len(unreached) == 0) || r.Complete != (r.Reason == "") {
			t.Errorf("complete %v but unreached %v, reason %q", r.Complete, unreached, r.Reason)
		}
		txt := hudText(s)
		if !strings.Contains(txt, "Last move") || !strings.Contains(txt, "allowance") {
			t.Errorf("the panel should show the last move's allowance:\n%s", txt)
		}
		seen[r.Complete] = true
		// The next action (here Esc) clears it.
		s.Cancel()
		if s.Result != nil {
			t.Error("the result should clear on the next action")
		}
	}
	if !seen[false] {
		t.Error("no seed stopped a titan short in the woods: the unreached part is untested")
	}
}

// Deployment by drag: the press places the titan, dragging aims the
// facing arrow (the ghost shows it), release deploys; a plain click
// deploys with the default facing.
func TestDeployByDrag(t *testing.T) {
	s := newSession(t, load(t, "atii-map-a"), 3, map[string]string{"red": play.Human, "blue": play.Human})
	for i := 0; i < 20 && s.State().Step != atii.StepDeploy; i++ {
		if s.Mode() == play.ModeHandover {
			s.Continue()
			continue
		}
		s.EndStep()
	}
	if s.State().Step != atii.StepDeploy {
		t.Fatalf("no deployment step: %s", s.State().Step)
	}
	if s.Mode() == play.ModeHandover {
		s.Continue()
	}
	z := s.DeployZone()
	if z == nil || z.Area == nil {
		t.Fatal("no deployment zone")
	}
	p := z.Area.Centroid()
	id := s.deployUnit()
	s.PressTable(p, "")
	aim := p.Add(world.Heading(90).Scale(8))
	s.DragTo(aim)
	b, verdict, ok := s.DeployGhost()
	if !ok || verdict != nil || b.Pos != p || math.Abs(world.RelDeg(b.Facing-90)) > 1e-6 {
		t.Fatalf("the ghost should stand at the press facing the drag: %+v %v %v", b, verdict, ok)
	}
	if u := s.State().Unit(id); !(u.Markers.Value(atii.MarkUnplaced) > 0) {
		t.Fatal("nothing is deployed before the release")
	}
	s.ReleaseTable(aim)
	u := s.State().Unit(id)
	if u.Markers.Value(atii.MarkUnplaced) > 0 || u.Pos != p || math.Abs(world.RelDeg(u.Facing-90)) > 1e-6 {
		t.Fatalf("release should deploy %s at %v facing 90, got %v facing %.1f (%s)", id, p, u.Pos, u.Facing, s.Msg)
	}
	if s.Mode() == play.ModeHandover {
		s.Continue()
	}
	if s.State().Step != atii.StepDeploy {
		return
	}
	// A click deploys the next titan with the default facing.
	z = s.DeployZone()
	q := z.Area.Centroid().Add(world.Vec{X: 20})
	next := s.deployUnit()
	s.Cursor, s.HasCursor = q, true
	want := s.deployFacing(q)
	s.PressTable(q, "")
	s.ReleaseTable(q)
	n := s.State().Unit(next)
	if n.Markers.Value(atii.MarkUnplaced) > 0 || math.Abs(world.RelDeg(n.Facing-want)) > 1e-6 {
		t.Fatalf("a click should deploy %s facing %.0f: facing %.1f unplaced %v (%s)", next, want, n.Facing, n.Markers.Value(atii.MarkUnplaced), s.Msg)
	}
}

// The rally list groups identical repairs and shows each system's damage
// (ATII-REP-1: a shield entry per shield down, Major head damage takes two
// repairs); the number keys pick the groups.
func TestRallyChoicesGrouped(t *testing.T) {
	s := newSession(t, load(t, "titan-duel"), 3, map[string]string{"red": play.Human, "blue": play.Human})
	u := s.State().Unit("red-reaver")
	ts, err := atii.TitanOf(u)
	if err != nil {
		t.Fatal(err)
	}
	ts.ShieldsDown = 2
	ts.Head = atii.Major
	if err := u.SetExt(atii.ExtTitan, ts); err != nil {
		t.Fatal(err)
	}
	s.Selected = "red-reaver"
	flat := s.Repairable()
	got := s.RepairChoices()
	n := 0
	for _, c := range got {
		n += c.Count
	}
	if n != len(flat) {
		t.Fatalf("the groups hold %d repairs, Repairable lists %d: %+v", n, len(flat), got)
	}
	want := map[string]string{"head": "head x2 (now major)", atii.RepairShield: "void shield x2 (2 of "}
	for _, c := range got {
		if w, ok := want[c.System]; ok && !strings.HasPrefix(c.Label, w) {
			t.Errorf("%s reads %q, want it to start %q", c.System, c.Label, w)
		}
		delete(want, c.System)
	}
	if len(want) != 0 {
		t.Errorf("missing groups %v in %+v", want, got)
	}
}

// ATII-REP-1 in the window: Enter rolls the repair dice first; the player
// then sees the allocations as grouped lines ("head x2, shield") and picks
// one with a number key. Before the fix the window asked for priorities
// before the roll.
func TestRallyAllocateAfterRoll(t *testing.T) {
	scn := load(t, "titan-duel")
	for seed := uint64(1); seed < 40; seed++ {
		rs, err := atiisys.NewRuleset(scn)
		if err != nil {
			t.Fatal(err)
		}
		st, err := atiisys.BuildState(scn, rs, seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := st.Unit("red-reaver").SetExt(atii.ExtTitan, atii.TitanState{Head: atii.Major, Legs: atii.Superficial, ShieldsDown: 3}); err != nil {
			t.Fatal(err)
		}
		e, err := rules.New(rs, st, rules.Config{})
		if err != nil {
			t.Fatal(err)
		}
		g := &game.Game{Scenario: scn, Ruleset: rs, Engine: e}
		for i := 0; g.State().Step != atii.StepRally; i++ {
			p := g.State().Pending
			if i > 60 || p == nil {
				t.Fatalf("never reached the rally: %+v", p)
			}
			var cmd rules.Command
			for _, c := range g.Engine.Legal(p.Side) {
				if c.Name != atii.CmdMove && c.Name != atii.CmdFire {
					cmd = c.Cmd
					break
				}
			}
			if _, err := g.Submit(cmd); err != nil {
				t.Fatal(err)
			}
		}
		s := newUI(g, map[string]string{"red": play.Human, "blue": play.Human})
		if s.Decider() != "red" {
			continue
		}
		s.Selected = "red-reaver"
		s.Commit() // Enter: roll
		if !s.Allocating() {
			continue // all or nothing repaired: no choice to make
		}
		ac := s.AllocationChoices()
		if len(ac) < 2 {
			t.Fatalf("seed %d: want several allocations, got %+v", seed, ac)
		}
		grouped := false
		for _, c := range ac {
			if strings.Contains(c.Text, " x2") || strings.Contains(c.Text, " x3") {
				grouped = true
			}
		}
		if !grouped {
			t.Errorf("seed %d: the allocations should read grouped: %+v", seed, ac)
		}
		if !strings.Contains(hudText(s), s.named(ac[1].Text)) {
			t.Errorf("seed %d: the HUD does not list %q", seed, s.named(ac[1].Text))
		}
		want := ac[1].Cmd.(*atii.AllocateCmd).Systems
		s.PickWeapon(1) // number key 2
		if s.Allocating() {
			t.Fatalf("seed %d: the pick was not taken: %s", seed, s.Msg)
		}
		ev := s.State().Log[len(s.State().Log)-1]
		for _, e := range s.State().Log {
			if e.Data["repaired"] != "" {
				ev = e
			}
		}
		if ev.Data["repaired"] != strings.Join(want, ",") {
			t.Errorf("seed %d: repaired %q, picked %v", seed, ev.Data["repaired"], want)
		}
		return
	}
	t.Fatal("no seed left a choice to make")
}

// A press on the open table while the titan may move adds the path point
// where the button goes up: a click puts it where it was pressed, a drag
// (a press seen late, off the titan) where it was released; a press seen
// again while dragging does not restart the drag.
func TestPressOffTheTitanPlacesThePointOnRelease(t *testing.T) {
	s := newSession(t, load(t, "titan-duel"), 7, hotseat)
	toRedMove(t, s)
	u := *s.State().Unit(s.Selected)
	a := u.Pos.Add(world.Heading(u.Facing).Scale(6))
	b := u.Pos.Add(world.Heading(u.Facing).Scale(12))
	s.PressTable(a, "")
	if !s.Dragging() || len(s.Draft) != 0 {
		t.Fatalf("a press off the titan should wait for the release: dragging %v draft %v", s.Dragging(), s.Draft)
	}
	s.DragTo(a.Add(b).Scale(0.5))
	s.PressTable(a.Add(b).Scale(0.5), "") // the same press seen again
	s.DragTo(b)
	s.ReleaseTable(b)
	if len(s.Draft) != 1 || s.Draft[0].Sub(b).Len() > 0.01 {
		t.Fatalf("the point should go where the button went up (%v): %v", b, s.Draft)
	}
	s.PressTable(a, "")
	s.ReleaseTable(a)
	if len(s.Draft) != 2 || s.Draft[1].Sub(a).Len() > 0.01 {
		t.Fatalf("a click adds the point where it was pressed (%v): %v", a, s.Draft)
	}
}
