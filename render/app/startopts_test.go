package app_test

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/auspex/auspex/assets"
	"github.com/auspex/auspex/game"
	"github.com/auspex/auspex/render/app"
	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/systems/atiisys"
	"github.com/auspex/auspex/systems/atiiui"
	"github.com/auspex/auspex/systems/e40ksys"
	"github.com/auspex/auspex/systems/e40kui"
)

// bothSystems is a window that plays ATII and E40K, on the start screen
// with scenario pre selected, at w x h.
func bothSystems(t *testing.T, pre string, w, h int) *harness {
	t.Helper()
	cat, err := assets.LoadCatalogue(testReaders())
	if err != nil {
		t.Fatal(err)
	}
	sys, err := game.NewSystems(atiisys.New(), e40ksys.New())
	if err != nil {
		t.Fatal(err)
	}
	uis, err := play.NewAdapters(atiiui.New(), e40kui.New())
	if err != nil {
		t.Fatal(err)
	}
	hr := newHarness(t, app.Options{Start: &app.StartOptions{Catalogue: cat, Seed: 7, Preselect: pre}, Systems: sys, UIs: uis, AutosavePath: t.TempDir() + "/auto.json"})
	hr.a.SetSize(w, h, 1)
	hr.flush()
	return hr
}

// inside reports whether r lies in a w x h window.
func inside(r scene.Rect, w, h int) bool {
	return r.Min.X >= 0 && r.Min.Y >= 0 && r.Max.X <= float64(w) && r.Max.Y <= float64(h)
}

// Play-through: at 1024x700 the E40K start screen drew about 19 of its
// rules options, the rest below the window with no way to scroll, while
// Left / Right moved the cursor onto options not drawn ("war engine titan
// cc any"); the labels were ids made into words ("fp rows floor") and
// "Alternative readings" was headed twice. Now Left / Right visit every
// option and each is drawn, inside the window, when the cursor is on it;
// each group is headed once; no label is an id.
func TestStartScreenReachesEveryE40KOption(t *testing.T) {
	const w, hgt = 1024, 700
	h := bothSystems(t, "e40k-remastered", w, hgt)
	want := e40kui.New().Options()
	rows, heads, cur := h.a.StartOptionRows()
	if len(rows) != len(want) || len(rows) < 30 {
		t.Fatalf("%d options listed, the E40K UI has %d", len(rows), len(want))
	}
	shown := 0
	for _, r := range rows {
		if r.Shown {
			shown++
		}
	}
	if shown == len(rows) {
		t.Fatalf("all %d options fit at %dx%d: the test no longer checks scrolling", shown, w, hgt)
	}
	groups := map[string]bool{}
	for _, op := range want {
		groups[op.Group] = true
	}
	seen := map[string]int{}
	for _, g := range heads {
		seen[g]++
	}
	for g, n := range seen {
		if n != 1 {
			t.Errorf("heading %q drawn %d times", g, n)
		}
	}
	visited := map[string]bool{}
	headsSeen := map[string]bool{}
	for step := 0; step < len(rows); step++ {
		rows, heads, cur = h.a.StartOptionRows()
		for _, g := range heads {
			headsSeen[g] = true
		}
		var at *app.OptionRow
		for i := range rows {
			if rows[i].ID == cur {
				at = &rows[i]
			}
			if r := rows[i]; r.Shown {
				if !inside(r.R, w, hgt) {
					t.Errorf("option %s drawn at %v, outside the %dx%d window", r.ID, r.R, w, hgt)
				}
				if strings.Contains(r.Label, "/") || strings.Contains(r.Label, "fp rows") {
					t.Errorf("option %s is labelled by its id: %q", r.ID, r.Label)
				}
			}
		}
		if at == nil || !at.Shown {
			t.Fatalf("step %d: the cursor is on %s, which is not drawn", step, cur)
		}
		if !strings.HasPrefix(at.Label, "> ") {
			t.Errorf("the cursor's option is drawn without its marker: %q", at.Label)
		}
		visited[cur] = true
		h.in.Key(ebiten.KeyArrowRight)
		h.flush()
	}
	if len(visited) != len(want) {
		t.Errorf("Right visited %d of %d options", len(visited), len(want))
	}
	for g := range groups {
		if !headsSeen[g] {
			t.Errorf("the group %q was never headed", g)
		}
	}
	// Right from the last option goes back to the first, drawn; Left
	// from there to the last, drawn.
	rows, _, cur = h.a.StartOptionRows()
	if cur != rows[0].ID || !rows[0].Shown {
		t.Fatalf("back at the first option: cursor %s, %s shown %v", cur, rows[0].ID, rows[0].Shown)
	}
	h.in.Key(ebiten.KeyArrowLeft)
	h.flush()
	rows, _, cur = h.a.StartOptionRows()
	if last := rows[len(rows)-1]; cur != last.ID || !last.Shown || !inside(last.R, w, hgt) {
		t.Errorf("Left from the first option: cursor %s, the last option %s shown %v at %v", cur, last.ID, last.Shown, last.R)
	}
}

