package app_test

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/app"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/render/raster"
	"github.com/auspex/auspex/rules/atii"
	"github.com/auspex/auspex/systems/atiiui"
	"github.com/auspex/auspex/world"
)

// shot writes the window to AUSPEX_PLAY_SHOTS/name.png when that
// directory is set (to look at each phase, and for docs/how-to-play.md).
func (h *harness) shot(name string) {
	dir := os.Getenv("AUSPEX_PLAY_SHOTS")
	if dir == "" {
		return
	}
	b := h.dst.Bounds()
	img := image.NewRGBA(b)
	h.dst.ReadPixels(img.Pix)
	f, err := os.Create(filepath.Join(dir, name+".png"))
	if err != nil {
		h.t.Fatal(err)
	}
	defer f.Close()
	if err := raster.WritePNG(f, img); err != nil {
		h.t.Fatal(err)
	}
}

// End to end in the real ebiten loop: the start screen opens with the
// default scenario selected, Enter starts the titan duel (blue played by
// the scenario's scripted opponent), and one whole turn is played through clicks
// and keys: initiative, a drawn move (ATII-MOV), declared fire
// (ATII-SHT-2), the assault step, the rally, until turn 2 begins.
func TestPlayATurnThroughTheWindow(t *testing.T) {
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	auto := filepath.Join(t.TempDir(), "autosave.json")
	h := newHarness(t, app.Options{Start: &app.StartOptions{Catalogue: cat, Seed: 42}, AutosavePath: auto})
	if !h.a.StartShown() {
		t.Fatal("the start screen should open")
	}
	h.shot("play-start")
	h.in.Key(ebiten.KeyEnter)
	h.flush()
	s := h.a.Play()
	if s == nil || h.a.StartShown() {
		t.Fatal("Enter should start the preselected game")
	}
	if s.G.Scenario.Name == "" || s.Kinds["blue"] != game.KindScript || s.Kinds["red"] != play.Human {
		t.Fatalf("controllers %v", s.Kinds)
	}
	h.in.Key(ebiten.KeyHome)
	h.flush()
	moved, fired := false, false
	var moveTo world.Vec
	var mover string
	seen := map[string]bool{}
	turn, repaired, trayShot := 0, "", false
	// Play on until red's rally offers a repair choice (or turn 5).
	for i := 0; i < 900 && (s.State().Turn < 2 || repaired == "" && s.State().Turn < 5) && !s.State().Over; i++ {
		st := s.State()
		if st.Turn != turn {
			turn = st.Turn
			moved, fired = false, false
		}
		if tr := s.Tray(); tr != nil && s.Mode() != play.ModeThinking {
			if !trayShot && tr.Steps[tr.At].Roll != nil && strings.HasPrefix(tr.Steps[tr.At].Roll.Purpose, "to hit") {
				h.shot("play-dice-tray")
				trayShot = true
			}
			h.in.Key(ebiten.KeySpace)
			h.flush()
			continue
		}
		if s.Mode() == play.ModeThinking {
			h.run(3)
			continue
		}
		step := st.Step
		if !seen[step] {
			seen[step] = true
			h.shot("play-" + step)
		}
		if atiiui.ChoosingOrder(st) {
			// The order of a phase, chosen again (ATII-MOV-1).
			step = atii.StepInitiative
		}
		switch step {
		case atii.StepInitiative:
			h.in.Key(ebiten.KeyF)
		case atii.StepMovement:
			if moved {
				h.in.Key(ebiten.KeyE)
				break
			}
			u := st.Unit(s.Selected)
			to := u.Pos.Add(world.Heading(u.Facing).Scale(8))
			x, y := h.at(to)
			h.in.Click(x, y)
			h.flush()
			moved = true
			if turn > 1 {
				if mp := atiiui.Of(s).PreviewMove(); mp == nil || mp.Err != nil {
					h.in.Key(ebiten.KeyH)
				} else {
					h.in.Key(ebiten.KeyEnter)
				}
				break
			}
			moveTo, mover = to, u.ID
			h.shot("play-move-preview")
			if mp := atiiui.Of(s).PreviewMove(); mp == nil || mp.Err != nil {
				t.Fatalf("an 8 cm move ahead should be legal: %+v", mp)
			}
			h.in.Key(ebiten.KeyEnter)
		case atii.StepShooting:
			if fired || st.Pending == nil || st.Pending.Kind != "fire" {
				h.in.Key(ebiten.KeyE)
				break
			}
			// Declare every weapon that may fire at the enemy, then fire.
			var enemy string
			for _, o := range st.Units {
				if o.Side != "red" {
					enemy = o.ID
				}
			}
			for k := range atiiui.Of(s).Weapons(s.Selected) {
				h.in.Key(ebiten.Key(int(ebiten.KeyDigit1) + k))
				x, y := h.at(st.Unit(enemy).Pos)
				h.in.Click(x, y)
			}
			h.flush()
			h.shot("play-fire-declared")
			if len(atiiui.Of(s).Shots) > 0 {
				h.in.Key(ebiten.KeyEnter)
			} else {
				h.in.Key(ebiten.KeyH)
			}
			fired = true
		default:
			// Assault: hold; rally: choose what to repair first (the
			// second system when there are two), then roll.
			if step == atii.StepRally {
				if rp := atiiui.Of(s).RepairChoices(); len(rp) > 0 && s.Playable(s.Selected) {
					k, want := ebiten.KeyDigit1, rp[0].System
					if len(rp) > 1 {
						k, want = ebiten.KeyDigit2, rp[1].System
					}
					h.in.Key(k)
					h.flush()
					if atiiui.Of(s).RepairFirst != want {
						t.Errorf("the repair choice key should put %s first, got %q", want, atiiui.Of(s).RepairFirst)
					}
					h.shot("play-rally")
					repaired = want
				}
				h.in.Key(ebiten.KeyEnter)
			} else {
				h.in.Key(ebiten.KeyE)
			}
		}
		h.flush()
	}
	st := s.State()
	if st.Turn < 2 {
		t.Fatalf("turn 1 did not end through the window: step %s, mode %v, msg %q", st.Step, s.Mode(), s.Msg)
	}
	if mover == "" {
		t.Fatal("no move was made")
	}
	// The move in turn 1 put the titan where it was clicked (the log's
	// moved event).
	found := false
	for _, e := range st.Log {
		if e.Kind == "moved" && e.Turn == 1 && len(e.Units) > 0 && e.Units[0] == mover && len(e.Path) > 0 {
			end := e.Path[len(e.Path)-1]
			found = end.Sub(moveTo).Len() < 0.3 // clicks land on whole pixels
		}
	}
	if !found {
		t.Errorf("%s did not move to the clicked point %v", mover, moveTo)
	}
	for _, want := range []string{atii.StepInitiative, atii.StepMovement, atii.StepShooting, atii.StepAssault} {
		if !seen[want] {
			t.Errorf("the %s step was never shown to the player", want)
		}
	}
	rolls := 0
	for _, e := range s.Log() {
		if e.Roll != nil {
			rolls++
		}
	}
	if rolls == 0 {
		t.Error("no roll in the dice log")
	}
	if _, err := os.Stat(auto); err != nil {
		t.Errorf("no autosave: %v", err)
	}
	h.shot("play-turn2")
	// The screenshot: the banner's gold title is on screen.
	gold := 0
	for x := 5; x < 300; x++ {
		c := h.pixel(x, 38+14)
		if c.R > 200 && c.G > 150 && c.B < 100 {
			gold++
		}
	}
	if gold == 0 {
		t.Error("the phase banner's title is not drawn")
	}
	if repaired != "" {
		// The last red repair roll fixed the chosen system first
		// (ATII-REP-1).
		last := ""
		for _, e := range st.Log {
			if e.Step == atii.StepRally && strings.HasPrefix(e.Text, "red") && strings.Contains(e.Text, "repair(s): ") {
				last = e.Text
			}
		}
		if last != "" {
			first := strings.TrimSpace(strings.Split(strings.SplitN(last, "repair(s): ", 2)[1], ",")[0])
			if first != repaired {
				t.Errorf("chose %s first, the rally repaired %q first (%s)", repaired, first, last)
			}
		}
	}
	fmt.Fprintln(os.Stderr, "play test: turn", st.Turn, "step", st.Step, "rolls", rolls, "repair choice", repaired, "tray shot", trayShot)
}
