package e2e

import (
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/auspex/auspex/render/app"
)

// TestChargeByClickingTheEnemy is an ATII charge made the way a person
// makes it (ATII-CC-1): in the assault phase, with red's titan selected,
// a click on the enemy titan's base draws the charge, ending in base
// contact, never inside the enemy; the preview says it charges and what
// the path costs; Enter plays it; the close combat that follows is
// fought (ATII-CC-2). In the next turn's assault the two still touch, and
// a click on the enemy, which put a path point inside it ("path 5.0 cm,
// costs 0.0", refused as overlapping) when a person tried it, now draws
// nothing and says the titans are in close combat; red holds and they
// fight again. The outcome is read back from the saved game with
// `auspex replay --json`. The duel test drags from the titan onto the
// enemy instead, and never acts in an assault with the titans touching.
func TestChargeByClickingTheEnemy(t *testing.T) {
	path, err := filepath.Abs(filepath.Join("testdata", "atii-charge.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	w := Start(t, path, "--control", "red=human,blue=human", "--seed", "3")
	charged, engaged := false, false
	for i := 0; i < 120; i++ {
		d := w.settle()
		if d.Play.Over {
			break
		}
		p := d.Play
		switch {
		case p.Mode == "handover":
			w.continueHandover()
		case p.Mode == "dice":
			w.Failf("the game asks for manual dice, but none were asked for")
		case p.Pending == "initiative":
			w.mustPlay("choosing the order (1)", func() { w.Key("1") })
		case p.Step == "assault" && p.Decider == "red" && !charged:
			chargeByClick(w, d, "")
			charged = true
		case p.Step == "assault" && p.Decider == "red" && p.Turn == 2 && !engaged:
			clickEngaged(w, d)
			engaged = true
		case (p.Step == "movement" || p.Step == "assault") && len(p.Playable) > 0:
			w.hold("holding " + firstOf(p.Playable) + " in the " + p.Step)
		default:
			w.endStep("ending the " + p.Step + " step")
		}
	}
	if !charged || !engaged {
		w.Failf("red did not reach both assaults (charged %v, clicked the enemy in contact %v)", charged, engaged)
	}
	final := filepath.Join(w.Dir(), "final.json")
	w.Save(final)
	o := Replay(t, final)
	if !o.HasText("charges into close combat") {
		t.Error("the saved game has no charge into close combat (ATII-CC-1)")
	}
	cc := 0
	for _, e := range o.Log {
		if e.Step == "close-combat" && e.Kind == "roll" {
			cc++
		}
	}
	if cc == 0 {
		t.Error("the charge led to no close combat dice in the saved game (ATII-CC-2)")
	}
	fought := map[int]bool{}
	for _, e := range o.Log {
		if e.Step == "close-combat" && e.Kind == "roll" {
			fought[e.Turn] = true
		}
	}
	if !fought[1] || !fought[2] {
		t.Errorf("close combat dice in turns %v, want turns 1 and 2 (the titans stay in contact)", fought)
	}
}

// clickEngaged clicks the enemy titan red's titan already touches: the
// window must draw no path into it and say why, and H holds the titan.
func clickEngaged(w *Win, d *app.DebugDump) {
	w.t.Helper()
	me, foe := actors(w, d, "assault")
	if gap := dist(me, foe) - 5; gap > 0.01 {
		w.Failf("turn 2: %s and %s should still touch after the close combat (gap %.2f cm)", me.ID, foe.ID, gap)
	}
	w.Click(int(math.Round(foe.WX+3)), int(math.Round(foe.WY+2)))
	d = w.Wait("the answer to the click on "+foe.ID, func(d *app.DebugDump) bool {
		return d.Play != nil && (len(d.Play.Draft) > 0 || d.Play.MsgErr)
	})
	if len(d.Play.Draft) > 0 {
		w.Failf("the click on %s, already in contact, drew %v (%q): a point inside the enemy", describe(foe), d.Play.Draft, texts(d, "hud"))
	}
	if !strings.Contains(d.Play.Msg, "already in base contact with "+foe.Name) {
		w.Failf("the click on %s, already in contact, says %q", describe(foe), d.Play.Msg)
	}
	w.hold("holding " + me.ID + " in close combat")
}

// chargeByClick clicks the centre of the enemy titan with red's titan
// selected, checks the drawn path ends in base contact (Reaver bases are
// 5 cm across: centres 5 cm apart) with a preview that charges at a real
// cost, and plays it with Enter. shot names the documentation screenshot
// of the drawn charge ("" for none).
func chargeByClick(w *Win, d *app.DebugDump, shot string) {
	w.t.Helper()
	me, foe := actors(w, d, "assault")
	if d.Selected != me.ID {
		w.Failf("the assault step selects %q, not %s", d.Selected, me.ID)
	}
	w.Click(int(math.Round(foe.WX)), int(math.Round(foe.WY)))
	d = w.Wait("the charge drawn by the click on "+foe.ID, func(d *app.DebugDump) bool {
		return d.Play != nil && (len(d.Play.Draft) > 0 || d.Play.MsgErr)
	})
	if len(d.Play.Draft) != 1 {
		w.Failf("the click on %s drew %v (%q), want one leg", describe(foe), d.Play.Draft, d.Play.Msg)
	}
	end := d.Play.Draft[0]
	if gap := math.Hypot(end.X-foe.X, end.Y-foe.Y) - 5; math.Abs(gap) > 0.01 {
		w.Failf("the click on %s put the path's end at %.2f,%.2f, %.2f cm from base contact (negative: inside the enemy)", describe(foe), end.X, end.Y, gap)
	}
	hud := texts(d, "")
	if !strings.Contains(hud, "charges "+foe.Name) {
		w.Failf("the preview does not say it charges %s: %s", foe.Name, hud)
	}
	if strings.Contains(hud, "costs 0.0") {
		w.Failf("the preview prices a path that moves at 0: %s", hud)
	}
	if shot != "" {
		w.DocShot(shot)
	}
	d, ok := w.played("charging "+foe.ID+" (Enter)", func() { w.Key("Return") })
	if !ok {
		w.Failf("the charge of %s into %s was refused: %q", me.ID, foe.ID, d.Play.Msg)
	}
}
