package e2e

import (
	"strings"
	"testing"

	"github.com/auspex/auspex/render/app"
)

// TestBannerHintsInASmallWindow starts the bundled titan duel with both
// sides by hand in a 1024x700 window and answers the initiative with F.
// In the movement phase the banner's key hints wrap to two rows; the
// whole hint must be drawn, its end ("Enter moves; H holds; E holds the
// next in Man order.") included. Before the fix the banner kept its
// fixed height and cut its last row: a player at that size never saw
// which keys move or hold.
func TestBannerHintsInASmallWindow(t *testing.T) {
	w := StartSized(t, 1024, 700, "bundled:titan-duel", "--control", "red=human,blue=human", "--seed", "7")
	w.Wait("the initiative", func(d *app.DebugDump) bool {
		return d.Play != nil && d.Play.Mode == "turn" && strings.HasPrefix(d.Play.Step, "initiative")
	})
	w.Key("f")
	d := w.Wait("the movement phase", func(d *app.DebugDump) bool {
		return d.Play != nil && d.Play.Mode == "turn" && d.Play.Step == "movement"
	})
	var hud []string
	for _, tx := range d.Texts {
		if tx.Where == "hud" {
			hud = append(hud, tx.Text)
		}
	}
	all := strings.Join(strings.Fields(strings.Join(hud, " ")), " ")
	const hint = "Enter moves; H holds; E holds the next in Man order."
	if !strings.Contains(all, hint) {
		w.Failf("the banner's hint is cut at 1024x700: %q not in %q", hint, all)
	}
	w.DocShot("banner-1024x700")
}
