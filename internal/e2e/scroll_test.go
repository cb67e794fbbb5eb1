package e2e

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/app"
	"github.com/auspex/auspex/rules"
	"github.com/auspex/auspex/scenarios"
	"github.com/auspex/auspex/systems/atiisys"
)

// atiiTurnSave writes to path a save of the bundled titan duel played by
// the greedy computer on both sides into turn 3 (seed 4): a dice log
// far longer than its strip.
func atiiTurnSave(t *testing.T, path string) {
	t.Helper()
	atiiSaveAt(t, path, 4, "turn 3's movement", func(st *rules.State) bool { return st.Turn >= 3 && st.Step == "movement" })
}

// atiiSaveAt writes to path a save of the bundled titan duel played by the
// greedy computer on both sides (seed) at the first state where at holds.
func atiiSaveAt(t *testing.T, path string, seed uint64, what string, at func(*rules.State) bool) {
	t.Helper()
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	scn, err := scenarios.LoadBundled("titan-duel", cat)
	if err != nil {
		t.Fatal(err)
	}
	reg, err := game.NewSystems(atiisys.New())
	if err != nil {
		t.Fatal(err)
	}
	g, err := reg.New(scn, game.Config{Seed: seed, Catalogue: cat})
	if err != nil {
		t.Fatal(err)
	}
	ctrls := map[string]game.Controller{}
	for _, sd := range g.State().Sides {
		if ctrls[sd.ID], err = g.NewController(game.KindGreedy); err != nil {
			t.Fatal(err)
		}
	}
	for n := 0; n < 500 && !g.State().Over; n++ {
		if at(g.State()) {
			if err := g.SaveFile(path); err != nil {
				t.Fatal(err)
			}
			return
		}
		if _, err := g.Play(context.Background(), ctrls, 1, nil); err != nil {
			t.Fatalf("the greedy game: %v", err)
		}
	}
	t.Fatalf("the greedy duel never reached %s", what)
}

// wheel turns the mouse wheel n notches at window pixel (x, y): away from
// the player (X button 4) for n > 0, towards (button 5) for n < 0.
func (w *Win) wheel(x, y, n int) {
	w.t.Helper()
	button := "4"
	if n < 0 {
		button, n = "5", -n
	}
	args := []string{"mousemove", "--window", w.wid, strconv.Itoa(x), strconv.Itoa(y), "sleep", "0.06"}
	for i := 0; i < n; i++ {
		args = append(args, "click", button, "sleep", "0.05")
	}
	w.do(args...)
}

// logTexts are the HUD strings drawn in the dice log strip's rows (the
// play buttons labelled "log").
func logTexts(d *app.DebugDump) []string {
	var out []string
	for _, t := range d.Texts {
		if t.Where != "hud" {
			continue
		}
		for _, b := range d.Buttons {
			if b.Kind == "play" && b.Label == "log" && t.X >= b.X0 && t.X <= b.X1 && t.Y >= b.Y0 && t.Y <= b.Y1 {
				out = append(out, t.Text)
				break
			}
		}
	}
	return out
}

