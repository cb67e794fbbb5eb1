package atiiui

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/render/play"
	"github.com/auspex/auspex/render/scene"
	"github.com/auspex/auspex/world"
)

// small is the window the play-through found the side panel overflowing
// in: 1024x700 with the window's toolbar and status bar.
var small = play.Layout{W: 1024, H: 700, DSF: 1, Top: 38, Bottom: 24}

// textsIn are the HUD texts anchored inside r, top to bottom as drawn.
func textsIn(s *UI, l play.Layout, r scene.Rect) []scene.Prim {
	prims, _ := s.HUD(l)
	var out []scene.Prim
	for _, p := range prims {
		if p.Kind == scene.Text && r.Contains(p.C) {
			out = append(out, p)
		}
	}
	return out
}

func joined(ps []scene.Prim) string {
	var b strings.Builder
	for _, p := range ps {
		b.WriteString(p.Text)
		b.WriteByte('\n')
	}
	return b.String()
}

// The dice log scrolls with the wheel over it and keeps the entries the
// player scrolled to while new ones arrive; back at the bottom it follows
// the newest again. The wheel over the table is not the log's.
func TestDiceLogScrollsAndFollows(t *testing.T) {
	s := newSession(t, load(t, "titan-duel"), 3, map[string]string{"red": play.Human, "blue": play.Human})
	// Into turn 2 (a log longer than the strip) by holding everything.
	for i := 0; i < 200 && s.State().Turn < 2; i++ {
		if ChoosingOrder(s.State()) {
			s.ChooseOrder(true)
			continue
		}
		s.EndStep()
	}
	toShooting(t, s)
	s.TrayClose()
	l := small
	lr := l.LogRect()
	over := lr.Min.Add(world.Vec{X: 40, Y: 60})
	if s.WheelHUD(l, world.Vec{X: 200, Y: 300}, 1) {
		t.Fatal("the wheel over the table was taken by the HUD")
	}
	newest := joined(textsIn(s, l, lr))
	if !s.WheelHUD(l, over, 1) {
		t.Fatal("the wheel over the dice log was not taken by it")
	}
	back := s.LogBack()
	if back == 0 {
		t.Fatal("one notch over the log did not scroll it back")
	}
	older := joined(textsIn(s, l, lr))
	if older == newest || !strings.Contains(older, "newer below") {
		t.Fatalf("scrolled back, the strip shows:\n%s\nat the newest it showed:\n%s", older, newest)
	}
	// A command adds entries: the view stays where the player put it.
	n := len(s.Log())
	if s.Hold(); len(s.Log()) == n {
		t.Fatalf("holding fire logged nothing (%s)", s.Msg)
	}
	if got := s.LogBack(); got != back+len(s.Log())-n {
		t.Errorf("after %d new entries the log is %d back, want %d", len(s.Log())-n, got, back+len(s.Log())-n)
	}
	for i := 0; i < 100 && s.LogBack() > 0; i++ {
		s.WheelHUD(l, over, -1)
	}
	if s.LogBack() != 0 || strings.Contains(joined(textsIn(s, l, lr)), "newer below") {
		t.Fatalf("the wheel towards the player does not return to the newest (%d back)", s.LogBack())
	}
	// At the bottom new entries show as they come.
	n = len(s.Log())
	s.EndStep()
	s.TrayClose()
	if len(s.Log()) > n && s.LogBack() != 0 {
		t.Errorf("at the bottom the log does not follow new entries: %d back", s.LogBack())
	}
	// It never scrolls past its oldest entries.
	for i := 0; i < 500; i++ {
		s.WheelHUD(l, over, 1)
	}
	if b := s.LogBack(); b >= len(s.Log())-1 || b == 0 {
		t.Errorf("scrolled to the top the log is %d back of %d entries", b, len(s.Log()))
	}
}

// In a 1024x700 window the side panel of a titan choosing targets is
// taller than the panel: it says more is below, draws nothing under its
// bottom edge, and scrolls with the wheel over it to its last line.
func TestSidePanelScrollsInASmallWindow(t *testing.T) {
	s := newSession(t, load(t, "titan-duel"), 3, map[string]string{"red": play.Human, "blue": play.Human})
	toShooting(t, s)
	l := small
	pr := l.PanelRect()
	texts := textsIn(s, l, pr)
	_, most := s.PanelScroll()
	if most <= 0 {
		t.Fatalf("the shooting panel fits a 1024x700 window: nothing to test\n%s", joined(texts))
	}
	if !strings.Contains(joined(texts), "more below") {
		t.Errorf("the overflowing panel does not say more is below:\n%s", joined(texts))
	}
	for _, p := range texts {
		if p.C.Y+p.Size/2 > pr.Max.Y {
			t.Errorf("%q is drawn past the panel's bottom (%.0f > %.0f)", p.Text, p.C.Y+p.Size/2, pr.Max.Y)
		}
	}
	first := texts[0].Text
	seen := map[string]bool{}
	for _, p := range texts {
		seen[p.Text] = true
	}
	over := pr.Min.Add(world.Vec{X: 50, Y: 200})
	for i := 0; i < 100; i++ {
		if !s.WheelHUD(l, over, -1) {
			t.Fatal("the wheel over the side panel was not taken by it")
		}
	}
	if at, most := s.PanelScroll(); at != most {
		t.Errorf("scrolled to the end the panel is at %.0f of %.0f", at, most)
	}
	texts = textsIn(s, l, pr)
	fresh := 0
	for _, p := range texts {
		if !seen[p.Text] {
			fresh++
		}
	}
	if fresh < 3 || strings.Contains(joined(texts), first) || !strings.Contains(joined(texts), "end of the panel") {
		t.Errorf("scrolled to the end the panel shows %d lines it did not show first, or still its first line %q, or not its end:\n%s", fresh, first, joined(texts))
	}
	for _, p := range texts {
		if p.C.Y-p.Size/2 < pr.Min.Y {
			t.Errorf("%q is drawn above the panel's top", p.Text)
		}
	}
	// Clicks reach the choices drawn where they are scrolled to.
	_, btns := s.HUD(l)
	for _, b := range btns {
		if b.R.Min.X >= pr.Min.X && (b.R.Min.Y < pr.Min.Y || b.R.Max.Y > pr.Max.Y) {
			t.Errorf("the panel button %q reaches outside the panel: %v", b.Label, b.R)
		}
	}
	// In a window where it fits there is nothing to scroll.
	big := play.Layout{W: 1600, H: 1400, DSF: 1, Top: 38, Bottom: 24}
	s.HUD(big)
	if at, most := s.PanelScroll(); at != 0 || most != 0 {
		t.Errorf("in a tall window the panel is scrolled %.0f of %.0f", at, most)
	}
}
