package e2e

import (
	"os"
	"testing"

	"github.com/auspex/auspex/render/app"
)

// TestE40KOrderMarkersInTheWindow gives every Space Marine detachment
// assault orders by key 1 in the built binary (the greedy Orks order
// theirs) and then reads the window: each detachment with an order shows
// its order's letter on the table beside it (E40K-ORD-1: the order die
// by the detachment), both sides', the Marines' as "A". The picture goes
// to AUSPEX_E2E_SHOTS as play-e40k-orders.png when that is set.
func TestE40KOrderMarkersInTheWindow(t *testing.T) {
	w := Start(t, "bundled:e40k-combined-arms", "--control", e40kHuman+"=human,"+e40kComputer+"=greedy", "--seed", e40kSeed)
	var d *app.DebugDump
	for i := 0; i < 20; i++ {
		d = w.settle()
		if d.Play.Pending != "orders" {
			break
		}
		w.mustPlay("assault orders (1)", func() { w.Key("1") })
	}
	d = w.settle()
	if d.Play.Pending == "orders" {
		w.Failf("still giving orders after 20 keys")
	}
	letters := map[string]int{}
	for _, tx := range d.Texts {
		if tx.Where == "table" && len(tx.Text) <= 2 {
			letters[tx.Text]++
		}
	}
	t.Logf("order letters on the table: %v", letters)
	if letters["A"] < 2 {
		w.Failf("the table shows %d assault order markers (want one by each Marine detachment at least): %v", letters["A"], letters)
	}
	if len(letters) == 0 {
		w.Failf("no order markers on the table")
	}
	if p := os.Getenv("AUSPEX_ORDERS_SHOT"); p != "" {
		src := w.Screenshot("orders")
		if b, err := os.ReadFile(src); err == nil {
			_ = os.WriteFile(p, b, 0o644)
		}
	}
	w.DocShot("play-e40k-orders")
}