// TestWheelOverDiceLogScrollsIt continues a greedy duel saved in turn 3
// with both sides by hand, at 1024x700. The mouse wheel turned over the
// dice log strip scrolls the log back (older entries drawn, the header
// saying how many newer ones are below) and leaves the camera alone;
// turned back it returns to the newest entries; over the table it still
// zooms. Before the fix the wheel over the log zoomed the map.
func TestWheelOverDiceLogScrollsIt(t *testing.T) {
	dir := t.TempDir()
	save := filepath.Join(dir, "duel-t3.auspex-save")
	atiiTurnSave(t, save)
	w := StartSized(t, 1024, 700, save, "--control", "red=human,blue=human")
	d := w.settle()
	rows := w.Dump().Buttons
	var logRow *app.DumpButton
	for i := range rows {
		if rows[i].Kind == "play" && rows[i].Label == "log" {
			logRow = &rows[i]
			break
		}
	}
	if logRow == nil {
		w.Failf("no dice log rows on screen")
	}
	x, y := logRow.Center()
	before := logTexts(d)
	scale := d.Camera.Scale
	w.wheel(x, y, 3)
	d = w.Wait("the dice log scrolled back", func(d *app.DebugDump) bool { return d.Play != nil && d.Play.LogBack > 0 })
	w.DocShot("log-scrolled")
	if d.Camera.Scale != scale {
		w.Failf("the wheel over the dice log zoomed the map: scale %.3f, was %.3f", d.Camera.Scale, scale)
	}
	after := logTexts(d)
	if strings.Join(after, "\n") == strings.Join(before, "\n") {
		w.Failf("the log strip shows the same rows after scrolling back: %q", after)
	}
	if !d.Contains("newer below") {
		w.Failf("the scrolled log does not say newer entries are below")
	}
	w.wheel(x, y, -20)
	d = w.Wait("the dice log back at the newest", func(d *app.DebugDump) bool { return d.Play != nil && d.Play.LogBack == 0 })
	if got := logTexts(d); strings.Join(got, "\n") != strings.Join(before, "\n") {
		w.Failf("back at the newest, the strip shows %q, first %q", got, before)
	}
	// Over the table the wheel still zooms.
	tx, ty := At(d, 90, 60)
	w.wheel(tx, ty, 1)
	d = w.Wait("the wheel over the table to zoom", func(d *app.DebugDump) bool { return d.Camera.Scale != scale })
	if d.Play.LogBack != 0 {
		w.Failf("the wheel over the table scrolled the log (%d back)", d.Play.LogBack)
	}
}

// TestWheelOverSidePanelScrollsIt continues a greedy duel saved at red's
// fire in turn 2 with both sides by hand, in a window short enough
// (1024x560) that the shooting panel does not fit. The panel says more is
// below; the mouse wheel turned over it scrolls it to its end (the last
// weapon line shown, the sign saying so) and back, and leaves the camera
// alone. Before the fix the panel's bottom was cut off and the wheel over
// it zoomed the map.
func TestWheelOverSidePanelScrollsIt(t *testing.T) {
	dir := t.TempDir()
	save := filepath.Join(dir, "duel-fire.auspex-save")
	atiiSaveAt(t, save, 4, "red to fire in turn 2", func(st *rules.State) bool {
		return st.Turn >= 2 && st.Step == "shooting" && st.Pending != nil && st.Pending.Kind == "fire" && st.Pending.Side == "red"
	})
	w := StartSized(t, 1024, 560, save, "--control", "red=human,blue=human")
	d := w.settle()
	if d.Play.PanelMax <= 0 || !d.Contains("more below") {
		w.Failf("the shooting panel fits a 1024x560 window (scrollable by %.0f px): nothing to scroll", d.Play.PanelMax)
	}
	w.DocShot("panel-top-1024x560")
	last := "3. right-arm: Melta-cannon"
	if d.Contains(last) {
		w.Failf("the panel's last weapon line shows before scrolling")
	}
	scale := d.Camera.Scale
	x, y := d.Window.W-150, d.Window.H/2
	w.wheel(x, y, -12)
	d = w.Wait("the side panel scrolled to its end", func(d *app.DebugDump) bool {
		return d.Play != nil && d.Play.PanelScroll > 0 && d.Play.PanelScroll >= d.Play.PanelMax-0.5
	})
	w.DocShot("panel-end-1024x560")
	if d.Camera.Scale != scale {
		w.Failf("the wheel over the side panel zoomed the map: scale %.3f, was %.3f", d.Camera.Scale, scale)
	}
	if !d.Contains(last) || !d.Contains("end of the panel") {
		w.Failf("scrolled to its end the panel does not show %q and its end", last)
	}
	w.wheel(x, y, 12)
	w.Wait("the side panel back at its top", func(d *app.DebugDump) bool { return d.Play != nil && d.Play.PanelScroll == 0 })
}