// The wheel scrolls the options list: down to its end (the last option
// drawn, inside the window) and back to its top.
func TestStartScreenWheelScrollsOptions(t *testing.T) {
	const w, hgt = 1024, 700
	h := bothSystems(t, "e40k-remastered", w, hgt)
	rows, _, _ := h.a.StartOptionRows()
	if !rows[0].Shown || rows[len(rows)-1].Shown {
		t.Fatalf("at first the list should show its top, not its end: first %v last %v", rows[0].Shown, rows[len(rows)-1].Shown)
	}
	x, y := int(rows[0].R.Min.X)+20, int(rows[0].R.Min.Y)+10
	for i := 0; i < 30; i++ {
		h.in.Push(app.Step{X: x, Y: y, WheelY: -1})
	}
	h.flush()
	rows, heads, _ := h.a.StartOptionRows()
	last := rows[len(rows)-1]
	if !last.Shown || !inside(last.R, w, hgt) || rows[0].Shown {
		t.Errorf("scrolled to the end: last option shown %v at %v, first shown %v", last.Shown, last.R, rows[0].Shown)
	}
	for _, g := range heads {
		if g == "Optional rules" {
			t.Errorf("scrolled to the end, the first group's heading is still drawn: %q", heads)
		}
	}
	for i := 0; i < 30; i++ {
		h.in.Push(app.Step{X: x, Y: y, WheelY: 1})
	}
	h.flush()
	if rows, _, _ = h.a.StartOptionRows(); !rows[0].Shown {
		t.Error("scrolled back up, the first option is not drawn")
	}
}

// A click on a drawn option toggles it (and puts the cursor on it) after
// the list was scrolled.
func TestStartScreenClickToggleAfterScroll(t *testing.T) {
	h := bothSystems(t, "e40k-remastered", 1024, 700)
	rows, _, _ := h.a.StartOptionRows()
	x, y := int(rows[0].R.Min.X)+20, int(rows[0].R.Min.Y)+10
	for i := 0; i < 30; i++ {
		h.in.Push(app.Step{X: x, Y: y, WheelY: -1})
	}
	h.flush()
	rows, _, _ = h.a.StartOptionRows()
	last := rows[len(rows)-1]
	if !strings.HasPrefix(last.Label, "[ ] ") {
		t.Fatalf("the last option should start off: %q", last.Label)
	}
	h.in.Click(int(last.R.Min.X)+30, int(last.R.Min.Y)+12)
	h.flush()
	rows, _, cur := h.a.StartOptionRows()
	if l := rows[len(rows)-1]; !strings.HasPrefix(l.Label, "> [x] ") || cur != l.ID {
		t.Errorf("after a click the last option is %q, cursor %s", l.Label, cur)
	}
}

// F1 in a game draws the keys of the system played: E40K's orders in an
// E40K game, never ATII's aim; ATII's aim in an ATII game. At 1024x700
// the long E40K list goes in two columns, every line inside the window
// and its text at least 9 px high.
func TestHelpOverlayListsTheSystemsKeys(t *testing.T) {
	const w, hgt = 1024, 700
	for _, c := range []struct {
		scenario, want, not string
	}{
		{"e40k-remastered", "march orders", "aim high or low"},
		{"titan-duel", "aim high or low", "march orders"},
	} {
		h := bothSystems(t, c.scenario, w, hgt)
		h.in.Key(ebiten.KeyEnter)
		h.flush()
		if h.a.Play() == nil {
			t.Fatalf("%s: Enter should start the game: %s", c.scenario, h.a.StartError())
		}
		h.in.Key(ebiten.KeyF1)
		h.flush()
		prims := h.a.HUDPrims()
		start := -1
		for i, p := range prims {
			if p.Kind == scene.Text && p.Text == "Auspex keys (F1, ? or Esc closes)" {
				start = i
			}
		}
		if start < 0 {
			t.Fatalf("%s: no help overlay drawn", c.scenario)
		}
		var texts []string
		for _, p := range prims[start:] {
			if p.Kind != scene.Text {
				continue
			}
			texts = append(texts, p.Text)
			if p.Size < 9 {
				t.Errorf("%s: help text %q drawn %.1f px high", c.scenario, p.Text, p.Size)
			}
			if x1 := p.C.X + h.a.MeasureText(p.Text, p.Size, p.Bold); p.C.X < 0 || x1 > w || p.C.Y < 0 || p.C.Y > hgt {
				t.Errorf("%s: help text %q at %.0f..%.0f, %.0f leaves the window", c.scenario, p.Text, p.C.X, x1, p.C.Y)
			}
		}
		all := strings.Join(texts, "\n")
		if !strings.Contains(all, c.want) || strings.Contains(all, c.not) {
			t.Errorf("%s: the help should list %q and not %q:\n%s", c.scenario, c.want, c.not, all)
		}
	}
}
