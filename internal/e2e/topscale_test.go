package e2e

import (
	"strings"
	"testing"
	"unicode"

	"github.com/auspex/auspex/render/app"
)

// TestRefusalLeavesTheTopScaleReadable starts the bundled mission in a
// 1024x700 window, where the deployment banner wraps to four rows, and
// clicks outside red's zone: the refusal wraps to two rows under the
// banner. The table's top edge scale (its numbers) must stay below the
// message; the table is fitted below the banner as it lays out and two
// message rows. Before the fix the fit left room for a one-row banner and
// message, and the refusal covered the numbers (play-through).
func TestRefusalLeavesTheTopScaleReadable(t *testing.T) {
	w := StartSized(t, 1024, 700, "bundled:titan-mission", "--control", "red=human,blue=ai:1", "--seed", "2")
	d := w.Wait("red to deploy", func(d *app.DebugDump) bool {
		return d.Play != nil && d.Play.Mode == "turn" && d.Play.Pending == "deploy" && d.Play.Decider == "red"
	})
	x, y := d.Camera.ToWindow(75, 50)
	w.Click(int(x), int(y))
	d = w.Wait("the refusal", func(d *app.DebugDump) bool {
		return d.Play != nil && d.Play.MsgErr && strings.Contains(d.Play.Msg, "cannot deploy")
	})
	d = w.settle()
	// The message's rows are the HUD texts from its first words down to
	// the first row of the side panel's column (x beyond the banner).
	msgBottom, rows := 0.0, 0
	in := false
	for _, tx := range d.Texts {
		if tx.Where != "hud" {
			continue
		}
		if strings.HasPrefix(tx.Text, "cannot deploy") {
			in = true
		}
		if in {
			if tx.X > 100 {
				break
			}
			msgBottom = max(msgBottom, tx.Y)
			rows++
		}
	}
	if rows < 2 {
		w.Failf("precondition: the refusal should wrap to two rows at 1024x700, has %d", rows)
	}
	top := 1e9
	for _, tx := range d.Texts {
		if tx.Where == "table" && tx.Text != "" && strings.IndexFunc(tx.Text, func(r rune) bool { return !unicode.IsDigit(r) }) < 0 {
			top = min(top, tx.Y)
		}
	}
	// Centres of 12 px message rows and 10 px scale numbers: the message
	// row's lower half and box padding against the number's upper half.
	if msgBottom+8+4 > top-6 {
		w.Failf("the refusal's last row (centre y %.0f) covers the top edge scale's numbers (centre y %.0f)", msgBottom, top)
	}
}
