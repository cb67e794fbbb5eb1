package e40kui

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/render/adapt"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/rules/e40k"
	"github.com/auspex/auspex/world"
)

// Play-through: the aimed fire's odds label ("0.67 hits, 0.67 kills") sat
// by the target detachment's first stand, the Warboss at the back of the
// mob, while the fire falls on the stands nearest the shooters (hits go to
// the closest stands first, E40K-CMD-1 snap fire here). The label now
// sits by the stand the fire hits first.
func TestOddsLabelSitsByTheStandHitE40KCMD1(t *testing.T) {
	s := scenarioUI(t, "testdata/assault-e40k.yaml", 1)
	for i := 0; i < 200 && s.kind() != e40k.KindSnapFire && s.Mode() != play.ModeOver; i++ {
		driveHolding(t, s, lineOrders)
	}
	if s.kind() != e40k.KindSnapFire {
		t.Fatal("no snap fire window came up")
	}
	click(t, s, "picket-1")
	ms := s.members(s.targets()[0])
	click(t, s, ms[len(ms)-1].ID)
	want := s.oddsLabel(s.Target)
	if want == "" {
		t.Fatal("no odds label for the aimed fire")
	}
	hit := s.hitFirst(posOf(t, s, "picket-hq"), ms)
	if hit == ms[0] {
		t.Fatalf("the stand hit first is the mob's first stand %s: the test shows nothing", hit.ID)
	}
	in := adapt.Input(s.G.Scenario)
	in.Bases = s.Bases(in.Bases)
	sc := scene.Build(in, scene.View{Scale: 10})
	s.Decorate(sc)
	var at *world.Vec
	for _, l := range sc.Layers {
		for i := range l {
			if l[i].Kind == scene.Text && l[i].Text == want {
				at = &l[i].C
			}
		}
	}
	if at == nil {
		t.Fatalf("the odds label %q is not drawn", want)
	}
	// Nearer the stand hit than any other stand of the mob.
	dHit := at.Dist(hit.Pos)
	for _, u := range ms {
		if u != hit && at.Dist(u.Pos) < dHit {
			t.Errorf("the label %q at %v is nearer %s (%.1f cm) than the stand hit first, %s (%.1f cm)", want, *at, u.ID, at.Dist(u.Pos), hit.ID, dHit)
		}
	}
}

// Play-through: a rally-phase roll in the dice tray (the blast markers a
// detachment removes, E40K-RAL) was headed with the last volley or combat
// of the turn before the step changed. A roll after a step change is
// headed with its own step.
func TestTrayHeadsRallyRollsWithTheirStepE40K(t *testing.T) {
	s := newUI(t, 3)
	seen := 0
	for i := 0; i < 600 && s.Mode() != play.ModeOver && seen == 0; i++ {
		drive(t, s, e40k.OrderAssault)
		for _, st := range s.TraySteps(0) {
			if st.Roll != nil && strings.HasPrefix(st.Roll.Purpose, "remove blast markers") {
				seen++
				if want := s.StepName(e40k.StepRally); st.Head != want {
					t.Errorf("the rally roll %q is headed %q, want %q", st.Roll.Purpose, st.Head, want)
				}
			}
		}
	}
	if seen == 0 {
		t.Fatal("no detachment removed blast markers in the rally: pick another seed")
	}
}
