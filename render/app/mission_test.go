package app_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/render/app"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/systems/atiiai"
	"github.com/auspex/auspex/systems/atiiui"
	"github.com/auspex/auspex/world"
)

// hudText is every text the play HUD draws now.
func hudText(h *harness) string {
	prims, _ := h.a.Play().HUD(play.Layout{W: winW, H: winH, DSF: 1, Top: 38, Bottom: 24})
	var b strings.Builder
	for _, p := range prims {
		if p.Kind == scene.Text {
			b.WriteString(p.Text)
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// A hotseat game of the bundled mission through the window: the start
// screen starts titan-mission for two humans; each player's secret
// objective stays hidden until they press O, and a handover screen
// follows only when one was shown; titans are deployed by
// clicks inside the zones (a placement outside is refused with the reason,
// ] turns the facing); the first turn is played with clicks and keys (a
// move, fire with the dice tray, the rally's repair choice when a titan
// can repair); then both sides are handed to the computer and the game
// plays on to the debrief, which reveals both objectives.
func TestHotseatMissionThroughTheWindow(t *testing.T) {
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	auto := filepath.Join(t.TempDir(), "autosave.json")
	h := newHarness(t, app.Options{Start: &app.StartOptions{Catalogue: cat, Seed: 9, Preselect: "titan-mission"}, AutosavePath: auto})
	h.shot("play-start-mission")
	h.in.Key(ebiten.KeyEnter)
	h.flush()
	s := h.a.Play()
	if s == nil {
		t.Fatal("Enter should start the mission")
	}
	if s.Kinds["red"] != play.Human || s.Kinds["blue"] != play.Human || !s.HasSecrets() {
		t.Fatalf("a hotseat mission with secrets: kinds %v, secrets %v", s.Kinds, s.HasSecrets())
	}
	s.TrayDelay = 0 // the test walks the tray with Space
	h.in.Key(ebiten.KeyHome)
	h.flush()
	deployed := map[string]int{}
	refused, turned, handovers, trays, repairs, shots, reveals := false, false, 0, 0, 0, 0, 0
	seen := map[string]bool{}
	for i := 0; i < 300 && s.State().Turn < 2 && !s.State().Over; i++ {
		st := s.State()
		if s.Mode() == play.ModeHandover {
			handovers++
			txt := hudText(h)
			for sd, c := range cardsOf(s) {
				if strings.Contains(txt, c) {
					t.Fatalf("the handover screen shows %s's objective", sd)
				}
			}
			if handovers == 1 {
				h.shot("play-handover")
			}
			h.in.Key(ebiten.KeyEnter)
			h.flush()
			continue
		}
		if tr := s.Tray(); tr != nil {
			trays++
			if trays == 1 {
				h.shot("play-dice-tray")
			}
			h.in.Key(ebiten.KeySpace)
			h.flush()
			continue
		}
		if !seen[st.Step] {
			seen[st.Step] = true
			h.shot("play-mission-" + st.Step)
		}
		me := s.Decider()
		step := st.Step
		if atiiui.ChoosingOrder(st) {
			// The order of a phase, chosen again (ATII-MOV-1).
			step = atii.StepInitiative
		}
		switch step {
		case atii.StepDeploy:
			if !refused {
				// A spot outside the zone of the deployment map the
				// cards gave.
				x, y := h.at(deploySpot(t, s, me, false))
				h.in.Push(app.Step{X: x, Y: y})
				h.flush()
				h.in.Click(x, y)
				h.flush()
				h.shot("play-deploy-refused")
				if !s.MsgErr || !strings.Contains(s.Msg, "cannot deploy") {
					t.Fatalf("a placement outside the zone must be refused with the reason, got %q", s.Msg)
				}
				refused = true
				continue
			}
			if deployed[me] == 0 {
				// Each player reads their objective once (O); the
				// screen is then handed over when the decision passes.
				h.in.Key(ebiten.KeyO)
				h.flush()
				txt := hudText(h)
				for sd, c := range cardsOf(s) {
					if sd == me && !strings.Contains(txt, c) {
						t.Errorf("O should show %s its objective %q", me, c)
					}
					if sd != me && c != cardsOf(s)[me] && strings.Contains(txt, c) {
						t.Errorf("%s's objective %q is shown to %s", sd, c, me)
					}
				}
				if reveals++; reveals == 1 {
					h.shot("play-objective")
				}
			}
			p := deploySpot(t, s, me, true)
			x, y := h.at(p)
			h.in.Push(app.Step{X: x, Y: y})
			id := s.Selected
			if !turned {
				h.in.Key(ebiten.KeyBracketRight)
			}
			h.flush()
			if !turned {
				h.shot("play-deploy-preview")
			}
			h.in.Click(x, y)
			h.flush()
			if s.MsgErr {
				t.Fatalf("deploying %s at %v: %s", id, p, s.Msg)
			}
			if !turned {
				want := 225.0
				if me == "blue" {
					want = 45
				}
				if u := s.State().Unit(id); u == nil || u.Facing != want {
					t.Errorf("] before deploying should turn %s to %v, got %+v", id, want, u)
				}
				turned = true
			}
			deployed[me]++
		case atii.StepInitiative:
			h.in.Key(ebiten.KeyF)
		case atii.StepMovement:
			u := st.Unit(s.Selected)
			if u == nil || !s.Playable(u.ID) {
				h.in.Key(ebiten.KeyE)
				break
			}
			// Walk 10 cm towards the nearest enemy (so that there is
			// something to shoot at), turning on the first step.
			to := u.Pos.Add(world.Heading(u.Facing).Scale(10))
			if e := nearestEnemy(st, u); e != nil {
				to = u.Pos.Add(e.Pos.Sub(u.Pos).Scale(10 / e.Pos.Sub(u.Pos).Len()))
			}
			x, y := h.at(to)
			h.in.Click(x, y)
			h.flush()
			if mp := atiiui.Of(s).PreviewMove(); mp == nil || mp.Err != nil {
				h.in.Key(ebiten.KeyH)
			} else {
				h.in.Key(ebiten.KeyEnter)
			}
		case atii.StepShooting:
			if st.Pending == nil || st.Pending.Kind != "fire" {
				h.in.Key(ebiten.KeyE)
				break
			}
			declared := false
			for k, w := range atiiui.Of(s).Weapons(s.Selected) {
				if w.Usable != "" {
					continue
				}
				h.in.Key(ebiten.Key(int(ebiten.KeyDigit1) + k))
				h.flush()
				for _, ti := range atiiui.Of(s).Targets() {
					if ti.Reason == "" && !declared {
						// Click the target where it stands now: titans
						// deployed in play must be hit there (issue 8).
						x, y := h.at(st.Unit(ti.ID).Pos)
						h.in.Push(app.Step{X: x, Y: y})
						h.in.Click(x, y)
						h.flush()
						declared = len(atiiui.Of(s).Shots) > 0
						if !declared {
							t.Fatalf("%s may fire %s at %s but clicking it at %v declared nothing (%s)", s.Selected, w.Mount, ti.ID, st.Unit(ti.ID).Pos, s.Msg)
						}
					}
				}
			}
			if declared {
				shots++
				h.in.Key(ebiten.KeyEnter)
			} else {
				h.in.Key(ebiten.KeyH)
			}
		case atii.StepRally:
			if rp := atiiui.Of(s).RepairChoices(); len(rp) > 1 {
				h.in.Key(ebiten.KeyDigit2)
				h.flush()
				if atiiui.Of(s).RepairFirst != rp[1].System {
					t.Errorf("2 should put %s first, got %q", rp[1].System, atiiui.Of(s).RepairFirst)
				}
				h.shot("play-rally")
				repairs++
			}
			h.in.Key(ebiten.KeyEnter)
		default:
			h.in.Key(ebiten.KeyE)
		}
		h.flush()
	}
	if s.State().Turn < 2 {
		t.Fatalf("turn 1 did not end: step %s mode %v msg %q", s.State().Step, s.Mode(), s.Msg)
	}
	if shots == 0 {
		t.Error("no titan fired in turn 1: the shooting was not tested through the window")
	}
	if deployed["red"] != 2 || deployed["blue"] != 2 {
		t.Errorf("deployed %v, want two titans a side", deployed)
	}
	// A handover only after an objective was shown, not after every
	// activation.
	if handovers != reveals || reveals != 2 {
		t.Errorf("%d handover screens for %d objectives shown, want one each", handovers, reveals)
	}
	// Both sides to the computer: the game plays on to the end.
	s.TrayDelay = 0.02
	s.SetController("red", atiiai.Greedy{})
	s.SetController("blue", atiiai.Greedy{})
	for i := 0; i < 20000 && s.Mode() != play.ModeOver; i++ {
		h.run(1)
	}
	if s.Mode() != play.ModeOver {
		t.Fatalf("the game did not end: turn %d step %s", s.State().Turn, s.State().Step)
	}
	s.TrayClose()
	h.run(3)
	h.shot("play-end")
	txt := hudText(h)
	for _, want := range []string{"Result:", "Victory points", "Objectives revealed"} {
		if !strings.Contains(txt, want) {
			t.Errorf("the debrief lacks %q", want)
		}
	}
	for sd, c := range cardsOf(s) {
		if !strings.Contains(txt, c) {
			t.Errorf("the debrief does not reveal %s's objective %q", sd, c)
		}
	}
	fmt.Fprintf(os.Stderr, "mission test: %d handovers, %d dice trays, %d repair choices, %d titans fired in turn 1, result %+v\n", handovers, trays, repairs, shots, s.State().Result)
}

// cardsOf maps each side to its objective card's name.
func cardsOf(s *play.Session) map[string]string {
	var g atii.GameProgress
	out := map[string]string{}
	if ok, err := s.State().GetExt(atii.ExtGame, &g); err != nil || !ok {
		return out
	}
	for sd, c := range g.Cards {
		out[sd] = c.Name
	}
	return out
}

// nearestEnemy is the enemy titan on the table nearest to u (nil when none).
func nearestEnemy(st *rules.State, u *rules.Unit) *rules.Unit {
	var best *rules.Unit
	for i := range st.Units {
		o := &st.Units[i]
		if o.Side == u.Side || o.Destroyed || o.OffTable || !atiiui.OnTable(o) {
			continue
		}
		if best == nil || o.Pos.Sub(u.Pos).Len() < best.Pos.Sub(u.Pos).Len() {
			best = o
		}
	}
	return best
}

// deploySpot scans the table (4 cm grid, from the middle out) for a point
// where side's next titan may be deployed (ok) or is refused for lying
// outside its deployment zone (!ok); the zones are those of the mission's
// generated deployment map.
func deploySpot(t *testing.T, s *play.Session, side string, ok bool) world.Vec {
	t.Helper()
	p := s.State().Pending
	if p == nil || len(p.Units) == 0 {
		t.Fatal("no deployment decision")
	}
	tb := s.G.Ruleset.(*atii.Ruleset).World().Table
	for r := 0.0; r < tb.W; r += 4 {
		for y := 4.0; y < tb.H; y += 4 {
			for _, x := range []float64{tb.W/2 - r, tb.W/2 + r} {
				if x < 4 || x > tb.W-4 {
					continue
				}
				err := s.G.Engine.Check(s.G.Ruleset.(*atii.Ruleset).Deploy(side, p.Units[0], x, y, 0))
				if ok && err == nil || !ok && err != nil && strings.Contains(err.Error(), "deployment zone") {
					return world.Vec{X: x, Y: y}
				}
			}
		}
	}
	t.Fatalf("no spot for %s (accepted %v)", side, ok)
	return world.Vec{}
}
